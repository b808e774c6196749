"""Parse the French law texts into the model.

Stages, in order:

    split_definitions  the Definitions, when a source opens with them
    split_laws      physical lines → one run of lines per law, furniture out
    split_notes     a law's lines → body lines and its notes
    logical_lines   body lines → logical lines (hard-wrapped lines joined)
    build_law       logical lines → the tree of provisions

Two layouts exist in the sources: "blocks" (seed 001, one paragraph per line,
blank lines between) and "wrapped" (seed 000, lines cut mid-sentence, no blank
lines). Both give the same kind of model. Every departure from the expected
shape is a ``SourceError`` with file and line.
"""

from __future__ import annotations

import string
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Union

import yaml

from .conserve import check
from .inputs import YAML_LOADER, SourceError, key_line, parse_yaml, read_text, unknown_key
from . import labels
from .labels import ALL_LAWS
from .layers import note_calls, units
from .model import ANNEX, Block, Code, Definition, Definitions, Law, Note, Origin, Provision, Source, Typo, national_note
from .patterns import DEFINITION, DEFINITIONS_HEADING, FURNITURE, HEADING, MARKER, NOTE_CALL_SHAPED, NOTE_CALL_STARS, NOTE_DEFINITION
from .sources import ABSENT_TITLES, MANIFEST, TYPOS, Line, read_lines, read_manifest

ROMANS = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii")
LETTERS = string.ascii_lowercase
SECTIONS = string.ascii_uppercase

# A marker line whose text is this short, starts with a capital and is
# followed by a new sentence is a title ("1. Variations involontaires",
# "(a) Le déclarant peut accepter la carte jouée." in Loi 52B1).
TITLE_MAX = 60
# In the wrapped layout a line this long was never cut: it is a whole paragraph.
UNWRAPPED_MIN = 90


@dataclass
class LawLines:
    number: str
    title: str
    heading: Line
    lines: list[Line]


@dataclass
class Parsed:
    """What one law source gives: its laws and the furniture lines removed."""

    laws: list[Law]
    furniture: list[Line]
    layout: str
    words: int = 0  # words of the source, each proved to be in the model (conserve.check)
    definitions: Definitions | None = None  # the Definitions, when the source opens with them


# --------------------------------------------------------------------------
# Stage 0: the Definitions


def split_definitions(lines: list[Line], file: str, layout: str) -> tuple[Definitions | None, list[Line]]:
    """The Definitions, when the first line of a source that is not
    furniture is their heading ("Définitions"), up to the first law heading;
    and the source's other lines. Each term begins a line ("Adversaire – …");
    a line that does not continues the term above: joined to it when the
    source wraps its lines, a paragraph of its own when it gives one per
    line, or when it is a numbered item ("1. …")."""
    first = next((i for i, line in enumerate(lines) if line.text.strip() and line.text.strip() not in FURNITURE), None)
    if first is None or not DEFINITIONS_HEADING.match(lines[first].text.strip()):
        return None, lines
    end = next((i for i in range(first + 1, len(lines)) if HEADING.match(lines[i].text.strip())), len(lines))
    taken = [line for line in lines[first:end] if line.text.strip() not in FURNITURE]
    heading, entries = taken[0], []
    for line in taken[1:]:
        text = line.text.strip()
        if not text:
            continue
        m = DEFINITION.match(text)
        if m:
            entries.append((m["term"], [m["text"]] if m["text"] else [], line.number, m["dash"]))
        elif not entries:
            raise SourceError(file, line.number, f"text under '{heading.text.strip()}' before its first term: {text[:60]!r} (a definition is written 'Terme – texte')")
        elif layout == "blocks" or MARKER.match(text) or not entries[-1][1]:
            entries[-1][1].append(text)
        else:
            entries[-1][1][-1] += " " + text
    if not entries:
        raise SourceError(file, heading.number, f"'{heading.text.strip()}' with no term under it (a definition is written 'Terme – texte')")
    seen: dict[str, int] = {}
    for term, _, number, _ in entries:  # each term has its anchor: two of one term would share it
        key = labels.definition_id(term)
        if key in seen:
            raise SourceError(file, number, f"the term {term!r} is defined twice (first at line {seen[key]})")
        seen[key] = number
    definitions = Definitions(
        heading.text.strip(),
        tuple(Definition(term, tuple(paragraphs), Origin(file, number), dash) for term, paragraphs, number, dash in entries),
        Origin(file, heading.number),
    )
    kept = {id(line) for line in taken}
    return definitions, [line for line in lines if id(line) not in kept]


