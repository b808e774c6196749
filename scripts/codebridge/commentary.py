"""Commentary sources as pages, in French and in our English.

    load            a commentary source → passages (furniture removed, lines
                    reflowed, conservation proved) and their references
    load_english    content/translation/en/commentaires/<slug>.yaml, checked
                    passage by passage against the French
    page            the commentary's Markdown page in one language
    index_page      commentaires/index.md: every commentary and its seed cases
    seed_cases      content/examples/seed.yaml, validated, with URLs per language
    load_topics     content/examples/topics.yaml

The text is reproduced as found; what we add is a visible layer: reference
links, the Symbol-font suits shown corrected, the seed cases' labels.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from . import doc, labels
from .labels import rel
from .conserve import check_passages
from .model import ANNEX, Code, Label, Origin, Source
from .patterns import (
    COMMENTARY_CAPS_END,
    COMMENTARY_CAPS_START,
    COMMENTARY_CONTINUATION,
    COMMENTARY_FURNITURE,
    COMMENTARY_ITEM,
    COMMENTARY_SECTION,
    SYMBOL_FONT,
)
from .references import Raw, Reference, check_target, find_references, known_labels, malformed_citations, project, resolve
from .render import markdown, reference_link, switch
from .inputs import SourceError, parse_yaml, read_text, read_yaml
from .sources import Line, read_lines
from .strings import LANGS, t

if TYPE_CHECKING:
    from .collect import Layers

# Symbol-font code points as decoded by the extraction → the card suits meant.
SUITS = {"¨": "♦", "§": "♣", "©": "♥", "ª": "♠"}
SUIT_SYMBOLS = "♠♥♦♣"
ENGLISH = Path("content/translation/en/commentaires")
EXAMPLES = Path("content/examples")
SEED = EXAMPLES / "seed.yaml"
TOPICS = EXAMPLES / "topics.yaml"
INDEX_SRC = labels.COMMENTARIES_INDEX_SRC
META_KEYS = ("title", "origin", "credit")  # translated beside the passages
DESCRIPTION = 180  # characters of the page's meta description


@dataclass(frozen=True)
class Paragraph:
    """One passage of a commentary: its anchor and its source lines."""

    anchor: str
    lines: tuple[tuple[int, str], ...]  # (source line, text as printed, stripped)

    @property
    def text(self) -> str:
        """The passage reflowed: its lines joined by a space."""
        return " ".join(text for _, text in self.lines)

    @property
    def line(self) -> int:
        return self.lines[0][0]

    def line_at(self, offset: int) -> int:
        """The source line of the character at ``offset`` in ``text``."""
        pos = 0
        for number, text in self.lines:
            pos += len(text) + 1
            if offset < pos:
                return number
        return self.lines[-1][0]


def slug_src(source: Source) -> str:
    return labels.commentary_src(source.slug)


def furniture_lines(lines: list[Line]) -> list[Line]:
    """The blog furniture lines of a commentary source (an explicit list)."""
    return [l for l in lines if COMMENTARY_FURNITURE.match(l.text.strip())]


def paragraphs(lines: list[Line]) -> list[Paragraph]:
    """The passages of a commentary, in order, anchored p1…pN.

    With blank lines in the source, each block between them is a passage.
    A hard-wrapped source (no blank line) starts a passage at each item
    ("1. ", "a) ", "2/- ", "- ", a row of "+") and at any line that does not
    go on with the line before (a lower-case start, or capitals going on
    with a heading in capitals). Lines of a passage are reflowed: joined by
    a space, words and order unchanged (``conserve.check_passages``)."""
    blocks = any(not l.text.strip() for l in lines)
    out: list[list[tuple[int, str]]] = []
    current: list[tuple[int, str]] = []
    for line in lines:
        text = line.text.strip()
        if not text:
            if current:
                out.append(current)
                current = []
            continue
        if not blocks and current and _starts_passage(current[-1][1], text):
            out.append(current)
            current = []
        current.append((line.number, text))
    if current:
        out.append(current)
    return [Paragraph(labels.passage_id(i), tuple(p)) for i, p in enumerate(out, start=1)]


def _starts_passage(previous: str, text: str) -> bool:
    if COMMENTARY_ITEM.match(text):
        return True
    if COMMENTARY_CONTINUATION.match(text):
        return False
    return not (COMMENTARY_CAPS_END.search(previous) and COMMENTARY_CAPS_START.match(text))


def fixed_text(text: str) -> str:
    """The text with the Symbol-font suits (and "3^ème") as meant."""
    return SYMBOL_FONT.sub(lambda m: _fixed(m.group(0)), text)


def _fixed(original: str) -> str:
    return SUITS.get(original) or original.replace("^", "")


def is_heading(text: str) -> bool:
    """A passage in capitals outside parentheses ("1. ENCHÈRE INSUFFISANTE (LOI 27)")."""
    outside, depth = [], 0
    for ch in text:
        depth += ch == "("
        if not depth:
            outside.append(ch)
        depth -= ch == ")" and depth > 0
    letters = [c for c in outside if c.isalpha()]
    return len(letters) >= 2 and all(c.isupper() for c in letters)


@dataclass
class Commentary:
    source: Source
    paragraphs: list[Paragraph]
    references: list[tuple[str, int, int, Reference]]  # (anchor, start, end, ref) in the passage's text
    problems: list[str]
    furniture: list[Line] = field(default_factory=list)
    words: int = 0
    english: dict[str, str] | None = None  # anchor or META_KEYS → English; None while pending

    @property
    def src(self) -> str:
        return slug_src(self.source)

    @property
    def anchors(self) -> list[str]:
        return [p.anchor for p in self.paragraphs]

    def texts(self, lang: str) -> list[tuple[str, str]]:
        """(anchor, text) of each passage as the page in ``lang`` shows it."""
        if lang == "en" and self.english is not None:
            return [(p.anchor, self.english[p.anchor]) for p in self.paragraphs]
        return [(p.anchor, fixed_text(p.text)) for p in self.paragraphs]

    def meta(self, key: str, lang: str) -> str:
        """The source's title, origin or credit in ``lang``."""
        if lang == "en" and self.english is not None:
            return self.english[key]
        return getattr(self.source, key)


