"""The situations layer (content/situations.yaml) and its development query set
(tests/situation_queries.yaml) as data: every citation names a provision of
the code, the format is the one the layer's reader expects, and the query set
stays apart from the phrasings it measures."""

from __future__ import annotations

import collections
from pathlib import Path

import pytest
import yaml

from codebridge import labels
from codebridge.cli import find

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("fr", "en")
MOMENTS = (
    "avant-le-jeu",
    "encheres",
    "entame",
    "jeu-de-la-carte",
    "fin-du-coup",
    "marque",
    "apres-la-seance",
    "comportement",
)


@pytest.fixture(scope="module")
def layer() -> dict:
    return yaml.safe_load((ROOT / "content" / "situations.yaml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def queries() -> list[dict]:
    return yaml.safe_load((ROOT / "tests" / "situation_queries.yaml").read_text(encoding="utf-8"))


def _resolves(code, citation: str) -> bool:
    """Whether a citation, in the printed form labels.parse_citation reads,
    names a law (absent ones included) or a provision of the code."""
    try:
        labels.parse_citation(citation)
    except ValueError:
        return False
    return find(code, citation) is not None


def test_moments_in_triage_order(layer):
    assert tuple(layer["moments"]) == MOMENTS
    for names in layer["moments"].values():
        assert set(names) == set(LANGS) and all(names.values())


def test_situations_format(layer):
    ids = [s["id"] for s in layer["situations"]]
    assert len(ids) == len(set(ids))
    for s in layer["situations"]:
        assert set(s) <= {"id", "moment", "provisions", "examples", "fr", "en"}, s["id"]
        assert s["id"] == s["id"].lower() and s["id"].isascii() and " " not in s["id"], s["id"]
        assert s["moment"] in MOMENTS, s["id"]
        assert s["provisions"] and isinstance(s["examples"], list), s["id"]
        assert "fr" in s, s["id"]
        for lang in LANGS:
            if lang in s:
                assert set(s[lang]) == {"title", "phrasings"}, (s["id"], lang)
                assert s[lang]["title"].strip(), (s["id"], lang)
                # a few ways of saying it, but not so many that a situation
                # outweighs the others by the number of its phrasings
                assert 3 <= len(s[lang]["phrasings"]) <= 12, (s["id"], lang)
                assert all(isinstance(p, str) and p.strip() for p in s[lang]["phrasings"]), (s["id"], lang)


def test_situations_cover_every_moment_in_both_languages(layer):
    situations = layer["situations"]
    assert sum("fr" in s for s in situations) >= 160
    assert sum("en" in s for s in situations) >= 110
    by_moment = collections.Counter(s["moment"] for s in situations)
    assert set(by_moment) == set(MOMENTS)


def test_situations_cover_the_laws_on_the_site(layer):
    """Every law with text (40 to 93) and the Annex decides some situation."""
    cited = {labels.parse_citation(c)[0] for s in layer["situations"] for c in s["provisions"]}
    missing = [n for n in [str(n) for n in range(40, 94)] + ["annexe"] if n not in cited]
    assert not missing


def test_situation_provisions_exist(code, layer):
    bad = [(s["id"], c) for s in layer["situations"] for c in s["provisions"] if not _resolves(code, c)]
    assert not bad


def test_situation_provisions_in_printed_form(layer):
    """Provisions are written as the Laws print them ("45C4(b)", "71.1",
    "Annexe 2.1"), not as anchors ("45C4b"), so that the page can show them as
    they are."""
    bad = [
        (s["id"], c)
        for s in layer["situations"]
        for c in s["provisions"]
        if c != "annexe" and labels.citation(labels.parse_citation(c)) != c
    ]
    assert not bad


def test_a_phrasing_says_one_situation(layer):
    seen = collections.Counter(
        (lang, p.casefold()) for s in layer["situations"] for lang in LANGS if lang in s for p in s[lang]["phrasings"]
    )
    assert [k for k, n in seen.items() if n > 1] == []


def test_query_set_format(queries):
    assert sum(q["lang"] == "fr" for q in queries) >= 70
    assert sum(q["lang"] == "en" for q in queries) >= 50
    for q in queries:
        assert set(q) == {"q", "lang", "expect", "why"}, q
        assert q["lang"] in LANGS and q["expect"] and q["why"], q
    assert len({(q["q"].casefold(), q["lang"]) for q in queries}) == len(queries)


def test_query_answers_exist(code, queries):
    bad = [(q["q"], e) for q in queries for e in q["expect"] if not _resolves(code, str(e))]
    assert not bad


def test_queries_are_not_phrasings(layer, queries):
    """The development set measures new wordings: no query is one of the
    layer's phrasings."""
    phrasings = {
        (lang, p.casefold()) for s in layer["situations"] for lang in LANGS if lang in s for p in s[lang]["phrasings"]
    }
    assert [q["q"] for q in queries if (q["lang"], q["q"].casefold()) in phrasings] == []
