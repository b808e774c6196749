"""The arithmetic of the laws (Laws 64, 77, 78), table by table: values of the
2017 Laws written out here by hand, independently of the code's tables."""

import pytest

from codebridge import scoring
from codebridge.cli import main
from codebridge.scoring import Contract, imps, matchpoints, parse_contract, score

# (contract, vulnerable, score of declarer's side)
SCORES = [
    # the known values
    ("4S=", True, 620),
    ("3NTX-2", False, -300),
    ("7NTXX=", True, 2980),
    # part-scores and the game boundary (100 trick points)
    ("1C=", False, 70),
    ("1NT=", False, 90),
    ("2S=", False, 110),
    ("2NT=", True, 120),        # 70 trick points: a part-score
    ("3H=", True, 140),         # 90: still a part-score
    ("4C=", False, 130),        # 80: a part-score even at the four level
    ("3NT=", False, 400),       # 100: game
    ("3NT=", True, 600),
    ("4H=", False, 420),
    ("5C=", False, 400),
    ("5D=", True, 600),
    # overtricks undoubled: the trick value, whatever the vulnerability
    ("3NT+1", False, 430),
    ("4S+1", True, 650),
    ("2C+2", True, 130),
    ("1NT+6", False, 270),
    # doubled: the trick points double, and can make game
    ("1CX=", False, 140),
    ("1SX=", False, 160),
    ("2CX=", False, 180),       # 80 doubled trick points: part-score
    ("2HX=", False, 470),       # 120: game
    ("3CX=", True, 670),
    ("1NTX=", False, 180),
    ("4SX=", True, 790),
    # doubled overtricks: 100 / 200 each
    ("1CX+1", False, 240),
    ("1CX+1", True, 340),
    ("4SX+1", True, 990),
    ("3NTX+2", False, 750),
    # redoubled: ×4 trick points, 200 / 400 per overtrick, 100 for making it
    ("1CXX=", False, 230),
    ("1NTXX=", False, 560),     # 160: game
    ("1NTXX=", True, 760),
    ("2DXX=", False, 560),
    ("1CXX+1", False, 430),
    ("1CXX+1", True, 630),
    ("7NTXX=", False, 2280),
    # slams
    ("6C=", False, 920),
    ("6C=", True, 1370),
    ("6H=", False, 980),
    ("6S=", True, 1430),
    ("6NT=", True, 1440),
    ("6NTX=", False, 1230),
    ("7C=", True, 2140),
    ("7S=", False, 1510),
    ("7S=", True, 2210),
    ("7NT=", False, 1520),
    ("7NT=", True, 2220),
    # symbols and French notation
    ("4♠=", True, 620),
    ("3SAX-2", False, -300),
    ("7SAXX=", True, 2980),
    ("4♥-1", False, -50),
    ("3nt-1", True, -100),
]

# Undertricks 1..13: [NV undoubled, NV doubled, NV redoubled, V undoubled, V doubled, V redoubled]
UNDERTRICKS = {
    1: [50, 100, 200, 100, 200, 400],
    2: [100, 300, 600, 200, 500, 1000],
    3: [150, 500, 1000, 300, 800, 1600],
    4: [200, 800, 1600, 400, 1100, 2200],
    5: [250, 1100, 2200, 500, 1400, 2800],
    6: [300, 1400, 2800, 600, 1700, 3400],
    7: [350, 1700, 3400, 700, 2000, 4000],
    8: [400, 2000, 4000, 800, 2300, 4600],
    9: [450, 2300, 4600, 900, 2600, 5200],
    10: [500, 2600, 5200, 1000, 2900, 5800],
    11: [550, 2900, 5800, 1100, 3200, 6400],
    12: [600, 3200, 6400, 1200, 3500, 7000],
    13: [650, 3500, 7000, 1300, 3800, 7600],
}

# The IMP scale as printed: "from-to IMPs".
IMP_SCALE = """
0-10 0 · 20-40 1 · 50-80 2 · 90-120 3 · 130-160 4 · 170-210 5 · 220-260 6 · 270-310 7 · 320-360 8
370-420 9 · 430-490 10 · 500-590 11 · 600-740 12 · 750-890 13 · 900-1090 14 · 1100-1290 15
1300-1490 16 · 1500-1740 17 · 1750-1990 18 · 2000-2240 19 · 2250-2490 20 · 2500-2990 21
3000-3490 22 · 3500-3990 23 · 4000-7600 24
"""
IMP_ROWS = [
    (int(a), int(b), int(i))
    for row in IMP_SCALE.replace("\n", " · ").split("·")
    if row.strip()
    for (a, b), i in [(row.split()[0].split("-"), row.split()[1])]
]


