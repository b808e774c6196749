"""The one place that turns a provision's label into a citation, an anchor,
a URL, or back.

Label parts follow the printed markers: law number (or ``annexe``), section
letter, paragraph number, sub-paragraph letter, roman sub-sub-paragraph:

    ("45", "C", "4", "b")       → citation "45C4(b)",    anchor "45C4b"
    ("40", "B", "2", "a", "v")  → citation "40B2(a)(v)", anchor "40B2a-v"
    ("40", "A")                 → citation "40A",        anchor "40A"
    ("annexe", "1", "2")        → citation "Annexe 1.2", anchor "annexe-1-2"

Anchors are stable: newsletters link to them.
"""

from __future__ import annotations

import posixpath
import unicodedata
from functools import lru_cache

from .model import ANNEX, Label
from .patterns import ANCHOR, CITATION_TEXT
from .strings import other_language, t

LAW_NUMBERS = tuple(str(n) for n in range(1, 94))
ALL_LAWS = LAW_NUMBERS + (ANNEX,)


def law_runs(numbers, dash: str = "–") -> str:
    """Laws in the code's order as runs: "40–64", "1, 12", "65–93, annexe"
    (with ``dash="-"`` as a manifest's ``laws:`` writes them)."""
    runs: list[list[str]] = []
    for n in numbers:
        if runs and n != ANNEX and runs[-1][-1] != ANNEX and int(n) == int(runs[-1][-1]) + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(run[0] if len(run) == 1 else f"{run[0]}{dash}{run[-1]}" for run in runs)


# What folding writes in place of a letter or sign before it lowers the case
# and drops the accents (``fold``; the pages fold with the same table).
FOLD_CHARS = {"œ": "oe", "Œ": "oe", "æ": "ae", "Æ": "ae", "ß": "ss", "’": "'", "‘": "'"}
_FOLD = str.maketrans(FOLD_CHARS)


@lru_cache(maxsize=1 << 16)  # called on every token: the same words come again and again
def fold(text: str) -> str:
    """Lower case, without accents; œ → oe and typographic apostrophes → '."""
    text = unicodedata.normalize("NFKD", text.translate(_FOLD).lower())
    return "".join(c for c in text if not unicodedata.combining(c))


@lru_cache(maxsize=None)  # every link of every page: one entry per label of the code
def kinds(label: Label) -> tuple[str, ...]:
    """The kind of each part of a label: law, section, number, subnumber,
    letter or roman. A roman part is one that follows a letter."""
    out = ["law"]
    for part in label[1:]:
        prev = out[-1]
        if part.isupper():
            out.append("section")
        elif part.isdigit():
            out.append("subnumber" if prev == "number" else "number")
        elif prev == "letter":
            out.append("roman")
        else:
            out.append("letter")
    return tuple(out)


@lru_cache(maxsize=None)  # every link of every page: one entry per label of the code
def citation(label: Label, lang: str = "fr") -> str:
    """The citation as the Laws write it, without the word "Loi" (the
    Annex's word is in ``lang``: "Annexe 3", "Annex 3").

    A paragraph that stands directly under its law (Loi 71 has no sections)
    is written "71.1" so that it cannot be read as Law 711.
    """
    if label[0] == ANNEX:
        return t(lang, "annex") + ("" if len(label) == 1 else " " + ".".join(label[1:]))
    out = label[0]
    for part, kind, prev in zip(label[1:], kinds(label)[1:], kinds(label)):
        if kind in ("letter", "roman"):
            out += f"({part})"
        elif kind == "number" and prev == "law":
            out += "." + part
        else:
            out += part
    return out


def cite(label: Label, lang: str = "fr") -> str:
    """The citation with its word: "Loi 64B7", "Law 64B7", "Annexe 1.2"."""
    if label[0] == ANNEX:
        return citation(label, lang)
    return f"{t(lang, 'law')} {citation(label)}"


