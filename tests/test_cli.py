"""The command line, called directly; and the README's promises."""

import json
import os
import re
import sys
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from codebridge.cli import main


def test_report(capsys):
    assert main(["report"]) == 0
    out = capsys.readouterr().out
    assert "000_15b7e5fa7bdf42e1.txt: layout wrapped, 25 laws (40–64)" in out
    assert "words conserved" in out
    for gap in ("gap: Loi 75", "gap: Loi 77", "gap: Loi 78B"):
        assert gap in out
    assert "absent: 39 laws" in out


@pytest.mark.parametrize(
    "citation,expected",
    [
        ("64B7", "Loi 64B7 — lois/64/#64B7"),
        ("Loi 45C4(b)", "Loi 45C4(b) — lois/45/#45C4b"),
        ("40B2(a)(v)", "Loi 40B2(a)(v) — lois/40/#40B2a-v"),
        ("50D", "Loi 50D — lois/50/#50D"),
    ],
)
def test_show(capsys, citation, expected):
    assert main(["show", citation]) == 0
    assert capsys.readouterr().out.splitlines()[0] == expected


def test_show_unknown(capsys):
    assert main(["show", "64Z9"]) == 1
    assert "no such provision" in capsys.readouterr().err


def test_export(tmp_path, capsys, site):
    """The command writes the data the site publishes, byte for byte: the
    code with its cross-references, the citations; in English with --lang."""
    assert main(["export", str(tmp_path)]) == 0
    data = json.loads((tmp_path / "code.json").read_text(encoding="utf-8"))
    assert len(data["laws"]) == 94
    assert sum(len(law.get("references", [])) for law in data["laws"]) > 180
    assert json.loads((tmp_path / "citations.json").read_text(encoding="utf-8"))["64B7"] == "lois/64/#64B7"
    for name in ("code.json", "citations.json"):
        assert (tmp_path / name).read_bytes() == (site / "data" / name).read_bytes(), name
    assert main(["export", str(tmp_path / "en"), "--lang", "en"]) == 0
    assert (tmp_path / "en" / "code.json").read_bytes() == (site / "en" / "data" / "code.json").read_bytes()


def test_bad_source_is_a_clear_error(tmp_path, root, capsys):
    import shutil

    shutil.copytree(root / "content", tmp_path / "content")
    from tests.helpers import repin

    path = tmp_path / "content" / "sources" / "001_24f4e4c49b6593a4.txt"
    lines = path.read_bytes().split(b"\n")
    lines[4] = lines[4].replace("é".encode(), "é".encode("latin-1"), 1)  # saved in Latin-1
    path.write_bytes(b"\n".join(lines))
    repin(path.parent)
    assert main(["--root", str(tmp_path), "report"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "error: 001_24f4e4c49b6593a4.txt:5: not valid UTF-8 (byte 0xe9); convert the file to UTF-8"
    assert "Traceback" not in err


def test_windows_line_ends_are_read_and_reported(tmp_path, root, capsys):
    """A source saved on Windows (CRLF, byte order mark) builds the same code,
    with a line in the build report."""
    import shutil

    from tests.helpers import repin

    shutil.copytree(root / "content", tmp_path / "content")
    path = tmp_path / "content" / "sources" / "001_24f4e4c49b6593a4.txt"
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes().replace(b"\n", b"\r\n"))
    repin(path.parent)
    assert main(["--root", str(tmp_path), "report"]) == 0
    out = capsys.readouterr().out
    assert "normalised: 001_24f4e4c49b6593a4.txt: byte order mark (BOM) removed; CRLF line ends read as LF" in out
    assert "001_24f4e4c49b6593a4.txt: layout blocks, 30 laws (65–93, annexe), 226 provisions" in out


def test_readme_starts_with_the_two_commands(root):
    readme = (root / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```sh\n(.*?)```", readme, re.S).group(1)
    assert [l.split()[0:2] for l in block.strip().splitlines()] == [["make", "site"], ["make", "test"]]
    makefile = (root / "Makefile").read_text(encoding="utf-8")
    for target in re.findall(r"`make ([a-z-]+)`", readme):
        assert re.search(rf"^{target}:", makefile, re.M), f"make {target} is documented but not defined"


def test_ci_runs_make_test(root):
    assert "make test" in (root / ".ci" / "run").read_text(encoding="utf-8")


def test_mkdocs_build_reports_bad_source_without_traceback(tmp_path, root):
    """MkDocs itself (make serve, mkdocs build) names the file and line."""
    import os

    from tests.helpers import repin
    import shutil
    import subprocess
    import sys

    for name in ("content", "scripts", "site_overrides"):
        shutil.copytree(root / name, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(root / "mkdocs.yml", tmp_path / "mkdocs.yml")
    path = tmp_path / "content" / "sources" / "000_15b7e5fa7bdf42e1.txt"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    lines.insert(20, "Loi 40 – Entente entre partenaires\n")  # a duplicated law
    path.write_text("".join(lines), encoding="utf-8")
    repin(path.parent)
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(tmp_path / "mkdocs.yml"), "-d", str(tmp_path / "out")],
        capture_output=True, text=True, env=dict(os.environ, NO_MKDOCS_2_WARNING="1"),
    )
    assert done.returncode != 0
    assert "000_15b7e5fa7bdf42e1.txt:21: Loi 40 appears twice" in done.stderr
    assert "Traceback" not in done.stderr


def test_mkdocs_build_through_the_hook_gives_the_pages_what_the_build_gives(tmp_path, root, site):
    """MkDocs run on mkdocs.yml itself (its hook writes the docs folder):
    a law page carries the same script text and label settings as the one
    ``codebridge build`` makes (without them "go to law" lost the annex)."""
    import shutil
    import subprocess

    for name in ("content", "scripts", "site_overrides"):
        shutil.copytree(root / name, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(root / "mkdocs.yml", tmp_path / "mkdocs.yml")
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(tmp_path / "mkdocs.yml"), "-d", str(tmp_path / "out")],
        check=True, capture_output=True, env=dict(os.environ, NO_MKDOCS_2_WARNING="1"),
    )
    ours, built = (BeautifulSoup((where / "lois" / "64" / "index.html").read_text(encoding="utf-8"), "html.parser") for where in (tmp_path / "out", site))
    for script in ("cb-text", "cb-labels"):
        assert ours.find(id=script).string == built.find(id=script).string != "{}", script


