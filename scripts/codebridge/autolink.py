"""The newsletter auto-linker: the site's reference grammar for any text.

``autolink_js`` writes the browser's copy (``assets/javascripts/autolink.js``
from ``content/autolink.template.js``); ``autolink_spans``,
``autolink_markdown`` and ``autolink_html`` are the same rules in Python
(``codebridge autolink``). Unknown provisions stay plain text.
"""

from __future__ import annotations

import html
from pathlib import Path

from . import labels
from .escape import js_string, json_text, md_destination
from .export import citations
from .model import ANNEX, Code, Label
from .references import SIBLING_SEPARATORS
from .patterns import (
    ANNEX_REFERENCE,
    CITATION_PARTS,
    COUNT_AFTER_SOURCE,
    DOTTED_ITEM,
    DOTTED_REFERENCE,
    BLANK_LINE,
    EXPLICIT_REFERENCE,
    HTML_ENTITY,
    HTML_PIECE,
    MARKDOWN_PROTECTED,
    REFERENCE_ITEM,
    SIBLING_SECTION,
    SIBLING_SECTIONS,
    SPACED_REFERENCE,
    end_tag,
    js_regex,
    js_source,
)


def table(code: Code) -> dict[str, str]:
    """``data/citations.json`` of the code: what the auto-linker reads."""
    from .collect import placeholders, references

    return citations(code, placeholders(code, references(code)))


def autolink_js(code: Code, template: Path, public: str | None = None, cited: dict[str, str] | None = None) -> str:
    """``autolink.js``: the template with the grammar, the citations and
    their addresses (``data/citations.json``), the laws the sources give,
    and the site's public address (its links' default base)."""
    present = sorted(law.number for law in code.present())
    return (
        template.read_text(encoding="utf-8")
        .replace("/*REFERENCE*/", js_string(js_regex(EXPLICIT_REFERENCE)))
        .replace("/*ITEM*/", js_string(js_regex(REFERENCE_ITEM)))
        .replace("/*PARTS*/", js_string(js_regex(CITATION_PARTS)))
        .replace("/*ANNEX*/", js_string(js_regex(ANNEX_REFERENCE)))
        .replace("/*SPACED*/", js_string(js_regex(SPACED_REFERENCE)))
        .replace("/*DOTTED*/", js_string(js_regex(DOTTED_REFERENCE)))
        .replace("/*DOTTED_ITEM*/", js_string(js_source(DOTTED_ITEM.pattern)))
        .replace("/*SIBLING_SECTIONS*/", js_string(js_regex(SIBLING_SECTIONS)))
        .replace("/*SIBLING_SECTION*/", js_string(js_source(SIBLING_SECTION.pattern)))
        .replace("/*COUNT_AFTER*/", js_string(js_source(COUNT_AFTER_SOURCE)))
        .replace("/*PUBLIC*/", js_string(public or ""))
        .replace("/*CITATIONS*/", json_text(cited if cited is not None else table(code)))
        .replace("/*PRESENT*/", json_text(present))
        .replace("/*SIBLINGS*/", json_text(sorted(SIBLING_SEPARATORS)))
    )


def url(table: dict[str, str], present: set[str], target: Label) -> str | None:
    """Where the auto-linker leads a citation: its address in ``table``
    (``data/citations.json``); a provision of a law the sources lack, that
    law's page (the provision has no text there yet); else None: plain text
    (no such law or provision). autolink.js applies the same rule."""
    found = table.get(labels.citation(target))
    if found is None and target[0] not in present:
        found = table.get(labels.citation(target[:1]))
    return found


def autolink_spans(text: str, code: Code, base: str = "") -> list[tuple[int, int, str]]:
    """The references of any text as (start, end, URL): the same grammar as
    the site's, the addresses of ``data/citations.json`` (``url``)."""
    from .references import find_references, resolve

    cited = table(code)
    present = {law.number for law in code.present()}
    out, claimed = [], []  # the spans the passes before the grammar took
    for m in SPACED_REFERENCE.finditer(text):  # "Loi 64 B 7": read before the grammar, which would take "Loi 64" alone
        claimed.append((m.start("ref"), m.end("ref")))
        label = (m["law"], m["section"]) + tuple(g for g in (m["number"], m["letter"] or m["bare"], m["roman"]) if g)
        found = url(cited, present, label)
        end = m.end("ref")
        if found is None and m["bare"]:  # « … 64 B 7 a été … »: the next word, not a sub-paragraph
            found, end = url(cited, present, label[:-1]), m.end("number")
        if found is not None:
            out.append((m.start("ref"), end, base + found))
    for m in DOTTED_REFERENCE.finditer(text):  # "Loi 71.2": the grammar would read laws 71 and 2
        items = []
        for item in DOTTED_ITEM.finditer(m["list"]):
            found = url(cited, present, (item["law"], item["number"]))
            if found is not None:  # the first with the word before it
                start = m.start("ref") if item.start() == 0 else m.start("list") + item.start()
                items.append((start, m.start("list") + item.end(), base + found))
        claimed.append((m.start("ref"), m.end("ref")))  # « Loi 64.1 », no paragraph: text, not Law 64 and Law 1
        out += items
    for m in SIBLING_SECTIONS.finditer(text):  # « Loi 64B1 et B2 »: B2 is Law 64's (the grammar links the first)
        for item in SIBLING_SECTION.finditer(m["rest"]):
            found = url(cited, present, (m["law"], item["section"]) + tuple(g for g in (item["number"], item["letter"]) if g))
            if found is not None:
                out.append((m.start("rest") + item.start(), m.start("rest") + item.end(), base + found))
    for raw in find_references(text, relative=False):
        if raw.start == raw.end or any(a < raw.end and raw.start < b for a, b in claimed):
            continue
        target = resolve(raw, ("0",))
        found = url(cited, present, target) if target is not None else None
        if found is not None:
            out.append((raw.start, raw.end, base + found))
    for m in ANNEX_REFERENCE.finditer(text):
        if not m["number"] and not m["word"][0].isupper():
            continue  # "an annex" in passing
        target = (ANNEX,) + tuple(g for g in (m["number"], m["sub"]) if g)
        found = cited.get(labels.citation(target))
        if found is not None:  # no such item: plain text, as for the laws
            out.append((m.start("ref"), m.end("ref"), base + found))
    return sorted(out)


