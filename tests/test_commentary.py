"""The seed commentaries: passages, furniture, conservation, front matter,
links, their English, the index pages and the seed cases — over the real
sources and the real build."""

from __future__ import annotations

import dataclasses
import re
import shutil
import subprocess
import sys

import pytest
import yaml
from bs4 import BeautifulSoup

from codebridge import build, commentary as cm, strings
from codebridge.conserve import words_of
from codebridge.escape import front_matter
from codebridge.site import nav_escape
from codebridge.inputs import SourceError
from codebridge.sources import Line, read_lines

from .test_site import page

SLUGS = ("atelier-lois-les-plus-utilisees", "commentaire-loi-61-renonce")
WORKSHOP, LAW61 = SLUGS


@pytest.fixture(scope="module")
def commentaries(sites):
    return {c.source.slug: c for c in sites["fr"].commentaries}


def test_furniture_is_an_explicit_list(commentaries, root):
    """The blog's lines go, and nothing else: the two lines at the end of
    the workshop; the Law 61 commentary has none."""
    workshop = commentaries[WORKSHOP]
    assert [(l.number, l.text) for l in workshop.furniture] == [(101, "Aucun commentaire:"), (102, "Publier un commentaire")]
    assert commentaries[LAW61].furniture == []
    for c in commentaries.values():
        lines = read_lines(root / "content" / "sources" / c.source.file)
        kept = [l.number for l in lines if l.text.strip() and l.number not in {f.number for f in c.furniture}]
        assert [n for p in c.paragraphs for n, _ in p.lines] == kept  # every other line, once, in order
    # a line that merely contains the words is text, not furniture
    assert cm.furniture_lines([Line(1, "Aucun commentaire: voir plus haut"), Line(2, "Publier un commentaire")]) == [
        Line(2, "Publier un commentaire")
    ]


def test_hard_wrapped_lines_become_passages(commentaries):
    c = commentaries[WORKSHOP]
    texts = {p.anchor: p.text for p in c.paragraphs}
    assert len(c.paragraphs) == 45  # 100 kept lines
    assert texts["p4"] == "1. ENCHÈRE INSUFFISANTE (LOI 27)"
    assert texts["p5"] == (
        "1. Enchère insuffisante acceptée : Si l’ADG gage ou s’il accepte la gageure insuffisante. Ex : 1♠ - (1♦) - 1♥"
    )
    assert texts["p10"].startswith("Une carte exposée par un joueur de la défense est une carte pénalisée.")
    assert texts["p10"].endswith("jusqu’à ce qu’un arbitrage soit intervenu.")
    # items stay their own passages: numbered, lettered, dashed
    assert texts["p7"].startswith("a) ") and texts["p8"].startswith("b) ")
    assert texts["p16"].startswith("a) - exiger") and texts["p17"].startswith("- lui interdire")
    assert [texts[a][:2] for a in ("p24", "p25", "p26")] == ["1.", "2.", "3."]
    assert texts["p45"] == "Roger Larocque"
    # the Law 61 commentary keeps its blank-line passages; its examples are passages of their own
    law61 = {p.anchor: p.text for p in commentaries[LAW61].paragraphs}
    assert len(law61) == 56
    assert law61["p20"].startswith("1/-") and law61["p27"].startswith("2/-") and law61["p29"] == "3/-"
    assert law61["p39"] == "1/- constatation immédiate" and law61["p49"] == "2/- constatation différée"


def test_conservation_names_file_and_line(root, commentaries):
    """A passage that lost, changed or added a word fails, at its source line."""
    c = commentaries[WORKSHOP]
    lines = [l for l in read_lines(root / "content" / "sources" / c.source.file) if l.number not in (101, 102)]
    assert cm.check_passages(lines, c.paragraphs, "w.txt").words == c.words == 707
    p10 = next(p for p in c.paragraphs if p.anchor == "p10")
    broken = [(n, t.replace("table", "")) if n == 20 else (n, t) for n, t in p10.lines]
    paras = [dataclasses.replace(p, lines=tuple(broken)) if p.anchor == "p10" else p for p in c.paragraphs]
    with pytest.raises(SourceError, match=r"^w\.txt:20: .*'table'"):
        cm.check_passages(lines, paras, "w.txt")
    last = c.paragraphs[-1]
    extra = c.paragraphs[:-1] + [dataclasses.replace(last, lines=last.lines + ((100, "encore"),))]
    with pytest.raises(SourceError, match=r"^w\.txt:100: the passages hold 1 words the source does not"):
        cm.check_passages(lines, extra, "w.txt")
    with pytest.raises(SourceError, match="lost"):
        cm.check_passages(lines, c.paragraphs[:-1], "w.txt")


