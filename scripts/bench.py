"""Search figures, measured: `make bench`.

    index size     search/index.js of each language, raw and gzipped
    texts          the documents' texts beside it (search/texts/, a file per
                   page): all of them, and what the twenty results of each
                   query of both sets load (Python's ranking), gzipped
    build time     the search index's scores + browser index, per language (median of 3)
    query time     in Chromium, from each keystroke to the results painted,
                   typing every query of tests/search_queries.yaml and
                   tests/situation_queries.yaml
    recall@3, MRR  per query set and language, read from the page's result
                   list (Chromium) and from ``SearchIndex.search`` (Python);
                   and each set typed on the other language's site (Python)

Timings depend on the machine, so they are printed here and never asserted
in tests (the size limit is: tests/test_search.py).
"""

from __future__ import annotations

import functools
import gzip
import http.server
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402  (the tests' Chromium settings)

from codebridge import evaluation, searchdata  # noqa: E402
from codebridge.cli import main as codebridge  # noqa: E402
from codebridge.site import Site  # noqa: E402

LANGS = ("fr", "en")

# In the page: note each keystroke's time; when the input it causes has been
# handled by search.js (this listener runs after it), record the delay, then
# wait for two animation frames (the second runs after the frame showing the
# results was painted) and record that delay too.
PROBE = """
window.__bench = [];
let pressed = null;
document.addEventListener("keydown", e => { pressed = e.timeStamp; }, true);
document.addEventListener("input", () => {
  const start = pressed, handled = performance.now() - start;
  requestAnimationFrame(() => requestAnimationFrame(() => {
    window.__bench.push({handled: handled, painted: performance.now() - start});
  }));
});
"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def percentile(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round(p / 100 * (len(values) - 1)))]


def build_times() -> dict[str, float]:
    """Seconds to score the documents and build the browser index of each language."""
    out = {}
    for lang in LANGS:
        runs = []
        for _ in range(3):
            site = Site.load(ROOT, lang)
            _ = site.terms
            start = time.perf_counter()
            searchdata.script(site.search)
            runs.append(time.perf_counter() - start)
            site.search.close()
        out[lang] = statistics.median(runs)
    return out


def text_loads(lang: str, queries: list[str], sizes: dict[int, int]) -> list[int]:
    """For each query, the bytes (gzip) of the files of texts that its
    twenty results need (``searchdata.text_files``), as the page loads them."""
    ix = Site.load(ROOT, lang).search
    file_of = searchdata.text_file_of(ix)
    number = {doc.key: n for n, doc in enumerate(ix.docs)}
    out = []
    for query in queries:
        files = {file_of[n] for hit in ix.search(query, limit=20) if (n := number[hit.doc.key]) in file_of}
        out.append(sum(sizes[k] for k in files))
    return out


def browser_figures(site_dir: Path, queries) -> dict:
    from playwright.sync_api import sync_playwright

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site_dir)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    server = f"http://127.0.0.1:{httpd.server_port}"
    out = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for lang in LANGS:
                root_url = f"{server}/" + ("en/" if lang == "en" else "")
                page = browser.new_page(viewport={"width": 390, "height": 844})
                page.add_init_script(PROBE)
                page.goto(root_url + "lois/64/")
                start = time.perf_counter()
                page.keyboard.press("/")
                page.wait_for_function("window.codebridgeSearchIndex !== undefined")
                page.wait_for_function("document.querySelector('[data-cb-search-status]').textContent === ''")
                load = time.perf_counter() - start
                box = page.get_by_role("combobox")
                results = []
                page.evaluate("window.__bench = []")
                for query in (q for q in queries if q.lang == lang):
                    # clear without an input event: the clearing is not a keystroke
                    page.evaluate("document.querySelector('[data-cb-search] input').value = ''")
                    before = page.evaluate("window.__bench.length")
                    box.press_sequentially(query.q, delay=30)
                    page.wait_for_function(f"window.__bench.length >= {before + len(query.q)}")
                    hrefs = page.locator("[data-search-results] a").evaluate_all("els => els.map(a => a.href)")
                    results.append((query, [h[len(root_url) :] for h in hrefs]))
                marks = page.evaluate("window.__bench")
                times = [t["painted"] for t in marks]
                handled = [t["handled"] for t in marks]
                out[lang] = {"load": load, "times": times, "handled": handled, "results": results}
                page.close()
            browser.close()
    finally:
        httpd.shutdown()
        httpd.server_close()
    return out


def python_results(queries) -> list:
    """(query, result URLs) from ``codebridge search``, as many as the page lists."""
    sites = {lang: Site.load(ROOT, lang) for lang in LANGS}
    return [(q, [h.doc.url for h in sites[q.lang].search.search(q.q, limit=20)]) for q in queries]


def print_recall(name: str, results) -> None:
    for lang, (found, total, mrr) in evaluation.figures(results).items():
        print(f"  {name:9} {lang:3}  recall@3 {found:3}/{total:3} = {found / total:.3f}   MRR {mrr:.3f}")


def main() -> int:
    sets = {path: evaluation.load(ROOT, path) for path in evaluation.SETS}
    queries = [q for qs in sets.values() for q in qs]
    with tempfile.TemporaryDirectory() as tmp:
        site_dir = Path(tmp)
        print("building the site…", flush=True)
        if codebridge(["--root", str(ROOT), "build", "--site-dir", str(site_dir)]) != 0:
            return 1
        print()
        print("Search index (search/index.js)       raw        gzip     build (scores + browser index)")
        builds = build_times()
        for lang in LANGS:
            raw = (site_dir / ("en" if lang == "en" else "") / searchdata.PATH).read_bytes()
            print(
                f"  {lang}                               {len(raw) / 1000:6.1f} KB  {len(gzip.compress(raw, 9)) / 1000:6.1f} KB"
                f"   {builds[lang]:.2f} s"
            )
        print()
        print("Documents' texts (search/texts/), gzip  files   all       a query's 20 results: median   p95    max")
        for lang in LANGS:
            root = site_dir / ("en" if lang == "en" else "")
            terms = root / searchdata.TERMS  # the glossary's definitions: loaded the first time a term is shown
            sizes = {int(p.stem): len(gzip.compress(p.read_bytes(), 9)) for p in (root / searchdata.TEXTS).glob("*.js") if p != terms}
            loads = text_loads(lang, [q.q for q in queries if q.lang == lang], sizes)
            print(
                f"  {lang}                                    {len(sizes):5}  {sum(sizes.values()) / 1000:6.1f} KB"
                f"                        {statistics.median(loads) / 1000:5.1f} KB"
                f"  {sorted(loads)[int(len(loads) * 0.95)] / 1000:5.1f} KB  {max(loads) / 1000:5.1f} KB"
                f"   (the glossary's definitions apart: {len(gzip.compress(terms.read_bytes(), 9)) / 1000:.1f} KB)"
            )
        figures = browser_figures(site_dir, queries)
    print()
    print("Query time in Chromium, keystroke → results painted (index loaded)")
    every = []
    for lang in LANGS:
        f = figures[lang]
        every += f["times"]
        print(
            f"  {lang}  {len(f['times'])} keystrokes: median {statistics.median(f['times']):.1f} ms, "
            f"p95 {percentile(f['times'], 95):.1f} ms, max {max(f['times']):.1f} ms"
            f"   (index loaded in {f['load'] * 1000:.0f} ms over loopback HTTP)"
        )
    print(f"  all {len(every)} keystrokes: median {statistics.median(every):.1f} ms, p95 {percentile(every, 95):.1f} ms")
    handled = [t for lang in LANGS for t in figures[lang]["handled"]]
    print(
        f"  of which search and list update (keystroke → input handled): median {statistics.median(handled):.1f} ms, "
        f"p95 {percentile(handled, 95):.1f} ms"
    )
    browser = {id(q): urls for lang in LANGS for q, urls in figures[lang]["results"]}
    python = {id(q): urls for q, urls in python_results(queries)}
    for path, qs in sets.items():
        print()
        print(f"Recall@3 and MRR on {path} ({len(qs)} queries)")
        print_recall("Chromium", [(q, browser[id(q)]) for q in qs])
        print_recall("Python", [(q, python[id(q)]) for q in qs])
    print()
    print("The same sets typed on the other language's site (Python; its answers are the same provisions)")
    for path, qs in sets.items():
        print(f"  {path}")
        print_recall("Python", python_results(evaluation.crossed(qs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
