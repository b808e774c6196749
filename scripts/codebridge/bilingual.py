"""What ties the two languages together: page-to-page switches, the
parallel (bilingual) view of each law, and the glossary page.

The French site is at the root, the English one under ``en/``, with the same
paths; links between them are plain HTML (MkDocs knows one site at a time),
computed for either URL style (directory URLs online, ``.html`` offline).
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from . import labels
from .glossary import Term
from .escape import front_matter, html_attr
from .labels import parallel_src
from .layers import find_calls, keyed
from .model import Law
from .render import Span, annotate, law_heading, md_escape, reference_link, rel
from .strings import t

if TYPE_CHECKING:
    from .collect import Layers

class _Strings:
    """``s["parallel"]`` → the string ``bilingual.parallel`` of one language."""

    def __init__(self, lang: str):
        self.lang = lang

    def __getitem__(self, key: str) -> str:
        return t(self.lang, "bilingual." + key)


def parallel_page(law: Law, layers: "Layers", other: "Layers", inserts: dict[str, str] | None = None) -> str:
    """French and English side by side, one row per provision; each row keeps
    the provision's anchor, so that a link or the switch lands on it (and is
    highlighted there). A provision's marker opens its first text, so that on
    a phone it never stands apart; references and note calls are links (to
    the rows of the parallel views); each column says its language.
    ``layers`` are the site's, ``other`` the other language's; ``inserts``
    (unit key → Markdown) go after their unit's row, full width."""
    lang = layers.lang
    s = _Strings(lang)
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
                out += [cell.inserts[key], ""]
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


def glossary_page(terms: tuple[Term, ...], lang: str) -> str:
    """Every glossary term: the three vocabularies, a definition, provisions."""
    s = _Strings(lang)
    src = "glossaire.md"
    lines = [front_matter(title=s["glossary"]), f"# {s['glossary']}", "", s["glossary_intro"], ""]
    ordered = sorted(terms, key=lambda t: (t.fr if lang == "fr" else t.en).lower())
    for term in ordered:
        links = ", ".join(
            f"[{md_escape(labels.citation(l))}]({labels.href(src, l)})"
            for l in term.laws
        )
        if lang == "fr":
            head = f"**{md_escape(term.fr)}**"
            others = [f'<span lang="en">{md_escape(term.en)}</span> (en)']
            definition = term.def_fr
        else:
            head = f"**{md_escape(term.en)}**"
            others = [f'<span lang="fr">{md_escape(term.fr)}</span> (fr)']
            definition = term.def_en
        if term.qc:
            others.append(f'<span lang="fr-CA">{md_escape(", ".join(term.qc))}</span> (Québec)')
        lines.append(f'<div class="cb-term" id="{html_attr(term.id)}" markdown="1">')
        lines.append("")
        lines.append(f"{head} — {' · '.join(others)}  ")
        lines.append(md_escape(definition) + (f"  \n{links}" if links else ""))
        lines.append("")
        lines.append("</div>")
        lines.append("")
    return "\n".join(lines)


def index_page(terms: tuple[Term, ...], documents, lang: str, src: str) -> str:
    """The alphabetical index, page ``src``: every glossary term → the
    provisions where it matters (``documents(term)``: the full-text index's
    ``term_documents``), the glossary's own citations first (in bold)."""
    from .glossary import fold

    title = t(lang, "part.index")
    lines = [front_matter(title=title), f"# {md_escape(title)}", ""]
    entries = []
    for term in terms:
        head = term.fr if lang == "fr" else term.en
        other = term.en if lang == "fr" else term.fr
        entries.append((fold(head), head, other, term))
        for variant in (term.qc if lang == "fr" else ()):
            entries.append((fold(variant), variant, head, None))
    letter = None
    for key, head, other, term in sorted(entries, key=lambda e: e[0]):
        first = key[:1].upper()
        if first != letter:
            letter = first
            lines += ["", f"## {first} {{ #{labels.letter_id(first)} }}", ""]
        if term is None:  # a synonym pointing to its main entry
            lines.append(f"- **{md_escape(head)}** → *{md_escape(other)}*")
            continue
        links = ", ".join(
            ("**{}**" if doc.label in term.laws else "{}").format(
                f"[{md_escape(labels.cite(doc.label, lang))}]({labels.href(src, doc.label)})"
            )
            for doc in documents(term)
        )
        definition = term.def_fr if lang == "fr" else term.def_en
        lines.append(
            f'- **{md_escape(head)}** <span class="cb-other-lang" lang="{"en" if lang == "fr" else "fr"}">'
            f"({md_escape(other)})</span> — {md_escape(definition)}" + (f" {links}" if links else "")
        )
    return "\n".join(lines) + "\n"
