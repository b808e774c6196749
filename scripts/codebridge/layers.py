"""Text units and the note-call layer.

A *unit* is one piece of text of the code as printed: a law's title, a
provision's title, an alinéa or dashed item, a note. Every unit has a stable
key (``"40B2a-v:0"``, ``"40A:title"``, ``"41:note-9"``); the English
translation, the search index and the annotation layers all use these keys.
Layers never change the text: they are spans over it, merged at render time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Literal

from . import labels
from .model import Block, Label, Law, Note, Origin, Provision
from .patterns import NOTE_CALL_NUMBER, NOTE_CALL_STARS


@dataclass(frozen=True)
class Unit:
    key: str
    owner: Label
    kind: Literal["law-title", "title", "para", "item", "note"]
    text: str
    origin: Origin | None

    def __repr__(self) -> str:
        return f"Unit({self.key})"


@dataclass(frozen=True)
class NoteCall:
    """A call of ``note`` (its printed marker) at ``start:end`` of a unit."""

    unit: str
    owner: Label
    start: int
    end: int
    note: str


def note_key(law: str, note: Note | str) -> str:
    """The unit key of a note (``labels.note_key``), from the note or its marker."""
    return labels.note_key(law, note.marker if isinstance(note, Note) else note)


def keyed(label: Label, content) -> Iterator[tuple[str | None, Block | Provision]]:
    """The content of a law or provision in printed order, each alinéa or
    item with its unit key, each sub-provision with None: the one place
    that counts blocks (every walker over the text goes through it)."""
    i = 0
    for item in content:
        if isinstance(item, Block):
            yield labels.block_key(label, i), item
            i += 1
        else:
            yield None, item


def units(law: Law) -> tuple[Unit, ...]:
    """Every text unit of a law in printed order (notes last). Made once
    per law and kept with it: a build walks a law's units again for every
    case that quotes it (the law is frozen, its units never change)."""
    got = law.__dict__.get("_units")
    if got is None:
        got = law.__dict__["_units"] = tuple(_units(law))
    return got


def _units(law: Law) -> Iterator[Unit]:
    if law.title:
        yield Unit(labels.title_key(law.label), law.label, "law-title", law.title, law.origin)
    yield from _content_units(law.label, law.content)
    for note in law.notes:
        yield Unit(note_key(law.number, note), law.label, "note", note.text, note.origin)


def _content_units(label: Label, content) -> Iterator[Unit]:
    for key, item in keyed(label, content):
        if key is not None:
            yield Unit(key, label, item.kind, item.text, item.origin)
        else:
            yield from provision_units(item)


def provision_units(p: Provision) -> Iterator[Unit]:
    """Every text unit of a provision in printed order: its title, then its
    alinéas and items and those of its sub-provisions."""
    if p.title:
        yield Unit(labels.title_key(p.label), p.label, "title", p.title, p.origin)
    yield from _content_units(p.label, p.content)


FRENCH_RUN = 15  # characters a run of French kept in a translation has at least


def french_runs(translated: str, french: str) -> list[tuple[int, int]]:
    """(start, end) of the French a translation keeps as printed, for its
    ``lang`` ("(Règlement National des Compétitions)" in an English FFB
    note): runs of at least ``FRENCH_RUN`` characters that the French text
    has too, with an accented letter (a citation or a number shared by both
    is not French)."""
    if not _accented(translated):  # most translations: matching them would find nothing, slowly
        return []
    from difflib import SequenceMatcher

    out = []
    for a, _, n in SequenceMatcher(None, translated, french, autojunk=False).get_matching_blocks():
        run = translated[a : a + n]
        if n >= FRENCH_RUN and _accented(run):
            lead = len(run) - len(run.lstrip(" ,;:"))
            tail = len(run.rstrip(" ,;:"))
            out.append((a + lead, a + tail))
    return out


def _accented(text: str) -> bool:
    """Whether ``text`` has a letter outside ASCII ("é", not "’" nor "♠")."""
    return not text.isascii() and any(not ch.isascii() and ch.isalpha() for ch in text)


def find_calls(text: str, markers: set[str]) -> list[tuple[int, int, str]]:
    """(start, end, marker) of each call of one of ``markers`` in ``text``,
    French or its translation (which keeps the calls as printed)."""
    if not markers:  # a law without notes (most): nothing to look for
        return []
    out = [(m.start(), m.end(), m.group(0)) for m in NOTE_CALL_NUMBER.finditer(text) if m.group(0) in markers]
    out += [(m.start(), m.end(), m["stars"]) for m in NOTE_CALL_STARS.finditer(text) if m["stars"] in markers]
    return sorted(out)


def strip_calls(text: str, markers: set[str]) -> str:
    """``text`` without its calls of ``markers``: a title or a snippet shows
    "tables", not "tables (27)" (the call stays in the law text itself)."""
    calls = find_calls(text, markers)
    if not calls:
        return text
    out, pos = [], 0
    for start, end, _ in calls:
        out.append(text[pos:start].rstrip(" "))
        pos = end
    out.append(text[pos:])
    return "".join(out).strip()


def note_calls(law: Law) -> list[NoteCall]:
    """Calls of the law's notes in its text (titles included, notes excluded)."""
    markers = {n.marker for n in law.notes}
    return [
        NoteCall(unit.key, unit.owner, start, end, marker)
        for unit in units(law)
        if unit.kind != "note"
        for start, end, marker in find_calls(unit.text, markers)
    ]


def notes_by_owner(law: Law) -> dict[str, list[Label]]:
    """Each note's marker → the provisions that call it, in order."""
    out: dict[str, list[Label]] = {n.marker: [] for n in law.notes}
    for call in note_calls(law):
        if call.owner not in out[call.note]:
            out[call.note].append(call.owner)
    return out
