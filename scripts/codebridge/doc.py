"""A page as data: what the page modules (cases, commentaries, situations,
the glossary, the Index, "À propos") build from their content, and
``render.markdown`` alone turns into Markdown.

The nodes hold plain text, never markup: the renderer escapes each text for
the place it lands in (Markdown text, a raw HTML element, a link title, an
attribute), so a page module cannot forget an escape or apply one twice.

Inline nodes
    ``str``      text
    ``Strong``   bold text
    ``Em``       italic text
    ``Code``     a name shown as code (a file name)
    ``Link``     a link, with an optional title (a tooltip), classes and
                 ``data-`` attributes
    ``Tag``      an inline HTML element (``span``, ``q``, ``a``…) and its
                 attributes
    ``Break``    a line break inside a paragraph

Block nodes
    ``Heading``  a heading with its anchor and classes
    ``Para``     a paragraph
    ``Line``     an HTML element on one line (``<p class="…">``); with
                 ``markdown`` set, Markdown reads what it holds
    ``Block``    an HTML element around blocks (``<div markdown="1">``)
    ``Items``    a bullet list, one inline sequence per item
    ``Note``     an admonition: a kind, a title, a paragraph
    ``Front``    a page's front matter (title, description, flags)
    ``Html``     an HTML element Markdown leaves alone (a table, a form),
                 each of its children on a line of its own: ``Html``,
                 ``Line`` (written raw), ``Data``, or a tuple of inline
                 nodes (elements side by side, no space between them)
    ``Data``     a ``<script type="application/json">`` holding data for
                 the page's script

Inline ``Tag`` elements that HTML closes on their own (``input``, ``br``…)
are written without children or a closing tag.

Attributes are ``(name, value)`` pairs, kept in order; a value of None
writes the attribute's name alone (``data-lang-switch``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterable, Union

Attrs = tuple[tuple[str, "str | None"], ...]


@dataclass(frozen=True)
class Strong:
    children: tuple["Inline", ...]


@dataclass(frozen=True)
class Em:
    children: tuple["Inline", ...]


@dataclass(frozen=True)
class Link:
    children: tuple["Inline", ...]
    href: str
    title: str | None = None
    classes: tuple[str, ...] = ()
    data: Attrs = ()  # data- attributes, or others an attribute list may set


@dataclass(frozen=True)
class Tag:
    name: str
    children: tuple["Inline", ...] = ()
    attrs: Attrs = ()


@dataclass(frozen=True)
class Code:
    text: str


@dataclass(frozen=True)
class Break:
    pass


Inline = Union[str, Strong, Em, Code, Link, Tag, Break]


@dataclass(frozen=True)
class Heading:
    level: int
    children: tuple[Inline, ...]
    id: str | None = None
    classes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Para:
    children: tuple[Inline, ...]


@dataclass(frozen=True)
class Line:
    name: str
    children: tuple[Inline, ...]
    attrs: Attrs = ()
    markdown: bool = False


@dataclass(frozen=True)
class Block:
    name: str
    children: tuple["Node", ...]
    attrs: Attrs = ()
    markdown: str = "1"  # or "block": Markdown reads the content as blocks


@dataclass(frozen=True)
class Items:
    items: tuple[tuple[Inline, ...], ...]


@dataclass(frozen=True)
class Note:
    kind: str
    title: str
    children: tuple[Inline, ...]


@dataclass(frozen=True)
class Front:
    title: str | None = None
    description: str | None = None
    flags: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Html:
    name: str
    children: tuple["Html | Line | Data | tuple[Inline, ...]", ...]
    attrs: Attrs = ()


@dataclass(frozen=True)
class Data:
    value: object  # JSON-ready
    attrs: Attrs = ()


Node = Union[Heading, Para, Line, Block, Items, Note, Front, Html]


@dataclass(frozen=True)
class SpanText:
    """Where the text of a span goes in the node laid over it (``marked``)."""


SPAN_TEXT = SpanText()


def marked(text: str, spans: Iterable[tuple[int, int, Inline]]) -> tuple[Inline, ...]:
    """``text`` with layers over it: each span ``(start, end, node)`` is
    replaced by ``node``, ``text[start:end]`` in place of its ``SPAN_TEXT``
    (a node without one replaces the text: a correction); sorted by start,
    an overlapping span is left out (the first one wins)."""
    out: list[Inline] = []
    pos = 0
    for start, end, node in sorted(spans, key=lambda s: s[0]):
        if start < pos:
            continue
        if start > pos:
            out.append(text[pos:start])
        out.append(_filled(node, text[start:end]))
        pos = end
    if pos < len(text):
        out.append(text[pos:])
    return tuple(out)


def _filled(node, text: str):
    """``node`` (or a tuple of nodes) with ``text`` in place of ``SPAN_TEXT``."""
    if isinstance(node, SpanText):
        return text
    if isinstance(node, tuple):
        return tuple(_filled(child, text) for child in node)
    if isinstance(node, (Strong, Em, Link, Tag)):
        return replace(node, children=_filled(node.children, text))
    return node


# Between links on one line: the dot never opens a line alone (a no-break
# space before it), the line may break after it.
DOT = "\u00a0· "


def joined(parts: Iterable[tuple[Inline, ...] | Inline], sep: Inline = ", ") -> tuple[Inline, ...]:
    """Inline sequences one after the other, ``sep`` between them."""
    out: list[Inline] = []
    for i, part in enumerate(parts):
        if i:
            out.append(sep)
        out.extend(part if isinstance(part, tuple) else (part,))
    return tuple(out)
