"""Build figures, measured: `make bench` (after the search figures).

    stages        CPU seconds of each stage of one bilingual `codebridge build`
                  (our stages and the engine's), and our share of the whole
    parses        how many times one build parses the sources
    scaling       each of our stages on the code at 1×, 10× and 100× its size
                  (every provision's paragraphs copied under new numbers, so
                  references, "Cité par" and pages grow with it)
    serve         seconds from saving a law source to the new page served by
                  `codebridge serve` (regenerate + the engine's dirty rebuild)
    weight        bytes of a law page, the home page and a short link, gzip,
                  with the CSS and JavaScript each loads on a first visit
    lighthouse    Lighthouse 12 (mobile) scores of the home and a law page,
                  behind a compressing server (skipped when npx is missing)

Timings depend on the machine: they are printed here, never asserted in tests.
"""

from __future__ import annotations

import cProfile
import dataclasses
import gzip
import http.server
import json
import pstats
import re
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

from codebridge import build, parse  # noqa: E402
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
    "search index (Whoosh)": ("index.py", "build"),
    "browser index": ("searchdata.py", "script"),
    "alphabetical Index": ("site.py", "index_page"),
    "write the docs folders": ("build.py", "_sync"),
    "theme CSS purge": ("build.py", "purge_theme_css"),
    # the engine
    "engine (MkDocs, both languages)": ("build.py", "run_mkdocs"),
}


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
    profiler = cProfile.Profile()
    start = time.process_time()
    profiler.enable()
    try:
        assert codebridge(["build", "--site-dir", str(site_dir)]) == 0
    finally:
        profiler.disable()
        parse.parse_code = real
        site_module.parse_code = real
    total = time.process_time() - start
    stats = pstats.Stats(profiler).stats
    out = {}
    for name, (file, func) in STAGES.items():
        out[name] = sum(v[3] for (f, _, fn), v in stats.items() if f.endswith("codebridge/" + file) and fn == func)
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
    from codebridge.collect import collect, references
    from codebridge.index import build as build_index
    from codebridge.layers import units
    from codebridge.render import Renderer
    from codebridge.shortlinks import short_pages
    from codebridge.site import Site

    base = Site.load(ROOT, "fr")
    rows = []
    for k in ks:
        code = scaled(base.code, k)
        n = sum(1 for law in code.present() for _ in law.provisions())
        times = {}
        t = time.process_time()
        sum(1 for law in code.present() for _ in units(law))
        times["units"] = time.process_time() - t
        t = time.process_time()
        layers = collect(code, "fr", references(code))  # "Voir aussi" aside: the search index is timed on its own
        times["references + Cité par index"] = time.process_time() - t
        renderer = Renderer(code, layers)
        t = time.process_time()
        for law in code.laws:
            renderer.law_page(law)
        times["law pages (render)"] = time.process_time() - t
        t = time.process_time()
        index = build_index(code, "fr", layers.text, base.terms)
        times["search index"] = time.process_time() - t
        index.close()
        t = time.process_time()
        for law in code.present():
            renderer.law_footer(law, "lois/x.md")
            for p in law.provisions():
                renderer.provision_footer(p, "lois/x.md")
        times["Cité par (footers)"] = time.process_time() - t
        t = time.process_time()
        short_pages(code, layers, True)
        times["short links"] = time.process_time() - t
        rows.append((k, n, times))
    return rows


# --------------------------------------------------------------------------
# Serve


def serve_rebuild() -> float | None:
    """Seconds from saving a law source to the change served."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for name in ("content", "site_overrides"):
            shutil.copytree(ROOT / name, root / name)
        for name in ("mkdocs.yml", "mkdocs.en.yml"):
            shutil.copy(ROOT / name, root / name)
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
            path = root / "content" / "sources" / "001_24f4e4c49b6593a4.txt"
            english = root / "content" / "translation" / "en" / "65.yaml"
            new_fr = path.read_text(encoding="utf-8").replace("A. Levées complètes", "A. Levées terminées")
            new_en = english.read_text(encoding="utf-8").replace('fr: "Levées complètes"', 'fr: "Levées terminées"')
            english.write_text(new_en, encoding="utf-8")
            path.write_text(new_fr, encoding="utf-8")
            return wait_for("Levées terminées", 60)
        finally:
            server.terminate()
            server.wait(timeout=20)


# --------------------------------------------------------------------------
# Weight


def weight(site_dir: Path, page: str) -> tuple[int, list[tuple[str, int]]]:
    """gzip bytes of a page and of every CSS and JavaScript file it loads."""
    path = site_dir / page
    html = path.read_bytes()
    parts = [(page, len(gzip.compress(html, 9)))]
    for ref in dict.fromkeys(re.findall(rb'<(?:script[^>]+src|link[^>]+href)="([^"]+\.(?:js|css))"', html)):
        asset = (path.parent / ref.decode()).resolve()
        if asset.is_file():
            parts.append((asset.relative_to(site_dir.resolve()).as_posix(), len(gzip.compress(asset.read_bytes(), 9))))
    return sum(b for _, b in parts), parts


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
    if shutil.which("npx") is None:
        return None
    import functools

    httpd = socketserver.ThreadingTCPServer(("127.0.0.1", 0), functools.partial(_Gzip, directory=str(site_dir)))
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
    finally:
        httpd.shutdown()
        httpd.server_close()
    return out


# --------------------------------------------------------------------------


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        site_dir = Path(tmp) / "site"
        print("Stages of one bilingual build (CPU seconds, profiled in one process)")
        stages, total, parses = stage_times(site_dir)
        ours = sum(v for k, v in stages.items() if not k.startswith("engine"))
        for name, seconds in stages.items():
            print(f"  {name:36} {seconds:6.2f} s")
        print(f"  {'whole build':36} {total:6.2f} s   our stages: {100 * ours / total:.0f} % of it")
        print(f"  sources parsed {parses} time(s) in one build")
        print()
        print("Page weight, gzip -9, first visit (the page and the CSS and JavaScript it loads)")
        for page in ("lois/64/index.html", "index.html", "en/lois/64/index.html"):
            total_bytes, parts = weight(site_dir, page)
            detail = ", ".join(f"{name.rsplit('/', 1)[-1]} {b / 1000:.1f}" for name, b in parts)
            print(f"  {page:28} {total_bytes / 1000:5.1f} KB  ({detail})")
        short = site_dir / "r" / "64B7" / "index.html"
        print(f"  {'r/64B7/ (short link)':28} {len(gzip.compress(short.read_bytes(), 9)) / 1000:5.2f} KB ({len(short.read_bytes())} bytes raw)")
        print()
        print("Scaling: our stages on the code at 1×, 10×, 100× (CPU seconds; linear = ×10 per row)")
        rows = scaling()
        names = list(rows[0][2])
        print("  " + f"{'size':>22}" + "".join(f"{n[:24]:>26}" for n in names))
        for k, n, times in rows:
            print("  " + f"{f'{k}× ({n} provisions)':>22}" + "".join(f"{times[x]:>24.3f} s" for x in names))
        print()
        print("codebridge serve: saving a law source → the new page served")
        seconds = serve_rebuild()
        print(f"  {seconds:.2f} s" if seconds is not None else "  did not see the change")
        print()
        print("Lighthouse 12, mobile, behind a compressing server")
        scores = lighthouse(site_dir, ["", "lois/64/"])
        if scores is None:
            print("  skipped: npx is not installed")
        else:
            for page, s in scores.items():
                print(f"  /{page:10} " + ", ".join(f"{k} {v}" for k, v in s.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
