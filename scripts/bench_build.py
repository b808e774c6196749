"""Build figures, measured: `make bench` (after the search figures).

    share         CPU seconds of one bilingual `codebridge build`, unprofiled,
                  each a process of its own as `make site` runs it, and our
                  share of it (all but the engine's runs, ``engine.Runs``),
                  with the seconds its user waits for it (wall), three runs of each
                  case, the median share printed first: from a fresh copy of
                  the project, after a heading of Law 65 changed (in the
                  French source and the English translation) and with the
                  same texts (nothing changed since the last build: its docs
                  folders are this build's, nothing is written again); and,
                  for the median run of each case, our CPU seconds part by
                  part (``PARTS``), timed unprofiled around each part's calls
    stages        where the time goes, stage by stage (profiled)
    parses        how many times one build parses the sources
    scaling       each of our stages on the code at 1×, 10× and 100× its size
                  (every provision's paragraphs copied under new numbers, so
                  references, "Cité par" and pages grow with it)
    serve         seconds from saving a law source to the new page served by
                  `codebridge serve` (the law pages regenerated first, then the
                  engine's dirty rebuild; the rest of the site follows)
    weight        what Chromium loads for a law page, the home page and others
                  (every request, each file gzip -9), on a first visit and on
                  the next page (what the cache did not serve); a short link
    lighthouse    Lighthouse 12 (mobile) scores of the home and a law page,
                  behind a compressing server (skipped when npx is missing)

Timings depend on the machine: they are printed here, never asserted in tests.
"""

from __future__ import annotations

import cProfile
import dataclasses
import gc
import gzip
import hashlib
import http.server
import json
import os
import pstats
import re
import resource
import shutil
import socket
import socketserver
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

from codebridge import build, engine, parse, searchcache  # noqa: E402
from codebridge.cli import main as codebridge  # noqa: E402
from codebridge.model import Code, Provision  # noqa: E402

LIGHTHOUSE = "lighthouse@12.2.3"


# --------------------------------------------------------------------------
# Stages of one build


STAGES = {
    # our stages: (module, function) whose cumulative time is the stage's
    "parse the sources": ("parse.py", "parse_code"),
    "read the translation": ("translation.py", "load"),
    "references": ("collect.py", "references"),
    "collect (layers, Cité par)": ("collect.py", "collect"),
    "law pages (render)": ("render.py", "law_page"),
    "the other pages (cases, edition, data…)": ("site.py", "base_pages"),
    "  of which the parallel views": ("render.py", "parallel_page"),
    "search documents": ("index.py", "documents"),
    "search products, kept or made": ("site.py", "search_products"),
    "  of which the scores (BM25F)": ("index.py", "_field_scores"),
    "  of which the browser index": ("searchdata.py", "script"),
    "alphabetical Index": ("site.py", "index_page"),
    "write the docs folders": ("build.py", "_sync"),
    "link cards (PNG, or read back)": ("publish.py", "cards"),
    "theme CSS purge": ("build.py", "purge_theme_css"),
    "sitemap, service workers": ("publish.py", "finish"),
    # the engine
    "engine (MkDocs, both languages)": ("engine.py", ("start", "finish")),
}
ENGINE_STAGE = "engine (MkDocs, both languages)"  # with the CPU of its processes


