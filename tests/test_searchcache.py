"""What the pages take from the search index, kept between builds (searchcache)."""

from __future__ import annotations

import dataclasses
import json
import marshal
import os
import subprocess
import sys

import pytest

from codebridge import searchcache


def _products(tmp_path, monkeypatch, site, docs=None):
    """The products of a new site of ``site``'s code, whose search cache is
    ``tmp_path`` and documents ``docs`` (else ``site``'s), as the build
    takes them (``Site.search_products``: kept, or made and kept); and
    whether it built an index for them."""
    from codebridge.site import Site

    monkeypatch.setattr(searchcache, "CACHE", tmp_path)
    new = Site(site.root, site.lang, site.code, site.translation, site.directory_urls, site.english, site.parsed, twin=site)
    new.__dict__["search_docs"] = site.search_docs if docs is None else docs
    return new.search_products, "search" in new.__dict__


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_kept_products_are_those_made(sites, lang):
    """What the build used (kept from an earlier build, or made) is what
    the index built now gives."""
    site = sites[lang]
    assert site.search_products == searchcache.made(site.code, site.search)


def test_products_read_back_without_an_index(tmp_path, monkeypatch, sites):
    site = sites["fr"]
    made, built = _products(tmp_path, monkeypatch, site)
    assert built
    assert sorted(p.name for p in tmp_path.iterdir()) == ["analysed-fr.marshal", f"fr-{searchcache.digest('fr', site.search_docs, site.terms, site.situations.situations, site.other_docs)}.json"]
    assert _products(tmp_path, monkeypatch, site) == (made, False)
    assert made.see_also["64"] and made.term_documents and made.browser_index.startswith("/* Code du bridge")


def test_a_changed_document_makes_them_again(tmp_path, monkeypatch, sites):
    site = sites["fr"]
    _products(tmp_path, monkeypatch, site)
    docs = list(site.search_docs)
    n = next(i for i, d in enumerate(docs) if d.key == "64B7")
    docs[n] = dataclasses.replace(docs[n], text=docs[n].text + " renonce")
    assert _products(tmp_path, monkeypatch, site, docs)[1]
    assert len(list(tmp_path.glob("fr-*.json"))) == 1  # the earlier entry is gone


def test_an_unreadable_entry_is_made_again(tmp_path, monkeypatch, sites):
    site = sites["fr"]
    made, _ = _products(tmp_path, monkeypatch, site)
    (entry,) = tmp_path.glob("fr-*.json")
    entry.write_text('{"see_also": ', encoding="utf-8")
    assert _products(tmp_path, monkeypatch, site) == (made, True)
    assert json.loads(entry.read_text(encoding="utf-8"))["browser_index"] == made.browser_index


def _scores(ix):
    return {name: {stem: dict(docs) for stem, docs in stems.items()} for name, stems in ix._field_scores.items()}


def _analysed_again(monkeypatch):
    """Make any analysis fail: what an index takes from ``Analysed`` only."""
    from whoosh import fields

    from codebridge import analysis

    def fail(*args, **kw):
        raise AssertionError("a kept text was analysed again")

    for name in ("stems", "surface_forms"):
        monkeypatch.setattr(analysis, name, fail)
    monkeypatch.setattr(fields.TEXT, "index", fail)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_an_index_from_kept_analyses_is_the_same(tmp_path, sites, monkeypatch, lang):
    """The next index takes every text's postings, stems and surface forms
    from what the last one kept (written, read back), analyses none
    again, and gives the same scores and products."""
    from codebridge.index import SearchIndex

    site = sites[lang]
    made, _ = _products(tmp_path, monkeypatch, site)
    kept = searchcache.analysed(tmp_path, lang, site.terms)
    assert set(kept.before) == set(site.search.analysed.now)
    _analysed_again(monkeypatch)
    again = SearchIndex(site.search_docs, lang, site.terms, site.situations.situations, kept, site.other_docs)
    assert _scores(again) == _scores(site.search)
    assert searchcache.made(site.code, again) == made
    used = again.analysed.now  # what it used, as it was given
    assert used["postings text"] and all(texts.items() <= kept.before[kind].items() for kind, texts in used.items())


