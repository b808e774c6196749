"""Worked examples: the checks that keep cases faithful (on small case files
made here), and the pages of the real build (case pages, index, law pages,
bilingual view, short links, search)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml
from bs4 import BeautifulSoup

from codebridge import analysis, examples, labels
from codebridge.layers import units
from codebridge.patterns import QUOTE_GAP
from codebridge.inputs import SourceError
from codebridge.translation import load as load_translation

ROOT = Path(__file__).resolve().parents[1]

# --------------------------------------------------------------------------
# Validation, on small case files (line numbers matter: keep the layout)

FR = """\
id: x
title: "Renonce consommée"
topic: renonce
level: base
laws: ["63", "64"]
provisions: ["63A1", "64A1"]
situation: "Est renonce à la levée 5 et joue à la levée 6."
diagram:
  hands:
    E: {S: "2", H: "K1098", D: "J", C: "-"}
  tricks:
    - number: 5
      cards: [{N: "D2"}, {E: "S2"}]
question: "Combien de levées ?"
ruling:
  - cite: "63A1"
    quote: "« quand le joueur fautif ou son partenaire attaque ou joue à la levée suivante »"
    text: "La renonce est consommée."
  - cite: "64A1"
    quote: "« si le joueur fautif a gagné la levée de la renonce, cette levée plus une des levées […] seront transférées »"
    text: "Deux levées."
outcome: "Deux levées transférées"
"""

EN = """\
id: x
title: "Established revoke"
topic: renonce
level: base
laws: ["63", "64"]
provisions: ["63A1", "64A1"]
situation: "East revokes at trick 5 and plays to trick 6."
diagram:
  hands:
    E: {S: "2", H: "K1098", D: "J", C: "-"}
  tricks:
    - number: 5
      cards: [{N: "D2"}, {E: "S2"}]
question: "How many tricks?"
ruling:
  - cite: "63A1"
    quote: "“when the offender or his partner leads or plays to the following trick”"
    text: "The revoke is established."
  - cite: "64A1"
    quote: "“if the offender won the revoke trick, that trick plus one of the tricks … are transferred”"
    text: "Two tricks."
