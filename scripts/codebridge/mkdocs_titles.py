"""MkDocs hook: page titles and descriptions are text, the theme prints HTML.

Front matter holds a page's title and description as written (a YAML dump:
quotes, backslashes, colons, "#", "<b>" all parse back). MkDocs and Material
treat titles as markup and print them raw in the header, the menu, the
breadcrumbs and the meta tags; so each is escaped here, once, as a Markup
string: printed raw it shows the text as written, and a template's ``| e``
leaves it alone (no double escaping).
"""

from __future__ import annotations

from markupsafe import Markup, escape


def _text(value):
    return value if isinstance(value, Markup) or not isinstance(value, str) else escape(value)


def on_page_markdown(markdown, page, config, files):
    for key in ("title", "description"):
        if key in page.meta:
            page.meta[key] = _text(page.meta[key])
    return markdown


def on_nav(nav, config, files):
    def walk(items):
        for item in items:
            if isinstance(item.__dict__.get("title"), str):  # a title given by the menu, not read yet from the page
                item.title = _text(item.title)
            walk(getattr(item, "children", None) or ())

    walk(nav.items)
    return nav
