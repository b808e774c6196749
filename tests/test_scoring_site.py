"""The scoring layer in the built site: Law 77's and 78B's restored tables,
labelled, after the headings the source kept, in both languages, in the
bilingual view and the offline copy; the law text around them untouched."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from codebridge import examples, labels, scoring, scoring_pages
from codebridge.layers import units

LABEL = {"fr": "Tableau rétabli par ce site\u00a0: la source l'a perdu", "en": "Table restored by this site: the source lost it"}


def soup_of(site: Path, path: str) -> BeautifulSoup:
    return BeautifulSoup((site / path).read_text(encoding="utf-8"), "html.parser")


def table_rows(block) -> dict[str, list[str]]:
    """A restored table as {row header: [cells]}."""
    return {tr.th.get_text(strip=True): [td.get_text(strip=True) for td in tr.find_all("td")] for tr in block.select("tbody tr")}


def restored(soup):
    return [b for b in soup.select(".cb-restored") if b.select_one(".cb-restored-label")]


@pytest.mark.parametrize("lang, prefix", [("fr", ""), ("en", "en/")])
def test_law_77_tables_after_the_headings_the_source_kept(site, code, sites, lang, prefix):
    soup = soup_of(site, f"{prefix}lois/77/index.html")
    blocks = restored(soup)
    labels_ = [b.select_one(".cb-restored-label").get_text(strip=True) for b in blocks]
    assert labels_[:6] == [LABEL[lang]] * 6
    # each restored table follows the heading of the source that announces it
    text = sites[lang].texts.text
    expected = {key: text(key, u.text) for u in units(code.law("77")) for key in [u.key] if key in scoring_pages.TABLE_PLACES}
    for block, key in zip(blocks[:6], [k for k in scoring_pages.TABLE_PLACES if k.startswith("77:")][:6]):
        previous = block.find_previous_sibling("p")
        assert previous.get_text(strip=True) == expected[key]
    # the headings the source printed as lines of capitals show as headings, their words as printed
    headings = [u for u in units(code.law("77")) if u.text.strip().isupper() and len(u.text.strip()) > 3]
    shown = [p.get_text(strip=True) for p in soup.select("article p.cb-source-heading")]
    assert len(headings) == 8 and shown == [text(u.key, u.text).strip() for u in headings]


@pytest.mark.parametrize("lang, prefix", [("fr", ""), ("en", "en/")])
def test_a_gap_says_what_the_site_restores(site, lang, prefix):
    """The note of a gap that our layer restores (77's tables, 78B's scale)
    says so, naming the mark each restored table bears; the note of a gap
    left as it is (75's lost paragraphs) does not."""
    mark = {"fr": "Tableau rétabli par ce site", "en": "Table restored by this site"}[lang]
    said = {"fr": f"porte la mention « {mark} »", "en": f"says “{mark}”"}[lang]
    assert LABEL[lang].startswith(mark)
    for number, restores in (("77", True), ("78", True), ("75", False)):
        notes = soup_of(site, f"{prefix}lois/{number}/index.html").select("article .admonition.warning")
        text = " ".join(n.get_text(" ", strip=True) for n in notes).replace("\u00a0", " ")
        assert notes and (said in text) == restores, (number, text)


def test_law_77_values(site):
    soup = soup_of(site, "lois/77/index.html")
    suits, notrump, slams, over, game, under = [table_rows(b) for b in restored(soup)[:6]]
    # values of the 2017 Laws, written out by hand; the suits' half after « Marqués par le camp
    # du déclarant… », notrump's after « A UN CONTRAT A SANS ATOUT », as the source kept them
    assert suits == {
        "♣ ♦ (chaque levée)": ["20", "40", "80"],
        "♥ ♠ (chaque levée)": ["30", "60", "120"],
    }
    assert notrump == {
        "Sans atout, première levée": ["40", "80", "160"],
        "Sans atout, chaque levée suivante": ["30", "60", "120"],
    }
    assert restored(soup)[1].find_previous_sibling("p").get_text(strip=True) == "A UN CONTRAT A SANS ATOUT"
    assert list(slams.values()) == [["500", "750"], ["1000", "1500"]]
    assert over == {
        "Non contré, ♣ ♦": ["20", "20"],
        "Non contré, ♥ ♠ SA": ["30", "30"],
        "Contré": ["100", "200"],
        "Surcontré": ["200", "400"],
    }
    assert list(game.values()) == [["300", "500"], ["50", "50"], ["50", "50"], ["100", "100"]]
    assert list(under.values()) == [
        ["50", "100", "200", "100", "200", "400"],
        ["50", "200", "400", "100", "300", "600"],
        ["50", "300", "600", "100", "300", "600"],
    ]


def test_common_results_are_generated_and_labelled(site):
    soup = soup_of(site, "lois/77/index.html")
    generated = [b for b in soup.select(".cb-restored") if "calculé par ce site" in b.get_text()]
    made, down = [table_rows(b) for b in generated]
    assert made["4♥/4♠"] == ["420", "590", "880", "620", "790", "1080"]
    assert made["3SA"] == ["400", "550", "800", "600", "750", "1000"]
    assert made["7SA"] == ["1520", "1790", "2280", "2220", "2490", "2980"]
    assert made["1♣/1♦"] == ["70", "140", "230", "70", "140", "230"]
    assert down["2"] == ["100", "300", "600", "200", "500", "1000"]
    assert down["13"] == ["650", "3500", "7000", "1300", "3800", "7600"]
    assert len(made) == 21 and len(down) == 13


@pytest.mark.parametrize("lang, prefix, more", [("fr", "", "4000 et plus"), ("en", "en/", "4000 and more")])
def test_imp_scale_under_78B(site, lang, prefix, more):
    soup = soup_of(site, f"{prefix}lois/78/index.html")
    (block,) = restored(soup)
    assert block.select_one(".cb-restored-label").get_text(strip=True) == LABEL[lang]
    assert block.find_previous("h2").get("id") == "78B"
    rows = table_rows(block)
    assert len(rows) == 25
    assert rows["0 – 10"] == ["0"] and rows["430 – 490"] == ["10"] and rows["3500 – 3990"] == ["23"]
    assert rows[more] == ["24"]


@pytest.mark.parametrize("path", ["bilingue/77/index.html", "en/bilingue/77/index.html", "bilingue/78/index.html", "en/bilingue/78/index.html"])
def test_bilingual_view_has_the_tables(site, path):
    blocks = restored(soup_of(site, path))
    assert len(blocks) == (8 if "77" in path else 1)  # 77: six restored, two computed


def test_offline_copy_has_the_tables_and_widgets(offline_site):
    for prefix, lang in (("", "fr"), ("en/", "en")):
        soup = soup_of(offline_site, f"{prefix}lois/77.html")
        assert len(restored(soup)) == 8 and soup.select_one("form[data-calc=score]")  # 6 restored, 2 generated
        assert soup.select_one(".cb-restored-label").get_text(strip=True) == LABEL[lang]
        assert len(restored(soup_of(offline_site, f"{prefix}bilingue/78.html"))) == 1
        helper = soup_of(offline_site, f"{prefix}lois/64.html").select_one("form[data-revoke]")
        assert helper.select_one("[data-cite='63A'] > a")["href"] == "63.html#63A"  # .html links from file://


def test_law_text_is_untouched(site, code):
    """Every unit of Laws 77 and 78 is on its page, in order, whole."""
    for number in ("77", "78"):
        text = soup_of(site, f"lois/{number}/index.html").select_one("article").get_text("")
        text = re.sub(r"\s+", "", text)  # links and markup cut words anywhere
        pos = 0
        for unit in units(code.law(number)):
            if unit.kind == "note":
                continue
            words = re.sub(r"\s+", "", unit.text)
            found = text.find(words, pos)
            assert found >= 0, unit.key
            pos = found + len(words)


def test_widgets_only_on_their_pages(site):
    for path, kinds in (("lois/77/index.html", ["score"]), ("lois/78/index.html", ["mp", "imp"]), ("lois/76/index.html", [])):
        soup = soup_of(site, path)
        assert [f["data-calc"] for f in soup.select("form[data-calc]")] == kinds
    assert soup_of(site, "lois/64/index.html").select_one("form[data-revoke]")
    assert not soup_of(site, "bilingue/77/index.html").select("form.cb-calc, form[data-revoke]")


@pytest.mark.parametrize("number", ["61", "62", "63"])
def test_revoke_laws_link_to_the_helper(site, number):
    for prefix in ("", "en/"):
        link = soup_of(site, f"{prefix}lois/{number}/index.html").select_one(".cb-revoke-link a")
        assert link["href"] == "../64/#aide-renonce"


def test_revoke_helper_quotes_the_text_as_the_site_gives_it(site, code, sites):
    for lang, prefix in (("fr", ""), ("en", "en/")):
        helper = soup_of(site, f"{prefix}lois/64/index.html").select_one("form[data-revoke]")
        for p in helper.select("[data-cite]"):
            words = scoring.provision_text(code, p["data-cite"], sites[lang].texts)
            assert words in p.get_text(), p["data-cite"]
        assert len(helper.select("fieldset[data-node]")) == len(scoring.REVOKE_TREE["questions"])


def test_revoke_helper_quotes_keep_their_note_calls(site):
    """« si le joueur fautif (19) »: the call in a quote is raised and
    linked to the note on the page, as in the law's text above it."""
    for prefix in ("", "en/"):
        page = soup_of(site, f"{prefix}lois/64/index.html")
        quotes = page.select_one("form[data-revoke]").select("[data-cite]")
        calls = [a for q in quotes for a in q.select("sup.cb-call a.footnote-ref")]
        assert calls and {a["href"] for a in calls} == {"#note-64-19"} and page.find(id="note-64-19") is not None
        assert all(q.select("sup.cb-call") for q in quotes if "(19)" in q.get_text())


def test_data_script_is_the_python_data(site):
    js = (site / scoring_pages.DATA_PATH).read_text(encoding="utf-8")
    data = json.loads(js.split("=", 1)[1].strip().rstrip(";"))
    assert data == json.loads(json.dumps(scoring.browser_data()))
    assert (site / "en" / scoring_pages.DATA_PATH).read_text(encoding="utf-8") == js


def test_readme_documents_the_commands(root):
    readme = (root / "README.md").read_text(encoding="utf-8")
    for command in ("codebridge score 4S= --vul", "codebridge imp 470", "codebridge matchpoints 420 --field 450 420 400 -50"):
        assert f"`.venv/bin/{command}`" in readme, command


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_tools_are_reached_from_the_home_and_the_law_title(site, lang):
    """The calculators and the revoke helper sit several screens down their
    law's page: the home lists them, and each law's page links them under
    its title; every link lands on the tool's heading."""
    prefix = "" if lang == "fr" else "en/"
    home = soup_of(site, prefix + "index.html")
    links = home.select(f"#{labels.section_id('home.tools')} + ul a")
    assert len(links) == 4
    expected = {"fr": ["Levées à transférer après une renonce", "Calculer une marque", "Calculer des points de match", "Calculer des IMP"],
                "en": ["Tricks to transfer after a revoke", "Score a contract", "Compute matchpoints", "Convert to IMPs"]}[lang]
    assert [a.get_text() for a in links] == expected
    for a in links:
        page, anchor = a["href"].split("#")
        assert soup_of(site, prefix + page + "index.html").find(id=anchor).name in ("h2", "h3"), a["href"]
    for number in ("64", "77", "78"):
        law = soup_of(site, f"{prefix}lois/{number}/index.html")
        under_title = law.select("p.cb-tools-link a")
        assert under_title and all(law.find(id=a["href"][1:]) for a in under_title), number
        # it comes before the law's text
        assert law.select_one("p.cb-tools-link").find_previous("h1") is not None and law.select_one("p.cb-tools-link").find_previous("h2") is None


def test_every_case_applying_law_64_links_to_the_helper(site, sites):
    """The revoke cases link to the helper, those of another topic that
    apply Law 64 too (dummy pointing out a revoke), and no other case."""
    for lang, prefix in (("fr", ""), ("en", "en/")):
        cases = sites[lang].examples.of(lang)
        others = [case for case in cases if case.topic != examples.REVOKE_TOPIC and "64" in case.laws]
        assert others
        for case in cases:
            page = soup_of(site, f"{prefix}{labels.page_url(case.src)}index.html")
            link = page.select_one(".cb-revoke-link a")
            if "64" in case.laws or case.topic == examples.REVOKE_TOPIC:
                assert link is not None and link["href"].endswith("lois/64/#aide-renonce"), case.id
            else:
                assert link is None, case.id
