"""Property-based tests: any input either parses or is refused with a
``SourceError`` naming its file (and line where there is one) — never
another exception, never a traceback.

Over the reference grammar, the law parser, the manifest, the translation
and glossary loaders, and the escaping helpers. Kept fast and reproducible:
few examples, no deadline, derandomized (the same examples on every run).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import markdown
import pytest
import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from codebridge import escape, labels
from codebridge.layers import Unit
from codebridge.parse import parse_source
from codebridge.references import find_references, known_labels, malformed_citations, unit_references
from codebridge.inputs import SourceError

FAST = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

# Pieces of the sources' grammar, so that examples reach the parser's
# deeper branches instead of failing at the first line.
PIECES = [
    "Loi 40 – Titre", "Loi 41 – Autre", "Loi 07 – Zéro", "Loi 99 – Trop", "LOI 73 – Capitales", "Annexe – Boîtes",
    "A. Section", "B. Suite", "D. Saut", "1. Un alinéa.", "2. Deux :", "1.Collé", "3. Trois", "(a) lettre ;",
    "(b) autre", "(i) romain", "(ii) deux", "(v) cinq", "1) sous-item", "- tiret ;", "(1) Une note.", "(2) Autre note.",
    "* Note étoilée.", "** Deux étoiles.", "voir la Loi 64B7", "Lois 47E et 54", "Loi 064", "Loi 64Z9", "(12)",
    "texte (1) appel", "B ci-dessus", "Sauf cas B1", "Haut de la loi · Sommaire", "sportsregions", "", "   ",
    "~~~", "```", "# titre", "| a |", "<b>", "<img src=x", "&nbsp;", "\t", "x" * 500,
]
line = st.one_of(st.sampled_from(PIECES), st.text(max_size=40))
source_text = st.lists(line, max_size=30).map("\n".join)


@FAST
@given(source_text)
def test_the_parser_parses_or_refuses(text):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "src.txt"
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
        try:
            parse_source(path)
        except SourceError as exc:
            assert exc.file == "src.txt" and str(exc).startswith("src.txt")


@FAST
@given(st.binary(max_size=200))
def test_the_parser_refuses_any_bytes_cleanly(data):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "src.txt"
        path.write_bytes(data)
        try:
            parse_source(path)
        except SourceError as exc:
            assert exc.file == "src.txt"


CITING = st.lists(
    st.one_of(
        st.sampled_from(
            ["Loi ", "Lois ", "loi ", "LOI ", "la Loi Loi ", " et ", " ou la Loi ", ", ", " à ", ".", "&", "_&", "-&",
             "(", ")", " ci-dessus", " ci-dessous", "voir ", "Sauf cas ", "enfreint "]
        ),
        st.from_regex(r"\A(0?\d{1,3}[A-Z]?\d{0,3}(\([a-z]\))?(\([ivx]{1,6}\))?)\Z"),
        st.text(max_size=8),
    ),
    max_size=12,
).map("".join)


@FAST
@given(CITING)
def test_the_reference_grammar_never_fails(code, text):
    known = _known(code)
    for owner in (("40",), ("64", "B", "7"), ("45", "C", "4", "b"), ("71", "1"), ("annexe", "1")):
        unit = Unit("k:0", owner, "para", text, None)
        refs, problems = unit_references(unit, code, known)
        for r in refs:  # every link lands on a law of the code
            assert r.target[0] in labels.ALL_LAWS
        for p in problems:
            str(p)
    found = find_references(text, commentary=True)
    for a, b in malformed_citations(text, found):
        assert 0 <= a < b <= len(text)


_KNOWN = {}


def _known(code):
    if "k" not in _KNOWN:
        _KNOWN["k"] = known_labels(code)
    return _KNOWN["k"]


@FAST
@given(st.text(max_size=30))
def test_citations_parse_or_raise_value_error(text):
    try:
        label = labels.parse_citation(text)
    except ValueError:
        return
    assert labels.anchor(label)


# YAML documents: random structures dumped for real, and raw text.
SCALAR = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=20))
def _nested(inner):
    return st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=10), inner, max_size=4))


STRUCTURE = st.recursive(SCALAR, _nested, max_leaves=12)
YAML_TEXT = st.one_of(
    STRUCTURE.map(lambda d: yaml.safe_dump(d, allow_unicode=True)),
    st.text(max_size=200),
    st.sampled_from(["- a\n- b\n", "just text\n", "{", "key: [", "\"40:title\": {fr: 1, en: 2}\n", "!!python/object:os.system\n"]),
)


@pytest.fixture(scope="module")
def law_copy(tmp_path_factory, root):
    """The translation and glossary folders of a copy of the content."""
    import shutil

    dest = tmp_path_factory.mktemp("props")
    shutil.copytree(root / "content", dest / "content")
    return dest


@FAST
@given(YAML_TEXT)
def test_the_translation_loader_loads_or_refuses(law_copy, code, text):
    from codebridge.translation import load

    folder = law_copy / "content" / "translation" / "en"
    path = folder / "40.yaml"
    original = path.read_bytes()
    try:
        path.write_text(text, encoding="utf-8", errors="replace")
        try:
            load(folder, code)
        except SourceError as exc:
            assert exc.file == "content/translation/en/40.yaml"
    finally:
        path.write_bytes(original)


GLOSSARY_ENTRY = st.fixed_dictionaries(
    {"id": st.one_of(st.text(max_size=8), st.sampled_from(["ok", "renonce"])), "fr": SCALAR, "en": SCALAR, "def_fr": SCALAR, "def_en": SCALAR},
    optional={"laws": st.one_of(SCALAR, st.lists(st.one_of(st.sampled_from(["64B7", "45C4(b)", "99", "064"]), SCALAR), max_size=3)),
              "qc": st.one_of(SCALAR, st.lists(SCALAR, max_size=2))},
)


@FAST
@given(st.one_of(st.lists(GLOSSARY_ENTRY, max_size=3).map(lambda d: yaml.safe_dump(d, allow_unicode=True)), YAML_TEXT))
def test_the_glossary_loader_loads_or_refuses(law_copy, code, text):
    from codebridge.glossary import load

    path = law_copy / "content" / "glossary.yaml"
    original = path.read_bytes()
    try:
        path.write_text(text, encoding="utf-8", errors="replace")
        try:
            load(law_copy, code)
        except SourceError as exc:
            assert exc.file == "content/glossary.yaml"
    finally:
        path.write_bytes(original)


@FAST
@given(YAML_TEXT)
def test_the_manifest_reader_reads_or_refuses(law_copy, text):
    from codebridge.sources import read_manifest

    path = law_copy / "content" / "sources" / "manifest.yaml"
    original = path.read_bytes()
    try:
        path.write_text(text, encoding="utf-8", errors="replace")
        try:
            read_manifest(path.parent)
        except SourceError as exc:
            assert "manifest.yaml" in exc.file
    finally:
        path.write_bytes(original)


# --------------------------------------------------------------------------
# Escaping: whatever the text, Markdown shows it and makes no element of it

_MD = markdown.Markdown(extensions=["attr_list", "md_in_html", "admonition", "tables", "sane_lists", "fenced_code", "toc"])
MARKDOWNISH = st.lists(
    st.one_of(
        st.sampled_from(list("\\`*_{}[]()#+-.!|<>&~=:\"' \n\t\x02\x03") + ["~~~", "```", "<!--", "-->", "{:", "](", "javascript:", "<http://x>", "&amp;", "&#60;", "    "]),
        st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), max_size=5),
    ),
    max_size=25,
).map("".join)


def _text_of(html: str) -> str:
    from bs4 import BeautifulSoup

    return " ".join(BeautifulSoup(html, "html.parser").get_text("").split())


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(MARKDOWNISH)
def test_md_text_is_shown_literally(text):
    _MD.reset()
    html = _MD.convert("\n\n" + escape.md_text(text) + "\n\n")
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(html, "html.parser")
    assert [t.name for t in soup.find_all(True)] in ([], ["p"])  # one paragraph, no element inside
    assert _text_of(html) == " ".join(_visible(text).split())


def _visible(text: str) -> str:
    """The text as shown: control characters are not (escape.md_text drops them)."""
    return "".join(c for c in text if c in "\n\t" or not (ord(c) < 32 or ord(c) == 127))


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(MARKDOWNISH)
def test_md_link_title_stays_in_the_title(text):
    from bs4 import BeautifulSoup

    _MD.reset()
    html = _MD.convert(f'[{escape.md_text("Loi 1")}](x.md "{escape.md_link_title(text)}"){{ .ref }}')
    links = BeautifulSoup(html, "html.parser").find_all("a")
    assert len(links) == 1 and links[0]["href"] == "x.md" and links[0].get_text() == "Loi 1"
    assert " ".join(links[0]["title"].split()) == " ".join(_visible(text).split())


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(MARKDOWNISH)
@example("x\n~~~\ny\n~~~\nz")  # two fences in one text: a code block inside the element
@example("x\n```\ny\n```")
def test_md_html_text_stays_in_its_raw_element(text):
    """A raw HTML block of a Markdown page (a case's question, a deal's
    caption, a situation's title) holds the text, and the page goes on
    after it: no fence in the text eats what follows."""
    from bs4 import BeautifulSoup

    for wrap in ('<p class="x">{}</p>\n\nafter', '<div markdown="1">\n\n<p class="x">{}</p>\n\n</div>\n\nafter'):
        _MD.reset()
        html = _MD.convert(wrap.format(escape.md_html_text(text)))
        soup = BeautifulSoup(html, "html.parser")
        (p,) = soup.find_all("p", class_="x")
        assert p.find(True) is None
        assert " ".join(p.get_text("").split()) == " ".join(_visible(text).split())
        assert soup.find_all("p")[-1].get_text() == "after"


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(MARKDOWNISH)
def test_md_text_stays_in_an_inline_element(text):
    """Inline HTML in a Markdown paragraph (a case's ``<q>`` quote, a link
    to the other language): Markdown reads what it holds, so md_text."""
    from bs4 import BeautifulSoup

    _MD.reset()
    html = _MD.convert(f'[Loi 1](x.md) — <q class="x">{escape.md_text(text)}</q> after')
    soup = BeautifulSoup(html, "html.parser")
    (q,) = soup.find_all("q")
    assert q.find(True) is None and len(soup.find_all("a")) == 1
    assert " ".join(q.get_text("").split()) == " ".join(_visible(text).split())


@settings(max_examples=100, deadline=None, derandomize=True, database=None)
@given(st.text(max_size=40), st.text(max_size=40))
def test_front_matter_is_real_yaml(title, description):
    text = escape.front_matter(title=title, description=description, autolink=True)
    data = yaml.safe_load(text.strip().strip("-"))
    assert data["title"] == " ".join(title.split())  # plain text: the theme override escapes it
    assert data["description"] == " ".join(description.split())
    assert data["autolink"] is True


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(st.text(max_size=40), st.text(max_size=40))
@example("««𝄞", "a\x85b\u2028c\ufeff")  # where libyaml's dumper writes otherwise
def test_front_matter_as_pure_yaml_writes_it(title, description):
    """The quicker dumper, where front_matter takes it, writes the bytes
    PyYAML's own would."""
    data = {"title": " ".join(title.split()), "description": " ".join(description.split()), "autolink": True}
    expected = yaml.dump(data, Dumper=yaml.SafeDumper, allow_unicode=True, sort_keys=False, width=10**9)
    assert escape.front_matter(title=title, description=description, autolink=True) == "---\n" + expected + "---\n"


@settings(max_examples=100, deadline=None, derandomize=True, database=None)
@given(STRUCTURE)
def test_json_text_is_json_without_markup(value):
    import json

    text = escape.json_text(value)
    assert json.loads(text) == value
    assert not set(text) & set("<>&")


@pytest.mark.parametrize("name", ["_MD_ESCAPES", "_HTML_TEXT", "_HTML_ATTR"])
def test_each_escape_replaces_what_its_table_says(name):
    """The escapes find the characters their table replaces with a pattern:
    the same as ``str.translate`` with the table, character by character
    and in a text of them all."""
    table = getattr(escape, name)
    replace = {"_MD_ESCAPES": escape._md_escaped, "_HTML_TEXT": escape._html_text, "_HTML_ATTR": escape._html_attr}[name]
    every = "".join(chr(c) for c in range(0x3100) if not 0xD800 <= c < 0xE000) + "\ufeff\U0001f0a1"  # the line separators are in the range
    assert replace(every) == every.translate(table)
    assert [replace(c) for c in every] == [c.translate(table) for c in every]
    assert sum(replace(c) != c for c in every) == len(table)