def test_built_passages_hold_the_source_words(site, commentaries):
    """What the reader gets: each passage of the built page has the words of
    the source lines it stands for (suits as corrected), no more."""
    for slug, c in commentaries.items():
        soup = page(site, f"commentaires/{slug}/")
        for p in c.paragraphs:
            div = soup.find(id=p.anchor)
            for label in div.select(".cb-case-label"):
                label.decompose()
            assert words_of(div.get_text(" ")) == words_of(cm.fixed_text(p.text)), (slug, p.anchor)
        text = soup.select_one("article").get_text(" ")
        assert "Aucun commentaire:" not in text.replace("«\u00a0Aucun commentaire:\u00a0»", "")
        assert not re.search(r"[¨§©ª]|\^ème", " ".join(d.get_text() for d in soup.select(".cb-comment")))


NASTY = [
    'Il a dit "stop" \\ puis: #3 <b>gras</b> & \'fin\'',
    "title: faux — description: fausse",
    "# pas un titre : — « guillemets » \\n",
    "<script>alert(1)</script> {{ jinja }} %s",
]


def test_front_matter_survives_any_title(tmp_path, root, commentaries, sites):
    """Pages whose title and description hold quotes, backslashes, colons,
    "#", HTML and line breaks, built by MkDocs with the site's theme: the
    HTML gives back title and description exactly, and no front matter
    shows as text."""
    docs = tmp_path / "docs"
    (docs / "commentaires").mkdir(parents=True)
    expected = {}
    for i, title in enumerate(NASTY):
        origin = NASTY[(i + 1) % len(NASTY)].replace("\n", " ")
        source = dataclasses.replace(commentaries[LAW61].source, title=title, origin=origin, slug=f"essai-{i}")
        c = dataclasses.replace(commentaries[LAW61], source=source)
        (docs / c.src).write_text(cm.page(c, "fr", sites["fr"].layers), encoding="utf-8")
        expected[f"commentaires/essai-{i}/index.html"] = (title, cm.description(origin))
    (docs / "index.md").write_text(front_matter(title=NASTY[0], description="a: b # c") + "\n# x\n", encoding="utf-8")
    expected["index.html"] = (NASTY[0], "a: b # c")
    (tmp_path / "mkdocs.yml").write_text(
        yaml.safe_dump({"site_name": "Essai", "docs_dir": "docs",
                        "theme": {"name": "material", "language": "fr", "custom_dir": str(root / "site_overrides")},
                        "extra": {**build.theme_extra(root, "fr", root / "site_overrides"), "strings": dict(strings.table("fr"))},  # as the build hands them to the theme
                        "nav": nav_escape([{"Accueil": "index.md"}] + [{t: f"commentaires/essai-{i}.md"} for i, t in enumerate(NASTY)]),
                        "markdown_extensions": ["attr_list", "md_in_html", "admonition"]}),
        encoding="utf-8",
    )
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(tmp_path / "mkdocs.yml")], check=True, cwd=tmp_path)
    for path, (title, description) in expected.items():
        soup = BeautifulSoup((tmp_path / "site" / path).read_text(encoding="utf-8"), "html.parser")
        assert soup.title.get_text() == f"{title} - Essai", path
        assert soup.find("meta", property="og:title")["content"] == title, path
        assert soup.find("meta", attrs={"name": "description"})["content"] == description, path
        assert all("alert(1)" not in s.get_text() for s in soup.select("script")), path  # shown, never run
        assert all(b.get_text() != "gras" for b in soup.select("b")), path
        menu = [a.get_text(" ", strip=True) for a in soup.select("nav.md-nav--primary a.md-nav__link")]
        assert set(menu) >= set(NASTY), (path, menu)
        if path != "index.html":
            article = soup.select_one("article")
            assert article.select_one("h1").get_text().rstrip("¶") == title, path
            assert not article.select("hr") and "---" not in article.get_text(), path


