"""Collect first, render second: everything one language's site needs."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path

from . import examples as cases, export, labels, searchdata
from .autolink import autolink_js
from .collect import Layers, Related, collect, references
from .index import Document, SearchIndex, documents as search_documents
from .model import ANNEX, Code, Source
from .parse import absent_titles, parse_code
from .escape import mkdocs_title
from .render import PARTS, Renderer, law_heading, parallel_page
from .shortlinks import short_pages
from .strings import LANGS, other_language, t
from .bilingual import absent_law_terms, glossary_page, index_page as alphabetical_index
from .edition import SRC as EDITION_PAGE
from .commentary import INDEX_SRC as COMMENTARY_INDEX, META_KEYS, index_page as commentary_index, load as load_commentary, page as commentary_page, seed_cases
from .situations import PAGE as SITUATIONS_PAGE, Layer, absent_law_inserts, load as load_situations, page as render_situations
from .tools import tools_page
from . import scoring_pages, searchcache
from .translation import ORIGINAL, Translation, load as load_translation

INDEX_PAGE = labels.ALPHABETICAL_INDEX_SRC

SOURCES = Path("content/sources")
TRANSLATIONS = Path("content/translation")
AUTOLINK_TEMPLATE = Path("content/autolink.template.js")


def nav_escape(nav):
    """The menu with its titles escaped: the theme prints menu titles as
    markup, our titles are text ("&", "<" shown as written)."""
    if isinstance(nav, list):
        return [nav_escape(item) for item in nav]
    if isinstance(nav, dict):
        return {mkdocs_title(title): nav_escape(value) for title, value in nav.items()}
    return nav


def english_of(root: Path, code: Code) -> Translation:
    """Our English of the code, with the titles of the laws the sources lack."""
    english = load_translation(root / TRANSLATIONS / "en", code)
    titles = absent_titles(root / SOURCES, "en")
    english.texts.update({labels.title_key((n,)): title for n, title in titles.items()})
    return english


@dataclass
class Site:
    root: Path
    lang: str
    code: Code
    translation: Translation | None
    directory_urls: bool = True  # False for the offline copy (``.html`` URLs)
    english: Translation | None = None
    parsed: dict = field(default_factory=dict)  # file → parse result, for the build report
    public_url: str | None = None  # this language's public address (publish.public_root), if any
    # "Voir aussi" of the site before an edit (``make serve``): the first pages
    # written after it use it, the late ones the new search index's
    see_also_before: dict | None = None
    # the other language's site, made first: what does not depend on the
    # language (references, commentaries, cases, glossary, situations) is
    # shared with it, not read and checked again
    twin: "Site | None" = field(default=None, repr=False, compare=False)

    @classmethod
    def load(cls, root: Path, lang: str, directory_urls: bool = True) -> "Site":
        code, parsed = parse_code(root / SOURCES)
        english = english_of(root, code)
        translation = english if lang == "en" else None
        return cls(root, lang, code, translation, directory_urls, english, parsed)

    def __post_init__(self):
        twin = self.twin
        if twin is not None:
            self.index, self.commentaries, self.seed_cases = twin.index, twin.commentaries, twin.seed_cases
            self.english, self.examples = twin.english, twin.examples
        else:
            self.index = references(self.code)
            self.commentaries = [
                load_commentary(self.root, source, self.code) for source in self.code.sources if source.role == "commentary"
            ]
            self.seed_cases = seed_cases(self.root, self.code, self.commentaries) if self.commentaries else []
            if self.english is None:  # the English cases are checked against our English
                self.english = english_of(self.root, self.code)
            self.examples = cases.load(self.root, self.code, self.english, [cases.seed(s) for s in self.seed_cases])
        self.commentary_refs = [(c.src, anchor, ref) for c in self.commentaries for anchor, _, _, ref in c.references]
        self.cases = cases.CasePages(self.examples, self.code, self.layers, self.directory_urls)

    # -- collect -----------------------------------------------------------------
    @cached_property
    def layers(self) -> Layers:
        """Every layer of this language's site (``collect.collect``), but
        "Voir aussi" (``law_layers``)."""
        return collect(
            self.code,
            self.lang,
            self.index,
            self.translation,
            commentary_refs=self.commentary_refs,
            examples=self.examples,
            inserts=self.scoring_inserts,
            repairs=self.scoring.tables,
            directory_urls=self.directory_urls,
        )

    @cached_property
    def law_layers(self) -> Layers:
        """The layers of the law pages: all of them, "Voir aussi" included
        (it needs the search index, which reads the other pages first)."""
        return replace(self.layers, see_also=self.see_also, inserts=self.law_inserts)

    @cached_property
    def see_also(self) -> dict[str, tuple[Related, ...]]:
        """Each law's "Voir aussi": the laws closest to it in the words of
        the original, the French (``collect.see_also``), on both sites, so
        that a law lists the same laws in both languages; each with this
        site's heading of the provision (none where it has none)."""
        if self.lang == LANGS[0]:
            return self.search_products.see_also
        headings = {doc.key: doc.heading for doc in self.search_docs if doc.kind in ("law", "provision")}
        return {
            law: tuple(Related(r.label, headings.get(labels.anchor(r.label), "")) for r in related)
            for law, related in self.original.search_products.see_also.items()
        }

    @cached_property
    def original(self) -> "Site":
        """The site in the original's language, the French: this one, its
        twin, or one made for it (an English site loaded alone)."""
        if self.lang == LANGS[0]:
            return self
        if self.twin is not None and self.twin.lang == LANGS[0]:
            return self.twin
        return Site(self.root, LANGS[0], self.code, None, self.directory_urls, self.english, self.parsed, public_url=None)

    @cached_property
    def law_inserts(self) -> dict[str, tuple]:
        """What the law pages place among the law's units: the scoring layer
        (``scoring_inserts``) and, on the page of a law the sources lack, the
        glossary's terms that cite it (``absent_law_terms``), then the
        situations that refer to it, their links with the layers' previews."""
        inserts = dict(self.layers.inserts)
        for key, nodes in absent_law_terms(self.terms, self.lang, self.absent_laws).items():
            inserts[key] = inserts.get(key, ()) + nodes
        for key, nodes in absent_law_inserts(self.situations, self.lang, self.code, self.layers).items():
            inserts[key] = inserts.get(key, ()) + nodes
        return inserts

    @cached_property
    def other_layers(self) -> Layers:
        """The other language's texts and located references, for the
        parallel view."""
        other = other_language(self.lang)
        return collect(self.code, other, self.index, self.english if other == "en" else None, directory_urls=self.directory_urls)

    # -- language --------------------------------------------------------------
    @property
    def texts(self) -> Translation:
        """The units' texts of this site's language: our English, or the
        French itself."""
        return self.translation or ORIGINAL

    @cached_property
    def law_titles(self) -> dict[str, str | None]:
        """Each law's title in this site's language, by number (None: it has none)."""
        return {law.number: self.layers.title(law) for law in self.code.laws}

    def renderer(self) -> Renderer:
        """The renderer of this site's pages, on its collected layers."""
        return Renderer(self.code, self.layers)

    @cached_property
    def scoring(self) -> scoring_pages.Layer:
        """Restored tables, calculators and the revoke helper (Laws 64, 77, 78)."""
        return scoring_pages.Layer(self.code, self.lang, self.texts, self.directory_urls)

    @cached_property
    def scoring_inserts(self) -> dict[str, tuple]:
        """The layers the law pages place among the law's units: the scoring
        layer (tables, then widgets). On the page of a law the sources lack,
        the situations that refer to it follow (``law_inserts``)."""
        out = dict(self.scoring.tables)
        for key, widget in self.scoring.widgets.items():
            out[key] = out.get(key, ()) + widget
        return out

    def reference_records(self) -> dict[str, list[dict]]:
        """Each law's references for code.json: where (the provision, and the
        unit: a note's references stand in the note's own unit), as
        printed in the site's language (the English site's text: its words
        where the reference is located there), to what."""
        out: dict[str, list[dict]] = {law.number: [] for law in self.code.present()}
        located = {key: list(found) for key, found in self.layers.located.items()}
        for r in self.index.refs:
            text = r.text
            if self.translation is not None:  # the words of the reference in our English, where located
                pool = located.get(r.unit, [])
                at = next((i for i, loc in enumerate(pool) if loc.target == r.target), None)
                if at is not None:
                    loc = pool.pop(at)
                    text = self.layers.texts.get(r.unit, "")[loc.start : loc.end] or text
            out[r.source[0]].append(
                {
                    "from": labels.citation(r.source),
                    "unit": r.unit,
                    "text": text,
                    "to": labels.citation(r.target),
                    "url": labels.url(r.target),
                    "kind": r.kind,
                }
            )
        return out

    def problems(self) -> list[str]:
        """References that could not be resolved, as "file:line: …"."""
        return [str(p) for p in self.index.problems] + [p for c in self.commentaries for p in c.problems]

    # -- navigation ------------------------------------------------------------
    def nav(self) -> list:
        """The menu. Its titles are printed by the theme as HTML, unescaped:
        ``nav_escape`` escapes each one (``escape.mkdocs_title``)."""
        lang = self.lang
        nav: list = [{t(lang, "code"): labels.HOME_SRC}, {t(lang, "situations.nav"): SITUATIONS_PAGE}]
        for part, numbers in PARTS:
            items = [self._nav_law(str(n)) for n in numbers]
            if part == "definitions" and self.code.definitions is not None:  # before Law 1, as the code prints them
                items.insert(0, {t(lang, "definitions.title"): labels.DEFINITIONS_SRC})
            # first, the part's own page: the theme opens it from the part's entry (navigation.indexes)
            nav.append({t(lang, "part." + part): [labels.part_src(numbers[0], numbers[-1])] + items})
        nav.append({t(lang, "part.annexe"): [self._nav_law(ANNEX)]})
        if self.commentaries:
            nav.append({t(lang, "commentaries"): [COMMENTARY_INDEX] + [{c.meta("title", lang): c.src} for c in self.commentaries]})
        if self.examples.entries(lang):
            nav.append({t(lang, "examples.title"): cases.INDEX_SRC})
        nav.append({t(lang, "part.index"): INDEX_PAGE})
        nav.append({t(lang, "bilingual.glossary"): labels.GLOSSARY_SRC})
        nav.append({t(lang, "publish.edition.title"): EDITION_PAGE})  # to read at one go, or print
        nav.append({t(lang, "tools.title"): labels.TOOLS_SRC})
        nav.append({t(lang, "ffb.title"): labels.FFB_NOTES_SRC})
        nav.append({t(lang, "about"): labels.ABOUT_SRC})
        return nav_escape(nav)

    def _nav_law(self, number: str) -> dict:
        law = self.code.law(number)
        title = self.layers.title(law)
        return {law_heading(law, self.lang, title): labels.law_src(number)}

    # -- pages -----------------------------------------------------------------
    def pages(self) -> dict[str, str]:
        """Every generated page: first those that search reads, then those
        that read the search index (the Index, the laws' "See also")."""
        pages = dict(self.base_pages)
        pages[SITUATIONS_PAGE] = self.situations_page(pages)
        products = self.search_products  # the search index's, kept or made: what the rest reads
        pages[INDEX_PAGE] = self.index_page()
        pages.update(self.law_pages(self.law_layers))
        pages[searchdata.PATH] = products.browser_index
        pages.update(products.browser_texts)
        from .folders import indexes

        pages.update(indexes(self, pages))  # last: every folder's pages are known
        return pages

    def first_pages(self) -> dict[str, str]:
        """The law pages alone, at once: after an edit (``make serve``),
        with "See also" from before it (``see_also_before``), as the search
        index that makes the new one is not built yet; ``pages`` follows."""
        if self.see_also_before is None:
            return self.law_pages(self.law_layers)
        present = {law.number for law in self.code.present()}
        kept = {n: related for n, related in self.see_also_before.items() if n in present}
        return self.law_pages(replace(self.layers, see_also={n: kept.get(n, ()) for n in present}, inserts=self.law_inserts))

    def law_pages(self, layers: Layers) -> dict[str, str]:
        r = Renderer(self.code, layers)
        return {labels.law_src(law.number): r.law_page(law) for law in self.code.laws}

    @cached_property
    def citations(self) -> dict[str, str]:
        """Every citation → its URL (``data/citations.json``)."""
        return export.citations(self.code, self.layers.placeholders, self.directory_urls)

    def data_files(self) -> dict[str, str]:
        """The code as data, as the site publishes it (``codebridge export``
        writes the same): ``data/code.json`` and ``data/citations.json``."""
        return {
            "data/code.json": export.code_json(self.code, self.texts, self.reference_records(), lang=self.lang),
            "data/citations.json": export.citations_json(self.citations),
        }

    @cached_property
    def base_pages(self) -> dict[str, str]:
        """The pages that do not depend on the search index. Commentary pages
        belong here: search indexes the commentaries that have one."""
        r = self.renderer()
        # the auto-linker's links lead to the public site when there is one
        # (a newsletter's links), whose pages are folders; else to this copy
        cited = self.citations if self.directory_urls or self.public_url is None else export.citations(self.code, self.layers.placeholders)
        pages = {
            labels.HOME_SRC: r.home_page(),
            **{labels.part_src(numbers[0], numbers[-1]): r.part_page(part, numbers) for part, numbers in PARTS},
            labels.FFB_NOTES_SRC: r.ffb_page(),
            labels.ABOUT_SRC: self.about_page(),
            labels.TOOLS_SRC: tools_page(self.lang, self.public_url),
            **({labels.DEFINITIONS_SRC: r.definitions_page()} if self.code.definitions is not None else {}),
            **self.data_files(),
            "assets/javascripts/autolink.js": autolink_js(self.code, self.root / AUTOLINK_TEMPLATE, self.public_url, cited),
            scoring_pages.DATA_PATH: scoring_pages.data_script(),
            labels.GLOSSARY_SRC: glossary_page(self.terms, self.lang, self.absent_laws, self.code.lost),
        }
        for c in self.commentaries:
            seeds = [s for s in self.seed_cases if s.commentary == c.source.slug]
            pages[c.src] = commentary_page(c, self.lang, self.layers, seeds, self.directory_urls)
        if self.commentaries:
            pages[COMMENTARY_INDEX] = commentary_index(self.commentaries, self.lang, self.seed_cases)
        pages.update(short_pages(self.code, self.layers, self.directory_urls, self.public_url))
        for law in self.code.present():
            src = labels.parallel_src(law.number)
            pages[src] = parallel_page(law, self.layers, self.other_layers, self.scoring.tables) + self.cases.parallel_section(law.number, src)
        if self.examples.entries(self.lang):
            pages[cases.INDEX_SRC] = self.cases.index_page()
        for case in self.examples.of(self.lang):
            pages[case.src] = self.cases.case_page(case)
        pages.update(self.cases.short_pages(self.public_url))
        pages.update(self.publishing_pages())
        return pages

    def publishing_pages(self) -> dict:
        """Link cards, the app's manifest and icons, the go-to-law data, the
        single-document edition and a page for every folder that lacks one."""
        from . import edition, goto, publish

        out: dict = {}
        out.update(publish.cards(self.code, self.lang, self.law_titles, self.root / publish.CARD_CACHE))
        out.update(publish.icons(self.root / publish.CARD_CACHE))
        out[publish.MANIFEST] = publish.manifest(self.lang)
        out[goto.PATH] = goto.script(self.code, self.directory_urls, self.layers.placeholders)
        out[edition.SRC] = edition.page(self)
        return out

    # -- search ----------------------------------------------------------------
    @cached_property
    def terms(self):
        from .glossary import load as load_glossary

        return self.twin.terms if self.twin is not None else load_glossary(self.root, self.code)

    @cached_property
    def situations(self) -> Layer:
        """The situations layer (« Que faire si… »), checked against the code."""
        return self.twin.situations if self.twin is not None else load_situations(self.root, self.code)

    @cached_property
    def search_docs(self) -> list[Document]:
        """Every searchable document of this language's site."""
        return search_documents(
            self.code,
            self.lang,
            self.texts,
            self.terms,
            commentaries=self.search_commentaries(),
            cases=self.cases.search_documents(),
            tools=self.scoring.search_documents(),
            directory_urls=self.directory_urls,
        )

    @cached_property
    def search(self) -> SearchIndex:
        """The full-text index of this language's site, with the situations."""
        analysed = searchcache.analysed(self.root / searchcache.CACHE, self.lang, self.terms)
        return SearchIndex(self.search_docs, self.lang, self.terms, self.situations.situations, analysed, self.other_docs)

    @cached_property
    def other_docs(self) -> list[Document]:
        """The laws' and provisions' documents of the other language's site:
        their headings, which the Index checks (``SearchIndex.term_documents``)."""
        other = other_language(self.lang)
        return search_documents(self.code, other, self.english if other == "en" else ORIGINAL, self.terms)

    @cached_property
    def search_products(self) -> searchcache.Products:
        """What the pages take from the search index ("Voir aussi", the
        Index's provisions, the browser index), kept between builds
        (``searchcache``): with the digest of the last build, no index is built."""
        cache = self.root / searchcache.CACHE
        key = searchcache.digest(self.lang, self.search_docs, self.terms, self.situations.situations, self.other_docs)
        products = searchcache.kept(cache, self.lang, key)
        if products is None:  # none kept for these documents: the index is built
            products = searchcache.made(self.code, self.search)
            searchcache.keep(cache, key, products, self.search)
        return products

    def search_commentaries(self) -> list[tuple[Source, str, list[tuple[str, str]]]]:
        """The commentaries that have a page on this site, paragraph by paragraph."""
        return [
            (replace(c.source, title=c.meta("title", self.lang)), c.src, c.texts(self.lang))
            for c in self.commentaries
            if c.src in self.base_pages
        ]

    def situations_page(self, pages: dict[str, str]) -> str:
        """« Que faire si… »: the situations by moment, each linking to its
        provisions and to the cases that have a page on the site."""

        titles = {case.id: case.title for case in self.examples.of(self.lang) if labels.case_src(case.id) in pages}
        return render_situations(self.situations, self.lang, self.layers, self.code, titles)

    def about_page(self) -> str:
        from .about import about_page

        accounts = {s.file: {"origin": s.origin_en, "credit": s.credit_en} for s in self.code.sources if self.lang == "en" and s.origin_en}
        for c in self.commentaries:
            if self.lang == "en" and c.english is not None:
                accounts[c.source.file] = {key: c.meta(key, self.lang) for key in META_KEYS}
        return about_page(self.code, self.lang, accounts)

    def index_page(self) -> str:
        """The alphabetical index (bilingual.index_page), from the full-text index."""
        keys = self.search_products.term_documents
        number = {doc.key: doc for doc in self.search_docs}
        return alphabetical_index(self.terms, {term.id: [number[k] for k in keys[term.id]] for term in self.terms}, self.lang, INDEX_PAGE, self.absent_laws, self.code.lost)

    @cached_property
    def absent_laws(self) -> frozenset[str]:
        """The laws the sources lack (their pages say so)."""
        return frozenset(law.number for law in self.code.laws if not law.present)
