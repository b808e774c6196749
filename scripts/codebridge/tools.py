"""The page documenting the newsletter auto-linker, with a live example
(content/templates/<lang>/outils.md)."""

from __future__ import annotations

from . import labels
from .strings import t, template


def tools_page(lang: str, public: str | None = None) -> str:
    """The page, its snippets naming the site's ``public`` address (this
    language's), or a placeholder to replace when the site has none."""
    return template(lang, "outils", site=public or t(lang, "publish.tools.site_placeholder"), **labels.section_ids("tools"))
