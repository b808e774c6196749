"""The structured code: typed, frozen, free of I/O and of Markdown.

Glossary (French term in the sources → name in this code):

    Code international du bridge   → Code
    Loi (or the FFB Annexe)        → Law
    section « A. »                 → Provision at depth 1
    paragraphe « 1. »              → Provision at depth 2
    alinéa lettré « (a) »          → Provision at depth 3
    alinéa romain « (i) »          → Provision at depth 4
    alinéa (unlabelled paragraph)  → Block(kind="para")
    tiret « - »                    → Block(kind="item")
    titre                          → Law.title / Provision.title
    note FFB « (9) », « * »        → Note
    appel de note                  → note call (a layer, see ``layers``)
    renvoi « voir Loi 45C4(b) »    → Reference (a layer, see ``references``)

A provision's label is a tuple of parts, ``("45", "C", "4", "b")``; the
module ``labels`` alone turns a label into a citation, an anchor or a URL.
The text of a unit is kept exactly as printed in the source, typos included.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Iterator, Literal, Union

Label = tuple[str, ...]

ANNEX = "annexe"


@dataclass(frozen=True)
class Origin:
    """Where a piece of text starts in the sources."""

    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass(frozen=True)
class Block:
    """Unlabelled text inside a law or provision: an alinéa or a dashed item."""

    kind: Literal["para", "item"]
    text: str
    origin: Origin

    def __repr__(self) -> str:
        return f"Block({self.kind}, {self.text[:30]!r})"


@dataclass(frozen=True)
class Provision:
    """A labelled division of a law: section, paragraph or sub-paragraph."""

    label: Label
    marker: str
    title: str | None
    content: tuple[Union[Block, "Provision"], ...]
    origin: Origin

    def __repr__(self) -> str:
        return f"Provision({''.join(self.label)})"

    @property
    def children(self) -> tuple["Provision", ...]:
        return tuple(c for c in self.content if isinstance(c, Provision))

    @property
    def blocks(self) -> tuple[Block, ...]:
        return tuple(c for c in self.content if isinstance(c, Block))

    def provisions(self) -> Iterator["Provision"]:
        """Every provision under this one, depth first, in printed order."""
        return _depth_first(self.children)


def _depth_first(children: tuple[Provision, ...]) -> Iterator[Provision]:
    stack = list(reversed(children))
    while stack:
        p = stack.pop()
        yield p
        stack.extend(reversed(p.children))


@dataclass(frozen=True)
class Note:
    """A note printed under its law, « (9) » or « * »: an FFB national note
    (``national``) where its source's manifest entry says its notes are
    (``Source.ffb_notes``), else a note of the code."""

    law: str
    marker: str  # as printed: "(9)", "*", "**"
    text: str
    origin: Origin
    national: bool = True

    @property
    def key(self) -> str:
        """The note's number or stars, without parentheses: "9", "**"."""
        return self.marker.strip("()")

    def __repr__(self) -> str:
        return f"Note({self.law} {self.marker})"


@dataclass(frozen=True)
class Law:
    """One law of the code (or the annex). ``present`` is False for a law the
    sources do not contain: it still has a page, saying so."""

    number: str
    title: str | None
    content: tuple[Union[Block, Provision], ...] = ()
    notes: tuple[Note, ...] = ()
    origin: Origin | None = None
    heading: str | None = None  # the heading line as printed
    present: bool = True

    def __repr__(self) -> str:
        return f"Law({self.number}{'' if self.present else ', absent'})"

    def is_national(self, marker: str) -> bool:
        """Whether this law's note ``marker`` ("(19)", "*") is an FFB national note."""
        return next((n.national for n in self.notes if n.marker == marker), True)

    @property
    def label(self) -> Label:
        return (self.number,)

    @property
    def children(self) -> tuple[Provision, ...]:
        return tuple(c for c in self.content if isinstance(c, Provision))

    @property
    def blocks(self) -> tuple[Block, ...]:
        return tuple(c for c in self.content if isinstance(c, Block))

    def provisions(self) -> Iterator[Provision]:
        """Every provision of the law, depth first, in printed order."""
        return _depth_first(self.children)


