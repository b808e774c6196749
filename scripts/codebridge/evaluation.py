"""Judging search against a query set (``tests/search_queries.yaml``).

A query's answers are law numbers (any of its provisions or notes), exact
citations or commentary pages; a result is compared by its URL, so the same
judgement applies to ``SearchIndex.search`` and to the links the page lists.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from . import labels
from .glossary import parse_citation
from .sources import load_yaml

QUERIES = Path("tests/search_queries.yaml")


@dataclass(frozen=True)
class Query:
    q: str
    lang: str
    expect: tuple[str, ...]
    why: str = ""


def load(root: Path) -> list[Query]:
    """The query set of the project."""
    data = load_yaml((root / QUERIES).read_text(encoding="utf-8"))
    return [Query(d["q"], d["lang"], tuple(str(e) for e in d["expect"]), d.get("why", "")) for d in data]


def _matches(url: str, answer: str) -> bool:
    if answer.startswith("commentaire:"):
        slug = answer.split(":", 1)[1]
        return url.split("#")[0] in (
            labels.page_url(f"commentaires/{slug}.md", True),
            labels.page_url(f"commentaires/{slug}.md", False),
        )
    label = parse_citation(answer)
    if len(label) == 1:  # a whole law: its page, any fragment
        return url.split("#")[0] in (labels.law_path(label[0], True), labels.law_path(label[0], False))
    return url in (labels.url(label, True), labels.url(label, False))


def found(urls: list[str], query: Query, k: int = 3) -> bool:
    """Whether one of the first ``k`` result URLs (relative to the site
    root) is an answer of the query."""
    return any(_matches(url, answer) for url in urls[:k] for answer in query.expect)