def note_word(national: bool, lang: str = "fr") -> str:
    """What a note is called: « Note FFB » (an FFB national note), or « Note »."""
    return t(lang, "note" if national else "footnote")


def note_cite(law: str, marker: str, lang: str = "fr", national: bool = True) -> str:
    """A note cited with its law: "Loi 41 · Note FFB (11)", "Loi 70 · Note (21)"."""
    return f"{cite((law,), lang)} · {note_word(national, lang)} {marker}"


@lru_cache(maxsize=None)  # every link of every page: one entry per label of the code
def anchor(label: Label) -> str:
    """The HTML id of a provision: citation without parentheses, a hyphen
    before a roman level (and before a paragraph directly under its law)."""
    if label[0] == ANNEX:
        return "-".join(label)
    out = label[0]
    for part, kind, prev in zip(label[1:], kinds(label)[1:], kinds(label)):
        if kind == "roman" or (kind == "number" and prev == "law"):
            out += "-" + part
        else:
            out += part
    return out


def law_path(number: str, directory_urls: bool = True) -> str:
    """Path of a law's page relative to the site root: ``lois/64/`` online,
    ``lois/64.html`` in the offline copy (no directory URLs)."""
    return page_url(law_src(number), directory_urls)


LAWS = "lois/"  # the folder of the law pages
# the query the French site's worker adds to a French page it opens in place
# of an English one this device has not kept offline (publish.js says why)
OFFLINE_OTHER = "hors-ligne"
# the query with which the French 404 sends a missing English address to the
# English 404 (hosts with one 404 page), which puts that address back in the bar
ASKED = "demande"


PART_PAGES = "parties/"  # a page per part of the code, the one its menu entry opens


def part_src(first: int, last: int) -> str:
    """Source path of the page of the part of the code from law ``first``
    to law ``last``: ``parties/40-64/index.md`` (an index, so that the
    theme opens it from the part's menu entry)."""
    return f"{PART_PAGES}{first}-{last}/index.md"


def law_src(number: str) -> str:
    """Source path of a law's Markdown page inside the docs folder."""
    return f"{LAWS}{number}.md"


def url(label: Label, directory_urls: bool = True) -> str:
    """URL of a provision relative to the site root (of either language)."""
    if len(label) == 1:
        return law_path(label[0], directory_urls)
    return law_path(label[0], directory_urls) + "#" + anchor(label)


@lru_cache(maxsize=1 << 16)  # the same links come again on every page
def rel(from_src: str, to_src: str) -> str:
    """Relative link between two source files of the docs folder (MkDocs
    validates it and rewrites it for either URL style)."""
    return posixpath.relpath(to_src, posixpath.dirname(from_src) or ".")


def href(from_src: str, label: Label, *, local: bool = True) -> str:
    """The Markdown link from page ``from_src`` to a law or provision:
    ``../lois/64.md#64B7``, or ``#64B7`` on the law's own page (unless
    ``local`` is False: then ``64.md#64B7`` there too)."""
    page = law_src(label[0])
    if len(label) == 1:
        return rel(from_src, page)
    if from_src == page and local:
        return here(anchor(label))
    return rel(from_src, page) + "#" + anchor(label)


def page_href(from_src: str, to_src: str, fragment: str | None = None, *, local: bool = True) -> str:
    """The Markdown link from page ``from_src`` to page ``to_src``, at
    ``fragment`` if given: ``../bilingue/64.md#64B7``, or ``#64B7`` when
    both are the same page (unless ``local`` is False)."""
    if not fragment:
        return rel(from_src, to_src)
    if from_src == to_src and local:
        return here(fragment)
    return rel(from_src, to_src) + "#" + fragment


def here(fragment: str) -> str:
    """A link to ``fragment`` on the page it is on: ``#exemples-64``."""
    return "#" + fragment


