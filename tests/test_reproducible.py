"""Two builds of the same sources give byte-identical sites."""

from __future__ import annotations

import filecmp
import gzip
from pathlib import Path

from codebridge.cli import main


def _tree(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())


def test_two_builds_are_identical(site, tmp_path, capsys):
    """The session's build and a second one: every file the same."""
    again = tmp_path / "again"
    assert main(["build", "--site-dir", str(again)]) == 0
    capsys.readouterr()
    assert _tree(site) == _tree(again)
    differ = [name for name in _tree(site) if not filecmp.cmp(site / name, again / name, shallow=False)]
    assert differ == []


def test_the_gzipped_sitemap_carries_no_build_time(public_site):
    """With a public address the sitemap is also written gzipped; its gzip
    header holds no time, so its bytes depend only on the pages."""
    gz = (public_site / "sitemap.xml.gz").read_bytes()
    assert int.from_bytes(gz[4:8], "little") == 0
    assert gzip.decompress(gz) == (public_site / "sitemap.xml").read_bytes()
