"""Escaping, one function per context where content text lands.

Content (law sources, translations, glossary, manifest, commentaries, cases,
situations) is data: it must read on the page exactly as written and never
become markup. Every module that turns content into Markdown or HTML escapes
it here, for the context the text lands in:

    md_text          Markdown text (paragraphs, headings, list items, spans
                     inside ``markdown="1"`` blocks): shown literally, never
                     a fence, heading, list, table, comment, attribute list,
                     link or autolink
    md_link_title    the quoted title of a Markdown link ``[t](url "title")``
    md_html_text     the text of a raw HTML element in a Markdown page (a
                     ``<p>`` or ``<caption>`` Markdown does not read): HTML
                     text on one line, since Markdown's line-based steps
                     (fences) still see the lines of a raw block
    md_html_attr     an HTML attribute value in a Markdown page, in double
                     quotes, on one line
    mkdocs_title     a menu title handed to MkDocs (``nav``): the theme prints
                     it as HTML, unescaped
    front_matter     a page's YAML front matter, through a real YAML dump (the
                     text as written: site_overrides/main.html escapes the
                     title and description once, for every place the theme
                     prints them)
    json_text        JSON, safe to inline in a ``<script>`` element too
    js_string        a JavaScript string literal, safe in a ``<script>``

Each function takes plain text and returns text for its context only: never
feed the result of one to another.
"""

from __future__ import annotations

import html
import json
from typing import Any

import yaml

from .patterns import YAML_C_SAME, one_of

_C_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)

__all__ = [
    "md_text",
    "md_link_title",
    "md_destination",
    "md_html_text",
    "md_html_attr",
    "mkdocs_title",
    "front_matter",
    "json_text",
    "js_string",
]

# The characters Python-Markdown unescapes after a backslash (its
# ESCAPED_CHARS, plus "|" which the tables extension adds). A backslash
# before any other character stays visible, so the others get entities.
_MD_BACKSLASH = frozenset("\\`*_{}[]()#+-.!|")
# Characters Markdown or HTML would read, written as entities: "<" opens
# tags, comments and autolinks, "&" entities, "~" fences (~~~), "=" a
# setext heading under a line of text (commentaries keep their line breaks).
_HTML_ENTITY = {"<": "&lt;", ">": "&gt;", "&": "&amp;"}
_MD_ENTITY = {**_HTML_ENTITY, "~": "&#126;", "=": "&#61;"}
# Line breaks would start a new block (a fence, a heading, a list, an
# indented code block): a unit of text is one block, so they become spaces,
# as a browser shows a soft line break anyway.
_BREAKS = str.maketrans({"\n": " ", "\r": " ", "\t": " ", "\v": " ", "\f": " ", "\u2028": " ", "\u2029": " "})
# Other control characters show nothing, and Python-Markdown uses \x02 and
# \x03 to mark its placeholders: they are dropped.
_BREAKS.update({c: None for c in list(range(32)) + [127] if chr(c) not in "\n\r\t\v\f"})


# One table for all: line breaks as spaces, control characters dropped,
# each character Markdown or HTML would read escaped (no escape starts with
# a space, so the leading spaces are those of the text, line breaks spaced).
_MD_ESCAPES = {**_BREAKS, **str.maketrans({**{c: "\\" + c for c in _MD_BACKSLASH}, **_MD_ENTITY})}
# The same for HTML text and attribute values: html.escape's five entities
# (three outside attributes) in one pass with the line breaks.
_HTML_TEXT = {**_BREAKS, **str.maketrans(_HTML_ENTITY)}
_HTML_ATTR = {**_HTML_TEXT, **str.maketrans({'"': "&quot;", "'": "&#x27;"})}


def _replacing(table: dict[int, str | None]):
    """``str.translate(table)``, twice as fast on our pages: a pattern finds
    the few characters the table replaces, where ``translate`` looks each
    character up."""
    chars = {chr(k): v or "" for k, v in table.items()}
    pattern = one_of(chars)
    return lambda text: pattern.sub(lambda m: chars[m[0]], text)