def html_href(from_src: str, label: Label, directory_urls: bool = True) -> str:
    """A plain HTML link (one the engine does not rewrite) from page
    ``from_src`` to a law or provision, in the site's URL style:
    ``../64/#64B7`` online, ``64.html#64B7`` offline, ``#64B7`` on its page."""
    if from_src == law_src(label[0]):
        return "#" + anchor(label)
    here = page_url(from_src, directory_urls)
    there = law_path(label[0], directory_urls)
    base = here if here.endswith("/") else posixpath.dirname(here) + "/"
    target = posixpath.relpath(there, base)
    if there.endswith("/"):
        target += "/"
    return target + ("#" + anchor(label) if len(label) > 1 else "")


def page_fragment_url(src: str, fragment: str, directory_urls: bool = True) -> str:
    """URL of a place on any page, relative to the site root:
    ``commentaires/commentaire-loi-61-renonce/#p20``."""
    return page_url(src, directory_urls) + "#" + fragment


def parallel_src(number: str) -> str:
    """Source path of a law's parallel (bilingual) view: ``bilingue/64.md``."""
    return f"bilingue/{number}.md"


def parallel_href(from_src: str, label: Label, present: bool = True) -> str:
    """The link from page ``from_src`` to a law's or provision's row in its
    law's parallel view (to the law's page for a law the sources lack)."""
    page = parallel_src(label[0]) if present else law_src(label[0])
    return page_href(from_src, page, anchor(label) if len(label) > 1 or page == from_src else None)


def lang_root(lang: str) -> str:
    """Where the ``lang`` site lives, from the French root: ``en/`` for
    English, the root itself for French."""
    return "en/" if lang == "en" else ""


def site_url_of(src: str, lang: str, directory_urls: bool = True) -> str:
    """URL of a page of the ``lang`` site relative to the French root (the
    English site is under ``en/``)."""
    return lang_root(lang) + page_url(src, directory_urls)


def cross_href(src: str, lang: str, target_src: str, target_lang: str, directory_urls: bool = True, fragment: str = "") -> str:
    """Relative URL from page ``src`` of the ``lang`` site to page
    ``target_src`` of the ``target_lang`` site, at ``fragment`` if given (an
    engine builds one site at a time, so links between the two are plain
    HTML)."""
    here, there = site_url_of(src, lang, directory_urls), site_url_of(target_src, target_lang, directory_urls)
    base = here.rstrip("/") if here.endswith("/") else posixpath.dirname(here)
    target = posixpath.relpath(there or ".", base or ".")
    if there.endswith("/") and not target.endswith("/"):
        target += "/"
    return target + ("#" + fragment if fragment else "")


def other_language_href(src: str, lang: str, directory_urls: bool = True) -> str:
    """Relative link from a page to the same page in the other language."""
    target = cross_href(src, lang, src, other_language(lang), directory_urls)
    return "." if target == "./" else target


# --------------------------------------------------------------------------
# Unit keys: how the translation, the layers and the search index name one
# piece of text ("40B2a-v:0", "40A:title", "41:note-9").


def title_key(label: Label) -> str:
    """The key of a law's or provision's title: "64:title", "40A:title"."""
    return f"{anchor(label)}:title"


def block_key(label: Label, index: int) -> str:
    """The key of the ``index``-th alinéa or item directly under ``label``
    (counted from 0, sub-provisions skipped): "40B2a-v:0"."""
    return f"{anchor(label)}:{index}"


def key_within(key: str, label: Label) -> bool:
    """Whether the piece of text ``key`` ("78B:0", "77:11") lies in the
    provision or law ``label``, or in a part of it."""
    unit, outer = key.rsplit(":", 1)[0], anchor(label)
    return unit == outer or anchor_within(unit, outer)


def start_key(number: str) -> str:
    """Where a layer goes at the start of a law's page, before its text:
    "64:start" (not a unit: a place between units)."""
    return f"{number}:start"


def end_key(number: str) -> str:
    """Where a layer goes after a law's text, before its notes: "64:end"."""
    return f"{number}:end"


def note_key(law: str, marker: str) -> str:
    """The key of a law's FFB note by its printed marker: "41:note-9",
    "73:note-**"."""
    return f"{law}:note-{marker.strip('()')}"