# One build, as `make site` runs it: a process of its own, which prints as
# JSON its CPU seconds (all of them, from the interpreter's start, with those
# of the processes it ran, such as git and the engine's runs started apart),
# the engine's (``engine.Runs``: timed around its calls, with the processes it
# waited for, which count when they are waited for) and those of our parts
# (``PARTS``), each timed the same way around its calls, unprofiled.
BUILD_PROCESS = """
import contextlib, io, json, resource, sys, time
def cpu(clock=time.process_time):
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return clock() + children.ru_utime + children.ru_stime
from codebridge import build, cli, engine, publish
spent = {"interpreter and imports": cpu()}
def timed(name, real):
    def run(*args, **kw):
        start = cpu(time.thread_time)  # this thread's: the last site's removal goes on in another
        try:
            return real(*args, **kw)
        finally:
            spent[name] = spent.get(name, 0.0) + cpu(time.thread_time) - start
            if later and "codebridge.site" in sys.modules:  # the site module, imported by the build when it needs it
                for part in later:
                    patch(*part)
                later.clear()
    return run
def patch(name, owner, attr):
    holder = {"build": build, "build.Prepared": build.Prepared, "build._Sites": build._Sites, "engine": engine, "engine.Runs": engine.Runs,
              "publish": publish, "cli": cli, "site.Site": getattr(sys.modules.get("codebridge.site"), "Site", None)}[owner]
    real = holder.__dict__[attr]
    if hasattr(real, "func"):  # a cached property: its function
        real.func = timed(name, real.func)
    else:
        setattr(holder, attr, timed(name, getattr(holder, attr)))
later = []  # the site's parts: a build with nothing changed does not import it (nor is it timed importing it)
for part in json.loads(sys.argv[1]):
    if part[1] == "site.Site":
        later.append(part)
    else:
        patch(*part)
with contextlib.redirect_stdout(io.StringIO()):
    status = cli.main(sys.argv[2:])
print(json.dumps({"total": cpu(), "status": status, "spent": spent}))
"""
ENGINE_CALLS = (("engine", "engine.Runs", "start"), ("engine", "engine.Runs", "finish"))
# Our parts of a build, timed in it (name, where, what); "  " names a part of the one above.
PARTS = (
    ("the model, the French site's layers (sources, translation, cases)", "build", "sites"),
    ("the build report", "cli", "report"),
    ("the docs folders, both languages", "build", "prepare"),
    ("  of which the English site's model and layers", "build._Sites", "__getitem__"),
    ("  of which the search products", "site.Site", "search_products"),
    ("  of which the pages but the laws' and the Index", "site.Site", "base_pages"),
    ("  of which the law pages", "site.Site", "law_pages"),
    ("  of which writing the files that changed", "build", "_sync"),
    ("inputs' digests, the build's record", "build", "inputs_digest"),
    ("inputs' digests, the build's record", "build.Prepared", "keep"),
    ("placing the new sites", "engine.Runs", "place"),
    ("the last site removed (in a thread, meanwhile)", "engine", "remove"),
    ("the theme's CSS purged", "build", "purge_theme_css"),
    ("sitemap, service workers", "publish", "finish"),
)


PACKAGE_BYTECODE = ROOT / "scripts" / "codebridge" / "__pycache__"


@dataclasses.dataclass
class Run:
    """One build's CPU seconds (``total``, the ``engine``'s, our ``parts``')
    and the seconds its user waited for it (``wall``)."""

    total: float
    engine: float
    wall: float
    parts: dict[str, float]

    @property
    def share(self) -> float:
        return 100 * (self.total - self.engine) / self.total


