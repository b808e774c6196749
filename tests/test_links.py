"""References as links in the built site; "Cité par"; short links; auto-linker."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from bs4 import BeautifulSoup

from codebridge import collect, labels
from codebridge.site import Site

from .test_site import page


@pytest.fixture(scope="module")
def site_fr(root):
    return Site.load(root, "fr")


def test_every_reference_is_a_link_with_a_preview(site, site_fr):
    expected: dict[str, list[str]] = {}
    for r in site_fr.index.refs:
        if r.start != r.end:
            expected.setdefault(r.source[0], []).append(labels.citation(r.target))
    total = 0
    for number, targets in expected.items():
        soup = page(site, labels.law_path(number))
        links = soup.select("article a.ref")
        assert sorted(a["data-cite"] for a in links) == sorted(targets), number
        for a in links:
            label = labels.parse_anchor(labels.anchor(_label(a["data-cite"])))
            title = a.get("title", "")
            assert title.startswith(labels.cite(label)), (number, title)
        total += len(links)
    assert total == len([r for r in site_fr.index.refs if r.start != r.end]) > 180


def test_every_reference_anywhere_shows_its_preview(site):
    """Every reference link of the site, in both languages (law pages,
    commentaries, cases, situations, absent laws' pages…), carries its
    preview: the citation, then the start of its text or what stands there."""
    total = 0
    for path in sorted(site.rglob("*.html")):
        if "/r/" in path.as_posix():
            continue
        for a in BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser").select("a.ref"):
            title = a.get("title", "")
            assert " — " in title and title.split(" — ")[1].strip(), (path, a.get_text(), title)
            total += 1
    assert total > 3000


def test_a_case_leads_to_the_anchor_of_an_absent_laws_provision(site):
    """A case's words citing a provision of a law the sources lack that
    the laws cite (« Loi 12C1(c) », cited by 86B1) lead to its anchor on
    that law's page, as the laws' own references do."""
    soup = page(site, "exemples/marque-ajustee-equipes/")
    hrefs = {a["href"] for a in soup.select("article a.ref") if a.get_text() == "Loi 12C1(c)"}
    assert hrefs == {"../../lois/12/#12C1c"}


def _label(citation: str):
    from codebridge.glossary import parse_citation

    return parse_citation(citation)


@pytest.mark.parametrize(
    "path,text,href",
    [
        ("lois/45/", "64B7", "../64/#64B7"),  # "Lois 64A, 64B7 et 64C" across three lines
        ("lois/40/", "B2(a)(v)", "#40B2a-v"),  # relative, same page
        ("lois/86/", "Loi 12C1(c)", "../12/#12C1c"),  # into an absent law, at its future anchor
        ("lois/62/", "Loi Loi 43B2(b)", "../43/#43B2b"),  # doubled word, one link
        ("lois/93/", "1", "#93C1"),  # "Nonobstant 1 et 2 ci-dessus"
        ("en/lois/45/", "64B7", "../64/#64B7"),  # the English page links the same
        ("en/lois/40/", "B2(a)(v)", "#40B2a-v"),
    ],
)
def test_reference_targets(site, path, text, href):
    links = {a.get_text(): a["href"] for a in page(site, path).select("article a.ref")}
    assert links[text] == href


def test_absent_law_page_keeps_cited_anchors(site):
    soup = page(site, "lois/12/")
    target = soup.find(id="12C1c")
    assert target is not None and "86B1" in target.get_text()


def test_cited_by(site):
    soup = page(site, "lois/64/")
    b7 = soup.find(id="64B7")
    assert [a.get_text() for a in b7.select(".cb-cited-by a")] == ["45D2(a)", "64C2(b)"]
    summary = soup.select_one(".cb-law-cited")
    assert "Loi 43B2(b)" in summary.get_text() and "Loi 67B1(a)" in summary.get_text()
    # commentaries cite too
    soup = page(site, "lois/61/")
    assert "Commentaires" in soup.find(id="61B").find_next(class_="cb-cited-by").get_text()


def test_copy_controls(site):
    tools = page(site, "lois/64/").find(id="64B7").select_one(".cb-tools")
    assert tools["data-anchor"] == "64B7" and tools["data-cite"] == "Loi 64B7"
    assert [b["data-copy"] for b in tools.select("button")] == ["link", "cite", "quote"]


def test_short_links(site, code):
    count = 0
    for law in code.laws:
        for label in [law.label] + [p.label for p in law.provisions()]:
            assert (site / labels.short_path(label) / "index.html").is_file(), label
            assert (site / "en" / labels.short_path(label) / "index.html").is_file(), label
            count += 1
    soup = page(site, "r/64B7/")
    target = "../../lois/64/#64B7"
    assert soup.find("meta", attrs={"http-equiv": "refresh"})["content"] == f"0; url={target}"
    assert soup.select_one("body a")["href"] == target  # without JavaScript
    og = soup.find("meta", property="og:title")["content"]
    assert og == "Loi 64B7 — Loi 64\u00a0: Procédure après la consommation d'une renonce"
    assert soup.find("meta", property="og:description")["content"].startswith("Il n’y a pas d’ajustement automatique de levée … quand les deux camps ont fait une renonce")
    assert count == 94 + sum(1 for l in code.present() for _ in l.provisions())
    # a provision of an absent law that a law cites has its anchor on its law's page, and a short link to it
    cited = collect.placeholders(code, collect.references(code))
    assert ("12", "C", "1", "c") in cited
    for label in cited:
        soup = page(site, labels.short_path(label))
        target = soup.select_one("body a")["href"]
        assert target == "../../" + labels.url(label), label
        assert page(site, labels.url(label).split("#")[0]).find(id=labels.anchor(label)), label
        assert (site / "en" / labels.short_path(label) / "index.html").is_file(), label


def test_open_graph_per_law(site):
    soup = page(site, "lois/64/")
    assert soup.find("meta", property="og:title")["content"] == "Loi 64 – Procédure après la consommation d'une renonce"
    assert soup.find("meta", property="og:description")["content"].startswith("Quand une renonce est consommée")


def test_commentary_pages(site):
    soup = page(site, "commentaires/commentaire-loi-61-renonce/")
    links = {a.get_text(): a["href"] for a in soup.select("article a.ref")}
    assert links["Loi 64_&B3"] == "../../lois/64/#64B3"
    assert links["&C"] == "../../lois/64/#64C"
    assert links["&B"] == "../../lois/61/#61B"
    fixes = soup.select(".cb-fix")
    assert fixes and fixes[0].get_text() in "♦♣♥♠" and "source" in fixes[0]["title"]
    text = soup.select_one("article").get_text()
    assert "Ouest en main, tire la Dame de" in text
    soup = page(site, "commentaires/atelier-lois-les-plus-utilisees/")
    hrefs = [a["href"] for a in soup.select("article a.ref")]
    assert "../../lois/27/" in hrefs and "../../lois/41/#41B" in hrefs


def test_autolink_cli_markdown(tmp_path):
    path = tmp_path / "lettre.md"
    path.write_text("Voir Loi 64B7, et `Loi 50` ; [Loi 12](x) ; Lois 47E et 54.\n", encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "codebridge", "autolink", str(path), "--base", "https://example.org/code/"],
        capture_output=True, text=True, check=True,
    ).stdout
    assert out == (
        "Voir [Loi 64B7](https://example.org/code/lois/64/#64B7), et `Loi 50` ; [Loi 12](x) ; "
        "[Lois 47E](https://example.org/code/lois/47/#47E) et [54](https://example.org/code/lois/54/).\n"
    )


# Code stays as it is; the text after it is linked.
PROTECTED = [
    ("    Loi 50 en code\nVoir Loi 64B7.\n", "    Loi 50 en code\nVoir [Loi 64B7](/lois/64/#64B7).\n"),  # an indented line
    ("```\nLoi 50\n```\nVoir Loi 64B7.\n", "```\nLoi 50\n```\nVoir [Loi 64B7](/lois/64/#64B7).\n"),  # a fenced block
    ("`Loi 50` puis Loi 64B7", "`Loi 50` puis [Loi 64B7](/lois/64/#64B7)"),  # a code span
    # front matter: a YAML title beginning with "[" would be a list
    ("---\ntitle: Loi 64B7 et la suite\n---\nVoir Loi 64B7.\n", "---\ntitle: Loi 64B7 et la suite\n---\nVoir [Loi 64B7](/lois/64/#64B7).\n"),
    # a link by reference, its definition and its title, an HTML link: no link inside a link
    ("[voir la Loi 64B7][1] et Loi 50\n\n[1]: https://x.org/ \"Loi 64B7\"\n",
     "[voir la Loi 64B7][1] et [Loi 50](/lois/50/)\n\n[1]: https://x.org/ \"Loi 64B7\"\n"),
    ('<a href="https://x.org/">la Loi 64B7</a> et Loi 50', '<a href="https://x.org/">la Loi 64B7</a> et [Loi 50](/lois/50/)'),
    # fences of tildes, of four backticks holding three, in a list, in a quote; one left open runs to the end
    ("~~~\nLoi 50\n~~~\nLoi 61\n", "~~~\nLoi 50\n~~~\n[Loi 61](/lois/61/)\n"),
    ("````\n```\nLoi 50\n```\n````\nLoi 61\n", "````\n```\nLoi 50\n```\n````\n[Loi 61](/lois/61/)\n"),
    ("- a\n\n  ```\n  Loi 50\n  ```\nLoi 61\n", "- a\n\n  ```\n  Loi 50\n  ```\n[Loi 61](/lois/61/)\n"),
    ("> ```\n> Loi 50\n> ```\n\nLoi 61\n", "> ```\n> Loi 50\n> ```\n\n[Loi 61](/lois/61/)\n"),
    ("Loi 61\n```\nLoi 50\n", "[Loi 61](/lois/61/)\n```\nLoi 50\n"),
    # the elements whose content is no text, whole
    ("<pre>\nLoi 50\n</pre>\nLoi 61", "<pre>\nLoi 50\n</pre>\n[Loi 61](/lois/61/)"),
    ('<script>var x = "Loi 50";</script>\nLoi 61', '<script>var x = "Loi 50";</script>\n[Loi 61](/lois/61/)'),
    # a tag whose attribute holds ">": the tag whole
    ('<img alt="a -> Loi 50" src="x.png"> Loi 61', '<img alt="a -> Loi 50" src="x.png"> [Loi 61](/lois/61/)'),
    # an HTML block: linked as HTML, where Markdown's syntax would show as written
    ('<div class="n">\nVoir Loi 61.\n\nEt Loi 62.\n</div>\n\nLoi 63',
     '<div class="n">\nVoir <a class="cb-autolink" href="/lois/61/">Loi 61</a>.\n\nEt <a class="cb-autolink" href="/lois/62/">Loi 62</a>.\n</div>\n\n[Loi 63](/lois/63/)'),
    # a footnote's text is text; character references are read as their characters
    ("[^1]: Loi 64B7.", "[^1]: [Loi 64B7](/lois/64/#64B7)."),
    ("Loi&nbsp;64B7&nbsp;: «&#160;Loi 61&#x202F;»", "[Loi&nbsp;64B7](/lois/64/#64B7)&nbsp;: «&#160;[Loi 61](/lois/61/)&#x202F;»"),
]


def test_autolink_markdown_keeps_an_odd_base_inside_its_link(code):
    """A base holding a space or a parenthesis (a folder on a file server)
    stays inside the link's address: percent-encoded, it neither ends the
    link nor starts a title."""
    from codebridge.autolink import autolink_markdown

    out = autolink_markdown("Voir Loi 64B7.", code, "file:///Mes documents/code (2017)/")
    assert out == "Voir [Loi 64B7](file:///Mes%20documents/code%20%282017%29/lois/64/#64B7)."


@pytest.mark.parametrize("text,expected", PROTECTED)
def test_autolink_markdown_leaves_code_alone_and_links_what_follows(code, text, expected):
    from codebridge.autolink import autolink_markdown

    assert autolink_markdown(text, code, "/") == expected


def test_autolink_cli_html(tmp_path, capsys):
    from codebridge.cli import main

    path = tmp_path / "page.html"
    path.write_text('<p>la Loi 45C4(b) <a href="x">Loi 50</a> <code>Loi 51</code> Loi 40F9</p>', encoding="utf-8")
    assert main(["autolink", str(path), "--base", "https://example.org/"]) == 0
    soup = BeautifulSoup(capsys.readouterr().out, "html.parser")
    assert [(a.get_text(), a["href"]) for a in soup.select("a")] == [
        ("Loi 45C4(b)", "https://example.org/lois/45/#45C4b"),
        ("Loi 50", "x"),
    ]


def test_autolink_cli_html_keeps_the_document_as_written(tmp_path, capsys):
    """A whole HTML page: its head and title stay as they are, and every
    byte but the links added (the doctype, the entities, the attributes'
    order, a self-closed tag) is the file's."""
    from codebridge.cli import main

    page = (
        '<!doctype html>\n<html><head><title>Loi 64B7</title><meta name="description" content="Loi 64B7"/></head>\n'
        '<body><p data-b="2" class="x">Voir&nbsp;: Loi 64B7<br/>et la <a href="y"><b>Loi 50</b></a>, puis Loi 61.</p>'
        "<script>var s = 'Loi 62';</script></body></html>\n"
    )
    path = tmp_path / "page.html"
    path.write_text(page, encoding="utf-8")
    assert main(["autolink", str(path), "--base", "https://example.org/"]) == 0
    out = capsys.readouterr().out
    link = '<a class="cb-autolink" href="https://example.org/lois/{}">{}</a>'
    assert out == page.replace(": Loi 64B7<br/>", ": " + link.format("64/#64B7", "Loi 64B7") + "<br/>").replace(
        "puis Loi 61.", "puis " + link.format("61/", "Loi 61") + "."
    )


def test_autolink_html_reads_attributes_and_references_as_html_does(code):
    """An attribute holding ">" stays whole (a link was written inside
    it), and « Loi&nbsp;64B7&nbsp;: » is Law 64B7, as a browser shows it."""
    from codebridge.autolink import autolink_html

    page = '<p><img src="d.png" alt="Donne 3 -> voir Loi 64B7"> Loi&nbsp;61&nbsp;: «&nbsp;Loi 64B7&nbsp;» &lt;Loi 50&gt;</p><p title="a > Loi 62">x</p>'
    link = '<a class="cb-autolink" href="/lois/{}">{}</a>'
    assert autolink_html(page, code, "/") == (
        '<p><img src="d.png" alt="Donne 3 -> voir Loi 64B7"> ' + link.format("61/", "Loi&nbsp;61") + "&nbsp;: «&nbsp;"
        + link.format("64/#64B7", "Loi 64B7") + "&nbsp;» &lt;" + link.format("50/", "Loi 50") + '&gt;</p><p title="a > Loi 62">x</p>'
    )


def test_autolink_cli_keeps_line_ends_and_byte_order_mark(tmp_path, capsysbinary):
    """A file saved with CRLF line ends and a byte order mark comes back
    with both, front matter read as such; --base is the site's root, the
    English pages under its en/ (given as the English site's, not twice)."""
    from codebridge.cli import main

    path = tmp_path / "lettre.md"
    path.write_bytes("\ufeff---\r\ntitle: Loi 50\r\n---\r\nVoir Loi 64B7.\r\n".encode("utf-8"))
    assert main(["autolink", str(path), "--base", "https://example.org/"]) == 0
    out = capsysbinary.readouterr().out
    assert out == "\ufeff---\r\ntitle: Loi 50\r\n---\r\nVoir [Loi 64B7](https://example.org/lois/64/#64B7).\r\n".encode("utf-8")
    for base in ("https://example.org/", "https://example.org/en/"):
        assert main(["autolink", str(path), "--base", base, "--lang", "en"]) == 0
        assert b"(https://example.org/en/lois/64/#64B7)" in capsysbinary.readouterr().out


def test_autolink_cli_links_to_the_public_address(tmp_path):
    """Without --base, the links lead to the site's public address
    (SITE_URL, or site_url): a newsletter's links work wherever it is read;
    with none, the command says its links are relative."""
    path = tmp_path / "lettre.md"
    path.write_text("Voir Loi 64B7.\n", encoding="utf-8")
    env = {**os.environ, "SITE_URL": "https://example.org/code"}
    run = lambda *args, env=env: subprocess.run([sys.executable, "-m", "codebridge", "autolink", str(path), *args], capture_output=True, text=True, check=True, env=env)  # noqa: E731
    assert run().stdout == "Voir [Loi 64B7](https://example.org/code/lois/64/#64B7).\n"
    assert run("--lang", "en").stdout == "Voir [Loi 64B7](https://example.org/code/en/lois/64/#64B7).\n"
    bare = {k: v for k, v in os.environ.items() if k != "SITE_URL"}
    done = run(env=bare)
    assert done.stdout == "Voir [Loi 64B7](./lois/64/#64B7).\n" and "--base" in done.stderr


def test_autolink_js_is_generated_from_the_grammar(site):
    js = (site / "assets" / "javascripts" / "autolink.js").read_text(encoding="utf-8")
    # "<" is written \u003c (escape.js_string): the same regex for JavaScript
    assert "/*REFERENCE*/" not in js and "(?\\u003clist\\u003e" in js
    assert "/*ITEM*/" not in js and "/*PARTS*/" not in js and "(?\\u003ccite\\u003e" in js and "(?\\u003croman\\u003e" in js
    assert '"64B7"' in js
