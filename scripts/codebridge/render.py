"""Render: the collected layers (``collect.Layers``) as Markdown pages, in
French or English.

``Renderer`` is the one walker over the units of the law pages: their text,
note calls and references, notes, and the furniture collected for them
("Cité par", copy controls, examples, "Voir aussi", the language switch).
``parallel_page`` walks the same units (``layers.keyed``) for a law's
parallel view, French and English side by side.
Text is escaped once, here; layers become markup at the same time, span by
span, so the law text is never re-parsed. Links come from ``labels``: Markdown
links between source files, which the engine validates and rewrites for
either URL style (directory URLs online, ``.html`` files offline).
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Iterable

from . import doc, labels
from .escape import front_matter, html_attr, md_html_attr, md_html_text, md_link_title, md_text
from .strings import Area, t
from .labels import parallel_src
from .layers import find_calls, keyed, note_key, notes_by_owner
from .model import ANNEX, Code, Label, Law, Provision
from .patterns import ATTR_TOKEN, FRONT_MATTER, LAW_PAGE_LINK, MD_HEADING

if TYPE_CHECKING:
    from .collect import Layers

CARDS = "assets/cards/"  # the link cards, one per law (publish.CARDS)

# The laws directors open most, as large buttons on the home: (string key, law).
TOP = (
    ("revoke", "64"),
    ("penalty_cards", "50"),
    ("lead_out_of_turn", "54"),
    ("claims", "70"),
    ("insufficient_bid", "27"),
    ("unauthorized_information", "16"),
)

PARTS = (
    ("definitions", range(1, 17)),
    ("17-39", range(17, 40)),
    ("40-64", range(40, 65)),
    ("65-93", range(65, 94)),
)

# --------------------------------------------------------------------------
# Escaping and annotation


def md_escape(text: str) -> str:
    """Escape text so that Markdown shows it exactly as written
    (``escape.md_text``, under the name the renderers know)."""
    return md_text(text)


@dataclass(frozen=True)
class Span:
    """Markup to put around ``text[start:end]``; ``render`` gets the escaped
    text of the span and returns Markdown."""

    start: int
    end: int
    render: Callable[[str], str]


def annotate(text: str, spans: Iterable[Span]) -> str:
    """Escape ``text`` and merge the spans (sorted, overlaps refused)."""
    out, pos = [], 0
    for span in sorted(spans, key=lambda s: s.start):
        if span.start < pos:
            continue  # overlapping layers: the first one wins
        out.append(md_escape(text[pos : span.start]))
        out.append(span.render(md_escape(text[span.start : span.end])))
        pos = span.end
    out.append(md_escape(text[pos:]))
    return "".join(out)


# --------------------------------------------------------------------------
# Pages as data (``doc``): the other pages' one way into Markdown


def markdown(nodes: Iterable[doc.Node]) -> str:
    """Blocks (``doc``) as Markdown, each text escaped for where it lands:
    Markdown text, the text of a raw HTML element, a link title, an
    attribute value, the front matter."""
    out = []
    for node in nodes:
        if isinstance(node, doc.Front):
            out.append(front_matter(node.title, node.description, **node.flags).rstrip("\n"))
        else:
            out.append(_block(node))
    return "\n\n".join(out) + "\n"


def _block(node: doc.Node) -> str:
    if isinstance(node, doc.Heading):
        attrs = ([f"#{_token(node.id)}"] if node.id else []) + [f".{_token(c)}" for c in node.classes]
        tail = f" {{ {' '.join(attrs)} }}" if attrs else ""
        return "#" * node.level + " " + _md(node.children) + tail
    if isinstance(node, doc.Para):
        return _md(node.children)
    if isinstance(node, doc.Line):
        attrs = node.attrs + ((("markdown", "1"),) if node.markdown else ())
        inner = _md(node.children) if node.markdown else _html(node.children)
        return f"<{node.name}{_attrs(attrs)}>{inner}</{node.name}>"
    if isinstance(node, doc.Block):
        body = "\n\n".join(_block(child) for child in node.children)
        return f"<{node.name}{_attrs(node.attrs + (('markdown', node.markdown),))}>\n\n{body}\n\n</{node.name}>"
    if isinstance(node, doc.Items):
        return "\n".join("- " + _md(item) for item in node.items)
    if isinstance(node, doc.Note):
        return f'!!! {node.kind} "{md_link_title(node.title)}"\n\n    ' + _md(node.children)
    if isinstance(node, doc.Html):
        return _raw(node)
    raise TypeError(f"not a block of a page: {node!r}")


def _raw(node: "doc.Html | doc.Line | doc.Data") -> str:
    """An element Markdown leaves alone, each child on a line of its own."""
    if isinstance(node, doc.Line):
        if node.markdown:
            raise TypeError(f"Markdown cannot be read inside a raw HTML element: {node!r}")
        return _block(node)
    if isinstance(node, doc.Data):
        # JSON in a script element: "</" would end the element
        data = json.dumps(node.value, ensure_ascii=False).replace("</", "<\\/")
        return f'<script type="application/json"{_attrs(node.attrs)}>{data}</script>'
    if isinstance(node, doc.Html):
        lines = [f"<{node.name}{_attrs(node.attrs)}>", *(_raw(child) for child in node.children), f"</{node.name}>"]
        return "\n".join(lines)
    raise TypeError(f"not a part of a raw HTML element: {node!r}")


def _md(children: Iterable[doc.Inline], line_start: bool = True) -> str:
    """Inline nodes in Markdown text (a paragraph, a heading, a list item,
    an element Markdown reads)."""
    out = []
    for child in children:
        if isinstance(child, str):
            out.append(md_text(child, line_start=line_start and not out))
        elif isinstance(child, (doc.Strong, doc.Em)):
            out.append(_emphasis("**" if isinstance(child, doc.Strong) else "*", _md(child.children, False)))
        elif isinstance(child, doc.Code):
            out.append(_code_span(child.text))
        elif isinstance(child, doc.Link):
            title = f' "{md_link_title(child.title)}"' if child.title is not None else ""
            attrs = [f".{_token(c)}" for c in child.classes] + [f'{_token(k)}="{_token(v)}"' for k, v in child.data]
            tail = f"{{ {' '.join(attrs)} }}" if attrs else ""
            out.append(f"[{_md(child.children, False)}]({_destination(child.href)}{title}){tail}")
        elif isinstance(child, doc.Tag):
            # inline HTML in Markdown text: Markdown reads what it holds
            out.append(f"<{child.name}{_attrs(child.attrs)}>{_md(child.children, False)}</{child.name}>")
        elif isinstance(child, doc.Break):
            out.append("  \n")
        else:
            raise TypeError(f"not inline text: {child!r}")
    return "".join(out)


def _emphasis(mark: str, inner: str) -> str:
    """``**text**``: spaces at either end go outside the marks, where
    Markdown still reads them as emphasis."""
    body = inner.strip(" ")
    if not body:
        return inner
    lead, tail = inner[: len(inner) - len(inner.lstrip(" "))], inner[len(inner.rstrip(" ")) :]
    return f"{lead}{mark}{body}{mark}{tail}"


def _html(children: Iterable[doc.Inline]) -> str:
    """Inline nodes inside a raw HTML element, which Markdown leaves alone."""
    out = []
    for child in children:
        if isinstance(child, str):
            out.append(md_html_text(child))
        elif isinstance(child, doc.Strong):
            out.append(f"<strong>{_html(child.children)}</strong>")
        elif isinstance(child, doc.Em):
            out.append(f"<em>{_html(child.children)}</em>")
        elif isinstance(child, doc.Code):
            out.append(f"<code>{md_html_text(child.text)}</code>")
        elif isinstance(child, doc.Link):
            attrs = (("href", child.href),)
            attrs += (("title", child.title),) if child.title is not None else ()
            attrs += (("class", " ".join(child.classes)),) if child.classes else ()
            out.append(f"<a{_attrs(attrs + child.data)}>{_html(child.children)}</a>")
        elif isinstance(child, doc.Tag) and child.name in VOID:
            if child.children:
                raise TypeError(f"<{child.name}> holds nothing: {child!r}")
            out.append(f"<{child.name}{_attrs(child.attrs)}>")
        elif isinstance(child, doc.Tag):
            out.append(f"<{child.name}{_attrs(child.attrs)}>{_html(child.children)}</{child.name}>")
        elif isinstance(child, doc.Break):
            out.append("<br>")
        else:
            raise TypeError(f"not inline text: {child!r}")
    return "".join(out)


VOID = frozenset({"br", "hr", "img", "input", "wbr"})  # elements HTML closes on their own


def _token(value: str) -> str:
    """A value of an attribute list (an id, a class, ``data-cite="64B7"``):
    Markdown reads its inline syntax before the list is read, and no escape
    survives both, so only ids, classes and citations are accepted."""
    if not ATTR_TOKEN.fullmatch(value):
        raise ValueError(f"not an id, a class or a citation, cannot go in an attribute list: {value!r}")
    return value


def _destination(href: str) -> str:
    """A URL as a Markdown link's destination: the characters that would end
    it or start a title percent-encoded."""
    return href.translate(_DESTINATION)


_DESTINATION = str.maketrans({c: f"%{ord(c):02X}" for c in " ()<>\"\n\t"})


def _code_span(text: str) -> str:
    """A Markdown code span: shown as written, whatever backticks it holds."""
    text = " ".join(text.split())
    fence = "`"
    while fence in text:
        fence += "`"
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _attrs(attrs: doc.Attrs) -> str:
    return "".join(f" {k}" if v is None else f' {k}="{md_html_attr(v)}"' for k, v in attrs)


# --------------------------------------------------------------------------
# Pages


rel = labels.rel  # kept for the modules that import it from here


def law_heading(law: Law, lang: str, title: str | None) -> str:
    if law.number == ANNEX:
        name = t(lang, "annex")
    else:
        name = f"{t(lang, 'law')} {law.number}"
    return f"{name} – {title}" if title else name


def law_name(number: str, lang: str) -> str:
    return t(lang, "annex") if number == ANNEX else f"{t(lang, 'law')} {number}"


@dataclass
class Renderer:
    """The one walker that turns units into Markdown, for one language's
    site, from the collected ``layers`` (``collect.collect``) and nothing
    else. ``furniture`` off (the edition) leaves out what only a law's own
    page has: the language switch, copy controls, "Cité par", examples,
    "Voir aussi" and the scoring inserts."""

    code: Code
    layers: Layers
    furniture: bool = True

    @property
    def lang(self) -> str:
        return self.layers.lang

    def texts(self, key: str, fr: str) -> str:
        """A unit's text in the site's language (``Layers.text``)."""
        return self.layers.text(key, fr)

    # -- text ----------------------------------------------------------------
    def unit(self, law: Law, key: str, fr: str, src: str) -> str:
        """A unit's text in the site's language, escaped, with its layers:
        note calls and references."""
        text = self.texts(key, fr)
        spans = [Span(a, b, self._note_call(law, marker)) for a, b, marker in self.layers.calls.get(key, ())]
        spans += self.references(key, src)
        return annotate(text, spans)

    def references(self, key: str, src: str) -> list[Span]:
        """The references of unit ``key`` as links from page ``src``."""
        return [
            Span(r.start, r.end, reference_link(labels.href(src, r.target), self.layers.preview(r.target), r.target))
            for r in self.layers.located.get(key, ())
        ]

    def _note_call(self, law: Law, marker: str):
        href = labels.note_href(law.number, marker)

        def render(escaped: str) -> str:
            title = html_attr(t(self.lang, "note"))
            return f'<sup class="cb-call"><a class="footnote-ref" href="{href}" aria-label="{title} {html_attr(marker)}">{escaped}</a></sup>'

        return render

    # -- law pages -------------------------------------------------------------
    def law_page(self, law: Law) -> str:
        src = labels.law_src(law.number)
        title = self.layers.title(law)
        inserts = self.layers.inserts if self.furniture else {}
        lines = [
            front_matter(title=law_heading(law, self.lang, title), description=self.description(law), card=f"{CARDS}{law.number}.png"),
            f"# {md_escape(law_heading(law, self.lang, title))} {{ #{labels.anchor(law.label)} }}",
            "",
        ]
        if self.furniture:
            parallel = parallel_src(law.number) if law.present else None
            lines += [switch_line(src, self.lang, self.layers.directory_urls, parallel), ""]
        if labels.start_key(law.number) in inserts:
            lines += [_insert(inserts[labels.start_key(law.number)]), ""]
        if self.lang == "en":
            lines += [unofficial_notice(self.lang), ""]
            if law.number in self.layers.untranslated:
                lines += _admonition("info", t(self.lang, "pending.title"), t(self.lang, "pending.body"))
        if not law.present:
            lines += _admonition("info", t(self.lang, "absent.title"), t(self.lang, "absent.body", n=law.number))
            if self.furniture:
                lines.append(_joined([self.placeholders(law, src), self.law_examples(law.number, src)]))
            else:
                lines.append("")
            return "\n".join(lines)
        for gap in self.layers.gaps.get(law.label, ()):
            lines += _admonition("warning", t(self.lang, "gap.title"), gap.fr if self.lang == "fr" else gap.en)
        lines += self.content(law, law.label, law.content, src, depth=1)
        if labels.end_key(law.number) in inserts:
            lines += ["", _insert(inserts[labels.end_key(law.number)]), ""]
        if law.notes:
            lines += self.notes_block(law, src)
        footer = self.law_footer(law, src) if self.furniture else ""
        if footer:
            lines += ["", footer, ""]
        return "\n".join(lines)

    def description(self, law: Law) -> str:
        first = next(
            (self.texts(labels.block_key(p.label, 0), p.blocks[0].text) for p in law.provisions() if p.blocks),
            None,
        )
        if law.blocks:
            first = self.texts(labels.block_key(law.label, 0), law.blocks[0].text)
        if not law.present or first is None:
            return t(self.lang, "absent.title") if not law.present else self.texts(labels.title_key(law.label), law.title or "")
        return first[:200]

    def content(self, law, label, content, src, depth, lead: str = "", footer: str = "") -> list[str]:
        """Blocks and provisions of a law or provision, in printed order; the
        provision's ``footer`` goes after its own text, before its children."""
        out: list[str] = []
        in_list = False
        inserts = self.layers.inserts if self.furniture else {}
        started = False
        for key, item in keyed(label, content):
            if footer and started and key is None:  # after its own text only
                if in_list:
                    out.append("")
                    in_list = False
                out += ["", footer, ""]
                footer = ""
            if key is not None:
                started = True
                text = self.unit(law, key, item.text, src)
                if item.kind == "item":
                    if not in_list:
                        out.append("")
                    out.append(f"- {text}")
                    in_list = True
                else:
                    if in_list:
                        out.append("")
                    in_list = False
                    out += ["", lead + text, ""]
                    lead = ""
                if key in inserts:
                    if in_list:
                        out.append("")
                        in_list = False
                    out += ["", _insert(inserts[key]), ""]
            else:
                if in_list:
                    out.append("")
                in_list = False
                out += self.provision(law, item, src, depth, lead)
                lead = ""
        if in_list:
            out.append("")
        if lead:  # a marker with nothing after it
            out += ["", lead, ""]
        if footer:
            out += ["", footer, ""]
        return out

    def provision(self, law, p: Provision, src, depth, lead: str = "") -> list[str]:
        anchor = labels.anchor(p.label)
        title_key = labels.title_key(p.label)
        title = self.texts(title_key, p.title) if p.title else None
        footer = self.provision_footer(p, src) if self.furniture else ""
        if depth == 1 and title:  # a titled section is a heading of the page
            out = [
                "",
                f"## {md_escape(p.marker)} {self.unit(law, title_key, p.title, src)} {{ #{anchor} .cb-section }}",
                "",
            ]
            for gap in self.layers.gaps.get(p.label, ()):
                out += _admonition("warning", t(self.lang, "gap.title"), gap.fr if self.lang == "fr" else gap.en)
            out += ["", footer, ""]
            out += self.content(law, p.label, p.content, src, depth + 1)
            return out
        kind = labels.kinds(p.label)[-1]
        marker = f'<span class="cb-marker">{md_text(p.marker)}</span>'
        lead = lead + marker + " "
        out = ["", f'<div class="cb-prov cb-{kind}" id="{anchor}" markdown="1">']
        if title:
            out += ["", f'{lead}<span class="cb-title">{self.unit(law, title_key, p.title, src)}</span>', ""]
            lead = ""
        out += self.content(law, p.label, p.content, src, depth + 1, lead, footer)
        out += ["", "</div>", ""]
        return out

    def notes_block(self, law: Law, src: str) -> list[str]:
        callers = notes_by_owner(law)
        out = ["", f"## {t(self.lang, 'notes')} {{ #{labels.law_section_id('law.notes', law.number)} .cb-notes-title }}", ""]
        out.append('<div class="cb-notes" markdown="1">')
        for note in law.notes:
            key = note_key(law.number, note)
            text = self.unit(law, key, note.text, src)
            backs = " ".join(
                f'[{md_escape(labels.citation(l))}]({labels.href(src, l)} "{md_link_title(t(self.lang, "back"))}")'
                for l in callers[note.marker]
            )
            out += [
                "",
                f'<div class="cb-note" id="{labels.note_id(law.number, note.marker)}" markdown="1">',
                "",
                f'<span class="cb-note-badge">{t(self.lang, "note")}</span> '
                f'<span class="cb-note-marker">{md_text(note.marker)}</span> {text}',
                "",
                f'<span class="cb-note-back">↩ {backs}</span>' if backs else "",
                "",
                "</div>",
            ]
        out += ["", "</div>", ""]
        return out

    # -- furniture of a law page -------------------------------------------------
    def provision_footer(self, p: Provision, src: str) -> str:
        """Under a provision: copy controls and "Cité par", then the cases citing it."""
        return _joined([self.tools(p.label, src), self.provision_examples(p.label, src)])

    def tools(self, label: Label, src: str) -> str:
        """Copy controls ("lien", "citation") and "Cité par"."""
        lang = self.lang
        cite = labels.cite(label, lang)
        anchor = labels.anchor(label)
        # Each control's name starts with the word it shows (WCAG 2.5.3):
        # "lien (Copier le lien Loi 64B7)".
        e = html_attr
        tools = (
            f'<span class="cb-tools" data-anchor="{anchor}" data-cite="{e(cite)}">'
            f'<button type="button" class="cb-copy" data-copy="link" title="{e(_s(lang, "copy_link"))}" '
            f'aria-label="{e(_s(lang, "link_word"))} ({e(_s(lang, "copy_link"))} {e(cite)})">{md_escape(_s(lang, "link_word"))}</button>'
            f'<button type="button" class="cb-copy" data-copy="cite" title="{e(_s(lang, "copy_cite"))}" '
            f'aria-label="{e(_s(lang, "cite_word"))} ({e(_s(lang, "copy_cite"))} {e(cite)})">{md_escape(_s(lang, "cite_word"))}</button></span>'
        )
        citing = self.citers(label, src)
        line = tools
        if citing:
            line += f' <span class="cb-cited-by">{_s(lang, "cited_by")}{_s(lang, "colon")}{citing}</span>'
        return f'<div class="cb-meta" markdown="1">\n\n{line}\n\n</div>'

    def citers(self, target: Label, src: str) -> str:
        """What cites ``target``, as links from page ``src``."""
        out = []
        for c in self.layers.cited_by.get(target, ()):
            if c.label is not None:
                out.append(f"[{md_escape(labels.citation(c.label))}]({labels.href(src, c.label)}){{ .cb-citer }}")
            else:
                out.append(f"[{_s(self.lang, 'commentaries')} ↗]({labels.page_href(src, c.page, c.anchor)}){{ .cb-citer }}")
        return ", ".join(out)

    def law_footer(self, law: Law, src: str) -> str:
        """Under a law: what cites it, its worked examples, then the laws closest to it."""
        return _joined([self.law_cited(law, src), self.law_examples(law.number, src), self.see_also(law, src)])

    def law_cited(self, law: Law, src: str) -> str:
        """The law's summary: every provision of other laws that cites it."""
        ordered = self.layers.law_cited_by.get(law.number, ())
        if not ordered:
            return ""
        items = ", ".join(f"[{md_escape(labels.cite(l, self.lang))}]({labels.href(src, l)})" for l in ordered)
        return (
            f'<div class="cb-law-cited" markdown="1">\n\n**{_s(self.lang, "law_cited_by")}** '
            f"({len(ordered)}){_s(self.lang, 'colon')}{items}\n\n</div>"
        )

    def placeholders(self, law: Law, src: str) -> str:
        """On an absent law's page, the provisions cited elsewhere, each at the
        anchor it will keep once the text is added."""
        absent = self.layers.absent.get(law.number)
        if absent is None or (not absent.provisions and not absent.whole):
            return ""
        lang = self.lang
        lines = ["", f"## {_s(lang, 'placeholder')} {{ #{labels.law_section_id('law.cited', law.number)} }}", ""]
        for target in absent.provisions:
            lines.append(
                f'<div class="cb-prov cb-placeholder" id="{labels.anchor(target)}" markdown="1">\n\n'
                f"**{md_escape(labels.cite(target, lang))}** — {_s(lang, 'cited_by')}{_s(lang, 'colon')}{self.citers(target, src)}\n\n</div>\n"
            )
        if absent.whole:
            lines.append(f"{_s(lang, 'law_cited_by')}{_s(lang, 'colon')}{self.citers(law.label, src)}")
        return "\n".join(lines) + "\n"

    def provision_examples(self, label: Label, src: str) -> str:
        """Under a provision that cases cite: "Exemples : …"."""
        entries = self.layers.examples.get(label)
        if not entries:
            return ""
        items = ", ".join(entry_link(e, src, self.lang) for e in entries)
        return f'<div class="cb-examples" markdown="1">\n\n**{t(self.lang, "examples.on_provision")}**{t(self.lang, "examples.colon")}{items}\n\n</div>'

    def law_examples(self, number: str, src: str) -> str:
        """At the end of a law page: every case citing the law, with the
        provisions of this law it cites."""
        entries = self.layers.law_examples.get(number)
        if not entries:
            return ""
        lang = self.lang
        lines = [f"## {t(lang, 'examples.on_law')} {{ #{labels.law_section_id('law.cases', number)} .cb-examples-title }}", "", t(lang, "examples.on_law_intro"), ""]
        for e in entries:
            cited = [l for l in e.provisions if l[0] == number]
            # plain links: the law's own references are the only ``.ref`` of its page
            where = ", ".join(
                f"[{md_escape(labels.cite(l, lang))}]({self.provision_href(src, l)}){{ .cb-example-cite }}" for l in cited
            )
            lines.append(f"- {entry_link(e, src, lang)} — {where}")
        return "\n".join(lines) + "\n"

    def provision_href(self, src: str, label: Label) -> str:
        """A cited provision's place; on the page of a law the sources lack,
        the page itself (its provisions have no text, hence no anchor yet)."""
        return labels.href(src, label if label[0] in self.layers.present else label[:1], local=False)

    def see_also(self, law: Law, src: str) -> str:
        """The law page's "See also": the laws closest to it in the index,
        each by its closest provision (``SearchIndex.related``)."""
        hits = self.layers.see_also.get(law.number)
        if not hits:
            return ""
        title, anchor = t(self.lang, "see_also.title"), labels.see_also_id(self.lang)
        lines = [f"## {title} {{ #{anchor} .cb-see-also }}", ""]
        for hit in hits:
            heading = f" — {md_escape(hit.heading)}" if hit.heading else ""
            lines.append(f"- [{md_escape(labels.cite(hit.label, self.lang))}]({labels.href(src, hit.label)}){heading}")
        return "\n".join(lines)

    # -- other pages -----------------------------------------------------------
    def home_page(self) -> str:
        """The home, phone first: search, "go to law n°" and the most
        consulted laws fill the first screen; then the parts; the laws the
        sources lack take one compact line at the end."""
        lang = self.lang
        s = lambda key: html.escape(t(lang, key))
        search, goto = labels.control_id("home", "q"), labels.control_id("home", "goto")
        lines = [
            front_matter(title=t(lang, "code"), description=t(lang, "home.intro")),
            '<div class="cb-home" markdown="1">',
            "",
            f"# {md_escape(t(lang, 'code'))}",
            "",
            # a plain GET form: ?q= opens the search dialog on any page (search.js), no script needed here
            f'<form class="cb-home-search" role="search" method="get"><label for="{search}">{s("publish.home.search")}</label>'
            f'<span class="cb-field"><input id="{search}" type="search" name="q" placeholder="{s("publish.home.search_placeholder")}" '
            'autocomplete="off" autocapitalize="off" spellcheck="false" enterkeyhint="search">'
            f'<button type="submit" class="md-button md-button--primary">{s("publish.home.search_button")}</button></span></form>',
            "",
            f'<form class="cb-goto" data-cb-goto data-unknown="{s("publish.home.goto_unknown")}"><label for="{goto}">{s("publish.home.goto")}</label>'
            f'<span class="cb-field"><input id="{goto}" type="text" name="loi" placeholder="{s("publish.home.goto_placeholder")}" '
            'autocomplete="off" autocapitalize="characters" spellcheck="false" enterkeyhint="go">'
            f'<button type="submit" class="md-button md-button--primary">{s("publish.home.goto_button")}</button></span>'
            '<span class="cb-goto__status" data-cb-goto-status role="status"></span></form>',
            "",
            f"## {md_escape(t(lang, 'publish.home.top'))} {{ #{labels.section_id('home.top')} .cb-home-h }}",
            "",
            '<div class="cb-top" markdown="span">',
        ]
        for key, number in TOP:
            name = law_name(number, lang).replace(" ", "\u00a0")
            lines.append(f"[{md_escape(t(lang, 'publish.top.' + key))} <small>{md_escape(name)}</small>]({labels.law_src(number)})")
        lines += [
            "</div>",
            "",
            f'<p class="cb-home-intro">{s("home.intro")}</p>',
            "",
            "</div>",
            "",
            f'<p class="cb-home-situations" markdown="1">[{md_escape(t(self.lang, "situations.home"))}](que-faire-si.md)</p>',
            "",
        ]
        absent: list[Law] = []
        for part, numbers in PARTS:
            laws = [self.code.law(str(n)) for n in numbers]
            if not any(law.present for law in laws):
                absent += laws
                continue
            lines += ["", f"## {t(lang, 'part.' + part)} {{ #{labels.section_id('home.' + part)} }}", ""]
            for law in laws:
                lines.append(self._law_item(law, "index.md"))
        lines += ["", f"## {t(lang, 'part.annexe')} {{ #{labels.section_id('home.annex')} }}", ""]
        lines.append(self._law_item(self.code.law(ANNEX), "index.md"))
        lines += [
            "",
            f"## {t(lang, 'part.index')} {{ #{labels.section_id('home.index')} }}",
            "",
            f"- [{t(lang, 'part.index')}](index-alphabetique.md)",
            f"- [{t(lang, 'ffb.title')}](notes-ffb.md)",
            f"- [{md_escape(t(lang, 'publish.edition.link'))}](edition/index.md)",
            f"- [{t(lang, 'about')}](a-propos.md)",
            "",
        ]
        if absent:
            # the parts the sources lack: one compact line, after everything we have
            lines += [
                "",
                f'<p class="cb-compact cb-absent-laws" markdown="1"><span class="cb-absent">{s("publish.home.absent")}</span> '
                + " · ".join(self._law_link(law, "index.md") for law in absent)
                + "</p>",
                "",
            ]
        return "\n".join(lines)

    def _law_link(self, law: Law, src: str) -> str:
        """A law's number as a link, with its title as a tooltip when known."""
        title = self.layers.title(law)
        hint = f' "{md_link_title(law_heading(law, self.lang, title))}"' if title else ""
        name = law_name(law.number, self.lang).replace(" ", "\u00a0")  # "Loi 8" never split
        return f"[{md_escape(name)}]({rel(src, labels.law_src(law.number))}{hint})"

    def _law_item(self, law: Law, src: str) -> str:
        title = self.layers.title(law)
        name = law_name(law.number, self.lang)
        text = f"{name} – {title}" if title else name
        link = f"[{md_escape(text)}]({rel(src, labels.law_src(law.number))})"
        if not law.present:
            return f'- {link} <span class="cb-absent">{t(self.lang, "absent.mark")}</span>'
        return f"- {link}"

    def ffb_page(self) -> str:
        src = "notes-ffb.md"
        lines = [
            front_matter(title=t(self.lang, "ffb.title")),
            f"# {t(self.lang, 'ffb.title')}",
            "",
            t(self.lang, "ffb.intro"),
            "",
        ]
        for law in self.code.present():
            if not law.notes:
                continue
            title = self.texts(labels.title_key(law.label), law.title)
            page = labels.law_src(law.number)
            lines += ["", f"## [{md_escape(law_heading(law, self.lang, title))}]({rel(src, page)}) {{ #{labels.law_section_id('ffb.law', law.number)} }}", ""]
            callers = notes_by_owner(law)
            for note in law.notes:
                key = note_key(law.number, note)
                text = annotate(self.texts(key, note.text), self.references(key, src))
                where = ", ".join(
                    f"[{md_escape(labels.cite(l, self.lang))}]({labels.href(src, l)})" for l in callers[note.marker]
                )
                lines += [
                    f'- <span class="cb-note-marker">{md_text(note.marker)}</span> {text}'
                    f' — *{t(self.lang, "ffb.applies")}*{t(self.lang, "links.colon")}{where}'
                ]
        return "\n".join(lines) + "\n"

    # -- the edition -------------------------------------------------------------
    def edition_page(self, src: str) -> str:
        """Every law the sources give on one page ``src``, with a table of
        contents: each law as on its own page (this renderer leaves out the
        furniture), its headings one level down, its links to other laws
        pointed inside the page."""
        lang, code = self.lang, self.code
        title = t(lang, "publish.edition.title")
        present = code.present()
        toc = doc.Items(tuple(
            (doc.Link((law_heading(law, lang, self.layers.title(law)),), labels.page_href(src, src, labels.anchor(law.label))),)
            for law in present
        ))
        nodes: list[doc.Node] = [
            doc.Front(title=title, description=t(lang, "publish.edition.intro")),
            doc.Heading(1, (title,), labels.section_id("edition.title")),
            doc.Para((t(lang, "publish.edition.intro"),)),
            doc.Heading(2, (t(lang, "publish.edition.toc"),), labels.section_id("edition.toc")),
            doc.Block("div", (toc,), (("class", "cb-edition-toc"),)),
        ]
        absent = [law for law in code.laws if not law.present]
        if absent:
            links = doc.joined(doc.Link((law.number,), labels.page_href(src, labels.law_src(law.number))) for law in absent)
            nodes.append(doc.Para((t(lang, "publish.edition.absent") + " ", *links)))

        def inside(m) -> str:
            # a link to a law, pointed inside the edition when the law is in it
            if not code.law(m["law"]).present:
                return "](" + labels.page_href(src, labels.law_src(m["law"]), m["frag"])
            return "](" + labels.page_href(src, src, m["frag"] or labels.anchor((m["law"],)))

        parts = [markdown(nodes)]
        for law in present:
            body = FRONT_MATTER.sub("", self.law_page(law))
            body = MD_HEADING.sub(lambda m: "#" + m[1] + " ", body)
            body = LAW_PAGE_LINK.sub(inside, body)
            parts.append(f'<div class="cb-edition-law" markdown="1">\n\n{body}\n\n</div>\n')
        return "\n".join(parts)


