"""The engine's runs side by side (``engine.Runs``), on two small real
MkDocs projects: the second language's site inside the first's, as the
English one is in ours."""

from __future__ import annotations

from pathlib import Path

import pytest

from codebridge import engine


def project(tmp_path: Path, en_nav_target: str = "index.md") -> dict[str, Path]:
    configs = {}
    for lang, site_dir in (("fr", "site"), ("en", "site/en")):
        docs = tmp_path / "docs" / lang
        docs.mkdir(parents=True)
        (docs / "index.md").write_text(f"# {lang}\n\nbody of {lang}\n", encoding="utf-8")
        target = en_nav_target if lang == "en" else "index.md"
        config = tmp_path / "build" / f"mkdocs.{lang}.yml"
        config.parent.mkdir(exist_ok=True)
        config.write_text(
            f"site_name: {lang}\ndocs_dir: ../docs/{lang}\nsite_dir: ../{site_dir}\nnav:\n  - Home: {target}\n",
            encoding="utf-8",
        )
        configs[lang] = config
    return configs


def run(configs: dict[str, Path]) -> list[Path]:
    """The French run started first, in a process of its own; the English one in this process."""
    runs = engine.Runs()
    try:
        runs.start(configs["fr"])
        failed = runs.finish(configs["en"])
        if not failed:
            runs.place()
        return failed
    finally:
        runs.stop()


def test_both_languages_are_built_at_once_each_in_its_place(tmp_path):
    configs = project(tmp_path)
    (tmp_path / "site" / "en").mkdir(parents=True)
    (tmp_path / "site" / "en" / "stale.html").write_text("an older build's page")
    assert run(configs) == []
    assert "body of fr" in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "body of en" in (tmp_path / "site" / "en" / "index.html").read_text(encoding="utf-8")
    assert not (tmp_path / "site" / "en" / "stale.html").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["build", "docs", "site"]  # no folder of a run left


@pytest.mark.parametrize("failing", ["fr", "en"])
def test_a_failed_run_is_named_and_leaves_the_last_site_as_it_was(tmp_path, capfd, failing):
    configs = project(tmp_path)
    assert run(configs) == []
    before = {p.relative_to(tmp_path): p.read_bytes() for p in (tmp_path / "site").rglob("*") if p.is_file()}
    for lang in ("fr", "en"):
        (tmp_path / "docs" / lang / "index.md").write_text(f"# {lang}\n\na new body\n", encoding="utf-8")
    text = configs[failing].read_text(encoding="utf-8")
    configs[failing].write_text(text.replace("Home: index.md", "Home: missing.md"), encoding="utf-8")  # strict: the warning fails it
    assert run(configs) == [configs[failing]]
    assert "missing.md" in capfd.readouterr().err
    after = {p.relative_to(tmp_path): p.read_bytes() for p in (tmp_path / "site").rglob("*") if p.is_file()}
    assert after == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["build", "docs", "site"]  # no folder of a run left


def test_a_site_is_put_where_the_engine_reads_its_configuration(tmp_path):
    """A configuration reached through a symbolic link, whose site lies
    above it (``../../site``): its ``..`` is taken off the path as written,
    as MkDocs does, not after following the link."""
    real = tmp_path / "real" / "deep"
    real.mkdir(parents=True)
    configs = project(real)
    (tmp_path / "link").symlink_to(real)
    for config in configs.values():
        config.write_text(config.read_text(encoding="utf-8").replace("site_dir: ../site", "site_dir: ../../site"), encoding="utf-8")
    assert run({lang: tmp_path / "link" / "build" / config.name for lang, config in configs.items()}) == []
    assert "body of fr" in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "body of en" in (tmp_path / "site" / "en" / "index.html").read_text(encoding="utf-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link", "real", "site"]


def test_the_last_site_is_removed_while_the_build_goes_on_and_gone_when_it_ends(tmp_path, monkeypatch):
    """``place`` puts the new site in place and leaves the removal of the
    last one going (a slow disk: here, half a second) while the build
    finishes the new one; ``stop`` waits for it to end."""
    import time

    configs = project(tmp_path)
    assert run(configs) == []
    aside, real = tmp_path / ".site.last", engine.remove

    def slow(path):
        if Path(path) == aside and aside.exists():
            time.sleep(0.5)
        return real(path)

    monkeypatch.setattr(engine, "remove", slow)
    runs = engine.Runs()
    try:
        runs.start(configs["fr"])
        assert runs.finish(configs["en"]) == []
        runs.place()
        assert (tmp_path / "site" / "en" / "index.html").is_file() and aside.is_dir()  # placed, the last one still going
    finally:
        runs.stop()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["build", "docs", "site"]
