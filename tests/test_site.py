"""The built site, read as HTML: one real build of both languages."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from bs4 import BeautifulSoup

from codebridge import labels
from codebridge.layers import units
from codebridge.model import ANNEX


def page(site: Path, path: str) -> BeautifulSoup:
    file = site / path
    if file.is_dir() or path.endswith("/") or path == "":
        file = file / "index.html"
    return BeautifulSoup(file.read_text(encoding="utf-8"), "html.parser")


def content(soup: BeautifulSoup):
    return soup.select_one("article.md-content__inner")


def test_every_law_has_a_page(site, code):
    for law in code.laws:
        for lang_root in (site, site / "en"):
            assert (lang_root / labels.law_path(law.number) / "index.html").is_file(), law.number


def test_every_provision_has_its_anchor(site, code):
    for law in code.present():
        soup = page(site, labels.law_path(law.number))
        ids = {el.get("id") for el in soup.select("[id]")}
        for p in law.provisions():
            assert labels.anchor(p.label) in ids, labels.citation(p.label)


def test_law_page_text_is_the_source_text(site, code):
    """Every unit's text appears on the page exactly, note calls included
    (our reading after a slip of the source aside)."""
    for number in ("40", "41", "50", "73", "80", "annexe"):
        law = code.law(number)
        soup = content(page(site, labels.law_path(number)))
        for mark in soup.select(".cb-sic"):
            mark.decompose()
        text = " ".join(soup.get_text().split())
        for unit in units(law):
            assert " ".join(unit.text.split()) in text, unit.key


def test_each_law_heading_as_printed(site, code):
    """The heading over a law's text is the source's line, "LOI 73" in
    capitals included (law page, edition, parallel view); the page's title
    and the menus say "Loi 73" like the others."""
    edition = page(site, "edition/")
    for law in code.present():
        soup = page(site, labels.law_path(law.number))
        shown = lambda h: h.get_text().replace("¶", "").strip()  # noqa: E731  (the heading's own link)
        assert shown(soup.select_one("h1")) == law.heading, law.number
        assert shown(edition.find(id=labels.anchor(law.label))) == law.heading, law.number
        row = page(site, f"bilingue/{law.number}/").select_one(".cb-par-law .cb-par-fr")
        assert row.get_text(strip=True) == law.heading, law.number
    soup = page(site, "lois/73/")
    assert soup.select_one("h1").get_text().startswith("LOI 73 – Communication, tempo et tromperie")
    assert soup.title.get_text().startswith("Loi 73 – Communication")


def test_dashed_items_carry_the_printed_marker(site, code):
    """Every dashed item of the sources ("- l’entame est rendue visible ;")
    is in a list drawn with the printed "-" (code.css), wherever it stands
    (under a section heading or in a numbered provision), in both languages;
    the parallel view writes the "-" itself."""
    css = (site / "assets" / "stylesheets" / "code.css").read_text(encoding="utf-8")
    assert '.cb-dashed > ul > li::before { content: "-";' in css
    for law in code.present():
        items = [u for u in units(law) if u.kind == "item"]
        for lang_root in ("", "en/"):
            soup = content(page(site, lang_root + labels.law_path(law.number)))
            assert len(soup.select(".cb-dashed > ul > li")) == len(items), (lang_root, law.number)
        if items:
            cells = [" ".join(c.get_text().split()) for c in page(site, f"bilingue/{law.number}/").select(".cb-par-fr")]
            for item in items:
                assert any("- " + " ".join(item.text.split()) in c for c in cells), item.key


def test_page_layout(site):
    soup = page(site, "lois/40/")
    assert soup.html["lang"] == "fr"
    h1 = soup.select_one("h1")
    assert h1.get_text(strip=True).startswith("Loi 40 – Entente entre partenaires")
    sections = [h.get_text(" ", strip=True) for h in soup.select("h2.cb-section")]
    assert sections[0].startswith("A. Agrément d’un système")
    roman = soup.find(id="40B2a-v")
    assert "cb-roman" in roman["class"] and roman.find_parent(id="40B2a")
    # previous/next: the page of its part before the part's first law, then the next law
    footer = soup.select_one(".md-footer__inner")
    assert "Lois 40 à 64" in footer.select_one(".md-footer__link--prev").get_text() and "Loi 41" in footer.get_text()
    footer = page(site, "lois/41/").select_one(".md-footer__inner")
    assert "Loi 40 –" in footer.select_one(".md-footer__link--prev").get_text() and "Loi 42" in footer.get_text()
    # the page's table of contents
    assert soup.select_one("nav.md-nav--secondary a[href='#40A']")
    # breadcrumbs to its part
    assert "Lois 40 à 64" in soup.select_one(".md-path").get_text()


def _target(site: Path, file: Path, href: str) -> tuple[Path, str]:
    """The built file a link of ``file`` opens (checked to be in the site)
    and the link's fragment."""
    parts = urlsplit(href)
    target = (file.parent / unquote(parts.path)).resolve()
    if target.is_dir():
        target = target / "index.html"
    assert target.is_file() and site.resolve() in target.parents, (file, href)
    return target, parts.fragment


