"""Text analysis for search, one analyzer per language.

The Whoosh index (``index``) and the browser index (``searchdata``) are made
with the same analyzers, so that a word typed in the page and a word of the
law meet on the same stem. The chain, in this order:

    cut into words       patterns.SEARCH_TOKEN ("l’arbitre" stays one word)
    mark abbreviations   a word written in capitals as in a glossary form
                         ("SA", "X", "XX", the "D" of "Adv. D"), before
                         folding hides the capitals
    read verbs           a form both a noun and a verb ("donne") as the
                         verb's infinitive where the accent ("donné") or
                         the word before ("il donne") says so
    fold                 lower case, accents off, œ → oe, ’ → '
    split elisions       "l'arbitre" → "arbitre", "director's" → "director"
    read numbers         "12e", "12ème" → "douzieme", "12th" → "twelfth",
                         "8" → "huit", "12" → "twelve"
    drop stop words      folded Snowball lists ("de", "la", "the"…) and
                         one-letter words, but never an abbreviation: "SA"
                         is sans-atout where "sa" is a possessive
    stem                 Snowball, on the folded word

Folding comes before stemming on purpose: "penalisee" typed on a phone and
"pénalisée" in the text must reach the same stem, and the French Snowball
stemmer treats "é" and "e" differently. Folding first costs the stemmer a few
"-ée" endings, which ``_french_stem`` takes off after it.

The browser never stems: it receives every folded surface form of the corpus
with its stem (``surface_forms``), so it only folds and looks up.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable, Iterable, Iterator

from whoosh.analysis import Filter, RegexTokenizer
from whoosh.lang import stemmer_for_language, stopwords_for_language

from . import labels
from .labels import fold  # one folding: the anchors', the sorting's and search's
from .strings import LANGS
from .patterns import CITATION_AMID, CITATION_QUERY, ELISION, LABEL_AMID, LAW_RANGE_QUERY, NOT_INDEXED, NOTE_QUERY, POSSESSIVE, SEARCH_TOKEN


# Stop words that are words of bridge here: "as" is the ace in French; cards
# are played face "up" or "down", "after" or "before" a call in English.
# Others say the fact that tells two situations apart: « pas » as "not"
# does (a card « pas » in dummy, « pas » named: spoken French drops the
# « ne »), "both" and "only" (both cards visible or only one: 58B2, 58B1),
# "own" (one's own system card or the opponents': 40B2(b), 40B2(c)).
_NOT_STOPPED = {
    "fr": {"as", "pas"},
    "en": {"up", "down", "over", "under", "off", "out", "after", "before", "no", "not", "both", "only", "own"},
}

# Function words that Snowball's French list lacks and its English list has
# the like of ("les" as "the", "quand" as "when", "cette" as "this", "tout"
# as "all"): typed in a question ("quand une carte est-elle jouée"), they
# would count as words matched. "avant", "après", "sans", "hors", "plus"
# stay: they say what a law is about ("hors tour", "sans-atout").
_MORE_STOPPED = {
    "fr": {
        "les", "ils", "elles", "cette", "cet", "ceci", "cela", "ça", "celui", "celle", "ceux", "celles",
        "si", "quand", "lorsque", "dont", "ni", "car", "donc", "alors", "ainsi", "aussi", "comme", "puis",
        "leurs", "quel", "quelle", "quels", "quelles", "lequel", "laquelle", "lesquels", "lesquelles",
        "auquel", "auxquels", "auxquelles", "duquel", "desquels", "desquelles",
        "tout", "tous", "toute", "toutes", "chaque", "très",
        # everyday speech around a question: « que faire si… », « peut-on… »,
        # « il faut », « doit-il » (the laws' own "doit" and "peut" do not
        # say what a provision is about either)
        "faire", "fait", "faut", "peut", "peuvent", "doit", "doivent", "comment",
        # the indefinite pronouns of a story told at the table (« personne
        # n'a demandé », « quelqu'un a dit »): no provision is about them
        "personne", "quelqu'un", "rien",
        # what is left of « ci-dessus », « ci-dessous », « par-dessus »:
        # a law's pointer to its neighbour is no word of a situation
        "dessus", "dessous",
    },
    "en": {
        "happen", "happens", "happened", "someone", "somebody", "nobody", "anybody", "anyone", "everyone",
        "something", "nothing",
        # a pronoun and its verb in one word ("I'm on lead", "we've a trick"):
        # Snowball's list has "i", "am", "we", "have", not these ("it's",
        # "he's" lose their "'s" as "director's" does)
        "i'm", "i've", "i'd", "i'll", "you're", "you've", "you'd", "you'll", "we're", "we've", "we'd", "we'll",
        "they're", "they've", "they'd", "they'll", "he'd", "he'll", "she'd", "she'll", "it'll",
    },
}

# The negative contractions of everyday English, read as the "not" they
# hold ("a card that isn't in dummy" is "… is not in dummy": a revoke's
# "not", a call "not" in dummy, are what a provision is about).
_CONTRACTIONS = {
    "en": dict.fromkeys((
        "don't", "doesn't", "didn't", "isn't", "wasn't", "aren't", "weren't", "hasn't", "haven't",
        "hadn't", "can't", "cannot", "couldn't", "won't", "wouldn't", "shouldn't", "mustn't",
    ), "not"),
    "fr": {},
}

# The words that say "not" in other words, read as it: "a card declarer
# never called" says what 45D1's "a card declarer did not name" does, "a
# rank without the suit" what "a rank but not the suit" does; « jamais »
# what « pas » does.
_NOT = {"en": {"never": "not", "without": "not"}, "fr": {"jamais": "pas"}}

# The table's shorthand for its players and their system card, read as the
# word it stands for: a director typing on a phone writes "decl", "pard",
# « adv », « feuille de conv » (the glossary keeps the capitals' ones: "LHO",
# "TD", « ADG »).
_SHORTHAND = {
    "en": {"decl": "declarer", "pard": "partner", "opp": "opponent", "opps": "opponents", "def": "defender", "defs": "defenders", "conv": "convention"},
    "fr": {"decl": "declarant", "adv": "adversaire", "advs": "adversaires", "pard": "partenaire", "def": "defense", "conv": "convention"},
}

# Stems of one family that Snowball leaves apart, read as one: a side
# concedes what its concession gives (« concédé », « concession »), an
# explanation explains, a claimer « revendique » his « revendication ».
_SAME_STEM = {
    "fr": {"conced": "concess", "revendiqu": "revend"},
    "en": {"conced": "concess", "disclosur": "disclos", "explan": "explain", "omiss": "omit", "decept": "deceiv"},
}

@lru_cache(maxsize=None)
def stop_words(lang: str) -> frozenset[str]:
    """The folded stop words of a language (what the browser skips too)."""
    return frozenset(fold(w) for w in set(stopwords_for_language(lang)) | _MORE_STOPPED[lang]) - _NOT_STOPPED[lang]


_SNOWBALL = {lang: stemmer_for_language(lang) for lang in LANGS}

# Words of bridge that Snowball would merge with others: the declarer (the
# player) is not a declaration (a call), in either language; the French
# « déclarant » typed on the English site is the declarer.
_OWN_STEM = {
    # « moyenne » (the average of « moyenne plus ») is no « moyen » (a means of communication, 73B2)
    # « maniérisme » (73A2, 73C1) is no « manière » (a way of doing: 46A, 74B5), nor "mannerism" a "manner"
    "fr": {"declarant": "declarant", "declarants": "declarant", "moyenne": "moyenn", "moyennes": "moyenn", "manierisme": "manierism", "manierismes": "manierism"},
    # "by accident" is what "accidentally" says: Snowball makes "accid" of one, "accident" of the other
    "en": {"declarer": "declarer", "declarers": "declarer", "declarant": "declarer", "declarants": "declarer", "accident": "accident", "accidents": "accident", "mannerism": "mannerism", "mannerisms": "mannerism"},
}


# A token longer than this is no word (a pasted URL, a run of letters with no
# space): it is kept whole rather than stemmed, so that a hostile text cannot
# make stemming slow.
STEM_MAX = 60


# Verbs whose forms Snowball stems as a noun of another meaning that the laws
# also use: "appeler l'arbitre" (to call him) is not an "appel" (an appeal,
# Laws 92–93); "donner un conseil" (to give) is not a "donne" (a deal);
# "le mort s'est levé" (got up) is no "levée" (a trick). The
# verb's forms — the radicals followed by a first-group ending — get the
# infinitive as their own stem; the noun's forms (and the verb forms that
# fold to them: "donné" is "donne" once folded) keep Snowball's.
_VERBS_APART = {
    "fr": (
        (("appel", "appell"), {"appel", "appels", "appelant", "appelants", "appelante", "appelantes"}, "appeler"),
        (("donn",), {"donne", "donnes", "donneur", "donneurs"}, "donner"),
        (("lev",), {"levee", "levees"}, "lever"),
    ),
    "en": (),
}
# First-group endings (folded): infinitive, participles, present, imperfect,
# future and conditional, simple past.
_FIRST_GROUP = frozenset(
    "er e ee es ees ent ons ez ant ai ais ait aient ions iez a as "
    "era eras erai eront erons erez erait erais eraient erions eriez "
    "erent ames ates at".split()
)


def verb_apart(lang: str, word: str) -> str | None:
    """The infinitive standing as the stem of a folded verb form that
    ``_VERBS_APART`` keeps apart from its noun ("appele" → "appeler"), or
    None."""
    for radicals, nouns, verb in _VERBS_APART[lang]:
        if word in nouns:
            return None
        for radical in radicals:
            if word.startswith(radical) and word[len(radical) :] in _FIRST_GROUP:
                return verb
    return None


@lru_cache(maxsize=None)
def ambiguous_forms(lang: str) -> dict[str, str]:
    """The folded forms that are a noun of ``_VERBS_APART`` and a form of
    its verb alike → the verb's infinitive: "donne" (la donne, il donne,
    donné once folded), "donnes", "appelant" (the appellant, or calling)."""
    out = {}
    for radicals, nouns, verb in _VERBS_APART[lang]:
        for noun in sorted(nouns):
            if any(noun.startswith(r) and noun[len(r) :] in _FIRST_GROUP for r in radicals):
                out[noun] = verb
    return out


# The endings of a past participle as typed, accent kept: "donné", "donnés"
# is the verb, not the noun (``verb_reading``; the page reads the same).
PARTICIPLE_ENDINGS = ("é", "és")

# The final letters that make a plural or a feminine of a known form, one
# letter away from it (``index.inflected_once``): « plis » of « pli »,
# « sortie » of « sorti »; in English the plural's s only ("suite", a French
# word on the English site, is no "suit").
INFLECTION_ENDINGS = {"fr": "sxe", "en": "s"}

# An adverb's ending and what makes its adjective of it (the first that
# ends the word): « méchamment » « méchant », « prudemment » « prudent »,
# « lentement » « lente » (then « lent »: ``INFLECTION_ENDINGS``),
# "rudely" "rude", "angrily" "angry" (``adjective``).
ADVERB_ENDINGS = {"fr": (("amment", "ant"), ("emment", "ent"), ("ment", "")), "en": (("ily", "y"), ("ly", ""))}


def adjective(lang: str, word: str) -> list[str]:
    """The forms an adverb's adjective may take (``ADVERB_ENDINGS``): the
    word less its ending, then less a final letter of an inflection
    (« grossièrement », folded: « grossiere », « grossier »); none for a
    word with no such ending, or a base under three letters."""
    for end, made in ADVERB_ENDINGS[lang]:
        if word.endswith(end):
            base = word[: -len(end)] + made
            if len(base) < 3:
                return []
            return [base] + ([base[:-1]] if base[-1] in INFLECTION_ENDINGS[lang] else [])
    return []


# A feminine that doubles its last consonant before its e (and a plural
# of it): « grosse » of « gros », « bonnes » of « bon », « nulle » of « nul »,
# « muette » of « muet » (``masculine``); English has none.
DOUBLED_FEMININE = {"fr": "lnst", "en": ""}


def masculine(lang: str, word: str) -> list[str]:
    """The masculine of a feminine that doubles its last consonant
    (``DOUBLED_FEMININE``): « grosse », « grosses » → « gros »; none for
    another word, or a masculine under three letters."""
    letters = DOUBLED_FEMININE[lang]
    body = word[:-1] if word.endswith("es") else word
    if len(body) >= 5 and body[-1] == "e" and body[-2] == body[-3] and body[-2] in letters:
        return [body[:-2]]
    return []


# An English verb's endings (past, present participle) and what makes the
# verb of a form with it: a story told at the table says "he tanked",
# "partner pulled it", "hiding", which the texts may only hold as "tank",
# "pull", "hide" (``verb_base``; an unknown word was read as its nearest
# form: "tanked" as "asked" or "marked"). French has none: Snowball stems
# its participles with their verb.
VERB_ENDINGS = {"fr": (), "en": (("ied", "y"), ("ed", ""), ("ed", "e"), ("ing", ""), ("ing", "e"))}


def verb_base(lang: str, word: str) -> list[str]:
    """The forms the verb of a past or present participle may take
    (``VERB_ENDINGS``), in order: "carried" → "carry", "carri", "carrie";
    a doubled last consonant also undoubled, after the form as it is
    ("grabbed" → "grabb", "grab"; "missed" → "miss", "mis"); none for a word
    with no such ending, or a base under three letters."""
    out = []
    for end, made in VERB_ENDINGS[lang]:
        body = word[: -len(end)]
        if not word.endswith(end) or len(body) < 3:
            continue
        out.append(body + made)
        if not made and len(body) >= 4 and body[-1] == body[-2] and body[-1] not in "aeiouy":
            out.append(body[:-1])
    return out


# Words after which an ambiguous form is the verb: subject and object
# pronouns, the negation, "qui", "en" (« en appelant ») and the auxiliary
# (« il a donné » typed without its accent: « m'a donne »). Compared as
# typed, lower case, elided article off, accents kept: "a" is the
# auxiliary, "à" is not. "la" and "leur" stay out: « il la donne » is rare
# where « la donne », « leur donne » (the deal) are everywhere.
VERB_CUES = {
    "fr": frozenset(
        "je j tu il elle on nous vous ils elles me m te t se s lui y en ne n qui "
        "a ai as avons avez ont avait avais avaient aura auront été".split()
    ),
    "en": frozenset(),
}

# The table's shorthand that is also a word of the language, read as what
# it stands for only after a determiner it cannot follow as that word: the
# noun « part » (a share, « de la part de ») is feminine, so « mon part »,
# « le part », « au part » can only be the partner (``WordFilter``). The
# determiners are compared as typed (``as_typed``), as the verb cues are.
AFTER_DETERMINER = {"fr": {"part": "partenaire"}, "en": {}}
DETERMINERS = {
    "fr": frozenset("mon ton son notre votre le du au ce cet".split()),
    "en": frozenset(),
}

_ELIDED = {"fr": ELISION, "en": POSSESSIVE}


def indexed_text(lang: str, text: str) -> str:
    """A document's text as the search index reads it: what ``NOT_INDEXED``
    finds left out (the French preposition « contre », where the word is
    also a term of the game: « contre le joueur » is no double; « voir » /
    "see" before a citation), each of its characters a space, so that what
    follows keeps its place. Only the documents are read so: a query says
    « contre » for the call, « vu » for what a player saw."""
    for pattern in NOT_INDEXED[lang]:
        text = pattern.sub(lambda m: " " * len(m.group()), text)
    return text


def elision_source(lang: str) -> str:
    """The regex of what a language elides from a word's start or end
    (``_ELIDED``), as the page's scripts read it."""
    return _ELIDED[lang].pattern


