"""What ties the two languages together: the glossary page and the
alphabetical Index (the parallel view of each law, a walk over its units,
is rendered by ``render.parallel_page``).

The French site is at the root, the English one under ``en/``, with the same
paths; links between them are plain HTML (MkDocs knows one site at a time),
computed for either URL style (directory URLs online, ``.html`` offline).
"""

from __future__ import annotations

from . import labels
from .glossary import Term
from .escape import front_matter, html_attr
from .render import md_escape
from .strings import Area, t


def glossary_page(terms: tuple[Term, ...], lang: str) -> str:
    """Every glossary term: the three vocabularies, a definition, provisions."""
    s = Area(lang, "bilingual")
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
