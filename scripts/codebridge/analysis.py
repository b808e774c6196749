"""Text analysis for search, one analyzer per language.

The Whoosh index (``index``) and the browser index (``searchdata``) are made
with the same analyzers, so that a word typed in the page and a word of the
law meet on the same stem. The chain, in this order:

    cut into words       patterns.SEARCH_TOKEN ("l’arbitre" stays one word)
    fold                 lower case, accents off, œ → oe, ’ → '
    split elisions       "l'arbitre" → "arbitre", "director's" → "director"
    drop stop words      folded Snowball lists ("de", "la", "the"…)
    stem                 Snowball, on the folded word

Folding comes before stemming on purpose: "penalisee" typed on a phone and
"pénalisée" in the text must reach the same stem, and the French Snowball
stemmer treats "é" and "e" differently. Folding first costs the stemmer a few
"-ée" endings, which ``_french_stem`` takes off after it.

The browser never stems: it receives every folded surface form of the corpus
with its stem (``surface_forms``), so it only folds and looks up.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Callable, Iterator

from whoosh.analysis import Filter, RegexTokenizer, StemFilter, StopFilter
from whoosh.lang import stemmer_for_language, stopwords_for_language

from .patterns import ELISION, POSSESSIVE, SEARCH_TOKEN

LANGS = ("fr", "en")

# Stop words that are words of bridge here: "as" is the ace in French; cards
# are played face "up" or "down", "after" or "before" a call in English.
_NOT_STOPPED = {
    "fr": {"as"},
    "en": {"up", "down", "over", "under", "off", "out", "after", "before", "no", "not"},
}

_FOLD = str.maketrans({"œ": "oe", "Œ": "oe", "æ": "ae", "Æ": "ae", "ß": "ss", "’": "'", "‘": "'"})


def fold(text: str) -> str:
    """Lower case, without accents; œ → oe and typographic apostrophes → '."""
    text = unicodedata.normalize("NFKD", text.translate(_FOLD).lower())
    return "".join(c for c in text if not unicodedata.combining(c))


@lru_cache(maxsize=None)
def stop_words(lang: str) -> frozenset[str]:
    """The folded stop words of a language (what the browser skips too)."""
    return frozenset(fold(w) for w in stopwords_for_language(lang)) - _NOT_STOPPED[lang]


_SNOWBALL = {lang: stemmer_for_language(lang) for lang in LANGS}

# Words of bridge that Snowball would merge with others: the declarer (the
# player) is not a declaration (a call), in either language.
_OWN_STEM = {
    "fr": {"declarant": "declarant", "declarants": "declarant"},
    "en": {"declarer": "declarer", "declarers": "declarer"},
}


@lru_cache(maxsize=None)
def french_stem(word: str) -> str:
    """Snowball's French stem of a folded word, then the unaccented "-ee",
    "-ees" (from "-ée", "-ées") that escape Snowball's "é" rules: the last
    "e" goes ("penalisee" → "penalis", as "pénalisée" gives), and "-ier" of
    "-iere" ("premiere" → "premi", as "premier" gives)."""
    if word in _OWN_STEM["fr"]:
        return _OWN_STEM["fr"][word]
    s = _SNOWBALL["fr"](word)
    if len(s) > 3 and s.endswith("e"):
        s = s[:-1]
    if len(s) > 4 and s.endswith("ier"):
        s = s[:-2]
    return s


@lru_cache(maxsize=None)
def english_stem(word: str) -> str:
    """Snowball's English stem of a folded word."""
    return _OWN_STEM["en"].get(word) or _SNOWBALL["en"](word)


# Module-level functions, so that Whoosh can pickle the schema.
STEMMERS: dict[str, Callable[[str], str]] = {"fr": french_stem, "en": english_stem}


class FoldFilter(Filter):
    """Folds each token (see ``fold``)."""

    def __call__(self, tokens):
        for t in tokens:
            t.text = fold(t.text)
            yield t


class ElisionFilter(Filter):
    """Takes the elided article off a French word ("l'arbitre" → "arbitre")
    and the possessive off an English one ("director's" → "director")."""

    def __init__(self, lang: str):
        self.lang = lang
        self.pattern = ELISION if lang == "fr" else POSSESSIVE

    def __eq__(self, other):
        return isinstance(other, ElisionFilter) and other.lang == self.lang

    def __call__(self, tokens):
        for t in tokens:
            t.text = self.pattern.sub("", t.text)
            yield t


@lru_cache(maxsize=None)
def analyzer(lang: str, stem: bool = True):
    """The Whoosh analyzer of a language; without ``stem``, it yields the
    folded surface forms that the browser looks up."""
    chain = (
        RegexTokenizer(SEARCH_TOKEN)
        | FoldFilter()
        | ElisionFilter(lang)
        | StopFilter(stoplist=stop_words(lang), minsize=2)
    )
    if stem:
        chain = chain | StemFilter(stemfn=STEMMERS[lang], cachesize=None)
    return chain


def stems(lang: str, text: str) -> list[str]:
    """The stems of a text, in order."""
    return [t.text for t in analyzer(lang)(text)]


def surface_forms(lang: str, text: str) -> Iterator[tuple[str, int, int]]:
    """Each searchable word of a text: (folded form, start, end) in ``text``."""
    for t in analyzer(lang, stem=False)(text, chars=True):
        yield t.text, t.startchar, t.endchar


def citation_key(query: str) -> str | None:
    """The citation key a query reduces to if it looks like a citation
    ("loi 64 b 7" → "64b7"), to compare with ``labels.search_key``."""
    from .patterns import CITATION_QUERY

    m = CITATION_QUERY.match(fold(query))
    if not m:
        return None
    law = "annexe" if m[1].startswith("annex") else m[1]
    return law + "".join(c for c in m[2] if c.isalnum())
