"""The arithmetic of the laws: one source of truth for the site, the pages'
calculators and the ``codebridge score / imp / matchpoints`` commands.

- Law 77 (contract score, values of the 2017 Laws) — ``score``;
- Law 78B (the IMP scale) — ``imps``;
- Law 78A (matchpoints: 2 per score beaten, 1 per tie) — ``matchpoints``;
- Law 64 (trick transfer after an established revoke) — ``REVOKE_TREE`` and
  ``revoke_ruling``, each step naming the provision that decides it, whose
  words are read from the parsed code (never retyped here).

The rules are *data* (``RULES``, ``IMP_SCALE``, ``MATCHPOINTS``,
``REVOKE_TREE``) and a few lines of arithmetic apply them. ``browser_data``
hands the same data to the pages' JavaScript, which applies it the same way
(a browser test compares both on a table of cases).

The sources lost Law 77's tables and Law 78B's scale (see the manifest's
gaps): the values are facts of the 2017 Laws, not text of the sources.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import patterns
from .labels import parse_citation
from .layers import note_key, units
from .model import Code, Label
from .translation import ORIGINAL, Translation

# The tools of a law's page, each (name, title's string key, the provision it
# sits in): linked under the law's title and from the home page.
TOOLS = {
    "64": (("revoke", "revoke.short", ("64",)),),
    "77": (("score", "calc.score.title", ("77",)),),
    "78": (("mp", "calc.mp.title", ("78", "A")), ("imp", "calc.imp.title", ("78", "B"))),
}


# --------------------------------------------------------------------------
# Law 77: the scoring table as data

STRAINS = ("C", "D", "H", "S", "NT")  # the code's names; the pages print ♣ ♦ ♥ ♠ SA/NT
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
DOUBLINGS = ("", "X", "XX")  # undoubled, doubled, redoubled
DOUBLING_NAMES = {"": "undoubled", "X": "doubled", "XX": "redoubled"}  # as in the strings' keys

RULES = {
    # Trick points, per trick bid and made over six, undoubled: [first, each subsequent].
    "trick": {"C": [20, 20], "D": [20, 20], "H": [30, 30], "S": [30, 30], "NT": [40, 30]},
    # Doubling multiplies the trick points of the contract (and of nothing else).
    "multiplier": {"": 1, "X": 2, "XX": 4},
    # A contract whose trick points reach this is a game.
    "game_threshold": 100,
    # [not vulnerable, vulnerable]
    "game": [300, 500],
    "part_score": 50,
    "small_slam": [500, 750],
    "grand_slam": [1000, 1500],
    # Bonus for making a doubled / redoubled contract (the "insult").
    "made_doubled": {"": 0, "X": 50, "XX": 100},
    # Each overtrick: undoubled = its trick value (null here); doubled, redoubled: [NV, V].
    "overtrick": {"": None, "X": [100, 200], "XX": [200, 400]},
    # Undertricks: [NV, V] × doubling → [1st, 2nd, 3rd, 4th and each subsequent].
    "undertrick": {
        "": [[50, 50, 50, 50], [100, 100, 100, 100]],
        "X": [[100, 200, 200, 300], [200, 300, 300, 300]],
        "XX": [[200, 400, 400, 600], [400, 600, 600, 600]],
    },
}


@dataclass(frozen=True)
class Contract:
    """A contract and its result: level 1–7, strain, doubling, and the
    tricks over or under the contract (``result`` 0 = made exactly)."""

    level: int
    strain: str
    doubling: str = ""
    result: int = 0

    def __post_init__(self):
        if not 1 <= self.level <= 7:
            raise ValueError(f"level {self.level}: a contract is from 1 to 7")
        if self.strain not in STRAINS:
            raise ValueError(f"strain {self.strain!r}: one of {', '.join(STRAINS)}")
        if self.doubling not in DOUBLINGS:
            raise ValueError(f"doubling {self.doubling!r}: nothing, X or XX")
        if self.level + 6 + self.result > 13:
            raise ValueError(f"{self.name}{self.result:+d}: there are only 13 tricks")
        if self.level + 6 + self.result < 0:
            raise ValueError(f"{self.name}{self.result:+d}: declarer cannot take fewer than 0 tricks")

    @property
    def name(self) -> str:
        """The contract as the commands write it: ``4S``, ``3NTX``."""
        return f"{self.level}{self.strain}{self.doubling}"

    @property
    def tricks(self) -> int:
        """Tricks taken by declarer."""
        return self.level + 6 + self.result


@dataclass(frozen=True)
class Part:
    """One line of a score's breakdown: what (``kind``, a key of the strings
    ``scoring.part.<kind>``), how many points, and a count when it is per trick."""

    kind: str
    points: int
    count: int = 0


@dataclass(frozen=True)
class Score:
    """The score of a contract for declarer's side (negative when down),
    and its breakdown. The opponents score ``-points``."""

    points: int
    parts: tuple[Part, ...]


def trick_points(level: int, strain: str, doubling: str = "") -> int:
    """Trick points of a contract bid and made (Law 77, "points par levée")."""
    first, subsequent = RULES["trick"][strain]
    return (first + (level - 1) * subsequent) * RULES["multiplier"][doubling]


def undertrick_penalty(down: int, doubling: str, vulnerable: bool) -> int:
    """What the opponents score for ``down`` undertricks."""
    schedule = RULES["undertrick"][doubling][int(vulnerable)]
    return sum(schedule[min(i, len(schedule) - 1)] for i in range(down))


def score(contract: Contract, vulnerable: bool = False) -> Score:
    """The score of a contract played (Law 77): for declarer's side."""
    v = int(vulnerable)
    c = contract
    if c.result < 0:
        penalty = undertrick_penalty(-c.result, c.doubling, vulnerable)
        parts = (Part("undertricks", -penalty, -c.result),)
        return Score(-penalty, parts)
    parts = []
    tp = trick_points(c.level, c.strain, c.doubling)
    parts.append(Part("trick_points", tp))
    if c.result:
        per = RULES["overtrick"][c.doubling]
        value = RULES["trick"][c.strain][1] if per is None else per[v]
        parts.append(Part("overtricks", value * c.result, c.result))
    if tp >= RULES["game_threshold"]:
        parts.append(Part("game", RULES["game"][v]))
    else:
        parts.append(Part("part_score", RULES["part_score"]))
    if c.level == 6:
        parts.append(Part("small_slam", RULES["small_slam"][v]))
    elif c.level == 7:
        parts.append(Part("grand_slam", RULES["grand_slam"][v]))
    if RULES["made_doubled"][c.doubling]:
        parts.append(Part("made_" + DOUBLING_NAMES[c.doubling], RULES["made_doubled"][c.doubling]))
    return Score(sum(p.points for p in parts), tuple(parts))


