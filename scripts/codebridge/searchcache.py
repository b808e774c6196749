"""What the site takes from the search index, kept between builds.

Scoring every document and reading the scores back is most of our build: "Voir
aussi" (``collect.see_also``), the provisions the alphabetical Index lists for
each term (``SearchIndex.term_documents``) and the browser index
(``searchdata.script``). Everything they are made of is digested: the search
documents, the glossary, the situations, the language, the interface strings,
the code of this package and Whoosh's and Python's versions. A build whose digest is the
last build's reads them back from ``build/cache/search/<lang>-<digest>.json``
and scores nothing; any other scores the documents, and keeps its results
for the next build in place of the last ones.

An index that is built takes what the analyzer made of each text from the
last one built (``analysed-<lang>.marshal``: a text's postings in each
field, its stems and surface forms; ``index.Analysed``), for the same code
and glossary abbreviations: after a text changed, that text alone is analysed
again. They are written with ``marshal``, in a seventh of the time JSON
takes, and read back in two thirds of it, their tuples and bytes as they
were; its format is the Python version's, which the key holds. The file is
the build's own, never content: ``marshal`` is not meant to read data made by
anyone else.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import marshal
import sys
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable

import whoosh

from . import searchdata, strings
from .collect import Related, see_also
from .files import write_whole
from .glossary import Term
from .index import Analysed, Document, SearchIndex, kept_words
from .model import Code
from .situations import Situation
from .strings import LANGS

CACHE = Path("build") / "cache" / "search"
PACKAGE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Products:
    """What the pages take from one language's search index."""

    see_also: dict[str, tuple[Related, ...]]  # law → its "Voir aussi" (none in English: ``made``)
    term_documents: dict[str, tuple[str, ...]]  # glossary term id → document keys, in order
    browser_index: str  # ``searchdata.PATH``'s script
    browser_texts: dict[str, str]  # the documents' texts beside it: path → script (``searchdata.texts``)

    def to_json(self) -> dict:
        return {
            "see_also": {law: [[list(r.label), r.heading] for r in related] for law, related in self.see_also.items()},
            "term_documents": {term: list(keys) for term, keys in self.term_documents.items()},
            "browser_index": self.browser_index,
            "browser_texts": self.browser_texts,
        }

    @classmethod
    def from_json(cls, data: dict) -> "Products":
        return cls(
            {law: tuple(Related(tuple(label), heading) for label, heading in related) for law, related in data["see_also"].items()},
            {term: tuple(keys) for term, keys in data["term_documents"].items()},
            data["browser_index"],
            data["browser_texts"],
        )


def made(code: Code, ix: SearchIndex) -> Products:
    """The products of a built index: "Voir aussi" in the original's
    language only, which both sites list (``Site.see_also``)."""
    return Products(
        see_also(code, ix) if ix.lang == LANGS[0] else {},
        {term.id: tuple(doc.key for doc in ix.term_documents(term)) for term in ix.terms},
        searchdata.script(ix),
        searchdata.texts(ix),
    )


def _plain(value):
    """A value as JSON whose text does not depend on the process: sets
    sorted (their order follows string hashing, which changes per run)."""
    if value is None or isinstance(value, (str, int, float)):  # most values: asked first
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [type(value).__name__] + [_plain(getattr(value, name)) for name in _field_names(type(value))]
    if isinstance(value, dict):
        return [[_plain(k), _plain(v)] for k, v in value.items()]
    if isinstance(value, (set, frozenset)):
        return sorted((_plain(v) for v in value), key=lambda v: json.dumps(v, ensure_ascii=False))
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


@lru_cache(maxsize=None)
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


def _code_digest(lang: str) -> str:
    return _code_and_strings_digest(lang, strings.STRINGS_DIR)


@lru_cache(maxsize=None)
def _code_and_strings_digest(lang: str, strings_dir: Path) -> str:
    """This package's code, the interface strings, Whoosh's version (its
    stemmers, stop words, index format) and Python's (its Unicode tables
    fold the accents)."""
    h = hashlib.sha256(f"{whoosh.versionstring()} {sys.version} {unicodedata.unidata_version}".encode())
    for path in sorted(PACKAGE.glob("*.py")) + [strings_dir / f"{lang}.yaml"]:
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def forget() -> None:
    """Read the code and the strings again at the next digest (``build.forget``)."""
    _code_and_strings_digest.cache_clear()


def digest(lang: str, docs: list[Document], terms: Iterable[Term], situations: Iterable[Situation], other: Iterable[Document] = ()) -> str:
    """The digest of everything the products of one index are made of
    (``other``: the other language's documents, whose headings the Index reads)."""
    h = hashlib.sha256(_code_digest(lang).encode() + lang.encode())
    headings = [(d.key, d.title, d.context) for d in other]
    h.update(json.dumps(_plain([list(docs), list(terms), list(situations), headings]), ensure_ascii=False).encode())
    return h.hexdigest()[:32]


def _analyser_key(lang: str, keep: frozenset[str]) -> str:
    """The analyzer's digest: this package's code and the abbreviations it keeps."""
    return hashlib.sha256((_code_digest(lang) + lang + json.dumps(sorted(keep))).encode()).hexdigest()[:32]


def analysed(cache: Path, lang: str, terms: Iterable[Term]) -> Analysed:
    """What the last index built made of its texts (``index.Analysed``),
    when it was the same analyzer; else nothing."""
    try:
        key, texts = marshal.loads((cache / f"analysed-{lang}.marshal").read_bytes())
        if key == _analyser_key(lang, kept_words(terms)) and isinstance(texts, dict) and all(isinstance(v, dict) for v in texts.values()):
            return Analysed(texts)
    except (OSError, ValueError, EOFError, TypeError):
        pass  # none yet, unreadable or another analyzer's: every text analysed
    return Analysed()


def kept(cache: Path, lang: str, key: str) -> Products | None:
    """The products kept in ``cache`` under ``key`` (``digest``): None
    when there are none yet, or they are unreadable (made again)."""
    try:
        return Products.from_json(json.loads((cache / f"{lang}-{key}.json").read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def keep(cache: Path, key: str, products: Products, ix: SearchIndex) -> None:
    """Keep in ``cache`` the ``products`` made of ``ix`` under ``key``, and
    what its analyzer made of the texts, in place of the language's
    earlier entries."""
    path = cache / f"{ix.lang}-{key}.json"
    try:
        cache.mkdir(parents=True, exist_ok=True)
        write_whole(path, json.dumps(products.to_json(), ensure_ascii=False).encode("utf-8"))
        write_whole(cache / f"analysed-{ix.lang}.marshal", marshal.dumps((_analyser_key(ix.lang, ix.keep), ix.analysed.now)))
        for old in cache.glob(f"{ix.lang}-*.json"):
            if old != path:
                old.unlink(missing_ok=True)
    except OSError:
        pass  # a read-only tree builds all the same, without keeping them
