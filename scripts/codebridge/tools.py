"""The page documenting the newsletter auto-linker, with a live example
(content/templates/<lang>/outils.md)."""

from __future__ import annotations

from .strings import template


def tools_page(lang: str) -> str:
    return template(lang, "outils")