# Other ways to write a strain in the commands' notation (``patterns.CONTRACT``).
STRAIN_NAMES = {"SA": "NT", "N": "NT", "♣": "C", "♦": "D", "♥": "H", "♠": "S"}


def parse_contract(text: str) -> Contract:
    """Read ``4S=``, ``3NTX-2``, ``7SAXX=``, ``4♠+1``, ``3nt-1`` (the
    commands' notation). Raises ``ValueError`` with a one-line message."""
    m = patterns.CONTRACT.fullmatch(text.strip())
    if not m:
        raise ValueError(
            f"{text!r} is not a contract: write level, strain (C D H S NT, or ♣ ♦ ♥ ♠ SA), "
            "optional X or XX, then =, +N or -N (e.g. 4S=, 3NTX-2)"
        )
    level, doubling = int(m["level"]), m["doubling"].upper()
    strain = m["strain"].upper()
    strain = STRAIN_NAMES.get(strain, strain)
    if m["result"] == "=":
        result = 0
    else:
        n = int(m["tricks"])
        if n == 0:
            raise ValueError(f"{text!r}: write = for a contract made exactly")
        result = n if m["sign"] == "+" else -n
    return Contract(level, strain, doubling, result)


# --------------------------------------------------------------------------
# Law 78B: the IMP scale

# (lowest difference, IMPs): each row of the scale as printed, "20–40 → 1".
IMP_SCALE = (
    (0, 0), (20, 1), (50, 2), (90, 3), (130, 4), (170, 5), (220, 6), (270, 7), (320, 8), (370, 9),
    (430, 10), (500, 11), (600, 12), (750, 13), (900, 14), (1100, 15), (1300, 16), (1500, 17),
    (1750, 18), (2000, 19), (2250, 20), (2500, 21), (3000, 22), (3500, 23), (4000, 24),
)


