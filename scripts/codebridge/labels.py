"""The one place that turns a provision's label into a citation, an anchor,
a URL, or back.

Label parts follow the printed markers: law number (or ``annexe``), section
letter, paragraph number, sub-paragraph letter, roman sub-sub-paragraph:

    ("45", "C", "4", "b")       → citation "45C4(b)",    anchor "45C4b"
    ("40", "B", "2", "a", "v")  → citation "40B2(a)(v)", anchor "40B2a-v"
    ("40", "A")                 → citation "40A",        anchor "40A"
    ("annexe", "1", "2")        → citation "Annexe 1.2", anchor "annexe-1-2"

Anchors are stable: newsletters link to them.
"""

from __future__ import annotations

import posixpath
import re

from .model import ANNEX, Label

LAW_NUMBERS = tuple(str(n) for n in range(1, 94))
ALL_LAWS = LAW_NUMBERS + (ANNEX,)


def kinds(label: Label) -> tuple[str, ...]:
    """The kind of each part of a label: law, section, number, subnumber,
    letter or roman. A roman part is one that follows a letter."""
    out = ["law"]
    for part in label[1:]:
        prev = out[-1]
        if part.isupper():
            out.append("section")
        elif part.isdigit():
            out.append("subnumber" if prev == "number" else "number")
        elif prev == "letter":
            out.append("roman")
        else:
            out.append("letter")
    return tuple(out)


def citation(label: Label) -> str:
    """The citation as the Laws write it, without the word "Loi".

    A paragraph that stands directly under its law (Loi 71 has no sections)
    is written "71.1" so that it cannot be read as Law 711.
    """
    if label[0] == ANNEX:
        return "Annexe" + ("" if len(label) == 1 else " " + ".".join(label[1:]))
    out = label[0]
    for part, kind, prev in zip(label[1:], kinds(label)[1:], kinds(label)):
        if kind in ("letter", "roman"):
            out += f"({part})"
        elif kind == "number" and prev == "law":
            out += "." + part
        else:
            out += part
    return out


def cite(label: Label, lang: str = "fr") -> str:
    """The citation with its word: "Loi 64B7", "Law 64B7", "Annexe 1.2"."""
    if label[0] == ANNEX:
        c = citation(label)
        return c if lang == "fr" else c.replace("Annexe", "Annex")
    return ("Loi " if lang == "fr" else "Law ") + citation(label)


def anchor(label: Label) -> str:
    """The HTML id of a provision: citation without parentheses, a hyphen
    before a roman level (and before a paragraph directly under its law)."""
    if label[0] == ANNEX:
        return "-".join(label)
    out = label[0]
    for part, kind, prev in zip(label[1:], kinds(label)[1:], kinds(label)):
        if kind == "roman" or (kind == "number" and prev == "law"):
            out += "-" + part
        else:
            out += part
    return out


def law_path(number: str, directory_urls: bool = True) -> str:
    """Path of a law's page relative to the site root: ``lois/64/`` online,
    ``lois/64.html`` in the offline copy (no directory URLs)."""
    return page_url(law_src(number), directory_urls)


def law_src(number: str) -> str:
    """Source path of a law's Markdown page inside the docs folder."""
    return f"lois/{number}.md"


def url(label: Label, directory_urls: bool = True) -> str:
    """URL of a provision relative to the site root (of either language)."""
    if len(label) == 1:
        return law_path(label[0], directory_urls)
    return law_path(label[0], directory_urls) + "#" + anchor(label)


def rel(from_src: str, to_src: str) -> str:
    """Relative link between two source files of the docs folder (MkDocs
    validates it and rewrites it for either URL style)."""
    return posixpath.relpath(to_src, posixpath.dirname(from_src) or ".")


def href(from_src: str, label: Label) -> str:
    """The Markdown link from page ``from_src`` to a law or provision:
    ``../lois/64.md#64B7``, or ``#64B7`` on the law's own page."""
    page = law_src(label[0])
    if len(label) == 1:
        return rel(from_src, page)
    if from_src == page:
        return "#" + anchor(label)
    return rel(from_src, page) + "#" + anchor(label)


