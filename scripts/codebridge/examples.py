"""Worked examples (cases): read, check, and render as pages.

A case is one YAML file per language, ``content/examples/<lang>/<id>.yaml``
(the format is described in README.md). Everything in it is checked at build
time, and a problem is a ``SourceError`` "file:line: message" located by the
YAML node it concerns:

- every field, its type and its values (topic, level, cards);
- every provision cited exists in the code, or belongs to a law the sources
  lack (the case page then says that its text is not on the site yet);
- ``laws`` is exactly the set of laws of ``provisions``; each ruling step
  cites one of ``provisions``;
- each ruling quote is really in the cited provision's text as the site gives
  it (French for a French case, our English translation for an English one),
  whitespace, quotation marks and ellipses aside: this keeps rulings faithful;
- the French and English files come in pairs with the same metadata.

Seed cases (``seed.yaml``, read by ``commentary.seed_cases``) point into a
commentary page's passages; they are listed with the others.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

import yaml

from . import doc, labels
from .layers import find_calls, units
from .model import ANNEX, Code, Label
from .patterns import AFTER_CALL, CARD, CASE_ID, FRENCH_SPACE, HAND_RANK, HAND_SUIT, QUOTE_GAP, QUOTE_MARKS, SPACE_BEFORE_PUNCT
from .labels import rel
from .render import entry_inline, markdown, named_note_call, reference_link, switch, trail
from .inputs import YAML_LOADER, SourceError, read_text
from .strings import LANGS, other_language, t
from .translation import Translation

EXAMPLES = Path("content/examples")
TOPICS = "topics.yaml"
LEVELS = ("base", "avance")
REVOKE_TOPIC = "renonce"  # its cases link to the revoke helper of Law 64, as do the others that apply Law 64 (``revoke_case``)
SEATS = ("N", "E", "S", "W")
SUITS = ("S", "H", "D", "C")
RED = {"H", "D"}
INDEX_SRC = labels.CASES_INDEX_SRC
SENTENCE_ENDS = (".", "!", "?", "…", ":", ";")  # a case's part that ends so is a sentence for the snippets (``search_documents``)

if TYPE_CHECKING:
    from .collect import Layers


# --------------------------------------------------------------------------
# The model of a case


@dataclass(frozen=True)
class Step:
    """One step of a ruling: the provision that decides it, its decisive
    words, and what they mean here."""

    cite: str
    label: Label
    quote: str
    text: str


@dataclass(frozen=True)
class Trick:
    number: int
    cards: tuple[tuple[str, str], ...]  # (seat, card) in the order played, leader first
    note: str = ""


@dataclass(frozen=True)
class Diagram:
    caption: str
    hands: tuple[tuple[str, tuple[tuple[str, str], ...]], ...]  # (seat, ((suit, ranks), …))
    tricks: tuple[Trick, ...] = ()

    def hand(self, seat: str) -> dict[str, str] | None:
        return next((dict(suits) for s, suits in self.hands if s == seat), None)

    def cards(self) -> tuple:
        """What must be the same in both languages: the cards, not the words."""
        return (self.hands, tuple((tr.number, tr.cards) for tr in self.tricks))


@dataclass(frozen=True)
class Case:
    id: str
    lang: str
    file: str  # relative to the project root, for messages
    title: str
    topic: str
    level: str
    laws: tuple[str, ...]
    provisions: tuple[Label, ...]
    situation: str
    question: str
    ruling: tuple[Step, ...]
    outcome: str
    diagram: Diagram | None = None
    mistake: str = ""
    absent: tuple[str, ...] = ()
    # laws its ``absent`` names that the sources now give (a file of Laws
    # 1–39 dropped in since): the case was written without their text and
    # says so until it is checked against it; each with its line in the file
    unchecked: tuple[tuple[str, int], ...] = ()

    @property
    def src(self) -> str:
        return case_src(self.id)

    def absent_laws(self, code: Code) -> tuple[str, ...]:
        """The laws missing from the sources that the case cites or depends on."""
        cited = [n for n in self.laws if not code.law(n).present]
        return tuple(sorted(set(cited) | set(self.absent), key=lambda n: labels.sort_key((n,))))

    def __repr__(self) -> str:
        return f"Case({self.lang}/{self.id})"


@dataclass(frozen=True)
class Seed:
    """A case of a seed commentary: its text stays whole on the commentary
    page, the record points into it."""

    id: str
    commentary: str  # the commentary's slug
    passages: tuple[str, ...]  # paragraph anchors on its page ("p12")
    title: dict[str, str]
    topic: str
    laws: tuple[str, ...]
    provisions: tuple[Label, ...]

    @property
    def src(self) -> str:
        return labels.commentary_src(self.commentary)


case_src, short_src = labels.case_src, labels.case_short_src


@dataclass
class Examples:
    """Every case of both languages, the topics, and the seed cases."""

    topics: dict[str, dict[str, str]]
    cases: dict[str, dict[str, Case]]  # lang → id → case
    seeds: tuple[Seed, ...] = ()

    def of(self, lang: str) -> list[Case]:
        """One language's cases in the order of the topics, then by title."""
        order = {k: i for i, k in enumerate(self.topics)}
        return sorted(self.cases.get(lang, {}).values(), key=lambda c: (order[c.topic], c.title.casefold(), c.id))

    def entries(self, lang: str) -> list["Entry"]:
        """Cases and seed cases alike, as the lists show them."""
        return list(self._entry_lists[lang])

    @cached_property
    def _entry_lists(self) -> dict[str, tuple["Entry", ...]]:
        """Each language's entries, made once: every law page asks for its own."""
        return {lang: tuple(self._entries_of(lang)) for lang in LANGS}

    def _entries_of(self, lang: str) -> list["Entry"]:
        out = [
            Entry(c.id, c.title, c.topic, c.level, c.laws + tuple(n for n in c.absent if n not in c.laws), c.provisions, c.src, "", None)
            for c in self.of(lang)
        ]
        out += [
            Entry(s.id, s.title[lang], s.topic, "", s.laws, s.provisions, s.src, s.passages[0], s) for s in self.seeds
        ]
        order = {k: i for i, k in enumerate(self.topics)}
        return sorted(out, key=lambda e: (order[e.topic], e.seed is not None, e.title.casefold(), e.id))

    def citing(self, lang: str) -> dict[Label, list["Entry"]]:
        """Provision label → the entries that cite it, as cited (exactly)."""
        out: dict[Label, list[Entry]] = {}
        for e in self.entries(lang):
            for label in e.provisions:
                out.setdefault(label, []).append(e)
        return out

    def for_law(self, lang: str, number: str) -> list["Entry"]:
        return [e for e in self.entries(lang) if number in e.laws]


