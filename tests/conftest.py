"""Session fixtures over the real sources and one real build of the site."""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

import pytest

from codebridge import strings
from codebridge.cli import main
from codebridge.parse import parse_code

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "content" / "sources"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", help="rewrite tests/golden/ from the sources")


@pytest.fixture(autouse=True)
def checkout_strings():
    """Each test ends reading this checkout's interface strings again: a
    build with ``--root`` reads its project's own (``strings.read_from``)."""
    yield
    strings.read_from(ROOT)


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def code():
    return parse_code(SOURCES)[0]


@pytest.fixture(scope="session")
def parsed():
    return parse_code(SOURCES)[1]


@pytest.fixture(scope="session")
def sites(root):
    """The French and English sites as the build collects them (pages, search index)."""
    from codebridge.site import Site

    return {lang: Site.load(root, lang) for lang in ("fr", "en")}


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    """The French and English sites, built once by the real command."""
    out = tmp_path_factory.mktemp("site")
    assert main(["build", "--site-dir", str(out)]) == 0
    return out


@pytest.fixture(scope="session")
def offline_site(tmp_path_factory) -> Path:
    """The copy to open from file:// (``make offline``), built by the real command."""
    out = tmp_path_factory.mktemp("site-offline")
    assert main(["build", "--offline", "--site-dir", str(out)]) == 0
    return out


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class _Server(http.server.ThreadingHTTPServer):
    """A browser that closes a page stops its requests: the server's thread
    then meets a closed socket, which is no error of the site (printed, it
    would land in the output of whichever test runs at that moment)."""

    def handle_error(self, request, client_address):
        import sys

        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


PUBLIC_PREFIX = "/sub/code/"  # the public site is hosted under a sub-path, as on GitHub Pages


@pytest.fixture(scope="session")
def public_port():
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def public_site(tmp_path_factory, public_port) -> Path:
    """The site built by the real command with its public address set
    (``SITE_URL``), the address ``public_server`` serves it at."""
    import os

    out = tmp_path_factory.mktemp("public-site")
    os.environ["SITE_URL"] = f"http://127.0.0.1:{public_port}{PUBLIC_PREFIX}"
    try:
        assert main(["build", "--site-dir", str(out)]) == 0
    finally:
        del os.environ["SITE_URL"]
    return out


class _Host(_Quiet):
    """A static host under a sub-path: unknown addresses get the site's
    ``404.html`` with status 404, as GitHub Pages does."""

    def translate_path(self, path):
        path = path.split("?", 1)[0].split("#", 1)[0]
        if not path.startswith(PUBLIC_PREFIX):
            return str(Path(self.directory) / "__missing__")
        return super().translate_path("/" + path[len(PUBLIC_PREFIX):])

    def send_head(self):
        target = Path(self.translate_path(self.path))
        if target.is_dir() and self.path.split("?")[0].endswith("/"):
            target = target / "index.html"
        if not target.exists():
            body = (Path(self.directory) / "404.html").read_bytes()
            self.send_response(404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            import io

            return io.BytesIO(body)
        return super().send_head()


@pytest.fixture(scope="session")
def public_server(public_site, public_port):
    """The public site served at its public address (a sub-path of loopback)."""
    httpd = _Server(("127.0.0.1", public_port), functools.partial(_Host, directory=str(public_site)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{public_port}{PUBLIC_PREFIX}"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="session")
def server(site):
    """The built site served on loopback, as a host would serve it."""
    httpd = _Server(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright
    if not Path(CHROMIUM).exists():
        pytest.fail("Chromium is missing: run `make test`, which installs Debian's chromium")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def desktop(browser):
    """A page 1280 × 900, as on a desktop screen."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def phone(browser):
    """A page 390 px wide, as on a phone."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    yield page
    context.close()


AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
# WCAG 2.2 AA, the rules axe-core tags for it.
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


@pytest.fixture(scope="session")
def axe():
    """``axe(page)`` runs axe-core in the page and returns its serious and
    critical violations as ``(rule id, [selectors])`` pairs."""
    if not AXE.exists():
        pytest.fail("axe-core is missing: run `make test`, which installs it from npm")
    source = AXE.read_text(encoding="utf-8")

    def run(page, tags=AXE_TAGS):
        page.add_script_tag(content=source)
        result = page.evaluate(
            "async (tags) => await axe.run(document, {runOnly: {type: 'tag', values: tags}})", tags
        )
        return [
            (v["id"], [n["target"] for n in v["nodes"]])
            for v in result["violations"]
            if v["impact"] in ("serious", "critical")
        ]

    return run