@pytest.mark.parametrize("text, vul, expected", SCORES)
def test_contract_scores(text, vul, expected):
    result = score(parse_contract(text), vul)
    assert result.points == expected
    assert sum(p.points for p in result.parts) == expected  # the breakdown adds up


@pytest.mark.parametrize("down", sorted(UNDERTRICKS))
def test_undertricks_at_every_depth(down):
    got = []
    for vul in (False, True):
        for doubling in ("", "X", "XX"):
            # the highest contract that can go down so many: 7NT down 13
            got.append(-score(Contract(7, "NT", doubling, -down), vul).points)
    assert got == UNDERTRICKS[down]


def test_undertricks_do_not_depend_on_the_strain_or_level():
    for strain in scoring.STRAINS:
        assert score(Contract(1, strain, "X", -3), True).points == -800
        assert score(Contract(4, strain, "XX", -1), False).points == -200


def test_breakdown_of_a_redoubled_grand_slam():
    result = score(parse_contract("7NTXX="), True)
    assert [(p.kind, p.points) for p in result.parts] == [
        ("trick_points", 880),
        ("game", 500),
        ("grand_slam", 1500),
        ("made_redoubled", 100),
    ]


def test_imp_rows_are_the_printed_scale():
    assert [(a, b if b is not None else 7600, i) for a, b, i in scoring.imp_rows()] == IMP_ROWS


@pytest.mark.parametrize("low, high, expected", IMP_ROWS)
def test_every_imp_row_at_both_ends(low, high, expected):
    for diff in (low, high):
        assert imps(diff) == expected
        assert imps(-diff) == -expected
    assert imps(high + 10) == min(expected + 1, 24) or high == 7600


@pytest.mark.parametrize("diff, expected", [(15, 0), (19, 0), (45, 1), (4000, 24), (12000, 24), (-470, -10)])
def test_imps_between_rows_and_beyond(diff, expected):
    assert imps(diff) == expected


@pytest.mark.parametrize(
    "own, field, points, top, percent",
    [
        (420, [450, 420, 400, -50], 5, 8, "62.5"),   # the example
        (450, [420, 400], 4, 4, "100"),              # a top
        (-50, [420, 400], 0, 4, "0"),                # a bottom
        (100, [100, 100, 100], 3, 6, "50"),          # all tied
        (110, [140, 90, 110], 3, 6, "50"),
        (-100, [-200, 50, 100], 2, 6, "33.33"),
        (10, [10] * 15 + [0], 17, 32, "53.13"),     # 53.125: a tie, up, as the page rounds
        (0, [0] + [10] * 15, 1, 32, "3.13"),         # 3.125
    ],
)
def test_matchpoints(own, field, points, top, percent):
    mp = matchpoints(own, field)
    assert (mp.points, mp.top, scoring.format_percent(mp.percent)) == (points, top, percent)


def test_matchpoints_need_a_field():
    with pytest.raises(ValueError):
        matchpoints(420, [])


@pytest.mark.parametrize(
    "text",
    ["", "4", "4S", "8S=", "0S=", "4Z=", "4S+8", "1NT-8", "7C+1", "4S+0", "4SXXX=", "4S=1", "S4="],
)
def test_bad_contracts_are_refused(text):
    with pytest.raises(ValueError):
        parse_contract(text)


# -- the commands, as the issue writes them


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_score(capsys):
    status, out, err = run(capsys, "score", "4S=", "--vul")
    assert status == 0 and out.splitlines()[0] == "620"
    assert run(capsys, "score", "3NTX-2")[1].splitlines()[0] == "-300"
    assert run(capsys, "score", "7NTXX=", "--vul")[1].splitlines()[0] == "2980"
    assert "Grand slam bonus: +1500" in run(capsys, "score", "7NTXX=", "--vul")[1]


def test_cli_imp(capsys):
    assert run(capsys, "imp", "470") == (0, "10\n", "")
    assert run(capsys, "imp", "-470")[1] == "-10\n"


def test_cli_matchpoints(capsys):
    assert run(capsys, "matchpoints", "420", "--field", "450", "420", "400", "-50") == (0, "5/8 62.5%\n", "")


@pytest.mark.parametrize(
    "argv",
    [
        ["score", "4Z="],
        ["score", "1S+7"],
        ["score"],
        ["score", "4S=", "--vulnerable-ish"],
        ["imp", "abc"],
        ["imp"],
        ["matchpoints", "420"],
        ["matchpoints", "x", "--field", "1"],
        ["matchpoints", "420", "--field", "450", "y"],
        # what the page refuses, the commands refuse: a score not a multiple of 10, digits Python alone reads
        ["matchpoints", "425", "--field", "420", "430"],
        ["matchpoints", "420", "--field", "1", "430"],
        ["imp", "4_70"],
        ["imp", "٤٧٠"],
        ["score", "4S+١"],
    ],
)
def test_cli_bad_input_is_one_line_and_status_2(capsys, argv):
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("error: ")
    assert "Traceback" not in err