def _soup(file: Path) -> BeautifulSoup:
    return BeautifulSoup(file.read_text(encoding="utf-8"), "html.parser")


@pytest.mark.parametrize("lang_root, words", [("", ("Loi", "texte à venir")), ("en/", ("Law", "text to come"))])
def test_each_part_of_the_code_opens_its_own_page(site, code, lang_root, words):
    """A part's entry in the menu, seen from a law of another part (whose
    branch the menu prunes), opens the part's page, not its first law: the
    part's name, then each of its laws linked, a law the sources lack marked
    so, and under each law its titled sections, each opening its heading."""
    from codebridge.render import PARTS

    for part, numbers in PARTS:
        other = "40" if numbers[0] > 40 else "70"
        file = site / lang_root / labels.law_path(other) / "index.html"
        soup = _soup(file)
        entry = page(site, lang_root + labels.law_path(str(numbers[0]))).select("nav.md-path a")[-1]
        name = " ".join(entry.get_text().split())
        link = [a for a in soup.select(".md-sidebar--primary a.md-nav__link") if " ".join(a.get_text().split()) == name]
        assert len(link) == 1, (part, name)
        target, _ = _target(site, file, link[0]["href"])
        part_page = _soup(target)
        assert " ".join(part_page.select_one("h1").get_text().replace("¶", "").split()) == name
        body = content(part_page)
        # each link of the page, resolved once: the file it opens and its fragment
        links = [(a, *_target(site, target, a["href"])) for a in body.select("a[href]")]
        for n in numbers:
            law = code.law(str(n))
            a = [a for a, _, _ in links if a.get_text().split()[:2] == [words[0], str(n)]]
            assert len(a) == 1, (part, n)
            opened, _ = _target(site, target, a[0]["href"])
            assert opened == site.resolve() / lang_root / labels.law_path(law.number) / "index.html"
            assert (words[1] in a[0].parent.get_text()) == (not law.present), n
            sections = [p for p in law.children if p.title]
            shown = [(a, fragment) for a, opens, fragment in links if fragment and opens == opened]
            assert [fragment for _, fragment in shown] == [labels.anchor(p.label) for p in sections], n
            law_page = _soup(opened) if sections else None
            for (a, _), p in zip(shown, sections):
                assert a.get_text().startswith(p.marker + " "), (n, a.get_text())
                assert law_page.find(id=labels.anchor(p.label)).name == "h2", (n, p.label)


def _breadcrumb(site: Path, file: Path) -> list[tuple[str, Path, str]]:
    """The breadcrumb of a built page: each step's words, the file its link
    opens and the fragment (checked to be there)."""
    steps = []
    for a in _soup(file).select("nav.md-path a"):
        target, fragment = _target(site, file, a["href"])
        if fragment:
            assert _soup(target).find(id=fragment), (file, a["href"])
        steps.append((" ".join(a.get_text().split()), target.relative_to(site.resolve()), fragment))
    return steps