outcome: "Two tricks transferred"
"""


@pytest.fixture(scope="module")
def english(code):
    return load_translation(ROOT / "content" / "translation" / "en", code)


def _content(tmp_path: Path, fr: str = FR, en: str = EN, name: str = "x") -> Path:
    folder = tmp_path / "content" / "examples"
    (folder / "fr").mkdir(parents=True, exist_ok=True)
    (folder / "en").mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "content" / "examples" / "topics.yaml", folder / "topics.yaml")
    if fr is not None:
        (folder / "fr" / f"{name}.yaml").write_text(fr, encoding="utf-8")
    if en is not None:
        (folder / "en" / f"{name}.yaml").write_text(en, encoding="utf-8")
    return tmp_path


def test_a_good_pair_loads(tmp_path, code, english):
    ex = examples.load(_content(tmp_path), code, english)
    fr, en = ex.cases["fr"]["x"], ex.cases["en"]["x"]
    assert fr.provisions == (("63", "A", "1"), ("64", "A", "1")) == en.provisions
    assert [s.cite for s in fr.ruling] == ["63A1", "64A1"]
    assert fr.diagram.hand("E") == {"S": "2", "H": "K1098", "D": "J", "C": "-"}
    assert fr.diagram.tricks[0].cards == (("N", "D2"), ("E", "S2"))


F, E = "content/examples/fr/x.yaml", "content/examples/en/x.yaml"
# (which file to change, old text, new text, the whole expected message)
BAD = [
    ("fr", 'topic: renonce', 'topic: revoke', f"{F}:3: topic 'revoke' is not in content/examples/topics.yaml"),
    ("fr", 'level: base', 'level: expert', f"{F}:4: level 'expert': expected one of base, avance"),
    ("fr", 'id: x', 'id: y', f"{F}:1: id 'y' is not the file name 'x'"),
    ("fr", 'title: "Renonce consommée"\n', '', f"{F}:1: 'title' is missing"),
    ("fr", 'title: "Renonce consommée"', 'titre: "Renonce"', f"{F}:2: case: unknown key 'titre' (expected one of "
     "absent, diagram, id, laws, level, mistake, outcome, provisions, question, ruling, situation, title, topic)"),
    ("fr", '["63A1", "64A1"]', '["63A1", "64A9"]', f"{F}:6: provisions: Loi 64A9 does not exist in the code"),
    ("fr", '["63A1", "64A1"]', '["63A1", "64 A 1"]', f"{F}:6: provisions: '64 A 1' is not a citation "
     "(write it as printed: 45C4(b), 40B2(a)(v), 71.1, 27, annexe)"),
    ("fr", '["63A1", "64A1"]', '["63A1", "64A1", "61A"]', f"{F}:6: provisions: 61A belongs to Loi 61, which is not in laws"),
    ("fr", '["63", "64"]', '["63", "64", "65"]', f"{F}:5: laws: Loi 65 has no provision in provisions"),
    ("fr", '["63", "64"]', '["63", "64", "95"]', f"{F}:5: laws: there is no Loi 95"),
    ("fr", '  - cite: "63A1"', '  - cite: "63A2"', f"{F}:16: ruling step 1: 63A2 is not in provisions"),
    ("fr", 'ou joue à la levée suivante »', 'ou joue à la levée précédente »',
     f"{F}:17: ruling step 1: quote not found in the French text of Loi 63A1: "
     "« quand le joueur fautif ou son partenaire attaque ou joue à la levée précédente »"),
    ("en", 'the following trick”', 'the next trick”',
     f"{E}:17: ruling step 1: quote not found in the English translation of Law 63A1: "
     "“when the offender or his partner leads or plays to the next trick”"),
    ("fr", '    quote: "« quand le joueur fautif ou son partenaire attaque ou joue à la levée suivante »"\n', '',
     f"{F}:16: ruling step 1: quote the decisive words of Loi 63A1"),
    ("fr", '  - cite: "63A1"\n    quote:', '  - quote:', f"{F}:16: ruling step 1: 'cite' is missing (each step cites the provision that decides it)"),
    ("fr", FR[FR.index("ruling:") : FR.index("outcome:")], "ruling: []\n", f"{F}:15: ruling: at least one step"),
    ("fr", 'outcome: "Deux levées transférées"', 'outcome: 2', f"{F}:22: outcome: expected text"),
    ("fr", 'D: "J"', 'D: "J1"', f"{F}:10: diagram: hand E, suit D: 'J1' is not a holding (ranks AKQJ1098765432, or - for a void)"),
    ("fr", 'cards: [{N: "D2"}, {E: "S2"}]', 'cards: [{N: "D1"}, {E: "S2"}]',
     f"{F}:13: diagram: trick 5: 'D1' is not a card (suit letter S H D C, then rank: D2, C10, SA)"),
    ("fr", 'cards: [{N: "D2"}, {E: "S2"}]', 'cards: [{N: "D2"}, {N: "S2"}]', f"{F}:13: diagram: trick 5: N plays twice"),
    ("fr", '    E: {S: "2"', '    N: {S: "2"}\n    E: {S: "2"', f"{F}:11: diagram: S2 is in both N and E"),
    ("fr", '    E: {S', '    X: {S', f"{F}:10: diagram: hands: unknown key 'X' (expected one of E, N, S, W)"),
    ("fr", 'level: base', 'level: base\nlevel: avance', f"{F}:5: case: 'level' is given twice"),
    ("fr", 'laws: ["63", "64"]', 'laws: ["63", "64"', f"{F}:6: not valid YAML: "),  # then libyaml's words
    ("fr", 'outcome: "Deux levées transférées"', 'outcome: "Deux levées transférées"\nabsent: ["99"]',
     f"{F}:23: absent: Loi 99 is not a law of the code"),
    ("fr", 'outcome: "Deux levées transférées"', 'outcome: "Deux levées transférées"\nabsent: ["64", "64"]',
     f"{F}:23: absent: 64 is given twice"),
    ("en", 'topic: renonce', 'topic: carte-penalisee', f"{E}:3: topic differs from the French case ({F})"),
    ("en", 'level: base', 'level: avance', f"{E}:4: level differs from the French case ({F})"),
    ("en", 'laws: ["63", "64"]\nprovisions: ["63A1", "64A1"]', 'laws: ["63", "64", "61"]\nprovisions: ["63A1", "64A1", "61A"]',
     f"{E}:5: laws differs from the French case ({F})"),
    ("en", '{E: "S2"}]', '{E: "S3"}]', f"{E}:8: diagram: not the same cards as the French case ({F})"),
]


@pytest.mark.parametrize("lang, old, new, message", BAD, ids=[b[3].split(": ", 1)[1][:50] for b in BAD])
def test_a_bad_case_fails_the_build_with_its_place(tmp_path, code, english, lang, old, new, message):
    fr, en = FR, EN
    if lang == "fr":
        assert old in fr
        fr = fr.replace(old, new, 1)
    else:
        assert old in en
        en = en.replace(old, new, 1)
    root = _content(tmp_path, fr, en)
    with pytest.raises(SourceError) as err:
        examples.load(root, code, english)
    assert str(err.value) == message or (message.endswith(": ") and str(err.value).startswith(message))


def test_a_case_written_before_its_law_arrived_builds_and_says_it_is_to_check(tmp_path, code, english):
    """A case whose `absent` names a law the sources now give (a file of
    Laws 1–39 dropped in since; here Law 64, as if it had just come) is no
    error: its ruling may still cite that law unquoted, and the case
    records the law with its line, for its page's notice and the build
    report. A step citing a law it does not name so still needs its quote."""
    unquoted = lambda text: text.replace(  # noqa: E731
        '    quote: "« si le joueur fautif a gagné la levée de la renonce, cette levée plus une des levées […] seront transférées »"\n', ""
    ).replace('    quote: "“if the offender won the revoke trick, that trick plus one of the tricks … are transferred”"\n', "")
    fr, en = (unquoted(t).replace('outcome: "', 'absent: ["64"]\noutcome: "', 1) for t in (FR, EN))
    assert "absent" in en and fr.count("quote:") == en.count("quote:") == 1
    case = examples.load(_content(tmp_path, fr, en), code, english).cases["fr"]["x"]
    assert case.unchecked == (("64", 21),) and case.absent == ()
    assert [s.quote for s in case.ruling][1] == ""
    with pytest.raises(SourceError, match=re.escape(f"{F}:19: ruling step 2: quote the decisive words of Loi 64A1")):
        examples.load(_content(tmp_path / "b", unquoted(FR), unquoted(EN)), code, english)


def test_a_case_needs_its_other_language(tmp_path, code, english):
    root = _content(tmp_path, FR, None)
    with pytest.raises(SourceError, match=re.escape(f"{F}:1: no en counterpart: content/examples/en/x.yaml is missing")):
        examples.load(root, code, english)
    root = _content(tmp_path / "b", None, EN)
    with pytest.raises(SourceError, match=re.escape(f"{E}:1: no fr counterpart: content/examples/fr/x.yaml is missing")):
        examples.load(root, code, english)


def test_absent_laws_are_cited_by_their_page_and_never_quoted(tmp_path, code, english):
    fr = FR.replace('laws: ["63", "64"]', 'laws: ["27", "63", "64"]').replace(
        'provisions: ["63A1", "64A1"]', 'provisions: ["27B1(a)", "63A1", "64A1"]'
    )
    en = EN.replace('laws: ["63", "64"]', 'laws: ["27", "63", "64"]').replace(
        'provisions: ["63A1", "64A1"]', 'provisions: ["27B1(a)", "63A1", "64A1"]'
    )
    ex = examples.load(_content(tmp_path, fr, en), code, english)
    assert ex.cases["fr"]["x"].absent_laws(code) == ("27",)
    quoted = fr.replace('  - cite: "63A1"', '  - cite: "27B1(a)"\n    quote: "« x »"\n    text: "y"\n  - cite: "63A1"')
    with pytest.raises(SourceError, match=re.escape(
        f"{F}:17: ruling step 1: Loi 27 is not in the sources, so no quote of it can be checked: leave quote out"
    )):
        examples.load(_content(tmp_path / "b", quoted, en), code, english)


def test_every_problem_is_reported(tmp_path, code, english):
    fr = FR.replace("topic: renonce", "topic: revoke").replace("level: base", "level: expert")
    problems = examples.check(_content(tmp_path, fr, EN), code, english)
    assert [str(p) for p in problems] == [
        f"{F}:3: topic 'revoke' is not in content/examples/topics.yaml",
        f"{F}:4: level 'expert': expected one of base, avance",
    ]


@pytest.mark.parametrize(
    "quote, text, found",
    [
        ("« la levée suivante »", "joue à la levée suivante (légalement)", True),
        ("«la  levée\nsuivante»", "joue à la levée suivante", True),  # whitespace
        ("« il l’a jouée »", "il l'a jouée", True),  # apostrophes
        ("« renonce; »", "une renonce ; puis", True),  # the space before French high punctuation
        ("« joue … suivante »", "joue à la levée suivante", True),  # an ellipsis leaves words out
        ("« joue […] suivante »", "joue à la levée suivante", True),
        ("« suivante … joue »", "joue à la levée suivante", False),  # in order
        ("« la levée précédente »", "joue à la levée suivante", False),
        ("« le joueur fautif a gagné »", "si le joueur fautif (19) a gagné", False),  # raw text: see below
        ("« … »", "anything", False),  # nothing quoted
    ],
)
def test_quote_comparison(quote, text, found):
    assert examples.quote_found(quote, text) is found


def test_note_calls_are_not_words(code, english):
    checker = examples.Checker(code, english, {})
    text = checker.provision_text(("64", "A", "1"), "fr")
    assert "(19)" not in text and examples.quote_found("« si le joueur fautif a gagné la levée »", text)
    assert "(19)" not in checker.provision_text(("64", "A", "1"), "en")


@pytest.mark.parametrize("text", ['Il dit "non"', "a\\b", "Loi 64 : renonce", "#1 levée", "<b>x</b> & y", "'", "-"])
def test_front_matter_always_parses(sites, text):
    """A case page's front matter gives back its title and question as written."""
    import dataclasses

    pages = sites["fr"].cases
    case = dataclasses.replace(pages.examples.of("fr")[0], title=text, question=text + "?")
    head = pages.case_page(case).split("---\n")[1]
    front = yaml.safe_load(head)
    assert {k: front[k] for k in ("title", "description")} == {"title": text, "description": text + "?"}