def imp_rows() -> list[tuple[int, int | None, int]]:
    """The scale as printed: (from, to, IMPs), ``to`` None for "4000 and more".
    Scores are multiples of 10, so each row ends 10 below the next one."""
    rows = []
    for i, (low, imp) in enumerate(IMP_SCALE):
        high = IMP_SCALE[i + 1][0] - 10 if i + 1 < len(IMP_SCALE) else None
        rows.append((low, high, imp))
    return rows


def imps(difference: int) -> int:
    """The IMPs of a difference of points (Law 78B), with its sign. A
    difference between two rows (not a multiple of 10, from an adjusted or
    averaged score) takes the row whose lower end it has reached."""
    size = abs(difference)
    value = 0
    for low, imp in IMP_SCALE:
        if size >= low:
            value = imp
    return value if difference >= 0 else -value


# --------------------------------------------------------------------------
# Law 78A: matchpoints

MATCHPOINTS = {"beaten": 2, "tie": 1}  # scoring units per score lower than / equal to one's own


@dataclass(frozen=True)
class Matchpoints:
    points: int
    top: int

    @property
    def percent(self) -> float:
        return 100 * self.points / self.top


def matchpoints(own: int, field: list[int]) -> Matchpoints:
    """A score against the other scores on the board (Law 78A): 2 per score
    beaten, 1 per tie; the top is 2 × the number of other scores."""
    if not field:
        raise ValueError("the field is empty: give the other scores on the board")
    points = sum(MATCHPOINTS["beaten"] for s in field if s < own) + sum(MATCHPOINTS["tie"] for s in field if s == own)
    return Matchpoints(points, MATCHPOINTS["beaten"] * len(field))


def format_percent(value: float) -> str:
    """62.5, 50, 33.33: two decimals at most, no trailing zeros; rounded as
    the page's ``toFixed`` rounds, to the nearest hundredth of the value's
    exact binary expansion, a tie up (17 of 32: 53.13, where Python's
    format would give 53.12)."""
    from decimal import ROUND_HALF_UP, Decimal

    return str(Decimal(value).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)).rstrip("0").rstrip(".")


# --------------------------------------------------------------------------
# Law 64: the revoke helper as a decision tree
#
# Each question names the provision it asks about; each answer leads to
# another question or to an outcome (tricks transferred). ``cite`` lists the
# provisions whose words are quoted at that step, ``equity`` the 64C
# provisions to recall. The words themselves come from the code.

REVOKE_TREE = {
    "start": "established",
    "questions": {
        "established": {
            "cite": ["63A", "63A1", "63A2", "63A3", "63A4"],
            "answers": {"yes": "exception", "no": "not-established"},
        },
        "exception": {
            "cite": ["64B"],
            # the 64B cases that the tricks won do not decide (64B1 is asked below);
            # answering one of them quotes it instead of 64B
            "answers": {
                "none": "offender-won",
                "64B2": "no-adjustment",
                "64B3": "no-adjustment",
                "64B4": "no-adjustment",
                "64B5": "no-adjustment",
                "64B6": "no-adjustment",
                "64B7": "no-adjustment",
                "64B8": "no-adjustment",
            },
        },
        "offender-won": {
            "cite": ["64A1"],
            "note": "19",  # Law 64's note (19): a trick won by dummy is not won by declarer
            "answers": {"yes": "later-after-win", "no": "side-won"},
        },
        "later-after-win": {
            "cite": ["64A1"],
            "answers": {"yes": "two", "no": "one-revoke-trick"},
        },
        "side-won": {
            "cite": ["64A2"],
            "answers": {"yes": "one", "no": "none-won"},
        },
    },
    "outcomes": {
        "not-established": {"tricks": None, "cite": ["62A"], "equity": []},
        "no-adjustment": {"tricks": 0, "cite": ["64B"], "equity": ["64C1"]},
        "two": {"tricks": 2, "cite": ["64A1"], "equity": ["64C1"]},
        "one-revoke-trick": {"tricks": 1, "cite": ["64A1"], "equity": ["64C1"]},
        "one": {"tricks": 1, "cite": ["64A2"], "equity": ["64C1"]},
        "none-won": {"tricks": 0, "cite": ["64B1"], "equity": ["64C1"]},
    },
    # what else decides three of the 64B cases: 64C's own remedies, and for a
    # revoke at the twelfth trick its correction, even established (62D1)
    "equity_for": {"64B2": ["64C2(a)"], "64B6": ["62D1"], "64B7": ["64C2(b)"]},
}