@pytest.mark.parametrize("built", ["site", "offline_site"])
def test_pages_outside_the_menu_have_a_breadcrumb(built, request, code):
    """A case and a parallel view, which the menu does not list, say where
    they belong as the law pages do: home, then the cases' list and the
    case's theme, or the law; online and offline, in both languages."""
    site = request.getfixturevalue(built)
    ext = "/index.html" if built == "site" else ".html"
    home = {"": "Code international du bridge 2017", "en/": "International Code of Duplicate Bridge 2017"}
    folder = site / "exemples"
    if built == "site":
        cases = sorted(d / "index.html" for d in folder.iterdir() if d.is_dir())
    else:
        cases = sorted(p for p in folder.glob("*.html") if p.name != "index.html")
    assert len(cases) > 40
    for lang_root, words in (("", ("Exemples", "Loi")), ("en/", ("Examples", "Law"))):
        for case in cases[:: max(1, len(cases) // 12)]:
            file = site / lang_root / case.relative_to(site)
            steps = _breadcrumb(site, file)
            assert [s[0] for s in steps[:2]] == [home[lang_root], words[0]], file
            index = "index.html"
            assert steps[1][1] == Path(lang_root + "exemples/" + index) and steps[0][1] == Path(lang_root + index)
            theme = BeautifulSoup(file.read_text(encoding="utf-8"), "html.parser").select_one(".cb-case-meta a")
            assert len(steps) == 3 and steps[2][0] == " ".join(theme.get_text().split()) and steps[2][2], file
        for law in ("64", "40", ANNEX):
            file = site / f"{lang_root}bilingue/{law}{ext}"
            steps = _breadcrumb(site, file)
            law_file = site / f"{lang_root}lois/{law}{ext}"
            assert [s[0] for s in steps] == [home[lang_root], labels.cite((law,), "en" if lang_root else "fr")], file
            assert steps[1][1] == law_file.resolve().relative_to(site.resolve())


def test_notes_are_footnotes_with_printed_numbers(site):
    soup = page(site, "lois/41/")
    calls = soup.select("a.footnote-ref")
    assert [a.get_text() for a in calls] == ["(9)", "(10)", "(11)", "(11)"]
    for a in calls:
        target = soup.select_one(f"[id='{a['href'][1:]}']")
        assert target is not None and "cb-note" in target["class"]
        assert "Note FFB" in target.get_text()
    note = soup.find(id="note-41-11")
    backs = [a["href"] for a in note.select(".cb-note-back a")]
    assert backs == ["#41B", "#41C"]
    assert soup.select_one(".cb-notes-title").find(string=True).strip() == "Notes FFB"


def test_only_the_ffb_notes_are_called_ffb(site):
    """The seeds call FFB national notes the numbered notes (1)–(19) of the
    first source and the starred notes of the second, not its numbered
    notes (20)–(28), which are the Code's own: the pages, the notes page,
    search and the data say « Note » for those, « Note FFB » for the rest."""
    soup = page(site, "lois/70/")
    badges = {n["id"]: n.select_one(".cb-note-badge").get_text() for n in soup.select(".cb-note")}
    assert badges == {"note-70-21": "Note", "note-70-22": "Note", "note-70-s1": "Note FFB"}
    assert [n.find_parent(class_="cb-note")["id"] for n in soup.select(".cb-note-badge--code")] == ["note-70-21", "note-70-22"]  # outlined, not filled
    assert soup.select_one(".cb-notes-title").find(string=True).strip() == "Notes"
    calls = {a.get_text(): a["aria-label"] for a in soup.select("a.footnote-ref")}
    assert calls == {"(21)": "Note (21)", "(22)": "Note (22)", "*": "Note FFB *"}
    notes = " ".join(page(site, "notes-ffb/").get_text(" ").split())
    assert "Note FFB (9)" in notes and "Note (28)" in notes and "Note FFB (28)" not in notes
    english = page(site, "en/lois/70/")
    assert [b.get_text() for b in english.select(".cb-note-badge")] == ["Note", "Note", "FFB note"]
    data = json.loads((site / "data" / "code.json").read_text(encoding="utf-8"))
    ffb = {(law["number"], n["marker"]): n["ffb"] for law in data["laws"] for n in law.get("notes", ())}
    assert {key for key, national in ffb.items() if not national} == {
        ("67", "(20)"), ("70", "(21)"), ("70", "(22)"), ("71", "(21)"), ("74", "(23)"), ("76", "(24)"),
        ("79", "(25)"), ("80", "(26)"), ("86", "(27)"), ("93", "(28)"),
    }
    assert ffb[("64", "(19)")] and ffb[("70", "*")] and len(ffb) == 37


def test_star_notes(site):
    soup = page(site, "lois/73/")
    assert [a.get_text() for a in soup.select("a.footnote-ref")] == ["*", "**"]
    assert soup.find(id="note-73-s2").get_text().count("Procédure du stop") == 1


def test_gaps_are_visible(site):
    for path, fragment in (("lois/75/", "titres des sections"), ("lois/77/", "tableaux de marque"), ("lois/78/", "IMP")):
        soup = page(site, path)
        notice = soup.select_one(".admonition.warning")
        assert notice and fragment in notice.get_text(), path
    # the IMP notice sits in section B of Loi 78
    section_b = page(site, "lois/78/").find(id="78B")
    assert "IMP" in section_b.find_next(class_="admonition").get_text()


def test_gaps_are_said_in_the_parallel_views_too(site):
    """A law whose text the source lost (75's paragraphs) says so on its
    parallel view as on its page, in each language, where it was lost."""
    for path, fragment in (("bilingue/75/", "titres des sections"), ("en/bilingue/75/", "only the titles"),
                           ("bilingue/77/", "tableaux de marque"), ("bilingue/78/", "IMP")):
        notice = page(site, path).select_one(".admonition.warning")
        assert notice and fragment in notice.get_text(), path
    row_b = page(site, "bilingue/78/").find(id="78B")
    assert "IMP" in row_b.find_next(class_="admonition").get_text()
    assert row_b.find_previous(class_="admonition") is None


def test_absent_law_page(site):
    soup = page(site, "lois/27/")
    assert "Loi 27 – Enchère insuffisante" in soup.select_one("h1").get_text()
    assert "ne figure pas encore" in content(soup).get_text()
    soup = page(site, "lois/12/")
    assert soup.select_one("h1").get_text(strip=True).startswith("Loi 12")


def test_home_lists_every_law_by_part(site, code):
    soup = content(page(site, ""))
    headings = [h.get_text(" ", strip=True).rstrip("¶").strip() for h in soup.select("h2")]
    assert headings[:6] == ["Les plus consultées", "Calculs et aides", "Lois 40 à 64", "Lois 65 à 93", "Annexe", "Exemples, index et glossaire"]
    # the worked cases, the glossary, the commentaries and the tools are a tap away, not only in the menu
    around = {a["href"] for a in soup.select("h2")[5].find_next("ul").select("a")}
    assert {"exemples/", "index-alphabetique/", "glossaire/", "commentaires/", "outils/"} <= around
    # the laws the sources lack: one compact line, last
    absent = soup.select_one("p.cb-absent-laws")
    assert absent.find_all_next("h2") == [] and len(absent.select("a")) == 39
    links = {a["href"] for a in soup.select("a")}
    for law in code.laws:
        assert f"lois/{law.number}/" in links
    assert "Loi 64 – Procédure après la consommation d'une renonce" in soup.get_text()


def test_ffb_notes_page(site, code):
    soup = content(page(site, "notes-ffb/"))
    assert soup.select_one("h1").get_text(strip=True).startswith("Notes FFB et notes du Code")
    total = sum(len(l.notes) for l in code.present())
    assert len(soup.select("li")) == total
    assert soup.select_one("a[href='../lois/64/#64A1']")  # note (19) applies to 64A1


def test_about_page_credits(site):
    text = content(page(site, "a-propos/")).get_text()
    for fragment in ("World Bridge Federation", "Fédération Française de Bridge", "Roger Larocque", "Lois 1 à 39"):
        assert fragment in text


def test_about_page_in_english_speaks_english(site):
    """The sources' titles are theirs, marked as French; the account of each
    source is the manifest's English; the theme's footer is in each page's language."""
    soup = page(site, "en/a-propos/")
    titles = [h.get_text() for h in soup.select("article h3 span[lang=fr]")]
    assert titles == ["Code international du bridge 2017 – Lois 40 à 64", "Code international du bridge 2017 – Lois 65 à 93, Annexe"]
    text = content(soup).get_text()
    assert "Workshop on the most used laws of bridge" in text  # a commentary's, from its translation
    assert "taken from a web page" in text and "its author is not named in the source" in text
    assert "extrait d'une page web" not in text and "auteur n'est pas nommé" not in text
    assert "Offline, at the table" in text and "Add to Home screen" in text
    assert "Hors ligne, à la table" in content(page(site, "a-propos/")).get_text()
    assert "Made with" in page(site, "en/lois/64/").select_one(".md-copyright").get_text()
    french = page(site, "lois/64/").select_one(".md-copyright").get_text()
    assert "Réalisé avec" in french and "Made with" not in french


def test_data_files(site, code):
    data = json.loads((site / "data" / "code.json").read_text(encoding="utf-8"))
    assert [l["number"] for l in data["laws"]] == [l.number for l in code.laws]
    law64 = next(l for l in data["laws"] if l["number"] == "64")
    b7 = law64["content"][1]["content"][7]
    assert (b7["citation"], b7["anchor"], b7["url"]) == ("64B7", "64B7", "lois/64/#64B7")
    refs = next(l for l in data["laws"] if l["number"] == "45")["references"]
    assert {"from": "45D2(a)", "unit": "45D2a:0", "text": "64B7", "to": "64B7", "url": "lois/64/#64B7", "kind": "explicit"} in refs
    # a note's reference says it stands in the note
    refs50 = next(l for l in data["laws"] if l["number"] == "50")["references"]
    assert {"from": "50", "unit": "50:note-13", "text": "Loi 59", "to": "59", "url": "lois/59/", "kind": "explicit"} in refs50
    # the English data says the references in our English, and its sources in English
    english = json.loads((site / "en" / "data" / "code.json").read_text(encoding="utf-8"))
    refs50 = next(l for l in english["laws"] if l["number"] == "50")["references"]
    assert {"from": "50", "unit": "50:note-13", "text": "Law 59", "to": "59", "url": "lois/59/", "kind": "explicit"} in refs50
    assert all(not r["text"].startswith("Loi") for l in english["laws"] for r in l.get("references", []))
    assert english["sources"][0]["credit"].startswith("Laws of Duplicate Bridge 2017")
    notes = next(l for l in data["laws"] if l["number"] == "41")["notes"]
    assert [n["marker"] for n in notes] == ["(9)", "(10)", "(11)"]
    cites = json.loads((site / "data" / "citations.json").read_text(encoding="utf-8"))
    assert cites["45C4(b)"] == "lois/45/#45C4b"
    assert cites["40B2(a)(v)"] == "lois/40/#40B2a-v"
    assert cites["12"] == "lois/12/" and cites["Annexe"] == "lois/annexe/"
    provisions = sum(1 for l in code.present() for _ in l.provisions())
    # and the provisions of absent laws that the laws cite, at the anchor
    # their law's page already holds (the placeholders)
    assert cites["12C1(c)"] == "lois/12/#12C1c" and cites["16B3"] == "lois/16/#16B3"
    number = lambda k: int("".join(c for c in k[:2] if c.isdigit()) or 0)  # noqa: E731
    placeholders = [k for k in cites if not k.isdigit() and 0 < number(k) < 40]
    assert "12C1" not in cites and len(cites) == 94 + provisions + len(placeholders) and len(placeholders) > 10


def _links(site: Path):
    for html in site.rglob("*.html"):
        if html.name == "404.html":  # served at any path: its links are absolute on purpose
            continue
        soup = BeautifulSoup(html.read_text(encoding="utf-8"), "html.parser")
        for a in soup.select("a[href]"):
            yield html, a["href"]


@pytest.mark.parametrize("which", ["site", "offline_site"])
def test_no_broken_internal_link(which, request):
    site = request.getfixturevalue(which)
    ids_cache: dict[Path, set[str]] = {}

    def ids(file: Path) -> set[str]:
        if file not in ids_cache:
            soup = BeautifulSoup(file.read_text(encoding="utf-8"), "html.parser")
            ids_cache[file] = {el["id"] for el in soup.select("[id]")}
        return ids_cache[file]

    broken = []
    for html, href in _links(site):
        if not href.strip() or href == "#":  # a link that leads nowhere (the page itself, reloaded)
            broken.append((str(html.relative_to(site)), href))
            continue
        parts = urlsplit(href)
        if parts.scheme or parts.netloc or href.startswith(("mailto:", "javascript:")):
            continue
        target = (html.parent / unquote(parts.path)).resolve() if parts.path else html
        if target.is_dir():
            target = target / "index.html"
        if not target.is_file():
            broken.append((str(html.relative_to(site)), href))
            continue
        if parts.fragment and target.suffix == ".html" and unquote(parts.fragment) not in ids(target):
            broken.append((str(html.relative_to(site)), href))
    assert broken == []


@pytest.mark.parametrize("lang_root", ["", "en/"])
def test_the_controls_of_a_provision_without_words_name_it(site, code, lang_root):
    """A provision whose words all belong to its sub-provisions (52B1: « 1.
    (a) Le déclarant peut… ») has its copy controls above the first of them,
    often right under its section's own: they say whose they are."""
    lang = "en" if lang_root else "fr"
    named = 0
    for law in code.present():
        soup = content(page(site, lang_root + labels.law_path(law.number) + "/"))
        for prov in soup.select("div.cb-prov"):
            first = prov.find(True, recursive=False)
            name = prov.select_one(":scope > div.cb-meta .cb-tools-name")
            if first is not None and "cb-meta" in first.get("class", []):  # controls before any words
                tools = first.select_one(".cb-tools")
                assert name is not None and name.get_text() == tools["data-cite"], (law.number, prov["id"])
                named += 1
            else:
                assert name is None, (law.number, prov["id"])
    assert named >= 15
    assert page(site, lang_root + "lois/52/").select_one("[id='52B1'] > .cb-meta .cb-tools-name").get_text() == labels.cite(("52", "B", "1"), lang)


def test_the_ffb_notes_page_says_how_the_source_numbers_them(site, code):
    """The source's notes skip (8) and print (21) twice (Laws 70 and 71):
    the page of the FFB's notes says so before them, from the notes
    themselves, in each language."""
    numbers = [int(n.marker.strip("()")) for law in code.present() for n in law.notes if n.marker.strip("()").isdigit()]
    assert 8 not in numbers and numbers.count(21) == 2
    for path, said in (("notes-ffb/", ("aucune note (8)", "deux notes (21) (Loi 70 et Loi 71)")),
                       ("en/notes-ffb/", ("no note (8)", "two notes (21) (Law 70 and Law 71)"))):
        soup = page(site, path)
        notice = soup.select_one("article .admonition")
        assert notice.find_next("h2") is not None and all(s in notice.get_text() for s in said), path


def test_the_source_s_slips_stay_with_our_reading_after_them(site, code):
    """Each slip of content/sources/typos.yaml stays as the source prints
    it, followed by our reading, labelled « [sic ; lire « … »] », on its
    law's page, in the edition and in both parallel views' French column;
    never on the English law pages (their text is the translation); the
    About page lists them all."""
    assert len(code.typos) >= 10

    def shown(soup) -> str:
        return " ".join(content(soup).get_text("").split()).replace("\u00a0", " ")

    edition = shown(page(site, "edition/"))
    about = {lang: page(site, path) for lang, path in (("fr", "a-propos/"), ("en", "en/a-propos/"))}
    for typo in code.typos:
        law = typo.owner[0]
        french = f"{typo.text} [sic ; lire « {typo.read} »]"
        assert french in shown(page(site, f"lois/{law}/")), typo
        assert french in edition, typo
        assert french in shown(page(site, f"bilingue/{law}/")), typo
        assert f"{typo.text} [sic; read “{typo.read}”]" in shown(page(site, f"en/bilingue/{law}/")), typo
        assert not page(site, f"en/lois/{law}/").select(".cb-sic"), typo
        for lang, soup in about.items():
            assert typo.read in " ".join(s.get_text() for s in soup.select("article li .cb-sic")), (lang, typo)
    assert len(page(site, "lois/45/").select(".cb-sic")) == 2  # 45C4(a) and note (12), nothing else


@pytest.mark.parametrize("path", ["que-faire-si/", "lois/64/", "", "exemples/", "glossaire/", "en/que-faire-si/", "en/lois/64/"])
def test_a_dot_between_links_never_opens_a_line(site, path):
    """Between links on one line (a situation's cases, the home's laws to
    come), the dot is held to what precedes it by a no-break space: on a
    phone it was left alone at the start of a line."""
    html = (site / path / "index.html").read_text(encoding="utf-8")
    assert "\u00a0· " in html or path in ("glossaire/", "exemples/"), path
    assert not re.search(r"(?<!\u00a0)· <a", html), path


def test_about_says_what_the_sources_lack(code):
    """The About page's account of what is missing follows the code: one
    run of laws, several, one law, none."""
    from dataclasses import replace

    from codebridge.about import absent_laws

    def lacking(*numbers):
        return replace(code, laws=tuple(replace(law, present=law.number not in numbers) for law in code.laws))

    assert absent_laws(code, "fr").startswith("Les Définitions et les Lois 1 à 39 ne figurent pas")
    assert absent_laws(lacking("12", "16", "17", "18"), "en").startswith("The Definitions and Laws 12 and 16 to 18 are not")
    assert absent_laws(lacking("27"), "fr").startswith("Les Définitions et la Loi 27 ne figurent pas")
    assert absent_laws(lacking(), "en") == "The Definitions are not in our sources; every law is."
