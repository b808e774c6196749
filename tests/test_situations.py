"""The situations layer: its reader's checks, the « Que faire si… » page, and
search offering a situation's provisions (on the real sources and layer, and
on a small layer of our own in tests/data/situations.yaml)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from bs4 import BeautifulSoup

from codebridge import evaluation, index, labels, situations
from codebridge.site import Site
from codebridge.inputs import SourceError

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = Path("tests/data/situations.yaml")

GOOD = """\
moments:
  jeu-de-la-carte: {fr: "Pendant le jeu de la carte", en: "During play"}
  encheres: {fr: "Pendant les enchères", en: "During the auction"}
situations:
  - id: mort-conseille
    moment: jeu-de-la-carte
    provisions: ["43A1(c)"]
    examples: []
    fr:
      title: "Le mort conseille"
      phrasings: ["le mort a dit quoi jouer"]
"""


def write(tmp_path: Path, text: str) -> Path:
    (tmp_path / "content").mkdir(exist_ok=True)
    (tmp_path / "content" / "situations.yaml").write_text(text, encoding="utf-8")
    return tmp_path


def test_good_layer_loads(tmp_path, code):
    layer = situations.load(write(tmp_path, GOOD), code)
    (s,) = layer.situations
    assert (s.id, s.moment, s.provisions, s.en, s.line) == ("mort-conseille", "jeu-de-la-carte", (("43", "A", "1", "c"),), None, 5)
    assert [m.key for m in layer.moments] == ["jeu-de-la-carte", "encheres"]
    assert layer.of("en") == [] and layer.by_moment("fr")[1][1] == []


def test_no_file_no_situations(tmp_path, code):
    assert situations.load(tmp_path, code) == situations.EMPTY


@pytest.mark.parametrize(
    "change,line,message",
    [
        (("moment: jeu-de-la-carte", "moment: apres-coup"), 5, "unknown moment 'apres-coup'"),
        (('["43A1(c)"]', '["43A1c)"]'), 5, "'43A1c)' is not a citation"),
        (('["43A1(c)"]', '["43Z"]'), 5, "'43Z' is not a provision of the code"),
        (('["43A1(c)"]', '["27B1"]'), 5, "Law 27 is not in the sources; cite the law alone ('27')"),
        (('["43A1(c)"]', '["43A1(c)", "43A1(c)"]'), 5, "'43A1(c)' is cited twice"),
        (('["43A1(c)"]', "[]"), 5, "'provisions' must list at least one citation"),
        (("examples: []", "examples: [pas-de-cas]"), 5, "no case 'pas-de-cas'"),
        (('title: "Le mort conseille"', 'title: ""'), 10, "'fr.title' must be a non-empty text"),
        (('phrasings: ["le mort a dit quoi jouer"]', "phrasings: []"), 10, "'fr.phrasings' must list at least one phrasing"),
        (("    examples: []", "    exemples: []"), 5, "unknown key 'exemples'"),
        (("id: mort-conseille", "id: Mort Conseille"), 5, "is not a slug"),
        (("  jeu-de-la-carte: {fr:", "  jeu-de-la-carte: {fx:"), 2, "missing 'fr'"),
        (('    fr:\n      title: "Le mort conseille"\n      phrasings: ["le mort a dit quoi jouer"]\n', ""), 5, "missing 'fr'"),
        (("situations:", "situations: ["), 5, "not valid YAML"),
    ],
)
def test_bad_layers_say_where(tmp_path, code, change, line, message):
    old, new = change
    assert old in GOOD
    with pytest.raises(SourceError) as err:
        situations.load(write(tmp_path, GOOD.replace(old, new)), code)
    assert str(err.value).startswith(f"content/situations.yaml:{line}: "), str(err.value)
    assert message in str(err.value)


def test_an_id_used_twice(tmp_path, code):
    entry = GOOD.split("situations:\n")[1]
    with pytest.raises(SourceError, match=r"situations.yaml:12: situation id 'mort-conseille' already used at line 5"):
        situations.load(write(tmp_path, GOOD + entry), code)


def test_an_example_must_have_its_case_files(tmp_path, code):
    text = GOOD.replace("examples: []", "examples: [renonce-une-levee]")
    for lang in ("fr", "en"):
        folder = tmp_path / "content" / "examples" / lang
        folder.mkdir(parents=True)
        (folder / "renonce-une-levee.yaml").write_text("id: renonce-une-levee\n", encoding="utf-8")
    (s,) = situations.load(write(tmp_path, text), code).situations
    assert s.examples == ("renonce-une-levee",)
    (tmp_path / "content" / "examples" / "en" / "renonce-une-levee.yaml").unlink()
    with pytest.raises(SourceError, match=r"no case 'renonce-une-levee' \(content/examples/en/"):
        situations.load(tmp_path, code)


def test_the_real_layer_loads(sites):
    layer = sites["fr"].situations
    assert len(layer.of("fr")) >= 150 and len(layer.of("en")) >= 100
    assert {m.key for m in layer.moments} == {s.moment for s in layer.situations}


# --------------------------------------------------------------------------
# Search


@pytest.fixture(scope="module")
def fixture_index(code):
    site = Site.load(ROOT, "fr")
    layer = situations.load(ROOT, site.code, FIXTURE)
    ix = index.build(site.code, "fr", site.texts, site.terms, layer.situations, commentaries=site.search_commentaries())
    yield ix
    ix.close()


def test_a_told_situation_offers_its_provisions(fixture_index):
    hits = fixture_index.search("le mort m'a donné un conseil", limit=5)
    offered = [h.doc.citation for h in hits if h.why == "mort-conseille-declarant"]
    assert offered[:2] == ["Loi 43A1(c)", "Loi 42A3"]
    assert hits[0].why == "mort-conseille-declarant"
    # a typo and a Quebec word still reach the phrasings
    assert fixture_index.situations_told("le mort donne des conseis")[0][0] == 0
    assert [s.id for s in fixture_index.situations][fixture_index.situations_told("gageure trop faible")[0][0]] == "encheres-insuffisante-boite"


def test_a_query_far_from_every_situation_offers_none(fixture_index):
    assert fixture_index.situations_told("procédure d'appel") == []
    assert all(not h.why for h in fixture_index.search("procédure d'appel"))


def test_how_a_query_reaches_the_situations(sites):
    fr, en = sites["fr"].search, sites["en"].search
    # an unknown word meets a known one through its root, before a second edit would
    assert [a.stems for c in fr.clauses("insisté", forms=fr.situation_forms) for a in c.alternatives] == [("insist",)]
    # a suit stands for the suits: « huit trèfles » is told by « il a dit huit piques »
    told = [fr.situations[i].id for i, _ in fr.situations_told("huit trèfles")]
    assert told[0] == "enchere-au-dela-de-sept"
    # a number in figures is its word
    assert [fr.situations[i].id for i, _ in fr.situations_told("8 trèfles")][0] == "enchere-au-dela-de-sept"
    # the most telling word of the query, as typed, tells a situation alone …
    assert [en.situations[i].id for i, _ in en.situations_told("rude kibitzer")][0] == "impolitesse"
    # … but not once corrected as a typo ("trunps" is one edit from "trumps")
    trumps = [i for i, s in enumerate(en.situations) if s.id == "revendication-atout-oublie"][0]
    (typo,) = en.clauses("trunps", forms=en.situation_forms)
    assert "trump" in {st for a in typo.alternatives for st in a.stems}
    assert not en._says_exactly(en.situation_bags[trumps], typo)
    assert en._says_exactly(en.situation_bags[trumps], en.clauses("trumps", forms=en.situation_forms)[0])
    # one word alone is a keyword, for the text to answer, when many situations say it …
    assert fr.situations_told("renonce") == fr.situations_told("mort") == en.situations_told("revoke") == []
    # … but a rare one that a situation's title says as typed tells it ("impoli", "abat", "conseil", "advice")
    for search, word, told in ((fr, "impoli", "impolitesse"), (fr, "abat", "declarant-montre-ses-cartes"),
                               (fr, "conseil", "mort-donne-conseil"), (en, "advice", "mort-donne-conseil"), (fr, "retard", "retard")):
        assert [search.situations[i].id for i, _ in search.situations_told(word)] == [told], word
    # the text lacks "conseil" and "advice": read by their roots ("consentement"), they weigh less than the
    # situation whose title says them, whose provision comes first
    assert [h.why for h in fr.search("conseil", limit=1)] == [h.why for h in en.search("advice", limit=1)] == ["mort-donne-conseil"]
    assert "conseil" not in fr.forms and "advic" not in {fr.forms.get("advice"), en.forms.get("advice")}
    # a bare 12 beside "renonce" is the twelfth trick; beside "cartes", a hand of twelve cards
    assert fr.search("renonce 12")[0].why == "renonce-douzieme-levee" and fr.search("12 cartes")[0].why == "carte-manquante"
    # not a typo's correction of it ("impolu"), nor a word its phrasings say but not its title ("portable")
    assert fr.situations_told("impolu") == [] and fr.situations_told("portable") == []
    # … unless no law's text says it, as typed or as the glossary's synonym of it: then its phrasings
    # may ("tricherie", "insulted"; "psych" is the glossary's, the text answers it); a case may
    # say it (« insultes » in a case of Law 91): the law still answers through the situation
    for search, word, told in ((fr, "tricherie", "signaux-convenus"), (fr, "insulte", "impolitesse"), (fr, "antiseche", "aide-memoire"),
                               (en, "insulted", "impolitesse"), (en, "cheating", "signaux-convenus")):
        said = [search.docs[n].kind for c in search.clauses(word) for a in c.alternatives if a.weight >= 0.9 for st in a.stems for n in search.stem_scores(st)]
        assert not set(said) & index.LAW_KINDS, word
        # first: another situation may say it too (an insult that ends in a suspension)
        assert [search.situations[i].id for i, _ in search.situations_told(word)][:1] == [told], word
        whys = [h.why for h in search.search(word, limit=3)]
        # first, or beside the case that says the word (« Insultes répétées… »)
        assert whys[0] == told if "case" not in said else told in whys, (word, whys)
    assert "case" in [search.docs[n].kind for c in fr.clauses("insulte") for a in c.alternatives for st in a.stems for n in fr.stem_scores(st)]
    assert en.situations_told("psych") == []


def test_the_layer_leaves_the_text_scores_alone(fixture_index, code):
    """The phrasings are indexed apart: the text's own vocabulary and
    scores are those of an index without situations."""
    site = Site.load(ROOT, "fr")
    plain = index.build(site.code, "fr", site.texts, site.terms, commentaries=site.search_commentaries())
    assert fixture_index.forms == plain.forms
    for stem in ("mort", "conseil", "oubli", "jou"):
        assert fixture_index.stem_scores(stem) == plain.stem_scores(stem)
    assert "conseils" in fixture_index.situation_forms and "conseils" not in fixture_index.forms
    words = "il a oublié de jouer une carte"
    assert [h.doc.key for h in fixture_index.rank(fixture_index.clauses(words))] == [h.doc.key for h in plain.rank(plain.clauses(words))]


# Least recall@3 per set and language: the target, 0.95, everywhere
# (measured: 1.0 on the law's words in both languages, 0.969 on the
# situations in French and in English).
FLOOR = {
    ("search_queries", "fr"): 0.95,
    ("search_queries", "en"): 0.95,
    ("situation_queries", "fr"): 0.95,
    ("situation_queries", "en"): 0.95,
}


@pytest.mark.parametrize("path", evaluation.SETS, ids=["search_queries", "situation_queries"])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_recall_at_3(sites, path, lang):
    """Both development sets, per language: recall@3 at least its floor."""
    queries = [q for q in evaluation.load(ROOT, path) if q.lang == lang]
    results = [(q, [h.doc.url for h in sites[lang].search.search(q.q, limit=3)]) for q in queries]
    found, total, _ = evaluation.figures(results)[lang]
    missed = [(q.q, urls) for q, urls in results if not evaluation.found(urls, q)]
    assert found / total >= FLOOR[path.stem, lang], missed


# --------------------------------------------------------------------------
# Ranking


def test_a_situation_offers_the_part_of_a_provision_the_query_says(sites):
    """A situation cites a section (45C2); the query's words say which
    part of it decides (a card held face up near the table: 45C2(a)): that
    part comes with the situation, the section beside it."""
    for lang, query, part, outer, situation in (
        ("fr", "le déclarant a tenu sa carte face visible juste au-dessus de la table", "45C2a", "45C2", "carte-du-declarant-jouee"),
        ("en", "declarer held his card face up near the table", "45C2a", "45C2", "carte-du-declarant-jouee"),
    ):
        hits = sites[lang].search.search(query, limit=3)
        assert [(h.doc.key, h.why) for h in hits[:2]] in ([(outer, situation), (part, situation)], [(part, situation), (outer, situation)]), (query, hits)


def test_one_fact_said_leads_to_the_sub_paragraph_it_decides(sites):
    """A situation told apart from its neighbour by one fact leads to the
    sub-paragraph that fact decides (one of two cards visible: 58B1; both:
    58B2; a revoke trick the offender won: 64A1, that trick and one won
    later; one his partner or dummy won: 64A2, one trick), first."""
    for lang, query, first, situation in (
        ("fr", "deux cartes collées, une seule face visible", "58B1", "une-carte-visible-l-autre-cachee"),
        ("en", "two cards stuck together, only one face up", "58B1", "une-carte-visible-l-autre-cachee"),
        ("fr", "deux cartes jouées ensemble, toutes les deux face visible", "58B2", "deux-cartes-visibles-en-meme-temps"),
        ("en", "two cards played together, both face up", "58B2", "deux-cartes-visibles-en-meme-temps"),
        ("fr", "il a renoncé et il a gagné la levée", "64A1", "renonce-fautif-gagne-la-levee"),
        ("fr", "le déclarant renonce mais c'est le mort qui fait la levée", "64A2", "renonce-levee-gagnee-par-le-camp"),
        ("en", "he revoked and it was dummy who won the trick", "64A2", "renonce-levee-gagnee-par-le-camp"),
        # the fact is a negation (« pas » counts as "not" does) or "both"
        ("fr", "decl a demandé une dame qui est pas au mort", "46B4", "designation-carte-absente"),
        ("en", "two cards came out together, both face up", "58B2", "deux-cartes-visibles-en-meme-temps"),
    ):
        hit = sites[lang].search.search(query, limit=3)[0]
        assert (hit.doc.key, hit.why) == (first, situation), (query, hit)


def test_a_part_is_told_by_its_anchor():
    within = labels.anchor_within
    assert within("58B2", "58B") and within("64B7", "64") and within("45C4b", "45C4")
    assert within("40B2a-i", "40B2a") and within("71-1", "71") and within("annexe-2-1", "annexe-2")
    # an anchor that goes on in the marker's kind is another provision
    assert not within("64B10", "64B1") and not within("40B2a-ii", "40B2a-i") and not within("71-10", "71-1")
    assert not within("58B", "58B") and not within("58B2", "") and not within("note-64-19", "64") and not within("64B7", "65")


def test_a_cited_provision_shows_its_own_parts_alone(sites):
    """Under a cited provision, its parts; not the provisions whose number
    begins the same way (40B2(a)(ii) is no part of 40B2(a)(i))."""
    ix = sites["fr"].search
    assert [h.doc.key for h in ix.search("40B2(a)(i)")] == ["40B2a-i"]
    assert [h.doc.key for h in ix.search("40B2(a)", limit=6)] == ["40B2a", "40B2a-i", "40B2a-ii", "40B2a-iii", "40B2a-iv", "40B2a-v"]
    assert [h.doc.key for h in ix.search("Loi 71", limit=3)] == ["71", "71-1", "71-2"]


def test_at_most_two_of_one_law_in_the_first_five(sites):
    for lang, query in (("fr", "renonce"), ("fr", "carte pénalisée"), ("en", "revoke"), ("en", "claim")):
        hits = sites[lang].search.search(query, limit=5)
        named = sites[lang].search.named_laws(sites[lang].search.clauses(query))
        laws = [h.doc.law for h in hits if h.doc.kind in index.LAW_KINDS and not h.why and h.doc.law not in named]
        assert all(laws.count(law) <= 2 for law in laws), (query, [h.doc.citation for h in hits])


def test_a_named_law_is_not_held_back(sites):
    # the query says Law 81's whole title, "L'arbitre": its provisions may fill the first five
    assert [h.doc.law for h in sites["fr"].search.search("loi 64 renonce", limit=5)] == ["64"] * 5
    assert "81" in sites["fr"].search.named_laws(sites["fr"].search.clauses("l'arbitre"))


def test_provisions_come_before_secondary_documents(sites):
    ix = sites["fr"].search
    hits = ix.rank(ix.clauses("adversaire de gauche accepte"))
    for tier in {h.matched for h in hits}:
        kinds = [h.doc.secondary for h in hits if h.matched == tier and not (h.doc.kind == "law" and h.doc.law in ix.named_laws(ix.clauses("adversaire de gauche accepte")))]
        assert kinds == sorted(kinds), tier  # the law's text first, then the others


def test_absent_laws_still_come_when_named(sites):
    for query in ("Loi 27", "enchère insuffisante", "gageure insuffisante", "enchère hors tour"):
        assert any(h.doc.kind == "law" and not h.doc.present for h in sites["fr"].search.search(query, limit=3)), query


def test_calling_the_director_is_not_an_appeal(sites):
    hits = sites["fr"].search.search("appeler l'arbitre", limit=5)
    assert not [h.doc.citation for h in hits if h.doc.law in ("92", "93")]
    assert {h.doc.law for h in sites["fr"].search.search("faire appel", limit=3)} & {"92", "93"}


# --------------------------------------------------------------------------
# The page


def _soup(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


@pytest.mark.parametrize("lang_dir,title", [("", "Que faire si…"), ("en", "What to do if…")])
def test_page_lists_situations_by_moment(site, sites, lang_dir, title):
    lang = "en" if lang_dir else "fr"
    soup = _soup(site / lang_dir / "que-faire-si" / "index.html")
    assert soup.select_one("article h1").get_text().rstrip("¶").strip() == title
    layer = sites[lang].situations
    told = layer.by_moment(lang)
    chips = [a["href"] for a in soup.select("nav.cb-moments a")]
    assert chips == [f"#{m.key}" for m, s in told if s]
    entries = soup.select("div.cb-situation")
    assert [e["id"] for e in entries] == [s.id for _, ss in told for s in ss]
    first = layer.of(lang)[0]
    entry = soup.select_one(f"div.cb-situation[id='{first.id}']")
    assert entry.select_one(".cb-situation__title").get_text() == first.telling(lang).title
    refs = entry.select("a.ref")
    assert [a["data-cite"] for a in refs] == [situations.labels.citation(p) for p in first.provisions]
    assert all(a.get("title") for a in refs)  # the usual preview
    # the links land on the provisions, on both sites
    for a in soup.select("a.cb-situation__ref"):
        target = a["href"].split("#")
        page = (site / lang_dir / "que-faire-si" / target[0] / "index.html").resolve()
        assert page.exists(), a["href"]
        if len(target) > 1:
            assert _soup(page).find(id=target[1]) is not None, a["href"]


@pytest.mark.parametrize("lang_dir", ["", "en"])
def test_a_provision_whose_source_kept_only_its_heading_says_so(site, code, lang_dir):
    """Law 75's sections, which the situations of a wrong explanation cite,
    hold only their headings in the source: their links say « texte perdu
    dans la source » after them and in their preview, not an empty one."""
    lang = "en" if lang_dir else "fr"
    mark = {"fr": "texte perdu dans la source", "en": "text lost in the source"}[lang]
    soup = _soup(site / lang_dir / "que-faire-si" / "index.html")
    seen = 0
    for a in soup.select("a.cb-situation__ref"):
        label = labels.parse_anchor(a["href"].split("#")[1]) if "#" in a["href"] else None
        after = a.find_next_sibling()
        says = after is not None and after.get("class") == ["cb-absent"] and after.get_text() == mark
        assert says == (label in code.lost), a["data-cite"]
        if label in code.lost:
            seen += 1
            assert a["title"].endswith(f"({mark})") and len(a["title"]) > len(f"{labels.cite(label, lang)} — ({mark})"), a["title"]
    assert seen >= 2


@pytest.mark.parametrize("lang_dir", ["", "en"])
def test_home_and_nav_lead_to_the_page(site, lang_dir):
    soup = _soup(site / lang_dir / "index.html")
    assert soup.select_one(".cb-home-situations a")["href"] == "que-faire-si/"
    assert any(a.get("href", "").endswith("que-faire-si/") for a in soup.select("nav.md-nav a"))


# --------------------------------------------------------------------------
# The worked cases of a situation


def test_every_case_illustrates_some_situation(sites):
    """Each worked case is linked from a situation it is about: one that
    rests on the same laws (a case is never linked for a word alone)."""
    layer = sites["fr"].situations
    linked = {e for s in layer.situations for e in s.examples}
    cases = {p.stem for p in (ROOT / "content" / "examples" / "fr").glob("*.yaml") if p.stem not in ("topics", "seed")}
    assert cases and cases <= linked, sorted(cases - linked)
    for s in layer.situations:
        laws = {p[0] for p in s.provisions}
        for e in s.examples:
            data = yaml.safe_load((ROOT / "content" / "examples" / "fr" / f"{e}.yaml").read_text(encoding="utf-8"))
            assert laws & {labels.parse_citation(str(p))[0] for p in data["provisions"]}, (s.id, e)


@pytest.mark.parametrize("lang_dir", ["", "en"])
def test_page_shows_the_cases_beside_the_provisions(site, sites, lang_dir):
    lang = "en" if lang_dir else "fr"
    soup = _soup(site / lang_dir / "que-faire-si" / "index.html")
    told = [s for s in sites[lang].situations.of(lang) if s.examples]
    assert len(told) >= 40
    for s in told:
        entry = soup.select_one(f"div.cb-situation[id='{s.id}']")
        links = entry.select(".cb-situation__cases a")
        assert [a["href"].rstrip("/").split("/")[-1] for a in links] == list(s.examples), s.id
        for a in links:  # each lands on its case page, in the page's language
            page = (site / lang_dir / "que-faire-si" / a["href"] / "index.html").resolve()
            assert page.exists(), a["href"]
            assert _soup(page).select_one("article h1").get_text().rstrip("¶").strip() == a.get_text(), a["href"]
        # after the provisions, inside the entry
        assert entry.select_one(".cb-situation__refs").find_next_sibling("p")["class"] == ["cb-situation__cases"]


@pytest.mark.parametrize("lang_dir", ["", "en"])
def test_an_absent_laws_page_lists_the_situations_citing_it(site, root, code, lang_dir):
    """Law 16's text is not in the sources: its page lists the situations
    of « Que faire si… » that refer to it, each leading to its place on that
    page, with the other provisions that decide it too: the present laws',
    and the other absent laws marked as such (Law 27's « Enchère
    insuffisante remplacée » names Law 23)."""
    layer = situations.load(root, code)
    lang = lang_dir or "fr"
    for law in code.laws:
        if law.present:
            continue
        page = site / lang_dir / "lois" / law.number / "index.html"
        soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
        heading = soup.find(id=labels.section_id("situations.on_law"))
        told = [s for s in layer.of(lang) if any(label[0] == law.number for label in s.provisions)]
        if not told:
            assert heading is None, law.number
            continue
        items = heading.find_next("ul").find_all("li", recursive=False)
        assert [li.find("a")["href"] for li in items] == [f"../../que-faire-si/#{s.id}" for s in told], law.number
        for li, s in zip(items, told):
            assert li.find("a").get_text() == s.telling(lang).title
            cited = [a["data-cite"] for a in li.select("a.ref")]
            assert cited == [labels.citation(p) for p in s.provisions if p[0] != law.number]
            absent = {"fr": "texte à venir", "en": "text to come"}[lang]
            for a, p in zip(li.select("a.ref"), [p for p in s.provisions if p[0] != law.number]):
                after = a.find_next_sibling()
                marked = after is not None and after.name == "span" and after.get("class") == ["cb-absent"] and after.get_text() == absent
                assert marked == (not code.law(p[0]).present), (law.number, a["data-cite"])
    soup = BeautifulSoup((site / lang_dir / "lois" / "16" / "index.html").read_text(encoding="utf-8"), "html.parser")
    assert "73C1" in [a["data-cite"] for a in soup.select(f"#{labels.section_id('situations.on_law')} + ul a.ref")]
    soup = BeautifulSoup((site / lang_dir / "lois" / "27" / "index.html").read_text(encoding="utf-8"), "html.parser")
    assert "23" in [a["data-cite"] for a in soup.select(f"#{labels.section_id('situations.on_law')} + ul a.ref")]


@pytest.mark.parametrize("lang_dir", ["", "en"])
def test_an_absent_laws_page_says_what_the_glossary_says_of_it(site, root, code, lang_dir):
    """Law 16's page, before its situations, gives the glossary's terms
    that cite it, each linked to its entry with its definition: a reader
    learns what unauthorised information is while the text is missing.
    A present law's page has no such list."""
    from codebridge import glossary

    terms = glossary.load(root, code)
    lang = lang_dir or "fr"
    for law in code.laws:
        soup = BeautifulSoup((site / lang_dir / "lois" / law.number / "index.html").read_text(encoding="utf-8"), "html.parser")
        heading = soup.find(id=labels.section_id("glossary.on_law"))
        citing = [term for term in terms if any(label[0] == law.number for label in term.laws)]
        if law.present or not citing:
            assert heading is None, law.number
            continue
        items = heading.find_next("ul").find_all("li", recursive=False)
        assert sorted(li.a["href"] for li in items) == sorted(f"../../glossaire/#{term.id}" for term in citing), law.number
        for li in items:
            term = next(term for term in citing if li.a["href"].endswith("#" + term.id))
            assert li.get_text(" ", strip=True) == f"{term.fr if lang == 'fr' else term.en} — {term.def_fr if lang == 'fr' else term.def_en}"
        # before the situations, when there are some
        situations_heading = soup.find(id=labels.section_id("situations.on_law"))
        assert situations_heading is None or situations_heading in heading.find_all_next("h2")
    soup = BeautifulSoup((site / lang_dir / "lois" / "16" / "index.html").read_text(encoding="utf-8"), "html.parser")
    said = soup.find(id=labels.section_id("glossary.on_law")).find_next("ul").get_text()
    assert {"fr": "information non autorisée", "en": "unauthorized information"}[lang] in said.lower()