# --------------------------------------------------------------------------
# Stage 1: laws and furniture


def split_laws(lines: list[Line], file: str) -> tuple[list[LawLines], list[Line]]:
    """Cut a source at its law headings; take out the furniture lines."""
    laws: list[LawLines] = []
    furniture: list[Line] = []
    for line in lines:
        stripped = line.text.strip()
        if stripped in FURNITURE:
            furniture.append(line)
            continue
        m = HEADING.match(stripped)
        if m:
            number = m["number"] or ANNEX
            if number != ANNEX and number != str(int(number)):
                raise SourceError(file, line.number, f"law number {number!r} written with a leading zero: write 'Loi {int(number)}'")
            if number != ANNEX and number not in ALL_LAWS:
                raise SourceError(file, line.number, f"Loi {number} does not exist: the code has Laws 1 to 93 and the Annex")
            laws.append(LawLines(number, m["title"].strip(), line, []))
            continue
        if not stripped:
            if laws:
                laws[-1].lines.append(line)
            continue
        if not laws:
            raise SourceError(file, line.number, f"text before the first law heading: {stripped[:60]!r}")
        laws[-1].lines.append(line)
    if not laws:
        raise SourceError(file, None, "no law heading found (expected a line such as 'Loi 40 – Titre')")
    order = [ALL_LAWS.index(l.number) for l in laws]
    for prev, cur, law in zip(order, order[1:], laws[1:]):
        if cur == prev:
            raise SourceError(file, law.heading.number, f"Loi {law.number} appears twice")
        if cur < prev:
            raise SourceError(file, law.heading.number, f"Loi {law.number} is out of order (after Loi {ALL_LAWS[prev]})")
    return laws, furniture


# --------------------------------------------------------------------------
# Stage 2: notes


def _is_structural(text: str) -> bool:
    return bool(MARKER.match(text))


def split_notes(law: LawLines, file: str, layout: str, ffb_notes: str = "starred") -> tuple[list[Line], list[Note]]:
    """Separate the notes printed at the end of a law from its body, each
    an FFB national note or not as the source's ``ffb_notes`` says
    (``model.national_note``).

    The notes are the last run of lines that starts with a definition such as
    "(9) L'organisme…" or "* Aucun…" and holds no structural marker after it;
    a "(11)" that merely starts a wrapped line is a call, not a definition.
    """
    lines = [l for l in law.lines if l.text.strip()]
    start = len(lines)
    for i in range(len(lines) - 1, -1, -1):
        text = lines[i].text.strip()
        if NOTE_DEFINITION.match(text):
            start = i
        elif _is_structural(text) or layout == "blocks":
            break
    notes: list[Note] = []
    for line in lines[start:]:
        text = line.text.strip()
        m = NOTE_DEFINITION.match(text)
        if m:
            marker = m["number"] or m["stars"]
            notes.append(Note(law.number, marker, text[m.end():].strip(), Origin(file, line.number), national_note(ffb_notes, marker)))
        else:  # a wrapped continuation of the previous note
            prev = notes[-1]
            notes[-1] = replace(prev, text=prev.text + " " + text)
    seen: dict[str, Note] = {}
    for note in notes:
        if note.marker in seen:
            raise SourceError(file, note.origin.line, f"note {note.marker} defined twice in Loi {law.number}")
        seen[note.marker] = note
    body_end = lines[start].number if start < len(lines) else None
    body = [l for l in law.lines if body_end is None or l.number < body_end]
    return body, notes


