"""Helpers for tests that build a changed copy of the project's content."""

from __future__ import annotations

import hashlib
import re
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def repin(sources: Path) -> None:
    """Rewrite the sha256 pins of ``sources/manifest.yaml`` for the files as
    they now are: what a contributor does after changing a source on purpose
    (the build refuses a file that does not match its pin)."""
    manifest = sources / "manifest.yaml"
    text = manifest.read_text(encoding="utf-8")
    for path in sources.iterdir():
        if path.name == "manifest.yaml" or not path.is_file():
            continue
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        text = re.sub(
            r"(file: " + re.escape(path.name) + r"\n(?:\s+\w+:.*\n)*?\s+sha256: )[0-9a-f]{64}",
            lambda m: m.group(1) + digest,
            text,
        )
    manifest.write_text(text, encoding="utf-8")


def project_copy(dest: Path, cache: bool = False) -> Path:
    """A copy of what a build reads (content, configuration, theme
    overrides; the code linked, not copied), to change and build for real
    with ``codebridge --root DEST build``. ``cache``: with the checkout's
    build cache, if any (drawn cards and analysed texts: only quicker)."""
    dest.mkdir(parents=True, exist_ok=True)
    shutil.copytree(ROOT / "content", dest / "content")
    for name in ("mkdocs.yml", "mkdocs.en.yml"):
        shutil.copy(ROOT / name, dest / name)
    shutil.copytree(ROOT / "site_overrides", dest / "site_overrides")
    (dest / "scripts").symlink_to(ROOT / "scripts")
    if cache and (ROOT / "build" / "cache").is_dir():
        shutil.copytree(ROOT / "build" / "cache", dest / "build" / "cache")
    return dest