def load(root: Path, source: Source, code: Code) -> Commentary:
    """Read a commentary source: passages, references, furniture, its English.

    Raises SourceError at the first word the passages lost or changed, and
    on a translation file out of step with the French."""
    lines = read_lines(root / "content" / "sources" / source.file, source.file)
    furniture = furniture_lines(lines)
    skip = {l.number for l in furniture}
    kept = [l for l in lines if l.number not in skip]
    paras = paragraphs(kept)
    words = check_passages(kept, paras, source.file).words
    known = known_labels(code)
    context: Label = (source.context,) if source.context else ()
    refs, problems = [], []
    for para in paras:
        text = para.text
        found = find_references(text, commentary=True, relative=False)
        for a, b in malformed_citations(text, found):
            problems.append(f"{Origin(source.file, para.line_at(a))}: malformed citation: {text[a:b]!r}")
        if context:
            for m in COMMENTARY_SECTION.finditer(text):
                if any(r.start <= m.start() < r.end for r in found):
                    continue
                found.append(Raw(m.start(), m.end(), {"law": context[0], "section": m["section"]}, "explicit"))
        for raw in sorted(found, key=lambda r: (r.start, not r.implied)):
            target = resolve(raw, context or ("0",))
            span = text[raw.start : raw.end]
            reason = check_target(target, code, known) if target else "unresolved"
            origin = Origin(source.file, para.line_at(raw.start))
            if reason:
                problems.append(f"{origin}: {reason}: {span!r}")
                continue
            ref = Reference(labels.passage_key(source.slug, para.anchor), context, raw.start, raw.end, span, target, raw.kind, origin)
            refs.append((para.anchor, raw.start, raw.end, ref))
    c = Commentary(source, paras, refs, problems, furniture, words)
    c.english = load_english(root, c)
    return c


