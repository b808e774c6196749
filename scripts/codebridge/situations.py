"""The situations layer (``content/situations.yaml``): what happens at the
table, in everyday words, and the provisions that decide it.

It is a layer of our own, never mixed with the law text: the « Que faire
si… » page lists the situations by moment of the deal, each one tap from
its provisions, and search matches a query against their phrasings apart
from the text (``index.SearchIndex.situations_told``) to offer their
provisions.

Bad input is a ``SourceError`` ("content/situations.yaml:12: message"): an
unknown moment, a citation that is not a provision of the code (a law the
sources lack is cited alone, "27", and leads to its page), a case id with no
case file, a missing title or phrasing.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

from . import doc, labels
from .model import Code, Label
from .patterns import CASE_ID, FRENCH_SPACE
from .inputs import YAML_LOADER, SourceError, read_text
from .render import markdown
from .strings import LANGS, t

SITUATIONS = Path("content/situations.yaml")
EXAMPLES = Path("content/examples")
PAGE = labels.SITUATIONS_SRC

_ID = CASE_ID  # a URL slug: the entry's anchor
_LINE = "__line__"


@dataclass(frozen=True)
class Moment:
    """A moment of the deal, in triage order."""

    key: str
    fr: str
    en: str

    def name(self, lang: str) -> str:
        return self.fr if lang == "fr" else self.en


@dataclass(frozen=True)
class Telling:
    """A situation in one language: its title and how people say it."""

    title: str
    phrasings: tuple[str, ...]


@dataclass(frozen=True)
class Situation:
    id: str
    moment: str
    provisions: tuple[Label, ...]
    examples: tuple[str, ...]
    fr: Telling
    en: Telling | None
    line: int

    def __repr__(self) -> str:
        return f"Situation({self.id})"

    def telling(self, lang: str) -> Telling | None:
        return self.fr if lang == "fr" else self.en


@dataclass(frozen=True)
class Layer:
    moments: tuple[Moment, ...]
    situations: tuple[Situation, ...]

    def of(self, lang: str) -> list[Situation]:
        """The situations told in ``lang``, in file order."""
        return [s for s in self.situations if s.telling(lang)]

    def by_moment(self, lang: str) -> list[tuple[Moment, list[Situation]]]:
        """The moments in triage order, each with its situations told in ``lang``."""
        told = self.of(lang)
        return [(m, [s for s in told if s.moment == m.key]) for m in self.moments]


EMPTY = Layer((), ())


class _Loader(YAML_LOADER):
    """Safe YAML that remembers the line of each mapping (libyaml's parser
    when PyYAML has it: many times faster than the pure-Python one)."""


def _mapping(loader, node):
    data = loader.construct_mapping(node, deep=True)  # a key given twice: an error (``YAML_LOADER``)
    data[_LINE] = node.start_mark.line + 1
    return data


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)


def load(root: Path, code: Code, path: Path = SITUATIONS) -> Layer:
    """The layer, checked against the code and the cases; no file, no situations."""
    file = root / path
    name = str(path)
    if not file.is_file():
        return EMPTY
    raw = read_text(file, name)  # not UTF-8: the line of the first bad byte
    try:
        data = yaml.load(raw, Loader=_Loader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise SourceError(name, mark.line + 1 if mark else None, f"not valid YAML: {problem}") from None
    if not isinstance(data, dict):
        raise SourceError(name, None, "expected a mapping with 'moments' and 'situations'")
    _keys(name, data, required=("moments", "situations"), optional=())
    moments = _moments(name, data["moments"], data[_LINE])
    known = {p.label for law in code.present() for p in law.provisions()} | {law.label for law in code.laws}
    absent = {law.number for law in code.laws if not law.present}
    raw = data["situations"]
    if not isinstance(raw, list):
        raise SourceError(name, data[_LINE], "'situations' must be a list")
    out, seen = [], {}
    for entry in raw:
        if not isinstance(entry, dict):
            raise SourceError(name, data[_LINE], f"a situation must be a mapping, not {entry!r}")
        s = _situation(name, entry, {m.key for m in moments}, known, absent, root)
        if s.id in seen:
            raise SourceError(name, s.line, f"situation id {s.id!r} already used at line {seen[s.id]}")
        seen[s.id] = s.line
        out.append(s)
    return Layer(moments, tuple(out))


def _keys(name: str, data: dict, required: tuple[str, ...], optional: tuple[str, ...]) -> None:
    line = data.get(_LINE)
    for key in required:
        if key not in data:
            raise SourceError(name, line, f"missing '{key}'")
    for key in data:
        if key != _LINE and key not in required + optional:
            raise SourceError(name, line, f"unknown key {key!r} (expected {', '.join(required + optional)})")


def _text(name: str, line: int, value, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise SourceError(name, line, f"{what} must be a non-empty text")
    return value.strip()


def _moments(name: str, raw, line: int) -> tuple[Moment, ...]:
    if not isinstance(raw, dict) or len(raw) <= 1:
        raise SourceError(name, line, "'moments' must map each moment's key to its names {fr, en}")
    out = []
    for key, names in raw.items():
        if key == _LINE:
            continue
        if not isinstance(key, str) or not _ID.match(key):
            raise SourceError(name, raw[_LINE], f"moment key {key!r} is not a slug (lower case, digits, hyphens)")
        if not isinstance(names, dict):
            raise SourceError(name, raw[_LINE], f"moment {key!r}: expected {{fr: …, en: …}}")
        _keys(name, names, required=LANGS, optional=())
        out.append(Moment(key, *(_text(name, names[_LINE], names[lang], f"moment {key!r}: '{lang}'") for lang in LANGS)))
    return tuple(out)


def _situation(name, entry, moments, known, absent, root) -> Situation:
    line = entry[_LINE]
    _keys(name, entry, required=("id", "moment", "provisions", "fr"), optional=("examples", "en"))
    sid = entry["id"]
    if not isinstance(sid, str) or not _ID.match(sid):
        raise SourceError(name, line, f"situation id {sid!r} is not a slug (lower case, digits, hyphens)")
    where = f"situation {sid!r}"
    if not isinstance(entry["moment"], str) or entry["moment"] not in moments:
        raise SourceError(name, line, f"{where}: unknown moment {entry['moment']!r} (one of {', '.join(sorted(moments))})")
    cited = entry["provisions"]
    if not isinstance(cited, list) or not cited:
        raise SourceError(name, line, f"{where}: 'provisions' must list at least one citation")
    provisions = []
    for c in cited:
        try:
            label = labels.parse_citation(str(c))
        except ValueError:
            raise SourceError(name, line, f"{where}: {c!r} is not a citation (write it as printed: \"45C4(b)\", \"71.1\", \"27\")") from None
        if label[0] in absent and len(label) > 1:
            raise SourceError(name, line, f"{where}: Law {label[0]} is not in the sources; cite the law alone ({label[0]!r})")
        if label not in known:
            raise SourceError(name, line, f"{where}: {c!r} is not a provision of the code")
        if label in provisions:
            raise SourceError(name, line, f"{where}: {c!r} is cited twice")
        provisions.append(label)
    examples = entry.get("examples") or []
    if not isinstance(examples, list) or not all(isinstance(e, str) for e in examples):
        raise SourceError(name, line, f"{where}: 'examples' must list case ids")
    for example in examples:
        for lang in LANGS:
            if not (root / EXAMPLES / lang / f"{example}.yaml").is_file():
                raise SourceError(name, line, f"{where}: no case {example!r} ({EXAMPLES}/{lang}/{example}.yaml)")
    tellings = {}
    for lang in LANGS:
        raw = entry.get(lang)
        if raw is None:
            tellings[lang] = None
            continue
        if not isinstance(raw, dict):
            raise SourceError(name, line, f"{where}: '{lang}' must hold a title and phrasings")
        _keys(name, raw, required=("title", "phrasings"), optional=())
        at = raw[_LINE]
        phrasings = raw["phrasings"]
        if not isinstance(phrasings, list) or not phrasings:
            raise SourceError(name, at, f"{where}: '{lang}.phrasings' must list at least one phrasing")
        title = _text(name, at, raw["title"], f"{where}: '{lang}.title'")
        tellings[lang] = Telling(
            FRENCH_SPACE.sub("\u00a0", title) if lang == "fr" else title,  # no line of the page begins with "?"
            tuple(_text(name, at, p, f"{where}: a phrasing in '{lang}'") for p in phrasings),
        )
    return Situation(sid, entry["moment"], tuple(provisions), tuple(examples), tellings["fr"], tellings["en"], line)


# --------------------------------------------------------------------------
# The « Que faire si… » page


def page(layer: Layer, lang: str, layers, code: Code, case_titles: dict[str, str] | None = None) -> str:
    """The page of one language: the moments first (one tap to each), then
    each moment's situations, each with links to its provisions (with the
    reference previews of ``layers``, the site's ``collect.Layers``) and to
    its cases. ``case_titles``: the title in ``lang`` of each case the site
    has a page for, by id (a case without one is not linked yet)."""

    src = PAGE
    title = t(lang, "situations.title")
    nodes: list[doc.Node] = [
        doc.Front(title=title, description=t(lang, "situations.home")),
        doc.Heading(1, (title,), labels.section_id("situations.title")),
        doc.Para((t(lang, "situations.intro"),)),
        doc.Line("p", (t(lang, "situations.layer"),), (("class", "cb-layer-note"),)),
    ]
    groups = [(m, told) for m, told in layer.by_moment(lang) if told]
    if not groups:
        return markdown(nodes + [doc.Para((t(lang, "situations.none"),))])
    moments = doc.Items(tuple(
        (doc.Link((moment.name(lang), " ", doc.Tag("span", (t(lang, "situations.count", n=len(told)),), (("class", "cb-moments__count"),))), labels.page_href(src, src, moment.key)),)
        for moment, told in groups
    ))
    nodes.append(doc.Block("nav", (moments,), (("class", "cb-moments"), ("aria-label", t(lang, "situations.moments")))))
    for moment, told in groups:
        nodes.append(doc.Heading(2, (moment.name(lang),), moment.key, ("cb-moment",)))
        nodes += [_entry(s, lang, layers, code, src, case_titles or {}) for s in told]
    return markdown(nodes)


def _entry(s: Situation, lang, layers, code, src, case_titles: dict[str, str]) -> doc.Block:

    refs: list[tuple] = []
    for label in s.provisions:
        link = doc.Link(
            (labels.cite(label, lang),), labels.href(src, label), layers.preview(label),
            ("ref", "cb-situation__ref"), (("data-cite", labels.citation(label)),),
        )
        if code.law(label[0]).present and label not in code.lost:
            refs.append((link,))
            continue
        # its source kept only its heading (Law 75), or the sources lack the law:
        # said beside it, on the same line as it (one item of the row)
        mark = t(lang, "gap.mark") if label in code.lost else t(lang, "situations.absent")
        refs.append((doc.Tag("span", (link, " ", doc.Tag("span", (mark,), (("class", "cb-absent"),))), (("class", "cb-situation__item"),)),))
    hidden = doc.Tag("span", (t(lang, "situations.provisions") + " ",), (("class", "cb-visually-hidden"),))
    out: list[doc.Node] = [
        doc.Line("p", (s.telling(lang).title,), (("class", "cb-situation__title"),)),
        doc.Line("p", (hidden, *doc.joined(refs, " ")), (("class", "cb-situation__refs"),), markdown=True),
    ]
    cases = [(e, case_titles[e]) for e in s.examples if e in case_titles]
    if cases:
        items = doc.joined(((doc.Link((title,), labels.rel(src, labels.case_src(e))),) for e, title in cases), doc.DOT)
        out.append(doc.Line("p", (t(lang, "situations.examples") + " ", *items), (("class", "cb-situation__cases"),), markdown=True))
    return doc.Block("div", tuple(out), (("class", "cb-situation"), ("id", s.id)))


def absent_law_inserts(layer: Layer, lang: str, code: Code, layers) -> dict[str, tuple]:
    """On the page of each law the sources lack, after its notice: the
    situations of « Que faire si… » that refer to it, each linked to its
    place there, with the other provisions that decide it too: those of the
    present laws, what a director can read while the law's text is missing,
    and the other laws the sources lack, marked so (Law 27's « Enchère
    insuffisante remplacée » names Law 23 too), each with its preview from
    ``layers``. ``Renderer`` places them at the law's end key."""

    out: dict[str, tuple] = {}
    for law in code.laws:
        if law.present:
            continue
        src = labels.law_src(law.number)
        told = [s for s in layer.of(lang) if any(label[0] == law.number for label in s.provisions)]
        if not told:
            continue
        items = []
        for s in told:
            title = doc.Link((s.telling(lang).title,), labels.page_href(src, PAGE, s.id))
            others = [
                (doc.Link((labels.cite(label, lang),), labels.href(src, label), layers.preview(label), ("ref",), (("data-cite", labels.citation(label)),)),)
                + (() if code.law(label[0]).present else (" ", doc.Tag("span", (t(lang, "situations.absent"),), (("class", "cb-absent"),))))
                for label in s.provisions if label[0] != law.number
            ]
            items.append((title, *((" — ", *doc.joined(others, ", ")) if others else ())))
        heading = doc.Heading(2, (t(lang, "situations.on_absent_law"),), labels.section_id("situations.on_law"))
        out[labels.end_key(law.number)] = (heading, doc.Items(tuple(items)))
    return out