def test_a_changed_text_is_analysed_again(tmp_path, monkeypatch, sites):
    """Kept analyses are the texts': an index of a changed text analyses it,
    and is the index of that text made afresh."""
    from codebridge.index import SearchIndex

    site = sites["fr"]
    _products(tmp_path, monkeypatch, site)
    docs = list(site.search_docs)
    n = next(i for i, d in enumerate(docs) if d.key == "64B7")
    docs[n] = dataclasses.replace(docs[n], text=docs[n].text + " zorglub")
    kept = SearchIndex(docs, "fr", site.terms, site.situations.situations, searchcache.analysed(tmp_path, "fr", site.terms))
    fresh = SearchIndex(docs, "fr", site.terms, site.situations.situations)
    assert _scores(kept) == _scores(fresh) and "zorglub" in kept.all_stems() and "zorglub" not in site.search.all_stems()


def test_another_analyzers_analyses_are_not_taken(tmp_path, monkeypatch, sites):
    """Kept analyses are read only for the analyzer that made them (the same
    code and glossary abbreviations) and only when readable."""
    site = sites["fr"]
    _products(tmp_path, monkeypatch, site)
    path = tmp_path / "analysed-fr.marshal"
    key, texts = marshal.loads(path.read_bytes())
    assert searchcache.analysed(tmp_path, "fr", site.terms).before == texts
    keep = site.search.keep
    assert keep and searchcache._analyser_key("fr", keep) not in {searchcache._analyser_key("fr", keep - {min(keep)}), searchcache._analyser_key("en", keep)}
    path.write_bytes(marshal.dumps(("0" * 32, texts)))
    assert searchcache.analysed(tmp_path, "fr", site.terms).before == {}
    whole = marshal.dumps((key, texts))
    for broken in (whole[: len(whole) // 2], b"", marshal.dumps([]), marshal.dumps((key,)), marshal.dumps((key, [])), marshal.dumps((key, {"stems": 1})), b"not marshal"):
        path.write_bytes(broken)
        assert searchcache.analysed(tmp_path, "fr", site.terms).before == {}


def test_the_digest_does_not_depend_on_the_process(sites):
    """Sets (the glossary's, the situations') are hashed in an order that
    changes with each run's string hashing: the digest must not."""
    site = sites["fr"]
    here = searchcache.digest("fr", site.search_docs, site.terms, site.situations.situations, site.other_docs)
    script = (
        "from pathlib import Path; from codebridge import searchcache; from codebridge.site import Site; "
        f"s = Site.load(Path({str(site.root)!r}), 'fr'); "
        "print(searchcache.digest('fr', s.search_docs, s.terms, s.situations.situations, s.other_docs))"
    )
    for seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True)
        assert out.stdout.strip() == here


def test_the_digest_does_not_depend_on_how_the_site_was_made(root):
    """The same texts give the same digest in a process that built the
    site before (``make serve`` makes a new site after each change): the
    digest reads values, not how objects are shared."""
    from codebridge import build

    digests = set()
    for _ in range(2):
        build._cache.clear()
        site = build.sites(root)["fr"]
        digests.add(searchcache.digest("fr", site.search_docs, site.terms, site.situations.situations, site.other_docs))
    assert len(digests) == 1


def test_sets_are_digested_in_order():
    assert searchcache._plain({"k": frozenset({"b", "a", "c"})}) == [["k", ["a", "b", "c"]]]


def test_the_other_languages_headings_are_digested(sites):
    """The Index reads the other language's headings (``SearchIndex.term_documents``):
    an English heading changed makes the French products again."""
    site = sites["fr"]
    other = list(site.other_docs)
    n = next(i for i, d in enumerate(other) if d.key == "51A")
    changed = other[:n] + [dataclasses.replace(other[n], title=other[n].title + " round")] + other[n + 1 :]
    args = ("fr", site.search_docs, site.terms, site.situations.situations)
    assert searchcache.digest(*args, other) != searchcache.digest(*args, changed)
