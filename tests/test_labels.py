"""One label, one citation, one anchor, one URL."""

import re
from pathlib import Path

import pytest

from codebridge import labels

CASES = [
    # (label, citation, anchor, url)
    (("64", "B", "7"), "64B7", "64B7", "lois/64/#64B7"),  # the newsletters' favourite
    (("45", "C", "4", "b"), "45C4(b)", "45C4b", "lois/45/#45C4b"),  # letter in parentheses
    (("40", "B", "2", "a", "v"), "40B2(a)(v)", "40B2a-v", "lois/40/#40B2a-v"),  # hyphen before a roman
    (("50", "D"), "50D", "50D", "lois/50/#50D"),  # a section
    (("40", "A"), "40A", "40A", "lois/40/#40A"),
    (("64",), "64", "64", "lois/64/"),  # a whole law
    (("71", "1"), "71.1", "71-1", "lois/71/#71-1"),  # a paragraph with no section above it
    (("80", "B", "2", "i"), "80B2(i)", "80B2i", "lois/80/#80B2i"),  # the letter (i) after (h)
    (("80", "B", "2", "g", "i"), "80B2(g)(i)", "80B2g-i", "lois/80/#80B2g-i"),  # the roman (i) under (g)
    (("annexe",), "Annexe", "annexe", "lois/annexe/"),
    (("annexe", "1", "2"), "Annexe 1.2", "annexe-1-2", "lois/annexe/#annexe-1-2"),
    (("12",), "12", "12", "lois/12/"),  # an absent law still has its place
]


@pytest.mark.parametrize("label,citation,anchor,url", CASES)
def test_label_forms(label, citation, anchor, url):
    assert labels.citation(label) == citation
    assert labels.anchor(label) == anchor
    assert labels.url(label) == url
    assert labels.parse_anchor(anchor) == label
    assert labels.parse_citation(citation) == label
    assert labels.parse_citation(anchor) == label


@pytest.mark.parametrize("text", ["", "64b7", "64B7-", "100", "annexe-x", "40B2a-q", "<b>"])
def test_parse_anchor_refuses(text):
    with pytest.raises(ValueError):
        labels.parse_anchor(text)


def test_cite_by_language():
    assert labels.cite(("64", "B", "7")) == "Loi 64B7"
    assert labels.cite(("64", "B", "7"), "en") == "Law 64B7"
    assert labels.cite(("annexe", "1"), "en") == "Annex 1"


def test_every_provision_has_a_unique_anchor(code):
    seen = {}
    for law in code.present():
        for p in law.provisions():
            a = labels.anchor(p.label)
            assert a not in seen, f"{a} given to {p.label} and {seen[a]}"
            seen[a] = p.label
            assert labels.parse_anchor(a) == p.label
    assert len(seen) > 450


# An id written out in a module's markup rather than asked of ``labels``:
SPELLED_IDS = re.compile(
    r"\{ #[A-Za-z]"  # a heading's id: "## Situation { #situation }" ("{{ #situation }}" in an f-string)
    r'|(?<![\w-])(?:id|for)="[A-Za-z]'  # an element's id, a label's control: id="cb-imp-a", for="cb-home-q"
    r"|\}#|\]\(#"  # a fragment joined to a link by hand: "{rel(src, page)}#theme-…", "](#moment)"
)


def test_ids_come_from_labels():
    """Section ids (headings' ``{ #id }``, ids that links and tables of
    contents name), form controls' ids and the fragments of links are made
    in ``labels`` alone: a module writes ``labels.section_id(…)``, never
    ``{ #sommaire }``, ``id="cb-sc-vul"`` or ``…#theme-renonce``. Ids from
    data (an anchor, a slug, a moment's key) are interpolated, so they pass.
    ``patterns`` is left out: its expressions read markup, they make none."""
    package = Path(labels.__file__).parent
    spelled = [
        f"{path.name}:{n}: {line.strip()}"
        for path in sorted(package.glob("*.py"))
        if path.name not in ("labels.py", "patterns.py")
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if SPELLED_IDS.search(line)
    ]
    assert spelled == []


def test_control_and_section_ids():
    assert labels.control_id("rv", "established", 0) == "cb-rv-established-0"
    assert labels.law_section_id("law.cases", "64") == "exemples-64"
    assert labels.section_id("scoring.revoke") == "aide-renonce"
    assert labels.section_ids("about")["id_offline"] == "hors-ligne-a-la-table" and set(labels.section_ids("tools")) == {"id_web", "id_paste", "id_file"}
    assert labels.letter_id("A") == "lettre-a"


@pytest.mark.parametrize("src,placed", [("lois/64.md", ("lois", "64.md")), ("r/64B7/index.html", ("r", "64B7/index.html")), ("index.md", None)])
def test_a_pages_folder(src, placed):
    """A page's top folder and its path in it, and back; the folder's own page."""
    assert labels.folder_and_member(src) == placed
    if placed:
        assert labels.folder_member_src(*placed) == src
        assert labels.folder_index_src(placed[0]) == f"{placed[0]}/index.md"
    assert labels.page_stem("64.md") == "64" and labels.is_folder_index("index.md") and not labels.is_folder_index("64.md")


@pytest.mark.parametrize("term,anchor", [
    ("Carte pénalisée", "carte-penalisee"), ("Cœur", "coeur"), ("Camp de l’arbitre", "camp-de-l-arbitre"), ("Carte *exposée*", "carte-exposee"),
])
def test_a_term_of_the_definitions_is_anchored_by_its_folded_words(term, anchor):
    """As search folds them: « œ » is « oe », not dropped."""
    assert labels.definition_id(term) == anchor