def fragment_url(number: str, fragment: str, directory_urls: bool = True) -> str:
    """URL of something on a law's page that is not a provision, such as an
    FFB note: ``lois/41/#note-41-11``."""
    return law_path(number, directory_urls) + "#" + fragment


def page_url(src: str, directory_urls: bool = True) -> str:
    """URL of a page from its source path in the docs folder, as MkDocs
    writes it: ``lois/64.md`` → ``lois/64/`` or ``lois/64.html``."""
    stem = src[: -len(".md")] if src.endswith(".md") else src
    if stem == "index" or stem.endswith("/index"):
        stem = stem[: -len("index")]
        return stem if directory_urls else stem + "index.html"
    return stem + "/" if directory_urls else stem + ".html"


def search_key(label: Label) -> str:
    """What a citation typed in the search box reduces to: its letters and
    digits in lower case ("64b7", "45c4b", "40b2av", "711" for 71.1,
    "annexe12"). ``analysis.citation_key`` reduces a query the same way."""
    return "".join(c for c in citation(label).lower() if c.isalnum())


def short_path(label: Label) -> str:
    """The short link of a provision: ``r/64B7/``."""
    return f"r/{anchor(label)}/"


_ANCHOR = re.compile(
    r"""^(?P<law>\d{1,2})
        (?P<section>[A-Z])?
        -?(?P<number>\d{1,2})?
        (?P<letter>[a-z])?
        (?:-(?P<roman>[ivxl]+))?$""",
    re.VERBOSE,
)


def parse_anchor(text: str) -> Label:
    """The label of an anchor (``"40B2a-v"`` → ``("40","B","2","a","v")``).

    Raises ValueError on anything that is not an anchor of this scheme.
    """
    if text == ANNEX or text.startswith(ANNEX + "-"):
        parts = tuple(text.split("-"))
        if all(p.isdigit() for p in parts[1:]):
            return parts
        raise ValueError(text)
    m = _ANCHOR.match(text)
    if not m:
        raise ValueError(text)
    parts = [m["law"]]
    for name in ("section", "number", "letter", "roman"):
        if m[name]:
            parts.append(m[name])
    label = tuple(parts)
    if anchor(label) != text:
        raise ValueError(text)
    return label


_CITATION = re.compile(
    r"""^(?P<law>\d{1,2})
        (?:\.(?P<bare>\d{1,2})                 # 71.1: a paragraph with no section
          |(?P<section>[A-Z])?(?P<number>\d{1,2})?
           (?:\((?P<letter>[a-z])\))?
           (?:\((?P<roman>[ivxl]+)\))?)$""",
    re.VERBOSE,
)


def parse_citation(text: str) -> Label:
    """The label of a citation as ``citation`` writes it ("45C4(b)",
    "40B2(a)(v)", "71.1", "Annexe 1.2"), or of an anchor ("45C4b").

    Raises ValueError on anything else.
    """
    text = text.strip()
    if text.startswith(ANNEX + "-"):
        return parse_anchor(text)
    if text.lower().startswith(ANNEX):
        rest = text[len(ANNEX):].strip()
        parts = (ANNEX,) + (tuple(rest.split(".")) if rest else ())
        if all(p.isdigit() for p in parts[1:]):
            return parts
        raise ValueError(text)
    m = _CITATION.match(text)
    if m is None or "(" not in text:
        return parse_anchor(text.replace(".", "-", 1) if m and m["bare"] else text)
    parts = [m["law"]] + [m[k] for k in ("section", "number", "letter", "roman") if m[k]]
    label = tuple(parts)
    if citation(label) != text:
        raise ValueError(text)
    return label


def sort_key(label: Label) -> tuple:
    """Order labels as in the code (annex last)."""
    law = 1000 if label[0] == ANNEX else int(label[0])
    return (law,) + tuple((0, int(p)) if p.isdigit() else (1, p) for p in label[1:])
