"""The reference layer made visible: links in the text, "Cité par", short
links, copy controls, and the newsletter auto-linker.

Everything here asks ``labels`` for citations, anchors and URLs.
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from . import labels
from .layers import units
from .model import Code, Label, Law, Provision
from .patterns import CITATION_PARTS, EXPLICIT_REFERENCE, REFERENCE_ITEM
from .references import Problem, Reference, cited_by, code_references, project
from .render import Span, md_escape, rel
from .strings import t

PREVIEW = 140

def s(lang: str, key: str) -> str:
    return t(lang, "links." + key)


@dataclass
class Links:
    """The reference layer of one language's site."""

    code: Code
    lang: str
    text: callable  # (unit key, French text) → text in the site's language
    refs: list[Reference] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    commentary_refs: list[tuple[str, str, Reference]] = field(default_factory=list)  # (page src, anchor, ref)

    def __post_init__(self):
        self.refs, self.problems = code_references(self.code)
        self.by_unit: dict[str, list[Reference]] = {}
        for r in self.refs:
            self.by_unit.setdefault(r.unit, []).append(r)
        self.by_target = cited_by(self.refs)
        self.by_target_law: dict[str, dict[Label, list[Reference]]] = {}  # law number → its targets
        for target, refs in self.by_target.items():
            self.by_target_law.setdefault(target[0], {})[target] = refs
        self._texts = self._first_texts()

    # -- previews ------------------------------------------------------------
    def _first_texts(self) -> dict[Label, str]:
        """The start of each provision's text (its own or its first child's)."""
        out: dict[Label, str] = {}
        for law in self.code.present():
            for unit in units(law):
                if unit.kind in ("para", "item"):
                    for n in range(1, len(unit.owner) + 1):
                        out.setdefault(unit.owner[:n], self.text(unit.key, unit.text))
        return out

    def preview(self, target: Label) -> str:
        """"Loi 45C4(b) — Le déclarant peut changer…" for a tooltip."""
        cite = labels.cite(target, self.lang)
        law = self.code.law(target[0])
        if not law.present:
            return f"{cite} — {s(self.lang, 'to_come')}"
        text = self._texts.get(target) or ""
        if len(text) > PREVIEW:
            text = text[:PREVIEW].rsplit(" ", 1)[0] + "…"
        return f"{cite} — {text}".replace('"', "”")

    def href(self, src: str, target: Label) -> str:
        return labels.href(src, target)

    # -- spans in the text -----------------------------------------------------
    def spans(self, law: Law, key: str, text: str, src: str) -> list[Span]:
        refs = self.by_unit.get(key, [])
        if not refs:
            return []
        if self.lang == "fr":
            located = [(r.start, r.end, r) for r in refs if r.start != r.end]
        else:
            located = project(refs, text)
        return [Span(a, b, self._link(src, r.target)) for a, b, r in located]

    def _link(self, src: str, target: Label):
        href = self.href(src, target)
        title = self.preview(target)
        cite = labels.citation(target)

        def render(escaped: str) -> str:
            return f'[{escaped}]({href} "{title}"){{ .ref data-cite="{cite}" }}'

        return render

    # -- "Cité par" ------------------------------------------------------------
    def provision_footer(self, law: Law, p: Provision, src: str) -> str:
        cite = labels.cite(p.label, self.lang)
        anchor = labels.anchor(p.label)
        tools = (
            f'<span class="cb-tools" data-anchor="{anchor}" data-cite="{html.escape(cite)}">'
            f'<button type="button" class="cb-copy" data-copy="link" title="{s(self.lang, "copy_link")}" '
            f'aria-label="{s(self.lang, "copy_link")} {html.escape(cite)}">{s(self.lang, "link_word")}</button>'
            f'<button type="button" class="cb-copy" data-copy="cite" title="{s(self.lang, "copy_cite")}" '
            f'aria-label="{s(self.lang, "copy_cite")} {html.escape(cite)}">{s(self.lang, "cite_word")}</button></span>'
        )
        citing = self._citing_links(p.label, src)
        line = tools
        if citing:
            line += f' <span class="cb-cited-by">{s(self.lang, "cited_by")}{s(self.lang, "colon")}{citing}</span>'
        return f'<div class="cb-meta" markdown="1">\n\n{line}\n\n</div>'

    def _citing_links(self, target: Label, src: str) -> str:
        out, seen = [], set()
        for r in self.by_target.get(target, []):
            if r.source in seen:
                continue
            seen.add(r.source)
            out.append(f"[{md_escape(labels.citation(r.source))}]({self.href(src, r.source)}){{ .cb-citer }}")
        for page, anchor, r in self.commentary_refs:
            if r.target == target and (page, anchor) not in seen:
                seen.add((page, anchor))
                out.append(f"[{s(self.lang, 'commentaries')} ↗]({rel(src, page)}#{anchor}){{ .cb-citer }}")
        return ", ".join(out)

    def law_footer(self, law: Law, src: str) -> str:
        """The law's summary: every provision of other laws that cites it."""
        number = law.number
        sources: dict[Label, None] = {}
        for refs in self.by_target_law.get(number, {}).values():
            for r in refs:
                if r.source[0] != number:
                    sources[r.source] = None
        if not sources:
            return ""
        ordered = sorted(sources, key=labels.sort_key)
        items = ", ".join(f"[{md_escape(labels.cite(l, self.lang))}]({self.href(src, l)})" for l in ordered)
        return (
            f'<div class="cb-law-cited" markdown="1">\n\n**{s(self.lang, "law_cited_by")}** '
            f"({len(ordered)}){s(self.lang, 'colon')}{items}\n\n</div>"
        )

    def placeholders(self, law: Law, src: str) -> str:
        """On an absent law's page, the provisions cited elsewhere, each at the
        anchor it will keep once the text is added."""
        cited = sorted((t for t in self.by_target_law.get(law.number, {}) if len(t) > 1), key=labels.sort_key)
        whole = self.by_target.get(law.label, [])
        if not cited and not whole:
            return ""
        lines = ["", f"## {s(self.lang, 'placeholder')} {{ #cited-{law.number} }}", ""]
        for target in cited:
            citers = self._citing_links(target, src)
            lines.append(
                f'<div class="cb-prov cb-placeholder" id="{labels.anchor(target)}" markdown="1">\n\n'
                f"**{md_escape(labels.cite(target, self.lang))}** — {s(self.lang, 'cited_by')}{s(self.lang, 'colon')}{citers}\n\n</div>\n"
            )
        if whole:
            lines.append(f"{s(self.lang, 'law_cited_by')}{s(self.lang, 'colon')}{self._citing_links(law.label, src)}")
        return "\n".join(lines) + "\n"

    # -- short links -------------------------------------------------------------
    def short_pages(self, directory_urls: bool) -> dict[str, str]:
        """``r/<anchor>/index.html`` for every law and provision: a redirect
        with Open Graph tags and a real link for clients without JavaScript."""
        out = {}
        for law in self.code.laws:
            out.update(self._short(law.label, law, directory_urls))
            for p in law.provisions():
                out.update(self._short(p.label, law, directory_urls))
        return out

    def _short(self, label: Label, law: Law, directory_urls: bool) -> dict[str, str]:
        path = labels.short_path(label) + "index.html"
        target = "../../" + labels.url(label, directory_urls)
        cite = labels.cite(label, self.lang)
        title_fr = self.text(f"{law.number}:title", law.title) if law.title else None
        title = f"{cite} — {title_fr}" if title_fr and len(label) == 1 else cite
        if len(label) > 1 and title_fr:
            title = f"{cite} — {labels.cite(law.label, self.lang)}{s(self.lang, 'colon')}{title_fr}"
        description = self.preview(label).split(" — ", 1)[-1] if law.present else s(self.lang, "to_come")
        return {path: redirect_page(self.lang, title, description, target)}


