"""MkDocs glue for running MkDocs on mkdocs.yml directly (``mkdocs build``,
``mkdocs serve``): write the generated docs folder (``codebridge.build``)
and point MkDocs at it. ``codebridge build`` does not use this hook: it
writes standalone configurations that any engine can read.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.exceptions import PluginError

from codebridge import build, publish
from codebridge.inputs import SourceError


def on_config(config):
    root = Path(config.config_file_path).parent
    lang = config.theme.get("language", "fr")
    try:
        folder, nav, _ = build.write_docs(root, lang, offline=not config.use_directory_urls)
    except SourceError as exc:
        raise PluginError(str(exc)) from None
    config.docs_dir, config.nav = str(folder), nav
    config.extra.update(build.theme_extra(root, lang, Path(config.theme.custom_dir or root / "site_overrides"), not config.use_directory_urls))
    publish.engine_settings(config, lang, offline=not config.use_directory_urls, site_url=build.site_url(root, "fr"))
    return config
