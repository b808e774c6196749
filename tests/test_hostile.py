"""Hostile input: no content text can run code in the site, become markup or
vanish.

A copy of the project's content gets hostile strings in every field that
reaches a page (law title, section title, provision text, FFB note, lines
that are Markdown blocks by themselves, English translation units, glossary
term and definition, manifest title, credit, origin and gap, commentary
text, absent law title; a case's title, situation, question, ruling step and
quote, outcome, mistake, deal caption and trick note, a seed case's title, a
topic's name; a situation's title and phrasing, a moment's name), then the
real build runs on it, once for the whole table (session fixture). The HTML
is checked, and the pages are opened in Chromium: no dialog fires, no
``javascript:`` link, no element or attribute that the text did not
contain, the text shown literally, anchors unchanged; search shows the
hostile situation and case titles as text.

HTML in any text but a law source is shown literally, wherever it lands
(escaped for its context by ``codebridge.escape``). Law sources refuse HTML
markup outright (an error naming file and line, tested below), so their
fields get the Markdown strings only; every other field gets the HTML
strings too.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml

from codebridge import labels
from codebridge.cli import main
from codebridge.layers import units
from codebridge.parse import parse_code
from tests.helpers import project_copy, repin

# Every hostile string holds "Zq", so that where it lands can be found.
# Inline Markdown that must stay text (law sources accept these).
MARKDOWN = [
    "[Zq link](javascript:alert('Zq'))",  # a link with a javascript: URL
    '[Zq titled](javascript:alert(1) "t")',
    "![Zq image](javascript:alert(1))",
    "<javascript:alert('Zq')>",  # an autolink
    "<http://zq.example/>",
    "[Zq ref][zq] and [zq]: javascript:alert(1)",
    "{: #zq-evil .zq onclick=\"alert('Zq')\" }",  # an attribute list
    "*Zq em* _Zq em_ **Zq strong** `Zq code` ~~Zq~~",
    "Zq \\ backslash \\\\ and \\* escaped",
    "!!! note \"Zq admonition\"",
    "Zq \"double\" 'single' ) ] } quotes and brackets",
    "Zq: colon - dash # hash | pipe = equals ~ tilde",
    "Zq" + "w" * 3000,  # a very long token, no space
]
# Lines that are Markdown blocks by themselves, each a line of its own.
MARKDOWN_LINES = [
    "~~~",
    "```",
    "# Zq heading",
    "| Zq | cell |",
    "|---|---|",
    "+ Zq list item",
    "> Zq quote",
    "===",
    "Zq setext",
    "---",
    "{: #zq-block .zq }",
    "[zq]: javascript:alert('Zq')",
    "*[Zq]: abbreviation",
    "    Zq indented code",
    "Zq after the blocks",
]
# HTML, whole, without ">", split across lines, breaking out of attributes
# and elements; YAML that would break a hand-written front matter.
HTML = [
    "<script>alert('Zq')</script>",
    "<img src=x onerror=alert('Zq')>",
    "<img src=x onerror=alert('Zq')",  # no ">"
    "<svg onload=alert('Zq')",
    "<img\nsrc=x onerror=alert('Zq')>",  # cut across two lines
    "\" onmouseover=\"alert('Zq')\" x=\"",  # out of a double-quoted attribute
    "' onfocus='alert(1)' autofocus x='",
    "</title><script>alert('Zq')</script>",
    "</textarea></script><script>alert('Zq')</script>",
    "<!-- Zq comment --> <![CDATA[ Zq ]]>",
    "<a href=\"javascript:alert('Zq')\">Zq a</a>",
    "<details open ontoggle=alert('Zq')>",
    "Zq&amp; &lt;b&gt; &#60;entity&#62; &copy;",  # entities stay as typed
]
YAML_BREAKERS = [
    "Zq: value\ntitle: pwned",
    "\"Zq\" '\n---\n",
    "Zq #not-a-comment {a: 1} [b] &anchor *alias !!python/object:os.system",
]
BLOCKS_IN_TEXT = "\n" + "\n".join(MARKDOWN_LINES) + "\n"  # for fields that may hold line breaks

INLINE = " ".join(MARKDOWN)  # what a law source line can hold
EVERYTHING = " ".join(MARKDOWN + HTML + YAML_BREAKERS) + BLOCKS_IN_TEXT

SLUG = "atelier-lois-les-plus-utilisees"
LAW_SOURCE = "001_24f4e4c49b6593a4.txt"
COMMENTARY = "002_d3a0e9bacb84d8a5.txt"


def field(name: str, text: str) -> str:
    """A field's hostile text, tagged with its own sentinel."""
    return f"Zq[{name}] {text}"