def redirect_page(lang: str, title: str, description: str, target: str) -> str:
    """A short link's page: a redirect with Open Graph tags and a real link
    for clients without JavaScript."""
    e = html.escape
    return f"""<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>{e(title)}</title>
<meta name="description" content="{e(description)}">
<meta property="og:title" content="{e(title)}">
<meta property="og:description" content="{e(description)}">
<meta property="og:type" content="article">
<link rel="canonical" href="{e(target)}">
<meta http-equiv="refresh" content="0; url={e(target)}">
<script>location.replace({json.dumps(target)} + location.search);</script>
</head>
<body>
<p>{s(lang, "redirect")} <a href="{e(target)}">{e(title)}</a></p>
</body>
</html>
"""


# --------------------------------------------------------------------------
# The auto-linker: the same grammar, for any page


def js_regex(pattern: re.Pattern) -> str:
    """A verbose Python pattern as a JavaScript regex source: comments and
    layout whitespace removed, named groups in JavaScript syntax."""
    out = []
    for line in pattern.pattern.splitlines():
        code_part = re.sub(r"(?<!\\)#.*$", "", line)
        out.append(code_part)
    text = "".join(out)
    text = re.sub(r"(?<!\\)\s+", "", text)
    text = text.replace("\\ ", " ").replace("(?P<", "(?<")
    return text


