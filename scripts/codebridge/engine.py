"""The engine's runs: MkDocs on the standalone configurations that
``build.prepare`` writes, strict.

    run_mkdocs   one configuration, in this process
    Runs         a build's runs side by side: each language's but the last
                 in a process of its own, started as soon as its docs
                 folder is written, the last in this process

The languages' runs share nothing: side by side on a machine of two cores,
a bilingual build waits for the longer run, not for both, and the French
run goes on while the English docs are made. This module imports nothing
from the package: a process of its own runs it as a script
(``python -P engine.py CONFIG SITE_DIR``), so that it starts MkDocs and
nothing else.
"""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import sys
import threading
from dataclasses import dataclass
from pathlib import Path


def run_mkdocs(config: Path, site_dir: Path | None = None) -> bool:
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
    log.setLevel(logging.WARNING)
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
    """Where a configuration puts its site: its ``site_dir`` joined to the
    configuration's folder as MkDocs joins it (``..`` taken off the path as
    written, not after following a symbolic link, as resolving would)."""
    import yaml

    with config.open(encoding="utf-8") as f:
        site_dir = yaml.load(f, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))["site_dir"]
    return Path(os.path.abspath(os.path.join(config.parent, site_dir)))


def remove(folder: Path) -> None:
    """Remove ``folder`` and all it holds, if it is there: by the system's
    ``rm -r``, in half the CPU time of Python's ``shutil.rmtree`` (a site is
    some 3,600 files); by ``shutil.rmtree`` where there is no ``rm``."""
    rm = shutil.which("rm")
    if rm is not None and os.path.lexists(folder):
        subprocess.run([rm, "-rf", "--", os.fspath(folder)], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    shutil.rmtree(folder, ignore_errors=True)  # what ``rm`` could not remove, or all of it without ``rm``


@dataclass
class _Run:
    config: Path
    target: Path  # where its site goes (``site_dir_of``)
    folder: Path  # where it is built
    process: subprocess.Popen | None  # None: built in this process


class Runs:
    """The engine's runs of one build, side by side: each configuration but
    the last started in a process of its own as soon as it is written
    (``start``), while this process makes the next; the last built in this
    process (``finish``).

    Each run builds into a folder of its own beside the first one's site
    (the others' sites may lie inside it: the English one is ``site/en``).
    Once every run has succeeded, ``place`` puts the new sites in place of
    the last build's; a failed build, or one stopped (``stop``), leaves the
    last build's sites as they were."""

    def __init__(self) -> None:
        self.runs: list[_Run] = []
        self.removal: threading.Thread | None = None  # the last build's site, removed (``place``)

    def _run(self, config: Path, own_process: bool) -> _Run:
        """``config``'s run, built beside the first one's site: in a process
        of its own, started now, or (``own_process`` false) in this one."""
        target = site_dir_of(config)
        first = self.runs[0].target if self.runs else target
        folder = first.parent / f".{first.name}.{config.stem}.building"
        remove(folder)
        process = subprocess.Popen([sys.executable, "-P", __file__, str(config), str(folder)]) if own_process else None
        self.runs.append(_Run(config, target, folder, process))
        return self.runs[-1]

    def start(self, config: Path) -> None:
        """Build ``config`` in a process of its own, from now."""
        self._run(config, own_process=True)

    def finish(self, config: Path) -> list[Path]:
        """Build the last configuration in this process and wait for the
        others: the configurations whose build failed (none: all
        succeeded, their sites ready for ``place``). When this process's
        run fails, the others are not waited for (``stop`` stops them)."""
        last = self._run(config, own_process=False)
        if not run_mkdocs(config, site_dir=last.folder):
            return [config]
        return [run.config for run in self.runs if run.process is not None and run.process.wait() != 0]

    def place(self) -> None:
        """Put the new sites in place of the last build's: the last one
        moved aside, the new ones moved in (renames: no moment without a
        site but between two of them), the last one removed meanwhile, in a
        thread (its files' removal waits on the disk more than on the
        processor: the build finishes the new site the while; ``stop``
        waits for it)."""
        first = self.runs[0].target
        aside = first.parent / f".{first.name}.last"
        remove(aside)  # a build stopped while it was removed
        if first.is_dir():
            os.replace(first, aside)
        for run in self.runs:  # the first first: the others' places lie in it
            run.target.parent.mkdir(parents=True, exist_ok=True)
            if run.target.is_dir():  # a place outside the first's
                shutil.rmtree(run.target)
            os.replace(run.folder, run.target)
        self.runs = []
        self.removal = threading.Thread(target=remove, args=(aside,))
        self.removal.start()

    def stop(self) -> None:
        """Stop the runs still going and remove what they built (nothing,
        once placed); wait for the last site's removal."""
        for run in self.runs:
            if run.process is not None and run.process.poll() is None:
                run.process.terminate()
                try:
                    run.process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    run.process.kill()
                    run.process.wait()
            remove(run.folder)
        self.runs = []
        if self.removal is not None:
            self.removal.join()
            self.removal = None


if __name__ == "__main__":  # a run of ``Runs.start``: the configuration, and where its site goes
    sys.exit(0 if run_mkdocs(Path(sys.argv[1]), site_dir=Path(sys.argv[2])) else 1)