def norm(text: str) -> str:
    """Whitespace as a page shows it."""
    return " ".join(text.split())


# --------------------------------------------------------------------------
# The hostile copy of the content


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, (path.name, old)
    path.write_text(text.replace(old, new), encoding="utf-8")


def _dump(path: Path, data) -> None:
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=10**9), encoding="utf-8")


def make_hostile(dest: Path) -> dict[str, str]:
    """Write the hostile copy; return each field's text (French site) and its
    English (``…:en``)."""
    root = project_copy(dest)
    content = root / "content"
    sources = content / "sources"
    expected: dict[str, str] = {}

    law = sources / LAW_SOURCE
    expected["law-title"] = field("law-title", INLINE)
    _replace(law, "LOI 73 – Communication, tempo et tromperie", "LOI 73 – Communication " + expected["law-title"])
    expected["section-title"] = field("section-title", INLINE)
    _replace(law, "\nA. Communication correcte entre partenaires\n", "\nA. Communication " + expected["section-title"] + "\n")
    expected["provision"] = field("provision", INLINE)
    _replace(law, "1. Durant les annonces et le jeu", "1. " + expected["provision"] + " Durant les annonces et le jeu")
    expected["cited-provision"] = field("cited", "Zq <javascript:alert(1)> [x](javascript:alert(1)) \" ) ]")
    _replace(law, "1. Quand une information non autorisée", "1. " + expected["cited-provision"] + " Quand une information non autorisée")
    expected["note"] = field("note", INLINE)
    _replace(law, "** Procédure du stop.", "** Procédure du stop " + expected["note"] + ".")
    expected["malformed"] = "Zq[malformed] voir la Loi 64Z9 et la Loi 064"
    _replace(law, "voir également la Loi 16B3.", "voir également la Loi 16B3. " + expected["malformed"])
    # lines that are Markdown blocks by themselves, between two provisions
    blocks = "\n\n".join(MARKDOWN_LINES)
    _replace(law, "l’un de l’autre.\n\n2. Si l’arbitre", "l’un de l’autre.\n\n" + blocks + "\n\n2. Si l’arbitre")

    commentary = sources / COMMENTARY
    expected["commentary"] = field("commentary", INLINE)
    # inside its first passage (a hard-wrapped file: lines are kept as printed),
    # so that the passages, which cases and the English point to, keep their numbers
    lines = "\n".join([expected["commentary"]] + MARKDOWN_LINES)
    _replace(commentary, "Notre-Dame-de-Pontmain\n", "Notre-Dame-de-Pontmain\n" + lines + "\n")
    # its English follows its passages, which the hostile lines renumber: the
    # English site shows the French with its "translation to come" notice
    (content / "translation" / "en" / "commentaires" / f"{SLUG}.yaml").unlink()

    manifest = yaml.safe_load((sources / "manifest.yaml").read_text(encoding="utf-8"))
    for entry in manifest["sources"]:
        if entry["file"] == COMMENTARY:
            entry["title"] = expected["commentary-title"] = field("commentary-title", EVERYTHING)
            entry["origin"] = expected["commentary-origin"] = field("origin", EVERYTHING) + " " + entry["origin"]
            entry["credit"] = expected["commentary-credit"] = field("credit", EVERYTHING)
            entry["translation"] = "pending"  # its English is removed below
        if entry["file"] == LAW_SOURCE:
            entry["title"] = expected["source-title"] = field("source-title", EVERYTHING)
            entry["credit"] = expected["source-credit"] = field("source-credit", EVERYTHING)
            entry["en"]["credit"] = expected["source-credit:en"] = field("source-credit-en", EVERYTHING)
            gap = entry["gaps"][0]
            gap["fr"] = expected["gap"] = field("gap", EVERYTHING)
            gap["en"] = expected["gap:en"] = field("gap-en", EVERYTHING)
    _dump(sources / "manifest.yaml", manifest)

    # our reading of a slip, after the words of the source it reads
    typos = yaml.safe_load((sources / "typos.yaml").read_text(encoding="utf-8"))
    typos.append({"unit": "73A1:0", "text": "Durant les annonces", "read": field("typo-read", EVERYTHING)})
    expected["typo-read"] = typos[-1]["read"]
    _dump(sources / "typos.yaml", typos)

    titles = yaml.safe_load((sources / "absent_titles.yaml").read_text(encoding="utf-8"))
    titles["27"]["title"] = expected["absent-title"] = field("absent-title", EVERYTHING)
    titles["27"]["en"] = expected["absent-title:en"] = field("absent-title-en", EVERYTHING)
    _dump(sources / "absent_titles.yaml", titles)
    repin(sources)

    # the English of Law 73, unit by unit: the units whose French changed
    # get it as their English, then the English gets its own hostile text
    code, _ = parse_code(sources)
    path = content / "translation" / "en" / "73.yaml"
    old = yaml.safe_load(path.read_text(encoding="utf-8"))

    def english_of(unit):
        before = old.get(unit.key)
        if before is None:  # a unit the hostile lines made: its English is its French
            return unit.text
        # the hostile text around the French, around the English too (cases quote the English)
        return unit.text.replace(before["fr"], before["en"]) if before["fr"] in unit.text else before["en"]

    english = {u.key: {"fr": u.text, "en": english_of(u)} for u in units(code.law("73"))}
    for key, name in (("73:title", "law-title"), ("73A:title", "section-title"), ("73A1:0", "provision"), ("73:note-**", "note")):
        english[key]["en"] = expected[name + ":en"] = field(name + "-en", EVERYTHING)
    _dump(path, english)

    glossary = yaml.safe_load((content / "glossary.yaml").read_text(encoding="utf-8"))
    term = next(t for t in glossary if t["id"] == "accord-sur-les-levees")
    term["fr"] = expected["term"] = field("term", EVERYTHING)
    term["en"] = expected["term:en"] = field("term-en", EVERYTHING)
    term["def_fr"] = expected["definition"] = field("definition", EVERYTHING)
    term["def_en"] = expected["definition:en"] = field("definition-en", EVERYTHING)
    term["qc"] = [field("quebec", EVERYTHING)]
    expected["quebec"] = term["qc"][0]
    _dump(content / "glossary.yaml", glossary)
    _hostile_case(content, expected)
    _hostile_situation(content, expected)
    _hostile_seed_and_topic(content, expected)
    return expected