def autolink_js(code: Code, template: Path) -> str:
    """``autolink.js``: the template with the grammar and the known citations."""
    known = sorted({labels.anchor(p.label) for law in code.present() for p in law.provisions()})
    present = sorted(law.number for law in code.present())
    return (
        template.read_text(encoding="utf-8")
        .replace("/*REFERENCE*/", json.dumps(js_regex(EXPLICIT_REFERENCE)))
        .replace("/*ITEM*/", json.dumps(js_regex(REFERENCE_ITEM)))
        .replace("/*PARTS*/", json.dumps(js_regex(CITATION_PARTS)))
        .replace("/*KNOWN*/", json.dumps(known))
        .replace("/*PRESENT*/", json.dumps(present))
    )


def autolink_spans(text: str, code: Code, base: str = "") -> list[tuple[int, int, str]]:
    """The references of any text as (start, end, URL): the same grammar and
    the same rules as the site's (unknown provisions stay plain text)."""
    from .references import check_target, find_references, known_labels, resolve

    known = known_labels(code)
    out = []
    for raw in find_references(text, relative=False):
        if raw.start == raw.end:
            continue
        target = resolve(raw, ("0",))
        if target is None or check_target(target, code, known):
            continue
        out.append((raw.start, raw.end, base + labels.url(target)))
    return out


_MD_PROTECTED = re.compile(r"`[^`]*`|\[[^\]]*\]\([^)]*\)|<[^>]+>|^(?:    |\t).*$|^```.*?^```", re.M | re.S)


def autolink_markdown(text: str, code: Code, base: str) -> str:
    """Link references in Markdown, leaving code and existing links alone."""
    out, pos = [], 0
    for m in _MD_PROTECTED.finditer(text):
        out.append(_link_md(text[pos : m.start()], code, base))
        out.append(m.group(0))
        pos = m.end()
    out.append(_link_md(text[pos:], code, base))
    return "".join(out)


def _link_md(text: str, code: Code, base: str) -> str:
    out, pos = [], 0
    for a, b, url in autolink_spans(text, code, base):
        out += [text[pos:a], f"[{text[a:b]}]({url})"]
        pos = b
    out.append(text[pos:])
    return "".join(out)


def autolink_html(text: str, code: Code, base: str) -> str:
    """Link references in HTML text nodes, outside links, code and scripts."""
    from bs4 import BeautifulSoup, NavigableString

    soup = BeautifulSoup(text, "html.parser")
    skip = {"a", "script", "style", "code", "pre", "textarea", "button"}
    for node in list(soup.find_all(string=True)):
        if any(p.name in skip for p in node.parents) or type(node) is not NavigableString:
            continue
        spans = autolink_spans(str(node), code, base)
        if not spans:
            continue
        pieces, pos, value = [], 0, str(node)
        for a, b, url in spans:
            pieces.append(NavigableString(value[pos:a]))
            link = soup.new_tag("a", href=url)
            link["class"] = "cb-autolink"
            link.string = value[a:b]
            pieces.append(link)
            pos = b
        pieces.append(NavigableString(value[pos:]))
        for piece in pieces:
            node.insert_before(piece)
        node.extract()
    return str(soup)