WBF_LAWS = "https://www.worldbridge.org/"  # the official English Laws


def unofficial_notice(lang: str) -> str:
    """The label of every English page: an unofficial working translation."""
    return (
        f'<p class="cb-unofficial">{html.escape(t(lang, "unofficial.text"))} '
        f'<a href="{WBF_LAWS}">{html.escape(t(lang, "unofficial.link"))}</a>.</p>'
    )



def reference_link(href: str, preview: str, target: Label):
    """A reference as a link with its preview as the title: the span's
    render function (it gets the escaped text of the reference)."""
    title = md_link_title(preview)
    cite = html_attr(labels.citation(target))

    def render(escaped: str) -> str:
        return f'[{escaped}]({href} "{title}"){{ .ref data-cite="{cite}" }}'

    return render


def entry_inline(entry, src: str, lang: str) -> tuple[doc.Inline, ...]:
    """A worked example (``examples.Entry``) as a link from page ``src``."""
    link: tuple[doc.Inline, ...] = (doc.Link((entry.title,), entry.href(src), classes=("cb-example",)),)
    if entry.seed is not None:
        link += (" ", doc.Tag("span", (f"({t(lang, 'examples.seed')})",), (("class", "cb-example-seed"),)))
    return link


def entry_link(entry, src: str, lang: str) -> str:
    """``entry_inline`` as Markdown, for the pages written here."""
    return _md(entry_inline(entry, src, lang), line_start=False)