_md_escaped, _html_text, _html_attr = (_replacing(table) for table in (_MD_ESCAPES, _HTML_TEXT, _HTML_ATTR))


def md_text(text: str, line_start: bool = True) -> str:
    """Text that Markdown (with our extensions) shows exactly as written.

    Line breaks become spaces; leading spaces become ``&#32;`` (four would
    start a code block), which shows the same; text that does not start a
    line (``line_start`` false) keeps them.
    """
    text = _md_escaped(str(text))
    body = text.lstrip(" ") if line_start else text
    return "&#32;" * (len(text) - len(body)) + body


def md_link_title(text: str) -> str:
    """A quoted Markdown string: the title of a link ``[t](url "title")``
    or of an admonition ``!!! note "title"``.

    Backslash escapes and entities keep the quotes and brackets of the text
    from closing the title or the link (a text cannot make a second link).
    """
    return md_text(text).replace('"', "&quot;").replace("'", "&#39;")


def md_destination(href: str) -> str:
    """A URL as a Markdown link's destination ``[t](url)``: the characters
    that would end it or start a title percent-encoded."""
    return href.translate(_DESTINATION)


_DESTINATION = str.maketrans({c: f"%{ord(c):02X}" for c in " ()<>\"\n\t"})


def md_html_text(text: str) -> str:
    """Text inside a raw HTML element of a Markdown page.

    Markdown leaves the element's content alone, but a line of it that is a
    fence (``~~~``) is taken before the element is recognised, and eats the
    page up to the next fence: line breaks become spaces, as a browser
    shows them anyway; control characters are dropped as in ``md_text``.
    """
    return _html_text(str(text))


def md_html_attr(text: str) -> str:
    """An attribute value, between double quotes, in a Markdown page: on one
    line, as in ``md_html_text`` (a line break would end an attribute list
    or split a raw HTML line)."""
    return _html_attr(str(text))


def mkdocs_title(text: str) -> str:
    """A menu title given to MkDocs (``nav`` entries), which the theme
    prints unescaped, in text and in attributes: handed over as escaped
    HTML."""
    # '"' is escaped, "'" is not: the theme's attributes are double-quoted,
    # and an escaped "'" would be read out as "&#x27;" where the theme
    # escapes a title once more (the footer's aria-label).
    return html.escape(" ".join(str(text).split()), quote=False).replace('"', "&quot;")


def front_matter(title: str | None = None, description: str | None = None, **other: Any) -> str:
    """A page's YAML front matter, dumped by YAML (quotes, colons and line
    breaks in the text cannot break it), as plain text on one line: the
    theme override escapes ``title`` and ``description`` for HTML. ``other``
    keys (flags such as ``autolink: true``) are dumped as given."""
    data: dict[str, Any] = {}
    if title is not None:
        data["title"] = " ".join(str(title).split())
    if description is not None:
        data["description"] = " ".join(str(description).split())
    data.update(other)
    # libyaml's dumper writes what PyYAML's does for text of these characters
    # (not for others: astral ones, NEL, the line and paragraph separators, a
    # BOM), and several times faster
    fast = all(YAML_C_SAME.fullmatch(v) for v in _texts(data))
    dumper = _C_DUMPER if fast else yaml.SafeDumper
    body = yaml.dump(data, Dumper=dumper, allow_unicode=True, sort_keys=False, width=10**9)
    return "---\n" + body + "---\n"


def _texts(value: Any):
    """Every string a front matter value holds, keys included (a breadcrumb
    is a list of mappings)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _texts(key)
            yield from _texts(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _texts(item)


def json_text(value: Any, **kw: Any) -> str:
    """JSON for a file or an inline ``<script>``: "<", ">" and "&" as \\u
    escapes, so that no "</script>" or "<!--" can appear in it."""
    text = json.dumps(value, ensure_ascii=False, **kw)
    return (
        text.replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("&", "\\u0026")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )


def js_string(text: str) -> str:
    """A JavaScript string literal (with its quotes) for ``text``."""
    return json_text(str(text))