def revoke_citations() -> list[str]:
    """Every provision the revoke helper quotes, in tree order."""
    out: dict[str, None] = {}
    for q in REVOKE_TREE["questions"].values():
        out.update(dict.fromkeys(q["cite"]))
        out.update(dict.fromkeys(a for a in q["answers"] if a[:1].isdigit()))
    for o in REVOKE_TREE["outcomes"].values():
        out.update(dict.fromkeys(o["cite"] + o["equity"]))
    for cites in REVOKE_TREE["equity_for"].values():
        out.update(dict.fromkeys(cites))
    return list(out)


@dataclass(frozen=True)
class Quote:
    """The words of one provision as the site gives them."""

    label: Label
    text: str


@dataclass(frozen=True)
class Step:
    """One step of a ruling: the question (or outcome) id, the answer given,
    and the provisions that decide it, quoted."""

    node: str
    answer: str | None
    quotes: tuple[Quote, ...]


@dataclass(frozen=True)
class Ruling:
    """Tricks transferred (None: the revoke is not established, it is
    corrected), each step, and the 64C reminders."""

    tricks: int | None
    outcome: str
    steps: tuple[Step, ...]
    equity: tuple[Quote, ...]


def provision_text(code: Code, citation: str, translation: Translation = ORIGINAL) -> str:
    """The words of one provision as printed (its own alinéas and items, not
    its sub-provisions'), read from the parsed code, in ``translation``
    (the French itself unless given)."""
    label = parse_citation(citation)
    words = [translation.text(u.key, u.text) for u in units(code.law(label[0])) if u.kind in ("para", "item") and u.owner == label]
    if not words:
        raise KeyError(f"Loi {citation} has no text of its own in the sources")
    return " ".join(words)


def note_text(code: Code, law: str, key: str, translation: Translation = ORIGINAL) -> str:
    """The words of a law's FFB note (``key`` "19" for the note (19))."""
    note = next(n for n in code.law(law).notes if n.key == key)
    return translation.text(note_key(law, note), note.text)


def revoke_ruling(code: Code, answers: dict[str, str], translation: Translation = ORIGINAL) -> Ruling:
    """Walk ``REVOKE_TREE`` with ``answers`` (question id → answer id) to the
    ruling: the tricks transferred under Law 64, each step quoting the
    provisions that decide it (read from ``code``)."""

    def quotes(cites) -> tuple[Quote, ...]:
        return tuple(Quote(parse_citation(c), provision_text(code, c, translation)) for c in cites)

    tree = REVOKE_TREE
    node = tree["start"]
    steps = []
    exception = None
    while node in tree["questions"]:
        q = tree["questions"][node]
        if node not in answers:
            raise ValueError(f"question {node!r} is not answered")
        answer = answers[node]
        if answer not in q["answers"]:
            raise ValueError(f"{answer!r} is not an answer to {node!r} ({', '.join(q['answers'])})")
        cites = q["cite"]
        if answer[:1].isdigit():  # a 64B case: the step quotes it
            exception, cites = answer, [answer]
        steps.append(Step(node, answer, quotes(cites)))
        node = q["answers"][answer]
    outcome = tree["outcomes"][node]
    steps.append(Step(node, None, quotes(outcome["cite"])))
    equity = list(outcome["equity"]) + list(tree["equity_for"].get(exception, []))
    return Ruling(outcome["tricks"], node, tuple(steps), quotes(equity))


# --------------------------------------------------------------------------
# For the pages


def browser_data() -> dict:
    """The rules as the pages' JavaScript reads them (scoring-data.js)."""
    return {
        "rules": RULES,
        "strains": list(STRAINS),
        "doubling_names": DOUBLING_NAMES,
        "imp_scale": [list(row) for row in IMP_SCALE],
        "matchpoints": MATCHPOINTS,
        "revoke": REVOKE_TREE,
        # the commands' notation, which a calculator's link may say too (?contract=3SA-1, 4♠+1)
        "contract": patterns.js_regex(patterns.CONTRACT),
        "whole": patterns.js_regex(patterns.WHOLE_NUMBER),
        "strain_names": STRAIN_NAMES,
    }
