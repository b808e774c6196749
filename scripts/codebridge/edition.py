"""The single-document edition (``edition/``): every law the sources give and
the annex on one page, with a table of contents, for reading straight
through, printing, and ``make pdf``.

Each law is rendered by the same ``Renderer`` as its own page, without the
site's furniture (copy controls, "Cité par", "See also", language switch,
calculators; the tables restored where a source lost them stay);
its headings go one level down under the edition's title, and its links to
other laws point inside the document.
"""

from __future__ import annotations

from . import labels
from .render import Renderer

SRC = labels.EDITION_SRC
PDF_NAME = {"fr": "code-du-bridge.pdf", "en": "code-du-bridge-en.pdf"}


def page(site) -> str:
    """The edition's Markdown, in the site's language (``Renderer.edition_page``)."""
    return Renderer(site.code, site.layers, furniture=False).edition_page(SRC)