# --------------------------------------------------------------------------
# The English, passage by passage


def english_file(root: Path, source: Source) -> Path:
    return root / ENGLISH / f"{source.slug}.yaml"


def load_english(root: Path, c: Commentary) -> dict[str, str] | None:
    """The English of ``c`` by key, checked against the French: a passage
    missing, extra or empty, a French text changed since it was translated
    (suits as corrected), a reference the English lacks or a Symbol-font
    character left in the English fails the build, naming file and line."""
    path = english_file(root, c.source)
    name = str(ENGLISH / path.name)
    if not path.is_file():
        if c.source.translation_pending:
            return None
        raise SourceError(name, None, f"no English translation for the commentary {c.source.slug!r}")
    raw = read_text(path, name)
    data = parse_yaml(raw, name) or {}
    if not isinstance(data, dict):
        raise SourceError(name, None, "expected a mapping of passage anchor → {fr, en}")
    line_of = {k: _line_of(raw, k) for k in data}
    expected = {key: getattr(c.source, key) for key in META_KEYS}
    expected.update({p.anchor: fixed_text(p.text) for p in c.paragraphs})
    for key in data:
        if key not in expected:
            raise SourceError(name, line_of[key], f"passage {key!r} does not exist in {c.source.file}")
    refs_by_anchor: dict[str, list[Reference]] = {}
    for anchor, _, _, ref in c.references:
        refs_by_anchor.setdefault(anchor, []).append(ref)
    out: dict[str, str] = {}
    for key, fr in expected.items():
        entry = data.get(key)
        if not isinstance(entry, dict):
            raise SourceError(name, None, f"passage {key!r} has no English counterpart")
        for given in entry:
            if given not in LANGS:
                raise SourceError(name, line_of[key], f"passage {key!r}: unknown key {given!r} (a passage says fr: and en:)")
        if entry.get("fr") != fr:
            raise SourceError(name, line_of[key], f"passage {key!r}: the French text changed since it was translated")
        en = entry.get("en")
        if not isinstance(en, str) or not en.strip():
            raise SourceError(name, line_of[key], f"passage {key!r}: English text missing")
        en = " ".join(en.split())
        if key in META_KEYS:  # the manifest's own words (they may name the mojibake)
            out[key] = en
            continue
        bad = SYMBOL_FONT.search(en)
        if bad:
            raise SourceError(name, line_of[key], f"passage {key!r}: Symbol-font character {bad.group(0)!r}; write the suit")
        if Counter(ch for ch in fr if ch in SUIT_SYMBOLS) != Counter(ch for ch in en if ch in SUIT_SYMBOLS):
            raise SourceError(name, line_of[key], f"passage {key!r}: the English does not give the same suit symbols as the French")
        refs = [r for r in refs_by_anchor.get(key, []) if r.start != r.end]
        located = {id(r) for _, _, r in project(refs, en)}
        for r in refs:
            if id(r) not in located:
                raise SourceError(name, line_of[key], f"passage {key!r}: the reference {r.text!r} ({labels.citation(r.target)}) is not in the English")
        out[key] = en
    return out


def _line_of(raw: str, key: str) -> int | None:
    for i, line in enumerate(raw.splitlines(), start=1):
        if line.startswith((f"{key}:", f'"{key}":', f"'{key}':")):
            return i
    return None


# --------------------------------------------------------------------------
# Pages


def description(text: str, limit: int = DESCRIPTION) -> str:
    """``text`` cut at a word boundary to about ``limit`` characters."""
    if len(text) <= limit:
        return text
    return text[:limit].rsplit(" ", 1)[0] + "…"