# -- Law 64: the revoke helper's decisions, quoting the parsed code

REVOKE_PATHS = [
    # (answers, tricks, outcome, provisions quoted in order)
    ({"established": "no"}, None, "not-established", ["63A", "63A1", "63A2", "63A3", "63A4", "62A"]),
    ({"established": "yes", "exception": "64B6"}, 0, "no-adjustment", ["63A", "63A1", "63A2", "63A3", "63A4", "64B6", "64B"]),
    (
        {"established": "yes", "exception": "none", "offender-won": "yes", "later-after-win": "yes"},
        2, "two", ["63A", "63A1", "63A2", "63A3", "63A4", "64B", "64A1", "64A1", "64A1"],
    ),
    (
        {"established": "yes", "exception": "none", "offender-won": "yes", "later-after-win": "no"},
        1, "one-revoke-trick", ["63A", "63A1", "63A2", "63A3", "63A4", "64B", "64A1", "64A1", "64A1"],
    ),
    (
        {"established": "yes", "exception": "none", "offender-won": "no", "side-won": "yes"},
        1, "one", ["63A", "63A1", "63A2", "63A3", "63A4", "64B", "64A1", "64A2", "64A2"],
    ),
    (
        {"established": "yes", "exception": "none", "offender-won": "no", "side-won": "no"},
        0, "none-won", ["63A", "63A1", "63A2", "63A3", "63A4", "64B", "64A1", "64A2", "64B1"],
    ),
]


@pytest.mark.parametrize("answers, tricks, outcome, cited", REVOKE_PATHS)
def test_revoke_ruling(code, answers, tricks, outcome, cited):
    from codebridge.labels import citation

    ruling = scoring.revoke_ruling(code, answers)
    assert (ruling.tricks, ruling.outcome) == (tricks, outcome)
    assert [citation(q.label) for s in ruling.steps for q in s.quotes] == cited
    # a revoke at the twelfth trick: corrected even established (62D1)
    assert [citation(q.label) for q in ruling.equity] == ([] if tricks is None else ["64C1"] + (["62D1"] if answers.get("exception") == "64B6" else []))


def test_revoke_quotes_are_the_law_text(code):
    ruling = scoring.revoke_ruling(code, REVOKE_PATHS[2][0])
    assert ruling.steps[-1].quotes[0].text == (
        "si le joueur fautif (19) a gagné la levée de la renonce, cette levée plus une des levées gagnées "
        "ultérieurement par le camp fautif seront transférées au camp non fautif ;"
    )
    # the same words as the parsed unit, whatever they are
    law = code.law("64")
    assert ruling.steps[-1].quotes[0].text == law.children[0].children[0].blocks[0].text


def test_revoke_equity_for_repeated_and_mutual_revokes(code):
    from codebridge.labels import citation

    for case, extra in (("64B2", "64C2(a)"), ("64B7", "64C2(b)"), ("64B6", "62D1"), ("64B3", None)):
        ruling = scoring.revoke_ruling(code, {"established": "yes", "exception": case})
        assert [citation(q.label) for q in ruling.equity] == ["64C1"] + ([extra] if extra else [])


def test_revoke_in_english_quotes_the_translation(code, sites):
    ruling = scoring.revoke_ruling(code, REVOKE_PATHS[4][0], sites["en"].texts)
    assert ruling.steps[-1].quotes[0].text.startswith("if the offender (19) did not win the revoke trick")


def test_revoke_unanswered_or_unknown_answer(code):
    with pytest.raises(ValueError):
        scoring.revoke_ruling(code, {"established": "yes"})
    with pytest.raises(ValueError):
        scoring.revoke_ruling(code, {"established": "perhaps"})


def test_every_cited_provision_has_text(code):
    for c in scoring.revoke_citations():
        assert scoring.provision_text(code, c)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_revoke_intro_names_every_law_the_helper_quotes(lang):
    """The helper's introduction says which laws its questions come from:
    every law it quotes is among them (« Lois 62 à 64 »)."""
    import re

    from codebridge.labels import parse_citation
    from codebridge.strings import t

    intro = t(lang, "scoring.revoke.intro")
    low, high = map(int, re.search(r"(\d+) (?:à|to) (\d+)", intro).groups())
    quoted = {int(parse_citation(c)[0]) for c in scoring.revoke_citations()}
    assert quoted <= set(range(low, high + 1)), (intro, sorted(quoted))
