"""What ties the two languages together: page-to-page switches, the
parallel (bilingual) view of each law, and the glossary page.

The French site is at the root, the English one under ``en/``, with the same
paths; links between them are plain HTML (MkDocs knows one site at a time),
computed for either URL style (directory URLs online, ``.html`` offline).
"""

from __future__ import annotations

import html
import posixpath

from . import labels
from .glossary import Term
from .model import Block, Law
from .render import law_heading, md_escape, rel
from .strings import t

class _Strings:
    """``s["parallel"]`` → the string ``bilingual.parallel`` of one language."""

    def __init__(self, lang: str):
        self.lang = lang

    def __getitem__(self, key: str) -> str:
        return t(self.lang, "bilingual." + key)


def other_language_href(src: str, lang: str, directory_urls: bool) -> str:
    """Relative link from a page to the same page in the other language."""
    here = labels.page_url(src, directory_urls)
    here_full = ("en/" if lang == "en" else "") + here
    there_full = ("" if lang == "en" else "en/") + here
    base = posixpath.dirname(here_full) if not here_full.endswith("/") else here_full.rstrip("/")
    target = posixpath.relpath(there_full or ".", base or ".")
    if there_full.endswith("/") and not target.endswith("/"):
        target += "/"
    if target == "./":
        target = "."
    return target


def switch_line(src: str, lang: str, directory_urls: bool, parallel_src: str | None = None) -> str:
    """The line under a page title: the other language (same page, same
    provision: code.js adds the #anchor), and the parallel view."""
    s = _Strings(lang)
    href = other_language_href(src, lang, directory_urls)
    out = (
        f'<a class="cb-lang-switch" data-lang-switch href="{html.escape(href)}" hreflang="{s["other_lang"]}" '
        f'lang="{s["other_lang"]}">{s["other"]}</a>'
    )
    if parallel_src:
        out += f' · [{s["parallel"]}]({rel(src, parallel_src)}){{ .cb-parallel-link }}'
    return f'<p class="cb-switch" markdown="1">{out}</p>'


def parallel_src(number: str) -> str:
    return f"bilingue/{number}.md"


def parallel_page(law: Law, lang: str, fr_text, en_text, inserts: dict[str, str] | None = None) -> str:
    """French and English side by side, one row per provision; each row keeps
    the provision's anchor, so that a link or the switch lands on it.
    ``inserts`` (unit key → Markdown) go after their unit's row, full width."""
    inserts = inserts or {}
    s = _Strings(lang)
    src = parallel_src(law.number)
    title_fr = law.title
    title_en = en_text(f"{law.number}:title", law.title)
    name = law_heading(law, lang, title_fr if lang == "fr" else title_en)
    lines = [
        "---",
        f'title: "{s["parallel_title"].format(law=name)}"',
        "---",
        "",
        f"# {md_escape(s['parallel_title'].format(law=name))} {{ #{labels.anchor(law.label)} }}",
        "",
        s["parallel_intro"],
        "",
        f'<p class="cb-switch" markdown="1">[{s["law_page"]}]({rel(src, labels.law_src(law.number))})</p>',
        "",
    ]
    lines += _row(law.label, None, law_heading(law, "fr", title_fr), law_heading(law, "en", title_en), "cb-par-law")
    lines += _blocks(law.label, law.content, fr_text, en_text, inserts)
    for p in law.provisions():
        anchor = labels.anchor(p.label)
        fr_title = p.title
        en_title = en_text(f"{anchor}:title", p.title) if p.title else None
        fr_head = f"{p.marker} {fr_title}" if fr_title else p.marker
        en_head = f"{p.marker} {en_title}" if en_title else p.marker
        lines += _row(p.label, anchor, fr_head, en_head, "cb-par-head", link=labels.href(src, p.label))
        lines += _blocks(p.label, p.content, fr_text, en_text, inserts)
    if law.notes:
        lines += ["", f"## {s['notes']} {{ #notes }}", ""]
        for note in law.notes:
            key = f"{law.number}:note-{note.key}"
            lines += _row(None, None, f"{note.marker} {note.text}", f"{note.marker} {en_text(key, note.text)}", "cb-par-note")
    return "\n".join(lines) + "\n"


def _blocks(label, content, fr_text, en_text, inserts) -> list[str]:
    out = []
    i = 0
    for item in content:
        if isinstance(item, Block):
            key = f"{labels.anchor(label)}:{i}"
            i += 1
            dash = "– " if item.kind == "item" else ""
            out += _row(None, None, dash + item.text, dash + en_text(key, item.text), "cb-par-text")
            if key in inserts:
                out += [inserts[key], ""]
    return out


def _row(label, anchor, fr: str, en: str, kind: str, link: str | None = None) -> list[str]:
    ident = f' id="{anchor}"' if anchor else ""
    fr_md = md_escape(fr)
    en_md = md_escape(en)
    if link:
        cite = md_escape(labels.citation(label))
        fr_md = f"[{cite}]({link}){{ .cb-par-cite }} {fr_md}"
        en_md = f"[{cite}]({link}){{ .cb-par-cite }} {en_md}"
    if fr == en and link:  # a bare marker: one cell for both languages
        return [f'<div class="cb-par {kind} cb-par-same"{ident} markdown="1">', "", fr_md, "", "</div>", ""]
    return [
        f'<div class="cb-par {kind}"{ident} markdown="1">',
        f'<div class="cb-par-fr" lang="fr" markdown="1">\n\n{fr_md}\n\n</div>',
        f'<div class="cb-par-en" lang="en" markdown="1">\n\n{en_md}\n\n</div>',
        "</div>",
        "",
    ]


def glossary_page(terms: tuple[Term, ...], lang: str) -> str:
    """Every glossary term: the three vocabularies, a definition, provisions."""
    s = _Strings(lang)
    src = "glossaire.md"
    lines = ["---", f'title: "{s["glossary"]}"', "---", "", f"# {s['glossary']}", "", s["glossary_intro"], ""]
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
        lines.append(f'<div class="cb-term" id="{term.id}" markdown="1">')
        lines.append("")
        lines.append(f"{head} — {' · '.join(others)}  ")
        lines.append(md_escape(definition) + (f"  \n{links}" if links else ""))
        lines.append("")
        lines.append("</div>")
        lines.append("")
    return "\n".join(lines)