def note_of_key(key: str) -> tuple[str, str] | None:
    """The law and printed marker of a note's unit key ("50:note-14" →
    ("50", "(14)"), "73:note-**" → ("73", "**")); None for another unit."""
    law, sep, marker = key.partition(":note-")
    if not sep:
        return None
    return law, f"({marker})" if marker.isdigit() else marker


def passage_key(slug: str, anchor: str) -> str:
    """The unit key of a commentary passage: "commentaire-loi-61-renonce:p20"."""
    return f"{slug}:{anchor}"


def note_href(law: str, marker: str) -> str:
    """The link to a law's FFB note from its own page: "#note-41-9"."""
    return "#" + note_id(law, marker)


def note_html_href(from_src: str, law: str, marker: str, directory_urls: bool = True) -> str:
    """A plain HTML link from page ``from_src`` to a law's FFB note:
    ``#note-64-19`` on its page, ``../../lois/64/#note-64-19`` from a case
    (``html_href``'s URL style)."""
    if from_src == law_src(law):
        return note_href(law, marker)
    return html_href(from_src, (law,), directory_urls) + "#" + note_id(law, marker)


def note_id(law: str, marker: str) -> str:
    """The HTML id of a law's FFB note on its page: "note-41-9", "note-73-s2"
    for "**"."""
    key = marker.strip("()")
    if key.startswith("*"):
        key = "s" + str(len(key))
    return f"note-{law}-{key}"


def fragment_url(number: str, fragment: str, directory_urls: bool = True) -> str:
    """URL of something on a law's page that is not a provision, such as an
    FFB note: ``lois/41/#note-41-11``."""
    return law_path(number, directory_urls) + "#" + fragment


def page_url(src: str, directory_urls: bool = True) -> str:
    """URL of a page from its source path in the docs folder, as MkDocs
    writes it: ``lois/64.md`` → ``lois/64/`` or ``lois/64.html``."""
    stem = page_stem(src)
    if stem == "index" or stem.endswith("/index"):
        stem = stem[: -len("index")]
        return stem if directory_urls else stem + "index.html"
    return stem + "/" if directory_urls else stem + ".html"


def definition_id(term: str) -> str:
    """The anchor of a term of the Definitions: its words folded as search
    folds them, joined by hyphens ("Carte pénalisée" → "carte-penalisee",
    "Cœur" → "coeur")."""
    return "-".join("".join(c if c.isalnum() else " " for c in fold(term)).split()) or "terme"


def case_src(case_id: str) -> str:
    """The page of a worked case: ``exemples/<id>.md``."""
    return f"exemples/{case_id}.md"


# The site's own pages, by their source path in the docs folder (the same
# in both languages): every link to them and every nav entry names them here.
HOME_SRC = "index.md"
SITUATIONS_SRC = "que-faire-si.md"
ALPHABETICAL_INDEX_SRC = "index-alphabetique.md"
GLOSSARY_SRC = "glossaire.md"
TOOLS_SRC = "outils.md"
FFB_NOTES_SRC = "notes-ffb.md"
ABOUT_SRC = "a-propos.md"
DEFINITIONS_SRC = "definitions.md"  # the Definitions, when a source gives them
EDITION_SRC = "edition/index.md"
CASES_INDEX_SRC = "exemples/index.md"
COMMENTARIES_INDEX_SRC = "commentaires/index.md"

SHORT_LINKS = "r/"  # the folder of the short links
CARDS = "assets/cards/"  # the link cards (og:image), inside each language's site


def folder_and_member(src: str) -> tuple[str, str] | None:
    """A page's top folder and its path in it: ``lois/64.md`` → ("lois",
    "64.md"); None for a page at the root."""
    if "/" not in src:
        return None
    folder, member = src.split("/", 1)
    return folder, member


def folder_path(folder: str) -> str:
    """A top folder's path, as ``LAWS`` and ``SHORT_LINKS`` spell theirs: ``lois/``."""
    return f"{folder}/"


