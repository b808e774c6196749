"""The reference layer made visible: links in the text, "Cité par", short
links, copy controls, and the newsletter auto-linker.

Everything here asks ``labels`` for citations, anchors and URLs.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from pathlib import Path

from . import labels
from .layers import strip_calls, units
from .model import ANNEX, Block, Code, Label, Law, Provision
from .patterns import ANNEX_REFERENCE, CITATION_PARTS, EXPLICIT_REFERENCE, REFERENCE_ITEM
from .references import Problem, Reference, cited_by, code_references, project
from .escape import html_attr, js_string, json_text, md_link_title
from .render import Span, md_escape, rel
from .strings import t

PREVIEW = 140
LEAD = 50  # how much of a list's lead-in a preview keeps

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
        self._leads = self._lead_ins()

    # -- previews ------------------------------------------------------------
    def _first_texts(self) -> dict[Label, str]:
        """The start of each provision's text (its own or its first child's)."""
        out: dict[Label, str] = {}
        for law in self.code.present():
            markers = {n.marker for n in law.notes}
            for unit in units(law):
                if unit.kind in ("para", "item"):
                    for n in range(1, len(unit.owner) + 1):
                        out.setdefault(unit.owner[:n], strip_calls(self.text(unit.key, unit.text), markers))
        return out

    def _lead_ins(self) -> dict[Label, str]:
        """The lead-in of each list item: the text before the list, ending in
        a colon, without which the item means nothing (64B7 says « quand les
        deux camps… » to « Il n'y a pas d'ajustement automatique… : »)."""
        out: dict[Label, str] = {}

        def walk(label: Label, content) -> None:
            i, lead = 0, None
            for item in content:
                if isinstance(item, Block):
                    text = self.text(f"{labels.anchor(label)}:{i}", item.text)
                    i += 1
                    lead = text if text.rstrip().endswith(":") else None
                else:
                    if lead:
                        out[item.label] = lead
                    walk(item.label, item.content)

        for law in self.code.present():
            walk(law.label, law.content)
        return out

    def summary(self, target: Label) -> str:
        """The start of a provision's text for a preview or a description,
        after its lead-in when it is a list item:
        « Il n’y a pas d’ajustement automatique de levée … quand les deux camps… »."""
        text = self._texts.get(target) or ""
        lead = self._leads.get(target)
        if lead:
            if len(lead) > LEAD:
                lead = lead[:LEAD].rsplit(" ", 1)[0] + " …"
            text = f"{lead.rstrip(' :')} {text}" if not lead.endswith("…") else f"{lead} {text}"
        if len(text) > PREVIEW:
            text = text[:PREVIEW].rsplit(" ", 1)[0] + " …"
        return text

    def preview(self, target: Label) -> str:
        """"Loi 45C4(b) — Le déclarant peut changer…" for a tooltip."""
        cite = labels.cite(target, self.lang)
        law = self.code.law(target[0])
        if not law.present:
            return f"{cite} — {s(self.lang, 'to_come')}"
        return f"{cite} — {self.summary(target)}"

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

    def parallel_spans(self, law: Law, key: str, text: str, src: str, lang: str) -> list[Span]:
        """The references of a unit of the parallel view, in either column:
        links to the rows of the parallel views (the law page for a law
        without one)."""
        refs = self.by_unit.get(key, [])
        if not refs:
            return []
        located = [(r.start, r.end, r) for r in refs if r.start != r.end] if lang == "fr" else project(refs, text)
        out = []
        for a, b, r in located:
            target = r.target
            present = self.code.law(target[0]).present
            page = f"bilingue/{target[0]}.md" if present else labels.law_src(target[0])
            href = ("" if page == src else rel(src, page)) + ("#" + labels.anchor(target) if len(target) > 1 else "")
            out.append(Span(a, b, self._link(src, target, href or "#" + labels.anchor(target))))
        return out

    def _link(self, src: str, target: Label, href: str | None = None):
        href = href or self.href(src, target)
        title = md_link_title(self.preview(target))
        cite = html_attr(labels.citation(target))

        def render(escaped: str) -> str:
            return f'[{escaped}]({href} "{title}"){{ .ref data-cite="{cite}" }}'

        return render

    # -- "Cité par" ------------------------------------------------------------
    def provision_footer(self, law: Law, p: Provision, src: str) -> str:
        cite = labels.cite(p.label, self.lang)
        anchor = labels.anchor(p.label)
        # Each control's name starts with the word it shows (WCAG 2.5.3):
        # "lien (Copier le lien Loi 64B7)".
        e = html_attr
        tools = (
            f'<span class="cb-tools" data-anchor="{anchor}" data-cite="{e(cite)}">'
            f'<button type="button" class="cb-copy" data-copy="link" title="{e(s(self.lang, "copy_link"))}" '
            f'aria-label="{e(s(self.lang, "link_word"))} ({e(s(self.lang, "copy_link"))} {e(cite)})">{md_escape(s(self.lang, "link_word"))}</button>'
            f'<button type="button" class="cb-copy" data-copy="cite" title="{e(s(self.lang, "copy_cite"))}" '
            f'aria-label="{e(s(self.lang, "cite_word"))} ({e(s(self.lang, "copy_cite"))} {e(cite)})">{md_escape(s(self.lang, "cite_word"))}</button></span>'
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
    def short_pages(self, directory_urls: bool, public: str | None = None) -> dict[str, str]:
        """``r/<anchor>/index.html`` for every law and provision: a redirect
        with Open Graph tags and a real link for clients without JavaScript;
        with the site's ``public`` address, the canonical URL, ``og:url`` and
        ``og:image`` are absolute."""
        out = {}
        for law in self.code.laws:
            out.update(self._short(law.label, law, directory_urls, public))
            for p in law.provisions():
                out.update(self._short(p.label, law, directory_urls, public))
        return out

    def _short(self, label: Label, law: Law, directory_urls: bool, public: str | None = None) -> dict[str, str]:
        from .publish import CARDS

        path = labels.short_path(label) + "index.html"
        target = "../../" + labels.url(label, directory_urls)
        canonical = public + labels.url(label) if public else target
        card = (public or "../../") + f"{CARDS}{law.number}.png"
        cite = labels.cite(label, self.lang)
        title_fr = self.text(f"{law.number}:title", law.title) if law.title else None
        title = f"{cite} — {title_fr}" if title_fr and len(label) == 1 else cite
        if len(label) > 1 and title_fr:
            title = f"{cite} — {labels.cite(law.label, self.lang)}{s(self.lang, 'colon')}{title_fr}"
        description = self.preview(label).split(" — ", 1)[-1] if law.present else s(self.lang, "to_come")
        return {path: redirect_page(self.lang, title, description, target, canonical if public else None, card)}


def redirect_page(lang: str, title: str, description: str, target: str, public: str | None = None, card: str | None = None) -> str:
    """A short link's page: a redirect with Open Graph tags and a real link
    for clients without JavaScript; with the target's ``public`` address, an
    absolute canonical URL and ``og:url``; ``card``, its ``og:image``."""
    e = html.escape
    canonical = public or target
    og_url = f'<meta property="og:url" content="{e(public)}">\n' if public else ""
    image = (
        f'<meta property="og:image" content="{e(card)}">\n<meta property="og:image:width" content="1200">\n'
        f'<meta property="og:image:height" content="630">\n'
        if card
        else ""
    )
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
{og_url}{image}<meta name="twitter:card" content="summary_large_image">
<link rel="canonical" href="{e(canonical)}">
<meta http-equiv="refresh" content="0; url={e(target)}">
<script>location.replace({js_string(target)} + location.search);</script>
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


def autolink_js(code: Code, template: Path, public: str | None = None) -> str:
    """``autolink.js``: the template with the grammar, the known citations,
    and the site's public address (its links' default base)."""
    known = sorted({labels.anchor(p.label) for law in code.present() for p in law.provisions()})
    # the annex's items too ("annexe-2"): "l'annexe 2" links only to an item that exists
    present = sorted(law.number for law in code.present())
    return (
        template.read_text(encoding="utf-8")
        .replace("/*REFERENCE*/", js_string(js_regex(EXPLICIT_REFERENCE)))
        .replace("/*ITEM*/", js_string(js_regex(REFERENCE_ITEM)))
        .replace("/*PARTS*/", js_string(js_regex(CITATION_PARTS)))
        .replace("/*ANNEX*/", js_string(js_regex(ANNEX_REFERENCE)))
        .replace("/*PUBLIC*/", js_string(public or ""))
        .replace("/*KNOWN*/", json_text(known))
        .replace("/*PRESENT*/", json_text(present))
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
    for m in ANNEX_REFERENCE.finditer(text):
        if not m["number"] and not m["word"][0].isupper():
            continue  # "an annex" in passing
        target = (ANNEX,) + tuple(g for g in (m["number"], m["sub"]) if g)
        if len(target) > 1 and target not in known:
            continue  # no such item: plain text, as for the laws
        out.append((m.start("ref"), m.end("ref"), base + labels.url(target)))
    return sorted(out)


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