def autolink_markdown(text: str, code: Code, base: str) -> str:
    """Link references in Markdown, leaving code and existing links alone;
    an HTML block (a line beginning with ``<div>``, ``<table>``…) is linked
    as HTML, where Markdown's syntax would show as written."""
    out, pos = [], 0
    while (m := MARKDOWN_PROTECTED.search(text, pos)) is not None:
        end, piece = m.end(), m.group(0)
        if m["block"]:
            end = _html_block_end(text, m.end(), m["block"])
            piece = autolink_html(text[m.start() : end], code, base)
        out += [_link_md(text[pos : m.start()], code, base), piece]
        pos = end
    out.append(_link_md(text[pos:], code, base))
    return "".join(out)


def _html_block_end(text: str, start: int, name: str) -> int:
    """Where an HTML block opened by ``name`` before ``start`` ends: the
    line of its end tag, else a blank line, else the text's end."""
    closing = end_tag(name).search(text, start)
    if closing is not None:
        line_end = text.find("\n", closing.end())
        return len(text) if line_end < 0 else line_end
    blank = BLANK_LINE.search(text, start)
    return len(text) if blank is None else blank.start()


def _spans(text: str, code: Code, base: str) -> list[tuple[int, int, str]]:
    """``autolink_spans`` of a text that may hold character references,
    each read as its character (« Loi&nbsp;64B7&nbsp;: » is Law 64B7), the
    spans placed back on the text as written."""
    if "&" not in text:
        return autolink_spans(text, code, base)
    plain, starts, ends, at = [], [], [], 0
    for m in HTML_ENTITY.finditer(text):
        plain.append(text[at : m.start()])
        starts += range(at, m.start())
        ends += range(at + 1, m.start() + 1)
        read = html.unescape(m.group(0))
        if read == m.group(0):  # no such reference: its characters, as written
            read = m.group(0)
            starts += range(m.start(), m.end())
            ends += range(m.start() + 1, m.end() + 1)
        else:
            starts += [m.start()] * len(read)
            ends += [m.end()] * len(read)
        plain.append(read)
        at = m.end()
    plain.append(text[at:])
    starts += range(at, len(text))
    ends += range(at + 1, len(text) + 1)
    return [(starts[a], ends[b - 1], url) for a, b, url in autolink_spans("".join(plain), code, base) if b > a]


def _link_md(text: str, code: Code, base: str) -> str:
    out, pos = [], 0
    for a, b, url in _spans(text, code, base):
        out += [text[pos:a], f"[{text[a:b]}]({md_destination(url)})"]
        pos = b
    out.append(text[pos:])
    return "".join(out)


# Elements whose text the auto-linker leaves alone (besides the raw-text
# ones ``HTML_PIECE`` takes whole): a link, code, a button, the head.
HTML_SKIP = frozenset({"a", "code", "pre", "button", "head", "select", "option"})


def autolink_html(text: str, code: Code, base: str) -> str:
    """Link references in the text of an HTML document or fragment, outside
    links, code, scripts, the title and the head. Everything else is kept
    as written, byte for byte: only the links are added."""
    out, pos, open_skips = [], 0, []

    def link(chunk: str) -> str:
        if open_skips or not chunk.strip():
            return chunk
        pieces, at = [], 0
        for a, b, url in _spans(chunk, code, base):
            pieces += [chunk[at:a], f'<a class="cb-autolink" href="{html.escape(url, quote=True)}">', chunk[a:b], "</a>"]
            at = b
        return "".join(pieces + [chunk[at:]])

    for m in HTML_PIECE.finditer(text):
        out += [link(text[pos : m.start()]), m.group(0)]
        pos = m.end()
        name = (m["name"] or "").lower()
        if name in HTML_SKIP and not m.group(0).endswith("/>"):
            if m["end"]:
                if name in open_skips:  # close it, and what was left open inside it
                    del open_skips[len(open_skips) - 1 - open_skips[::-1].index(name) :]
            else:
                open_skips.append(name)
    out.append(link(text[pos:]))
    return "".join(out)