def folder_member_src(folder: str, member: str) -> str:
    """The page ``member`` of top folder ``folder``: ``lois/64.md`` (``folder_and_member``'s inverse)."""
    return folder_path(folder) + member


def folder_index_src(folder: str) -> str:
    """The page of a folder's address (``lois/``), listing its pages: ``lois/index.md``."""
    return folder_member_src(folder, "index.md")


def is_folder_index(member: str) -> bool:
    """Whether ``member`` of a folder is the page of its address (``index.md``, or a redirect's ``index.html``)."""
    return member in ("index.md", "index.html")


def page_stem(member: str) -> str:
    """A page's path without its ``.md``: ``64.md`` → ``64`` (``page_url``)."""
    return member[: -len(".md")] if member.endswith(".md") else member


def card_src(name: str) -> str:
    """A link card's file: ``assets/cards/64.png`` for a law, ``assets/cards/site.png``."""
    return f"{CARDS}{name}.png"


def commentary_src(slug: str) -> str:
    """The page of a commentary: ``commentaires/<slug>.md``."""
    return f"commentaires/{slug}.md"


def short_file(short: str) -> str:
    """The file of a short link's redirect: ``r/64B7/index.html`` (an HTML
    document of its own, no page of the engine)."""
    return f"{short}index.html"


def from_short_link(url: str) -> str:
    """The address of ``url`` (relative to the site's root) from a short
    link's redirect, two folders down: ``../../lois/64/#64B7``."""
    return f"../../{url}"


def case_short_key(case_id: str) -> str:
    """The name of a case's short link, "ex-<id>": provision short links are
    anchors, which begin with a figure or "annexe", so "ex-" never collides."""
    return f"ex-{case_id}"


def case_short_src(case_id: str) -> str:
    """The short link of a case, ``r/ex-<id>/`` (``case_short_key``)."""
    return f"{SHORT_LINKS}{case_short_key(case_id)}/"


def case_short_page(case_id: str) -> str:
    """A case's short link as a page to link to (``cross_href``):
    ``r/ex-<id>/index.md``, the address ``r/ex-<id>/`` (``index.html``
    offline) of its redirect."""
    return f"{case_short_src(case_id)}index.md"


def commentary_doc_key(slug: str, passage: int) -> str:
    """The search index's key of a commentary's n-th passage: "commentaire-loi-61-renonce-3"."""
    return f"commentaire-{slug}-{passage}"


def case_doc_key(case_id: str) -> str:
    """The search index's key of a worked case: "exemple-renonce-deux-levees"."""
    return f"exemple-{case_id}"


def definition_doc_key(term: str) -> str:
    """The search index's key of a term of the Definitions: "definition-carte-penalisee"."""
    return f"definition-{definition_id(term)}"


def tool_doc_key(name: str) -> str:
    """The search index's key of a calculator or helper: "outil-score"."""
    return f"outil-{name}"


def search_key(label: Label) -> str:
    """What a citation typed in the search box reduces to: its letters and
    digits in lower case ("64b7", "45c4b", "40b2av", "711" for 71.1,
    "annexe12"). ``analysis.citation_key`` reduces a query the same way."""
    return "".join(c for c in citation(label).lower() if c.isalnum())


def anchor_within(anchor: str, outer: str) -> bool:
    """Whether the anchor of a provision says a part of the provision or
    law whose anchor is ``outer``: "58B2" of "58B", "64B7" of "64",
    "40B2a-i" of "40B2a", "71-1" of "71"; not "64B10" of "64B1", nor
    "40B2a-ii" of "40B2a-i". A part's marker follows a hyphen or changes
    kind (a capital after a number, a number after a capital, a small
    letter after a number); one that goes on in the same kind is another
    provision. The page reads anchors so too (``search.js``, ``partOf``)."""
    if not outer or len(anchor) <= len(outer) or not anchor.startswith(outer):
        return False
    after, last = anchor[len(outer)], outer[-1]
    return after == "-" or _marker_kind(after) != _marker_kind(last)