def test_output_read_in_part_is_no_error(monkeypatch):
    """`codebridge search … | head -1`: the reader is gone before the output
    ends; the command ends quietly, without a traceback."""
    read, write = os.pipe()
    os.close(read)  # as `head -1` does once it has its line
    out = os.fdopen(write, "w", buffering=1)  # line by line, as a terminal-less print may flush
    monkeypatch.setattr(sys, "stdout", out)
    try:
        assert main(["search", "renonce"]) == 0
    finally:
        monkeypatch.undo()
        out.close()


def test_search(capsys):
    assert main(["search", "renonce consommée"]) == 0
    out = capsys.readouterr().out.splitlines()
    # the glossary term the query names, its definition and what its entry cites, first
    assert out[0].startswith("renonce consommée\u00a0: Renonce devenue incorrigible parce que")
    assert out[1] == "    Loi 63A · Loi 63B · Loi 64A"
    # a result that a situation lifted says which first
    assert out[2:6] == [
        "situation\u00a0: Renonce consommée",
        "Loi 63A — La renonce devient consommée",
        "    Une «renonce» devient «consommée»:",
        "    lois/63/#63A",
    ]
    assert main(["search", "--lang", "en", "--limit", "1", "claim"]) == 0
    assert capsys.readouterr().out.splitlines()[2] == "Law 68A — Definition of a claim"
    assert main(["search", "64B7", "--limit", "1"]) == 0
    assert capsys.readouterr().out.startswith("Loi 64B7 — Pas d’ajustement automatique de levée\n")


def test_search_nothing_found(capsys):
    assert main(["search", "zzzzzz"]) == 1
    assert "nothing found" in capsys.readouterr().err


def test_translation_skeleton(tmp_path, root, capsys):
    import shutil

    import yaml

    shutil.copytree(root / "content", tmp_path / "content")
    (tmp_path / "content" / "translation" / "en" / "56.yaml").unlink()
    assert main(["--root", str(tmp_path), "translation-skeleton", "56"]) == 0
    data = yaml.safe_load((tmp_path / "content" / "translation" / "en" / "56.yaml").read_text(encoding="utf-8"))
    assert data["56A:0"] == {"fr": "accepter l’attaque irrégulière comme prévu par la Loi 53, ou", "en": ""}
    assert main(["--root", str(tmp_path), "translation-skeleton", "56"]) == 2  # never overwrites
    assert main(["--root", str(tmp_path), "translation-skeleton", "12"]) == 2  # not in the sources


