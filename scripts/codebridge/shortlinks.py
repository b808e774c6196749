"""Short links ``r/<anchor>/``: for every law and provision, a redirect
document with its Open Graph tags and a real link for clients without
JavaScript (the publish side of the reference layer)."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from . import labels
from .escape import js_string
from .model import Code, Label, Law
from .strings import t

if TYPE_CHECKING:
    from .collect import Layers


def _s(lang: str, key: str) -> str:
    return t(lang, "links." + key)


def short_pages(code: Code, layers: "Layers", directory_urls: bool, public: str | None = None) -> dict[str, str]:
    """``r/<anchor>/index.html`` for every law and provision, and for the
    provisions of absent laws that the laws cite (their anchor stands on
    their law's page: ``Layers.placeholders``): a redirect with Open Graph
    tags and a real link for clients without JavaScript; with the site's
    ``public`` address, the canonical URL, ``og:url`` and ``og:image`` are
    absolute."""
    out = {}
    for law in code.laws:
        out.update(_short(law.label, law, layers, directory_urls, public))
        for p in law.provisions():
            out.update(_short(p.label, law, layers, directory_urls, public))
    for label in layers.placeholders:
        out.update(_short(label, code.law(label[0]), layers, directory_urls, public))
    return out


def _short(label: Label, law: Law, layers: "Layers", directory_urls: bool, public: str | None = None) -> dict[str, str]:
    lang = layers.lang
    path = labels.short_file(labels.short_path(label))
    target = labels.from_short_link(labels.url(label, directory_urls))
    canonical = public + labels.url(label) if public else target
    card = (public + labels.card_src(law.number)) if public else labels.from_short_link(labels.card_src(law.number))
    cite = labels.cite(label, lang)
    title_fr = layers.title(law)
    title = f"{cite} — {title_fr}" if title_fr and len(label) == 1 else cite
    if len(label) > 1 and title_fr:
        title = f"{cite} — {labels.cite(law.label, lang)}{_s(lang, 'colon')}{title_fr}"
    description = t(lang, "links.described", text=layers.preview(label).split(" — ", 1)[-1]) if law.present else _s(lang, "to_come")
    own = public + labels.short_path(label) if public else None
    return {path: redirect_page(lang, title, description, target, canonical if public else None, card, own)}


def redirect_page(
    lang: str, title: str, description: str, target: str, public: str | None = None, card: str | None = None, own: str | None = None
) -> str:
    """A short link's page: a redirect with Open Graph tags and a real link
    for clients without JavaScript; with the target's ``public`` address, an
    absolute canonical URL; ``og:url``, the short link's ``own`` address
    (a link preview reads this page's title, text and card, not the law
    page's first provision: Open Graph readers follow ``og:url``), else
    ``public``; ``card``, its ``og:image``."""
    e = html.escape
    canonical = public or target
    og = own or public
    og_url = f'<meta property="og:url" content="{e(og)}">\n' if og else ""
    image = (
        f'<meta property="og:image" content="{e(card)}">\n<meta property="og:image:width" content="1200">\n'
        f'<meta property="og:image:height" content="630">\n'
        if card
        else ""
    )
    return f"""<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>{e(title)}</title>
<meta name="description" content="{e(description)}">
<meta property="og:title" content="{e(title)}">
<meta property="og:description" content="{e(description)}">
<meta property="og:type" content="article">
{og_url}{image}<meta name="twitter:card" content="summary_large_image">
<link rel="canonical" href="{e(canonical)}">
<meta http-equiv="refresh" content="0; url={e(target)}">
<script>var t={js_string(target)},i=t.indexOf("#"),p=i<0?t:t.slice(0,i);if(location.protocol=="file:"&&/\\/$/.test(p))p+="index.html";location.replace(p+location.search+(i<0?"":t.slice(i)));</script>
</head>
<body>
<p>{e(_s(lang, "redirect"))} <a href="{e(target)}">{e(title)}</a></p>
</body>
</html>
"""