def test_every_generated_front_matter_parses(sites):
    """Every page both sites generate starts with a front matter that YAML
    reads as a mapping with a title."""
    for lang, site in sites.items():
        for src, text in site.pages().items():
            if not src.endswith(".md") or not text.startswith("---\n"):
                continue
            head = text.split("\n---\n", 1)[0][4:]
            meta = yaml.safe_load(head)
            assert isinstance(meta, dict) and isinstance(meta.get("title"), str), (lang, src)


def test_no_empty_link_anywhere(site):
    """No <a> without content in any page of either language (a law inside a
    range, "Loi 61 à 64", has no span of its own to link)."""
    empty = re.compile(r"<a\b[^>]*>\s*</a>")
    pages = list(site.rglob("*.html"))
    assert len(pages) > 300 and any("/en/" in str(p) for p in pages)
    found = [(str(p.relative_to(site)), m.group(0)) for p in pages for m in empty.finditer(p.read_text(encoding="utf-8"))]
    assert found == []


def test_loose_references_link_their_written_form(site):
    soup = page(site, f"commentaires/{LAW61}/")
    p11 = soup.find(id="p11")
    assert [(a.get_text(), a["href"]) for a in p11.select("a.ref")] == [
        ("Loi 64_&B3", "../../lois/64/#64B3"),
        ("&C", "../../lois/64/#64C"),
    ]
    assert [a.get_text() for a in soup.find(id="p4").select("a.ref")] == ["lois 26", "27", "30", "31", "32", "57"]
    workshop = page(site, f"commentaires/{WORKSHOP}/").find(id="p27")
    assert [(a.get_text(), a["href"]) for a in workshop.select("a.ref")] == [
        ("Loi 61", "../../lois/61/"),
        ("64", "../../lois/64/"),
    ]
    english = page(site, f"en/commentaires/{LAW61}/")
    assert [(a.get_text(), a["href"]) for a in english.find(id="p11").select("a.ref")] == [
        ("Law 64B3", "../../lois/64/#64B3"),
        ("C", "../../lois/64/#64C"),
    ]
    assert [a.get_text() for a in english.find(id="p4").select("a.ref")] == ["Laws 26", "27", "30", "31", "32", "57"]


def test_intro_says_only_what_is_known(site):
    for lang, prefix in (("fr", ""), ("en", "en/")):
        intros = []
        for slug in SLUGS:  # what the page says around the text: all but the passages
            article = page(site, f"{prefix}commentaires/{slug}/").select_one("article")
            for div in article.select(".cb-comment"):
                div.decompose()
            intros.append(article.get_text(" "))
        workshop, law61 = intros
        assert "Roger Larocque" in workshop
        assert ("non nommé dans la source" if lang == "fr" else "not named in the source") in law61
        for text in intros:
            assert not re.search(r"accord|consent|permission|autoris", text, re.I), text
        about = page(site, f"{prefix}a-propos/").select_one("article").get_text(" ")
        assert "club" not in about.split("Roger Larocque")[1].split("\n")[0]


def test_printed_source_is_the_commentary(site):
    """A printed commentary names its own source under the page, not the Laws'."""
    for prefix in ("", "en/"):
        workshop, law61 = (page(site, f"{prefix}commentaires/{slug}/").select_one(".cb-print-foot").get_text(" ") for slug in SLUGS)
        assert "Roger Larocque" in workshop and "Laws of Duplicate Bridge 2017 (" not in workshop
        assert ("pas nommé" if not prefix else "not named") in law61
    law = page(site, "lois/64/").select_one(".cb-print-foot").get_text(" ")
    assert "Code international du bridge 2017" in law


