"""Render the model as Markdown pages for MkDocs (French or English).

Text is escaped once, here; layers (note calls, references) become markup at
the same time, span by span, so the law text is never re-parsed. Links are
Markdown links between source files, which MkDocs validates and rewrites for
either URL style (directory URLs online, ``.html`` files offline).
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Callable, Iterable

from . import labels
from .escape import front_matter, html_attr, md_link_title, md_text
from .strings import t
from .layers import find_calls, note_calls, note_key, notes_by_owner
from .model import ANNEX, Block, Code, Law, Provision

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
    """Renders pages of one language. ``texts(key, fr)`` gives the text of a
    unit in that language; ``spans(law, unit_key, text)`` gives extra layers
    (references) for a unit."""

    code: Code
    lang: str = "fr"
    texts: Callable[[str, str], str] = lambda key, fr: fr
    extra_spans: Callable[[Law, str, str, str], list[Span]] = lambda law, key, text, src: []
    provision_footer: Callable[[Law, Provision, str], str] = lambda law, p, src: ""
    law_footer: Callable[[Law, str], str] = lambda law, src: ""
    absent_footer: Callable[[Law, str], str] = lambda law, src: ""
    law_header: Callable[[Law, str], str] = lambda law, src: ""
    untranslated: frozenset = frozenset()
    # Layers placed between units (scoring tables, calculators): unit key, or
    # "<law>:start" / "<law>:end" → Markdown put after it.
    inserts: dict[str, str] = field(default_factory=dict)
    gaps: dict = field(default_factory=dict)

    def __post_init__(self):
        self.gaps = {}
        for gap in self.code.gaps:
            self.gaps.setdefault(gap.label, []).append(gap)

    # -- text ----------------------------------------------------------------
    def unit(self, law: Law, key: str, fr: str, src: str, calls: set[str]) -> str:
        """A unit's text in the site's language, escaped, with its layers;
        ``calls`` holds the keys of the units whose French calls a note."""
        text = self.texts(key, fr)
        markers = {n.marker for n in law.notes} if key in calls else set()
        spans = [Span(a, b, self._note_call(law, marker)) for a, b, marker in find_calls(text, markers)]
        spans += self.extra_spans(law, key, text, src)
        return annotate(text, spans)

    def _note_call(self, law: Law, marker: str):
        nid = note_id(law.number, marker)

        def render(escaped: str) -> str:
            title = html_attr(t(self.lang, "note"))
            return f'<sup class="cb-call"><a class="footnote-ref" href="#{nid}" aria-label="{title} {html_attr(marker)}">{escaped}</a></sup>'

        return render

    # -- law pages -------------------------------------------------------------
    def law_page(self, law: Law) -> str:
        src = labels.law_src(law.number)
        title = self.texts(f"{law.number}:title", law.title) if law.title else None
        lines = [
            front_matter(title=law_heading(law, self.lang, title), description=self.description(law), card=f"{CARDS}{law.number}.png"),
            f"# {md_escape(law_heading(law, self.lang, title))} {{ #{labels.anchor(law.label)} }}",
            "",
        ]
        header = self.law_header(law, src)
        if header:
            lines += [header, ""]
        if f"{law.number}:start" in self.inserts:
            lines += [self.inserts[f"{law.number}:start"], ""]
        if self.lang == "en":
            lines += [unofficial_notice(self.lang), ""]
            if law.number in self.untranslated:
                lines += _admonition("info", t(self.lang, "pending.title"), t(self.lang, "pending.body"))
        if not law.present:
            lines += _admonition("info", t(self.lang, "absent.title"), t(self.lang, "absent.body", n=law.number))
            lines.append(self.absent_footer(law, src))
            return "\n".join(lines)
        calls = {c.unit for c in note_calls(law)}
        for gap in self.gaps.get(law.label, []):
            lines += _admonition("warning", t(self.lang, "gap.title"), gap.fr if self.lang == "fr" else gap.en)
        lines += self.content(law, law.label, law.content, src, calls, depth=1)
        if f"{law.number}:end" in self.inserts:
            lines += ["", self.inserts[f"{law.number}:end"], ""]
        if law.notes:
            lines += self.notes_block(law, src, calls)
        footer = self.law_footer(law, src)
        if footer:
            lines += ["", footer, ""]
        return "\n".join(lines)

    def description(self, law: Law) -> str:
        first = next(
            (self.texts(f"{labels.anchor(p.label)}:{0}", p.blocks[0].text) for p in law.provisions() if p.blocks),
            None,
        )
        if law.blocks:
            first = self.texts(f"{law.number}:0", law.blocks[0].text)
        if not law.present or first is None:
            return t(self.lang, "absent.title") if not law.present else self.texts(f"{law.number}:title", law.title or "")
        return first[:200]

    def content(self, law, label, content, src, calls, depth, lead: str = "", footer: str = "") -> list[str]:
        """Blocks and provisions of a law or provision, in printed order; the
        provision's ``footer`` goes after its own text, before its children."""
        out: list[str] = []
        i = 0
        in_list = False
        for item in content:
            if footer and i and not isinstance(item, Block):  # after its own text only
                if in_list:
                    out.append("")
                    in_list = False
                out += ["", footer, ""]
                footer = ""
            if isinstance(item, Block):
                key = f"{labels.anchor(label)}:{i}"
                i += 1
                text = self.unit(law, key, item.text, src, calls)
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
                if key in self.inserts:
                    if in_list:
                        out.append("")
                        in_list = False
                    out += ["", self.inserts[key], ""]
            else:
                if in_list:
                    out.append("")
                in_list = False
                out += self.provision(law, item, src, calls, depth, lead)
                lead = ""
        if in_list:
            out.append("")
        if lead:  # a marker with nothing after it
            out += ["", lead, ""]
        if footer:
            out += ["", footer, ""]
        return out

    def provision(self, law, p: Provision, src, calls, depth, lead: str = "") -> list[str]:
        anchor = labels.anchor(p.label)
        title = self.texts(f"{anchor}:title", p.title) if p.title else None
        if depth == 1 and title:  # a titled section is a heading of the page
            out = [
                "",
                f"## {md_escape(p.marker)} {self.unit(law, f'{anchor}:title', p.title, src, calls)} {{ #{anchor} .cb-section }}",
                "",
            ]
            for gap in self.gaps.get(p.label, []):
                out += _admonition("warning", t(self.lang, "gap.title"), gap.fr if self.lang == "fr" else gap.en)
            out += ["", self.provision_footer(law, p, src), ""]
            out += self.content(law, p.label, p.content, src, calls, depth + 1)
            return out
        kind = labels.kinds(p.label)[-1]
        marker = f'<span class="cb-marker">{md_text(p.marker)}</span>'
        lead = lead + marker + " "
        out = ["", f'<div class="cb-prov cb-{kind}" id="{anchor}" markdown="1">']
        if title:
            out += ["", f'{lead}<span class="cb-title">{self.unit(law, f"{anchor}:title", p.title, src, calls)}</span>', ""]
            lead = ""
        out += self.content(law, p.label, p.content, src, calls, depth + 1, lead, self.provision_footer(law, p, src))
        out += ["", "</div>", ""]
        return out

    def notes_block(self, law: Law, src: str, calls) -> list[str]:
        callers = notes_by_owner(law)
        out = ["", f"## {t(self.lang, 'notes')} {{ #notes-{law.number} .cb-notes-title }}", ""]
        out.append('<div class="cb-notes" markdown="1">')
        for note in law.notes:
            key = note_key(law.number, note)
            text = self.unit(law, key, note.text, src, set())
            backs = " ".join(
                f'[{md_escape(labels.citation(l))}](#{labels.anchor(l)} "{md_link_title(t(self.lang, "back"))}")'
                for l in callers[note.marker]
            )
            out += [
                "",
                f'<div class="cb-note" id="{note_id(law.number, note.marker)}" markdown="1">',
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

    # -- other pages -----------------------------------------------------------
    def home_page(self) -> str:
        """The home, phone first: search, "go to law n°" and the most
        consulted laws fill the first screen; then the parts; the laws the
        sources lack take one compact line at the end."""
        lang = self.lang
        s = lambda key: html.escape(t(lang, key))
        lines = [
            front_matter(title=t(lang, "code"), description=t(lang, "home.intro")),
            '<div class="cb-home" markdown="1">',
            "",
            f"# {md_escape(t(lang, 'code'))}",
            "",
            # a plain GET form: ?q= opens the search dialog on any page (search.js), no script needed here
            f'<form class="cb-home-search" role="search" method="get"><label for="cb-home-q">{s("publish.home.search")}</label>'
            f'<span class="cb-field"><input id="cb-home-q" type="search" name="q" placeholder="{s("publish.home.search_placeholder")}" '
            'autocomplete="off" autocapitalize="off" spellcheck="false" enterkeyhint="search">'
            f'<button type="submit" class="md-button md-button--primary">{s("publish.home.search_button")}</button></span></form>',
            "",
            f'<form class="cb-goto" data-cb-goto data-unknown="{s("publish.home.goto_unknown")}"><label for="cb-home-goto">{s("publish.home.goto")}</label>'
            f'<span class="cb-field"><input id="cb-home-goto" type="text" name="loi" placeholder="{s("publish.home.goto_placeholder")}" '
            'autocomplete="off" autocapitalize="characters" spellcheck="false" enterkeyhint="go">'
            f'<button type="submit" class="md-button md-button--primary">{s("publish.home.goto_button")}</button></span>'
            '<span class="cb-goto__status" data-cb-goto-status role="status"></span></form>',
            "",
            f"## {md_escape(t(lang, 'publish.home.top'))} {{ #top .cb-home-h }}",
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
            lines += ["", f"## {t(lang, 'part.' + part)} {{ #{part} }}", ""]
            for law in laws:
                lines.append(self._law_item(law, "index.md"))
        lines += ["", f"## {t(lang, 'part.annexe')} {{ #annexe }}", ""]
        lines.append(self._law_item(self.code.law(ANNEX), "index.md"))
        lines += [
            "",
            f"## {t(lang, 'part.index')} {{ #index }}",
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
        title = self.texts(f"{law.number}:title", law.title) if law.title else None
        hint = f' "{md_link_title(law_heading(law, self.lang, title))}"' if title else ""
        name = law_name(law.number, self.lang).replace(" ", "\u00a0")  # "Loi 8" never split
        return f"[{md_escape(name)}]({rel(src, labels.law_src(law.number))}{hint})"

    def _law_item(self, law: Law, src: str) -> str:
        title = self.texts(f"{law.number}:title", law.title) if law.title else None
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
            title = self.texts(f"{law.number}:title", law.title)
            page = labels.law_src(law.number)
            lines += ["", f"## [{md_escape(law_heading(law, self.lang, title))}]({rel(src, page)}) {{ #ffb-{law.number} }}", ""]
            callers = notes_by_owner(law)
            for note in law.notes:
                text = annotate(self.texts(note_key(law.number, note), note.text), self.extra_spans(law, note_key(law.number, note), self.texts(note_key(law.number, note), note.text), src))
                where = ", ".join(
                    f"[{md_escape(labels.cite(l, self.lang))}]({labels.href(src, l)})" for l in callers[note.marker]
                )
                lines += [
                    f'- <span class="cb-note-marker">{md_text(note.marker)}</span> {text}'
                    f' — *{t(self.lang, "ffb.applies")}*{t(self.lang, "links.colon")}{where}'
                ]
        return "\n".join(lines) + "\n"


WBF_LAWS = "https://www.worldbridge.org/"  # the official English Laws


def unofficial_notice(lang: str) -> str:
    """The label of every English page: an unofficial working translation."""
    return (
        f'<p class="cb-unofficial">{html.escape(t(lang, "unofficial.text"))} '
        f'<a href="{WBF_LAWS}">{html.escape(t(lang, "unofficial.link"))}</a>.</p>'
    )


def note_id(law: str, marker: str) -> str:
    key = marker.strip("()")
    if key.startswith("*"):
        key = "s" + str(len(key))
    return f"note-{law}-{key}"


def _admonition(kind: str, title: str, body: str) -> list[str]:
    return [f'!!! {kind} "{md_link_title(title)}"', "", "    " + md_escape(body), ""]