def page(c: Commentary, lang: str, previews: "Layers", seeds: list["SeedCase"] = (), directory_urls: bool = True) -> str:
    """The commentary's Markdown page in ``lang``: the language switch under
    the title, the notice and credits, then each passage with its references
    linked, each with its preview as on the law pages (``previews``: the
    site's layers); ``seeds`` are the seed cases pointing into this
    commentary (each labelled on its first passage)."""

    def link(target: Label) -> doc.Link:
        return reference_link(labels.href(src, target), previews.preview(target), target)

    src = c.src
    english = lang == "en" and c.english is not None
    title = c.meta("title", lang)
    nodes: list[doc.Node] = [
        # printed under the page: the commentary's own source, not the Laws' (site_overrides/main.html)
        doc.Front(title=title, description=description(c.meta("origin", lang)),
                  flags={"print_source": t(lang, "publish.print.source_commentary", credit=c.meta("credit", lang))}),
        doc.Heading(1, (title,)),
        switch(src, lang, directory_urls),
    ]
    furniture = ", ".join(t(lang, "links.quote", text=l.text.strip()) for l in c.furniture)
    notice = t(lang, "commentary.reproduced", furniture=furniture) if furniture else t(lang, "commentary.reproduced.plain")
    nodes.append(doc.Line("p", (notice,), (("class", "cb-unofficial" if english else "cb-reproduced"),)))
    if lang == "en" and c.english is None:
        nodes.append(doc.Line("p", (t(lang, "commentary.pending"),), (("class", "cb-pending"),)))
    nodes.append(doc.Para(_credit_line(c, lang)))
    nodes.append(doc.Note("warning", t(lang, "commentary.era.title"), (t(lang, "commentary.era"),)))
    if c.source.symbol_font:
        nodes.append(doc.Note("note", t(lang, "commentary.fix.title"), (t(lang, "commentary.fix"),)))
    if c.source.context:
        nodes.append(doc.Para((t(lang, "commentary.context", law=c.source.context),)))
    refs: dict[str, list] = {}
    for anchor, start, end, ref in c.references:
        if start != end:  # a law inside a range ("61 à 64") has no text of its own to link
            refs.setdefault(anchor, []).append(ref)
    first = {}
    for case in seeds:
        first.setdefault(case.anchor, []).append(case)
    for para in c.paragraphs:
        anchor = para.anchor
        if english:
            text = c.english[anchor]
            spans = [(a, b, link(r.target)) for a, b, r in project(refs.get(anchor, []), text)]
        else:
            text = para.text
            spans = [(r.start, r.end, link(r.target)) for r in refs.get(anchor, [])]
            if c.source.symbol_font:
                spans += [(m.start(), m.end(), _fix(m.group(0), lang)) for m in SYMBOL_FONT.finditer(text)]
        classes = "cb-comment" + (" cb-comment-heading" if is_heading(para.text) else "")
        body: list[doc.Node] = [
            doc.Line("p", (doc.Link((f"{t(lang, 'commentary.case')} · {case.title[lang]}",), labels.page_href(src, src, anchor), data=(("data-case", case.id),)),), (("class", "cb-case-label"),))
            for case in first.get(anchor, [])
        ]
        body.append(doc.Para(doc.marked(text, spans)))
        nodes.append(doc.Block("div", tuple(body), (("class", classes), ("id", anchor))))
    return markdown(nodes)


def _credit_line(c: Commentary, lang: str) -> tuple:
    author = c.source.author if c.source.author else doc.Em((t(lang, "commentary.author.unknown"),))
    colon = t(lang, "links.colon")
    return (
        doc.Strong((t(lang, "commentary.author"),)), colon, author, doc.DOT,
        doc.Strong((t(lang, "commentary.source"),)), colon, c.meta("credit", lang),
    )


