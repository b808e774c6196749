"""The page documenting the newsletter auto-linker, with a live example
(content/templates/<lang>/outils.md)."""

from __future__ import annotations

import html

from . import labels
from .strings import t, template


def tools_page(lang: str, public: str | None = None) -> str:
    """The page, its snippets naming the site's ``public`` address (this
    language's), or a placeholder when the site has none, which the page
    served replaces with the address it is served from."""
    placeholder = "" if public else t(lang, "publish.tools.site_placeholder")
    # without an address, the page writes its own in place of the placeholder (paste.js)
    return template(lang, "outils", site=public or placeholder, placeholder=html.escape(placeholder), **labels.section_ids("tools"))