def _marker_kind(c: str) -> str:
    return "9" if c.isdigit() else "A" if c.isupper() else "a"


def note_search_key(marker: str) -> str:
    """What an FFB note cited in the search box reduces to: "note19" for
    the note printed (19) ("note 19", "note FFB (19)", "FFB note 19";
    ``analysis.citation_key``). The notes are numbered through the code;
    one marked otherwise ("*") has no key."""
    number = "".join(c for c in marker if c.isdigit())
    return f"note{int(number)}" if number else ""


def short_path(label: Label) -> str:
    """The short link of a provision: ``r/64B7/``."""
    return f"{SHORT_LINKS}{anchor(label)}/"


def is_short_link(rel: str) -> bool:
    """Whether a built file is a short link's redirect (``r/64B7/index.html``;
    not ``r/index.html``, the page that lists them)."""
    return rel.startswith(SHORT_LINKS) and "/" in rel[len(SHORT_LINKS) :]


def parse_anchor(text: str) -> Label:
    """The label of an anchor (``"40B2a-v"`` → ``("40","B","2","a","v")``).

    Raises ValueError on anything that is not an anchor of this scheme.
    """
    if text == ANNEX or text.startswith(ANNEX + "-"):
        parts = tuple(text.split("-"))
        if all(p.isdigit() for p in parts[1:]):
            return parts
        raise ValueError(text)
    m = ANCHOR.match(text)
    if not m:
        raise ValueError(text)
    parts = [m["law"]]
    for name in ("section", "number", "letter", "roman"):
        if m[name]:
            parts.append(m[name])
    label = tuple(parts)
    if anchor(label) != text:
        raise ValueError(text)
    return label


def parse_citation(text: str) -> Label:
    """The label of a citation as ``citation`` writes it ("45C4(b)",
    "40B2(a)(v)", "71.1", "Annexe 1.2"), or of an anchor ("45C4b").

    Raises ValueError on anything else.
    """
    text = text.strip()
    if text.startswith(ANNEX + "-"):
        return parse_anchor(text)
    if text.lower().startswith(ANNEX):
        rest = text[len(ANNEX):].strip()
        parts = (ANNEX,) + (tuple(rest.split(".")) if rest else ())
        if all(p.isdigit() for p in parts[1:]):
            return parts
        raise ValueError(text)
    m = CITATION_TEXT.match(text)
    if m is None or "(" not in text:
        return parse_anchor(text.replace(".", "-", 1) if m and m["bare"] else text)
    parts = [m["law"]] + [m[k] for k in ("section", "number", "letter", "roman") if m[k]]
    label = tuple(parts)
    if citation(label) != text:
        raise ValueError(text)
    return label


def sort_key(label: Label) -> tuple:
    """Order labels as in the code (annex last)."""
    law = 1000 if label[0] == ANNEX else int(label[0])
    return (law,) + tuple((0, int(p)) if p.isdigit() else (1, p) for p in label[1:])


# --------------------------------------------------------------------------
# Page sections and form controls: the ids that links, the tables of
# contents and the pages' scripts name ("#aide-renonce", "#exemples-64",
# "cb-imp-out"). Like anchors, they are addresses: keep them.

