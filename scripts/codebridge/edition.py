"""The single-document edition (``edition/``): every law the sources give and
the annex on one page, with a table of contents, for reading straight
through, printing, and ``make pdf``.

Each law is rendered by the same ``Renderer`` as its own page, without the
site's furniture (copy controls, "Cité par", "See also", language switch);
its headings go one level down under the edition's title, and its links to
other laws point inside the document.
"""

from __future__ import annotations

import re

from . import labels
from .patterns import FRONT_MATTER, LAW_PAGE_LINK, MD_HEADING
from .escape import front_matter
from .render import Renderer, law_heading, md_escape
from .strings import t

SRC = "edition/index.md"
PDF_NAME = {"fr": "code-du-bridge.pdf", "en": "code-du-bridge-en.pdf"}


def _inside(code, m: re.Match) -> str:
    """A link to a law, pointed inside the edition when the law is in it."""
    if not code.law(m["law"]).present:
        return "](" + labels.page_href(SRC, labels.law_src(m["law"]), m["frag"])
    return "](" + labels.page_href(SRC, SRC, m["frag"] or labels.anchor((m["law"],)))


def page(site) -> str:
    """The edition's Markdown, in the site's language."""
    lang = site.lang
    r = Renderer(site.code, site.layers, furniture=False)
    title = t(lang, "publish.edition.title")
    lines = [front_matter(title=title, description=t(lang, "publish.edition.intro"))]
    lines += [f"# {md_escape(title)} {{ #{labels.section_id('edition.title')} }}", "", md_escape(t(lang, "publish.edition.intro")), ""]
    lines += [f"## {md_escape(t(lang, 'publish.edition.toc'))} {{ #{labels.section_id('edition.toc')} }}", "", '<div class="cb-edition-toc" markdown="1">', ""]
    present = site.code.present()
    for law in present:
        name = law_heading(law, lang, site.layers.title(law))
        lines.append(f"- [{md_escape(name)}]({labels.page_href(SRC, SRC, labels.anchor(law.label))})")
    lines += ["", "</div>", ""]
    absent = [law for law in site.code.laws if not law.present]
    if absent:
        lines += [
            md_escape(t(lang, "publish.edition.absent"))
            + " "
            + ", ".join(f"[{law.number}]({labels.page_href(SRC, labels.law_src(law.number))})" for law in absent),
            "",
        ]
    for law in present:
        body = FRONT_MATTER.sub("", r.law_page(law))
        body = MD_HEADING.sub(lambda m: "#" + m[1] + " ", body)
        # links to other laws' pages: inside the edition, every law is on this page
        body = LAW_PAGE_LINK.sub(lambda m: _inside(site.code, m), body)
        lines += ['<div class="cb-edition-law" markdown="1">', "", body, "", "</div>", ""]
    return "\n".join(lines) + "\n"
