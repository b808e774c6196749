"""The engine's runs: MkDocs on the standalone configurations that
``build.prepare`` writes, strict.

    run_mkdocs   one configuration, in this process
    run_engines  each language's configuration, all at once: the first in
                 this process, every other in a process of its own

The languages' runs share nothing: run side by side on a machine of two
cores, a bilingual build takes the longer run's time, not both runs' (about
5 s instead of 9). This module imports nothing from the package: a process
of its own runs it as a script (``python -P engine.py CONFIG SITE_DIR``), so
that it starts MkDocs and nothing else.
"""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path


def run_mkdocs(config: Path, quiet: bool = True, site_dir: Path | None = None) -> bool:
    """Build one configuration with MkDocs, in this process, strict: any
    warning fails the build (and is printed). ``site_dir``: where the site
    goes, if not where the configuration says."""
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    log = logging.getLogger("mkdocs")
    handler = logging.StreamHandler(sys.stderr)
    handler.setLevel(logging.WARNING)
    handler.setFormatter(logging.Formatter("%(levelname)s: %(message)s"))
    log.addHandler(handler)
    level = log.level
    log.setLevel(logging.WARNING if quiet else logging.INFO)
    try:
        cfg = load_config(str(config), strict=True, **({"site_dir": str(site_dir)} if site_dir is not None else {}))
        build(cfg)
        return True
    except MkDocsException as exc:
        print(f"error: {config.name}: {exc}", file=sys.stderr)
        return False
    finally:
        log.removeHandler(handler)
        log.setLevel(level)


def site_dir_of(config: Path) -> Path:
    """Where a configuration puts its site (its ``site_dir``, read from the
    configuration's folder, as MkDocs reads it)."""
    import yaml

    with config.open(encoding="utf-8") as f:
        return (config.parent / yaml.load(f, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))["site_dir"]).resolve()


def run_engines(configs: dict[str, Path]) -> list[Path]:
    """Build every configuration at once, strict; the configurations whose
    build failed (none: all succeeded).

    The first is built in this process, each other in a process of its own,
    into a folder of its own beside the first one's site: the first run
    empties its site folder as it starts, and the others' sites may lie
    inside it (the English one is ``site/en``). Each is moved to its place
    once every run has succeeded; a failed build leaves none of them."""
    first, *others = configs.values()
    site = site_dir_of(first)
    runs = []
    failed = []
    try:
        for config in others:
            staged = site.parent / f".{site.name}.{config.stem}.building"
            shutil.rmtree(staged, ignore_errors=True)
            runs.append((config, staged, subprocess.Popen([sys.executable, "-P", __file__, str(config), str(staged)])))
        if not run_mkdocs(first):
            failed.append(first)
    finally:
        for config, _, process in runs:
            if process.wait() != 0:
                failed.append(config)
    for config, staged, _ in runs:
        if not failed:
            target = site_dir_of(config)
            shutil.rmtree(target, ignore_errors=True)
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(staged, target)
        shutil.rmtree(staged, ignore_errors=True)
    return failed


if __name__ == "__main__":
    sys.exit(0 if run_mkdocs(Path(sys.argv[1]), site_dir=Path(sys.argv[2])) else 1)