def unelided(lang: str, form: str) -> str:
    """A folded form read in ``lang``: its elision (« l'arbitre ») or
    possessive ("director's") off, as that language's analyzer takes it."""
    return _ELIDED[lang].sub("", form)


def as_typed(lang: str, word: str) -> str:
    """A word lower case with its elision off, accents kept ("M'a" → "a",
    "Donné" → "donné"): what ``VERB_CUES`` and the participle's accent are
    read on."""
    return _ELIDED[lang].sub("", word.lower().replace("’", "'").replace("‘", "'"))


def verb_reading(lang: str, word: str, cued: bool) -> str | None:
    """The infinitive to read a word as, when it is a form of
    ``ambiguous_forms`` that is the verb here: written with the participle's
    accent ("donné", "donnés"), or ``cued``, after a ``VERB_CUES`` word (as
    ``as_typed``); else None (the noun: « la donne »)."""
    verb = ambiguous_forms(lang).get(_ELIDED[lang].sub("", fold(word)))
    if not verb:
        return None
    if cued or as_typed(lang, word).endswith(PARTICIPLE_ENDINGS):
        return verb
    return None


@lru_cache(maxsize=None)
def french_stem(word: str) -> str:
    """Snowball's French stem of a folded word, then the unaccented "-ee",
    "-ees" (from "-ée", "-ées") that escape Snowball's "é" rules (a verb
    kept apart from a noun, ``verb_apart``, has its infinitive instead): the last
    "e" goes ("penalisee" → "penalis", as "pénalisée" gives, "redonnee" →
    "redon" as "redonné"), and "-ier" of "-iere" ("premiere" → "premi", as
    "premier" gives). A short plural that
    Snowball leaves whole loses its "s" or "x" ("étuis", "jeux", "lois" meet
    "étui", "jeu", "loi")."""
    if len(word) > STEM_MAX:
        return word
    while True:  # a loop, not recursion: "xxxx…x" loses one letter per turn
        if word in _OWN_STEM["fr"]:
            return _OWN_STEM["fr"][word]
        verb = verb_apart("fr", word)
        if verb:
            return verb
        s = _SNOWBALL["fr"](word)
        if s == word and len(word) >= 4 and word[-1] in "sx" and not word.endswith("ss"):
            word = word[:-1]
            continue
        break
    if len(s) > 3 and s.endswith("e"):
        s = s[:-1]
        if s.endswith(("enn", "onn", "ett", "ell", "eill")):
            s = s[:-1]  # Snowball's undoubling, which the "e" hid ("redonnee" → "redon")
    if len(s) > 4 and s.endswith("ier"):
        s = s[:-2]
    return _SAME_STEM["fr"].get(s, s)


