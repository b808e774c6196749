"""The engine's runs side by side (``engine.run_engines``), on two small
real MkDocs projects: the second language's site inside the first's, as the
English one is in ours."""

from __future__ import annotations

from pathlib import Path

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


def test_both_languages_are_built_at_once_each_in_its_place(tmp_path):
    configs = project(tmp_path)
    (tmp_path / "site" / "en").mkdir(parents=True)
    (tmp_path / "site" / "en" / "stale.html").write_text("an older build's page")
    assert engine.run_engines(configs) == []
    assert "body of fr" in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "body of en" in (tmp_path / "site" / "en" / "index.html").read_text(encoding="utf-8")
    assert not (tmp_path / "site" / "en" / "stale.html").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["build", "docs", "site"]  # no folder of a run left


def test_a_failed_run_is_named_and_leaves_no_site_of_the_others(tmp_path, capfd):
    configs = project(tmp_path, en_nav_target="missing.md")  # strict: the warning fails the English build
    assert engine.run_engines(configs) == [configs["en"]]
    assert "missing.md" in capfd.readouterr().err
    assert not (tmp_path / "site" / "en").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["build", "docs", "site"]


def test_the_first_run_failing_keeps_the_others_out_of_place(tmp_path, capfd):
    configs = project(tmp_path)
    configs["fr"].write_text(configs["fr"].read_text(encoding="utf-8").replace("index.md", "missing.md"), encoding="utf-8")
    assert engine.run_engines(configs) == [configs["fr"]]
    assert "missing.md" in capfd.readouterr().err
    assert not (tmp_path / "site" / "en").exists()
    assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(".building")]  # no folder of a run left
