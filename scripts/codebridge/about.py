"""The "À propos" page: sources, credits, copyright, what is missing and why."""

from __future__ import annotations

from . import doc, labels
from .model import Code
from .render import markdown
from .strings import t, template

def about_page(code: Code, lang: str) -> str:
    """content/templates/<lang>/a-propos.md, with the sources and the gaps
    read from the manifest."""
    src = "a-propos.md"
    colon = t(lang, "links.colon")
    sources: list[doc.Node] = []
    for source in code.sources:
        sources += [
            doc.Heading(3, (source.title,)),
            doc.Para((source.origin,)),
            doc.Items((
                (t(lang, "about.file") + colon, doc.Code(f"content/sources/{source.file}")),  # a plain name: sources.SOURCE_FILE
                ("©" + colon + source.credit,),
            )),
        ]
    gaps = doc.Items(tuple(
        (doc.Link((labels.cite(gap.label, lang),), labels.href(src, gap.label)), colon + (gap.fr if lang == "fr" else gap.en))
        for gap in code.gaps
    ))
    return template(lang, "a-propos", sources=markdown(sources).rstrip("\n"), gaps=markdown([gaps]).rstrip("\n"))
