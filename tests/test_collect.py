"""Collect, then render: the layers of each language's site are data,
computed once, keyed by unit key and label; the renderer reads them and
nothing else; unit keys, links and ids are built by ``labels`` alone."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from codebridge import labels
from codebridge.collect import Layers, collect, references
from codebridge.layers import keyed, units
from codebridge.render import Renderer

PACKAGE = Path(__file__).resolve().parents[1] / "scripts" / "codebridge"


def _data(value) -> bool:
    """Plain data: no function, method or object with behaviour inside."""
    if isinstance(value, (str, int, float, bool, type(None))):
        return True
    if isinstance(value, (tuple, list, frozenset, set)):
        return all(_data(v) for v in value)
    if isinstance(value, dict):
        return all(_data(k) and _data(v) for k, v in value.items())
    if dataclasses.is_dataclass(value):
        return all(_data(getattr(value, f.name)) for f in dataclasses.fields(value))
    return False


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_layers_are_data(sites, lang):
    layers = sites[lang].law_layers
    for f in dataclasses.fields(Layers):
        value = getattr(layers, f.name)
        if f.name in ("examples", "law_examples"):  # worked examples: frozen Entry records
            value = [e for entries in value.values() for e in entries]
            assert all(dataclasses.is_dataclass(e) and not callable(e) for e in value)
            continue
        assert _data(value), f.name
    assert layers.see_also and layers.cited_by and layers.located and layers.examples


def test_the_renderer_takes_no_callback():
    """The law page's path has no hop back into the site: the renderer is
    given the code and the collected layers."""
    assert [f.name for f in dataclasses.fields(Renderer)] == ["code", "layers", "furniture"]


def test_every_unit_has_its_text_and_every_reference_its_place(sites, code):
    fr, en = sites["fr"].layers, sites["en"].layers
    index = sites["fr"].index
    keys = [u.key for law in code.laws for u in units(law)]
    assert set(keys) <= set(fr.texts) and set(keys) <= set(en.texts)
    for law in code.present():
        for u in units(law):
            assert fr.texts[u.key] == u.text
    # French: every reference with a span is located where it was found
    spans = sum(1 for r in index.refs if r.start != r.end)
    assert sum(len(v) for v in fr.located.values()) == spans > 180
    for key, located in fr.located.items():
        for r in located:
            assert fr.texts[key][r.start : r.end]
    # English: located in our English, on the same citation
    for key, located in en.located.items():
        for r in located:
            shown = en.texts[key][r.start : r.end]
            assert r.target[-1] in shown, (key, shown)


def test_cited_by_and_law_cited_by(sites):
    layers = sites["fr"].layers
    # 45 cites 64B7 ("Lois 64A, 64B7 et 64C"): 64B7's "Cité par" names it
    citers = [c.label for c in layers.cited_by[("64", "B", "7")] if c.label]
    assert any(c[0] == "45" for c in citers)
    whole = layers.law_cited_by["64"]
    assert whole == tuple(sorted(whole, key=labels.sort_key)) and all(l[0] != "64" for l in whole)
    assert any(c.page for cs in layers.cited_by.values() for c in cs)  # the commentaries cite too


def test_previews_follow_the_lead_in(sites):
    """A list item's preview starts with the lead-in it depends on."""
    layers = sites["fr"].layers
    assert layers.preview(("64", "B", "7")).startswith("Loi 64B7 — ")
    assert layers.preview(("12", "C", "1")).endswith(layers.preview(("12",)).split(" — ")[1])  # a law to come
    # a short lead-in keeps its colon: the item after it is what follows, not a condition of it
    assert layers.preview(("64", "A", "1")).startswith("Loi 64A1 — Quand une renonce est consommée: si le joueur fautif a gagné")
    assert sites["en"].layers.preview(("64", "A", "1")).startswith("Law 64A1 — When a revoke is established: if the offender won")


def test_collect_is_linear_data_from_one_index(code):
    """Two languages collected from one index of references: the French
    references, projected into the English."""
    index = references(code)
    fr = collect(code, "fr", index)
    assert fr.located and not fr.see_also and not fr.examples


def test_one_walk_counts_blocks(code):
    """``layers.keyed`` gives the same keys as the units, in the same order."""
    for law in code.present():
        walked = []

        def walk(label, content):
            for key, item in keyed(label, content):
                if key is not None:
                    walked.append(key)
                else:
                    walk(item.label, item.content)

        walk(law.label, law.content)
        assert walked == [u.key for u in units(law) if u.kind in ("para", "item")]


# Unit keys, note ids and "page#anchor" links are built in labels.py: the
# shapes below are how they would look if spelled by hand elsewhere.
HAND_BUILT = [
    (re.compile(r""":title["']"""), "a title key"),
    (re.compile(r"""\}:\{i\}"""), "a block key"),
    (re.compile(r""":note-"""), "a note key"),
    (re.compile(r"""note-\{"""), "a note id"),
    (re.compile(r""""\#"\s*\+\s*(?:labels\.)?anchor|\+\s*"\#"\s*\+"""), "a page#anchor link"),
    (re.compile(r"""\(f"\#\{"""), "a fragment"),
]


@pytest.mark.parametrize("path", sorted(p for p in PACKAGE.glob("*.py") if p.stem not in ("labels", "patterns")), ids=lambda p: p.stem)
def test_no_key_or_link_spelled_by_hand(path):
    text = path.read_text(encoding="utf-8")
    for pattern, what in HAND_BUILT:
        for m in pattern.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            source = text.splitlines()[line - 1]
            if "og:title" in source or source.lstrip().startswith(("#", '"', "key (")):
                continue
            raise AssertionError(f"{path.name}:{line}: {what} built outside labels.py: {source.strip()}")


def test_no_regex_outside_patterns():
    """Every regular expression is built in patterns.py."""
    for path in sorted(PACKAGE.glob("*.py")):
        if path.stem == "patterns":
            continue
        text = path.read_text(encoding="utf-8")
        found = re.findall(r"\bre\.(?:compile|match|search|sub|finditer|findall|fullmatch|split)\(", text)
        assert not found, f"{path.name}: {found}"
