"""The shared FR/EN glossary (``content/glossary.yaml``).

Each term has its French (France) form, Quebec synonyms, English form, a
one-line definition in each language and the provisions where it is central.
Search uses it for synonyms and cross-language matches, the alphabetical
index and the glossary pages list it, the terminology test checks the
translation against it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


from . import labels
from .analysis import fold  # one folding for sorting, matching and search
from .model import Code, Label
from .patterns import GLOSSARY_ID
from .inputs import SourceError, parse_yaml, read_text, unknown_key

GLOSSARY = Path("content/glossary.yaml")
# What a term may say: any other key is refused, not lost ("en_variant").
TERM_KEYS = ("id", "fr", "fr_variants", "qc", "en", "en_variants", "def_fr", "def_en", "laws", "fr_not")


@dataclass(frozen=True)
class Term:
    id: str
    fr: str
    fr_variants: tuple[str, ...]
    qc: tuple[str, ...]
    en: str
    en_variants: tuple[str, ...]
    def_fr: str
    def_en: str
    laws: tuple[Label, ...]
    fr_not: tuple[str, ...] = ()  # phrases where a French form has another sense ("hors tour")

    def __repr__(self) -> str:
        return f"Term({self.id})"

    def name(self, lang: str) -> str:
        """The term's headword in ``lang``: « information non autorisée », "unauthorized information"."""
        return self.fr if lang == "fr" else self.en

    def definition(self, lang: str) -> str:
        return self.def_fr if lang == "fr" else self.def_en

    def forms(self, lang: str) -> tuple[str, ...]:
        if lang == "fr":
            return (self.fr,) + self.fr_variants + self.qc
        return (self.en,) + self.en_variants


# Citations are read where they are written: in ``labels``.
parse_citation = labels.parse_citation


def load(root: Path, code: Code) -> tuple[Term, ...]:
    path = root / GLOSSARY
    name = str(GLOSSARY)
    if not path.is_file():
        raise SourceError(name, None, "glossary not found")
    raw = read_text(path, name)
    data = parse_yaml(raw, name)
    if not isinstance(data, list):
        raise SourceError(name, None, "expected a list of terms")
    known = {p.label for law in code.present() for p in law.provisions()} | {l.label for l in code.laws}
    terms, seen, lines = [], set(), _id_lines(raw)
    for number, entry in enumerate(data, start=1):
        if not isinstance(entry, dict):
            raise SourceError(name, None, f"term {number}: {str(entry)[:60]!r} is not a mapping")
        at = lines.get(str(entry.get("id", "")), [])
        line = at[min(len(at) - 1, 1 if entry.get("id") in seen else 0)] if at else None
        unknown = unknown_key(entry, TERM_KEYS, "a term")
        if unknown:
            raise SourceError(name, line, f"term {entry.get('id')!r}: {unknown}")
        for key in ("id", "fr", "en", "def_fr", "def_en"):
            if not entry.get(key):
                raise SourceError(name, line, f"term {entry.get('id')!r} lacks '{key}'")
            if not isinstance(entry[key], str):
                raise SourceError(name, line, f"term {entry.get('id')!r}: '{key}' must be text")
        for key in ("fr_variants", "qc", "en_variants", "fr_not", "laws"):
            value = entry.get(key)
            if value is not None and not (
                isinstance(value, list) and all(isinstance(v, (str, int, float)) and not isinstance(v, bool) for v in value)
            ):
                raise SourceError(name, line, f"term {entry['id']!r}: '{key}' must be a list of texts")
        # the glossary and the Index file a name under its first letter
        for key, names in (("fr", [entry["fr"]]), ("en", [entry["en"]]), ("qc", entry.get("qc") or ())):
            for headword in map(str, names):
                if not fold(headword)[:1].isalnum():
                    raise SourceError(name, line, f"term {entry['id']!r}: '{key}' {headword!r} must begin with a letter or a digit (the Index files it under its first letter)")
        if not GLOSSARY_ID.match(entry["id"]):
            raise SourceError(name, line, f"term id {entry['id']!r}: use lower-case letters, digits and hyphens")
        if entry["id"] in seen:
            raise SourceError(name, line, f"term id {entry['id']!r} used twice")
        seen.add(entry["id"])
        cited = []
        for c in entry.get("laws") or ():
            try:
                label = parse_citation(str(c))
            except ValueError:
                raise SourceError(name, line, f"term {entry['id']!r}: {c!r} is not a citation") from None
            if label not in known:
                raise SourceError(name, line, f"term {entry['id']!r}: {c!r} is not a provision of the code")
            cited.append(label)
        terms.append(
            Term(
                id=entry["id"],
                fr=entry["fr"],
                fr_variants=tuple(str(v) for v in entry.get("fr_variants") or ()),
                qc=tuple(str(v) for v in entry.get("qc") or ()),
                en=entry["en"],
                en_variants=tuple(str(v) for v in entry.get("en_variants") or ()),
                def_fr=entry["def_fr"],
                def_en=entry["def_en"],
                laws=tuple(cited),
                fr_not=tuple(str(v) for v in entry.get("fr_not") or ()),
            )
        )
    return tuple(sorted(terms, key=lambda t: fold(t.fr)))


def _id_lines(raw: str) -> dict[str, list[int]]:
    """Each term id → the lines that open a term with it ("- id: x",
    quoted or not), in order: where messages about the term point (about
    its second term, the second line)."""
    out: dict[str, list[int]] = {}
    for i, line in enumerate(raw.splitlines(), start=1):
        line = line.strip()
        if line.startswith("- id: "):
            value = line[len("- id: "):]
            if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
                value = value[1:-1]
            out.setdefault(value, []).append(i)
    return out