def index_page(commentaries: list[Commentary], lang: str, seeds: list["SeedCase"]) -> str:
    """``commentaires/index.md``: each commentary with its author and source,
    what it covers and the seed cases it discusses."""
    title = t(lang, "commentary.index.title")
    nodes: list[doc.Node] = [
        doc.Front(title=title, description=t(lang, "commentary.index.intro")),
        doc.Heading(1, (title,)),
        doc.Para((t(lang, "commentary.index.intro"),)),
        doc.Note("warning", t(lang, "commentary.era.title"), (t(lang, "commentary.era"),)),
    ]
    colon = t(lang, "links.colon")
    for c in commentaries:
        nodes += [
            doc.Heading(2, (doc.Link((c.meta("title", lang),), rel(INDEX_SRC, c.src)),), c.source.slug),
            doc.Para(_credit_line(c, lang)),
            doc.Para((doc.Strong((t(lang, "commentary.covers"),)), colon, c.meta("origin", lang))),
        ]
        cases = [s for s in seeds if s.commentary == c.source.slug]
        if cases:
            nodes.append(doc.Para((doc.Strong((t(lang, "commentary.cases"),)), colon.rstrip())))
            items = []
            for case in cases:
                cites = ", ".join(labels.cite(labels.parse_citation(p), lang) for p in case.provisions)
                items.append((doc.Link((case.title[lang],), case.href(INDEX_SRC)),) + ((f" — {cites}",) if cites else ()))
            nodes.append(doc.Items(tuple(items)))
    return markdown(nodes)


def _fix(original: str, lang: str) -> doc.Tag:
    """A corrected symbol in place of the text it corrects (a span for ``doc.marked``)."""
    return doc.Tag("span", (_fixed(original),), (("class", "cb-fix"), ("title", t(lang, "commentary.fixed", text=original))))


# --------------------------------------------------------------------------
# Topics and seed cases


def load_topics(root: Path) -> dict[str, dict[str, str]]:
    """content/examples/topics.yaml: topic key → {fr, en} names, checked."""
    path = root / TOPICS
    data = _read_yaml(path, str(TOPICS))
    if not isinstance(data, dict):
        raise SourceError(str(TOPICS), None, "expected a mapping of topic key → {fr, en}")
    raw = path.read_text(encoding="utf-8")
    for key, names in data.items():
        if not isinstance(names, dict) or not all(isinstance(names.get(l), str) and names[l].strip() for l in LANGS):
            raise SourceError(str(TOPICS), _line_of(raw, key), f"topic {key!r} needs 'fr' and 'en' names")
    return data


@dataclass(frozen=True)
class SeedCase:
    """A case taken from a commentary: it points into the commentary page."""

    id: str
    commentary: str  # the commentary's slug
    passages: tuple[str, ...]  # passage anchors, the first one labelled on the page
    title: dict  # {"fr": …, "en": …}
    topic: str
    laws: tuple[str, ...]
    provisions: tuple[str, ...]  # printed citation form, as labels.parse_citation reads it
    src: str  # the commentary page's source path, "commentaires/<slug>.md"

    @property
    def anchor(self) -> str:
        return self.passages[0]

    @property
    def url(self) -> dict[str, str]:
        """The case's address in each language, from the site's root."""
        path = labels.page_fragment_url(self.src, self.anchor)
        return {lang: labels.lang_root(lang) + path for lang in LANGS}

    def href(self, from_src: str) -> str:
        """A Markdown link from the page ``from_src`` (either language's site)."""
        return labels.page_href(from_src, self.src, self.anchor, local=False)