@dataclass(frozen=True)
class Typo:
    """A slip of the source (``content/sources/typos.yaml``): the words
    ``text`` of unit ``unit``, at ``start`` in its French, which should read
    ``read``. The text stays as printed; the site adds the reading after it."""

    unit: str
    text: str
    read: str
    start: int
    owner: Label = ()  # the law or provision whose text holds it

    @property
    def end(self) -> int:
        return self.start + len(self.text)


@dataclass(frozen=True)
class Gap:
    """What a source is known to have lost, shown as a notice."""

    label: Label
    fr: str
    en: str
    source: str
    line: int | None = field(default=None, compare=False)  # its citation's line in the manifest


@dataclass(frozen=True)
class Source:
    """An entry of ``content/sources/manifest.yaml``."""

    file: str
    role: Literal["laws", "commentary"]
    language: str
    title: str
    origin: str
    credit: str
    origin_en: str = ""  # the English site's account of the source (manifest: en: origin)
    credit_en: str = ""  # (manifest: en: credit)
    author: str = ""  # a commentary's author, when the sources name one
    slug: str = ""
    symbol_font: bool = False
    context: str = ""  # the law a commentary is about ("&B" means its section B)
    translation_pending: bool = False  # laws whose English is still to come (manifest: translation: pending)
    gaps: tuple[Gap, ...] = ()
    laws: tuple[str, ...] = ()  # the laws a law source gives, first to last (manifest: laws: "40-64")
    # which of a law source's notes are the FFB's national notes (manifest:
    # ffb_notes): "all", or "starred" (« * », « ** »: its numbered notes are
    # the code's own), the least the seeds' description says when it says nothing
    ffb_notes: Literal["all", "starred"] = "starred"


def national_note(ffb_notes: str, marker: str) -> bool:
    """Whether the note printed ``marker`` ("(9)", "*") in a source whose
    manifest entry says ``ffb_notes`` (``Source.ffb_notes``) is an FFB national note."""
    return ffb_notes == "all" or not marker.strip("()").isdigit()


@dataclass(frozen=True)
class Definition:
    """One of the Definitions printed before Law 1: its term ("Adversaire"),
    and its text after the dash, in paragraphs (a wrapped line joined to the
    one before; a numbered item, or a paragraph of its own, apart)."""

    term: str
    paragraphs: tuple[str, ...]
    origin: Origin
    dash: str = "–"  # between the term and its text, as printed


@dataclass(frozen=True)
class Definitions:
    """The Definitions of the code, as a source gives them: the heading as
    printed ("Définitions") and the terms in printed order."""

    heading: str
    entries: tuple[Definition, ...]
    origin: Origin


@dataclass(frozen=True)
class Code:
    """The whole code: laws 1-93 and the annex, present or not; the
    Definitions when a source gives them."""

    laws: tuple[Law, ...]
    sources: tuple[Source, ...] = ()
    gaps: tuple[Gap, ...] = ()
    typos: tuple[Typo, ...] = ()
    definitions: Definitions | None = None

    def __repr__(self) -> str:
        return f"Code({sum(l.present for l in self.laws)} laws present)"

    def law(self, number: str) -> Law:
        return self._by_number[number]

    @cached_property
    def _by_number(self) -> dict[str, Law]:
        # A lookup per reference: a dict, not a scan of the laws.
        return {law.number: law for law in self.laws}

    def present(self) -> tuple[Law, ...]:
        return tuple(l for l in self.laws if l.present)

    @cached_property
    def lost(self) -> frozenset[Label]:
        """The laws and provisions whose text a source lost (``gaps``) and
        of which nothing is left but headings: Law 75 and its sections."""
        gaps = {gap.label for gap in self.gaps}

        def headings_only(content) -> bool:
            return all(isinstance(item, Provision) and headings_only(item.content) for item in content)

        out: set[Label] = set()

        def walk(label: Label, content, under_gap: bool) -> None:
            under_gap = under_gap or label in gaps
            if under_gap and headings_only(content):
                out.add(label)
            for item in content:
                if isinstance(item, Provision):
                    walk(item.label, item.content, under_gap)

        for law in self.present():
            walk(law.label, law.content, False)
        return frozenset(out)