def switch(src: str, lang: str, directory_urls: bool, parallel: str | None = None) -> doc.Line:
    """The line under a page title: the other language (same page, same
    provision: code.js adds the #anchor), and the ``parallel`` view's page."""
    other = t(lang, "bilingual.other_lang")
    attrs = (("class", "cb-lang-switch"), ("data-lang-switch", None), ("href", labels.other_language_href(src, lang, directory_urls)), ("hreflang", other), ("lang", other))
    out: tuple[doc.Inline, ...] = (doc.Tag("a", (t(lang, "bilingual.other"),), attrs),)
    if parallel:
        out += (" · ", doc.Link((t(lang, "bilingual.parallel"),), rel(src, parallel), classes=("cb-parallel-link",)))
    return doc.Line("p", out, (("class", "cb-switch"),), markdown=True)


def switch_line(src: str, lang: str, directory_urls: bool, parallel: str | None = None) -> str:
    """``switch`` as Markdown, for the pages written here."""
    return _block(switch(src, lang, directory_urls, parallel))


def _insert(nodes: Iterable[doc.Node]) -> str:
    """A layer's blocks placed in a page written here (the scoring layer)."""
    return markdown(nodes).rstrip("\n")


def _s(lang: str, key: str) -> str:
    return t(lang, "links." + key)