# The fixed sections of the generated pages, by page and section.
SECTIONS = {
    "home.top": "top",  # the laws directors open most
    "home.tools": "calculs",  # the calculators and the revoke helper
    "home.definitions": "definitions",  # the parts of the code (render.PARTS)
    "home.17-39": "17-39",
    "home.40-64": "40-64",
    "home.65-93": "65-93",
    "home.annex": "annexe",
    "home.index": "index",  # the index, the FFB notes, the edition, "about"
    "situations.title": "que-faire-si",
    "situations.on_law": "que-faire-si-avec-cette-loi",  # on an absent law's page: the situations citing it
    "glossary.on_law": "glossaire-de-cette-loi",  # on an absent law's page: the glossary's terms citing it
    "case.situation": "situation",
    "case.question": "question",
    "case.ruling": "decision",
    "case.outcome": "resultat",
    "case.mistake": "erreur",
    "cases.by_topic": "par-theme",  # the cases' index
    "cases.by_law": "par-loi",
    "parallel.notes": "notes",  # a law's bilingual view
    "parallel.cases": "exemples",
    "edition.title": "edition",
    "edition.toc": "sommaire",
    "edition.definitions": "definitions",  # the Definitions, when a source gives them
    "scoring.common": "marques-courantes",  # Law 77: the common results, computed
    "scoring.score": "calcul-marque",  # the calculators of Laws 77 and 78
    "scoring.imp": "calcul-imp",
    "scoring.mp": "calcul-points-de-match",
    "scoring.revoke": "aide-renonce",  # the revoke helper on Law 64's page
    # the prose pages' sections, the same in both languages (the language switch keeps the reader there)
    "about.rights": "droits-et-credits",
    "about.offline": "hors-ligne-a-la-table",
    "about.sources": "sources",
    "about.missing": "ce-qui-manque-et-pourquoi",
    "tools.web": "dans-une-page-web-autolinkjs",
    "tools.paste": "sans-rien-installer-collez-votre-texte",
    "tools.file": "dans-un-fichier-codebridge-autolink",
}

# The sections about one law, by page and section: the id's prefix ("notes-64").
LAW_SECTIONS = {
    "law.notes": "notes",  # a law page's FFB notes
    "law.cited": "cited",  # an absent law's provisions that others cite
    "law.cases": "exemples",  # a law page's worked cases
    "ffb.law": "ffb",  # a law's notes on the page of every FFB note
    "cases.law": "loi",  # a law's cases in the cases' index
    "part.law": "loi",  # a law on the page of its part of the code
}

# A law page's "Voir aussi", by language.
SEE_ALSO = {"fr": "voir-aussi", "en": "see-also"}


def section_id(name: str) -> str:
    """The id of a fixed section of a page: ``section_id("scoring.revoke")``
    → "aide-renonce"."""
    return SECTIONS[name]


def section_ids(page: str) -> dict[str, str]:
    """A prose template's section ids, as its placeholders name them:
    ``section_ids("about")`` → {"id_rights": "droits-et-credits", …}."""
    return {f"id_{name.split('.', 1)[1]}": value for name, value in SECTIONS.items() if name.startswith(page + ".")}


def law_section_id(name: str, number: str) -> str:
    """The id of a section about law ``number``:
    ``law_section_id("law.cases", "64")`` → "exemples-64"."""
    return f"{LAW_SECTIONS[name]}-{number}"


def see_also_id(lang: str) -> str:
    """The id of a law page's "Voir aussi": "voir-aussi", "see-also"."""
    return SEE_ALSO[lang]


def topic_id(topic: str) -> str:
    """The id of a topic's cases in the cases' index: "theme-renonce"."""
    return f"theme-{topic}"


def step_id(number: int) -> str:
    """The id of a case's ruling step, counted from 1: "etape-2"."""
    return f"etape-{number}"


def term_id(term_id: str) -> str:
    """A glossary term's place on the glossary page, and its entry's on the
    alphabetical Index: its id (``glossary.yaml``)."""
    return term_id


def letter_id(letter: str) -> str:
    """The id of a letter of the alphabetical index: "lettre-a" for "A"."""
    return f"lettre-{letter.lower()}"


def passage_id(number: int) -> str:
    """The anchor of a commentary's passage, counted from 1: "p20" (also
    the second half of its unit key, ``passage_key``)."""
    return f"p{number}"


def control_id(*parts: str | int) -> str:
    """The id of a form control: ``control_id("imp", "out")`` → "cb-imp-out",
    ``control_id("rv", "established", 0)`` → "cb-rv-established-0". The pages' scripts
    find some by it (``scoring.js``, ``revoke.js``)."""
    return "cb-" + "-".join(str(p) for p in parts)