@dataclass(frozen=True)
class Entry:
    """A line of a list of cases: a case page, or a seed case's passage."""

    id: str
    title: str
    topic: str
    level: str
    laws: tuple[str, ...]
    provisions: tuple[Label, ...]
    src: str  # page source path
    fragment: str  # "p12" for a seed case, else ""
    seed: Seed | None

    def href(self, from_src: str) -> str:
        return labels.page_href(from_src, self.src, self.fragment, local=False)


# --------------------------------------------------------------------------
# Reading YAML with its line numbers


class _Problems:
    """Problems of one file, each located at a YAML node."""

    def __init__(self, file: str, out: list[SourceError]):
        self.file, self.out = file, out

    def add(self, node, message: str) -> None:
        line = node.start_mark.line + 1 if node is not None else None
        self.out.append(SourceError(self.file, line, message))


def _compose(path: Path, name: str, problems: list[SourceError]):
    """A file's YAML as nodes (their lines say where a problem is), or None
    with the problem noted: not UTF-8 (at the line of its first bad byte),
    not YAML, or nothing in it."""
    try:
        text = read_text(path, name)
    except SourceError as exc:
        problems.append(exc)
        return None
    try:
        node = yaml.compose(text, Loader=YAML_LOADER)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problems.append(SourceError(name, mark.line + 1 if mark else None, f"not valid YAML: {getattr(exc, 'problem', exc)}"))
        return None
    if node is None:
        problems.append(SourceError(name, 1, "the file is empty"))
    return node


def _mapping(node, p: _Problems, what: str, allowed: Iterable[str] | None = None) -> dict[str, object]:
    """A mapping node → {key: value node}; duplicate and unknown keys refused."""
    if not isinstance(node, yaml.MappingNode):
        p.add(node, f"{what}: expected a mapping")
        return {}
    out: dict[str, object] = {}
    allowed = set(allowed) if allowed is not None else None
    for key, value in node.value:
        name = key.value if isinstance(key, yaml.ScalarNode) else None
        if name is None:
            p.add(key, f"{what}: a key must be a plain word")
        elif name in out:
            p.add(key, f"{what}: {name!r} is given twice")
        elif allowed is not None and name not in allowed:
            p.add(key, f"{what}: unknown key {name!r} (expected one of {', '.join(sorted(allowed))})")
        else:
            out[name] = value
    return out


def _text(node, p: _Problems, what: str, required: bool = True) -> str:
    """A non-empty string scalar (plain text)."""
    if node is None:
        if required:
            p.add(None, f"{what} is missing")
        return ""
    if not isinstance(node, yaml.ScalarNode) or node.tag != "tag:yaml.org,2002:str":
        p.add(node, f"{what}: expected text")
        return ""
    value = node.value.strip()
    if not value and required:
        p.add(node, f"{what} is empty")
    return value


def _word(node, p: _Problems, what: str) -> str | None:
    """A scalar read as written ("61", "C10"), whatever YAML would type it."""
    if not isinstance(node, yaml.ScalarNode) or node.value == "":
        p.add(node, f"{what}: expected a value")
        return None
    return str(node.value).strip()


def _sequence(node, p: _Problems, what: str) -> list:
    if not isinstance(node, yaml.SequenceNode):
        p.add(node, f"{what}: expected a list")
        return []
    return list(node.value)


# --------------------------------------------------------------------------
# Checking a case against the code


def normalize(text: str) -> str:
    """Text as quotes are compared: Unicode composed, quotation marks
    dropped, apostrophes alike, whitespace collapsed (none before
    punctuation), case folded."""
    text = unicodedata.normalize("NFC", text).replace("’", "'").replace("‘", "'").replace("ʼ", "'")
    text = QUOTE_MARKS.sub(" ", text)
    text = " ".join(text.split())
    return SPACE_BEFORE_PUNCT.sub("", text).casefold()


def quote_found(quote: str, text: str) -> bool:
    """Whether the quoted words are in ``text``, in order, the parts an
    ellipsis separates each found after the previous one."""
    haystack = normalize(text)
    pos = 0
    parts = [normalize(part).strip(" ,;") for part in QUOTE_GAP.split(quote)]
    parts = [part for part in parts if part]
    if not parts:
        return False
    for part in parts:
        at = haystack.find(part, pos)
        if at < 0:
            return False
        pos = at + len(part)
    return True


@dataclass
class Checker:
    """What a case is checked against: the code and the English texts."""

    code: Code
    english: Translation  # our English
    topics: dict[str, dict[str, str]]
    known: set[Label] = field(default_factory=set)

    def __post_init__(self):
        self.known = {law.label for law in self.code.laws}
        self.known |= {p.label for law in self.code.present() for p in law.provisions()}

    def provision_text(self, label: Label, lang: str) -> str:
        """A provision's text as the site gives it, in one language: its
        title, its alinéas and those of every provision under it (a whole law
        with its FFB notes)."""
        law = self.code.law(label[0])
        markers = {n.marker for n in law.notes}
        parts = []
        for unit in units(law):
            if unit.kind == "note" and len(label) > 1:
                continue
            if unit.owner[: len(label)] == label:
                text = unit.text if lang == "fr" else self.english.text(unit.key, unit.text)
                # note calls ("(19)") are a layer over the words, not words
                for start, end, _ in reversed(find_calls(text, markers)):
                    text = text[:start] + text[end:]
                parts.append(text)
        return "\n".join(parts)

    def label(self, node, p: _Problems, what: str) -> Label | None:
        """A citation as printed ("45C4(b)", "71.1", "27", "annexe") → its
        label, if it is a provision of the code or of an absent law."""
        text = _word(node, p, what)
        if text is None:
            return None
        try:
            label = labels.parse_citation(text)
        except ValueError:
            p.add(node, f"{what}: {text!r} is not a citation (write it as printed: 45C4(b), 40B2(a)(v), 71.1, 27, annexe)")
            return None
        if label[0] not in labels.ALL_LAWS:
            p.add(node, f"{what}: there is no Loi {label[0]}")
            return None
        if not self.code.law(label[0]).present:
            return label  # a law the sources lack: its page exists, its provisions will keep their anchors
        if label not in self.known:
            p.add(node, f"{what}: {labels.cite(label)} does not exist in the code")
            return None
        return label


