"""The "À propos" page: sources, credits, copyright, what is missing and why."""

from __future__ import annotations

from . import labels
from .model import Code
from .render import md_escape
from .strings import t, template

def about_page(code: Code, lang: str) -> str:
    """content/templates/<lang>/a-propos.md, with the sources and the gaps
    read from the manifest."""
    src = "a-propos.md"
    colon = t(lang, "links.colon")
    sources = []
    for source in code.sources:
        sources += [
            f"### {md_escape(source.title)}",
            "",
            md_escape(source.origin),
            "",
            f"- {t(lang, 'about.file')}{colon}`content/sources/{source.file}`",
            f"- ©{colon}{md_escape(source.credit)}",
            "",
        ]
    gaps = []
    for gap in code.gaps:
        link = labels.href(src, gap.label)
        gaps.append(f"- [{md_escape(labels.cite(gap.label, lang))}]({link}){colon}{md_escape(gap.fr if lang == 'fr' else gap.en)}")
    return template(lang, "a-propos", sources="\n".join(sources).rstrip(), gaps="\n".join(gaps))
