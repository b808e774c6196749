"""Commentary sources as pages: text as printed, references linked, and the
Symbol-font mojibake shown corrected in a visible, labelled layer.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path

from . import labels
from .model import Code, Label, Origin, Source
from .patterns import COMMENTARY_ITEM, COMMENTARY_SECTION, SYMBOL_FONT
from .references import Raw, Reference, check_target, find_references, known_labels, resolve
from .render import Span, annotate, md_escape
from .sources import read_lines

# Symbol-font code points as decoded by the extraction → the card suits meant.
SUITS = {"¨": "♦", "§": "♣", "©": "♥", "ª": "♠"}

TEXT = {
    "fr": {
        "intro": "Commentaire publié avec l'accord de son origine ; texte reproduit tel quel.",
        "credit": "Source",
        "fix": (
            "Les symboles de cartes de ce document étaient en police Symbol mal décodée "
            "(¨ ♦, § ♣, © ♥, ª ♠) : ils sont affichés corrigés, soulignés en pointillé ; "
            "le caractère d'origine s'affiche au survol."
        ),
        "fixed": "Corrigé ; la source porte",
        "context": "Les renvois « &B », « &C » de ce commentaire visent la Loi {law}.",
    },
    "en": {
        "intro": "A French commentary, reproduced as printed (not translated).",
        "credit": "Source",
        "fix": (
            "This document's card symbols were Symbol-font mojibake (¨ ♦, § ♣, © ♥, ª ♠): they "
            "are shown corrected, with a dotted underline; hover to see the original character."
        ),
        "fixed": "Corrected; the source has",
        "context": "The references “&B”, “&C” in this commentary are to Law {law}.",
    },
}


@dataclass(frozen=True)
class Paragraph:
    anchor: str
    lines: tuple[tuple[int, str], ...]  # (source line, text)


def slug_src(source: Source) -> str:
    return f"commentaires/{source.slug}.md"


def paragraphs(lines) -> list[Paragraph]:
    """Blank lines separate paragraphs; lines inside one are kept as printed.
    A file with no blank lines (hard-wrapped) starts a paragraph at each
    numbered or lettered line ("1. ENCHÈRE", "a) Le joueur…")."""
    wrapped = not any(not l.text.strip() for l in lines)
    out, current = [], []
    for line in lines:
        text = line.text.strip()
        if wrapped and current and COMMENTARY_ITEM.match(text):
            out.append(current)
            current = []
        if text:
            current.append((line.number, text))
        elif current:
            out.append(current)
            current = []
    if current:
        out.append(current)
    return [Paragraph(f"p{i}", tuple(p)) for i, p in enumerate(out, start=1)]


@dataclass
class Commentary:
    source: Source
    paragraphs: list[Paragraph]
    references: list[tuple[str, int, int, int, Reference]]  # (anchor, line index, start, end, ref)
    problems: list[str]

    @property
    def src(self) -> str:
        return slug_src(self.source)


def load(root: Path, source: Source, code: Code) -> Commentary:
    lines = read_lines(root / "content" / "sources" / source.file, source.file)
    paras = paragraphs(lines)
    known = known_labels(code)
    context: Label = (source.context,) if source.context else ()
    refs, problems = [], []
    for para in paras:
        for i, (number, text) in enumerate(para.lines):
            found = find_references(text, commentary=True, relative=False)
            if context:
                for m in COMMENTARY_SECTION.finditer(text):
                    if any(r.start <= m.start() < r.end for r in found):
                        continue
                    found.append(Raw(m.start(), m.end(), {"law": context[0], "section": m["section"]}, "explicit"))
            for raw in sorted(found, key=lambda r: r.start):
                target = resolve(raw, context or ("0",))
                span = text[raw.start : raw.end]
                reason = check_target(target, code, known) if target else "unresolved"
                origin = Origin(source.file, number)
                if reason:
                    problems.append(f"{origin}: {reason}: {span!r}")
                    continue
                ref = Reference(f"{source.slug}:{para.anchor}", context, raw.start, raw.end, span, target, raw.kind, origin)
                refs.append((para.anchor, i, raw.start, raw.end, ref))
    return Commentary(source, paras, refs, problems)


def page(c: Commentary, lang: str, href) -> str:
    """The commentary's Markdown page; ``href(src, label)`` makes a link."""
    s = TEXT[lang]
    src = c.src
    lines = [
        "---",
        f'title: "{c.source.title}"',
        f'description: "{md_escape(c.source.origin[:180])}"',
        "---",
        "",
        f"# {md_escape(c.source.title)}",
        "",
        f"*{s['intro']}* {s['credit']} : {md_escape(c.source.credit)}",
        "",
    ]
    if c.source.symbol_font:
        lines += ['!!! note "Correction"', "", "    " + s["fix"], ""]
    if c.source.context:
        lines += [s["context"].format(law=c.source.context), ""]
    by_line: dict[tuple[str, int], list] = {}
    for anchor, i, start, end, ref in c.references:
        by_line.setdefault((anchor, i), []).append((start, end, ref))
    for para in c.paragraphs:
        out = []
        for i, (number, text) in enumerate(para.lines):
            spans = [
                Span(a, b, _link(href(src, ref.target), labels.cite(ref.target, lang)))
                for a, b, ref in by_line.get((para.anchor, i), [])
            ]
            if c.source.symbol_font:
                spans += [Span(m.start(), m.end(), _fix(m.group(0), s["fixed"])) for m in SYMBOL_FONT.finditer(text)]
            out.append(annotate(text, spans))
        body = "  \n".join(out)  # line breaks as printed
        lines += [f'<div class="cb-comment" id="{para.anchor}" markdown="1">', "", body, "", "</div>", ""]
    return "\n".join(lines)


def _link(href: str, title: str):
    def render(escaped: str) -> str:
        return f'[{escaped}]({href} "{title}"){{ .ref }}'

    return render


def _fix(original: str, label: str):
    def render(escaped: str) -> str:
        if original in SUITS:
            fixed = SUITS[original]
        else:  # "3^ème" → "3ème"
            fixed = original.replace("^", "")
        return f'<span class="cb-fix" title="{html.escape(label)} « {html.escape(original)} »">{html.escape(fixed)}</span>'

    return render