def share(root: Path, site_dir: Path) -> Run:
    """One whole bilingual build of ``root``, unprofiled, in a new process
    (``BUILD_PROCESS``). Python keeps the modules'
    bytecode (``__pycache__``) as it does unless told not to: an environment
    that tells it not to would have every build compile the package again."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", BUILD_PROCESS, json.dumps(ENGINE_CALLS + PARTS), "--root", str(root), "build", "--site-dir", str(site_dir)],
        capture_output=True, text=True, check=True, env=env,
    ).stdout.splitlines()
    wall = time.perf_counter() - start
    done = json.loads(out[-1])
    assert done["status"] == 0, f"the build failed: {out}"
    spent = done["spent"]
    return Run(done["total"], spent.pop("engine", 0.0), wall, spent)


def project_copy(dest: Path) -> Path:
    """What a build reads of the project, copied to ``dest``: a checkout
    with nothing built."""
    for name in ("content", "site_overrides"):
        shutil.copytree(ROOT / name, dest / name)
    for name in ("mkdocs.yml", "mkdocs.en.yml"):
        shutil.copy(ROOT / name, dest / name)
    return dest


# A heading of Law 65 changed in the French source and in the English
# translation's copy of it, as a contributor would: both ways, in turn.
LAW_SOURCE = Path("content") / "sources" / "001_24f4e4c49b6593a4.txt"
LAW_TRANSLATION = Path("content") / "translation" / "en" / "65.yaml"
HEADING_CHANGE = ("Levées complètes", "Levées terminées")


def change_text(root: Path, back: bool = False) -> None:
    """Change that heading in ``root`` (``back``: undo it); the source's
    sha256 pin follows it, as a contributor changing it on purpose does."""
    old, new = HEADING_CHANGE[::-1] if back else HEADING_CHANGE
    path, english = root / LAW_SOURCE, root / LAW_TRANSLATION
    new_fr = path.read_text(encoding="utf-8").replace(f"A. {old}", f"A. {new}")
    new_en = english.read_text(encoding="utf-8").replace(f'fr: "{old}"', f'fr: "{new}"')
    manifest = path.parent / "manifest.yaml"
    new_pins = manifest.read_text(encoding="utf-8").replace(
        hashlib.sha256(path.read_bytes()).hexdigest(), hashlib.sha256(new_fr.encode("utf-8")).hexdigest()
    )
    english.write_text(new_en, encoding="utf-8")
    path.write_text(new_fr, encoding="utf-8")
    manifest.write_text(new_pins, encoding="utf-8")


def _children() -> float:
    """CPU seconds of the processes this one ran and waited for."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def stage_times(site_dir: Path) -> tuple[dict[str, float], float, int]:
    """Profile one whole bilingual build in this process."""
    calls = {"n": 0}
    real = parse.parse_code

    def counting(*args, **kw):
        calls["n"] += 1
        return real(*args, **kw)

    build._cache.clear()
    parse.parse_code = counting
    import codebridge.site as site_module

    site_module.parse_code = counting
    profiler = cProfile.Profile(time.process_time)  # CPU time, as the total: wall time counts the machine's load
    # the engine's runs in processes of their own: their CPU, counted as
    # each is waited for (in ``Runs.finish``); the build's other processes
    # (git) are ours
    engine_children, finish = [0.0], engine.Runs.finish

    def finishing(self, config):
        before = _children()
        try:
            return finish(self, config)
        finally:
            engine_children[0] += _children() - before

    engine.Runs.finish = finishing
    start, children = time.process_time(), _children()
    profiler.enable()
    try:
        assert codebridge(["--root", str(ROOT), "build", "--site-dir", str(site_dir)]) == 0
    finally:
        profiler.disable()
        parse.parse_code = real
        site_module.parse_code = real
        engine.Runs.finish = finish
    total = time.process_time() - start + _children() - children
    stats = pstats.Stats(profiler).stats
    out = {}
    for name, (file, func) in STAGES.items():
        funcs = func if isinstance(func, tuple) else (func,)
        out[name] = sum(v[3] for (f, _, fn), v in stats.items() if f.endswith("codebridge/" + file) and fn in funcs)
    out[ENGINE_STAGE] += engine_children[0]
    return out, total, calls["n"]


# --------------------------------------------------------------------------
# Scaling


def _relabel(p: Provision, depth: int, offset: int) -> Provision:
    """A copy of paragraph-level provision ``p`` (and everything under it)
    numbered ``offset`` higher: 64A1 → 64A1001."""
    label = list(p.label)
    label[depth] = str(int(label[depth]) + offset)
    content = tuple(_relabel(c, depth, offset) if isinstance(c, Provision) else c for c in p.content)
    return dataclasses.replace(p, label=tuple(label), marker=p.marker, content=content)