SEED = "atelier-carte-penalisee-principale"  # a seed case of the hostile commentary, on Law 50
TOPIC = "information-non-autorisee"  # the hostile case's topic


def _hostile_seed_and_topic(content: Path, expected: dict[str, str]) -> None:
    """The title of a seed case (a case the commentary discusses) and the
    name of the hostile case's topic, in both languages."""
    path = content / "examples" / "seed.yaml"
    seeds = yaml.safe_load(path.read_text(encoding="utf-8"))
    (seed,) = [s for s in seeds if s["id"] == SEED]
    seed["title"] = {"fr": field("seed-title", EVERYTHING), "en": field("seed-title-en", EVERYTHING)}
    expected["seed-title"], expected["seed-title:en"] = seed["title"]["fr"], seed["title"]["en"]
    _dump(path, seeds)
    path = content / "examples" / "topics.yaml"
    topics = yaml.safe_load(path.read_text(encoding="utf-8"))
    topics[TOPIC] = {"fr": field("topic", EVERYTHING), "en": field("topic-en", EVERYTHING)}
    expected["topic"], expected["topic:en"] = topics[TOPIC]["fr"], topics[TOPIC]["en"]
    _dump(path, topics)


CASE = "zq-hostile"  # the hostile case's id (its page: exemples/zq-hostile/)
# the fields of a case that hold text, each a field of the hostile table
CASE_FIELDS = ("title", "situation", "question", "outcome", "mistake")


def _hostile_case(content: Path, expected: dict[str, str]) -> None:
    """A case pair citing the hostile provision 73A1: every text field
    hostile (the ruling's text, its quote of the hostile provision, the
    diagram's caption and trick note), in both languages."""
    for lang in ("fr", "en"):
        tag = "" if lang == "fr" else "-en"
        suffix = "" if lang == "fr" else ":en"
        case = {"id": CASE}
        for name in CASE_FIELDS:
            text = EVERYTHING if name != "outcome" else " ".join(EVERYTHING.split("\n"))  # an outcome is one line
            case[name] = expected[f"case-{name}{suffix}"] = field(f"case-{name}{tag}", text)
        # the quote must be in the provision as the site gives it: the
        # hostile words of 73A1 in French, its hostile English in English
        quote = expected["provision" + suffix]
        expected["case-quote" + suffix] = quote
        expected["case-step" + suffix] = field(f"case-step{tag}", EVERYTHING)
        expected["case-caption" + suffix] = field(f"case-caption{tag}", EVERYTHING)
        expected["case-trick" + suffix] = field(f"case-trick{tag}", EVERYTHING)
        data = {
            "id": CASE,
            "title": case["title"],
            "topic": TOPIC,
            "level": "base",
            "laws": ["73"],
            "provisions": ["73A1"],
            "situation": case["situation"],
            "diagram": {
                "caption": expected["case-caption" + suffix],
                "hands": {"N": {"S": "K74", "H": "QJ10", "D": "A863", "C": "972"}, "S": {"S": "63", "H": "AK9874", "D": "KQ", "C": "AK4"}},
                "tricks": [{"number": 1, "cards": [{"W": "CQ"}, {"N": "C2"}, {"E": "C5"}, {"S": "CA"}], "note": expected["case-trick" + suffix]}],
            },
            "question": case["question"],
            "ruling": [{"cite": "73A1", "quote": quote, "text": expected["case-step" + suffix]}],
            "outcome": case["outcome"],
            "mistake": case["mistake"],
        }
        _dump(content / "examples" / lang / f"{CASE}.yaml", data)