def _joined(parts: list[str]) -> str:
    """Blocks of Markdown one after the other, the empty ones left out."""
    return "\n\n".join(p for p in parts if p)


def _admonition(kind: str, title: str, body: str) -> list[str]:
    return [f'!!! {kind} "{md_link_title(title)}"', "", "    " + md_escape(body), ""]


# --------------------------------------------------------------------------
# The parallel view: French and English side by side, unit by unit


def parallel_page(law: Law, layers: "Layers", other: "Layers", inserts: dict[str, tuple] | None = None) -> str:
    """French and English side by side, one row per provision; each row keeps
    the provision's anchor, so that a link or the switch lands on it (and is
    highlighted there). A provision's marker opens its first text, so that on
    a phone it never stands apart; references and note calls are links (to
    the rows of the parallel views); each column says its language.
    ``layers`` are the site's, ``other`` the other language's; ``inserts``
    (unit key → ``doc`` blocks) go after their unit's row, full width."""
    lang = layers.lang
    s = Area(lang, "bilingual")
    src = parallel_src(law.number)
    by_lang = {layers.lang: layers, other.lang: other}
    title_fr = law.title
    title_en = by_lang["en"].text(labels.title_key(law.label), law.title)
    name = law_heading(law, lang, title_fr if lang == "fr" else title_en)
    cell = _Cells(law, src, by_lang, layers)
    cell.inserts = inserts or {}
    lines = [
        front_matter(title=s["parallel_title"].format(law=name)),
        f"# {md_escape(s['parallel_title'].format(law=name))} {{ #{labels.anchor(law.label)} }}",
        "",
        s["parallel_intro"],
        "",
        f'<p class="cb-switch" markdown="1">[{s["law_page"]}]({rel(src, labels.law_src(law.number))})</p>',
        "",
        f'<div class="cb-par cb-par-langs" aria-hidden="true"><div class="cb-par-fr" lang="fr">{html.escape(t(lang, "publish.bilingual.fr"))}</div>'
        f'<div class="cb-par-en" lang="en">{html.escape(t(lang, "publish.bilingual.en"))}</div></div>',
        "",
    ]
    lines += _row(None, md_escape(law_heading(law, "fr", title_fr)), md_escape(law_heading(law, "en", title_en)), "cb-par-law")
    lines += _blocks(law.label, law.content, cell)
    for p in law.provisions():
        anchor = labels.anchor(p.label)
        link = labels.href(src, p.label)
        cite = f"[{md_escape(labels.citation(p.label))}]({link}){{ .cb-par-cite }} "
        marker = f'<span class="cb-marker">{html.escape(p.marker)}</span> '
        if p.title:
            fr_head = cite + marker + cell.text(labels.title_key(p.label), p.title, "fr")
            en_head = cite + marker + cell.text(labels.title_key(p.label), p.title, "en")
            lines += _row(anchor, fr_head, en_head, "cb-par-head")
            lines += _blocks(p.label, p.content, cell)
        elif p.blocks:  # the marker opens the provision's first text
            lines += _blocks(p.label, p.content, cell, lead=(anchor, cite + marker))
        else:
            lines += _row(anchor, cite + marker, cite + marker, "cb-par-head")
            lines += _blocks(p.label, p.content, cell)
    if law.notes:
        lines += ["", f"## {s['notes']} {{ #{labels.section_id('parallel.notes')} }}", ""]
        for note in law.notes:
            key = labels.note_key(law.number, note.marker)
            marker = f'<span class="cb-note-marker">{html.escape(note.marker)}</span> '
            lines += _row(
                labels.note_id(law.number, note.marker),
                marker + cell.text(key, note.text, "fr", calls=False),
                marker + cell.text(key, note.text, "en", calls=False),
                "cb-par-note",
            )
    return "\n".join(lines) + "\n"


