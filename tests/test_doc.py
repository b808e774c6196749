"""Pages as data (``doc``) and their one way into Markdown (``render.markdown``):
each text escaped for the place it lands in, whatever it holds."""

import ast
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from codebridge import doc
from codebridge.render import markdown

PACKAGE = Path(__file__).resolve().parents[1] / "scripts" / "codebridge"

NASTY = [
    "<script>alert(1)</script>",
    "**gras** _it_ `code` [lien](http://x) ![i](y)",
    "# pas un titre",
    "    quatre espaces",
    "1. pas une liste",
    "- pas une liste",
    "~~~",
    "a\nb",
    "&amp; &lt; { #id .cls }",
    'guillemets " et \' apostrophe',
    "{{ jinja }} %s \\ fin",
]


def _html(nodes, tmp_path) -> BeautifulSoup:
    """``nodes`` through Python-Markdown with the site's extensions."""
    import markdown as md

    text = markdown(nodes)
    body = text.split("---\n", 2)[-1] if text.startswith("---\n") else text
    out = md.markdown(body, extensions=["attr_list", "md_in_html", "admonition", "sane_lists"])
    return BeautifulSoup(out, "html.parser")


@pytest.mark.parametrize("text", NASTY)
def test_text_reads_as_written_in_every_context(text, tmp_path):
    shown = text.replace("\n", " ")  # a line break is a space, as a browser shows it
    nodes = [
        doc.Heading(2, (text,), "h"),
        doc.Para(("avant ", doc.Strong((text,)), " ", doc.Em((text,)))),
        doc.Para((doc.Link((text,), "lois/64.md", title=text, classes=("ref",), data=(("data-cite", "45C4(b)"),)),)),
        doc.Line("p", (text, doc.Tag("span", (text,), (("title", text),))), (("class", "raw"),)),
        doc.Line("p", (text,), (("class", "md"),), markdown=True),
        doc.Block("div", (doc.Para((text,)), doc.Items(((text,), (text, " ", doc.Code(text))))), (("class", "box"), ("id", "b"))),
    ]
    soup = _html(nodes, tmp_path)
    assert soup.find("h2", id="h").get_text() == shown
    strong, em = soup.find("strong"), soup.find("em")
    assert strong.get_text() == shown.strip(" ") and em.get_text() == shown.strip(" ")  # spaces stay outside the marks
    assert strong.parent.get_text().split() == f"avant {shown} {shown}".split()
    a = soup.find("a", class_="ref")
    assert a.get_text() == shown and a["title"] == shown and a["data-cite"] == "45C4(b)" and a["href"] == "lois/64.md"
    raw = soup.find("p", class_="raw")
    assert raw.get_text() == shown + shown and raw.find("span")["title"] == shown
    assert soup.find("p", class_="md").get_text() == shown
    box = soup.find("div", class_="box")
    assert [p.get_text() for p in box.find_all("p")] == [shown]
    code = " ".join(shown.split())  # a code span shows runs of spaces as one
    assert [li.get_text() for li in box.find_all("li")] == [shown, shown + " " + code]
    assert box.find("code").get_text() == code
    assert not soup.find("script") and not soup.find("h1")


@pytest.mark.parametrize("text", NASTY + ["</script><script>alert(1)</script>", "</form>"])
def test_raw_html_elements_hold_any_text(text, tmp_path):
    """A table or a form as raw HTML (``doc.Html``): text and attributes as
    written, the JSON for the page's script read back as given, whatever
    they hold (the scoring layer's tables, calculators and revoke helper)."""
    shown = text.replace("\n", " ")
    form = doc.Html("form", (
        doc.Html("fieldset", (
            doc.Line("legend", (text,)),
            doc.Line("span", (doc.Tag("label", (text,), (("for", "i"),)), " ", doc.Tag("input", (), (("id", "i"), ("value", text), ("checked", None)))), (("class", "f"),)),
        ), (("data-node", text), ("hidden", None))),
        doc.Data({"k": text}, (("class", "strings"),)),
        doc.Line("p", (doc.Strong((text,)),), (("class", "after"),)),
    ), (("class", "calc"),))
    soup = _html([form, doc.Para(("fin",))], tmp_path)
    (f,) = soup.find_all("form", class_="calc")
    fs = f.find("fieldset")
    assert fs["data-node"] == shown  # an attribute keeps its text, on one line
    assert fs.has_attr("hidden") and fs.find("legend").get_text() == shown
    assert f.find("label").get_text() == shown and f.find("input")["value"] == shown and f.find("input").has_attr("checked")
    assert not f.find("input").contents  # a void element holds nothing
    import json

    (script,) = f.find_all("script")
    assert json.loads(script.string) == {"k": text}
    assert f.find("p", class_="after").get_text() == shown
    assert soup.find_all("p")[-1].get_text() == "fin"  # the element ended where it should


def test_raw_html_refuses_what_it_cannot_hold():
    with pytest.raises(TypeError, match="holds nothing"):
        markdown([doc.Html("p", (doc.Line("span", (doc.Tag("input", ("x",)),)),))])
    with pytest.raises(TypeError, match="raw HTML"):
        markdown([doc.Html("div", (doc.Line("p", ("x",), markdown=True),))])
    with pytest.raises(TypeError, match="raw HTML"):
        markdown([doc.Html("div", (doc.Para(("x",)),))])