def _hostile_situation(content: Path, expected: dict[str, str]) -> None:
    """A situation with hostile titles and phrasings, deciding by 73A1 and
    illustrated by the hostile case."""
    path = content / "situations.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    entry = {"id": CASE, "moment": "comportement", "provisions": ["73A1"], "examples": [CASE]}
    for lang in ("fr", "en"):
        tag = "" if lang == "fr" else "-en"
        suffix = "" if lang == "fr" else ":en"
        title = expected["situation-title" + suffix] = field(f"situation-title{tag}", EVERYTHING)
        phrasing = expected["phrasing" + suffix] = field(f"phrasing{tag}", EVERYTHING)
        entry[lang] = {"title": title, "phrasings": [phrasing]}
    data["situations"].append(entry)
    # the name of its moment, a heading and an entry of the page's menu of moments
    data["moments"]["comportement"] = {"fr": field("moment", EVERYTHING), "en": field("moment-en", EVERYTHING)}
    expected["moment"], expected["moment:en"] = data["moments"]["comportement"]["fr"], data["moments"]["comportement"]["en"]
    _dump(path, data)


@pytest.fixture(scope="session")
def hostile(tmp_path_factory):
    """The hostile copy, built by the real command: (root, site, expected, report)."""
    import contextlib
    import io

    root = tmp_path_factory.mktemp("hostile")
    expected = make_hostile(root / "project")
    out = root / "site"
    report = io.StringIO()
    with contextlib.redirect_stdout(report):
        status = main(["--root", str(root / "project"), "build", "--site-dir", str(out)])
    assert status == 0, report.getvalue()[-2000:]
    return root / "project", out, expected, report.getvalue()


# --------------------------------------------------------------------------
# What a page may hold: checked on every HTML file the hostile text reaches

# Attributes whose value is text shown or read out, where a hostile string
# may land as text (escaped).
TEXT_ATTRIBUTES = {"title", "content", "aria-label", "data-cb-preview", "alt", "data-cite"}
URL_ATTRIBUTES = {"href", "src", "action", "formaction", "xlink:href", "data"}


