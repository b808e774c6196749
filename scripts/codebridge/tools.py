"""The page documenting the newsletter auto-linker, with a live example
(content/templates/<lang>/outils.md)."""

from __future__ import annotations

from . import labels
from .strings import t, template


def tools_page(lang: str, public: str | None = None) -> str:
    """The page, its snippets naming the site's ``public`` address (this
    language's), or a placeholder when the site has none, which the page
    served replaces with the address it is served from."""
    # without an address, the page served writes its own in place of the
    # placeholder (paste.js, which reads it as CodeBridge.text("site_placeholder"))
    flag = "" if public else " data-cb-site-placeholder"
    return template(lang, "outils", site=public or t(lang, "script.site_placeholder"), placeholder=flag, **labels.section_ids("tools"))