@pytest.mark.parametrize(
    "nodes,expected",
    [
        # (nodes, Markdown): the shapes the pages rely on
        ([doc.Heading(3, ("Titre",), "t", ("cb-x",))], "### Titre { #t .cb-x }\n"),
        ([doc.Para((doc.Link(("Loi 64",), "lois/64.md", classes=("ref",)),))], "[Loi 64](lois/64.md){ .ref }\n"),
        ([doc.Para((doc.Link(("x",), "a b(c).md"),))], "[x](a%20b%28c%29.md)\n"),  # a destination cannot end early
        ([doc.Line("p", ("a ", doc.Tag("a", ("b",), (("href", "x"), ("data-lang-switch", None)))))], '<p>a <a href="x" data-lang-switch>b</a></p>\n'),
        ([doc.Para(("  deux", doc.Break(), "  suite"))], "&#32;&#32;deux  \n  suite\n"),  # only a line's start is guarded
        ([doc.Note("info", 'Titre "x"', ("corps",))], '!!! info "Titre &quot;x&quot;"\n\n    corps\n'),
        ([doc.Front(title="T: x"), doc.Para(("p",))], "---\ntitle: 'T: x'\n---\n\np\n"),
        ([doc.Para((doc.Code("a`b"),))], "``a`b``\n"),
        ([doc.Html("div", (doc.Line("p", ("a",)), doc.Data({"s": "</b>"})), (("class", "x"),))],
         '<div class="x">\n<p>a</p>\n<script type="application/json">{"s": "\\u003c/b\\u003e"}</script>\n</div>\n'),
    ],
)
def test_markdown_shapes(nodes, expected):
    assert markdown(nodes) == expected


@pytest.mark.parametrize("value", ["*x*", "a `b`", "[l](u)", "&amp;", '"', "a _b_", "_x", "{ #i }", "a\nb"])
def test_attribute_lists_take_tokens_only(value):
    """Markdown reads an attribute list's text before the list is read: a value
    that is not an id, a class or a citation is refused, never half-escaped."""
    for node in (doc.Heading(2, ("t",), value), doc.Para((doc.Link(("t",), "x.md", classes=(value,)),)),
                 doc.Para((doc.Link(("t",), "x.md", data=(("data-cite", value),)),))):
        with pytest.raises(ValueError, match="attribute list"):
            markdown([node])


def test_marked_spans():
    text = "voir Loi 64 et Loi 12"
    spans = [(5, 11, doc.Strong((doc.SPAN_TEXT,))), (8, 11, doc.Em((doc.SPAN_TEXT,))), (15, 21, doc.Link((doc.Em((doc.SPAN_TEXT,)),), "12.md")), (0, 4, doc.Tag("b", ("vu",)))]
    assert doc.marked(text, spans) == (doc.Tag("b", ("vu",)), " ", doc.Strong(("Loi 64",)), " et ", doc.Link((doc.Em(("Loi 12",)),), "12.md"))


def test_unknown_node_is_refused():
    with pytest.raises(TypeError, match="not a block"):
        markdown([("not", "a node")])
    with pytest.raises(TypeError, match="not inline"):
        markdown([doc.Para((42,))])


# The modules that may write markup from content: the renderer, the escapes
# themselves, and the files that are not Markdown pages (the
# redirect pages, the sitemap's XML, the scripts' JSON).
ESCAPING = {"render.py", "escape.py", "shortlinks.py", "publish.py", "autolink.py", "searchdata.py"}
MARKDOWN_ESCAPES = {"md_text", "md_link_title", "md_html_text", "md_html_attr", "front_matter"}


def test_pages_are_escaped_in_one_place():
    """No page module escapes content or imports a Markdown escape: it builds
    ``doc`` nodes, and ``render.markdown`` writes them."""
    offenders = []
    for path in sorted(PACKAGE.glob("*.py")):
        if path.name in ESCAPING:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module in ("escape", "render", "html"):
                names = {a.name for a in node.names} & (MARKDOWN_ESCAPES | {"escape"})
                offenders += [f"{path.name}:{node.lineno} imports {n}" for n in sorted(names)]
            elif isinstance(node, ast.Import) and any(a.name == "html" for a in node.names):
                offenders.append(f"{path.name}:{node.lineno} imports html")
    assert not offenders, offenders


SERIALIZERS = {"markdown", "_block", "_raw", "_md", "_html", "_attrs", "_emphasis", "_code_span", "_token", "_destination"}


def test_render_escapes_in_its_serializer_only():
    """In ``render.py`` itself, the pages are built as nodes: only the
    functions that write nodes as Markdown (``render.markdown`` and its
    helpers) call an escape."""
    from codebridge import escape

    escapes = {name for name in dir(escape) if not name.startswith("_") and callable(getattr(escape, name))}
    tree = ast.parse((PACKAGE / "render.py").read_text(encoding="utf-8"))
    offenders = []
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.Lambda)) or getattr(fn, "name", None) in SERIALIZERS:
            continue
        for node in ast.walk(fn):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in escapes | {"html"}:
                offenders.append(f"render.py:{node.lineno} {getattr(fn, 'name', 'lambda')} calls {node.func.id}")
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "html":
                offenders.append(f"render.py:{node.lineno} {getattr(fn, 'name', 'lambda')} uses html.{node.attr}")
    assert not offenders, offenders