@lru_cache(maxsize=None)
def english_stem(word: str) -> str:
    """Snowball's English stem of a folded word."""
    if len(word) > STEM_MAX:
        return word
    s = _OWN_STEM["en"].get(word) or _SNOWBALL["en"](word)
    return _SAME_STEM["en"].get(s, s)


# Module-level functions, so that Whoosh can pickle the schema.
STEMMERS: dict[str, Callable[[str], str]] = {"fr": french_stem, "en": english_stem}


def stem(lang: str, form: str) -> str:
    """The stem of a folded surface form (``surface_forms``): what the
    analyzer gives for the word."""
    return STEMMERS[lang](form)


def abbreviations(phrases: Iterable[str]) -> frozenset[str]:
    """The words written in capitals in some phrases (the glossary's forms):
    "SA", "XX", "ADG", the "D" of "Adv. D". Typed so, they are searched even
    when their folded form is a stop word or a single letter."""
    return frozenset(w for p in phrases for w in SEARCH_TOKEN.findall(p) if w.isupper())


# Ordinals written in figures, read as the word ("12e levée" is the
# "douzième levée", "12th trick" the "twelfth trick"), from 1 to 13: the
# tricks of a deal.
_ORDINAL_WORDS = {
    "fr": (
        "premier", "deuxieme", "troisieme", "quatrieme", "cinquieme", "sixieme", "septieme",
        "huitieme", "neuvieme", "dixieme", "onzieme", "douzieme", "treizieme",
    ),
    "en": (
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh",
        "eighth", "ninth", "tenth", "eleventh", "twelfth", "thirteenth",
    ),
}