def _grow(content: tuple, k: int, depth: int) -> tuple:
    """Append k − 1 copies of every numbered paragraph found at ``depth``."""
    out = []
    numbered = [c for c in content if isinstance(c, Provision) and len(c.label) == depth + 1 and c.label[depth].isdigit()]
    for c in content:
        if isinstance(c, Provision) and len(c.label) == depth:  # a section: grow inside
            out.append(dataclasses.replace(c, content=_grow(c.content, k, depth)))
        else:
            out.append(c)
    for i in range(1, k):
        out += [_relabel(c, depth, 1000 * i) for c in numbered]
    return tuple(out)


def scaled(code: Code, k: int) -> Code:
    """The code with every paragraph present k times."""
    laws = []
    for law in code.laws:
        if not law.present or k == 1:
            laws.append(law)
            continue
        sections = any(len(c.label) == 2 and not c.label[1].isdigit() for c in law.children)
        laws.append(dataclasses.replace(law, content=_grow(law.content, k, 2 if sections else 1)))
    return dataclasses.replace(code, laws=tuple(laws))


def scaling(ks=(1, 10, 100)) -> list[tuple[int, int, dict[str, float]]]:
    from codebridge.site import Site

    base = Site.load(ROOT, "fr")
    rows = []
    # as `codebridge build` runs our stages: the cyclic collector waiting
    # (``cli.cmd_build``), else its full collections, which walk the whole
    # model each time, grow with it and the time they add with its square
    enabled = gc.isenabled()
    gc.disable()
    try:
        for k in ks:
            rows.append(_scaled_stages(base, k))
    finally:
        (gc.enable if enabled else gc.disable)()
    return rows


def _scaled_stages(base, k: int) -> tuple[int, int, dict[str, float]]:
    """Our stages, each timed, on ``base``'s code at ``k`` times its size;
    before each, what the one before left is collected (untimed): with the
    collector waiting, a stage timed on the heap the search index left
    behind read its model through memory spread thin (the footers
    half as slow again at 100×; linear, as the others, once collected)."""
    from codebridge.collect import collect, references
    from codebridge.index import build as build_index
    from codebridge.translation import ORIGINAL
    from codebridge.layers import units
    from codebridge.render import Renderer
    from codebridge.shortlinks import short_pages

    code = scaled(base.code, k)
    n = sum(1 for law in code.present() for _ in law.provisions())
    times = {}

    def timed(name, run):
        gc.collect()
        start = time.process_time()
        out = run()
        times[name] = time.process_time() - start
        return out

    def footers():
        for law in code.present():
            renderer.law_footer(law, "lois/x.md")
            for p in law.provisions():
                renderer.tools(p.label, "lois/x.md")
                renderer.provision_examples(p.label, "lois/x.md")

    timed("units", lambda: sum(1 for law in code.present() for _ in units(law)))
    # "Voir aussi" aside: the search index is timed on its own
    layers = timed("references + Cité par index", lambda: collect(code, "fr", references(code)))
    renderer = Renderer(code, layers)
    timed("law pages (render)", lambda: [renderer.law_page(law) for law in code.laws])
    timed("search index", lambda: build_index(code, "fr", ORIGINAL, base.terms).close())
    timed("Cité par (footers)", footers)
    timed("short links", lambda: short_pages(code, layers, True))
    return k, n, times


# --------------------------------------------------------------------------
# Serve


