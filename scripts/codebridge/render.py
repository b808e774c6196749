"""Render: the collected layers (``collect.Layers``) as pages, in French or
English, and the one way from a page as data (``doc`` nodes) to Markdown.

``Renderer`` is the one walker over the units of the law pages: their text,
note calls and references, notes, and the furniture collected for them
("Cité par", copy controls, examples, "Voir aussi", the language switch).
``parallel_page`` walks the same units (``layers.keyed``) for a law's
parallel view, French and English side by side. Both build ``doc`` nodes,
as every other page module does; layers go over the text as spans
(``doc.marked``), so the law text is never re-parsed.

``markdown`` alone writes nodes as Markdown, and escapes each text for the
place it lands in. Links come from ``labels``: Markdown links between source
files, which the engine validates and rewrites for either URL style
(directory URLs online, ``.html`` files offline).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable

from . import doc, labels, scoring
from .escape import front_matter, json_text, md_destination, md_html_attr, md_html_text, md_link_title, md_text
from .strings import Area, t
from .labels import parallel_src
from .layers import find_calls, french_runs, keyed, note_key, notes_by_owner
from .model import ANNEX, Code, Label, Law, Note, Provision
from .patterns import ATTR_TOKEN, LAW_PAGE_HREF

if TYPE_CHECKING:
    from .collect import Layers

DESCRIBED = 40  # a block shorter than this (a heading of a table) does not describe a law

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


def _raw(node: "doc.Html | doc.Line | doc.Data | tuple") -> str:
    """An element Markdown leaves alone, each child on a line of its own."""
    if isinstance(node, tuple):  # inline elements on one line
        return _html(node)
    if isinstance(node, doc.Line):
        if node.markdown:
            raise TypeError(f"Markdown cannot be read inside a raw HTML element: {node!r}")
        return _block(node)
    if isinstance(node, doc.Data):
        # JSON in a script element, "<" and ">" as \\u escapes: nothing ends the element
        return f'<script type="application/json"{_attrs(node.attrs)}>{json_text(node.value)}</script>'
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
            out.append(f"[{_md(child.children, False)}]({md_destination(child.href)}{title}){tail}")
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


def law_heading(law: Law, lang: str, title: str | None) -> str:
    """A law's name and its title: "Loi 64 – Procédure…", "Annexe"."""
    name = law_name(law.number, lang)
    return f"{name} – {title}" if title else name


def printed_heading(law: Law, lang: str, title: str | None) -> str:
    """A law's heading over its text: in French, as the source prints it
    ("LOI 73 – …"), the page's title and the menus saying "Loi 73" like the
    others (``law_heading``)."""
    if lang == "fr" and law.heading and title == law.title:
        return law.heading
    return law_heading(law, lang, title)


def _source_heading(text: str) -> bool:
    """Whether a paragraph of the source is a heading it printed as a line
    of capitals ("POINTS PAR LEVEE"; not "X", nor a sentence)."""
    text = text.strip()
    return len(text) > 3 and text.isupper()


def law_name(number: str, lang: str) -> str:
    """A law cited alone: "Loi 64", "Law 64", "Annexe" (``labels.cite``)."""
    return labels.cite((number,), lang)