def seed_cases(root: Path, code: Code, commentaries: list[Commentary] | None = None) -> list[SeedCase]:
    """content/examples/seed.yaml, validated: ids unique and slug-like,
    commentary and passages existing, topic in topics.yaml, every provision
    in the code or on an absent law's page, every cited law listed.
    ``commentaries`` saves reloading them when the caller has them. A
    project without a seed.yaml has no seed cases."""
    if not (root / SEED).is_file():
        return []
    if commentaries is None:
        commentaries = [load(root, s, code) for s in code.sources if s.role == "commentary"]
    by_slug = {c.source.slug: c for c in commentaries}
    topics = load_topics(root)
    known = known_labels(code)
    name = str(SEED)
    path = root / SEED
    data = _read_yaml(path, name)
    if not isinstance(data, list):
        raise SourceError(name, None, "expected a list of seed cases")
    raw = path.read_text(encoding="utf-8")
    out, seen = [], set()
    for entry in data:
        where = _line_of_item(raw, entry.get("id") if isinstance(entry, dict) else None)

        def fail(message):
            raise SourceError(name, where, message)

        if not isinstance(entry, dict):
            fail("each seed case must be a mapping")
        for key in ("id", "commentary", "passages", "title", "topic", "laws", "provisions"):
            if key not in entry:
                fail(f"seed case {entry.get('id')!r}: missing {key!r}")
        case_id = str(entry["id"])
        if not _slug_like(case_id):
            fail(f"seed case id {case_id!r}: ASCII lower case, digits and hyphens only")
        if case_id in seen:
            fail(f"seed case id {case_id!r} is used twice")
        seen.add(case_id)
        for key in ("passages", "laws", "provisions"):
            if not isinstance(entry[key], list) and not (key == "passages" and entry[key] is None):
                fail(f"seed case {case_id!r}: {key!r} must be a list")
        for key in ("commentary", "topic"):
            if not isinstance(entry[key], str):
                fail(f"seed case {case_id!r}: {key!r} must be text")
        c = by_slug.get(entry["commentary"])
        if c is None:
            fail(f"seed case {case_id!r}: no commentary {entry['commentary']!r}")
        passages = tuple(str(p) for p in entry["passages"] or ())
        if not passages:
            fail(f"seed case {case_id!r}: no passage")
        for p in passages:
            if p not in c.anchors:
                fail(f"seed case {case_id!r}: passage {p!r} does not exist in {c.source.file}")
        title = entry["title"]
        if not isinstance(title, dict) or not all(isinstance(title.get(l), str) and title[l].strip() for l in LANGS):
            fail(f"seed case {case_id!r}: title needs 'fr' and 'en'")
        if entry["topic"] not in topics:
            fail(f"seed case {case_id!r}: topic {entry['topic']!r} is not in {TOPICS}")
        laws = tuple(str(l) for l in entry["laws"])
        provisions = tuple(str(p) for p in entry["provisions"])
        for law in laws:
            if law != ANNEX and not (law.isdigit() and 1 <= int(law) <= 93):
                fail(f"seed case {case_id!r}: no law {law!r}")
        for p in provisions:
            try:
                label = labels.parse_citation(p)
            except ValueError:
                fail(f"seed case {case_id!r}: {p!r} is not a citation")
            reason = check_target(label, code, known)
            if reason:
                fail(f"seed case {case_id!r}: {p!r}: {reason}")
            if label[0] not in laws:
                fail(f"seed case {case_id!r}: {p!r} cites Loi {label[0]}, which 'laws' does not list")
        out.append(SeedCase(case_id, c.source.slug, passages, {"fr": title["fr"], "en": title["en"]}, entry["topic"], laws, provisions, c.src))
    return out


def _slug_like(text: str) -> bool:
    return bool(text) and all(ch.isascii() and (ch.islower() or ch.isdigit() or ch == "-") for ch in text) and not text.startswith("-")


def _read_yaml(path: Path, name: str):
    if not path.is_file():
        raise SourceError(name, None, "file not found")
    return read_yaml(path, name)


def _line_of_item(raw: str, case_id) -> int | None:
    if case_id is None:
        return None
    for i, line in enumerate(raw.splitlines(), start=1):
        if line.lstrip("- ").startswith("id:") and line.split(":", 1)[1].strip().strip("\"'") == str(case_id):
            return i
    return None