def test_english_pages_show_our_translation(site, sites):
    """en/commentaires/… shows the English, labelled, links into the English
    site, suits written as meant; the French page stays French."""
    en = {c.source.slug: c for c in sites["en"].commentaries}
    for slug in SLUGS:
        soup = page(site, f"en/commentaires/{slug}/")
        assert "Unofficial working translation" in soup.select_one(".cb-unofficial").get_text()
        assert soup.html["lang"] == "en"
        for anchor, text in en[slug].texts("en"):
            div = soup.find(id=anchor)
            for label in div.select(".cb-case-label"):
                label.decompose()
            assert words_of(div.get_text(" ")) == words_of(text), (slug, anchor)
        passages = " ".join(d.get_text() for d in soup.select(".cb-comment"))
        assert not re.search(r"[¨§©ª]", passages)
        for a in soup.select("article a.ref"):
            assert (site / "en" / "commentaires" / slug / a["href"].split("#")[0]).resolve().is_relative_to((site / "en").resolve())
    law61 = page(site, f"en/commentaires/{LAW61}/")
    assert law61.find(id="p21").get_text(" ").strip().startswith("West, on lead, cashes the ♦Q")
    assert law61.select_one("h1").get_text().startswith("Commentary on Law 61")
    assert page(site, f"commentaires/{LAW61}/").find(id="p2").get_text().strip().startswith("Ce premier paragraphe")


def _english_root(tmp_path, root, slug, edit):
    folder = tmp_path / cm.ENGLISH
    folder.mkdir(parents=True)
    path = folder / f"{slug}.yaml"
    shutil.copy(root / cm.ENGLISH / f"{slug}.yaml", path)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    edit(data)
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    "edit, message",
    [
        (lambda d: d.pop("p12"), "passage 'p12' has no English counterpart"),
        (lambda d: d.update(p99={"fr": "x", "en": "y"}), r":\d+: passage 'p99' does not exist"),
        (lambda d: d["p12"].update(en="  "), r":\d+: passage 'p12': English text missing"),
        (lambda d: d["p12"].update(fr=d["p12"]["fr"] + " (modifié)"), r":\d+: passage 'p12': the French text changed"),
        (lambda d: d["p21"].update(en=d["p21"]["en"].replace("♦", "¨")), r"Symbol-font character '¨'"),
        (lambda d: d["p21"].update(en=d["p21"]["en"].replace("♦Q", "queen of diamonds")), "same suit symbols"),
        (lambda d: d["p11"].update(en=d["p11"]["en"].replace("64B3", "64")), r"reference 'Loi 64_&B3' \(64B3\) is not in the English"),
    ],
)
def test_english_is_pinned_to_the_french(tmp_path, root, commentaries, edit, message):
    c = commentaries[LAW61]
    assert cm.load_english(root, c)["p12"]
    with pytest.raises(SourceError, match=message):
        cm.load_english(_english_root(tmp_path, root, LAW61, edit), c)


def test_index_pages(site):
    for prefix, title in (("", "Commentaires"), ("en/", "Commentaries")):
        soup = page(site, f"{prefix}commentaires/")
        assert soup.select_one("article h1").get_text().startswith(title)
        links = {a["href"] for a in soup.select("article h2 a:not(.headerlink)")}
        assert links == {f"{slug}/" for slug in SLUGS}
        text = soup.select_one("article").get_text(" ")
        assert "Roger Larocque" in text
        cases = [a["href"] for a in soup.select("article li a")]
        assert f"{LAW61}/#p20" in cases and f"{WORKSHOP}/#p5" in cases


def test_seed_cases(root, code, site, commentaries):
    cases = cm.seed_cases(root, code)
    topics = cm.load_topics(root)
    assert len(cases) >= 12 and len({c.id for c in cases}) == len(cases)
    assert {c.commentary for c in cases} == set(SLUGS)
    for case in cases:
        assert case.topic in topics and case.title["fr"] and case.title["en"]
        assert case.url == {"fr": f"commentaires/{case.commentary}/#{case.anchor}", "en": f"en/commentaires/{case.commentary}/#{case.anchor}"}
        for lang in ("fr", "en"):
            path, anchor = case.url[lang].split("#")
            label = page(site, path).find(id=anchor).select_one(".cb-case-label a")
            assert label["data-case"] == case.id and label["href"] == f"#{anchor}"
            assert case.title[lang] in label.get_text()
    first = next(c for c in cases if c.id == "loi61-exemple-1-une-levee")
    assert first.passages[0] == "p20" and "64A2" in first.provisions
    assert first.href("exemples/loi61-exemple-1-une-levee.md") == "../commentaires/commentaire-loi-61-renonce.md#p20"


