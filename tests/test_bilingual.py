"""The English site, aligned with the French one; glossary; terminology."""

from __future__ import annotations

import json
import shutil
from urllib.parse import urljoin

import pytest

from codebridge import glossary, labels
from codebridge.layers import units
from codebridge.inputs import SourceError
from codebridge.translation import load as load_translation

from .test_site import content, page


@pytest.fixture(scope="module")
def english(root, code):
    return load_translation(root / "content" / "translation" / "en", code)


def test_every_unit_has_its_english_counterpart_in_the_site(site, code, english):
    for law in code.present():
        text = " ".join(content(page(site, "en/" + labels.law_path(law.number))).get_text().split())
        for unit in units(law):
            en = english.get(unit.key)
            assert en, unit.key
            assert " ".join(en.split()) in text, unit.key


def test_english_pages_speak_english(site):
    soup = page(site, "en/lois/64/")
    assert soup.html["lang"] == "en"
    assert soup.select_one("h1").get_text(strip=True).startswith("Law 64 –")
    assert "Unofficial working translation" in soup.select_one(".cb-unofficial").get_text()
    assert "worldbridge.org" in soup.select_one(".cb-unofficial a")["href"]
    assert "Unofficial English working translation" in soup.select_one(".md-banner").get_text()
    # a law the sources lack has no translation to label, only the banner
    absent = page(site, "en/lois/1/")
    assert absent.select_one(".cb-unofficial") is None and absent.select_one(".md-banner")
    assert soup.select_one(".md-footer__link--prev")["aria-label"].startswith("Previous")
    # the French site carries no such banner
    assert page(site, "lois/64/").select_one(".md-banner") is None


def test_english_data(site):
    data = json.loads((site / "en" / "data" / "code.json").read_text(encoding="utf-8"))
    law = next(l for l in data["laws"] if l["number"] == "61")
    assert data["language"] == "en" and law["title"].lower().startswith("failure to follow suit")
    # the English says what it is, where it is reused; the French, the source's text, has no such note
    assert data["translation"].startswith("Unofficial English working translation")
    assert "translation" not in json.loads((site / "data" / "code.json").read_text(encoding="utf-8"))
    fr = json.loads((site / "data" / "citations.json").read_text(encoding="utf-8"))
    en = json.loads((site / "en" / "data" / "citations.json").read_text(encoding="utf-8"))
    assert fr == en  # same paths in both languages


@pytest.mark.parametrize("number", ["40", "64", "80", "annexe", "27"])
def test_law_pages_link_their_counterpart(site, number):
    for lang_root, other in (("", "en/"), ("en/", "")):
        path = lang_root + labels.law_path(number)
        switch = page(site, path).select_one("a.cb-lang-switch")
        target = urljoin("http://x/" + path, switch["href"])
        assert target == "http://x/" + other + labels.law_path(number)
        # the header's language menu names each language in that language
        menu = {a["hreflang"]: a.get("lang") for a in page(site, path).select(".md-select__link")}
        assert menu == {"fr": "fr", "en": "en"}


def test_parallel_view_keeps_the_printed_order(site, code, english):
    """Each column gives the law's texts in printed order: a sentence
    printed after a provision's numbered items (71, 69B) comes after them."""
    for lang_root in ("", "en/"):
        for law in code.present():
            soup = page(site, f"{lang_root}bilingue/{law.number}/")
            for mark in soup.select(".cb-sic"):  # our reading after a slip of the source: not its text
                mark.decompose()
            for column in ("fr", "en"):
                cells = soup.select(f"div.cb-par:not(.cb-par-langs) > .cb-par-{column}")
                text = "".join("".join(cell.get_text().split()) for cell in cells)  # spaces aside: inline tags place them
                at = 0
                for unit in units(law):
                    said = "".join((unit.text if column == "fr" else english.get(unit.key)).split())
                    found = text.find(said, at)
                    assert found >= 0, (lang_root, column, unit.key, text[at : at + 200])
                    at = found + len(said)


def test_parallel_view_previews_speak_their_column_s_language(site):
    for lang_root in ("", "en/"):
        soup = page(site, f"{lang_root}bilingue/64/")
        for column, word in (("fr", "Loi "), ("en", "Law ")):
            titles = [a["title"] for a in soup.select(f".cb-par-{column} a.ref[title]")]
            assert titles and all(title.startswith(word) for title in titles), (lang_root, column)


