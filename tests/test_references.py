"""Cross-references: a table of real phrases, then every reference of the sources."""

from __future__ import annotations

from pathlib import Path

import pytest

from codebridge import labels
from codebridge.references import find_references, resolve
from codebridge.site import Site

DATA = Path(__file__).parent / "data"


def cites(text, context=("50",), commentary=False):
    out = []
    for raw in find_references(text, commentary=commentary):
        target = resolve(raw, context)
        out.append(labels.citation(target) if target else None)
    return out


EXPLICIT = [
    # (phrase from the sources, citations found)
    ("(voir\nLoi 73C).", ["73C"]),  # wrapped across lines in seed 000
    ("conformément à la Loi 45C4(b).", ["45C4(b)"]),
    ("[conformément à la Loi 50D2(a)] ne sont pas", ["50D2(a)"]),
    ("[voir la Loi 12C1(c), mais pour plusieurs", ["12C1(c)"]),  # into an absent law
    ("LOI 73 – Communication", ["73"]),
    ("[soumis à la Loi Loi 43B2(b)] ou du mort", ["43B2(b)"]),  # doubled word, one reference
    ("(voir Lois 47E et 54).", ["47E", "54"]),
    ("(voir Loi 20F2 et 20F3).", ["20F2", "20F3"]),
    ("(voir les Lois 64A,\n64B7 et\n64C).", ["64A", "64B7", "64C"]),
    ("auquel cas la Loi 53 ou la Loi 56 s’applique.", ["53", "56"]),
    ("mais les Lois 16 et 57A peuvent s’appliquer.", ["16", "57A"]),
    ("applique la Loi 69B ou la Loi 71 ;", ["69B", "71"]),
    ("voir les Lois 45 et 65 respectivement", ["45", "65"]),
    ("et voir Lois 62A et 79A2)).", ["62A", "79A2"]),
    ("à la Loi 80B2(k)]", ["80B2(k)"]),
    ("Loi 16A – information non autorisée", ["16A"]),
    ("Voir Loi 12C2.", ["12C2"]),
    # in English (a newsletter's text, the auto-linker)
    ("(see Laws 47E and 54).", ["47E", "54"]),
    ("in which case Law 53 or Law 56 applies.", ["53", "56"]),
    ("see the Laws 64A, 64B7 and the 64C", ["64A", "64B7", "64C"]),
    ("a revoke (Laws 61 to 64)", ["61", "64"]),
    # not references
    ("Infraction aux Lois", []),
    ("sous réserve des restrictions prévues dans ces Lois, des cartes vues", []),
    ("un point de Loi ou de règlement", []),
    ("toute Loi nationale", []),
]


@pytest.mark.parametrize("text,expected", EXPLICIT)
def test_explicit(text, expected):
    assert cites(" ".join(text.split())) == expected


RELATIVE = [
    # (phrase, the provision where it stands, citations found)
    ("[mais voir B2(a)(v) ci-dessus].", ("40", "C", "1"), ["40B2(a)(v)"]),
    ("(voir B ci-dessus), le déclarant", ("41", "C"), ["41B"]),
    ("Sauf comme prévu en (b) ci-dessous, une carte", ("50", "D", "1", "a"), ["50D1(b)"]),
    ("n’est pas autorisée, voir E ci-après.", ("50", "C"), ["50E"]),
    ("(mais B.1(a) ci-dessus s’applique)", ("51", "B", "2", "a"), ["51B1(a)"]),
    ("limitations énumérées en A1 et A2.", ("43", "B", "1"), ["43A1", "43A2"]),
    ("Nonobstant 1 et 2 ci-dessus, si", ("93", "C", "3", "a"), ["93C1", "93C2"]),
    ("En dehors de ce C1 ci-dessus, aucun", ("40", "C", "2"), ["40C1"]),
    ("Sauf cas B1, quand le déclarant", ("48", "B", "2"), ["48B1"]),
    ("si B1. ci-dessus ne s’applique pas", ("79", "B", "2"), ["79B1"]),
    ("(mais voir B).", ("53", "A"), ["53B"]),
    ("il procède alors comme en (a) ci-dessus,", ("68", "D", "2", "b", "i"), ["68D2(a)"]),
    ("à un joueur qui enfreint C1, mais", ("73", "C", "2"), ["73C1"]),
    ("suite à l’application de E1, l’arbitre", ("50", "E", "4"), ["50E1"]),
    ("de ce qui est prévu en B2 ; cependant", ("86", "B", "3"), ["86B2"]),
    # not references
    ("A défaut de cette acceptation", ("53", "A"), []),
    ("A la fin du jeu si le camp", ("43", "B", "3"), []),
    ("(voir ci-dessus), le jeu continue", ("45", "D", "2"), []),  # no provision named
    ("l’arbitre procède comme ci-dessus.", ("86", "B", "3"), []),
    ("parmi les options ci-après (si le joueur", ("50", "D", "2"), []),
]


