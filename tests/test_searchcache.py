"""What the pages take from the search index, kept between builds (searchcache)."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys

import pytest

from codebridge import searchcache


def _kept(tmp_path, site, index):
    return searchcache.products(tmp_path, site.code, site.lang, site.search_docs, site.terms, site.situations.situations, index)


def _unused():
    raise AssertionError("the index was built though its products were kept")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_kept_products_are_those_made(sites, lang):
    """What the build used (kept from an earlier build, or made) is what
    the index built now gives."""
    site = sites[lang]
    assert site.search_products == searchcache.made(site.code, site.search)


def test_products_read_back_without_an_index(tmp_path, sites):
    site = sites["fr"]
    made = _kept(tmp_path, site, lambda: site.search)
    assert [p.name for p in tmp_path.iterdir()] == [f"fr-{searchcache.digest('fr', site.search_docs, site.terms, site.situations.situations)}.json"]
    assert _kept(tmp_path, site, _unused) == made
    assert made.see_also["64"] and made.term_documents and made.browser_index.startswith("/* Code du bridge")


def test_a_changed_document_makes_them_again(tmp_path, sites):
    site = sites["fr"]
    _kept(tmp_path, site, lambda: site.search)
    docs = list(site.search_docs)
    n = next(i for i, d in enumerate(docs) if d.key == "64B7")
    docs[n] = dataclasses.replace(docs[n], text=docs[n].text + " renonce")
    calls = []

    def index():
        calls.append(1)
        return site.search

    searchcache.products(tmp_path, site.code, "fr", docs, site.terms, site.situations.situations, index)
    assert calls == [1]
    assert len(list(tmp_path.glob("fr-*.json"))) == 1  # the earlier entry is gone


def test_an_unreadable_entry_is_made_again(tmp_path, sites):
    site = sites["fr"]
    made = _kept(tmp_path, site, lambda: site.search)
    (entry,) = tmp_path.iterdir()
    entry.write_text('{"see_also": ', encoding="utf-8")
    assert _kept(tmp_path, site, lambda: site.search) == made
    assert json.loads(entry.read_text(encoding="utf-8"))["browser_index"] == made.browser_index


def test_the_digest_does_not_depend_on_the_process(sites):
    """Sets (the glossary's, the situations') are hashed in an order that
    changes with each run's string hashing: the digest must not."""
    site = sites["fr"]
    here = searchcache.digest("fr", site.search_docs, site.terms, site.situations.situations)
    script = (
        "from pathlib import Path; from codebridge import searchcache; from codebridge.site import Site; "
        f"s = Site.load(Path({str(site.root)!r}), 'fr'); "
        "print(searchcache.digest('fr', s.search_docs, s.terms, s.situations.situations))"
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
        digests.add(searchcache.digest("fr", site.search_docs, site.terms, site.situations.situations))
    assert len(digests) == 1


def test_sets_are_digested_in_order():
    assert searchcache._plain({"k": frozenset({"b", "a", "c"})}) == [["k", ["a", "b", "c"]]]