class Audit(HTMLParser):
    """Every element and attribute of a page; what a hostile string must
    never have made."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self.ids: set[str] = set()
        self._script = False

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            value = value or ""
            if name.startswith("on"):
                self.problems.append(f"<{tag} {name}=…>: an event handler")
            if name in URL_ATTRIBUTES and re.sub(r"[\s\x00-\x1f]", "", value).lower().startswith(("javascript:", "data:text/html", "vbscript:")):
                self.problems.append(f"<{tag} {name}={value[:60]!r}>: a script URL")
            if "Zq" in name or ("Zq" in value and name not in TEXT_ATTRIBUTES):
                self.problems.append(f"<{tag} {name}={value[:60]!r}>: hostile text made an attribute")
            if name == "id":
                self.ids.add(value)
        if tag == "script":
            self._script = True

    def handle_endtag(self, tag):
        if tag == "script":
            self._script = False

    def handle_data(self, data):
        if self._script and ("Zq" in data or "alert(" in data):
            self.problems.append(f"<script>: hostile text in a script: {data[:80]!r}")

    def handle_comment(self, data):
        if "Zq" in data:
            self.problems.append(f"<!--{data[:60]}-->: hostile text made a comment")


def audit(html: str) -> Audit:
    a = Audit()
    a.feed(html)
    a.close()
    return a


def page_text(html: str) -> tuple[str, "object"]:
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(html, "html.parser")
    for tag in soup(["script", "style", "svg"]):
        tag.decompose()
    return norm(soup.get_text("")), soup


# Where each field must be shown in full, as text (page, field): the French
# site, then the English one (``en/``, with the field's English if it has one).
SHOWN = [
    ("lois/73/index.html", ["law-title", "section-title", "provision", "cited-provision", "note", "malformed", "case-title", "typo-read"]),
    ("bilingue/73/index.html", ["law-title", "section-title", "provision", "note", "case-title", "typo-read"]),
    ("notes-ffb/index.html", ["note"]),
    ("index.html", ["law-title"]),
    ("lois/27/index.html", ["absent-title"]),
    ("lois/75/index.html", ["gap"]),
    ("glossaire/index.html", ["term", "definition", "quebec"]),
    ("index-alphabetique/index.html", ["term", "definition"]),
    ("a-propos/index.html", ["source-title", "source-credit", "commentary-title", "commentary-origin", "commentary-credit", "gap", "typo-read"]),
    (f"commentaires/{SLUG}/index.html", ["commentary", "commentary-title", "commentary-credit", "seed-title"]),
    ("commentaires/index.html", ["commentary-title", "seed-title"]),
    (f"exemples/{CASE}/index.html", ["case-" + f for f in CASE_FIELDS + ("step", "quote", "caption", "trick")] + ["topic"]),
    ("exemples/index.html", ["case-title", "seed-title", "topic"]),
    ("lois/50/index.html", ["seed-title"]),
    ("bilingue/50/index.html", ["seed-title"]),
    ("que-faire-si/index.html", ["situation-title", "case-title", "moment"]),
    (f"r/ex-{CASE}/index.html", ["case-title"]),
]
# The elements a field may sit in because the page puts it there (a deal's
# caption is the caption of its table).
PLACED_IN = {"case-caption": {"table"}}
NOT_ON_EN = {  # what the English site shows in French, or not at all
    "a-propos/index.html": {"gap"},
    "lois/73/index.html": {"typo-read"},  # a reading of the French, after the French only (its parallel view's French column)
}


def _expected(expected: dict, name: str, lang: str) -> str:
    if lang == "en" and name + ":en" in expected:
        return expected[name + ":en"]
    return expected[name]


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("page,fields", SHOWN, ids=[p for p, _ in SHOWN])
def test_hostile_text_is_shown_literally(hostile, page, fields, lang):
    _, site, expected, _ = hostile
    html = (site / ("en/" if lang == "en" else "") / page).read_text(encoding="utf-8")
    text, soup = page_text(html)
    for name in fields:
        if lang == "en" and name in NOT_ON_EN.get(page, ()):
            continue
        want = norm(_expected(expected, name, lang))
        assert want in text, f"{page} ({lang}): {name} not shown as written"
        # the text sits in no element the text would have made
        tag = name.split(":")[0]
        for node in soup.find_all(string=re.compile(re.escape(f"Zq[{tag}"))):
            made = {p.name for p in node.parents} & {"pre", "code", "table", "blockquote", "textarea", "del", "script"}
            made -= PLACED_IN.get(tag.removesuffix("-en"), set())
            assert not made, f"{page} ({lang}): {name} landed inside {made}"


def test_markdown_lines_stay_text(hostile):
    """Lines that are Markdown blocks by themselves (fences, headings,
    tables, lists, setext underlines, attribute lists, link definitions) are
    shown as written, in law text and in a commentary; no provision after
    them is swallowed: every anchor of the law is on its page."""
    root, site, _, _ = hostile
    code, _ = parse_code(root / "content" / "sources")
    for page in ("lois/73/index.html", f"commentaires/{SLUG}/index.html", "en/lois/73/index.html"):
        html = (site / page).read_text(encoding="utf-8")
        text, soup = page_text(html)
        article = soup.find("article")
        assert article.find("pre") is None and article.find("table") is None and article.find("blockquote") is None, page
        for line in MARKDOWN_LINES:
            assert norm(line) in text, (page, line)
        made = [h for h in article.find_all(["h1", "h2", "h3", "h4", "h5", "h6"]) if "Zq[" not in h.get_text()]  # not a field's own title
        assert not [h for h in made if "Zq heading" in h.get_text() or "Zq setext" in h.get_text()], page
    ids = audit((site / "lois/73/index.html").read_text(encoding="utf-8")).ids
    for p in code.law("73").provisions():
        assert labels.anchor(p.label) in ids, labels.anchor(p.label)
    original, _ = parse_code(Path(__file__).resolve().parents[1] / "content" / "sources")
    assert [p.label for p in code.law("73").provisions()] == [p.label for p in original.law("73").provisions()]


def test_titles_and_descriptions_are_escaped(hostile):
    """<title>, meta description, Open Graph: the text, escaped (the
    commentary's title and origin hold every hostile string)."""
    from bs4 import BeautifulSoup

    _, site, expected, _ = hostile
    for prefix in ("", "en/"):
        soup = BeautifulSoup((site / prefix / f"commentaires/{SLUG}/index.html").read_text(encoding="utf-8"), "html.parser")
        assert norm(soup.title.get_text()).startswith(norm(expected["commentary-title"]))
        assert norm(soup.find("meta", attrs={"property": "og:title"})["content"]) == norm(expected["commentary-title"])
        description = norm(soup.find("meta", attrs={"name": "description"})["content"])
        assert description.rstrip("…") and norm(expected["commentary-origin"]).startswith(description.rstrip("…").rstrip())
        assert norm(soup.find("meta", attrs={"property": "og:description"})["content"]) == description
        law = BeautifulSoup((site / prefix / "lois/73/index.html").read_text(encoding="utf-8"), "html.parser")
        title = norm(_expected(expected, "law-title", "en" if prefix else "fr"))
        assert title in norm(law.title.get_text())
        assert title in norm(law.find("meta", attrs={"property": "og:title"})["content"])
        # the menu shows the titles as text
        assert title in norm(law.find("nav", class_="md-nav--primary").get_text(""))
        nav = soup.find("nav", class_="md-nav--primary").get_text("")
        assert norm(expected["commentary-title"]) in norm(nav)


def test_case_titles_and_descriptions_are_escaped(hostile):
    """A case page's <title>, description and Open Graph tags: its title and
    question as written; its short link's page too."""
    from bs4 import BeautifulSoup

    _, site, expected, _ = hostile
    for lang, prefix in (("fr", ""), ("en", "en/")):
        for page in (f"exemples/{CASE}/index.html", f"r/ex-{CASE}/index.html"):
            soup = BeautifulSoup((site / prefix / page).read_text(encoding="utf-8"), "html.parser")
            title = norm(_expected(expected, "case-title", lang))
            assert norm(soup.title.get_text()).startswith(title), page
            assert norm(soup.find("meta", attrs={"property": "og:title"})["content"]) == title, page
            description = norm(soup.find("meta", attrs={"name": "description"})["content"]).rstrip("…").rstrip()
            assert description and norm(_expected(expected, "case-question", lang)).startswith(description), page


def test_bilingual_view_shows_the_other_languages_case_title(hostile):
    """The bilingual view links each case in both languages: the other
    language's title, as written, in a plain link."""
    from bs4 import BeautifulSoup

    _, site, expected, _ = hostile
    for page, name in (("bilingue/73/index.html", "case-title"), ("bilingue/50/index.html", "seed-title")):
        for lang, prefix, other in (("fr", "", "en"), ("en", "en/", "fr")):
            soup = BeautifulSoup((site / prefix / page).read_text(encoding="utf-8"), "html.parser")
            links = [a for a in soup.find_all("a", hreflang=other) if "Zq[" + name in a.get_text()]
            assert len(links) == 1, (page, lang)
            assert norm(links[0].get_text()) == norm(_expected(expected, name, other)), (page, lang)
            assert links[0].find("a") is None and links[0].find_parent("a") is None


def test_case_quotes_are_text(hostile):
    """A ruling step quotes the hostile provision: the quote is a <q> with
    the words as written, nothing inside it."""
    from bs4 import BeautifulSoup

    _, site, expected, _ = hostile
    for lang, prefix in (("fr", ""), ("en", "en/")):
        soup = BeautifulSoup((site / prefix / f"exemples/{CASE}/index.html").read_text(encoding="utf-8"), "html.parser")
        (quote,) = soup.find_all("q", class_="cb-quote")
        assert norm(quote.get_text()) == norm(_expected(expected, "case-quote", lang))
        assert quote.find(True) is None, "the quote holds no element"
        # the step's provision, linked with its preview as on the law pages
        (ref,) = soup.select('#etape-1 a.ref[data-cite="73A1"]')
        assert norm(_expected(expected, "provision", lang))[:60] in norm(ref["title"])


def test_reference_previews_are_text(hostile):
    """The preview of a reference (its link title, Material's tooltip) holds
    the cited text; it cannot close the title or make a second link."""
    from bs4 import BeautifulSoup

    _, site, expected, _ = hostile
    soup = BeautifulSoup((site / "lois/73/index.html").read_text(encoding="utf-8"), "html.parser")
    links = [a for a in soup.find_all("a", class_="ref") if a.get("data-cite") == "73C1"]
    assert links, "73C2 cites C1"
    for a in links:
        assert norm(expected["cited-provision"])[:60] in a["title"]
        assert a.get_text() == "C1"


def test_every_page_is_free_of_injected_markup(hostile):
    """On every HTML page of both sites (the menu carries the law and
    commentary titles everywhere): no event handler, no script URL, no
    attribute or script made from hostile text."""
    _, site, _, _ = hostile
    problems = []
    for path in sorted(site.rglob("*.html")):
        html = path.read_text(encoding="utf-8")
        if "Zq" not in html:
            continue
        problems += [f"{path.relative_to(site)}: {p}" for p in audit(html).problems]
    assert problems == []


def test_short_links_and_search_index_escape_the_text(hostile):
    """The short link page (an HTML file MkDocs does not make) and the search
    index (JavaScript) hold the text as data."""
    from bs4 import BeautifulSoup

    _, site, expected, _ = hostile
    soup = BeautifulSoup((site / "r/73C1/index.html").read_text(encoding="utf-8"), "html.parser")
    assert norm(expected["law-title"]) in soup.title.get_text()
    assert audit(str(soup)).problems == []
    for prefix in ("", "en/"):
        js = (site / prefix / "search/index.js").read_text(encoding="utf-8")
        assert "<" not in js.split("=", 1)[1], "no raw '<' in the index: it could close a <script>"
        data = json.loads(js.split("=", 1)[1].rstrip().rstrip(";"))
        texts = " ".join(norm(str(d[3] or "")) for d in data["docs"])
        definitions = ""
        for file in sorted((site / prefix / "search/texts").glob("*.js")):  # the documents' own texts, beside the index
            script = file.read_text(encoding="utf-8")
            assert "<" not in script, file.name
            call = script[script.index("(") + 1:].rstrip().rstrip(";").rstrip(")")
            if file.name == "terms.js":  # the glossary's definitions
                definitions = " ".join(norm(text) for text in json.loads(call))
            else:
                texts += " " + " ".join(norm(text) for text in json.loads(call.split(",", 1)[1]))
        assert norm(_expected(expected, "provision", "en" if prefix else "fr")) in texts
        assert norm(expected["definition:en" if prefix else "definition"]) in definitions


def test_malformed_citations_are_reported_and_kept_as_text(hostile):
    _, site, expected, report = hostile
    assert re.search(r"^unresolved reference .*: 001_24f4e4c49b6593a4\.txt:\d+: malformed citation: 'Loi 64Z9'$", report, re.M)
    assert re.search(r"^unresolved reference .*: 001_24f4e4c49b6593a4\.txt:\d+: malformed citation: 'Loi 064'$", report, re.M)
    html = (site / "lois/73/index.html").read_text(encoding="utf-8")
    assert "64Z9" in html and 'data-cite="64Z9"' not in html


# --------------------------------------------------------------------------
# In Chromium: nothing runs, no link to a script, no element from the text

BROWSER_PAGES = [p for p, _ in SHOWN] + ["r/73C1/index.html"]

AUDIT_JS = """() => {
  const allowed = new Set(%s);
  const out = [];
  for (const el of document.querySelectorAll('*')) {
    for (const a of el.attributes) {
      if (a.name.startsWith('on')) out.push(el.tagName + ' ' + a.name);
      if (['href', 'src', 'action', 'formaction'].includes(a.name) && /^\\s*(javascript|vbscript|data):/i.test(a.value)) out.push(el.tagName + ' ' + a.name + '=' + a.value.slice(0, 40));
      if (a.value.includes('Zq') && !allowed.has(a.name)) out.push(el.tagName + ' ' + a.name + ' holds hostile text');
    }
  }
  for (const a of document.querySelectorAll('a')) {
    if (a.protocol === 'javascript:') out.push('a javascript: ' + a.getAttribute('href'));
  }
  return out;
}""" % json.dumps(sorted(TEXT_ATTRIBUTES))


# What the search results show of the hostile situation and case: the text
# of each « situation : … » label and of the case's heading, and how many
# elements each holds (none: the text stays text).
SEARCH_SHOWN_JS = """(id) => {
  const why = [...document.querySelectorAll('[data-search-results] .cb-search__why')].filter(e => e.dataset.situation === id);
  const link = [...document.querySelectorAll('[data-search-results] li a')].find(a => a.getAttribute('href').includes('/exemples/' + id + '/'));
  const heading = link && link.querySelector('.cb-search__heading');
  return {
    why: why.map(e => e.textContent), whyElements: why.map(e => e.children.length),
    case: heading ? heading.textContent : null, caseElements: heading ? heading.children.length : -1,
  };
}"""


@pytest.fixture(scope="session")
def hostile_server(hostile):
    import functools
    import threading

    from tests.conftest import _Quiet, _Server

    _, site, _, _ = hostile
    httpd = _Server(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()
    httpd.server_close()


@pytest.mark.browser
def test_nothing_runs_in_chromium(browser, hostile, hostile_server):
    _, _, expected, _ = hostile
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    dialogs, errors = [], []
    page.on("dialog", lambda d: (dialogs.append((page.url, d.message)), d.dismiss()))
    page.on("pageerror", lambda e: errors.append((page.url, str(e))))
    try:
        for prefix in ("", "en/"):
            for path in BROWSER_PAGES:
                page.goto(f"{hostile_server}/{prefix}{path}", wait_until="load")
                found = page.evaluate(AUDIT_JS)
                assert found == [], (prefix + path, found)
            # the previews: hover and focus every reference to the hostile provision
            page.goto(f"{hostile_server}/{prefix}lois/73/", wait_until="load")
            for link in page.locator('a.ref[data-cite="73C1"]').all():
                link.hover()
                link.focus()
            assert page.evaluate(AUDIT_JS) == []
            # search shows the hostile text among its results
            page.goto(f"{hostile_server}/{prefix}lois/73/?q=Zq", wait_until="load")
            page.wait_for_selector("[data-search-results] li")
            assert page.evaluate(AUDIT_JS) == []
            # the hostile situation (« situation : … ») and the hostile case
            # among the results, their titles shown as text
            lang = "en" if prefix else "fr"
            page.goto(f"{hostile_server}/{prefix}lois/73/?q=Zq+case+title", wait_until="load")
            page.wait_for_selector("[data-search-results] li")
            assert page.evaluate(AUDIT_JS) == []
            shown = page.evaluate(SEARCH_SHOWN_JS, CASE)
            assert shown["why"], "the hostile situation is offered"
            assert all(n == 0 for n in shown["whyElements"]), "its title made no element"
            title = norm(_expected(expected, "situation-title", lang))
            assert all(norm(w).endswith(title) for w in shown["why"]), shown["why"][:1]
            assert shown["case"], "the hostile case is among the results"
            assert shown["caseElements"] == 0
            assert norm(shown["case"]) == norm(_expected(expected, "case-title", lang))
        assert dialogs == [], dialogs
        assert errors == [], errors
    finally:
        context.close()


# --------------------------------------------------------------------------
# Law sources refuse markup, with file and line (the held-out variants)


@pytest.mark.parametrize(
    "line",
    [
        "Un texte <script>alert(1)</script>.",
        "Un texte <img src=x onerror=alert(1)",  # no ">"
        "Un texte <svg",
        "Un texte &lt;b&gt;.",
        "<!-- commentaire",
    ],
)
def test_markup_in_a_law_source_is_an_error(tmp_path, line):
    from codebridge.inputs import SourceError

    root = project_copy(tmp_path / "p")
    path = root / "content" / "sources" / LAW_SOURCE
    text = path.read_text(encoding="utf-8").replace("1. Quand une information non autorisée", "1. " + line + " Quand", 1)
    path.write_text(text, encoding="utf-8")
    repin(path.parent)
    with pytest.raises(SourceError, match=r"^001_24f4e4c49b6593a4\.txt:\d+: HTML markup"):
        parse_code(path.parent)


def test_a_tag_cut_across_two_wrapped_lines_is_an_error(tmp_path):
    from codebridge.inputs import SourceError

    root = project_copy(tmp_path / "p")
    path = root / "content" / "sources" / "000_15b7e5fa7bdf42e1.txt"
    lines = path.read_text(encoding="utf-8").split("\n")
    n = next(i for i, l in enumerate(lines) if l.startswith("1. ") and i > 20)
    lines[n] += " <img"
    lines.insert(n + 1, "src=x onerror=alert(1)>")
    path.write_text("\n".join(lines), encoding="utf-8")
    repin(path.parent)
    with pytest.raises(SourceError) as info:
        parse_code(path.parent)
    assert (info.value.file, info.value.line) == ("000_15b7e5fa7bdf42e1.txt", n + 1)


def test_a_short_links_interface_text_is_escaped(monkeypatch):
    """The redirect's own words come from the strings files, content like
    any other: they land escaped, as its title and description do."""
    from codebridge import shortlinks

    monkeypatch.setattr(shortlinks, "_s", lambda lang, key: "<b onclick=\"alert('Zq')\">Zq</b>")
    page = shortlinks.redirect_page("fr", "Loi 64 <i>", "a & b", "../../lois/64/")
    assert "<b onclick" not in page and "<i>" not in page
    assert "&lt;b onclick=&quot;alert(&#x27;Zq&#x27;)&quot;&gt;Zq&lt;/b&gt;" in page