# --------------------------------------------------------------------------
# Stage 3: logical lines


@dataclass
class Logical:
    text: str
    origin: Line
    physical: list[Line] = field(default_factory=list)

    @property
    def marker(self):
        return MARKER.match(self.text)


def _starts_upper(text: str) -> bool:
    return bool(text) and text[0].isupper()


def _marker_text(text: str) -> str:
    """The text after every leading marker ("1. (a) Le…" → "Le…")."""
    while (m := MARKER.match(text)) and not m["dash"]:
        text = text[m.end():].strip()
    return text


def _title_like(text: str) -> bool:
    body = _marker_text(text)
    return (
        0 < len(body) <= TITLE_MAX
        and _starts_upper(body)
        and body[-1] not in ",;:"
    )


def logical_lines(body: list[Line], layout: str) -> list[Logical]:
    """Join hard-wrapped lines (wrapped layout); one line each otherwise."""
    out: list[Logical] = []
    for line in body:
        text = line.text.strip()
        if not text:
            continue
        if layout == "blocks" or not out or MARKER.match(text) or _closed(out[-1], text):
            out.append(Logical(text, line, [line]))
        else:
            out[-1].text += " " + text
            out[-1].physical.append(line)
    return out


def _closed(prev: Logical, text: str) -> bool:
    """In the wrapped layout, does ``prev`` end before the line ``text``?"""
    m = prev.marker
    last = prev.physical[-1].text.strip()
    if m and m["dash"]:
        # a dashed item ends with its punctuation: what follows is new text
        return prev.text[-1] in ".;,:"
    if m and m["section"]:
        return _starts_upper(_marker_text(prev.text))
    if m and len(prev.physical) == 1 and _title_like(prev.text) and _starts_upper(text):
        return True
    return len(last) >= UNWRAPPED_MIN and last[-1] in ".:" and _starts_upper(text)


# --------------------------------------------------------------------------
# Stage 4: the tree

@dataclass
class Node:
    kind: str
    label: tuple[str, ...]
    marker: str
    origin: Origin
    title: str | None = None
    content: list[Union[Block, "Node"]] = field(default_factory=list)

    def last_child(self, kind: str | None = None):
        for c in reversed(self.content):
            if isinstance(c, Node) and (kind is None or c.kind == kind):
                return c
        return None

    def intro_ends_with_colon(self) -> bool:
        intro = []
        for c in self.content:
            if isinstance(c, Node):
                break
            intro.append(c)
        return bool(intro) and intro[-1].text.rstrip().endswith(":")

    def freeze(self) -> Provision:
        return Provision(
            label=self.label,
            marker=self.marker,
            title=self.title,
            content=tuple(c.freeze() if isinstance(c, Node) else c for c in self.content),
            origin=self.origin,
        )


def _next_in(seq: str | tuple, last: str | None) -> str | None:
    if last is None:
        return seq[0]
    i = seq.index(last)
    return seq[i + 1] if i + 1 < len(seq) else None