def serve_rebuild() -> float | None:
    """Seconds from saving a law source to the change served."""
    with tempfile.TemporaryDirectory() as tmp:
        root = project_copy(Path(tmp))
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        server = subprocess.Popen(
            [sys.executable, "-m", "codebridge", "--root", str(root), "serve", "-a", f"127.0.0.1:{port}"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )

        def wait_for(marker: str, limit: float) -> float | None:
            start = time.perf_counter()
            while time.perf_counter() - start < limit:
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/lois/65/", timeout=5) as r:
                        if marker in r.read().decode("utf-8"):
                            return time.perf_counter() - start
                except OSError:
                    pass
                time.sleep(0.05)
            return None

        try:
            if wait_for("Levées complètes", 180) is None:
                return None
            time.sleep(1)
            start = time.perf_counter()
            change_text(root)
            if wait_for("Levées terminées", 60) is None:
                return None
            return time.perf_counter() - start
        finally:
            server.terminate()
            server.wait(timeout=20)


# --------------------------------------------------------------------------
# Weight


def weigh(site_dir: Path, visits: list[list[str]]) -> list[list[tuple[str, int, list[tuple[str, int]]]]]:
    """What Chromium loads to show each page, measured, not guessed from the
    HTML: every request the page makes until the network is idle (HTML, CSS,
    JavaScript, images, fonts, the search index if it came), each counted as
    its file gzipped -9 (what a compressing host sends, headers apart).
    ``visits`` are sequences of pages opened in one browser with its cache:
    the first page of a sequence is a first visit (nothing cached); the next
    ones count only what was not served from the cache. Service workers are
    blocked: the offline app's download of the whole site, after the first
    visit, is a choice of the reader's browser, counted apart."""
    import functools

    from playwright.sync_api import sync_playwright

    httpd = socketserver.ThreadingTCPServer(("127.0.0.1", 0), functools.partial(_Gzip, directory=str(site_dir)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}/"
    results = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            for pages in visits:
                context = browser.new_context(viewport={"width": 412, "height": 823}, service_workers="block")
                page = context.new_page()
                cdp = context.new_cdp_session(page)
                cdp.send("Network.enable")
                requests: dict[str, str] = {}
                cached: set[str] = set()
                cdp.on("Network.requestWillBeSent", lambda e: requests.__setitem__(e["requestId"], e["request"]["url"]))
                cdp.on("Network.requestServedFromCache", lambda e: cached.add(e["requestId"]))
                cdp.on("Network.responseReceived", lambda e: e["response"].get("fromDiskCache") and cached.add(e["requestId"]))
                row = []
                for url in pages:
                    requests.clear()
                    cached.clear()
                    page.goto(base + url, wait_until="networkidle")
                    parts = []
                    for rid, full in requests.items():
                        if rid in cached or not full.startswith(base):
                            continue
                        rel = full[len(base):].split("#")[0].split("?")[0]
                        path = site_dir / rel
                        if path.is_dir():
                            path = path / "index.html"
                        if path.is_file():
                            parts.append((rel or "index.html", len(gzip.compress(path.read_bytes(), 9))))
                    row.append((url, sum(b for _, b in parts), parts))
                results.append(row)
                context.close()
            browser.close()
    finally:
        httpd.shutdown()
        httpd.server_close()
    return results


def offline_app_bytes(site_dir: Path) -> int:
    """gzip bytes of what the French service worker keeps for offline use."""
    text = (site_dir / "sw.js").read_text(encoding="utf-8")
    files = json.loads(re.search(r"\[.*?\]", text[text.index("["):], re.S).group(0))
    total = 0
    for f in files:
        path = site_dir / f[2:]
        path = path / "index.html" if path.is_dir() else path
        if path.is_file():
            total += len(gzip.compress(path.read_bytes(), 9))
    return total


# --------------------------------------------------------------------------
# Lighthouse


class _Gzip(http.server.SimpleHTTPRequestHandler):
    """A static server that compresses, as a host does."""

    def log_message(self, *args):
        pass

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not self.path.split("?")[0].endswith("/"):
                return super().send_head()
            path = path / "index.html"
        if not path.is_file() or "gzip" not in self.headers.get("Accept-Encoding", ""):
            return super().send_head()
        body = gzip.compress(path.read_bytes(), 6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "max-age=3600")
        self.end_headers()
        import io

        return io.BytesIO(body)


def lighthouse(site_dir: Path, pages: list[str]) -> dict[str, dict[str, int]] | None:
    """Lighthouse's scores of some pages of the site as it is published:
    built with its public address (``SITE_URL``, here the local server's:
    absolute canonical and hreflang URLs, the sitemap), served compressed."""
    if shutil.which("npx") is None:
        return None
    import functools
    import os

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    before = os.environ.get("SITE_URL")
    os.environ["SITE_URL"] = f"http://127.0.0.1:{port}/"
    try:
        assert codebridge(["--root", str(ROOT), "build", "--site-dir", str(site_dir)]) == 0
    finally:
        if before is None:
            os.environ.pop("SITE_URL")
        else:
            os.environ["SITE_URL"] = before
    httpd = socketserver.ThreadingTCPServer(("127.0.0.1", port), functools.partial(_Gzip, directory=str(site_dir)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    out = {}
    try:
        for page in pages:
            url = f"http://127.0.0.1:{httpd.server_address[1]}/{page}"
            with tempfile.TemporaryDirectory() as tmp:
                report = Path(tmp) / "report.json"
                done = subprocess.run(
                    ["npx", "--yes", LIGHTHOUSE, url, "--quiet", "--output=json", f"--output-path={report}",
                     "--chrome-path=/usr/bin/chromium", "--chrome-flags=--headless --no-sandbox",
                     "--only-categories=performance,accessibility,best-practices,seo"],
                    capture_output=True, text=True, timeout=300,
                )
                if done.returncode != 0 or not report.is_file():
                    out[page] = {"error": done.stderr.strip().splitlines()[-1:] or ["lighthouse failed"]}
                    continue
                data = json.loads(report.read_text(encoding="utf-8"))
                out[page] = {k: round(100 * v["score"]) for k, v in data["categories"].items() if v["score"] is not None}
                # what keeps a category below 100: its weighted audits that did not pass
                failing = sorted({
                    ref["id"] for cat in data["categories"].values() for ref in cat["auditRefs"]
                    if ref["weight"] > 0 and data["audits"][ref["id"]].get("score") is not None
                    and data["audits"][ref["id"]]["score"] < 1
                })
                if failing:
                    out[page]["below 1"] = ", ".join(failing)
    finally:
        httpd.shutdown()
        httpd.server_close()
    return out


# --------------------------------------------------------------------------


def shares(tmp: Path) -> None:
    """Print our share of a build in the three cases, three runs each, each
    build a process of its own on a copy of the project."""
    site_dir = tmp / "share-site"
    print("  three runs each (the engine's time varies between runs): the median share, then each run's")
    cases = {
        "a fresh checkout (nothing built yet)": "fresh",
        "a text changed (one heading of Law 65)": "changed",
        "the same texts (nothing written again)": "same",
    }
    for when, case in cases.items():
        runs = []
        for i in range(3):
            root = tmp / "share-project"
            if case == "fresh":  # nothing built: no cache, no docs folders, no site, no bytecode of the package
                shutil.rmtree(root, ignore_errors=True)
                shutil.rmtree(site_dir, ignore_errors=True)  # a checkout has no site yet: none to remove
                shutil.rmtree(PACKAGE_BYTECODE, ignore_errors=True)
                project_copy(root)
            elif not root.is_dir():
                project_copy(root)
                share(root, site_dir)
            if case == "changed":
                change_text(root, back=i % 2 == 1)
            # What the file system still owes for the copy and the removals
            # before this build (the last copy's thousands of files, freed on a
            # disk that discards) is written out first: left pending, it was
            # paid by the build measured next, slowing both its sides by up to
            # a third (our docs folders' first write from 0.2 to 2.7 s).
            os.sync()
            runs.append(share(root, site_dir))
        percents = sorted(run.share for run in runs)
        each = "; ".join(f"{run.total - run.engine:.2f} s of {run.total:.2f} s ({run.wall:.1f} s wall)" for run in runs)
        print(f"  {when:44} our stages {percents[1]:3.0f} % (target <= 15 %; {percents[0]:.0f}–{percents[2]:.0f} %): {each}", flush=True)
        median = sorted(runs, key=lambda run: run.share)[1]
        print("    ours in the median run, part by part (CPU seconds, timed around each part's calls)")
        names = ["interpreter and imports"] + list(dict.fromkeys(name for name, _, _ in PARTS))
        for name in names:
            print(f"      {name:66} {median.parts.get(name, 0.0):5.2f} s")
        rest = median.total - median.engine - sum(median.parts.get(name, 0.0) for name in names if not name.startswith(" "))
        print(f"      {'the rest (git, the cards kept, the collector…)':66} {rest:5.2f} s", flush=True)
    shutil.rmtree(tmp / "share-project", ignore_errors=True)
    shutil.rmtree(site_dir, ignore_errors=True)


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        site_dir = Path(tmp) / "site"

        load = lambda: "load average %.1f %.1f %.1f on %d cores" % (*os.getloadavg(), os.cpu_count())  # noqa: E731
        print(time.strftime("Measured %Y-%m-%d %H:%M UTC", time.gmtime()) + f", {load()}")
        print()
        print("Our share of one bilingual build (CPU seconds, unprofiled; the engine timed around each of its runs)")
        shares(Path(tmp))
        print()
        print("Stages of one bilingual build (CPU seconds, profiled in one process: the profiler slows pure Python")
        print("more than the C parts, so these say where the time goes, not the share above; search and its analyses made, cards kept)")
        shutil.rmtree(ROOT / searchcache.CACHE, ignore_errors=True)
        stages, total, parses = stage_times(site_dir)
        for name, seconds in stages.items():
            print(f"  {name:36} {seconds:6.2f} s")
        print(f"  {'whole build':36} {total:6.2f} s")
        print(f"  sources parsed {parses} time(s) in one build")
        print()
        print("Page weight: what Chromium loads (every request until the network is idle), each file gzip -9")
        print("  first visit: nothing cached; then: the next page opened, what the cache did not serve")
        visits = [["lois/64/", "lois/12/"], ["lois/12/", "lois/64/"], ["", "lois/12/"], ["en/lois/64/"], ["que-faire-si/"]]
        for row in weigh(site_dir, visits):
            for i, (url, total_bytes, parts) in enumerate(row):
                when = "first visit" if i == 0 else f"then (after /{row[i - 1][0]})"
                detail = ", ".join(f"{name.rsplit('/', 1)[-1] or name} {b / 1000:.1f}" for name, b in sorted(parts, key=lambda x: -x[1]))
                print(f"  /{url:14} {when:24} {total_bytes / 1000:5.1f} KB  ({detail})")
        short = site_dir / "r" / "64B7" / "index.html"
        print(f"  /r/64B7/ (short link, the redirect alone) {len(gzip.compress(short.read_bytes(), 9)) / 1000:5.2f} KB ({len(short.read_bytes())} bytes raw)")
        print(f"  the offline app (service worker) keeps {offline_app_bytes(site_dir) / 1e6:.1f} MB gzip of the French site, after a first visit")
        print()
        print("Scaling: our stages on the code at 1×, 10×, 100× (CPU seconds; linear = ×10 per row)")
        rows = scaling()
        names = list(rows[0][2])
        print("  " + f"{'size':>22}" + "".join(f"{n[:24]:>26}" for n in names))
        for k, n, times in rows:
            print("  " + f"{f'{k}× ({n} provisions)':>22}" + "".join(f"{times[x]:>24.3f} s" for x in names))
        print()
        print(f"codebridge serve: saving a law source → the new page served ({load()})")
        seconds = serve_rebuild()
        print(f"  {seconds:.2f} s" if seconds is not None else "  did not see the change")
        print()
        print(f"Lighthouse 12, mobile, behind a compressing server (the site built with that server as its address; {load()})")
        scores = lighthouse(Path(tmp) / "public", ["", "lois/64/"])
        if scores is None:
            print("  skipped: npx is not installed")
        else:
            for page, s in scores.items():
                print(f"  /{page:10} " + ", ".join(f"{k} {v}" for k, v in s.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
