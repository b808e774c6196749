"""MkDocs glue, kept thin: every page is made by ``codebridge.site``.

MkDocs calls these handlers; they ask the package for the pages and hand
them over as generated files, so that nothing is written into the docs
folder and ``mkdocs serve`` rebuilds when a source changes (``watch``).
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

import logging

from codebridge import publish
from codebridge.site import Site
from codebridge.sources import SourceError
from codebridge.strings import table

_site: Site | None = None
log = logging.getLogger("mkdocs.plugins.codebridge")


def on_config(config):
    global _site
    root = Path(config.config_file_path).parent
    lang = config.theme.get("language", "fr")
    try:
        _site = Site.load(root, lang, directory_urls=config.use_directory_urls)
    except SourceError as exc:
        raise PluginError(str(exc)) from None
    config.nav = _site.nav()
    _public(config, lang)
    for problem in _site.problems():
        log.info("unresolved reference (kept as plain text): %s", problem)
    if not config.use_directory_urls:
        # The offline copy: instant navigation fetches pages with XHR, which
        # file:// refuses, so pages load the ordinary way there.
        features = config.theme.get("features", [])
        config.theme["features"] = [f for f in features if not f.startswith("navigation.instant")]
    return config


def _public(config, lang: str) -> None:
    """The public address (``site_url``, or ``SITE_URL`` from the
    environment), the English site under ``en/`` of it; the offline copy keeps
    it for "Copy link" but claims no canonical URL of its own."""
    global _root_fr
    _root_fr = publish.public_root(config.site_url, "fr")
    public = publish.public_root(config.site_url, lang)
    config.site_url = None if not config.use_directory_urls else public
    _site.public_url = public
    config.extra["cb_public"] = public or ""
    # strings the templates say (404, print, palette), from content/strings/
    config.extra["cb"] = {k: v for k, v in table(lang).items() if k.startswith("publish.")}
    palette = config.theme.get("palette")
    if isinstance(palette, list):
        for entry, key in zip(palette, ("auto", "light", "dark")):
            if "toggle" in entry:
                entry["toggle"]["name"] = config.extra["cb"][f"publish.palette.{key}"]


_root_fr: str | None = None


def on_env(env, config, files):
    """Template helpers: a page's public URL and its link card."""
    public = config.extra.get("cb_public") or None
    env.filters["cb_public"] = lambda page: publish.public_page(public, page.url) if page else None
    env.filters["cb_card"] = lambda page: publish.card_path(page.file.src_uri if page and page.file else "")
    return env


def on_post_page(output, page, config):
    """The theme's hreflang links name the two home pages: point them at
    this page in each language."""
    return publish.set_alternates(output, page.url, config.theme.get("language", "fr"), _root_fr)


def on_files(files, config):
    assert _site is not None
    try:
        pages = _site.pages()
    except SourceError as exc:
        raise PluginError(str(exc)) from None
    for src, content in pages.items():
        existing = files.get_file_from_path(src)
        if existing is not None:
            files.remove(existing)
        files.append(File.generated(config, src, content=content))
    return files


def on_post_build(config):
    assert _site is not None
    _site.post_build(Path(config.site_dir))
