"""Prove that the model holds every word of the law sources, once, in order.

The words of each law source (furniture lines aside) are compared with the
words the model gives back, law by law, in printed order: the Definitions
(their heading, each term and its text) when a source opens with them, then
headings, markers, titles, alinéas, dashed items and notes. The first difference fails the build
with the source file and line where it occurs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator

from .model import Block, Definitions, Law, Provision
from .patterns import WORD
from .inputs import SourceError
from .sources import Line


@dataclass(frozen=True)
class Conservation:
    file: str
    words: int


def words_of(text: str) -> list[str]:
    return WORD.findall(text)


def model_words(law: Law) -> Iterator[str]:
    """The words of a law as the model holds them, in printed order."""
    yield from words_of(law.heading or "")
    yield from _content_words(law.content)
    for note in law.notes:
        yield from words_of(note.marker)
        yield from words_of(note.text)


def definitions_words(definitions: Definitions) -> Iterator[str]:
    """The words of the Definitions as the model holds them, in printed order."""
    yield from words_of(definitions.heading)
    for entry in definitions.entries:
        yield from words_of(entry.term)
        yield from words_of(entry.dash)  # a hyphen is a word; the en dash is none
        for paragraph in entry.paragraphs:
            yield from words_of(paragraph)


def _content_words(content) -> Iterator[str]:
    for item in content:
        if isinstance(item, Block):
            if item.kind == "item":
                yield "-"
            yield from words_of(item.text)
        else:
            yield from _provision_words(item)


def _provision_words(p: Provision) -> Iterator[str]:
    yield from words_of(p.marker)
    if p.title:
        yield from words_of(p.title)
    yield from _content_words(p.content)


def check(lines: list[Line], laws: Iterable[Law], furniture_lines: Iterable[Line], file: str, definitions: Definitions | None = None) -> Conservation:
    """Raise SourceError at the first word the model (``definitions``, then
    ``laws``) lost, added or moved, against the source ``lines`` less the
    furniture removed."""
    furniture = {l.number for l in furniture_lines}
    source: list[tuple[str, int]] = []
    for line in lines:
        if line.number in furniture:
            continue
        source.extend((w, line.number) for w in words_of(line.text))
    model = list(definitions_words(definitions)) if definitions is not None else []
    model += [w for law in laws for w in model_words(law)]
    for i, (word, lineno) in enumerate(source):
        if i >= len(model):
            raise SourceError(file, lineno, f"text lost by the parser from {word!r} on")
        if model[i] != word:
            raise SourceError(file, lineno, f"parser output differs here: source has {word!r}, model has {model[i]!r}")
    if len(model) > len(source):
        raise SourceError(file, None, f"the model holds {len(model) - len(source)} words the source does not")
    return Conservation(file, len(source))


def check_passages(lines: list[Line], passages, file: str) -> Conservation:
    """Prove that a commentary's passages hold every word of its source,
    once, in order, furniture lines aside (``lines`` are the kept lines).

    Reflowing a hard-wrapped source joins lines with a space: a word cut at a
    line end, or a line lost or doubled, shows here as a difference, raised
    as a SourceError at the source line where it occurs.
    """
    source = [(w, line.number) for line in lines for w in words_of(line.text)]
    model = [(w, number) for p in passages for number, text in p.lines for w in words_of(text)]
    joined = [w for p in passages for w in words_of(p.text)]
    for i, (word, lineno) in enumerate(source):
        if i >= len(joined):
            raise SourceError(file, lineno, f"text lost in the passages from {word!r} on")
        if joined[i] != word:
            raise SourceError(file, lineno, f"passage text differs here: source has {word!r}, passage has {joined[i]!r}")
    if len(joined) > len(source):
        where = model[len(source)][1] if len(model) > len(source) else None
        raise SourceError(file, where, f"the passages hold {len(joined) - len(source)} words the source does not")
    return Conservation(file, len(source))