class TreeBuilder:
    """Builds one law's tree from its logical lines."""

    def __init__(self, law: LawLines, file: str):
        self.file = file
        self.root = Node("law", (law.number,), "", Origin(file, law.heading.number))
        self.stack: list[Node] = [self.root]

    def error(self, line: Line, message: str) -> SourceError:
        return SourceError(self.file, line.number, message)

    # -- helpers --------------------------------------------------------
    def top(self) -> Node:
        return self.stack[-1]

    def nearest(self, kinds: tuple[str, ...]) -> Node | None:
        for node in reversed(self.stack):
            if node.kind in kinds:
                return node
        return None

    def push(self, parent: Node, kind: str, part: str, marker: str, line: Line) -> Node:
        while self.top() is not parent:
            self.stack.pop()
        node = Node(kind, parent.label + (part,), marker, Origin(self.file, line.number))
        parent.content.append(node)
        self.stack.append(node)
        return node

    # -- markers --------------------------------------------------------
    def open_marker(self, m, text: str, line: Line) -> tuple[Node | None, str]:
        """Open the provision a marker starts; return it and the text after it."""
        rest = text[m.end():].strip()
        if m["section"]:
            letter = m["section"]
            parent = self.root
            last = parent.last_child("section")
            expected = _next_in(SECTIONS, last.label[-1] if last else None)
            if letter != expected:
                raise self.error(line, f"section {letter}. where {expected}. was expected")
            return self.push(parent, "section", letter, f"{letter}.", line), rest
        if m["number"]:
            n = m["number"]
            parent = self.nearest(("section", "law"))
            last = parent.last_child("number")
            expected = str(int(last.label[-1]) + 1) if last else "1"
            if n != expected:
                raise self.error(line, f"paragraph {n}. where {expected}. was expected")
            return self.push(parent, "number", n, f"{n}.", line), rest
        if m["paren_number"]:
            n = m["paren_number"]
            parent = self.nearest(("number",))
            if parent is None:
                raise self.error(line, f"item {n}) outside a numbered paragraph")
            last = parent.last_child("paren_number")
            expected = str(int(last.label[-1]) + 1) if last else "1"
            if n != expected:
                raise self.error(line, f"item {n}) where {expected}) was expected")
            return self.push(parent, "paren_number", n, f"{n})", line), rest
        if m["letter"]:
            return self.open_letter(m["letter"], line), rest
        return None, text

    def open_letter(self, token: str, line: Line) -> Node:
        """"(i)" is the letter after "(h)" or a roman under a letter: the
        expected sequences decide, and a letter ending in ":" announces romans."""
        letter_parent = self.nearest(("number", "paren_number", "section", "law"))
        last_letter = letter_parent.last_child("letter")
        exp_letter = _next_in(LETTERS, last_letter.label[-1] if last_letter else None)
        open_letter = self.nearest(("letter",))
        exp_roman = None
        if open_letter is not None:
            last_roman = open_letter.last_child("roman")
            exp_roman = _next_in(ROMANS, last_roman.label[-1] if last_roman else None)
        as_letter = token == exp_letter
        as_roman = token == exp_roman
        if as_letter and as_roman:
            fresh = not open_letter.content
            as_letter = not (fresh or open_letter.intro_ends_with_colon())
        if as_letter:
            return self.push(letter_parent, "letter", token, f"({token})", line)
        if as_roman:
            return self.push(open_letter, "roman", token, f"({token})", line)
        expected = " or ".join(f"({e})" for e in (exp_letter, exp_roman) if e)
        raise self.error(line, f"sub-paragraph ({token}) where {expected} was expected")

    # -- lines ----------------------------------------------------------
    def add(self, logical: Logical, following: Logical | None) -> None:
        text, line = logical.text, logical.origin
        m = MARKER.match(text)
        if m and m["dash"]:
            self.top().content.append(Block("item", text[m.end():].strip(), Origin(self.file, line.number)))
            return
        if not m:
            self.add_text(text, line)
            return
        node, rest = self.open_marker(m, text, line)
        # "1. (a) Le système…", "(g) (i) prendre…": markers on one line
        while rest:
            inner = MARKER.match(rest)
            if not inner or inner["section"] or inner["dash"]:
                break
            node, rest = self.open_marker(inner, rest, line)
        if not rest:
            return
        if node.kind == "section":
            if _starts_upper(rest):
                node.title = rest
            else:
                node.content.append(Block("para", rest, Origin(self.file, line.number)))
            return
        if self.is_title(rest, following):
            node.title = rest
        else:
            node.content.append(Block("para", rest, Origin(self.file, line.number)))

    @staticmethod
    def is_title(rest: str, following: Logical | None) -> bool:
        if following is None or not (0 < len(rest) <= TITLE_MAX) or not _starts_upper(rest):
            return False
        if rest[-1] in ",;:":
            return False
        fm = following.marker
        if fm is None:
            return _starts_upper(following.text)
        # a heading-like line ("Utilisation des boîtes à annonces : procédure
        # correcte") followed by its own items
        return bool(fm["paren_number"]) and rest[-1] not in "."

    def add_text(self, text: str, line: Line) -> None:
        top = self.top()
        block = Block("para", text, Origin(self.file, line.number))
        last = top.content[-1] if top.content else None
        if isinstance(last, Block) and last.kind == "item":
            top.content.append(block)  # text after a dashed list closes it
            return
        parent = self.stack[-2] if len(self.stack) > 1 else None
        if parent is not None and top.kind != "section" and parent.intro_ends_with_colon():
            # the list announced by "…:" is over: back to its chapeau
            self.stack.pop()
            parent.content.append(block)
            return
        top.content.append(block)