# Suits and honours: a situation's phrasing names some card ("on ne
# retrouve pas le valet de cœur", "il a dit huit piques") where the table
# names another, so that matching a query against the situations takes each
# group for one word (``index.SearchIndex.situation_classes``).
CARD_WORDS = {
    "fr": (("trèfle", "carreau", "cœur", "pique"), ("as", "roi", "dame", "valet")),
    "en": (("club", "diamond", "heart", "spade"), ("ace", "king", "queen", "jack")),
}


# Numbers written in figures, read as the word ("8 trèfles" is "huit
# trèfles", "12 cards" "twelve cards"), from 2 to 14: levels, tricks and
# cards of a hand, which people type in figures and the laws (and the
# situations' phrasings) often spell out. One is left out: "un", "une" and
# "a" are stop words, and "1" is dropped as a single letter anyway.
_CARDINAL_WORDS = {
    "fr": (
        "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix",
        "onze", "douze", "treize", "quatorze",
    ),
    "en": (
        "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve", "thirteen", "fourteen",
    ),
}


@lru_cache(maxsize=None)
def numbers(lang: str) -> dict[str, str]:
    """Folded words read as another: ordinals and cardinals in figures →
    the word (``ordinals``, and "8" → "huit", "12" → "twelve"); English
    negative contractions, "never" and "without" → "not" ("isn't":
    ``_CONTRACTIONS``, ``_NOT``); the
    table's shorthand → the word ("pard": ``_SHORTHAND``)."""
    out = {str(n): word for n, word in enumerate(_CARDINAL_WORDS[lang], start=2)}
    out.update(ordinals(lang))
    out.update(_CONTRACTIONS[lang])
    out.update(_NOT[lang])
    out.update(_SHORTHAND[lang])
    return out


