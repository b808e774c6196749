"""Two builds of the same sources give byte-identical sites."""

from __future__ import annotations

import filecmp
import gzip
from pathlib import Path

from codebridge.cli import main, source_date_epoch


def _tree(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())


def test_two_builds_are_identical(site, tmp_path, root, capsys):
    """The session's build and a second one, in other processes: every
    file the same, the gzipped sitemap and its header's date included."""
    again = tmp_path / "again"
    assert main(["build", "--site-dir", str(again)]) == 0
    capsys.readouterr()
    assert _tree(site) == _tree(again)
    differ = [name for name in _tree(site) if not filecmp.cmp(site / name, again / name, shallow=False)]
    assert differ == []
    # the sitemap's date is the sources' (the day of the last commit), not the build's
    header = int.from_bytes((site / "sitemap.xml.gz").read_bytes()[4:8], "little")
    epoch = source_date_epoch(root)
    assert header == epoch - epoch % 86400
    assert gzip.decompress((site / "sitemap.xml.gz").read_bytes()) == (site / "sitemap.xml").read_bytes()