def build_law(law: LawLines, body: list[Line], notes: list[Note], file: str, layout: str) -> Law:
    builder = TreeBuilder(law, file)
    logical = logical_lines(body, layout)
    for i, item in enumerate(logical):
        builder.add(item, logical[i + 1] if i + 1 < len(logical) else None)
    root = builder.root
    frozen = root.freeze()
    return Law(
        number=law.number,
        title=law.title,
        content=frozen.content,
        notes=tuple(notes),
        origin=Origin(file, law.heading.number),
        heading=law.heading.text.strip(),
    )


# --------------------------------------------------------------------------
# Whole sources


def detect_layout(lines: list[Line]) -> str:
    """"blocks" when paragraphs are separated by blank lines, else "wrapped"."""
    blank = sum(1 for l in lines if not l.text.strip())
    return "blocks" if blank * 4 >= len(lines) else "wrapped"


def parse_source(path: Path, name: str | None = None, ffb_notes: str = "starred") -> Parsed:
    """Parse one law source file (``ffb_notes``: which of its notes are the
    FFB's, as its manifest entry says)."""
    name = name or path.name
    lines = read_lines(path, name)
    layout = detect_layout(lines)
    definitions, rest = split_definitions(lines, name, layout)
    law_runs, furniture = split_laws(rest, name)
    laws = []
    for run in law_runs:
        body, notes = split_notes(run, name, layout, ffb_notes)
        laws.append(build_law(run, body, notes, name, layout))
    parsed = Parsed(laws, furniture, layout, definitions=definitions)
    parsed.words = check(lines, laws, furniture, name, definitions).words  # every word landed once, in order, or the build fails here
    return parsed


def check_note_calls(law: Law, file: str) -> None:
    """Every note a law defines is called in its text, and every call,
    numbered or starred, has its note."""
    called = {c.note for c in note_calls(law)}
    for note in law.notes:
        if note.marker not in called:
            raise SourceError(file, note.origin.line, f"note {note.marker} of Loi {law.number} is never called")
    # The other way round: a "(12)" in the text where the law defines no note
    # (12) is a note lost in extraction, or a number to write otherwise. No
    # source has one; a new one fails the build rather than vanish silently.
    defined = {n.marker for n in law.notes}
    for unit in units(law):
        if unit.kind == "note":
            continue
        for m in NOTE_CALL_SHAPED.finditer(unit.text):
            if m.group(0) not in defined:
                raise SourceError(
                    file,
                    unit.origin.line if unit.origin else None,
                    f"note call {m.group(0)} in Loi {law.number}, which defines no note {m.group(0)}: "
                    "add the note at the end of the law, or write the number without brackets",
                )
        # a starred call ("règlement de l'épreuve **,") whose note the law lacks
        for m in NOTE_CALL_STARS.finditer(unit.text):
            if m["stars"] not in defined:
                raise SourceError(
                    file,
                    unit.origin.line if unit.origin else None,
                    f"note call {m['stars']} in Loi {law.number}, which defines no note {m['stars']}: "
                    "add the note at the end of the law, or remove the stars",
                )