def test_cross_language_links():
    assert examples.cross_href("bilingue/64.md", "fr", "exemples/x.md", "en", True) == "../../en/exemples/x/"
    assert examples.cross_href("bilingue/64.md", "en", "exemples/x.md", "fr", True) == "../../../exemples/x/"
    assert examples.cross_href("bilingue/64.md", "fr", "exemples/x.md", "en", False) == "../en/exemples/x.html"
    assert examples.cross_href("exemples/x.md", "fr", "r/ex-x/index.md", "fr", True) == "../../r/ex-x/"
    assert examples.cross_href("exemples/x.md", "fr", "r/ex-x/index.md", "fr", False) == "../r/ex-x/index.html"


# --------------------------------------------------------------------------
# The real content and the real build


@pytest.fixture(scope="module")
def real(sites):
    return sites["fr"].examples


def _soup(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def test_real_cases_come_in_pairs(real):
    assert real.cases["fr"] and set(real.cases["fr"]) == set(real.cases["en"])


def test_a_quote_cut_mid_sentence_says_so(real):
    """A quote that stops where its provision goes on (« Ne pas fournir
    conformément à la Loi 44 ou ») marks the cut with « … »: ending on a
    conjunction, it read as if the law stopped there."""
    dangling = re.compile(r"\b(?:ou|et|or|and)\s*[»”]?\s*$")
    cut = [(lang, case.id, step.quote) for lang in ("fr", "en") for case in real.cases[lang].values() for step in case.ruling if dangling.search(step.quote)]
    assert cut == []
    assert any(step.quote.rstrip(" »").endswith("ou …") for step in real.cases["fr"]["renonce-deux-levees"].ruling)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_note_calls_in_a_cases_provision_text_link_to_the_note(site, lang, code):
    """The text of a provision shown on a case page keeps its note calls as
    on the law's page, raised and linked to the note there: « si le joueur
    fautif (19) » showed a bare (19) that led nowhere."""
    base = site / "en" if lang == "en" else site
    page = base / "exemples" / "renonce-deux-levees" / "index.html"
    shown = _soup(page).select("details.cb-provision-text")
    calls = [a for d in shown for a in d.select("sup.cb-call a")]
    assert [a.get_text() for a in calls] == ["(19)"]
    law = _soup(base / "lois" / "64" / "index.html")
    href = calls[0]["href"]
    assert href == "../../lois/64/#note-64-19" and law.find(id=href.split("#")[1]) is not None
    assert all("(19)" not in p.get_text() for d in shown for p in d.find_all("p") if not p.select("sup.cb-call"))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_case_pages(site, sites, real, lang, code):
    """Each case page: situation, question, ruling step by step (a reference
    link with its preview, the quote, the provision's text on demand),
    outcome, mistake; a diagram wherever the case has one."""
    base = site / "en" if lang == "en" else site
    for case in real.of(lang):
        soup = _soup(base / "exemples" / case.id / "index.html")
        assert soup.find("h1").get_text(strip=True).rstrip("¶") == case.title
        text = soup.select_one("article").get_text(" ", strip=True)
        assert " ".join(case.situation.split()) in " ".join(text.split())
        assert soup.select_one(".cb-question").get_text() == case.question
        assert soup.select_one(".cb-outcome").get_text() == case.outcome
        steps = soup.select("ol.cb-ruling > li")
        assert len(steps) == len(case.ruling)
        for li, step in zip(steps, case.ruling):
            ref = li.select_one("a.ref")
            assert ref["data-cite"] == step.cite and ref["title"].startswith(labels.cite(step.label, lang) + " — ")
            law = code.law(step.label[0])
            expected = f"../../lois/{step.label[0]}/" + (f"#{labels.anchor(step.label)}" if law.present and len(step.label) > 1 else "")
            assert ref["href"] == expected
            if step.quote:  # as written, with the note calls it leaves out put back (``test_quotes_keep_the_note_calls``)
                quote = li.select_one("q.cb-quote")
                for call in quote.select("sup.cb-call"):
                    call.extract()
                assert examples.normalize(quote.get_text()) == examples.normalize(examples._unquoted(step.quote))
            if law.present:  # the provision's text on demand, from the code
                shown = examples.normalize(" ".join(p.get_text() for p in li.select("details.cb-provision-text p")))  # its links within
                for unit in units(law):
                    if unit.owner[: len(step.label)] == step.label and unit.kind not in ("note", "law-title"):
                        assert examples.normalize(sites[lang].texts.text(unit.key, unit.text)) in shown
        if case.diagram and case.diagram.hands:
            deal = soup.select_one("table.cb-deal")
            assert deal is not None and not soup.select("article img")
            for seat, suits in case.diagram.hands:
                cell = deal.select_one(f"td.cb-seat-{seat}")
                assert len(cell.select(".cb-holding")) == len(suits)
        if case.mistake:
            assert soup.find(id="erreur") is not None
        absent = case.absent_laws(code)
        notice = soup.select_one(".admonition.info")
        assert (notice is not None) == bool(absent)
        for n in absent:
            assert notice.find("a", href=f"../../lois/{n}/") is not None


def own_examples(soup: BeautifulSoup, anchor: str) -> list:
    """The "Exemples" lines of one provision: inside its block, or after
    its heading (a titled section) up to the next provision or heading."""
    element = soup.find(id=anchor)
    if element.name == "div":
        return [d for d in element.select(".cb-examples") if d.find_parent(class_="cb-prov") is element]
    out = []
    for sibling in element.find_next_siblings():
        if sibling.name in ("h2", "h3") or "cb-prov" in (sibling.get("class") or []):
            break
        if "cb-examples" in (sibling.get("class") or []):
            out.append(sibling)
    return out


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_links_both_ways_at_provision_level(site, real, lang, code):
    """A provision a case cites lists the case under it; the case links the
    provision; the law page sums its cases up."""
    base = site / "en" if lang == "en" else site
    pages: dict[str, BeautifulSoup] = {}
    for entry in real.entries(lang):
        href = "../../" + labels.page_url(entry.src) + (f"#{entry.fragment}" if entry.fragment else "")
        for label in entry.provisions:
            law = code.law(label[0])
            soup = pages.setdefault(law.number, _soup(base / "lois" / law.number / "index.html"))
            if law.present and len(label) > 1:  # under it, or under the sub-provision of it the case cites too
                element = soup.find(id=labels.anchor(label))
                lines = element.select(".cb-examples") if element.name == "div" else own_examples(soup, labels.anchor(label))
                assert any(a["href"] == href for d in lines for a in d.select("a.cb-example")), (entry.id, label)
            section = soup.find(id=f"exemples-{law.number}")
            assert section is not None, (entry.id, label)
            assert section.find_next("ul").find("a", href=href) is not None


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_law_s_cases_each_say_what_of_it_they_cite(site, lang):
    """At the end of a law page, each case says what of the law it cites:
    its provisions, or the law whole when it cites none of them (a case that
    names an absent law, Law 16, without a provision of it ended on a bare
    dash)."""
    base = site / "en" if lang == "en" else site
    listed = 0
    for path in sorted((base / "lois").glob("*/index.html")):
        number = path.parent.name
        section = _soup(path).find(id=f"exemples-{number}")
        for item in section.find_next("ul").find_all("li", recursive=False) if section else ():
            cites = item.select("a.cb-example-cite")
            assert cites and not item.get_text(" ", strip=True).endswith("—"), (number, str(item))
            listed += 1
    assert listed > 150  # 184 in each language
    item = _soup(base / "lois" / "16" / "index.html").find("a", href="../../exemples/renonce-douzieme-levee/").parent
    assert [(a.get_text(), a["href"]) for a in item.select("a.cb-example-cite")] == [(labels.cite(("16",), lang), "./")]


@pytest.mark.parametrize("lang_dir", ["", "en/"])
def test_cases_follow_a_provision_s_items_once(site, lang_dir):
    """The cases of a provision with sub-provisions come after them, never
    between its lead-in and its items (45C2: « … a joué une carte de sa
    main si : », then (a), (b)); a case listed under one of its items is
    not listed again under it."""
    checked = 0
    for path in sorted((site / lang_dir / "lois").glob("*/index.html")):
        for prov in _soup(path).select("div.cb-prov"):
            children = [c for c in prov.find_all(recursive=False) if "cb-prov" in (c.get("class") or [])]
            if not children:
                continue
            mine = [c for c in prov.find_all(recursive=False) if "cb-examples" in (c.get("class") or [])]
            assert all(any(m in c.find_next_siblings() for c in children[-1:]) for m in mine), (path.parent.name, prov["id"])
            below = {a["href"] for c in children for a in c.select(".cb-examples a.cb-example")}
            assert not below & {a["href"] for m in mine for a in m.select("a.cb-example")}, (path.parent.name, prov["id"])
            checked += bool(mine) or bool(below)
    assert checked >= 5
    c2 = _soup(site / lang_dir / "lois" / "45" / "index.html").find(id="45C2")
    assert [e.find_parent(class_="cb-prov")["id"] for e in c2.select(".cb-examples")] == ["45C2a"]


def test_a_provision_without_case_shows_none(site, real):
    soup = _soup(site / "lois" / "90" / "index.html")
    cited = {l for e in real.entries("fr") for l in e.provisions}
    for element in soup.select(".cb-prov, h2.cb-section"):
        if labels.parse_anchor(element["id"]) not in cited:
            assert not own_examples(soup, element["id"]), element["id"]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_index_lists_every_case_by_law_and_by_topic(site, real, lang):
    base = site / "en" if lang == "en" else site
    soup = _soup(base / "exemples" / "index.html")
    by_topic = soup.find(id="par-theme")
    by_law = soup.find(id="par-loi")
    assert by_topic is not None and by_law is not None
    for entry in real.entries(lang):
        href = f"{entry.id}/" if not entry.seed else f"../commentaires/{entry.seed.commentary}/#{entry.fragment}"
        topic = soup.find(id=f"theme-{entry.topic}")
        assert topic.find_next("ul").find("a", href=href) is not None, entry.id
        for n in entry.laws:
            assert soup.find(id=f"loi-{n}").find_next("ul").find("a", href=href) is not None, (entry.id, n)
    # under a law, each entry says what of the law it cites: its provisions, or the law whole
    for item in by_law.find_all_next("li"):
        assert not item.get_text(" ", strip=True).endswith("—"), item
        assert item.find("a", class_="cb-example") is None or len(item.find_all("a")) >= 2, item


def test_short_links(site, real):
    for lang, base in (("fr", site), ("en", site / "en")):
        for case in real.of(lang):
            page = base / "r" / f"ex-{case.id}" / "index.html"
            soup = _soup(page)
            assert soup.find("link", rel="canonical")["href"] == f"../../exemples/{case.id}/"
            case_page = _soup(base / "exemples" / case.id / "index.html")
            assert case_page.select_one("a.cb-short")["href"] == f"../../r/ex-{case.id}/"


def test_bilingual_view_lists_the_cases_in_both_languages(site, real, code):
    for law in code.present():
        entries = real.for_law("fr", law.number)
        soup = _soup(site / "bilingue" / law.number / "index.html")
        section = soup.find(id="exemples")
        assert (section is not None) == bool(entries)
        for e in entries:
            ul = section.find_next("ul")
            if e.seed is None:
                assert ul.find("a", href=f"../../exemples/{e.id}/") is not None
                assert ul.find("a", href=f"../../en/exemples/{e.id}/", hreflang="en") is not None


def test_offline_copy_has_the_cases(offline_site, real):
    case = real.of("fr")[0]
    assert (offline_site / "exemples" / f"{case.id}.html").is_file()
    assert (offline_site / "en" / "exemples" / f"{case.id}.html").is_file()
    soup = _soup(offline_site / "exemples" / f"{case.id}.html")
    assert soup.select_one("a.cb-lang-switch")["href"] == f"../en/exemples/{case.id}.html"


def test_no_empty_link_on_case_pages(site, real):
    for lang, base in (("fr", site), ("en", site / "en")):
        for path in [base / "exemples" / "index.html"] + [base / "exemples" / c.id / "index.html" for c in real.of(lang)]:
            for a in _soup(path).select("article a[href]"):
                assert a.get_text(strip=True) or a.get("aria-label"), (path, a)


# --------------------------------------------------------------------------
# Search


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_search_has_one_document_per_case(sites, real, lang):
    docs = [d for d in sites[lang].search.docs if d.kind == "case"]
    assert sorted(d.url for d in docs) == sorted(f"exemples/{c.id}/" for c in real.of(lang))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_provision_outranks_the_cases_for_its_own_words(sites, real, lang):
    """The decisive words a case quotes find the provision before the case."""
    index = sites[lang].search
    checked = 0
    for case in real.of(lang):
        for step in case.ruling:
            if not step.quote or len(step.label) == 1:
                continue
            query = examples._unquoted(step.quote).replace("…", " ").replace("[", " ").replace("]", " ")
            amid = analysis.citation_amid(analysis.indexed_text(lang, query))
            if amid and not analysis.stems(lang, amid[1]):
                continue  # a provision that only points to another (87C: « Voir Loi 86B2. ») has no words of its own
            hits = [h.doc for h in index.search(query, limit=50)]
            case_rank = next((i for i, d in enumerate(hits) if d.url == f"exemples/{case.id}/"), len(hits))
            provision_rank = next(i for i, d in enumerate(hits) if d.label == step.label)
            assert provision_rank < case_rank, (query, case.id)
            checked += 1
    assert checked


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_case_is_found_by_its_own_words(sites, real, lang):
    index = sites[lang].search
    # Provisions with text rank before cases for the same words, so a case
    # comes after the provisions its title's words find: among the first 25.
    for case in real.of(lang):
        urls = [h.doc.url for h in index.search(case.title, limit=25)]
        assert f"exemples/{case.id}/" in urls, case.title


@pytest.mark.parametrize("lang_dir", ["", "en"])
def test_every_law_a_case_names_is_a_link(site, lang_dir, code):
    """In a case's own words, its quotes and the provision texts it shows,
    every law or provision named ("la Loi 55C", "voir Loi 57", "(mais voir
    la Loi 64C)") is a link, as in the laws; in its own words, a provision
    cited without « Loi » ("selon 64A2", "(70C2)") too. Left as text: the
    "show the text of Loi 55A" summaries and the notice of absent laws,
    whose links follow it."""
    from codebridge.references import bare_labels, find_references, resolve

    provisions = {p.label for law in code.present() for p in law.provisions()}

    pages = sorted((site / lang_dir / "exemples").glob("*/index.html"))
    assert len(pages) > 40
    linked = 0
    for page in pages:
        article = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser").find("article")
        linked += len(article.select(".cb-quote a, .cb-provision-text a, .cb-ruling li > p:nth-of-type(2) a, .cb-outcome a"))
        for node in article.find_all(string=True):
            if node.find_parent(["a", "summary", "h1", "script", "code"]) or node.find_parent(class_="admonition"):
                continue
            named = [node[r.start : r.end] for r in find_references(str(node), relative=False) if r.start != r.end]
            assert not named, (page, named, str(node))
            if not node.find_parent(class_=["cb-quote", "cb-provision-text"]):  # the case's own words
                bare = [node[r.start : r.end] for r in bare_labels(str(node)) if resolve(r, ("0",)) in provisions]
                assert not bare, (page, bare, str(node))
    assert linked > 230  # quotes, shown texts, the ruling's words and outcome: 236 in each language (216 when those cited without « Loi » were text)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_quotes_keep_the_note_calls(site, sites, real, code, lang):
    """A quote is written without the note calls of the words it quotes
    (they are checked without them); the page puts them back where the
    provision's text has them, raised and linked to the note as on the law's
    page: 71.2's « jeu normal (21) », 79C1's « délai plus long (25) ». A
    quote's words with its calls are then the provision's text as it reads;
    a quote whose last words only resemble those before a call (50: « est
    une carte pénalisée », where 50D2(b) says « en tant que carte pénalisée
    (14) ») gets none."""
    base = site / "en" if lang == "en" else site
    called = 0
    for case in real.of(lang):
        soup = _soup(base / "exemples" / case.id / "index.html")
        for li, step in zip(soup.select("ol.cb-ruling > li"), case.ruling):
            quote = li.select_one("q.cb-quote")
            if quote is None or not quote.select("sup.cb-call"):
                continue
            law = code.law(step.label[0])
            for call in quote.select("sup.cb-call"):
                href = call.a["href"]
                assert href.startswith(f"../../lois/{law.number}/#note-{law.number}-")
                assert _soup(base / "lois" / law.number / "index.html").find(id=href.split("#")[1]) is not None
            called += len(quote.select("sup.cb-call"))
            text = "\n".join(sites[lang].texts.text(u.key, u.text) for u in units(law) if u.kind != "note" and u.owner[: len(step.label)] == step.label)
            for part in QUOTE_GAP.split(quote.get_text()):
                assert examples.normalize(part).strip(" ,;") in examples.normalize(text), (case.id, step.cite, part)
    assert called == 17  # in each language (fait-conteste-droit-appel: 50D2(a) « exiger (13) », « interdire (13) », 50D2(b) « carte pénalisée (14) »)
    quoted = {
        (case.id, step.cite): li.select_one("q.cb-quote")
        for case in real.of(lang)
        if case.id in ("concession-annulee", "carte-penalisee-secondaire")
        for li, step in zip(_soup(base / "exemples" / case.id / "index.html").select("ol.cb-ruling > li"), case.ruling)
    }
    normal = quoted["concession-annulee", "71.2"]
    assert [(c.get_text(), c.a["href"]) for c in normal.select("sup.cb-call")] == [("(21)", "../../lois/71/#note-71-21")]
    assert (" normal (21) des " if lang == "fr" else " normal play (21) of ") in normal.get_text()
    assert quoted["carte-penalisee-secondaire", "50"].select("sup.cb-call") == []


def test_a_quote_links_what_its_provision_links(site):
    """The reference "Loi 57" in a quote of 50B leads where it leads on Law 50's page."""
    page = BeautifulSoup((site / "exemples" / "carte-penalisee-secondaire" / "index.html").read_text(encoding="utf-8"), "html.parser")
    assert ("Loi 57", "../../lois/57/") in [(a.get_text(), a["href"]) for a in page.select("q.cb-quote a")]
    law = BeautifulSoup((site / "lois" / "64" / "index.html").read_text(encoding="utf-8"), "html.parser")
    quotes = {q["data-cite"]: [(a.get_text(), a["href"]) for a in q.select("a")[1:]] for q in law.select("p.cb-rv-quote[data-cite]")}
    assert quotes["64B"] == [("Loi 64C", "#64C")] and quotes["64B8"] == [("Loi 62C3", "../62/#62C3")]
    assert quotes["64C2(a)"] == [("B2", "#64B2")]  # "voir B2 ci-dessus", read from 64C2(a) as on the page
    # the English quotes link what the French ones do, as the English page does ("see B2 above")
    law = BeautifulSoup((site / "en" / "lois" / "64" / "index.html").read_text(encoding="utf-8"), "html.parser")
    english = {q["data-cite"]: [a["href"] for a in q.select("a")[1:]] for q in law.select("p.cb-rv-quote[data-cite]")}
    assert english == {cite: [href for _, href in links] for cite, links in quotes.items()}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_each_part_of_a_case_is_a_sentence_in_search(sites, lang):
    """A case's parts (situation, question, ruling steps, outcome, frequent
    mistake) are sentences of their own in the text search shows: the
    outcome, a label on the case page, is not run into the mistake after it
    (« … suite des annonces. Laisser Ouest choisir … »)."""
    site = sites[lang]
    texts = {case_id: text for case_id, _, _, text in site.cases.search_documents()}
    glued = 0
    for case in site.examples.of(lang):
        if case.outcome and case.mistake and not case.outcome.rstrip().endswith(examples.SENTENCE_ENDS):
            glued += 1
            assert f"{case.outcome.rstrip()}. {case.mistake}" in texts[case.id], case.id
    assert glued  # the outcomes end with no full stop