class _Cells:
    """The text of a unit in either column, escaped, with its references and
    note calls as links (to the rows of this page)."""

    def __init__(self, law, src, by_lang: dict[str, "Layers"], site: "Layers"):
        self.law, self.src, self.by_lang, self.site = law, src, by_lang, site
        self.markers = {n.marker for n in law.notes}

    def text(self, key: str, fr: str, lang: str, calls: bool = True) -> str:
        layers = self.by_lang[lang]
        text = layers.text(key, fr)
        found = [
            Span(a, b, self._call(marker)) for a, b, marker in (find_calls(text, self.markers) if calls else [])
        ]
        for r in layers.located.get(key, ()):
            present = r.target[0] in self.site.present
            href = labels.parallel_href(self.src, r.target, present)
            found.append(Span(r.start, r.end, reference_link(href, self.site.preview(r.target), r.target)))
        return annotate(text, found)

    def _call(self, marker: str):
        href = labels.note_href(self.law.number, marker)
        return lambda escaped: f'<sup class="cb-call"><a class="footnote-ref" href="{href}">{escaped}</a></sup>'


def _blocks(label, content, cell: _Cells, lead: tuple[str, str] | None = None) -> list[str]:
    out = []
    for key, item in keyed(label, content):
        if key is not None:
            dash = "– " if item.kind == "item" else ""
            anchor, prefix = lead if lead else (None, "")
            lead = None
            out += _row(anchor, prefix + dash + cell.text(key, item.text, "fr"), prefix + dash + cell.text(key, item.text, "en"), "cb-par-text")
            if key in cell.inserts:
                out += [_insert(cell.inserts[key]), ""]
    return out


def _row(anchor, fr_md: str, en_md: str, kind: str) -> list[str]:
    """One row: the French cell, the English cell (both already Markdown)."""
    ident = f' id="{anchor}"' if anchor else ""
    return [
        f'<div class="cb-par {kind}"{ident} markdown="1">',
        f'<div class="cb-par-fr" lang="fr" data-lang="FR" markdown="1">\n\n{fr_md}\n\n</div>',
        f'<div class="cb-par-en" lang="en" data-lang="EN" markdown="1">\n\n{en_md}\n\n</div>',
        "</div>",
        "",
    ]