def _case(path: Path, name: str, lang: str, checker: Checker, problems: list[SourceError]) -> Case | None:
    p = _Problems(name, problems)
    before = len(problems)
    root = _compose(path, name, problems)
    if root is None:
        return None
    allowed = (
        "id", "title", "topic", "level", "laws", "provisions", "situation", "diagram",
        "question", "ruling", "outcome", "mistake", "absent",
    )
    m = _mapping(root, p, "case", allowed)
    if not m:
        return None
    for key in ("id", "title", "topic", "level", "laws", "provisions", "situation", "question", "ruling", "outcome"):
        if key not in m:
            p.add(root, f"{key!r} is missing")
    case_id = _text(m.get("id"), p, "id") if "id" in m else ""
    if case_id and case_id != path.stem:
        p.add(m["id"], f"id {case_id!r} is not the file name {path.stem!r}")
    if case_id and not CASE_ID.match(case_id):
        p.add(m["id"], f"id {case_id!r}: use ASCII lower-case words joined by hyphens")
    title = _text(m.get("title"), p, "title") if "title" in m else ""
    topic = _text(m.get("topic"), p, "topic") if "topic" in m else ""
    if topic and topic not in checker.topics:
        p.add(m["topic"], f"topic {topic!r} is not in {EXAMPLES}/{TOPICS}")
    level = _text(m.get("level"), p, "level") if "level" in m else ""
    if level and level not in LEVELS:
        p.add(m["level"], f"level {level!r}: expected one of {', '.join(LEVELS)}")

    laws: list[str] = []
    for node in _sequence(m["laws"], p, "laws") if "laws" in m else []:
        law = _word(node, p, "laws")
        if law is None:
            continue
        if law not in labels.ALL_LAWS:
            p.add(node, f"laws: there is no Loi {law}")
        elif law in laws:
            p.add(node, f"laws: {law} is given twice")
        else:
            laws.append(law)
    provisions: list[Label] = []
    for node in _sequence(m["provisions"], p, "provisions") if "provisions" in m else []:
        label = checker.label(node, p, "provisions")
        if label is None:
            continue
        if label in provisions:
            p.add(node, f"provisions: {labels.citation(label)} is given twice")
            continue
        provisions.append(label)
        if laws and label[0] not in laws:
            p.add(node, f"provisions: {labels.citation(label)} belongs to Loi {label[0]}, which is not in laws")
    if "laws" in m and "provisions" in m:
        cited = {label[0] for label in provisions}
        for node in m["laws"].value if isinstance(m["laws"], yaml.SequenceNode) else []:
            if node.value in laws and node.value not in cited:
                p.add(node, f"laws: Loi {node.value} has no provision in provisions")
    absent: list[str] = []
    unchecked: list[tuple[str, int]] = []
    for node in _sequence(m["absent"], p, "absent") if "absent" in m else []:
        law = _word(node, p, "absent")
        if law is None:
            continue
        if law not in labels.ALL_LAWS:
            p.add(node, f"absent: Loi {law} is not a law of the code")
        elif law in absent or law in dict(unchecked):
            p.add(node, f"absent: {law} is given twice")
        elif checker.code.law(law).present:
            unchecked.append((law, node.start_mark.line + 1))  # its text came since: the case says it is to check
        else:
            absent.append(law)

    situation = _text(m.get("situation"), p, "situation") if "situation" in m else ""
    question = _text(m.get("question"), p, "question") if "question" in m else ""
    outcome = _text(m.get("outcome"), p, "outcome") if "outcome" in m else ""
    if outcome and "\n" in outcome:
        p.add(m["outcome"], "outcome: one line")
    mistake = _text(m.get("mistake"), p, "mistake", required=False) if "mistake" in m else ""

    # the case's own words, checked below for the laws they cite
    prose = [(m.get(key), key) for key in ("situation", "question", "outcome", "mistake")]
    ruling: list[Step] = []
    steps = _sequence(m["ruling"], p, "ruling") if "ruling" in m else []
    if "ruling" in m and not steps:
        p.add(m["ruling"], "ruling: at least one step")
    for i, node in enumerate(steps, start=1):
        what = f"ruling step {i}"
        s = _mapping(node, p, what, ("cite", "quote", "text"))
        if not s:
            continue
        if "cite" not in s:
            p.add(node, f"{what}: 'cite' is missing (each step cites the provision that decides it)")
            continue
        label = checker.label(s["cite"], p, f"{what}: cite")
        text = _text(s.get("text"), p, f"{what}: text")
        prose.append((s.get("text"), f"{what}: text"))
        quote = _text(s.get("quote"), p, f"{what}: quote", required=False) if "quote" in s else ""
        if label is None:
            continue
        if label not in provisions:
            p.add(s["cite"], f"{what}: {labels.citation(label)} is not in provisions")
        present = checker.code.law(label[0]).present
        if present and not quote and label[0] not in dict(unchecked):
            p.add(s.get("quote", node), f"{what}: quote the decisive words of {labels.cite(label, lang)}")
        elif not present and quote:
            p.add(s["quote"], f"{what}: Loi {label[0]} is not in the sources, so no quote of it can be checked: leave quote out")
        elif quote and not quote_found(quote, checker.provision_text(label, lang)):
            which = "French text" if lang == "fr" else "English translation"
            p.add(s["quote"], f"{what}: quote not found in the {which} of {labels.cite(label, lang)}: {quote}")
        ruling.append(Step(labels.citation(label), label, quote, text))

    # a law the case names in its words that the code has not ("la Loi 99")
    # would stay text on its page, and a provision its law has not ("Loi
    # 64B9") would lead to another, without a word: said here
    for node, what in prose:
        if isinstance(node, yaml.ScalarNode):
            for law in _laws_named(node.value, checker.code):
                p.add(node, f"{what}: it cites law {law}, which the code has not (laws 1 to 93 and the Annex)")
            for label in _provisions_missing(node.value, checker):
                if label[0] not in dict(unchecked):  # written before its law's text came: the report says to check it
                    p.add(node, f"{what}: it cites {labels.citation(label)}, which Loi {label[0]} has not")

    diagram = _diagram(m["diagram"], p) if "diagram" in m else None
    if len(problems) > before:
        return None
    ts = _typeset if lang == "fr" else str
    return Case(
        id=case_id, lang=lang, file=name, title=ts(title), topic=topic, level=level, laws=tuple(laws),
        provisions=tuple(provisions), situation=ts(situation), question=ts(question),
        ruling=tuple(replace(step, text=ts(step.text)) for step in ruling),
        outcome=ts(outcome), diagram=diagram, mistake=ts(mistake), absent=tuple(absent), unchecked=tuple(unchecked),
    )


