"""Cross-references ("renvois"): find, resolve, and keep them as a layer.

    find_references     text → raw citations with their spans (explicit and relative)
    resolve             raw citation + the provision where it stands → a label
    code_references     every reference of the code's French text
    project             the French references located in the English text of a unit

A reference is resolved against the set of known labels. Into a law the
sources give, an unknown provision is reported (file and line) and left as
plain text; into an absent law (1–39) it is kept, with the anchor the
provision will have once its text is added.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Literal

from . import labels
from .layers import Unit, units
from .model import ANNEX, Code, Label, Origin
from .patterns import (
    BARE_PAREN_REFERENCE,
    CITATION_LIKE,
    CITATION_PARTS,
    COUNT_AFTER,
    EXPLICIT_REFERENCE,
    LABEL_AMID,
    REFERENCE_ITEM,
    REFERENCE_WORD,
    RELATIVE_CITATION_ITEM,
    RELATIVE_CUE,
    RELATIVE_PARTS,
    RELATIVE_REFERENCE,
    english_citation,
)


@dataclass(frozen=True)
class Raw:
    """A citation as found: ``text[start:end]`` names ``parts``; relative
    ones still need the provision where they stand."""

    start: int
    end: int
    parts: dict
    kind: Literal["explicit", "relative"]
    implied: bool = False  # a law inside a range ("61 à 64"): no span of its own


@dataclass(frozen=True)
class Reference:
    """A resolved reference: ``unit`` text ``start:end`` cites ``target``."""

    unit: str
    source: Label  # the provision (or law) where the reference stands
    start: int
    end: int
    text: str
    target: Label
    kind: Literal["explicit", "relative"]
    origin: Origin | None = None

    def __repr__(self) -> str:
        return f"Reference({self.unit} {self.text!r} → {labels.citation(self.target)})"


@dataclass(frozen=True)
class Problem:
    """A reference that cannot be resolved: reported, kept as plain text."""

    origin: Origin | None
    text: str
    reason: str

    def __str__(self) -> str:
        return f"{self.origin}: {self.reason}: {self.text!r}"


# --------------------------------------------------------------------------
# Finding


def _parts(cite: str) -> dict | None:
    m = CITATION_PARTS.match(cite.strip())
    if not m:
        return None
    parts = {k: v for k, v in m.groupdict().items() if v}
    if "bare_letter" in parts:  # 45C4b, as in an anchor: 45C4(b)
        parts["letter"] = parts.pop("bare_letter")
    if "section" in parts:  # 64b7 as typed: 64B7
        parts["section"] = parts["section"].upper()
    return parts


def find_references(text: str, *, commentary: bool = False, relative: bool = True) -> list[Raw]:
    """Every citation in ``text``, explicit ("Loi 45C4(b)") or relative
    ("voir B ci-dessus"), in order. ``commentary`` admits the loose forms of
    the commentaries: bare numbers in parentheses, "(42, 43)"."""
    out: list[Raw] = []
    taken: list[tuple[int, int]] = []
    for m in EXPLICIT_REFERENCE.finditer(text):
        out.extend(_explicit_items(m))
        taken.append((m.start(), m.end()))
    if commentary:
        for m in BARE_PAREN_REFERENCE.finditer(text):
            if any(a <= m.start() < b for a, b in taken):
                continue
            for item in REFERENCE_ITEM.finditer(m["list"]):
                parts = _parts(item["cite"])
                if parts:
                    s = m.start("list") + item.start("cite")
                    out.append(Raw(s, s + len(item["cite"]), parts, "explicit"))
            taken.append((m.start(), m.end()))
    if relative:
        for m in RELATIVE_REFERENCE.finditer(text):
            if any(a <= m.start() < b for a, b in taken):
                continue
            if not m["dir"] and not RELATIVE_CUE.search(text[: m.start()]):
                continue
            for item in RELATIVE_CITATION_ITEM.finditer(m["list"]):
                token = item.group(0)
                s = m.start("list") + item.start()
                if token.isdigit() and not m["dir"]:
                    continue
                out.append(Raw(s, s + len(token), {"relative": token}, "relative"))
    return sorted(out, key=lambda r: (r.start, not r.implied))


def bare_labels(text: str, taken: Iterable[tuple[int, int]] = ()) -> list[Raw]:
    """The provisions cited as a word without « Loi » before them ("selon
    64A2", "(45C4(b))", "64b7"), outside the spans ``taken``. Our own prose,
    the worked cases, cites so; the law texts never do (their bare numbers
    are counts, scores, tricks)."""
    spans = list(taken)
    out = []
    for m in LABEL_AMID.finditer(text):
        if any(a <= m.start(1) < b for a, b in spans):
            continue
        parts = _parts(m[1])
        if parts:
            out.append(Raw(m.start(1), m.end(1), parts, "explicit"))
    return out


def malformed_citations(text: str, found: Iterable[Raw]) -> list[tuple[int, int]]:
    """Spans of ``text`` that look like a citation ("Loi 64Z9", "Loi 064")
    but that no reference found in it accounts for: reported, never linked."""
    out = []
    spans = [(r.start, r.end) for r in found if r.start != r.end]
    for m in CITATION_LIKE.finditer(text):
        cover = max((e for s, e in spans if s <= m.start() < e), default=None)
        # accounted for when a reference starts here and runs to the end of
        # the glued run, closing brackets aside ("(voir Loi 64B7(a))")
        if cover is not None and not text[cover : m.end("cite")].strip(")-_&"):
            continue
        out.append((m.start(), m.end("cite")))
    return out


# What may stand between a paragraph and the next one of a list in the
# singular (« Loi 64B7 et 8 », "Law 64B7 or 8", « Loi 64B7, 8 », « Loi 64B7-8 »).
SIBLING_SEPARATORS = frozenset({",", "et", "ou", "and", "or", "-", "–"})
# What stands between the two ends of a range of laws (« Lois 61 à 64 », « Lois 61-64 »).
RANGE_SEPARATORS = frozenset({"à", "-", "–"})


def _explicit_items(m: re.Match) -> Iterable[Raw]:
    """The citations of one explicit match, each with its own span; the first
    span includes the word "Loi" (and a doubled "Loi Loi"). After the word
    in the singular and a paragraph, a bare number in the list is the next
    paragraph of the same section: « Loi 64B7 et 8 » cites 64B7 and 64B8
    (« Lois 47E et 54 » cites Law 54). After the word in the singular, a
    bare number that ends the list and that a word follows counts
    something (``COUNT_AFTER``): « Loi 64, 2 levées » cites Law 64 alone."""
    law = None
    previous = None
    base = m.start("list")
    singular = not m["word"].lower().endswith("s")
    counted = singular and COUNT_AFTER.match(m.string[m.end() :]) is not None
    for i, item in enumerate(REFERENCE_ITEM.finditer(m["list"])):
        parts = _parts(item["cite"])
        if parts is None:
            continue
        if counted and i and item["cite"].isdigit() and item.end() == len(m["list"]):
            break
        if "law" not in parts:  # "&C": a section of the law just cited
            if law is None:
                continue
            parts = {"law": law, **parts}
        elif singular and previous and "number" in previous and item["cite"].isdigit() and (item["sep"] or "").strip() in SIBLING_SEPARATORS:
            parts = {"law": previous["law"], "section": previous["section"], "number": parts["law"]}
        law = parts["law"]
        start = m.start() if i == 0 else base + item.start("cite")
        end = base + item.end("cite")
        if item["sep"] and item["sep"].strip() in RANGE_SEPARATORS and previous and previous.get("law"):
            # a range of laws: the laws between the two ends are cited too
            first, last = int(previous["law"]), int(parts["law"])
            for n in range(first + 1, last):
                yield Raw(start, start, {"law": str(n)}, "explicit", implied=True)
        previous = parts
        yield Raw(start, end, parts, "explicit")


# --------------------------------------------------------------------------
# Resolving


def _relative_parts(token: str) -> dict:
    m = RELATIVE_PARTS.match(token)
    return {k: v for k, v in m.groupdict().items() if v} if m else {}


def resolve(raw: Raw, context: Label) -> Label | None:
    """The label a citation names, read from the provision ``context``."""
    if raw.kind == "explicit":
        p = raw.parts
        label = [p["law"]]
        for key in ("section", "number", "letter", "roman"):
            if key in p:
                label.append(p[key])
        return tuple(label)
    p = _relative_parts(raw.parts["relative"])
    kinds = labels.kinds(context)
    law = context[0]
    if "section" in p:
        label = [law, p["section"]]
        for key in ("number", "letter", "roman"):
            if key in p:
                label.append(p[key])
        return tuple(label)
    if "letter" in p:  # "(b)": a sibling under the same numbered paragraph
        if "number" not in kinds:
            return None
        cut = kinds.index("number") + 1
        return tuple(context[:cut]) + (p["letter"],)
    if "number" in p:  # "1 et 2 ci-dessus": paragraphs of the same section
        if "section" in kinds:
            return (law, context[kinds.index("section")], p["number"])
        return (law, p["number"])
    return None


def known_labels(code: Code) -> set[Label]:
    out = {law.label for law in code.laws}
    for law in code.present():
        out.update(p.label for p in law.provisions())
    return out


def check_target(target: Label, code: Code, known: set[Label]) -> str | None:
    """None when ``target`` can be linked, else the reason it cannot."""
    if target[0] != ANNEX and target[0] != str(int(target[0])):
        return "malformed citation (a law number has no leading zero)"
    if target[0] != ANNEX and not (1 <= int(target[0]) <= 93):
        return "no such law"
    law = code.law(target[0])
    if not law.present:
        return None  # lands on the absent law's page, at its future anchor
    if target not in known:
        return "no such provision"
    return None


def unit_references(unit: Unit, code: Code, known: set[Label]) -> tuple[list[Reference], list[Problem]]:
    refs, problems = [], []
    found = find_references(unit.text)
    for a, b in malformed_citations(unit.text, found):
        problems.append(Problem(unit.origin, unit.text[a:b], "malformed citation"))
    for raw in found:
        target = resolve(raw, unit.owner)
        text = unit.text[raw.start : raw.end]
        if target is None:
            problems.append(Problem(unit.origin, text, "relative reference with no context"))
            continue
        reason = check_target(target, code, known)
        if reason:
            problems.append(Problem(unit.origin, text, f"{reason} ({labels.citation(target)})"))
            continue
        refs.append(Reference(unit.key, unit.owner, raw.start, raw.end, text, target, raw.kind, unit.origin))
    return refs, problems


def code_references(code: Code) -> tuple[list[Reference], list[Problem]]:
    """Every reference in the French text of the laws present."""
    known = known_labels(code)
    refs, problems = [], []
    for law in code.present():
        for unit in units(law):
            r, p = unit_references(unit, code, known)
            refs += r
            problems += p
    return refs, problems


def cited_by(refs: Iterable[Reference]) -> dict[Label, list[Reference]]:
    """Target label → the references to it, in code order."""
    out: dict[Label, list[Reference]] = {}
    for r in refs:
        out.setdefault(r.target, []).append(r)
    return out


# --------------------------------------------------------------------------
# The English text: the French references, found again


def project(refs: list[Reference], text: str) -> list[tuple[int, int, Reference]]:
    """Locate each French reference of a unit in its English ``text``.

    The translation keeps every citation as printed ("45C4(b)", "B2(a)(v)",
    "A1"); each is looked for after the previous one, with the word "Law" or
    "Laws" before it included in the link. Returns (start, end, reference)
    for those found; the caller reports the others.
    """
    out, pos = [], 0
    for ref in refs:
        if ref.start == ref.end:
            continue
        m = None
        for token in dict.fromkeys((_token(ref), _token(ref).replace(".", ""))):
            pattern = english_citation(token)
            m = pattern.search(text, pos) or pattern.search(text)
            if m:
                break
        if m is None:
            continue
        out.append((m.start(), m.end(), ref))
        pos = m.end()
    return out


def _token(ref: Reference) -> str:
    """The citation as the English text writes it."""
    if ref.kind == "relative":
        text = ref.text
        return text.split()[0] if text else text
    text = REFERENCE_WORD.sub("", ref.text)
    return text.replace("_&", "").replace("-&", "").replace("&", "")