@pytest.mark.parametrize("text,context,expected", RELATIVE)
def test_relative(text, context, expected):
    assert cites(text, context) == expected


COMMENTARY = [
    ("1. ENCHÈRE INSUFFISANTE (LOI 27)", ["27"]),
    ("(Loi 61 à 64)", ["61", "62", "63", "64"]),  # a range: each law
    ("3. LE MORT (42, 43):", ["42", "43"]),
    ("4. LA REVUE DES GAGEURES (41B): Le déclarant", ["41B"]),
    ("HORS TOUR (LOI 54, 53)", ["54", "53"]),
    ("(voir lois 26.27.30.31.32.57 etc.)", ["26", "27", "30", "31", "32", "57"]),
    ("par la Loi 64_&B3 et &C : attribution", ["64B3", "64C"]),
    ("conformément aux prescriptions de la Loi 57&A", ["57A"]),
    ("que lui accorde la Loi 61-&B, Sud", ["61B"]),
    ("dispositions de la Loi 66_&C..", ["66C"]),
    ("Ex : 1♠ - (1♦) - 1♥", []),  # a bidding sequence, not a law
    ("carte de pénalité mineure (sous le 10)", []),
]


@pytest.mark.parametrize("text,expected", COMMENTARY)
def test_commentary_forms(text, expected):
    assert cites(text, commentary=True) == expected


def test_note_calls_are_not_references():
    assert cites("psychiques (6).", commentary=False) == []


# --------------------------------------------------------------------------
# Every reference of the sources, against the reviewed table


@pytest.fixture(scope="module")
def site_fr(root):
    return Site.load(root, "fr")


def _table():
    rows = set()
    for line in (DATA / "references.tsv").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            file, lineno, unit, text, target = line.split("\t")
            rows.add((file, int(lineno), unit, text, target))
    return rows


def _found(site):
    rows = set()
    for r in site.index.refs:
        rows.add((r.origin.file, r.origin.line, r.unit, r.text, labels.citation(r.target)))
    for c in site.commentaries:
        for *_, r in c.references:
            rows.add((r.origin.file, r.origin.line, r.unit, r.text, labels.citation(r.target)))
    return rows


def test_every_reference_of_the_sources(site_fr):
    table, found = _table(), _found(site_fr)
    assert len(table) >= 215
    precision = len(found & table) / len(found)
    recall = len(found & table) / len(table)
    assert (sorted(found - table), sorted(table - found)) == ([], [])
    assert precision == recall == 1.0
    assert site_fr.problems() == []


def test_unresolvable_reference_is_reported_and_not_linked(tmp_path, root):
    import shutil

    from tests.helpers import repin

    shutil.copytree(root / "content", tmp_path / "content")
    path = tmp_path / "content" / "sources" / "000_15b7e5fa7bdf42e1.txt"
    text = path.read_text(encoding="utf-8").replace("(voir Loi 40C1).", "(voir Loi 40F1).")
    path.write_text(text, encoding="utf-8")
    english = tmp_path / "content" / "translation" / "en" / "40.yaml"
    english.write_text(english.read_text(encoding="utf-8").replace("(voir Loi 40C1).", "(voir Loi 40F1)."), encoding="utf-8")
    repin(path.parent)
    site = Site.load(tmp_path, "fr")
    problems = site.problems()
    assert len(problems) == 1 and problems[0].startswith("000_15b7e5fa7bdf42e1.txt:14: no such provision (40F1)")
    page = site.renderer().law_page(site.code.law("40"))
    assert "Loi 40F1" in page and "40F1](" not in page


def test_english_text_carries_every_french_reference(root):
    from codebridge.references import project

    site = Site.load(root, "en")
    missing = []
    for key, refs in site.index.by_unit.items():
        text = site.translation.get(key)
        spanned = [r for r in refs if r.start != r.end]
        found = {id(r) for *_, r in project(spanned, text)}
        missing += [(key, r.text) for r in spanned if id(r) not in found]
    assert missing == []


@pytest.mark.parametrize("text,bare", [
    ("selon 64A2, et la moindre probabilité suffit (70C2).", ["64A2", "70C2"]),
    ("une carte pénalisée (45C4(b)) ; 64b7 tapé au téléphone", ["45C4(b)", "64b7"]),
    ("voir Loi 45C4(b) et 50D1 ; selon 50D2", ["50D2"]),  # « et » continues the explicit reference's list
    ("Sud joue 4♠ puis 3SA, 1430 points, 12e levée, 2 levées", []),
])
def test_provisions_cited_without_the_word(text, bare):
    from codebridge.references import bare_labels

    found = find_references(text, relative=False)
    assert [text[r.start : r.end] for r in bare_labels(text, [(r.start, r.end) for r in found])] == bare