def _typeset(text: str) -> str:
    """A French case's own words with a no-break space before : ; ? ! »
    and after «, as the interface strings have (``patterns.FRENCH_SPACE``):
    no line of its page begins with the sign. Its quotes of the law stay
    as the law prints them."""
    return FRENCH_SPACE.sub("\u00a0", text)


def _diagram(node, p: _Problems) -> Diagram | None:
    m = _mapping(node, p, "diagram", ("caption", "hands", "tricks"))
    if not m:
        return None
    caption = _text(m.get("caption"), p, "diagram: caption", required=False) if "caption" in m else ""
    hands = []
    seen: dict[str, str] = {}  # card → seat holding it
    if "hands" in m:
        for seat, hand_node in _mapping(m["hands"], p, "diagram: hands", SEATS).items():
            suits = []
            for suit, cards_node in _mapping(hand_node, p, f"diagram: hand {seat}", SUITS).items():
                ranks = _word(cards_node, p, f"diagram: hand {seat}, suit {suit}")
                if ranks is None:
                    continue
                if not HAND_SUIT.match(ranks):
                    p.add(cards_node, f"diagram: hand {seat}, suit {suit}: {ranks!r} is not a holding (ranks AKQJ1098765432, or - for a void)")
                    continue
                for rank in HAND_RANK.findall(ranks):
                    card = suit + rank
                    if card in seen:
                        p.add(cards_node, f"diagram: {card} is in both {seen[card]} and {seat}")
                    seen[card] = seat
                suits.append((suit, ranks))
            suits.sort(key=lambda s: SUITS.index(s[0]))
            hands.append((seat, tuple(suits)))
    hands.sort(key=lambda h: SEATS.index(h[0]))
    tricks = []
    for trick_node in _sequence(m["tricks"], p, "diagram: tricks") if "tricks" in m else []:
        tm = _mapping(trick_node, p, "diagram: trick", ("number", "cards", "note"))
        if not tm:
            continue
        number_node = tm.get("number")
        number = _word(number_node, p, "diagram: trick number") if number_node is not None else None
        if number is None or not number.isdigit() or not 1 <= int(number) <= 13:
            p.add(number_node or trick_node, "diagram: a trick needs its number (1 to 13)")
            continue
        cards = []
        for card_node in _sequence(tm.get("cards"), p, f"diagram: trick {number} cards") if "cards" in tm else []:
            cm = _mapping(card_node, p, f"diagram: trick {number}", SEATS)
            if len(cm) != 1:
                p.add(card_node, f"diagram: trick {number}: each card is one {{seat: card}}")
                continue
            (seat, value), = cm.items()
            card = _word(value, p, f"diagram: trick {number}")
            if card is None:
                continue
            if not CARD.match(card):
                p.add(value, f"diagram: trick {number}: {card!r} is not a card (suit letter S H D C, then rank: D2, C10, SA)")
                continue
            if seat in (s for s, _ in cards):
                p.add(card_node, f"diagram: trick {number}: {seat} plays twice")
                continue
            cards.append((seat, card))
        if not cards or len(cards) > 4:
            p.add(trick_node, f"diagram: trick {number}: one to four cards")
        note = _text(tm.get("note"), p, "diagram: trick note", required=False) if "note" in tm else ""
        tricks.append(Trick(int(number), tuple(cards), note))
    if not hands and not tricks:
        p.add(node, "diagram: give hands, tricks or both")
    return Diagram(caption, tuple(hands), tuple(tricks))


# --------------------------------------------------------------------------
# Loading everything


def _topics(folder: Path, root: Path, problems: list[SourceError]) -> dict[str, dict[str, str]]:
    path = folder / TOPICS
    name = _name(path, root)
    if not path.is_file():
        return {}
    node = _compose(path, name, problems)
    if node is None:
        return {}
    p = _Problems(name, problems)
    out = {}
    for key, value in _mapping(node, p, "topics").items():
        names = _mapping(value, p, f"topic {key}", LANGS)
        entry = {lang: _text(names.get(lang), p, f"topic {key}: {lang}") for lang in LANGS}
        if not CASE_ID.match(key):
            p.add(value, f"topic {key!r}: use ASCII lower-case words joined by hyphens")
        out[key] = entry
    return out


def _name(path: Path, root: Path) -> str:
    try:
        return str(path.relative_to(root))
    except ValueError:
        return str(path)


def seed(record) -> Seed:
    """A seed case as ``commentary.seed_cases`` reads and checks it."""
    return Seed(
        record.id, record.commentary, tuple(record.passages), dict(record.title), record.topic,
        tuple(record.laws), tuple(labels.parse_citation(p) for p in record.provisions),
    )


def load(root: Path, code: Code, english: Translation, seeds: Iterable[Seed] = ()) -> Examples:
    """Every case of ``content/examples/``, checked (see the module
    docstring) against the code and our ``english``; ``seeds``
    are the seed cases (read and checked by ``commentary.seed_cases``).

    Raises the first ``SourceError`` found."""
    problems = check(root, code, english, seeds)
    if isinstance(problems, Examples):
        return problems
    raise problems[0]


