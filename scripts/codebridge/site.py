"""Collect first, render second: everything one language's site needs."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from . import export, labels
from .model import ANNEX, Code
from .parse import known_titles_en, parse_code
from .render import PARTS, Renderer, law_heading, t
from .bilingual import TEXT as BI_TEXT, glossary_page, parallel_page, parallel_src, switch_line
from .commentary import load as load_commentary, page as commentary_page
from .links import Links, autolink_js
from .tools import TOOLS, tools_page
from .translation import Translation, load as load_translation

SOURCES = Path("content/sources")
TRANSLATIONS = Path("content/translation")
AUTOLINK_TEMPLATE = Path("content/autolink.template.js")


@dataclass
class Site:
    root: Path
    lang: str
    code: Code
    translation: Translation | None
    directory_urls: bool = True
    english: Translation | None = None

    @classmethod
    def load(cls, root: Path, lang: str, directory_urls: bool = True) -> "Site":
        code, _ = parse_code(root / SOURCES)
        english = load_translation(root / TRANSLATIONS / "en", code)
        titles = known_titles_en(root / SOURCES)
        english.texts.update({f"{n}:title": title for n, title in titles.items()})
        translation = english if lang == "en" else None
        return cls(root, lang, code, translation, directory_urls, english)

    def __post_init__(self):
        self.links = Links(self.code, self.lang, self.text)
        self.commentaries = [
            load_commentary(self.root, source, self.code) for source in self.code.sources if source.role == "commentary"
        ]
        for c in self.commentaries:
            self.links.commentary_refs += [(c.src, anchor, ref) for anchor, _, _, _, ref in c.references]

    # -- language --------------------------------------------------------------
    def text(self, key: str, fr: str) -> str:
        if self.translation is None:
            return fr
        return self.translation.get(key) or fr

    def renderer(self) -> Renderer:
        return Renderer(
            self.code,
            self.lang,
            self.text,
            extra_spans=self.links.spans,
            provision_footer=self.links.provision_footer,
            law_footer=self.links.law_footer,
            absent_footer=self.links.placeholders,
            law_header=self.law_header,
        )

    def reference_records(self) -> dict[str, list[dict]]:
        """Each law's references for code.json: where, as printed, to what."""
        out: dict[str, list[dict]] = {law.number: [] for law in self.code.present()}
        for r in self.links.refs:
            out[r.source[0]].append(
                {
                    "from": labels.citation(r.source),
                    "text": r.text,
                    "to": labels.citation(r.target),
                    "url": labels.url(r.target),
                    "kind": r.kind,
                }
            )
        return out

    def law_header(self, law, src: str) -> str:
        parallel = parallel_src(law.number) if law.present else None
        return switch_line(src, self.lang, self.directory_urls, parallel)

    def en_text(self, key: str, fr: str) -> str:
        return (self.english.get(key) if self.english else None) or fr

    def problems(self) -> list[str]:
        """References that could not be resolved, as "file:line: …"."""
        return [str(p) for p in self.links.problems] + [p for c in self.commentaries for p in c.problems]

    # -- navigation ------------------------------------------------------------
    def nav(self) -> list:
        lang = self.lang
        nav: list = [{t(lang, "code"): "index.md"}]
        for part, numbers in PARTS:
            nav.append({t(lang, "part." + part): [self._nav_law(str(n)) for n in numbers]})
        nav.append({t(lang, "part.annexe"): [self._nav_law(ANNEX)]})
        if self.commentaries:
            nav.append({t(lang, "commentaries"): [{c.source.title: c.src} for c in self.commentaries]})
        nav.append({t(lang, "part.index"): "index-alphabetique.md"})
        nav.append({BI_TEXT[lang]["glossary"]: "glossaire.md"})
        nav.append({TOOLS[lang]: "outils.md"})
        nav.append({t(lang, "ffb.title"): "notes-ffb.md"})
        nav.append({t(lang, "about"): "a-propos.md"})
        return nav

    def _nav_law(self, number: str) -> dict:
        law = self.code.law(number)
        title = self.text(f"{number}:title", law.title) if law.title else None
        return {law_heading(law, self.lang, title): labels.law_src(number)}

    # -- pages -----------------------------------------------------------------
    def pages(self) -> dict[str, str]:
        r = self.renderer()
        pages = {
            "index.md": r.home_page(),
            "notes-ffb.md": r.ffb_page(),
            "a-propos.md": self.about_page(),
            "index-alphabetique.md": self.index_page(),
        }
        for law in self.code.laws:
            pages[labels.law_src(law.number)] = r.law_page(law)
        for c in self.commentaries:
            pages[c.src] = commentary_page(c, self.lang, self.links.href)
        pages.update(self.links.short_pages(self.directory_urls))
        pages["assets/javascripts/autolink.js"] = autolink_js(self.code, self.root / AUTOLINK_TEMPLATE)
        pages["outils.md"] = tools_page(self.lang)
        for law in self.code.present():
            pages[parallel_src(law.number)] = parallel_page(law, self.lang, lambda k, fr: fr, self.en_text)
        from .glossary import load as load_glossary

        pages["glossaire.md"] = glossary_page(load_glossary(self.root, self.code), self.lang)
        pages["data/code.json"] = export.code_json(self.code, self.text, self.reference_records(), lang=self.lang)
        pages["data/citations.json"] = export.citations_json(self.code)
        return pages

    def about_page(self) -> str:
        from .about import about_page

        return about_page(self.code, self.lang)

    def index_page(self) -> str:
        """The alphabetical index: every glossary term → its provisions."""
        from .glossary import fold, load as load_glossary
        from .render import md_escape, rel

        terms = load_glossary(self.root, self.code)
        src = "index-alphabetique.md"
        lang = self.lang
        title = t(lang, "part.index")
        lines = ["---", f'title: "{title}"', "---", "", f"# {title}", ""]
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
                lines += ["", f"## {first} {{ #lettre-{first.lower()} }}", ""]
            if term is None:  # a synonym pointing to its main entry
                lines.append(f"- **{md_escape(head)}** → *{md_escape(other)}*")
                continue
            links = ", ".join(
                f"[{md_escape(labels.cite(l, lang))}]({rel(src, labels.law_src(l[0]))}"
                + (f"#{labels.anchor(l)}" if len(l) > 1 else "")
                + ")"
                for l in term.laws
            )
            definition = term.def_fr if lang == "fr" else term.def_en
            lines.append(
                f'- **{md_escape(head)}** <span class="cb-other-lang" lang="{"en" if lang == "fr" else "fr"}">'
                f"({md_escape(other)})</span> — {md_escape(definition)}" + (f" {links}" if links else "")
            )
        return "\n".join(lines) + "\n"

    def post_build(self, site_dir: Path) -> None:
        pass