def test_parallel_view(site, code, english):
    for lang_root in ("", "en/"):
        for law in code.present():
            soup = page(site, f"{lang_root}bilingue/{law.number}/")
            ids = {el.get("id") for el in soup.select(".cb-par[id]")}
            assert {labels.anchor(p.label) for p in law.provisions()} <= ids, law.number
    soup = page(site, "bilingue/64/")
    row = soup.find(id="64B7")
    # the marker stays with its text, in each column
    assert row.select_one(".cb-par-fr").get_text(" ", strip=True).startswith("64B7 7. quand les deux camps")
    assert row.select_one(".cb-par-en").get_text(" ", strip=True).startswith("64B7 7.")
    assert " ".join(english.get("64B7:0").split()) in " ".join(row.select_one(".cb-par-en").get_text().split())
    assert {c["lang"] for c in row.select("[data-lang]")} == {"fr", "en"}
    # references and note calls are links, to the rows of the parallel views
    refs = {a.get_text(): a["href"] for a in page(site, "bilingue/45/").select("article a.ref")}
    assert refs["64B7"] == "../64/#64B7"
    calls = page(site, "bilingue/41/").select(".cb-call a[href='#note-41-10']")
    assert len(calls) == 2  # in both columns
    assert page(site, "bilingue/41/").find(id="note-41-10")
    # reachable from both language pages
    assert page(site, "lois/64/").select_one("a.cb-parallel-link")["href"] == "../../bilingue/64/"
    assert page(site, "en/lois/64/").select_one("a.cb-parallel-link")["href"] == "../../bilingue/64/"


def test_glossary(root, code, site):
    terms = glossary.load(root, code)
    assert len(terms) >= 80
    by_qc = {q: t for t in terms for q in t.qc}
    assert by_qc["gageure"].fr == "enchère" and by_qc["ADG"].en_variants
    for t in terms:
        assert t.def_fr and t.def_en and t.en
    for lang_root in ("", "en/"):
        soup = content(page(site, lang_root + "glossaire/"))
        assert len(soup.select(".cb-term")) == len(terms)
        # a term's provisions cited with their word, as the Index cites them
        word = "Law " if lang_root else "Loi "
        said = [a.get_text() for a in soup.select(".cb-term a") if "lois/" in a["href"]]
        assert said and all(c.startswith((word, "Annex")) for c in said), said[:5]


@pytest.mark.parametrize("path", ["glossaire/", "en/glossaire/", "index-alphabetique/", "en/index-alphabetique/"])
def test_long_lists_go_by_letter(site, path):
    """The glossary and the Index: entries in the order of their folded
    names (« écran » among the E, not after the V), under a heading per
    letter, each letter linked from the A–Z above the list."""
    soup = content(page(site, path))
    headings = [h for h in soup.find_all("h2") if h.get("id", "").startswith("lettre-")]
    letters = [h.get_text(strip=True).rstrip("¶") for h in headings]
    assert letters == sorted(letters) and len(letters) >= 15, letters
    bar = soup.select_one("nav.cb-letters")
    assert [a["href"] for a in bar.find_all("a")] == ["#" + h["id"] for h in headings]
    seen = 0
    for h in headings:  # each entry under its letter
        letter = h.get_text(strip=True).rstrip("¶")
        for block in h.find_next_siblings():
            if block.name == "h2":
                break
            entries = block.find_all("li") if block.name == "ul" else [block] if "cb-term" in block.get("class", []) else []
            for entry in entries:
                seen += 1
                name = entry.find("strong").get_text()
                assert glossary.fold(name)[:1].upper() == letter, (path, name, letter)
    assert seen >= 100


def test_an_index_synonym_links_its_entry(site):
    """« ADD → adversaire de droite »: a Quebec synonym on the Index is a
    link to its main entry on the same page (it was plain text: on a phone
    the reader scrolled back from D to A by hand)."""
    soup = content(page(site, "index-alphabetique/"))
    arrows = [li for li in soup.find_all("li") if " → " in li.get_text()]
    assert len(arrows) >= 15
    ids = {e["id"] for e in soup.select("[id]")}
    for li in arrows:
        link = li.find("a")
        assert link is not None and link["href"][1:] in ids, li
        assert soup.find(id=link["href"][1:]).get_text() == link.get_text(), li
    add = next(li for li in arrows if li.find("strong").get_text() == "ADD")
    assert add.find("a")["href"] == "#adversaire-de-droite"


