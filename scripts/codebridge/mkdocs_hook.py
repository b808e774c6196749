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

from codebridge.site import Site
from codebridge.sources import SourceError

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
    for problem in _site.problems():
        log.info("unresolved reference (kept as plain text): %s", problem)
    if not config.use_directory_urls:
        # The offline copy: instant navigation fetches pages with XHR, which
        # file:// refuses, so pages load the ordinary way there.
        features = config.theme.get("features", [])
        config.theme["features"] = [f for f in features if not f.startswith("navigation.instant")]
    return config


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