def check(root: Path, code: Code, english: Translation, seeds: Iterable[Seed] = ()) -> "Examples | list[SourceError]":
    """The cases, or every problem found in them (``load`` raises the first)."""
    folder = root / EXAMPLES
    problems: list[SourceError] = []
    topics = _topics(folder, root, problems)
    checker = Checker(code, english, topics)
    cases: dict[str, dict[str, Case]] = {lang: {} for lang in LANGS}
    files: dict[str, dict[str, Path]] = {lang: {} for lang in LANGS}
    for lang in LANGS:
        for path in sorted((folder / lang).glob("*.yaml")) if (folder / lang).is_dir() else []:
            files[lang][path.stem] = path
            case = _case(path, _name(path, root), lang, checker, problems)
            if case is not None:
                cases[lang][case.id] = case
    if (cases["fr"] or cases["en"]) and not topics:
        problems.append(SourceError(_name(folder / TOPICS, root), None, "the topics of the cases are missing"))
    for lang, other in ((lang, other_language(lang)) for lang in LANGS):
        for stem, path in files[lang].items():
            if stem not in files[other]:
                problems.append(
                    SourceError(_name(path, root), 1, f"no {other} counterpart: {EXAMPLES}/{other}/{stem}.yaml is missing")
                )
    for case_id, fr in cases["fr"].items():
        en = cases["en"].get(case_id)
        if en is None:
            continue
        for what in ("topic", "level", "laws", "provisions", "absent"):
            if getattr(fr, what) != getattr(en, what) or (what == "absent" and dict(fr.unchecked).keys() != dict(en.unchecked).keys()):
                problems.append(SourceError(en.file, _key_line(files["en"][case_id], what), f"{what} differs from the French case ({fr.file})"))
        if [s.label for s in fr.ruling] != [s.label for s in en.ruling]:
            problems.append(SourceError(en.file, _key_line(files["en"][case_id], "ruling"), f"ruling: the steps do not cite the same provisions as the French case ({fr.file})"))
        if (fr.diagram and fr.diagram.cards()) != (en.diagram and en.diagram.cards()):
            problems.append(SourceError(en.file, _key_line(files["en"][case_id], "diagram"), f"diagram: not the same cards as the French case ({fr.file})"))
    seeds = list(seeds)
    clash = {s.id for s in seeds} & set(cases["fr"])
    for seed_id in sorted(clash):
        problems.append(SourceError(_name(folder / "seed.yaml", root), None, f"seed case {seed_id!r} has the id of a case"))
    if problems:
        return problems
    return Examples(topics, cases, tuple(seeds))


def _cited(text: str) -> list[Label]:
    """The laws and provisions ``text`` cites, each once, in its order."""
    from .references import find_references, resolve

    out = []
    for raw in find_references(text, relative=False):
        target = resolve(raw, ("0",)) if raw.start != raw.end else None
        if target and target not in out:
            out.append(target)
    return out


def _laws_named(text: str, code: Code) -> list[str]:
    """The numbers of the laws ``text`` cites that the code has not."""
    known = {law.number for law in code.laws}
    return list(dict.fromkeys(target[0] for target in _cited(text) if target[0] not in known))


def _provisions_missing(text: str, checker: Checker) -> list[Label]:
    """The provisions ``text`` cites, of laws the sources give, that those
    laws have not."""
    return [t for t in _cited(text) if (t[0],) in checker.known and checker.code.law(t[0]).present and t not in checker.known]


def _key_line(path: Path, key: str) -> int | None:
    node = yaml.compose(path.read_text(encoding="utf-8"), Loader=YAML_LOADER)
    for k, _ in node.value:
        if k.value == key:
            return k.start_mark.line + 1
    return None


# --------------------------------------------------------------------------
# Rendering


def cross_href(src: str, lang: str, target_src: str, target_lang: str, directory_urls: bool) -> str:
    """Relative URL from page ``src`` of the ``lang`` site to page
    ``target_src`` of the ``target_lang`` site (``labels.cross_href``)."""
    return labels.cross_href(src, lang, target_src, target_lang, directory_urls)