def parse_code(folder: Path) -> tuple[Code, dict[str, Parsed]]:
    """Parse every law source of the manifest in ``folder`` into the Code."""
    sources = read_manifest(folder)
    parsed: dict[str, Parsed] = {}
    found: dict[str, tuple[Law, str]] = {}
    definitions: Definitions | None = None
    for source in sources:
        if source.role != "laws":
            continue
        result = parse_source(folder / source.file, source.file, source.ffb_notes)
        check_coverage(result, source)
        parsed[source.file] = result
        if result.definitions is not None:
            if definitions is not None:
                raise SourceError(source.file, result.definitions.origin.line, f"the Definitions are already given by {definitions.origin.file}")
            definitions = result.definitions
        for law in result.laws:
            if law.number in found:
                other = found[law.number][1]
                raise SourceError(source.file, law.origin.line, f"Loi {law.number} is already given by {other}")
            found[law.number] = (law, source.file)
            check_note_calls(law, source.file)
    titles = absent_titles(folder)
    given = sorted(set(titles) & set(found), key=ALL_LAWS.index)
    if given:
        name, number = f"{folder.name}/{ABSENT_TITLES}", given[0]
        line = key_line(read_text(folder / ABSENT_TITLES, name), number)
        raise SourceError(name, line, f"Loi {number} is given by {found[number][1]}: its title comes from there; remove its entry here")
    laws = []
    for number in ALL_LAWS:
        if number in found:
            laws.append(found[number][0])
        else:
            laws.append(Law(number=number, title=titles.get(number), present=False))
    gaps = tuple(g for s in sources for g in s.gaps)
    manifest = f"{folder.name}/{MANIFEST}"
    for gap in gaps:
        if gap.label[0] not in found:
            raise SourceError(manifest, gap.line, f"gap on Loi {gap.label[0]}, which no source gives")
        law = found[gap.label[0]][0]
        if len(gap.label) > 1 and gap.label not in {p.label for p in law.provisions()}:
            raise SourceError(manifest, gap.line, f"gap on {labels.cite(gap.label)}, which Loi {law.number} does not have: its notice would be shown nowhere")
    check_empty(found, gaps)
    return Code(laws=tuple(laws), sources=sources, gaps=gaps, typos=read_typos(folder, laws), definitions=definitions), parsed


def read_typos(folder: Path, laws: list[Law]) -> tuple[Typo, ...]:
    """The source's slips listed in ``folder/typos.yaml`` (none without
    it), each checked against the French of its unit: a unit the code
    lacks, or words it does not hold exactly once, fail the build at the
    entry's line."""
    path = folder / TYPOS
    if not path.is_file():
        return ()
    name = f"{folder.name}/{TYPOS}"
    raw = read_text(path, name)
    data = parse_yaml(raw, name)
    if data is None:
        return ()
    if not isinstance(data, list):
        raise SourceError(name, None, "expected a list of entries (unit, text, read)")
    starts = [item.start_mark.line + 1 for item in yaml.compose(raw, Loader=YAML_LOADER).value]  # each entry's line
    texts = {unit.key: unit for law in laws if law.present for unit in units(law)}
    out = []
    for i, entry in enumerate(data):
        line = starts[i] if i < len(starts) else None
        if not isinstance(entry, dict) or set(entry) != {"unit", "text", "read"} or not all(isinstance(v, str) and v for v in entry.values()):
            raise SourceError(name, line, "each entry gives `unit`, `text` and `read`, all three as non-empty text, and nothing else")
        unit, text, read = entry["unit"], entry["text"], entry["read"]
        if unit not in texts:
            raise SourceError(name, line, f"unit {unit!r} is not a unit of the code (keys as in content/translation/en/, e.g. \"45C4a:0\")")
        count = texts[unit].text.count(text)
        if count != 1:
            where = "does not occur" if not count else f"occurs {count} times (give more of its words)"
            raise SourceError(name, line, f"{text!r} {where} in the text of {unit}")
        if read == text:
            raise SourceError(name, line, f"`read` is the same as `text` ({text!r})")
        out.append(Typo(unit, text, read, texts[unit].text.index(text), texts[unit].owner))
    return tuple(out)