@pytest.mark.parametrize(
    "edit, message",
    [
        (lambda d: d[0].update(passages=["p99"]), "passage 'p99' does not exist"),
        (lambda d: d[0].update(provisions=["61Z"]), "'61Z'"),
        (lambda d: d[0].update(provisions=["64C9"]), "no such provision"),
        (lambda d: d[0].update(provisions=["64A1"]), "which 'laws' does not list"),
        (lambda d: d[0].update(topic="inconnu"), "topic 'inconnu'"),
        (lambda d: d[1].update(id=d[0]["id"]), "used twice"),
        (lambda d: d[0].update(commentary="nulle-part"), "no commentary"),
        (lambda d: d[0].update(id="Cas 1"), "ASCII"),
    ],
)
def test_seed_cases_are_validated(tmp_path, root, code, commentaries, edit, message):
    (tmp_path / cm.EXAMPLES).mkdir(parents=True)
    shutil.copy(root / cm.TOPICS, tmp_path / cm.TOPICS)
    data = yaml.safe_load((root / cm.SEED).read_text(encoding="utf-8"))
    edit(data)
    (tmp_path / cm.SEED).write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    with pytest.raises(SourceError, match=message):
        cm.seed_cases(tmp_path, code, list(commentaries.values()))


def test_topics_cover_the_issue(root):
    topics = cm.load_topics(root)
    for key in ("enchere-insuffisante", "carte-penalisee", "entame-hors-tour", "renonce", "cartes-exposees-declarant",
                "mort", "carte-jouee", "levee-defectueuse", "revendication", "information-non-autorisee",
                "boites-a-encheres", "erreur-de-marque", "jeu-lent", "appel", "etui-mal-replace", "marque-ajustee"):
        assert key in topics


@pytest.mark.browser
@pytest.mark.parametrize("prefix", ["", "en/"])
def test_landing_on_a_passage_highlights_it(browser, server, axe, prefix):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    tab.goto(f"{server}/{prefix}commentaires/{LAW61}/#p19")
    target = tab.locator("[id='p19']")
    assert target.evaluate("el => el.matches(':target')")
    box = target.bounding_box()
    assert box is not None and 0 <= box["y"] < 900
    lit = target.evaluate("el => getComputedStyle(el).backgroundColor")
    plain = tab.locator("[id='p18']").evaluate("el => getComputedStyle(el).backgroundColor")
    assert lit not in ("rgba(0, 0, 0, 0)", "transparent") and plain in ("rgba(0, 0, 0, 0)", "transparent")
    # a seed case's label leads to its passage, highlighted in turn
    tab.locator("[id='p39'] .cb-case-label a").click()
    tab.wait_for_function("location.hash === '#p39'")
    assert tab.locator("[id='p39']").evaluate("el => getComputedStyle(el).backgroundColor") == lit
    assert axe(tab) == []
    context.close()


@pytest.mark.parametrize("lang", ["", "en/"])
def test_a_commentary_says_the_law_applies_where_it_differs(site, commentaries, lang):
    """A commentary may have been written for a code before 2017 (the
    workshop is dated 2015; the Law 61 commentary has no date): its page
    and the commentaries' index say so before its text, and that the law's
    text applies where it differs."""
    said = strings.t("en" if lang else "fr", "commentary.era")
    for path in ["commentaires/"] + [f"commentaires/{slug}/" for slug in commentaries]:
        soup = page(site, lang + path)
        warning = soup.select_one("article .admonition.warning")
        assert warning is not None and said in warning.get_text(" ", strip=True), path
        first_passage = soup.select_one("article [id^='p']")
        if first_passage is not None:
            assert warning.find_all_next(id=first_passage["id"]), path  # before the text