@dataclass
class Renderer:
    """The one walker that turns units into pages (``doc`` nodes), for one
    language's site, from the collected ``layers`` (``collect.collect``) and nothing
    else. ``furniture`` off (the edition) leaves out what only a law's own
    page has: the language switch, copy controls, "Cité par", examples,
    "Voir aussi" and the scoring inserts but the restored tables."""

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
    def unit(self, law: Law, key: str, fr: str, src: str) -> tuple[doc.Inline, ...]:
        """A unit's text in the site's language, with its layers over it:
        note calls and references."""
        text = self.texts(key, fr)
        spans = [(a, b, self._note_call(law, marker)) for a, b, marker in self.layers.calls.get(key, ())]
        spans += self.references(key, src)
        if self.lang != "fr":  # French kept as printed: said in French
            spans += _french(text, fr, spans)
        return doc.marked(text, sic(self.layers.typos.get(key, ()), text, fr, spans, self.lang) + spans)

    def references(self, key: str, src: str) -> list:
        """The references of unit ``key`` as links from page ``src`` (spans
        for ``doc.marked``)."""
        return self._links(self.layers.located.get(key, ()), src)

    def _links(self, found, src: str) -> list:
        """References located in a text (``collect.Located``) as links from
        page ``src``, each with its preview (spans for ``doc.marked``)."""
        return [(r.start, r.end, reference_link(labels.href(src, r.target), self.layers.preview(r.target), r.target)) for r in found]

    def _note_call(self, law: Law, marker: str) -> doc.Tag:
        """A note call over its marker (a span for ``doc.marked``)."""
        return named_note_call(labels.note_href(law.number, marker), marker, self.lang, national=law.is_national(marker))

    # -- law pages -------------------------------------------------------------
    def law_page(self, law: Law) -> str:
        return markdown(self.law_nodes(law))

    def law_nodes(self, law: Law) -> list[doc.Node]:
        """One law's page as blocks: its text, notes and furniture."""
        src = labels.law_src(law.number)
        title = self.layers.title(law)
        heading = law_heading(law, self.lang, title)
        inserts = self.layers.inserts if self.furniture else self.layers.repairs
        nodes: list[doc.Node] = [
            doc.Front(title=heading, description=self.description(law), flags={"card": labels.card_src(law.number)}),
            doc.Heading(1, (printed_heading(law, self.lang, title),), labels.anchor(law.label)),
        ]
        if self.furniture:
            parallel = parallel_src(law.number) if law.present else None
            nodes.append(switch(src, self.lang, self.layers.directory_urls, parallel))
        nodes += inserts.get(labels.start_key(law.number), ())
        if self.lang == "en" and law.present:  # an absent law has no text to translate (the banner stays)
            nodes.append(unofficial_notice(self.lang))
            if law.number in self.layers.untranslated:
                nodes.append(doc.Note("info", t(self.lang, "pending.title"), (t(self.lang, "pending.body"),)))
        if not law.present:
            present = law_runs([law.number for law in self.code.present()], self.lang)
            nodes.append(doc.Note("info", t(self.lang, "absent.title"), (t(self.lang, "absent.body", n=law.number, present=present),)))
            if self.furniture:
                nodes += inserts.get(labels.end_key(law.number), ())  # the situations citing it
                nodes += self.placeholders(law, src) + self.law_examples(law.number, src)
            return nodes
        nodes += gap_notes(self.layers, law.label)
        nodes += self.content(law, law.label, law.content, src, depth=1)
        nodes += inserts.get(labels.end_key(law.number), ())
        if law.notes:
            nodes += self.notes_block(law, src)
        if self.furniture:
            nodes += self.law_footer(law, src)
        return nodes

    def description(self, law: Law) -> str:
        """The page's description: the preview of the law's first provision
        whose text says something (not a table's heading such as "POINTS DE
        LEVÉES", nor a lead-in alone: the item after it, with it), without
        note calls, cut at a word; else its title. Our English says what
        it is (``links.described``): a link preview shows it alone."""
        if not law.present:
            return t(self.lang, "absent.title")
        for label in [law.label] + [p.label for p in law.provisions()]:
            text = self.layers.summaries.get(label, "").strip()
            if len(text) >= DESCRIBED and not _source_heading(text) and not text.endswith(":"):
                return t(self.lang, "links.described", text=text)
        return t(self.lang, "links.described", text=self.texts(labels.title_key(law.label), law.title or ""))

    def content(self, law, label, content, src, depth, lead: tuple = (), footer: tuple = ()) -> list[doc.Node]:
        """Blocks and provisions of a law or provision, in printed order; the
        provision's ``footer`` goes after its own text, before its children;
        ``lead`` (its marker) opens its first paragraph."""
        out: list[doc.Node] = []
        items: list[tuple] = []
        inserts = self.layers.inserts if self.furniture else self.layers.repairs
        started = False

        def close_list():
            if items:  # the source's dashed items: their marker is the printed "-" (code.css)
                out.append(doc.Block("div", (doc.Items(tuple(items)),), (("class", "cb-dashed"),)))
                items.clear()

        entries = list(keyed(label, content))
        if footer and entries and entries[0][0] is None:
            # no text of its own ("4. (a) …"): its tools stand above the marker it shares with
            # its first sub-provision, not after its last one
            out.extend(footer)
            footer = ()
        for key, item in entries:
            if footer and started and key is None:  # after its own text only
                close_list()
                out.extend(footer)
                footer = ()
            if key is not None:
                started = True
                text = self.unit(law, key, item.text, src)
                if item.kind == "item":
                    if lead:  # its marker stands on its own line above the list it opens, as printed ("(a)" then "- exiger")
                        out.append(doc.Para(lead))
                        lead = ()
                    items.append(text)
                elif not lead and _source_heading(item.text):
                    # a heading the source printed in capitals as a line of text (Law 77's
                    # « POINTS PAR LEVEE », over its lost tables): shown as one, its words as printed
                    close_list()
                    out.append(doc.Line("p", tuple(text), (("class", "cb-source-heading"),), markdown=True))
                else:
                    close_list()
                    out.append(doc.Para(lead + text))
                    lead = ()
                if key in inserts:
                    close_list()
                    out.extend(inserts[key])
            else:
                close_list()
                out += self.provision(law, item, src, depth, lead)
                lead = ()
        close_list()
        if lead:  # a marker with nothing after it
            out.append(doc.Para(lead))
        out.extend(footer)
        return out

    def provision(self, law, p: Provision, src, depth, lead: tuple = ()) -> list[doc.Node]:
        anchor = labels.anchor(p.label)
        title_key = labels.title_key(p.label)
        title = self.unit(law, title_key, p.title, src) if p.title else None
        # no text of its own ("1. (a) …"): its tools stand above its first
        # sub-provision, named, as they may follow another provision's
        textless = not title and next(iter(keyed(p.label, p.content)), (None,))[0] is None
        section = depth == 1 and title  # a titled section is a heading of the page
        # the cases of a provision with sub-provisions come after them, not
        # between its lead-in and its items (« … a joué une carte si : »,
        # then (a), (b)), and without those listed under one of them
        after = bool(p.children) and not section
        footer: tuple = ()
        if self.furniture:
            footer = (self.tools(p.label, src, textless),) + (() if after else tuple(self.provision_examples(p.label, src)))
        if section:
            out: list[doc.Node] = [doc.Heading(2, (p.marker, " ", *title), anchor, ("cb-section",))]
            out += gap_notes(self.layers, p.label)
            out += footer
            out += self.content(law, p.label, p.content, src, depth + 1)
            return out
        kind = labels.kinds(p.label)[-1]
        lead = lead + (doc.Tag("span", (p.marker,), (("class", "cb-marker"),)), " ")
        body: list[doc.Node] = []
        if title:
            body.append(doc.Para(lead + (doc.Tag("span", title, (("class", "cb-title"),)),)))
            lead = ()
        body += self.content(law, p.label, p.content, src, depth + 1, lead, footer)
        if after and self.furniture:
            below = {e.id for q in p.provisions() for e in self.layers.examples.get(q.label, ())}
            body += self.provision_examples(p.label, src, skip=below)
        return [doc.Block("div", tuple(body), (("class", f"cb-prov cb-{kind}"), ("id", anchor)))]

    def notes_block(self, law: Law, src: str) -> list[doc.Node]:
        callers = notes_by_owner(law)
        lang = self.lang
        notes = []
        for note in law.notes:
            key = note_key(law.number, note)
            text = self.unit(law, key, note.text, src)
            backs = doc.joined(
                [(doc.Link((labels.citation(l, lang),), labels.href(src, l), title=t(lang, "back")),) for l in callers[note.marker]], " "
            )
            body: list[doc.Node] = [doc.Para((
                note_badge(note, lang), " ",
                doc.Tag("span", (note.marker,), (("class", "cb-note-marker"),)), " ", *text,
            ))]
            if backs:
                body.append(doc.Para((doc.Tag("span", ("↩ ", *backs), (("class", "cb-note-back"),)),)))
            notes.append(doc.Block("div", tuple(body), (("class", "cb-note"), ("id", labels.note_id(law.number, note.marker)))))
        return [
            doc.Heading(2, (notes_heading(law, lang),), labels.law_section_id("law.notes", law.number), ("cb-notes-title",)),
            doc.Block("div", tuple(notes), (("class", "cb-notes"),)),
        ]

    # -- furniture of a law page -------------------------------------------------
    def tools(self, label: Label, src: str, named: bool = False) -> doc.Block:
        """Copy controls ("lien", "citation", "texte") and "Cité par"; ``named``, the
        provision's citation before them (« Loi 52B1 » under section B's own
        controls, for a provision whose words all belong to its sub-provisions)."""
        lang = self.lang
        cite = labels.cite(label, lang)

        # Each control's name starts with the word it shows (WCAG 2.5.3):
        # "lien (Copier le lien Loi 64B7)".
        def button(kind: str, word: str, action: str) -> doc.Tag:
            attrs = (("type", "button"), ("class", "cb-copy"), ("data-copy", kind), ("title", _s(lang, action)),
                     ("aria-label", f"{_s(lang, word)} ({_s(lang, action)} {cite})"))
            return doc.Tag("button", (_s(lang, word),), attrs)

        attrs = (("class", "cb-tools"), ("data-anchor", labels.anchor(label)), ("data-cite", cite))
        buttons = (button("link", "link_word", "copy_link"), button("cite", "cite_word", "copy_cite"), button("quote", "quote_word", "copy_quote"))
        tools = doc.Tag("span", buttons, attrs)
        line: tuple[doc.Inline, ...] = (tools,)
        if named:
            line = (doc.Tag("span", (cite,), (("class", "cb-tools-name"),)), " ", tools)
        citing = self.citers(label, src)
        if citing:
            line += (" ", doc.Tag("span", (_s(lang, "cited_by") + _s(lang, "colon"), *citing), (("class", "cb-cited-by"),)))
        return doc.Block("div", (doc.Para(line),), (("class", "cb-meta"),))

    def citers(self, target: Label, src: str) -> tuple[doc.Inline, ...]:
        """What cites ``target``, as links from page ``src``."""
        out = []
        for c in self.layers.cited_by.get(target, ()):
            if c.label is not None and c.note:  # one of the law's notes: the note itself
                text = f"{labels.citation(c.label, self.lang)} · {labels.note_word(self.code.law(c.label[0]).is_national(c.note), self.lang)} {c.note}"
                out.append(doc.Link((text,), labels.page_href(src, labels.law_src(c.label[0]), labels.note_id(c.label[0], c.note)), classes=("cb-citer",)))
            elif c.label is not None:
                out.append(doc.Link((labels.citation(c.label, self.lang),), labels.href(src, c.label), classes=("cb-citer",)))
            else:
                out.append(doc.Link((_s(self.lang, 'commentaries'),), labels.page_href(src, c.page, c.anchor), classes=("cb-citer",)))
        return doc.joined(out)

    def law_footer(self, law: Law, src: str) -> list[doc.Node]:
        """Under a law: what cites it, its worked examples, then the laws closest to it."""
        return self.law_cited(law, src) + self.law_examples(law.number, src) + self.see_also(law, src)

    def law_cited(self, law: Law, src: str) -> list[doc.Node]:
        """The law's summary: every provision of other laws that cites it."""
        ordered = self.layers.law_cited_by.get(law.number, ())
        if not ordered:
            return []
        links = doc.joined(doc.Link((labels.cite(l, self.lang),), labels.href(src, l)) for l in ordered)
        line = (doc.Strong((_s(self.lang, "law_cited_by"),)), f" ({len(ordered)}){_s(self.lang, 'colon')}", *links)
        return [doc.Block("div", (doc.Para(line),), (("class", "cb-law-cited"),))]

    def placeholders(self, law: Law, src: str) -> list[doc.Node]:
        """On an absent law's page, the provisions cited elsewhere, each at the
        anchor it will keep once the text is added."""
        absent = self.layers.absent.get(law.number)
        if absent is None or (not absent.provisions and not absent.whole):
            return []
        lang = self.lang
        out: list[doc.Node] = [doc.Heading(2, (_s(lang, "placeholder"),), labels.law_section_id("law.cited", law.number))]
        for target in absent.provisions:
            line = (doc.Strong((labels.cite(target, lang),)), f" — {_s(lang, 'cited_by')}{_s(lang, 'colon')}", *self.citers(target, src))
            out.append(doc.Block("div", (doc.Para(line),), (("class", "cb-prov cb-placeholder"), ("id", labels.anchor(target)))))
        if absent.whole:
            out.append(doc.Para((f"{_s(lang, 'law_cited_by')}{_s(lang, 'colon')}", *self.citers(law.label, src))))
        return out

    def provision_examples(self, label: Label, src: str, skip: frozenset[str] | set[str] = frozenset()) -> list[doc.Node]:
        """Under a provision that cases cite: "Exemples : …" (but the cases
        whose ids are in ``skip``)."""
        entries = [e for e in self.layers.examples.get(label, ()) if e.id not in skip]
        if not entries:
            return []
        links = doc.joined(entry_inline(e, src, self.lang) for e in entries)
        line = (doc.Strong((t(self.lang, "examples.on_provision"),)), t(self.lang, "examples.colon"), *links)
        return [doc.Block("div", (doc.Para(line),), (("class", "cb-examples"),))]

    def law_examples(self, number: str, src: str) -> list[doc.Node]:
        """At the end of a law page: every case citing the law, with the
        provisions of this law it cites (the law itself where it cites none)."""
        entries = self.layers.law_examples.get(number)
        if not entries:
            return []
        lang = self.lang
        items = []
        for e in entries:
            cited = [l for l in e.provisions if l[0] == number] or [(number,)]  # the whole law where it cites none of its provisions (an absent law)
            # plain links: the law's own references are the only ``.ref`` of its page
            where = doc.joined(doc.Link((labels.cite(l, lang),), self.provision_href(src, l), classes=("cb-example-cite",)) for l in cited)
            items.append((*entry_inline(e, src, lang), " — ", *where))
        return [
            doc.Heading(2, (t(lang, "examples.on_law"),), labels.law_section_id("law.cases", number), ("cb-examples-title",)),
            doc.Para((t(lang, "examples.on_law_intro"),)),
            doc.Items(tuple(items)),
        ]

    def provision_href(self, src: str, label: Label) -> str:
        """A cited provision's place; on the page of a law the sources lack,
        the page itself (its provisions have no text, hence no anchor yet)."""
        return labels.href(src, label if label[0] in self.layers.present else label[:1], local=False)

    def see_also(self, law: Law, src: str) -> list[doc.Node]:
        """The law page's "See also": the laws closest to it in the index,
        each by its closest provision (``SearchIndex.related``)."""
        hits = self.layers.see_also.get(law.number)
        if not hits:
            return []
        items = tuple(
            (doc.Link((labels.cite(hit.label, self.lang),), labels.href(src, hit.label)), *((" — " + hit.heading,) if hit.heading else ()))
            for hit in hits
        )
        return [doc.Heading(2, (t(self.lang, "see_also.title"),), labels.see_also_id(self.lang), ("cb-see-also",)), doc.Items(items)]

    # -- other pages -----------------------------------------------------------
    def home_page(self) -> str:
        """The home, phone first: search, "go to law n°" and the most
        consulted laws fill the first screen; then the parts; the laws the
        sources lack take one compact line at the end."""
        lang = self.lang
        s = lambda key: t(lang, "publish.home." + key)  # noqa: E731
        search, goto = labels.control_id("home", "q"), labels.control_id("home", "goto")
        button = lambda key: doc.Tag("button", (s(key),), (("type", "submit"), ("class", "md-button md-button--primary")))  # noqa: E731

        def field(ident: str, kind: str, name: str, placeholder: str, capitalize: str, enter: str) -> doc.Tag:
            attrs = (("id", ident), ("type", kind), ("name", name), ("placeholder", s(placeholder)), ("autocomplete", "off"),
                     ("autocapitalize", capitalize), ("spellcheck", "false"), ("enterkeyhint", enter))
            return doc.Tag("input", (), attrs)

        # a plain GET form: ?q= opens the search dialog on any page (search.js), no script needed here
        search_form = doc.Line("form", (
            doc.Tag("label", (s("search"),), (("for", search),)),
            doc.Tag("span", (field(search, "search", "q", "search_placeholder", "off", "search"), button("search_button")), (("class", "cb-field"),)),
        ), (("class", "cb-home-search"), ("role", "search"), ("method", "get")))
        goto_form = doc.Line("form", (
            doc.Tag("label", (s("goto"),), (("for", goto),)),
            doc.Tag("span", (field(goto, "text", "loi", "goto_placeholder", "characters", "go"), button("goto_button")), (("class", "cb-field"),)),
            doc.Tag("span", (), (("class", "cb-goto__status"), ("data-cb-goto-status", None), ("role", "status"))),
        ), (("class", "cb-goto"), ("data-cb-goto", None), ("data-unknown", s("goto_unknown"))))
        def card(key: str, number: str) -> doc.Link:
            name = (law_name(number, lang).replace(" ", "\u00a0"),)
            if not self.code.law(number).present:  # a law the sources lack says so on its card
                name += (doc.DOT, doc.Tag("span", (t(lang, "absent.mark"),), (("class", "cb-absent"),)))
            return doc.Link((t(lang, "publish.top." + key), " ", doc.Tag("small", name)), labels.law_src(number))

        top = doc.joined([(card(key, number),) for key, number in TOP], " ")
        nodes: list[doc.Node] = [
            doc.Front(title=t(lang, "code"), description=t(lang, "home.intro")),
            doc.Block("div", (
                doc.Heading(1, (t(lang, "code"),)),
                search_form,
                goto_form,
                doc.Heading(2, (s("top"),), labels.section_id("home.top"), ("cb-home-h",)),
                doc.Block("div", (doc.Para(top),), (("class", "cb-top"),), markdown="span"),
                doc.Line("p", (t(lang, "home.intro"),), (("class", "cb-home-intro"),)),
            ), (("class", "cb-home"),)),
            doc.Line("p", (doc.Link((t(lang, "situations.home"),), labels.SITUATIONS_SRC),), (("class", "cb-home-situations"),), markdown=True),
            doc.Heading(2, (s("tools"),), labels.section_id("home.tools"), ("cb-home-h",)),
            doc.Items(tuple(
                (doc.Link((t(lang, "scoring." + title),), labels.page_href(labels.HOME_SRC, labels.law_src(number), labels.section_id("scoring." + name))),
                 " (", labels.cite(label, lang).replace(" ", "\u00a0"), ")")  # "(Loi 64)" never split
                for number, tools in scoring.TOOLS.items() for name, title, label in tools
            )),
        ]
        absent: list[Law] = []
        for part, numbers in PARTS:
            laws = [self.code.law(str(n)) for n in numbers]
            if not any(law.present for law in laws):
                absent += laws
                continue
            items = tuple(self._law_item(law, labels.HOME_SRC) for law in laws)
            if part == "definitions" and self.code.definitions is not None:  # before Law 1, as the code prints them
                items = ((doc.Link((t(lang, "definitions.title"),), labels.DEFINITIONS_SRC),),) + items
            nodes += [doc.Heading(2, (t(lang, "part." + part),), labels.section_id("home." + part)), doc.Items(items)]
        nodes += [
            doc.Heading(2, (t(lang, "part.annexe"),), labels.section_id("home.annex")),
            doc.Items((self._law_item(self.code.law(ANNEX), labels.HOME_SRC),)),
            doc.Heading(2, (s("around"),), labels.section_id("home.index")),
            doc.Items((
                (doc.Link((t(lang, "examples.title"),), labels.CASES_INDEX_SRC),),
                (doc.Link((t(lang, "part.index"),), labels.ALPHABETICAL_INDEX_SRC),),
                (doc.Link((t(lang, "bilingual.glossary"),), labels.GLOSSARY_SRC),),
                (doc.Link((t(lang, "commentaries"),), labels.COMMENTARIES_INDEX_SRC),),
                (doc.Link((t(lang, "ffb.title"),), labels.FFB_NOTES_SRC),),
                (doc.Link((t(lang, "tools.title"),), labels.TOOLS_SRC),),
                (doc.Link((t(lang, "publish.edition.link"),), labels.EDITION_SRC),),
                (doc.Link((t(lang, "about"),), labels.ABOUT_SRC),),
            )),
        ]
        if absent:
            # the parts the sources lack: one compact line, after everything we have
            links = doc.joined(((self._law_link(law, labels.HOME_SRC),) for law in absent), doc.DOT)
            line = (doc.Tag("span", (s("absent"),), (("class", "cb-absent"),)), " ", *links)
            nodes.append(doc.Line("p", line, (("class", "cb-compact cb-absent-laws"),), markdown=True))
        return markdown(nodes)

    def part_page(self, part: str, numbers: range) -> str:
        """A part of the code (``PARTS``) as the page its menu entry opens:
        each law, linked, with its titled sections beneath it, a law the
        sources lack marked so."""
        lang, src = self.lang, labels.part_src(numbers[0], numbers[-1])
        title = t(lang, "part." + part)
        laws = [self.code.law(str(n)) for n in numbers]
        present = any(law.present for law in laws)
        intro = t(lang, "part.intro" if present else "part.absent")
        nodes: list[doc.Node] = [
            doc.Front(title=title, description=intro),
            doc.Heading(1, (title,)),
            switch(src, lang, self.layers.directory_urls),
            doc.Para((intro,)),
        ]
        if part == "definitions" and self.code.definitions is not None:  # before Law 1, as the code prints them
            nodes.append(doc.Items(((doc.Link((t(lang, "definitions.title"),), labels.rel(src, labels.DEFINITIONS_SRC)),),)))
        if not present:
            return markdown(nodes + [doc.Items(tuple(self._law_item(law, src) for law in laws))])
        for law in laws:
            page = labels.law_src(law.number)
            nodes.append(doc.Heading(2, self._law_item(law, src), labels.law_section_id("part.law", law.number)))
            sections = [p for p in law.children if p.title]
            if sections:
                nodes.append(doc.Items(tuple(
                    (doc.Link((p.marker, " ", self.texts(labels.title_key(p.label), p.title)), labels.page_href(src, page, labels.anchor(p.label))),)
                    for p in sections
                )))
        return markdown(nodes)

    def _law_link(self, law: Law, src: str) -> doc.Link:
        """A law's number as a link, with its title as a tooltip when known."""
        title = self.layers.title(law)
        name = law_name(law.number, self.lang).replace(" ", "\u00a0")  # "Loi 8" never split
        return doc.Link((name,), labels.rel(src, labels.law_src(law.number)), title=law_heading(law, self.lang, title) if title else None)

    def _law_item(self, law: Law, src: str) -> tuple[doc.Inline, ...]:
        title = self.layers.title(law)
        name = law_name(law.number, self.lang)
        link = doc.Link((f"{name} – {title}" if title else name,), labels.rel(src, labels.law_src(law.number)))
        if not law.present:
            return (link, " ", doc.Tag("span", (t(self.lang, "absent.mark"),), (("class", "cb-absent"),)))
        return (link,)

    def definitions_page(self) -> str:
        """The Definitions printed before Law 1, when a source gives them:
        each term under its anchor (``labels.definition_id``), its text as
        printed with the laws it cites linked. In French on both sites: the
        English site says its English is still to come."""
        src, lang = labels.DEFINITIONS_SRC, self.lang
        title = t(lang, "definitions.title")
        nodes: list[doc.Node] = [
            doc.Front(title=title, description=t(lang, "definitions.intro")),
            doc.Heading(1, (title,)),
            switch(src, lang, self.layers.directory_urls),
            doc.Para((t(lang, "definitions.intro"),)),
        ]
        if lang != "fr":
            nodes.append(doc.Note("info", t(lang, "pending.title"), (t(lang, "definitions.pending"),)))
        return markdown(nodes + self.definition_nodes(src))

    def definition_nodes(self, src: str) -> list[doc.Node]:
        """Each term of the Definitions under its anchor, its text as printed
        with the laws it cites (``Layers.definitions``) linked from page ``src``."""
        definitions, lang, nodes = self.code.definitions, self.lang, []
        for entry in definitions.entries if definitions is not None else ():
            anchor = labels.definition_id(entry.term)
            refs = self.layers.definitions.get(anchor, ())
            paragraphs = [doc.marked(p, self._links(found, src)) for p, found in zip(entry.paragraphs, refs)] or [()]
            body: list[doc.Node] = [doc.Para((doc.Strong((entry.term,)), f" {entry.dash} ", *paragraphs[0]))]
            body += [doc.Para(paragraph) for paragraph in paragraphs[1:]]
            french = (("lang", "fr"),) if lang != "fr" else ()  # the French text, on the English site too
            nodes.append(doc.Block("div", tuple(body), (("class", "cb-definition"), ("id", anchor)) + french))
        return nodes

    def ffb_page(self) -> str:
        src = labels.FFB_NOTES_SRC
        lang = self.lang
        nodes: list[doc.Node] = [
            doc.Front(title=t(lang, "ffb.title")),
            doc.Heading(1, (t(lang, "ffb.title"),)),
            doc.Para((t(lang, "ffb.intro"),)),
        ]
        nodes += self.ffb_numbering()
        for law in self.code.present():
            if not law.notes:
                continue
            title = self.texts(labels.title_key(law.label), law.title)
            page = labels.law_src(law.number)
            nodes.append(doc.Heading(2, (doc.Link((law_heading(law, lang, title),), labels.rel(src, page)),), labels.law_section_id("ffb.law", law.number)))
            callers = notes_by_owner(law)
            items = []
            for note in law.notes:
                key = note_key(law.number, note)
                text = self.unit(law, key, note.text, src)
                where = doc.joined(doc.Link((labels.cite(l, lang),), labels.href(src, l)) for l in callers[note.marker])
                items.append((
                    note_badge(note, lang), " ",
                    doc.Tag("span", (note.marker,), (("class", "cb-note-marker"),)), " ", *text,
                    " — ", doc.Em((t(lang, "ffb.applies"),)), t(lang, "links.colon"), *where,
                ))
            nodes.append(doc.Items(tuple(items)))
        return markdown(nodes)

    def ffb_numbering(self) -> list[doc.Node]:
        """What a reader counting the notes would miss, said before them:
        a number the source's notes skip ((8)), one it prints twice ((21),
        Laws 70 and 71)."""
        lang = self.lang
        laws: dict[int, list[str]] = {}
        for law in self.code.present():
            for note in law.notes:
                if note.key.isdigit():  # not the starred notes
                    laws.setdefault(int(note.key), []).append(law.number)
        if not laws:
            return []
        lines = []
        skipped = [n for n in range(min(laws), max(laws)) if n not in laws]
        if skipped:
            lines.append(t(lang, "ffb.numbering.missing", markers=", ".join(f"({n})" for n in skipped)))
        for number, where in sorted(laws.items()):
            if len(where) > 1:
                lines.append(t(lang, "ffb.numbering.twice", marker=f"({number})", number=number, laws=t(lang, "ffb.numbering.and").join(law_name(n, lang) for n in where)))
        if not lines:
            return []
        return [doc.Note("info", t(lang, "ffb.numbering.title"), (" ".join(lines),))]

    # -- the edition -------------------------------------------------------------
    def edition_page(self, src: str) -> str:
        """Every law the sources give on one page ``src``, with a table of
        contents: each law as on its own page (this renderer leaves out the
        furniture), its headings one level down, its links to other laws
        pointed inside the page."""
        lang, code = self.lang, self.code
        title = t(lang, "publish.edition.title")
        present = code.present()
        toc = doc.Items((
            # the Definitions first, when a source gives them, as the code prints them
            ((doc.Link((t(lang, "definitions.title"),), labels.page_href(src, src, labels.section_id("edition.definitions"))),),) if code.definitions is not None else ()
        ) + tuple(
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
        if code.definitions is not None:
            nodes.append(doc.Heading(2, (t(lang, "definitions.title"),), labels.section_id("edition.definitions")))
            nodes.append(doc.Block("div", _relinked(tuple(self.definition_nodes(src)), src, code), (("class", "cb-edition-definitions"),)))
        for law in present:
            body = [n for n in self.law_nodes(law) if not isinstance(n, doc.Front)]
            nodes.append(doc.Block("div", _relinked(tuple(body), src, code), (("class", "cb-edition-law"),)))
        return markdown(nodes)


WBF_LAWS = "https://www.worldbridge.org/"  # the official English Laws


def unofficial_notice(lang: str) -> doc.Line:
    """The label of every English page: an unofficial working translation."""
    link = doc.Tag("a", (t(lang, "unofficial.link"),), (("href", WBF_LAWS),))
    return doc.Line("p", (t(lang, "unofficial.text") + " ", link, "."), (("class", "cb-unofficial"),))


def reference_link(href: str, preview: str, target: Label) -> doc.Link:
    """A reference as a link over its text, with its preview as the title
    (a span for ``doc.marked``)."""
    return doc.Link((doc.SPAN_TEXT,), href, title=preview, classes=("ref",), data=(("data-cite", labels.citation(target)),))


def law_runs(numbers: list[str], lang: str) -> str:
    """Laws said in runs, in the code's order: « 1 à 11 et 13 à 39 »,
    « 40 à 93 et l'Annexe », "12 and 16 to 18"."""
    runs: list[list[str]] = []
    for number in numbers:  # consecutive laws as one run
        if runs and number.isdigit() and runs[-1][-1].isdigit() and int(number) == int(runs[-1][-1]) + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    said = [
        t(lang, "laws.annex") if run == [ANNEX] else run[0] if len(run) == 1 else t(lang, "laws.range", first=run[0], last=run[-1])
        for run in runs
    ]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + t(lang, "ffb.numbering.and") + said[-1]


def named_note_call(href: str, marker: str, lang: str, text: "str | doc.SpanText" = doc.SPAN_TEXT, national: bool = True) -> doc.Tag:
    """``note_call`` named for a screen reader as the page names the note: « Note FFB (19) », « Note (21) »."""
    return note_call(href, text, f"{labels.note_word(national, lang)} {marker}")


def note_badge(note: Note, lang: str) -> doc.Tag:
    """What a note is, before its marker: « Note FFB » filled, « Note » (the code's own) outlined."""
    classes = "cb-note-badge" if note.national else "cb-note-badge cb-note-badge--code"
    return doc.Tag("span", (labels.note_word(note.national, lang),), (("class", classes),))


def notes_heading(law: Law, lang: str) -> str:
    """The heading of a law's notes: « Notes FFB » when all are the FFB's, else « Notes »."""
    return t(lang, "notes" if all(n.national for n in law.notes) else "notes.code")


def note_call(href: str, text: "str | doc.SpanText", label: str | None = None) -> doc.Tag:
    """A note call: the marker, raised, linked to its note (``label`` names it
    for a screen reader: "Note 1")."""
    attrs: doc.Attrs = (("class", "footnote-ref"), ("href", href)) + ((("aria-label", label),) if label else ())
    return doc.Tag("sup", (doc.Tag("a", (text,), attrs),), (("class", "cb-call"),))


def entry_inline(entry, src: str, lang: str) -> tuple[doc.Inline, ...]:
    """A worked example (``examples.Entry``) as a link from page ``src``."""
    link: tuple[doc.Inline, ...] = (doc.Link((entry.title,), entry.href(src), classes=("cb-example",)),)
    if entry.seed is not None:
        link += (" ", doc.Tag("span", (f"({t(lang, 'examples.seed')})",), (("class", "cb-example-seed"),)))
    return link


def switch(src: str, lang: str, directory_urls: bool, parallel: str | None = None) -> doc.Line:
    """The line under a page title: the other language (same page, same
    provision: code.js adds the #anchor), and the ``parallel`` view's page."""
    other = t(lang, "bilingual.other_lang")
    attrs = (("class", "cb-lang-switch"), ("data-lang-switch", None), ("href", labels.other_language_href(src, lang, directory_urls)), ("hreflang", other), ("lang", other),
             # the one id a page has in each language ("voir-aussi", "see-also"): code.js carries it across
             ("data-other-ids", f"{labels.see_also_id(lang)} {labels.see_also_id(other)}"))
    out: tuple[doc.Inline, ...] = (doc.Tag("a", (t(lang, "bilingual.other"),), attrs),)
    if parallel:
        out += (doc.DOT, doc.Link((t(lang, "bilingual.parallel"),), labels.rel(src, parallel), classes=("cb-parallel-link",)))
    return doc.Line("p", out, (("class", "cb-switch"),), markdown=True)


def trail(src: str, lang: str, directory_urls: bool, *steps: tuple[str, str, str]) -> dict[str, list[dict[str, str]]]:
    """The breadcrumb of a page the navigation does not list (a case, a
    parallel view), as front matter flags: after the home page, each step
    (title, page, fragment or ""), which the theme shows as it shows the
    navigation's (``site_overrides/partials/path.html``)."""
    return {"up": [{"title": title, "href": labels.cross_href(src, lang, page, lang, directory_urls, fragment)} for title, page, fragment in steps]}


def _relinked(node, src: str, code: Code):
    """``node`` (a node, or a tuple of them) of a law's page placed in the
    edition ``src``: one heading level down, each link to a law pointed
    inside the edition when the law is in it (``_edition_href``)."""
    if isinstance(node, tuple):
        return tuple(_relinked(child, src, code) for child in node)
    if isinstance(node, doc.Link):
        node = dataclasses.replace(node, href=_edition_href(node.href, src, code))
    elif isinstance(node, doc.Heading):
        node = dataclasses.replace(node, level=min(node.level + 1, 6))
    if isinstance(node, doc.Items):
        return dataclasses.replace(node, items=_relinked(node.items, src, code))
    if hasattr(node, "children"):
        node = dataclasses.replace(node, children=_relinked(node.children, src, code))
    return node


def _edition_href(href: str, src: str, code: Code) -> str:
    """A link of a law's page as the edition ``src`` holds it: to a law it
    holds, inside the edition; to a law the sources lack, to its page."""
    m = LAW_PAGE_HREF.fullmatch(href)
    if m is None:
        return href
    if not code.law(m["law"]).present:
        return labels.page_href(src, labels.law_src(m["law"]), m["frag"])
    return labels.page_href(src, src, m["frag"] or labels.anchor((m["law"],)))


def _s(lang: str, key: str) -> str:
    return t(lang, "links." + key)


# --------------------------------------------------------------------------
# The parallel view: French and English side by side, unit by unit


def gap_notes(layers: "Layers", label: Label) -> list[doc.Node]:
    """What the sources lost at ``label``, said where it was (the law's
    page and its parallel view alike); where our layer restores it (Law
    77's tables, 78B's scale: ``Layers.repairs``), the note says so, and
    that each piece restored is marked as such."""
    restored = any(labels.key_within(key, label) for key in layers.repairs)
    return [
        doc.Note("warning", t(layers.lang, "gap.title"), (gap.fr if layers.lang == "fr" else gap.en,) + ((" " + t(layers.lang, "gap.restored"),) if restored else ()))
        for gap in layers.gaps.get(label, ())
    ]


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
    column = lambda code: doc.Tag("div", (t(lang, f"publish.bilingual.{code}"),), (("class", f"cb-par-{code}"), ("lang", code)))  # noqa: E731
    nodes: list[doc.Node] = [
        doc.Front(title=s["parallel_title"].format(law=name), flags=trail(src, lang, layers.directory_urls, (law_name(law.number, lang), labels.law_src(law.number), ""))),
        doc.Heading(1, (s["parallel_title"].format(law=name),), labels.anchor(law.label)),
        doc.Para((s["parallel_intro"],)),
        doc.Line("p", (doc.Link((s["law_page"],), labels.rel(src, labels.law_src(law.number))),), (("class", "cb-switch"),), markdown=True),
        doc.Line("div", (column("fr"), column("en")), (("class", "cb-par cb-par-langs"), ("aria-hidden", "true"))),
    ]
    nodes.append(_row(None, (printed_heading(law, "fr", title_fr),), (law_heading(law, "en", title_en),), "cb-par-law"))
    nodes += gap_notes(layers, law.label)
    nodes += _blocks(law.label, law.content, cell)  # in printed order: a text after a law's items stays after them
    if law.notes:
        nodes.append(doc.Heading(2, (notes_heading(law, lang),), labels.section_id("parallel.notes")))
        for note in law.notes:
            key = labels.note_key(law.number, note.marker)
            marker = (doc.Tag("span", (note.marker,), (("class", "cb-note-marker"),)), " ")
            nodes.append(_row(
                labels.note_id(law.number, note.marker),
                marker + cell.text(key, note.text, "fr", calls=False),
                marker + cell.text(key, note.text, "en", calls=False),
                "cb-par-note",
            ))
    return markdown(nodes)


class _Cells:
    """The text of a unit in either column, with its references and note
    calls as links (to the rows of this page)."""

    def __init__(self, law, src, by_lang: dict[str, "Layers"], site: "Layers"):
        self.law, self.src, self.by_lang, self.site = law, src, by_lang, site
        self.markers = {n.marker for n in law.notes}

    def text(self, key: str, fr: str, lang: str, calls: bool = True) -> tuple[doc.Inline, ...]:
        layers = self.by_lang[lang]
        text = layers.text(key, fr)
        spans = [(a, b, self._call(marker)) for a, b, marker in (find_calls(text, self.markers) if calls else [])]
        for r in layers.located.get(key, ()):
            present = r.target[0] in self.site.present
            href = labels.parallel_href(self.src, r.target, present)
            spans.append((r.start, r.end, reference_link(href, layers.preview(r.target), r.target)))
        if lang != "fr":
            spans += _french(text, fr, spans)
        return doc.marked(text, sic(self.site.typos.get(key, ()), text, fr, spans, self.site.lang) + spans)

    def _call(self, marker: str) -> doc.Tag:
        return note_call(labels.note_href(self.law.number, marker), doc.SPAN_TEXT)


def sic(typos, text: str, fr: str, spans: list, lang: str) -> list:
    """After each slip of the source in a text shown as printed (``text``
    is the French ``fr``), our reading: « [sic ; lire « doit être jouée »] »,
    a span of no length for ``doc.marked`` (placed first, so that it is not
    taken for an overlap), after any span that holds the slip's end (a
    reference: « Loi Loi 43B2(b) »)."""
    if text != fr:
        return []
    out = []
    for typo in typos:
        at = max([typo.end] + [b for a, b, _ in spans if a < typo.end < b])
        out.append((at, at, sic_mark(typo.read, lang)))
    return out


def sic_mark(read: str, lang: str) -> doc.Tag:
    """Our reading of a slip of the source, labelled: « [sic ; lire « … »] »
    (the reading said in French on an English page)."""
    reading = doc.Tag("span", (read,), (("lang", "fr"),)) if lang != "fr" else read
    return doc.Tag("span", (t(lang, "sic.lead"), reading, t(lang, "sic.end")), (("class", "cb-sic"),))


def _french(text: str, fr: str, spans: list) -> list:
    """Spans marking the French a translation keeps (``layers.french_runs``),
    where no other span stands."""
    taken = [(a, b) for a, b, _ in spans]
    return [
        (a, b, doc.Tag("span", (doc.SPAN_TEXT,), (("lang", "fr"),)))
        for a, b in french_runs(text, fr)
        if all(b <= x or a >= y for x, y in taken)
    ]


def _blocks(label, content, cell: _Cells, lead: tuple[str, tuple] | None = None) -> list[doc.Node]:
    """The rows of ``content`` in printed order: each text, each provision
    (``_provision``) where it stands; ``lead`` (anchor, marker) opens the first text."""
    out: list[doc.Node] = []
    for key, item in keyed(label, content):
        if key is None:
            out += _provision(item, cell)
            continue
        dash = ("- ",) if item.kind == "item" else ()  # the printed marker
        anchor, prefix = lead if lead else (None, ())
        lead = None
        out.append(_row(anchor, prefix + dash + cell.text(key, item.text, "fr"), prefix + dash + cell.text(key, item.text, "en"), "cb-par-text"))
        out += cell.inserts.get(key, ())
    return out


def _provision(p: Provision, cell: _Cells) -> list[doc.Node]:
    """A provision's rows: its anchor and marker on its title, or on its
    first text when it opens with one (so that on a phone the marker never
    stands apart), else on a row of their own; then its content."""
    anchor = labels.anchor(p.label)
    lead = (
        doc.Link((labels.citation(p.label, cell.site.lang),), labels.href(cell.src, p.label), classes=("cb-par-cite",)), " ",
        doc.Tag("span", (p.marker,), (("class", "cb-marker"),)), " ",
    )
    gaps = gap_notes(cell.site, p.label)
    if p.title:
        key = labels.title_key(p.label)
        return [_row(anchor, lead + cell.text(key, p.title, "fr"), lead + cell.text(key, p.title, "en"), "cb-par-head")] + gaps + _blocks(p.label, p.content, cell)
    if p.content and not isinstance(p.content[0], Provision):
        return gaps + _blocks(p.label, p.content, cell, lead=(anchor, lead))
    return [_row(anchor, lead, lead, "cb-par-head")] + gaps + _blocks(p.label, p.content, cell)


def _row(anchor, fr: tuple, en: tuple, kind: str) -> doc.Block:
    """One row: the French cell, the English cell."""
    cells = tuple(
        doc.Block("div", (doc.Para(text),), (("class", f"cb-par-{code}"), ("lang", code), ("data-lang", code.upper())))
        for code, text in (("fr", fr), ("en", en))
    )
    return doc.Block("div", cells, (("class", f"cb-par {kind}"),) + ((("id", anchor),) if anchor else ()))
