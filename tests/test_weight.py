"""What each built page links: the stylesheets and scripts only some pages
need are linked by exactly those pages (codebridge.build.page_assets)."""

from __future__ import annotations

import re
from pathlib import Path

from bs4 import BeautifulSoup

from codebridge import build

ROOT = Path(__file__).resolve().parents[1]
OWN_CLASS = re.compile(r"\.(cb-[\w-]+)")


def pages(site: Path):
    for path in sorted(site.rglob("*.html")):
        if path.relative_to(site).parts[0] != "r":  # short links: redirects, no assets
            yield path, BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def linked(soup, rel: str) -> bool:
    urls = [tag.get("href") for tag in soup.find_all("link", rel="stylesheet")]
    urls += [tag.get("src") for tag in soup.find_all("script", src=True)]
    return any(url and url.endswith(rel) for url in urls)


def test_page_stylesheets_where_their_classes_are(site):
    """A page links an optional stylesheet if and only if its content
    carries a class that stylesheet styles."""
    seen = {}
    for rel in build.PAGE_STYLESHEETS:
        styled = set(OWN_CLASS.findall((ROOT / build.STATIC / rel).read_text(encoding="utf-8")))
        assert styled, rel
        count = 0
        for path, soup in pages(site):
            content = soup.select_one("article.md-content__inner") or soup.new_tag("div")
            used = {c for tag in content.find_all(class_=True) for c in tag["class"]}
            if linked(soup, rel):
                count += 1
            assert linked(soup, rel) == bool(used & styled), (path, rel, sorted(used & styled))
        seen[rel] = count
    assert all(seen.values()), seen  # each is used somewhere
    assert seen["assets/stylesheets/scoring.css"] < 60, seen  # and not everywhere


def test_scoring_scripts_on_the_calculators_pages(site):
    """The calculators' script on the pages with a calculator, the revoke
    helper's on the page with the helper (Law 64 does not load the
    calculators: its first visit stays under 50 KB), the rules and what
    the two share on both, each linked once."""
    with_scripts: dict[str, set[str]] = {"calc": set(), "revoke": set()}
    for path, soup in pages(site):
        calculator = bool(soup.select("form.cb-calc[data-calc]"))
        helper = bool(soup.select("form[data-revoke]"))
        for rel, wanted in (("scoring-data.js", calculator or helper), ("calc.js", calculator or helper), ("scoring.js", calculator), ("revoke.js", helper)):
            assert linked(soup, "assets/javascripts/" + rel) == wanted, (path, rel)
        scripts = [s["src"] for s in soup.select("script[src]")]
        assert len(scripts) == len(set(scripts)), path
        for kind, has in (("calc", calculator), ("revoke", helper)):
            if has:
                with_scripts[kind].add(path.relative_to(site).as_posix())
    assert {"lois/77/index.html", "lois/78/index.html", "en/lois/77/index.html"} <= with_scripts["calc"]
    assert {"lois/64/index.html", "en/lois/64/index.html"} == with_scripts["revoke"]


def test_search_is_not_loaded_with_the_page(site):
    """search.js comes when search opens (publish.js): no page links it, and
    the dialog tells where it is."""
    for path, soup in pages(site):
        assert not linked(soup, "search.js"), path
        dialog = soup.select_one("dialog[data-cb-search]")
        if dialog is not None:
            script = dialog["data-script"]
            assert script.endswith("assets/javascripts/search.js"), path
            if not script.startswith("/"):  # the 404 pages' links are absolute from the site's address
                assert (path.parent / script).is_file(), path


def test_scripts_are_served_without_their_comments(site, root):
    """The site's scripts lose their comment lines, blank lines and
    indentation, nothing else: each still parses the same (Chromium runs
    them in the browser tests), a comment after code stays."""
    from codebridge.build import lean_script

    js = "/* header\n * more */\n(function () {\n  // a note\n\n  var a = \"/* not a comment */\";  /* after code */\n  /* one line */ var b = 1;\n})();\n"
    assert lean_script(js) == '(function () {\nvar a = "/* not a comment */";  /* after code */\nvar b = 1;\n})();\n'
    source = (root / "content" / "pages" / "assets" / "javascripts" / "theme.js").read_text(encoding="utf-8")
    served = (site / "assets" / "javascripts" / "theme.js").read_text(encoding="utf-8")
    assert served == lean_script(source) and len(served) < 0.8 * len(source)
    assert not [line for line in served.splitlines() if line.lstrip().startswith(("/*", "//", "*"))]



def test_style_sheets_are_served_without_their_comments(site, root):
    """The site's style sheets lose their comments, blank lines and
    indentation; a quoted string is kept, whatever it holds."""
    from codebridge.build import lean_style

    css = '/* header\n * more */\n.a::before { content: "/* kept */"; }  /* after a rule */\n\n  .b { color: red; } /* c */\n'
    assert lean_style(css) == '.a::before { content: "/* kept */"; }\n.b { color: red; }\n'
    for name in ("code.css", "publish.css", "scoring.css"):
        source = (root / "content" / "pages" / "assets" / "stylesheets" / name).read_text(encoding="utf-8")
        served = (site / "assets" / "stylesheets" / name).read_text(encoding="utf-8")
        assert served == lean_style(source) and "/*" not in served and len(served) < len(source), name