# --------------------------------------------------------------------------
# Structure is checked, not assumed


def _copy(root, tmp_path):
    shutil.copytree(root / "content", tmp_path / "content")
    return tmp_path / "content" / "translation" / "en"


def test_missing_english_unit_fails(root, code, tmp_path):
    folder = _copy(root, tmp_path)
    path = folder / "64.yaml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    i = next(i for i, l in enumerate(lines) if l.startswith('"64B7:0":'))
    path.write_text("".join(lines[:i] + lines[i + 3 :]), encoding="utf-8")
    with pytest.raises(SourceError, match="unit '64B7:0' of Loi 64 has no English counterpart"):
        load_translation(folder, code)


def test_extra_english_unit_fails(root, code, tmp_path):
    folder = _copy(root, tmp_path)
    path = folder / "64.yaml"
    path.write_text(path.read_text(encoding="utf-8") + '"64B9:0":\n  fr: "x"\n  en: "y"\n', encoding="utf-8")
    with pytest.raises(SourceError, match=r"en/64\.yaml:\d+: unit '64B9:0' does not exist"):
        load_translation(folder, code)


def test_missing_translation_file_fails(root, code, tmp_path):
    folder = _copy(root, tmp_path)
    (folder / "71.yaml").unlink()
    with pytest.raises(SourceError, match="no English translation for Loi 71"):
        load_translation(folder, code)


def test_empty_english_text_fails(root, code, tmp_path):
    folder = _copy(root, tmp_path)
    path = folder / "56.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index('"56A:0":')
    line_start = text.index("  en: ", start)
    line_end = text.index("\n", line_start)
    path.write_text(text[:line_start] + '  en: ""' + text[line_end:], encoding="utf-8")
    with pytest.raises(SourceError, match="unit '56A:0': English text missing"):
        load_translation(folder, code)


def test_french_kept_in_the_english_is_said_in_french(site):
    """The FFB notes' English keeps the French name of the FFB's regulations:
    marked lang="fr" wherever the note is shown, so that a screen reader
    reads it in French."""
    for path in ("en/lois/40/", "en/notes-ffb/", "en/bilingue/40/"):
        spans = [s.get_text() for s in page(site, path).select('article span[lang="fr"]')]
        assert "Règlement National des Compétitions" in spans, path
    assert not page(site, "lois/40/").select('article .cb-note span[lang="fr"]')


@pytest.mark.parametrize("path", ["glossaire/", "en/glossaire/", "index-alphabetique/", "en/index-alphabetique/"])
def test_a_law_the_sources_lack_says_so_where_it_is_cited(site, code, path):
    """In the glossary and the Index, a citation of a law the sources lack
    ("bid out of turn" → Law 31) is followed by « texte à venir », as on the
    home's cards; one of a provision whose source kept only its heading
    (Law 75's sections) by « texte perdu dans la source »; the others by
    nothing."""
    absent = {law.number for law in code.laws if not law.present}
    lang = "en" if path.startswith("en/") else "fr"
    marks = {"fr": ("texte à venir", "texte perdu dans la source"), "en": ("text to come", "text lost in the source")}[lang]
    soup = content(page(site, path))
    marked, lost = 0, 0
    for a in soup.select("article a[href*='lois/']"):
        law = a["href"].split("lois/")[1].split("/")[0].split("#")[0].removesuffix(".html")
        label = labels.parse_anchor(a["href"].split("#")[1]) if "#" in a["href"] else (law,)
        expected = marks[0] if law in absent else marks[1] if label in code.lost else None
        link = a.parent if a.parent.name == "strong" else a
        mark = link.find_next_sibling()
        says = mark.get_text() if mark is not None and "cb-absent" in mark.get("class", []) and link.next_sibling.strip() == "" else None
        assert says == expected, (path, a.get_text(), a["href"])
        marked += says is not None
        lost += says == marks[1]
    assert marked >= 10
    if "index" in path:  # the Index lists Law 75's sections under « explication » / "explanation"
        assert lost >= 1