# A card named by its rank and suit in a query ("le 7 de pique", "the
# seven of spades") is a card, not a number: the rank, which would read as
# a level or a count of tricks ("sept": the seven-level), reads as the word
# for a card (``SearchIndex.clauses``; the page does the same). Ranks 2 to
# 10, in figures or in words; the honours are a group of their own
# (``CARD_WORDS``).
_CARD_OF = {"fr": ("carte", "de"), "en": ("card", "of")}


@lru_cache(maxsize=None)
def card_ranks(lang: str) -> dict:
    """What reading a rank as a card needs, folded: the ranks' words (as
    ``numbers`` reads figures), the suits' singular and plural, the word
    between them and the word for a card (``card_rank_read``)."""
    card, between = _CARD_OF[lang]
    suits = sorted({fold(w) + end for w in CARD_WORDS[lang][0] for end in ("", "x" if w.endswith("eau") else "s")})
    return {"ranks": list(_CARDINAL_WORDS[lang][:9]), "suits": suits, "between": between, "card": card}


def card_rank_read(lang: str, text: str, found: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
    """The searchable words ``found`` of ``text`` (``surface_forms``) with
    each rank that is followed by the word between and a suit ("7 de
    pique") read as the word for a card (``card_ranks``)."""
    cards = card_ranks(lang)
    out = list(found)
    for i in range(len(out) - 1):
        (form, start, end), (after, begin, _) = out[i], out[i + 1]
        if form in cards["ranks"] and after in cards["suits"] and fold(text[end:begin]).strip() == cards["between"]:
            out[i] = (cards["card"], start, end)
    return out


@lru_cache(maxsize=None)
def ordinals(lang: str) -> dict[str, str]:
    """Folded ordinals in figures → the word: "12e", "12eme", "12ieme" →
    "douzieme", "1er", "1re" → "premier"; "12th" → "twelfth"."""
    out = {}
    for n, word in enumerate(_ORDINAL_WORDS[lang], start=1):
        if lang == "fr":
            endings = ("er", "ere", "re") if n == 1 else ("e", "eme", "ieme")
        else:
            endings = {1: ("st",), 2: ("nd",), 3: ("rd",)}.get(n, ("th",))
        out.update({f"{n}{e}": word for e in endings})
    return out


NO_ABBREVIATIONS: frozenset[str] = frozenset()


class WordFilter(Filter):
    """The chain above, after cutting into words. A word's reading depends
    only on the word and on whether the word before it, as typed, is a verb
    cue (``verb_reading``): both readings are worked out the first time the
    word comes, and kept."""

    def __init__(self, lang: str, keep: frozenset[str], stem: bool, mark: str = ""):
        self.lang, self.keep, self.stem, self.mark = lang, keep, stem, mark
        self._readings: dict[str, tuple[str, str | None, str | None, str | None]] = {}

    def __eq__(self, other):
        return isinstance(other, WordFilter) and (other.lang, other.keep, other.stem, other.mark) == (self.lang, self.keep, self.stem, self.mark)

    def __getstate__(self):  # Whoosh pickles the schema: the readings kept are not part of it
        return {"lang": self.lang, "keep": self.keep, "stem": self.stem, "mark": self.mark}

    def __setstate__(self, state):
        self.__init__(state["lang"], state["keep"], state["stem"], state.get("mark", ""))

    def _reading(self, word: str) -> tuple[str, str | None, str | None, str | None]:
        """The word as typed (``as_typed``), then what it reads as after a
        word that is no verb cue, after one that is, and after a determiner
        (``AFTER_DETERMINER``): None if dropped."""
        lang = self.lang
        abbreviation = word in self.keep  # as written, before folding hides the capitals
        elided = _ELIDED[lang]
        out = []
        for cued, determined in ((False, False), (True, False), (False, True)):
            text = fold(verb_reading(lang, word, cued) or word)
            text = elided.sub("", text)
            if determined:
                text = AFTER_DETERMINER[lang].get(text, text)
            text = numbers(lang).get(text, text)
            if not abbreviation and (len(text) < 2 or text in stop_words(lang)):
                out.append(None)
            else:
                out.append(self.mark + (stem(lang, text) if self.stem else text))
        return as_typed(lang, word), out[0], out[1], out[2]

    def __call__(self, tokens):
        cues, determiners, readings = VERB_CUES[self.lang], DETERMINERS[self.lang], self._readings
        previous = None
        for t in tokens:
            reading = readings.get(t.text)
            if reading is None:
                reading = readings[t.text] = self._reading(t.text)
            typed, plain, cued, determined = reading
            text = determined if previous in determiners else cued if previous in cues else plain
            previous = typed
            if text is not None:
                t.text = text
                yield t


@lru_cache(maxsize=None)
def analyzer(lang: str, stem: bool = True, keep: frozenset[str] = NO_ABBREVIATIONS, mark: str = ""):
    """The Whoosh analyzer of a language, keeping the abbreviations ``keep``
    (see ``abbreviations``); without ``stem``, it yields the folded surface
    forms that the browser looks up. ``mark`` begins each word it yields:
    the other language's words, indexed beside a site's own
    (``index.OTHER_MARK``), are never taken for its own."""
    return RegexTokenizer(SEARCH_TOKEN) | WordFilter(lang, keep, stem, mark)


# A text's stems and forms, kept: the search stages read the same texts
# (the vocabulary, the index, the glossary), and `make serve` rebuilds after
# an edit that changed few of them.
@lru_cache(maxsize=1 << 16)
def _stems(lang: str, text: str, keep: frozenset[str]) -> tuple[str, ...]:
    return tuple(t.text for t in analyzer(lang, keep=keep)(text))


@lru_cache(maxsize=1 << 16)
def _surface_forms(lang: str, text: str, keep: frozenset[str]) -> tuple[tuple[str, int, int], ...]:
    return tuple((t.text, t.startchar, t.endchar) for t in analyzer(lang, stem=False, keep=keep)(text, chars=True))


def stems(lang: str, text: str, keep: frozenset[str] = NO_ABBREVIATIONS) -> list[str]:
    """The stems of a text, in order."""
    return list(_stems(lang, text, keep))


def surface_forms(lang: str, text: str, keep: frozenset[str] = NO_ABBREVIATIONS) -> Iterator[tuple[str, int, int]]:
    """Each searchable word of a text: (folded form, start, end) in ``text``."""
    return iter(_surface_forms(lang, text, keep))


def citation_key(query: str) -> str | None:
    """The citation key a query reduces to if it looks like a citation
    ("loi 64 b 7" → "64b7"), to compare with ``labels.search_key``; an FFB
    note's number ("note FFB 19" → "note19", ``labels.note_search_key``)."""
    folded = fold(query)
    note = NOTE_QUERY.match(folded)
    if note:
        return labels.note_search_key(note["note"])
    m = CITATION_QUERY.match(folded)
    if not m:
        return None
    law = labels.ANNEX if m["law"].startswith("an") else m["law"]
    return law + "".join(c for c in m["rest"] if c.isalnum())


def law_range(query: str) -> tuple[int, int] | None:
    """The first and last law of a range a query asks for ("lois 61 à 64":
    61 and 64; ``patterns.LAW_RANGE_QUERY``), or None: not a range, or the
    first law not before the last."""
    m = LAW_RANGE_QUERY.match(fold(query))
    if not m or int(m["first"]) >= int(m["last"]):
        return None
    return int(m["first"]), int(m["last"])


def citation_amid(query: str) -> tuple[str, str] | None:
    """The citation key of a citation among other words ("voir Loi 64B7",
    "loi 64 renonce", "64B7 renonce"; see ``patterns.CITATION_AMID``) and
    the query without it."""
    m = CITATION_AMID.search(query)
    if m:
        parts = ("annex_part", "annex_item") if m["annex"] else ("law", "section", "number", "letter", "roman")
        key = (labels.ANNEX if m["annex"] else "") + "".join(m[part] or "" for part in parts)
    else:
        m = LABEL_AMID.search(query)
        if not m:
            return None
        key = m["label"]
    key = "".join(c for c in key.lower() if c.isalnum())
    return key, query[: m.start()] + " " + query[m.end() :]