@dataclass
class CasePages:
    """The case pages of one language's site and their hooks into the
    other pages (law pages, bilingual view, search, short links)."""

    examples: Examples
    code: Code
    layers: "Layers"  # the site's collected layers (texts, reference previews)
    directory_urls: bool = True

    @property
    def lang(self) -> str:
        return self.layers.lang

    def text(self, key: str, fr: str) -> str:
        """A unit's text in the site's language."""
        return self.layers.text(key, fr)

    def preview(self, label: Label) -> str:
        """The reference tooltip, as on law pages."""
        return self.layers.preview(label)

    def s(self, key: str, **kw) -> str:
        return t(self.lang, "examples." + key, **kw)

    # -- links -----------------------------------------------------------------
    def provision_href(self, src: str, label: Label) -> str:
        """A cited provision's place; on the page of a law the sources lack,
        its anchor there when the laws cite it (``Layers.placeholders``:
        « Loi 12C1(c) »), else the page itself (no anchor yet)."""
        anchored = self.code.law(label[0]).present or label in self._placeholders
        return labels.href(src, label if anchored else label[:1], local=False)

    @cached_property
    def _placeholders(self) -> frozenset[Label]:
        return frozenset(self.layers.placeholders)

    def ref(self, src: str, label: Label) -> doc.Link:
        """A provision as a reference link with its preview, as in the laws."""
        return doc.Link(
            (labels.cite(label, self.lang),), self.provision_href(src, label), self.preview(label),
            ("ref",), (("data-cite", labels.citation(label)),),
        )

    @cached_property
    def _provisions(self) -> frozenset[Label]:
        return frozenset(p.label for law in self.code.present() for p in law.provisions()) | {(law.number,) for law in self.code.laws}

    def prose(self, text: str, src: str) -> tuple:
        """The case's own words (situation, question, ruling, outcome), each
        law or provision they name ("la Loi 55C") a reference link with its
        preview, as in the laws; one the code lacks leads to the nearest
        provision above it, a law the sources lack to its page. A provision
        cited without « Loi » ("selon 64A2", "(70C2)") is a link too when the
        code has it exactly."""
        from .references import bare_labels, find_references, resolve

        spans = []

        def link(raw, target) -> None:
            spans.append((raw.start, raw.end, reference_link(self.provision_href(src, target), self.preview(target), target)))

        found = find_references(text, relative=False)
        for raw in found:
            target = resolve(raw, ("0",)) if raw.start != raw.end else None
            if not target or (target[0],) not in self._provisions:
                continue
            while target not in self._provisions and self.code.law(target[0]).present:
                target = target[:-1]
            link(raw, target)
        for raw in bare_labels(text, [(r.start, r.end) for r in found]):
            target = resolve(raw, ("0",))
            if target in self._provisions and len(target) > 1:
                link(raw, target)
        return doc.marked(text, sorted(spans, key=lambda span: span[0]))

    def entry_link(self, entry: Entry, src: str) -> tuple:
        return entry_inline(entry, src, self.lang)

    # -- a case page -------------------------------------------------------------
    def case_page(self, case: Case) -> str:
        """Situation, diagram, question, ruling step by step (each step's
        provision linked with its preview, its words quoted, its text on
        demand), outcome, frequent mistake."""
        src = case.src
        s = self.s
        topic = self.examples.topics[case.topic][self.lang]
        short = cross_href(src, self.lang, labels.case_short_page(case.id), self.lang, self.directory_urls)
        colon = s("colon")
        meta = (
            s("topic") + colon, doc.Link((topic,), labels.page_href(src, INDEX_SRC, labels.topic_id(case.topic))),
            f" · {s('level')}{colon}{s('level.' + case.level)} · {s('laws')}{colon}", *self._law_links(case.laws, src),
            doc.DOT, doc.Tag("a", (s("short"),), (("href", short), ("class", "cb-short"), ("data-short", labels.case_short_key(case.id)), ("title", s("short.copy")))),
        )
        nodes: list[doc.Node] = [
            doc.Front(title=case.title, description=case.question, flags=trail(
                src, self.lang, self.directory_urls, (s("title"), INDEX_SRC, ""), (topic, INDEX_SRC, labels.topic_id(case.topic))
            )),
            doc.Heading(1, (case.title,)),
            switch(src, self.lang, self.directory_urls),
            doc.Line("p", meta, (("class", "cb-case-meta"),), markdown=True),
        ]
        absent = case.absent_laws(self.code)
        if absent:
            nodes.append(doc.Note("info", s("absent.title"), (s("absent.body"), " ", *self._law_links(absent, src), ".")))
        if case.unchecked:
            unchecked = tuple(law for law, _ in case.unchecked)
            nodes.append(doc.Note("warning", s("unchecked.title"), (s("unchecked.body"), " ", *self._law_links(unchecked, src), ".")))
        nodes += [doc.Heading(2, (s("situation"),), labels.section_id("case.situation")), doc.Para(self.prose(case.situation, src))]
        if case.diagram is not None:
            nodes.append(self.diagram(case.diagram))
        nodes += [
            doc.Heading(2, (s("question"),), labels.section_id("case.question")),
            doc.Line("p", self.prose(case.question, src), (("class", "cb-question"),), markdown=True),
            doc.Heading(2, (s("ruling"),), labels.section_id("case.ruling")),
        ]
        steps = []
        for i, step in enumerate(case.ruling, start=1):
            head: tuple = (self.ref(src, step.label),)
            if step.quote:
                head += (" — ", doc.Tag("q", self.quote_inline(step.label, _unquoted(step.quote), src), (("class", "cb-quote"),)))
            body: list[doc.Node] = [doc.Para(head), doc.Para(self.prose(step.text, src))]
            text = self.provision_text(step.label, src)
            if text:
                which = "show_text_annex" if step.label[0] == ANNEX else "show_text"  # « de l'Annexe 2 »
                summary = doc.Line("summary", (s(which, cite=labels.cite(step.label, self.lang)),))
                body.append(doc.Block("details", (summary, *text), (("class", "cb-provision-text"),)))
            steps.append(doc.Block("li", tuple(body), (("id", labels.step_id(i)),), markdown="block"))
        nodes.append(doc.Block("ol", tuple(steps), (("class", "cb-ruling"),)))
        nodes += [doc.Heading(2, (s("outcome"),), labels.section_id("case.outcome")), doc.Line("p", self.prose(case.outcome, src), (("class", "cb-outcome"),), markdown=True)]
        if case.mistake:
            nodes += [doc.Heading(2, (s("mistake"),), labels.section_id("case.mistake")), doc.Para(self.prose(case.mistake, src))]
        if revoke_case(case):  # the transfer, step by step, on Law 64's page
            helper = labels.page_href(src, labels.law_src("64"), labels.section_id("scoring.revoke"), local=False)
            link = doc.Link((t(self.lang, "scoring.revoke.link"),), helper)
            nodes.append(doc.Line("p", (link,), (("class", "cb-revoke-link"),), markdown=True))
        return markdown(nodes)

    def provision_text(self, label: Label, src: str) -> list[doc.Para]:
        """A provision's text from the code, in the site's language, each
        alinéa under the citation of the provision it belongs to."""
        law = self.code.law(label[0])
        if not law.present:
            return []
        out, owner = [], None
        for unit in units(law):
            if unit.kind == "note" or unit.kind == "law-title" or unit.owner[: len(label)] != label:
                continue
            text = self.text(unit.key, unit.text)
            if unit.kind == "title":
                out.append(doc.Para((doc.Strong((labels.citation(unit.owner, self.lang), " ", text)),)))
                owner = unit.owner
                continue
            lead = (doc.Strong((labels.citation(unit.owner, self.lang),)), " ") if unit.owner != owner else ()
            owner = unit.owner
            out.append(doc.Para((("– ",) if unit.kind == "item" else ()) + lead + doc.marked(text, self._calls(unit.key, law.number, src) + self._references(unit.key, src))))
        return out

    def _calls(self, key: str, law: str, src: str) -> list:
        """The note calls of unit ``key`` ("(19)"), raised and linked to the
        note on its law's page, as there (spans for ``doc.marked``)."""
        return [
            (a, b, named_note_call(labels.note_html_href(src, law, marker, self.directory_urls), marker, self.lang, national=self.code.law(law).is_national(marker)))
            for a, b, marker in self.layers.calls.get(key, ())
        ]

    def _references(self, key: str, src: str) -> list:
        """The references of unit ``key``, as on its law's page: links with
        their previews, from page ``src`` (spans for ``doc.marked``)."""
        return [
            (r.start, r.end, reference_link(labels.href(src, r.target), self.layers.preview(r.target), r.target))
            for r in self.layers.located.get(key, ())
        ]

    def quote_inline(self, label: Label, quote: str, src: str) -> tuple:
        """The quoted words of provision ``label``, each reference in them
        linked as on the law's page: a reference's words found in the quote
        lead where they lead in the provision's text (words that lead to two
        places there stay plain, and so does a lone letter)."""
        law = self.code.law(label[0])
        targets: dict[str, set] = {}
        for unit in units(law) if law.present else ():
            if unit.owner[: len(label)] == label:
                text = self.text(unit.key, unit.text)
                for r in self.layers.located.get(unit.key, ()):
                    targets.setdefault(text[r.start : r.end], set()).add(r.target)
        spans, taken = [], []
        for words, found in sorted(targets.items(), key=lambda item: -len(item[0])):  # "Loi 64B7" before "64B"
            if len(found) != 1 or len(words.strip("()")) < 2:  # a lone letter ("E", "(b)") may be a word of the quote
                continue
            target = next(iter(found))
            start = quote.find(words)
            while start >= 0:
                end = start + len(words)
                whole = not quote[start - 1 : start].isalnum() and not quote[end : end + 1].isalnum()
                if whole and not any(a < end and start < b for a, b in taken):
                    taken.append((start, end))
                    spans.append((start, end, reference_link(labels.href(src, target), self.layers.preview(target), target)))
                start = quote.find(words, end)
        return doc.marked(quote, self.quote_calls(label, quote, src) + spans)  # a call first where a reference begins

    def quote_calls(self, label: Label, quote: str, src: str) -> list:
        """The note calls that the quoted words of provision ``label`` leave
        out (quotes are written, and checked, without them: ``Checker``),
        put back where the provision's text has them, raised and linked as
        there: zero-width spans for ``doc.marked``. A call goes back where
        the quote says the three words before it and the word after it
        once, or at the quote's end when the quote's last words (up to six)
        are the words before it and its last stop, if any, the text's after it."""
        law = self.code.law(label[0])
        spans = []
        for unit in units(law) if law.present else ():
            if unit.kind == "note" or unit.owner[: len(label)] != label:
                continue
            text = self.text(unit.key, unit.text)
            for a, b, marker in self.layers.calls.get(unit.key, ()):
                before = text[:a].rstrip(" ")
                tail = " ".join(before.split()[-3:])
                said = tail + AFTER_CALL.match(text, b).group(0).rstrip()
                at = quote.find(said) if tail else -1
                if at < 0 or quote.find(said, at + 1) >= 0:  # not said once: the quote may end at the call
                    last = QUOTE_GAP.split(quote)[-1].rstrip(QUOTE_END).split()
                    n = min(6, len(last))
                    stop = quote[len(quote.rstrip(QUOTE_END)) :].replace("…", "").strip()  # the quote's last stop: the text's after the call
                    if n < 2 or last[-n:] != before.split()[-n:] or not text[b:].lstrip().startswith(stop):
                        continue
                    at = len(quote.rstrip(QUOTE_END)) - len(tail)
                    if quote[at : at + len(tail)] != tail:
                        continue
                call = named_note_call(labels.note_html_href(src, law.number, marker, self.directory_urls), marker, self.lang, text[a:b], national=law.is_national(marker))
                at += len(tail)
                spans += ([(at, at, " ")] if len(before) < a else []) + [(at, at, call)]  # spaced as in the text
        return spans

    # -- diagrams ----------------------------------------------------------------
    def card_words(self, suit: str, rank: str) -> str:
        rank_word = self.s(f"rank.{rank}") if rank in "AKQJ" else rank
        return self.s("card", rank=rank_word, suit=self.s(f"suit.{suit}"))

    def shown_rank(self, rank: str) -> str:
        return self.s(f"rank_shown.{rank}") if rank in "AKQJ" else rank

    def _symbol(self, suit: str) -> doc.Tag:
        symbol = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[suit]
        colour = "cb-red" if suit in RED else "cb-black"
        return doc.Tag("span", (symbol,), (("class", f"cb-suit {colour}"), ("aria-hidden", "true")))

    def _sr(self, text: str) -> doc.Tag:
        """Words for screen readers only."""
        return doc.Tag("span", (text,), (("class", "cb-sr"),))

    def holding(self, suit: str, ranks: str) -> doc.Tag:
        """One suit of a hand: the symbol (hidden from screen readers, which
        read the suit's name) and the ranks."""
        if ranks == "-":
            shown: tuple = (doc.Tag("span", ("—",), (("aria-hidden", "true"),)), self._sr(self.s("void")))
        else:
            shown = (" ".join(self.shown_rank(r) for r in HAND_RANK.findall(ranks)),)
        return doc.Tag("span", (self._symbol(suit), self._sr(self.s("suit." + suit) + " "), *shown), (("class", "cb-holding"),))

    def card(self, seat: str, card: str) -> tuple[doc.Tag, doc.Tag]:
        m = CARD.match(card)
        suit, rank = m["suit"], m["rank"]
        abbr = doc.Tag("span", (self.s("seat_abbr." + seat),), (("class", "cb-seat-abbr"),))
        visible = doc.Tag("span", (abbr, " ", self._symbol(suit), self.shown_rank(rank)), (("class", "cb-card"), ("aria-hidden", "true")))
        words = self.s("played_by", seat=self.s("seat." + seat), card=self.card_words(suit, rank))
        return visible, self._sr(words)

    def diagram(self, d: Diagram) -> doc.Line:
        """The hands in compass layout (a table, never an image) and the
        tricks as a table, leader first."""
        out = []
        if d.hands:
            caption = d.caption or self.s("deal")

            def cell(seat: str | None) -> doc.Tag:
                hand = d.hand(seat) if seat else None
                if hand is None:
                    return doc.Tag("td", (), (("class", "cb-hand-empty"),))
                suits = tuple(self.holding(suit, hand[suit]) for suit in SUITS if suit in hand)
                name = doc.Tag("span", (self.s("seat." + seat),), (("class", "cb-seat"),))
                return doc.Tag("td", (name, *suits), (("class", f"cb-hand cb-seat-{seat}"),))

            rows = [(None, "N", None), ("W", None, "E"), (None, "S", None)]
            body = tuple(doc.Tag("tr", tuple(cell(seat) for seat in row)) for row in rows)
            out.append(doc.Tag("table", (doc.Tag("caption", (caption,)), doc.Tag("tbody", body)), (("class", "cb-deal"),)))
        if d.tricks:
            width = max(len(tr.cards) for tr in d.tricks)
            col = (("scope", "col"),)
            head = (doc.Tag("th", (self.s("trick"),), col),) + tuple(
                doc.Tag("th", (self.s("card_1") if n == 1 else self.s("card_n", n=n),), col) for n in range(1, width + 1)
            )
            rows = []
            for tr in d.tricks:
                cells = tuple(doc.Tag("td", self.card(seat, card)) for seat, card in tr.cards)
                cells += (doc.Tag("td"),) * (width - len(tr.cards))
                rows.append(doc.Tag("tr", (doc.Tag("th", (str(tr.number),), (("scope", "row"),)), *cells)))
            table = (doc.Tag("caption", (self.s("tricks"),)), doc.Tag("thead", (doc.Tag("tr", head),)), doc.Tag("tbody", tuple(rows)))
            out.append(doc.Tag("table", table, (("class", "cb-tricks"),)))
            # notes under the table, not in a column: a phone keeps the cards readable
            notes = tuple(
                doc.Tag("li", (doc.Tag("span", (f"{self.s('trick')} {tr.number}",), (("class", "cb-trick-n"),)), self.s("colon"), tr.note))
                for tr in d.tricks
                if tr.note
            )
            if notes:
                out.append(doc.Tag("ul", notes, (("class", "cb-trick-notes"),)))
        return doc.Line("div", tuple(out), (("class", "cb-diagram"),))

    # -- the exemples/ index ---------------------------------------------------
    def index_page(self) -> str:
        """Every case (and seed case) by law, then by topic."""
        src = INDEX_SRC
        s = self.s
        entries = self.examples.entries(self.lang)
        nodes: list[doc.Node] = [doc.Front(title=s("title")), doc.Heading(1, (s("title"),)), doc.Para((s("intro"),))]
        nodes.append(doc.Heading(2, (s("by_topic"),), labels.section_id("cases.by_topic")))
        for key, names in self.examples.topics.items():
            mine = [e for e in entries if e.topic == key]
            if not mine:
                continue
            nodes.append(doc.Heading(3, (names[self.lang],), labels.topic_id(key)))
            nodes.append(doc.Items(tuple((*self.entry_link(e, src), " — ", *self._law_links(e.laws, src)) for e in mine)))
        nodes.append(doc.Heading(2, (s("by_law"),), labels.section_id("cases.by_law")))
        for law in self.code.laws:
            mine = [e for e in entries if law.number in e.laws]
            if not mine:
                continue
            name = labels.cite(law.label, self.lang)
            nodes.append(doc.Heading(3, (doc.Link((name,), rel(src, labels.law_src(law.number))),), labels.law_section_id("cases.law", law.number)))
            nodes.append(doc.Items(tuple((*self.entry_link(e, src), " — ", *self._cited_in(e, law.number, src)) for e in mine)))
        return markdown(nodes)

    def _cited_in(self, entry, number: str, src: str) -> tuple:
        """What an entry cites of law ``number``: its provisions, or the law
        as a whole when it cites none of them (a commentary's case about
        Laws 61 to 64)."""
        own = [label for label in entry.provisions if label[0] == number]
        return doc.joined(self.ref(src, label) for label in own) if own else self._law_links((number,), src)

    def _law_links(self, numbers: Iterable[str], src: str) -> tuple:
        """Laws as links to their pages, in the code's order."""
        ordered = sorted(numbers, key=lambda n: labels.sort_key((n,)))
        return doc.joined(doc.Link((labels.cite((n,), self.lang),), rel(src, labels.law_src(n))) for n in ordered)

    # -- hooks into the bilingual view ---------------------------------------------
    def parallel_section(self, number: str, src: str) -> str:
        """On the bilingual view of a law: its cases, in both languages."""
        entries = self.examples.for_law(self.lang, number)
        if not entries:
            return ""
        other = other_language(self.lang)
        items = []
        for e in entries:
            there = labels.cross_href(src, self.lang, e.src, other, self.directory_urls, e.fragment)
            other_title = e.seed.title[other] if e.seed else self.examples.cases[other][e.id].title
            # inline HTML in a Markdown list item: Markdown reads the title
            link = doc.Tag("a", (other_title,), (("href", there), ("hreflang", other), ("lang", other)))
            items.append((*self.entry_link(e, src), doc.DOT, link, f" ({self.s('other_lang')})"))
        return "\n" + markdown([doc.Heading(2, (self.s("both"),), labels.section_id("parallel.cases")), doc.Items(tuple(items))])

    # -- search and short links --------------------------------------------------
    def search_documents(self) -> list[tuple[str, str, str, str]]:
        """(case id, URL, title, text) of each case page, for the index."""
        out = []
        for case in self.examples.of(self.lang):
            parts = [case.situation, case.question] + [step.text for step in case.ruling] + [case.outcome, case.mistake]
            # each part a sentence of its own in a snippet: the outcome, a
            # label on the page, ends with no full stop
            said = [p if p.rstrip().endswith(SENTENCE_ENDS) else p.rstrip() + "." for p in parts if p]
            out.append((case.id, labels.page_url(case.src, self.directory_urls), case.title, " ".join(said)))
        return out

    def short_pages(self, public: str | None = None) -> dict[str, str]:
        """``r/ex-<id>/index.html`` → the case page, with the site's card, as
        the case page has; with the site's ``public`` address, absolute
        addresses (canonical, ``og:url``, ``og:image``)."""
        from .shortlinks import redirect_page

        out = {}
        card = labels.card_src("site")
        for case in self.examples.of(self.lang):
            target = labels.from_short_link(labels.page_url(case.src, self.directory_urls))
            short = short_src(case.id)
            out[labels.short_file(short)] = redirect_page(
                self.lang, case.title, case.question, target,
                public + labels.page_url(case.src) if public else None,
                public + card if public else labels.from_short_link(card),
                public + short if public else None,
            )
        return out


def revoke_case(case) -> bool:
    """Whether a case is about a revoke's rectification: its topic is the
    revoke, or it applies Law 64 under another topic (dummy pointing out a
    revoke, a revoke kept quiet)."""
    return case.topic == REVOKE_TOPIC or "64" in case.laws


# What may follow a quote's last word: spaces, a stop, an ellipsis (``CasePages.quote_calls``).
QUOTE_END = " .,;:…"


def _unquoted(quote: str) -> str:
    """The quoted words without their outer quotation marks (``<q>`` adds
    the language's own)."""
    text = quote.strip()
    for left, right in (("«", "»"), ("“", "”"), ('"', '"')):
        if text.startswith(left) and text.endswith(right) and len(text) > 1:
            return text[len(left) : -len(right)].strip()
    return text
