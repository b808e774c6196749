"""Judging search against the query sets: ``tests/search_queries.yaml``
(the law's words, as people type them) and ``tests/situation_queries.yaml``
(what happened at the table, in everyday words).

A query's answers are law numbers (any of its provisions or notes), exact
citations or commentary pages; a result is compared by its URL, so the same
judgement applies to ``SearchIndex.search`` and to the links the page lists.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from . import labels
from .glossary import parse_citation
from .inputs import load_yaml
from .strings import other_language

QUERIES = Path("tests/search_queries.yaml")
SITUATION_QUERIES = Path("tests/situation_queries.yaml")
SETS = (QUERIES, SITUATION_QUERIES)


@dataclass(frozen=True)
class Query:
    q: str
    lang: str
    expect: tuple[str, ...]
    why: str = ""


def load(root: Path, path: Path = QUERIES) -> list[Query]:
    """A query set of the project (the law's words by default)."""
    data = load_yaml((root / path).read_text(encoding="utf-8"))
    return [Query(d["q"], d["lang"], tuple(str(e) for e in d["expect"]), d.get("why", "")) for d in data]


def _matches(url: str, answer: str) -> bool:
    if answer.startswith("commentaire:"):
        slug = answer.split(":", 1)[1]
        return url.split("#")[0] in (
            labels.page_url(labels.commentary_src(slug), True),
            labels.page_url(labels.commentary_src(slug), False),
        )
    label = parse_citation(answer)
    if len(label) == 1:  # a whole law: its page, any fragment
        return url.split("#")[0] in (labels.law_path(label[0], True), labels.law_path(label[0], False))
    return url in (labels.url(label, True), labels.url(label, False))


def found(urls: list[str], query: Query, k: int = 3) -> bool:
    """Whether one of the first ``k`` result URLs (relative to the site
    root) is an answer of the query."""
    return any(_matches(url, answer) for url in urls[:k] for answer in query.expect)


def rank_of(urls: list[str], query: Query) -> int | None:
    """The rank (from 1) of the first answer among result URLs, if any."""
    return next((i for i, url in enumerate(urls, start=1) if any(_matches(url, a) for a in query.expect)), None)


def figures(results: list[tuple[Query, list[str]]], k: int = 3) -> dict[str, tuple[int, int, float]]:
    """Per language (and "all"): (found in the first ``k``, queries, mean
    reciprocal rank over the results given)."""
    out: dict[str, tuple[int, int, float]] = {}
    for lang in sorted({q.lang for q, _ in results}) + ["all"]:
        mine = [(q, urls) for q, urls in results if lang in ("all", q.lang)]
        ranks = [rank_of(urls, q) for q, urls in mine]
        found_k = sum(1 for r in ranks if r is not None and r <= k)
        mrr = sum(1 / r for r in ranks if r) / len(mine) if mine else 0.0
        out[lang] = (found_k, len(mine), mrr)
    return out


def crossed(queries: list[Query]) -> list[Query]:
    """The same queries typed on the other language's site (a French
    question on the English site): a bilingual reader's, whose answers are
    the same provisions."""
    return [replace(q, lang=other_language(q.lang)) for q in queries]