def check_coverage(result: Parsed, source: Source) -> None:
    """The laws a source gives are those its manifest entry announces, first
    to last: a file that stops early (a truncated copy) fails here, at the
    last law found, rather than leave the laws after the cut "to come"."""
    found = [law.number for law in result.laws]
    expected = list(source.laws)
    heading = {law.number: law.origin.line for law in result.laws}
    for number in found:
        if number not in expected:
            raise SourceError(
                source.file, heading[number],
                f"Loi {number} is not among the laws the manifest gives for this file ({_span(expected)}): "
                "fix the heading or the entry's `laws:`",
            )
    missing = [n for n in expected if n not in found]
    if not missing:
        return
    last = result.laws[-1]
    after = [n for n in missing if ALL_LAWS.index(n) > ALL_LAWS.index(last.number)]
    if after:
        raise SourceError(
            source.file, last.origin.line,
            f"the file stops after Loi {last.number} (its last law heading) but the manifest says it gives "
            f"{_span(expected)}: {_span(after)} missing (a truncated copy?)",
        )
    first = missing[0]
    before = max((law for law in result.laws if ALL_LAWS.index(law.number) < ALL_LAWS.index(first)), key=lambda l: ALL_LAWS.index(l.number), default=None)
    raise SourceError(
        source.file, before.origin.line if before else result.laws[0].origin.line,
        f"Loi {first} is missing from the file (the manifest says it gives {_span(expected)})",
    )


def _span(numbers: list[str]) -> str:
    """ "Lois 50 à 64" style, in English: "Laws 50–64", "Law 12", "Laws 1, 12"."""
    if len(numbers) == 1:
        return f"Law {numbers[0]}" if numbers[0] != ANNEX else "the Annex"
    return f"Laws {labels.law_runs(numbers)}"


def check_empty(found: dict[str, tuple[Law, str]], gaps) -> None:
    """A provision with no text at all is a loss: it must be a declared gap."""
    declared = [g.label for g in gaps]
    for law, file in found.values():
        for p in law.provisions():
            if p.content:
                continue
            if not any(p.label[: len(g)] == g for g in declared):
                raise SourceError(
                    file, p.origin.line,
                    f"{p.marker} of Loi {law.number} has no text; if the source lost it, declare a gap in the manifest",
                )


def absent_titles(folder: Path, lang: str = "fr") -> dict[str, str]:
    """Titles of absent laws where the sources name them (absent_titles.yaml):
    the French title, or with ``lang="en"`` its English."""
    path = folder / ABSENT_TITLES
    if not path.is_file():
        return {}
    name = f"{folder.name}/{ABSENT_TITLES}"
    raw = read_text(path, name)
    data = parse_yaml(raw, name) or {}
    if not isinstance(data, dict):
        raise SourceError(name, None, "expected a mapping of law number → {title, en}")
    key = "title" if lang == "fr" else lang
    out = {}
    for k, v in data.items():
        line = key_line(raw, str(k))
        if str(k) not in ALL_LAWS or not isinstance(v, dict) or not all(isinstance(v.get(f, ""), str) for f in ("title", "en")):
            raise SourceError(name, line, f"entry {k!r}: expected a law number with its title: and en: texts")
        unknown = unknown_key(v, ("title", "en", "source"), "an entry")
        if unknown or not v.get("title") or not v.get("en"):
            raise SourceError(name, line, f"entry {k!r}: {unknown or 'a title: and its en: are both needed'}")
        out[str(k)] = v[key]
    return out