def test_serve_rebuilds_when_a_source_changes(tmp_path, root):
    """`make serve` (codebridge serve: the engine serves build/docs/fr/, which
    is regenerated on change): a change to a law text shows on the next load,
    and in search's index, written just after the pages."""
    import os

    from tests.helpers import repin
    import shutil
    import socket
    import subprocess
    import sys
    import time
    import urllib.request

    for name in ("content", "site_overrides"):
        shutil.copytree(root / name, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("mkdocs.yml", "mkdocs.en.yml"):
        shutil.copy(root / name, tmp_path / name)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    log = tmp_path / "serve.log"
    with log.open("w") as err:
        server = subprocess.Popen(
            [sys.executable, "-m", "codebridge", "--root", str(tmp_path), "serve", "-a", f"127.0.0.1:{port}"],
            stdout=subprocess.DEVNULL, stderr=err, env=dict(os.environ, NO_MKDOCS_2_WARNING="1"),
        )
    builds = lambda: log.read_text(encoding="utf-8").count("Building documentation")  # noqa: E731

    def page(marker: str, deadline: float, path: str = "lois/65/") -> bool:
        while time.time() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/{path}", timeout=5) as r:
                    if marker in r.read().decode("utf-8"):
                        return True
            except OSError:
                pass
            time.sleep(1)
        return False

    try:
        assert page("Levées complètes", time.time() + 120)
        path = tmp_path / "content" / "sources" / "001_24f4e4c49b6593a4.txt"
        path.write_text(path.read_text(encoding="utf-8").replace("A. Levées complètes", "A. Levées terminées"), encoding="utf-8")
        english = tmp_path / "content" / "translation" / "en" / "65.yaml"  # the translation follows the French
        english.write_text(english.read_text(encoding="utf-8").replace('fr: "Levées complètes"', 'fr: "Levées terminées"'), encoding="utf-8")
        repin(path.parent)  # a source changed on purpose gets its new pin
        assert page("Levées terminées", time.time() + 120)
        # then, written just after the pages: search's index, made from all of them
        assert page("Levées terminées", time.time() + 120, "search/index.js")
        # the engine rebuilds on a change only: its own reading of the docs
        # folder, as it rebuilds, is none (else it would rebuild forever)
        time.sleep(3)
        before = builds()
        time.sleep(3)
        assert 2 <= before == builds()
        # its rebuilds read the theme's templates compiled (Jinja's cache)
        assert list((tmp_path / "build" / "cache" / "templates").glob("*.cache"))
    finally:
        server.terminate()
        server.wait(timeout=20)
    # the engine it started stops with it
    engines = lambda: [p for p in Path("/proc").glob("[0-9]*") if _cmdline(p).count(str(tmp_path)) and "mkdocs" in _cmdline(p)]  # noqa: E731
    deadline = time.time() + 20
    while engines() and time.time() < deadline:
        time.sleep(0.2)
    assert engines() == []


def _cmdline(proc: Path) -> str:
    try:
        return (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode("utf-8", "replace")
    except OSError:
        return ""


def test_build_writes_engine_neutral_docs_folders(site, root):
    """`codebridge build` leaves complete docs folders and standalone
    configurations (no hook) that any engine reading mkdocs.yml can build."""
    from codebridge.inputs import load_yaml

    for lang in ("fr", "en"):
        config = load_yaml((root / "build" / f"mkdocs.{lang}.yml").read_text(encoding="utf-8"))
        assert "hooks" not in config
        assert config["docs_dir"] == f"docs/{lang}"
        assert config["theme"]["language"] == lang
        assert config["nav"][0] == {("Code international du bridge 2017" if lang == "fr" else "International Code of Duplicate Bridge 2017"): "index.md"}
        docs = root / "build" / "docs" / lang
        page = (docs / "lois" / "64.md").read_text(encoding="utf-8")
        assert page.startswith("---\n") and "\n---\n" in page
        assert (docs / "assets" / "stylesheets" / "code.css").is_file()  # the static files
        assert (docs / "search" / "index.js").is_file()  # the generated data
    assert (site / "lois" / "64" / "index.html").is_file() and (site / "en" / "lois" / "64" / "index.html").is_file()


def test_theme_templates_need_no_python_string_methods(root):
    """Zensical's templates have no Python string methods ("endswith"…):
    the overrides use filters, slices and tests that both engines know
    (`make zensical` builds build/docs/fr/ with it)."""
    method = re.compile(r"\w\.(?:endswith|startswith|strip|lstrip|rstrip|lower|upper|split|format|join)\(")
    found = [
        f"{path.name}:{n}: {line.strip()}"
        for path in sorted((root / "site_overrides").rglob("*.html"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if method.search(line)
    ]
    assert found == []


def test_a_build_leaves_the_collector_as_it_was(site):
    """`codebridge build` holds Python's garbage collector back and freezes
    the model while the engine runs: after it (here, the session's build),
    the collector runs again and nothing stays frozen."""
    import gc

    assert site.is_dir() and gc.isenabled() and gc.get_freeze_count() == 0


def test_a_build_of_unchanged_inputs_writes_no_docs_folder_again(tmp_path, monkeypatch, capsys):
    """Nothing changed since the last build: its docs folders and
    configurations are this build's, nothing is collected or written again
    and the report is the same. A content file changed, a generated file
    edited by hand, another public address, an input saved while the build
    read them, the project reached through a link, the project's own
    interface strings or prose templates changed (not this package's
    checkout's): everything is made again."""
    import os

    from codebridge import build, engine, strings

    from .helpers import project_copy

    project = project_copy(tmp_path / "p", cache=True)
    made, real = [], build.prepare

    def counted(prepare):
        def counting(root, site_dir, lang, *args, **kw):  # a build counted once, as it prepares its first language
            if lang == build.LANGS[0]:
                made.append(root)
            return prepare(root, site_dir, lang, *args, **kw)

        return counting

    monkeypatch.setattr(build, "prepare", counted(real))
    monkeypatch.setattr(engine.Runs, "start", lambda self, config: None)
    monkeypatch.setattr(engine.Runs, "finish", lambda self, config: [config])  # what comes before the engine is tested
    monkeypatch.delenv("SITE_URL", raising=False)
    docs = project / "build" / "docs"

    def built() -> tuple[str, dict]:
        assert main(["--root", str(project), "build", "--site-dir", str(tmp_path / "out")]) == 2
        out, err = capsys.readouterr()
        assert "mkdocs build failed" in err
        files = {p: (p.stat().st_mtime_ns, p.read_bytes()) for p in sorted(docs.rglob("*")) + sorted((project / "build").glob("*.yml")) if p.is_file()}
        return out, files

    report, files = built()
    assert len(made) == 1 and "provisions" in report and len(files) > 1000
    assert built() == (report, files) and len(made) == 1  # not one file written again

    css = project / "content" / "pages" / "assets" / "stylesheets" / "code.css"
    css.write_text(css.read_text(encoding="utf-8") + ".cb-changed { color: red; }\n", encoding="utf-8")
    built()
    assert len(made) == 2 and (docs / "fr" / "assets" / "stylesheets" / "code.css").read_text(encoding="utf-8").endswith(".cb-changed { color: red; }\n")

    page = docs / "fr" / "lois" / "64.md"
    text = page.read_bytes()
    page.write_bytes(b"edited by hand")
    built()
    assert len(made) == 3 and page.read_bytes() == text

    monkeypatch.setenv("SITE_URL", "https://example.org/code/")
    built()
    assert len(made) == 4 and "https://example.org/code/lois/64/" in (docs / "fr" / "r" / "64B7" / "index.html").read_text(encoding="utf-8")

    # an input saved while the build reads them: no record, the next build makes everything again
    def saving(*args, **kw):
        out = real(*args, **kw)
        css.write_text(css.read_text(encoding="utf-8") + ".cb-saved-meanwhile { color: red; }\n", encoding="utf-8")
        return out

    monkeypatch.setattr(build, "prepare", counted(saving))
    monkeypatch.delenv("SITE_URL")
    built()
    assert len(made) == 5 and not (project / "build" / build.RECORD).exists()
    monkeypatch.setattr(build, "prepare", counted(real))
    built()
    assert len(made) == 6 and "cb-saved-meanwhile" in (docs / "fr" / "assets" / "stylesheets" / "code.css").read_text(encoding="utf-8")

    # the project through a link elsewhere: the configurations name the folders as the root is given
    from codebridge.inputs import load_yaml

    link = tmp_path / "a" / "b" / "link"
    link.parent.mkdir(parents=True)
    link.symlink_to(project)
    for where in (link, project):
        assert main(["--root", str(where), "build", "--site-dir", str(tmp_path / "out")]) == 2
        capsys.readouterr()
        config = load_yaml((where / "build" / "mkdocs.fr.yml").read_text(encoding="utf-8"))
        assert os.path.normpath(os.path.join(where, "build", config["site_dir"])) == str(tmp_path / "out")
    assert len(made) == 8

    # the interface strings, the project's own (not this package's checkout's), changed since this process read them
    # and its prose templates
    publish_strings = project / "content" / "strings" / "fr.yaml"
    publish_strings.write_text(publish_strings.read_text(encoding="utf-8").replace("avec les notes FFB", "avec les notes FFB (essai)"), encoding="utf-8")
    tools = project / "content" / "templates" / "fr" / "outils.md"
    tools.write_text(tools.read_text(encoding="utf-8").replace("# Lier vos textes au code", "# Lier vos textes au code (essai)"), encoding="utf-8")
    built()
    assert len(made) == 9 and "avec les notes FFB (essai)" in (docs / "fr" / "manifest.webmanifest").read_text(encoding="utf-8")
    assert "# Lier vos textes au code (essai)" in (docs / "fr" / "outils.md").read_text(encoding="utf-8")
    assert "(essai)" not in (strings.PACKAGE_STRINGS / "fr.yaml").read_text(encoding="utf-8")


def _last_site(site: Path) -> Path:
    """A site as a last build left it: one page."""
    site.mkdir()
    (site / "index.html").write_text("the last build's page", encoding="utf-8")
    return site


def _is_last_site(site: Path) -> bool:
    """Whether ``site`` is still as ``_last_site`` made it."""
    return [p.name for p in site.iterdir()] == ["index.html"] and (site / "index.html").read_text(encoding="utf-8") == "the last build's page"


def test_a_build_stopped_by_an_error_stops_the_engine_it_started(tmp_path, monkeypatch, capsys):
    """The French engine run starts as soon as its docs folder is written
    (``engine.Runs``): an error in the English docs after it stops that run,
    leaves no folder of it and the last build's site as it was."""
    from codebridge import build, engine
    from codebridge.inputs import SourceError

    from .helpers import project_copy

    project = project_copy(tmp_path / "p", cache=True)
    site = _last_site(tmp_path / "out")
    real_docs, real_start, started = build.write_docs, engine.Runs.start, []

    def english_unreadable(root, lang, offline=False):
        if lang == "en":
            raise SourceError("content/translation/en/65.yaml", 3, "unreadable")
        return real_docs(root, lang, offline)

    def start(self, config):
        real_start(self, config)
        started.append(self.runs[-1].process)

    monkeypatch.setattr(build, "write_docs", english_unreadable)
    monkeypatch.setattr(engine.Runs, "start", start)
    assert main(["--root", str(project), "build", "--site-dir", str(site)]) == 2
    assert "content/translation/en/65.yaml:3: unreadable" in capsys.readouterr().err
    assert len(started) == 1 and started[0].poll() is not None  # the French run had started, and was stopped
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out", "p"]  # no folder of a run left
    assert _is_last_site(site)


def test_a_build_stopped_by_a_signal_stops_the_engine_it_started(tmp_path):
    """A build stopped by SIGTERM (a terminal closed, a job cancelled) stops
    the French engine run it started, leaves no folder of it and the last
    build's site as it was."""
    import os
    import signal
    import subprocess
    import sys
    import time

    from .helpers import project_copy

    project = project_copy(tmp_path / "p", cache=True)
    site = _last_site(tmp_path / "out")
    build = subprocess.Popen(
        [sys.executable, "-m", "codebridge", "--root", str(project), "build", "--site-dir", str(site)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=dict(os.environ, NO_MKDOCS_2_WARNING="1"),
    )
    engines = lambda: [p for p in Path("/proc").glob("[0-9]*") if str(tmp_path) in _cmdline(p) and "engine.py" in _cmdline(p)]  # noqa: E731
    try:
        deadline = time.time() + 120
        while not engines() and build.poll() is None and time.time() < deadline:
            time.sleep(0.05)
        assert engines(), "the French engine run never started"
        build.send_signal(signal.SIGTERM)
        assert build.wait(timeout=60) == 128 + signal.SIGTERM
    finally:
        build.kill()
        build.wait()
    assert engines() == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out", "p"]  # no folder of a run left
    assert _is_last_site(site)


@pytest.mark.parametrize("lang, query", [("en", "direct"), ("fr", "mise"), ("en", "called the director too late")])
def test_search_ranks_as_the_search_box(capsys, sites, lang, query):
    """The command ranks as the site's box does, where the last word may be
    the start of a longer one ("direct" → "Director")."""
    assert main(["search", "--lang", lang, "--limit", "5", query]) == 0
    printed = [line for line in capsys.readouterr().out.splitlines() if not line.startswith(" ") and " : " not in line and ": " not in line[:12]]
    hits = sites[lang].search.search(query, limit=5, typing=True)
    assert [line.split(" — ")[0] for line in printed] == [h.doc.citation for h in hits]
