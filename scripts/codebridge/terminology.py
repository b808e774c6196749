"""Terminology check: where a French unit uses a glossary term, its English
counterpart uses the term's English form.

Justified departures are listed, with their reason, in
``content/translation/terminology-exceptions.yaml`` (term id → unit keys).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .glossary import Term, fold
from .layers import units
from .model import Code
from .patterns import glossary_form
from .inputs import load_yaml
from .translation import Translation

EXCEPTIONS = Path("content/translation/terminology-exceptions.yaml")


@dataclass(frozen=True)
class Mismatch:
    unit: str
    term: str
    french: str
    expected: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.unit}: « {self.french} » ({self.term}) but none of {', '.join(self.expected)}"


def _pattern(form: str, lang: str) -> re.Pattern:
    """A folded form, each word allowing its plural (fr: s/x) or inflection
    (en: up to three more letters: revoke → revoked, claim → claiming).
    An abbreviation in capitals ("SA", "IMP") matches in capitals only."""
    return glossary_form(form, lang, fold(form).split())


def check(code: Code, translation: Translation, terms: tuple[Term, ...], exceptions: dict[str, list[str]]) -> list[Mismatch]:
    fr_patterns = [(t, [(f, _pattern(f, "fr")) for f in (t.fr,) + t.fr_variants]) for t in terms]
    # phrases where a French form means something else: blanked before matching
    not_patterns = {t.id: [_pattern(f, "fr") for f in t.fr_not] for t in terms}
    en_patterns = {t.id: [_pattern(f, "en") for f in (t.en,) + t.en_variants] for t in terms}
    out = []
    for law in code.present():
        for unit in units(law):
            en = translation.get(unit.key)
            if en is None:
                continue
            fr_folded, en_folded = fold(unit.text), fold(en)
            for term, patterns in fr_patterns:
                folded = fr_folded
                for p in not_patterns[term.id]:
                    folded = p.sub(" ", folded)
                hit = next((f for f, p in patterns if p.search(unit.text if f.isupper() else folded)), None)
                if hit is None or unit.key in exceptions.get(term.id, ()):
                    continue
                forms = (term.en,) + term.en_variants
                if not any(p.search(en if f.isupper() else en_folded) for f, p in zip(forms, en_patterns[term.id])):
                    out.append(Mismatch(unit.key, term.id, hit, (term.en,) + term.en_variants))
    return out


def unneeded_exceptions(code: Code, translation: Translation, terms, exceptions: dict[str, list[str]]) -> list[str]:
    """Exceptions that no longer excuse anything: to be removed from the list."""
    out = []
    for term_id, keys in exceptions.items():
        for key in keys:
            rest = {t: [k for k in ks if not (t == term_id and k == key)] for t, ks in exceptions.items()}
            if not any(m.unit == key and m.term == term_id for m in check(code, translation, terms, rest)):
                out.append(f"{term_id}: {key}")
    return out


def load_exceptions(root: Path) -> dict[str, list[str]]:
    path = root / EXCEPTIONS
    if not path.is_file():
        return {}
    data = load_yaml(path.read_text(encoding="utf-8")) or {}
    return {term: [e["unit"] for e in entries] for term, entries in data.items()}
