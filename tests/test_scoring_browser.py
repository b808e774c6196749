"""The calculators and the revoke helper in Chromium: the widgets give the
same answers as scoring.py on the same table of cases, share their state by
URL, are accessible (axe-core), and work from the offline copy (file://)."""

from __future__ import annotations

from urllib.parse import quote as url_quote

import pytest

from codebridge import scoring
from codebridge.labels import citation

from .test_scoring import IMP_ROWS, REVOKE_PATHS, SCORES

pytestmark = pytest.mark.browser


@pytest.fixture
def desktop(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert errors == []


def set_score_form(page, contract: scoring.Contract, vul: bool):
    form = page.locator("form[data-calc=score]")
    form.locator("select[name=level]").select_option(str(contract.level))
    form.locator("select[name=strain]").select_option(contract.strain)
    form.locator(f"input[name=doubling][value='{contract.doubling}']").check()
    form.locator("input[name=vul]").set_checked(vul)
    form.locator("select[name=result]").select_option(str(contract.result))
    return form.locator("output")


def test_score_widget_agrees_with_python(desktop, server):
    """The form, driven as a user does, on the table of known scores (52 cases)."""
    desktop.goto(f"{server}/lois/77/")
    assert len(SCORES) >= 30
    for text, vul, expected in SCORES:
        contract = scoring.parse_contract(text)
        out = set_score_form(desktop, contract, vul)
        py = scoring.score(contract, vul)
        assert int(out.get_attribute("data-points")) == py.points == expected, text
        assert out.locator("li").count() == len(py.parts), text
    # the breakdown, in words
    out = set_score_form(desktop, scoring.parse_contract("7NTXX="), True)
    assert out.locator("li").all_inner_texts() == [
        "Points de levées\u00a0: +880",
        "Bonification de manche\u00a0: +500",
        "Bonification de grand chelem\u00a0: +1500",
        "Contrat surcontré réalisé\u00a0: +100",
    ]
    assert out.locator(".cb-calc-total").inner_text() == "Camp du déclarant\u00a0: +2980 · Adversaires\u00a0: −2980"


def test_score_arithmetic_agrees_on_every_contract(desktop, server):
    """Every level, strain, doubling, vulnerability and result: the page's
    arithmetic on the generated data and scoring.py give the same score."""
    desktop.goto(f"{server}/lois/77/")
    cases, expected = [], []
    for level in range(1, 8):
        for strain in scoring.STRAINS:
            for doubling in scoring.DOUBLINGS:
                for vul in (False, True):
                    for result in range(-(level + 6), 7 - level + 1):
                        cases.append([level, strain, doubling, result, vul])
                        s = scoring.score(scoring.Contract(level, strain, doubling, result), vul)
                        expected.append([s.points, [[p.kind, p.points, p.count] for p in s.parts]])
    got = desktop.evaluate(
        "cases => cases.map(c => { const s = CodeBridgeScoring.score(...c); return [s.points, s.parts]; })", cases
    )
    assert got == expected
    assert len(cases) == 2940


def test_result_choices_follow_the_level(desktop, server):
    desktop.goto(f"{server}/lois/77/")
    form = desktop.locator("form[data-calc=score]")
    form.locator("select[name=level]").select_option("7")
    values = form.locator("select[name=result] option").evaluate_all("os => os.map(o => o.value)")
    assert values[0] == "0" and values[-1] == "-13" and len(values) == 14
    # the tricks left, in the singular where French has it (0 and 1)
    texts = form.locator("select[name=result] option").all_inner_texts()
    assert texts[-1] == "−13 (chuté de 13, 0 levée)" and texts[-2] == "−12 (chuté de 12, 1 levée)"
    assert texts[-3] == "−11 (chuté de 11, 2 levées)"
    form.locator("select[name=level]").select_option("1")
    values = form.locator("select[name=result] option").evaluate_all("os => os.map(o => o.value)")
    assert values[0] == "6" and values[-1] == "-7"


def test_score_state_is_shared_by_url(desktop, server):
    desktop.goto(f"{server}/lois/77/#77")
    # opening the page leaves its address alone: copied from the bar, it is the law's
    desktop.wait_for_function("document.querySelector('form[data-calc=score] output').dataset.points !== undefined")
    assert desktop.evaluate("location.search + location.hash") == "#77"
    set_score_form(desktop, scoring.parse_contract("3NTX-2"), False)
    assert desktop.evaluate("location.search") == "?contract=3NTX-2"
    link = desktop.locator("form[data-calc=score] a[data-share]").get_attribute("href")
    assert link == f"{server}/lois/77/?contract=3NTX-2#calcul-marque"
    # the other language shows the same score: the switch carries the answers
    points = desktop.locator("form[data-calc=score] output").get_attribute("data-points")
    desktop.locator("a.cb-lang-switch").click()
    desktop.wait_for_url(f"{server}/en/lois/77/?contract=3NTX-2#77")
    assert desktop.locator("form[data-calc=score] output").get_attribute("data-points") == points == "-300"
    desktop.goto(f"{server}/lois/77/?contract=7NTXX%3D&vul=1")
    assert desktop.locator("form[data-calc=score] output").get_attribute("data-points") == "2980"
    assert desktop.locator("input[name=vul]").is_checked()
    assert desktop.locator("select[name=result]").input_value() == "0"
    assert desktop.locator(".cb-calc-warning").count() == 0
    # a link may write the contract as the commands read it (patterns.CONTRACT), French, symbols, small letters
    for asked, points in (("3SA-1", "-50"), ("4♠+1", "450"), ("3ntx-2", "-300"), ("6♥XX=", "1620")):
        desktop.goto(f"{server}/lois/77/?contract={url_quote(asked)}")
        contract = scoring.parse_contract(asked)
        assert desktop.locator("form[data-calc=score] output").get_attribute("data-points") == points == str(scoring.score(contract).points), asked
        assert desktop.locator(".cb-calc-warning").count() == 0, asked
    # a link asking for what cannot be says so, instead of showing another contract as if asked
    for asked in ("7NT+3", "8NT=", "4S-11", "abc", "4S+0"):
        desktop.goto(f"{server}/lois/77/?contract={url_quote(asked)}")
        warning = desktop.locator("form[data-calc=score] .cb-calc-warning")
        assert warning.inner_text() == f"Le lien demandait «\u00a0{asked}\u00a0», qui n'est pas un contrat et un résultat possibles\u00a0: le calcul ci-dessous est celui du contrat affiché.", asked
    # typed by hand: a "+" reads as a space in a query string, "true" for the vulnerability
    desktop.goto(f"{server}/lois/77/?contract=4S+1&vul=true")
    assert desktop.locator("form[data-calc=score] output").get_attribute("data-points") == "650"
    assert desktop.locator("input[name=vul]").is_checked()
    assert desktop.locator(".cb-calc-warning").count() == 0
    # a number the IMP or matchpoint calculator cannot read says so, rather than an empty field alone
    desktop.goto(f"{server}/lois/78/?diff=abc&mp=420&field=450,x")
    warnings = desktop.locator(".cb-calc-warning").all_inner_texts()
    assert sorted(warnings) == [
        "Le lien demandait «\u00a0abc\u00a0», qui n'est pas un nombre de points\u00a0: ce champ est laissé vide.",
        "Le lien demandait «\u00a0x\u00a0», qui n'est pas un nombre de points\u00a0: ce champ est laissé vide.",
    ]


def test_each_tool_shares_its_own_answers(desktop, server):
    """On Law 78's page, the IMP calculator's inputs stay in the address
    (the language switch carries them) but not in the matchpoint
    calculator's shared link, nor the other way round."""
    desktop.goto(f"{server}/lois/78/")
    desktop.fill("#cb-imp-form [name=b]", "300")
    desktop.keyboard.press("Tab")
    desktop.fill("#cb-mp-form [name=mp]", "420")
    desktop.keyboard.press("Tab")
    assert desktop.evaluate("location.search") == "?b=300&mp=420"
    links = {form: desktop.locator(f"#{form} a[data-share]").get_attribute("href") for form in ("cb-imp-form", "cb-mp-form")}
    assert links == {"cb-imp-form": f"{server}/lois/78/?b=300#calcul-imp", "cb-mp-form": f"{server}/lois/78/?mp=420#calcul-points-de-match"}


def test_score_calculator_by_keyboard(desktop, server):
    desktop.goto(f"{server}/lois/77/")
    desktop.locator("#cb-sc-level").focus()
    desktop.keyboard.press("ArrowDown")  # 4 → 5
    desktop.keyboard.press("Tab")
    assert desktop.evaluate("document.activeElement.id") == "cb-sc-strain"
    desktop.keyboard.press("ArrowUp")  # ♠ → ♥
    assert desktop.locator("form[data-calc=score] output").get_attribute("data-points") == "450"  # 5♥= NV


def test_imp_widget_agrees_with_python(desktop, server):
    desktop.goto(f"{server}/lois/78/")
    diff = desktop.locator("#cb-imp-diff")
    out = desktop.locator("#cb-imp-out")
    for low, high, imp in IMP_ROWS:
        for value in (low, high, -low, -high):
            diff.fill(str(value))
            assert int(out.get_attribute("data-imps")) == scoring.imps(value) == (imp if value >= 0 else -imp), value
    diff.fill("470")
    assert out.inner_text() == "+10 IMP"
    desktop.locator("#cb-imp-a").fill("620")
    desktop.locator("#cb-imp-b").fill("-100")
    out2 = desktop.locator("#cb-imp-out2")
    assert (out2.get_attribute("data-diff"), out2.get_attribute("data-imps")) == ("720", str(scoring.imps(720)))
    assert out2.inner_text() == "Différence +720\u00a0: +12 IMP pour l'équipe en Nord-Sud à la première table"
    # no score ends in 5: no difference either, and the scale has no step for it (370–420, 430–490)
    for odd in ("425", "15", "-1005"):
        diff.fill(odd)
        assert out.get_attribute("data-imps") == ""
        said = out.inner_text().replace("\u00a0", " ").replace("\u202f", " ")  # French spacing around « »
        assert said.startswith(f"« {odd} » n'est pas une différence de marques"), said
    desktop.locator("#cb-imp-a").fill("625")
    assert out2.get_attribute("data-imps") == ""
    assert out2.inner_text().replace("\u00a0", " ").replace("\u202f", " ").startswith("« 625 » n'est pas une marque")
    diff.fill("")
    assert out.inner_text() == ""


MP_CASES = [
    (420, [450, 420, 400, -50]),
    (450, [420, 400]),
    (-50, [420, 400]),
    (100, [100, 100, 100]),
    (-100, [-200, 50, 100]),
    (620, [620, 650, 170, -100, 600, 620, 140]),
    (10, [10] * 15 + [0]),  # 53.125 %: a tie, rounded up on both sides
    (0, [0] + [10] * 15),
]


def test_matchpoint_widget_agrees_with_python(desktop, server):
    desktop.goto(f"{server}/lois/78/")
    own, field, out = desktop.locator("#cb-mp-own"), desktop.locator("#cb-mp-field"), desktop.locator("#cb-mp-out")
    for score, others in MP_CASES:
        own.fill(str(score))
        field.fill(" ".join(map(str, others)))
        mp = scoring.matchpoints(score, others)
        got = (out.get_attribute("data-points"), out.get_attribute("data-top"), out.get_attribute("data-percent"))
        assert got == (str(mp.points), str(mp.top), scoring.format_percent(mp.percent))
    own.fill("420")
    field.fill("450 420 400 -50")
    assert out.inner_text() == "5 / 8 points de match · 62,5 %"
    assert desktop.evaluate("location.search") == "?mp=420&field=450%2C420%2C400%2C-50"
    # what is wrong is said: the word that is no score, or what is missing
    field.fill("450 abc")
    assert out.inner_text() == "«\u00a0abc\u00a0» n'est pas une marque écrite en chiffres (par exemple 420 ou -50)"
    field.fill("450 420 400 -50 <b>x</b>")
    assert out.inner_text().startswith("«\u00a0<b>x</b>\u00a0»")  # the typed text as text
    field.fill("")
    assert out.inner_text() == "Il manque les autres marques de l'étui, séparées par des espaces"
    own.fill("")
    field.fill("450 420")
    assert out.inner_text() == "Il manque votre marque"
    assert out.get_attribute("data-points") == ""
    # a score written with a thousands separator is not split into two silently
    own.fill("1430")
    for typed in ("1,430 1,440 -100", "1 430 1 440 -100", "1\u202f430 1\u202f440 -100"):
        field.fill(typed)
        assert out.inner_text() == "«\u00a01\u00a0» n'est pas une marque\u00a0: une marque de bridge est un multiple de 10 (écrivez 1430, sans espace ni virgule)", typed
        assert out.get_attribute("data-points") == ""
    field.fill("1430 1440 -100")
    assert out.inner_text() == "3 / 6 points de match · 50 %"


PASTE = """([selector, text]) => {
  const el = document.querySelector(selector), data = new DataTransfer();
  data.setData("text/plain", text);
  el.focus();
  el.value = "";
  el.dispatchEvent(new ClipboardEvent("paste", {clipboardData: data, bubbles: true, cancelable: true}));
}"""


def test_a_minus_sign_as_the_site_prints_it_keeps_its_sign(desktop, server):
    """« −420 » (U+2212, as the site prints a negative score) pasted in a
    number field, or in a link, is −420: the field would drop the sign."""
    desktop.goto(f"{server}/lois/78/")
    desktop.evaluate(PASTE, ["#cb-imp-diff", "\u2212420"])
    assert desktop.locator("#cb-imp-diff").input_value() == "-420"
    assert desktop.locator("#cb-imp-out").get_attribute("data-imps") == str(scoring.imps(-420)) == "-9"
    desktop.locator("#cb-mp-field").fill("420 -100 -420 -420 -600 -620")
    desktop.evaluate(PASTE, ["#cb-mp-own", "\u2212420"])
    assert desktop.locator("#cb-mp-out").get_attribute("data-points") == str(scoring.matchpoints(-420, [420, -100, -420, -420, -600, -620]).points)
    desktop.goto(f"{server}/lois/78/?diff=%E2%88%92420&mp=%E2%88%92420&field=420,-600")
    assert desktop.locator("#cb-imp-out").get_attribute("data-imps") == "-9"
    assert desktop.locator("#cb-mp-own").input_value() == "-420" and not desktop.locator(".cb-calc-warning").count()


def test_a_number_the_field_cannot_read_is_said_invalid(desktop, server):
    """"12e" or "--5" in a number field is not an empty field: the
    calculator says the entry is not valid, as the other fields do."""
    desktop.goto(f"{server}/lois/78/")
    for selector, out in (("#cb-imp-diff", "#cb-imp-out"), ("#cb-imp-a", "#cb-imp-out2"), ("#cb-mp-own", "#cb-mp-out")):
        field = desktop.locator(selector)
        for text in ("12e", "--5"):
            field.fill("")
            field.press_sequentially(text)
            assert desktop.locator(out).inner_text() == "Saisie incomplète ou non valable", (selector, text)
        field.fill("")


# whose IMPs they are: two scores of one direction, the sign is the first table's team's
FOR_FIRST = " for the team sitting North-South at the first table"


def test_imp_and_matchpoint_state_restored_from_url(desktop, server):
    desktop.goto(f"{server}/en/lois/78/?diff=470&a=620&b=150&mp=420&field=450,420,400,-50")
    assert desktop.locator("#cb-imp-out").inner_text() == "+10 IMPs"
    assert desktop.locator("#cb-imp-out2").inner_text() == "Difference +470: +10 IMPs" + FOR_FIRST
    assert desktop.locator("#cb-mp-out").inner_text() == "5 / 8 matchpoints · 62.5%"
    # one IMP is singular, either way; none is plural
    for diff, a, b, said, said_two in (("30", "450", "420", "+1 IMP", "Difference +30: +1 IMP" + FOR_FIRST), ("-40", "420", "460", "−1 IMP", "Difference −40: −1 IMP" + FOR_FIRST),
                                       ("10", "430", "420", "0 IMPs", "Difference +10: 0 IMPs" + FOR_FIRST)):
        desktop.goto(f"{server}/en/lois/78/?diff={diff}&a={a}&b={b}")
        assert (desktop.locator("#cb-imp-out").inner_text(), desktop.locator("#cb-imp-out2").inner_text()) == (said, said_two)


# -- the revoke helper


def answer_path(page, answers: dict[str, str]):
    tree = scoring.REVOKE_TREE
    node = tree["start"]
    form = page.locator("form[data-revoke]")
    while node in tree["questions"]:
        fieldset = form.locator(f"fieldset[data-node='{node}']")
        assert fieldset.is_visible(), node
        fieldset.locator(f"input[value='{answers[node]}']").check()
        node = tree["questions"][node]["answers"][answers[node]]
    return form


PATHS = REVOKE_PATHS + [
    ({"established": "yes", "exception": "64B2"}, 0, "no-adjustment", None),
    ({"established": "yes", "exception": "64B7"}, 0, "no-adjustment", None),
]


@pytest.mark.parametrize("answers, tricks, outcome, _", PATHS)
def test_revoke_helper_agrees_with_python(desktop, server, code, answers, tricks, outcome, _):
    desktop.goto(f"{server}/lois/64/")
    form = answer_path(desktop, answers)
    ruling = scoring.revoke_ruling(code, answers)
    assert form.get_attribute("data-result") == ruling.outcome == outcome
    shown = form.locator("[data-outcome]:visible")
    assert shown.count() == 1
    assert shown.get_attribute("data-tricks") == ("" if ruling.tricks is None else str(ruling.tricks))
    # the questions on screen are the steps of the Python ruling
    nodes = form.locator("fieldset[data-node]:visible").evaluate_all("fs => fs.map(f => f.dataset.node)")
    assert nodes == [s.node for s in ruling.steps if s.answer is not None]
    # the outcome quotes the provision(s) that decide it; 64C where it applies
    outcome_cites = shown.locator("[data-cite]:visible").evaluate_all("qs => qs.map(q => q.dataset.cite)")
    decided = [citation(q.label) for q in ruling.steps[-1].quotes]
    assert outcome_cites[-len(decided):] == decided
    if ruling.steps[-2].answer[:1].isdigit():  # the 64B case chosen is quoted in the outcome
        assert outcome_cites[0] == ruling.steps[-2].answer
    equity = form.locator(".cb-rv-equity [data-cite]:visible").evaluate_all("qs => qs.map(q => q.dataset.cite)")
    assert equity == [citation(q.label) for q in ruling.equity]
    # each quote on screen is the text of its provision
    for quote in form.locator("[data-cite]:visible").all():
        cite = quote.get_attribute("data-cite")
        assert scoring.provision_text(code, cite) in quote.inner_text()
    # the path is in the URL
    assert desktop.evaluate("new URLSearchParams(location.search).get('renonce')") == ",".join(
        answers[s.node] for s in ruling.steps if s.answer is not None
    )


def test_revoke_helper_changes_its_mind_and_links(desktop, server):
    desktop.goto(f"{server}/lois/64/?renonce=yes,none,yes,yes")
    form = desktop.locator("form[data-revoke]")
    assert form.get_attribute("data-result") == "two"
    form.locator("fieldset[data-node='offender-won'] input[value='no']").check()  # another branch
    assert form.locator("fieldset[data-node='later-after-win']").is_hidden()
    assert form.get_attribute("data-result") == ""
    form.locator("fieldset[data-node='side-won'] input[value='yes']").check()
    assert form.locator("[data-outcome]:visible").get_attribute("data-tricks") == "1"
    form.locator("button[type=reset]").click()
    desktop.wait_for_function("document.querySelector('form[data-revoke]').dataset.result === ''")
    assert form.locator("fieldset[data-node]:visible").count() == 1
    # a quoted provision's link leads to it
    with desktop.expect_navigation(url=f"{server}/lois/63/#63A1"):
        form.locator("[data-cite='63A1'] > a").click()


def test_revoke_helper_says_what_a_link_asked_that_it_could_not_answer(desktop, server):
    """A link typed by hand whose answer is no answer to its question keeps
    the answers before it and says so, as the other tools do."""
    desktop.goto(f"{server}/lois/64/?renonce=yes,maybe,yes")
    form = desktop.locator("form[data-revoke]")
    assert form.locator("fieldset[data-node='established'] input[value='yes']").is_checked()
    assert form.locator("fieldset[data-node='exception'] input:checked").count() == 0
    assert "«\u00a0maybe\u00a0»" in form.locator(".cb-calc-warning").inner_text()
    desktop.goto(f"{server}/en/lois/64/?renonce=yes,none,yes,yes")
    assert desktop.locator(".cb-calc-warning").count() == 0


def test_revoke_helper_brings_each_answer_on_screen_on_a_phone(phone, server):
    """On a phone, what an answer brings up (the next question, then the
    outcome) comes on screen: below the fold, the tap seemed lost."""
    phone.goto(f"{server}/lois/64/#aide-renonce")
    form = phone.locator("form[data-revoke]")
    tree, node = scoring.REVOKE_TREE, scoring.REVOKE_TREE["start"]
    answers = {"established": "yes", "exception": "none", "offender-won": "yes", "later-after-win": "yes"}
    height = phone.viewport_size["height"]
    while node in tree["questions"]:
        form.locator(f"fieldset[data-node='{node}'] input[value='{answers[node]}']").tap()
        node = tree["questions"][node]["answers"][answers[node]]
        shown = form.locator(f"fieldset[data-node='{node}']") if node in tree["questions"] else form.locator(f"[data-outcome='{node}']")
        box = shown.bounding_box()
        header = phone.locator("header.md-header").bounding_box()
        assert box["y"] >= header["y"] + header["height"] and box["y"] + min(box["height"], height / 2) <= height, (node, box)


@pytest.mark.parametrize("number", ["61", "62", "63"])
def test_revoke_laws_lead_to_the_helper(desktop, server, number):
    desktop.goto(f"{server}/lois/{number}/")
    with desktop.expect_navigation(url=f"{server}/lois/64/#aide-renonce"):
        desktop.locator(".cb-revoke-link a").click()
    assert desktop.locator("form[data-revoke]").is_visible()


def test_revoke_helper_in_english(desktop, server):
    desktop.goto(f"{server}/en/lois/64/?renonce=yes,none,no,no")
    form = desktop.locator("form[data-revoke]")
    shown = form.locator("[data-outcome]:visible")
    assert shown.locator(".cb-rv-tricks").inner_text() == "Tricks transferred: 0"
    assert "if the offending side won neither the revoke trick nor any subsequent trick" in shown.inner_text()


# -- accessibility and the offline copy


# The scoring layer: everything this module adds to a page.
LAYER = ".cb-restored, form.cb-calc, form.cb-revoke, .cb-revoke-link, .cb-scoring-title"


@pytest.mark.parametrize(
    "path",
    ["lois/77/", "lois/78/?diff=470&mp=420&field=400", "lois/64/?renonce=yes,64B7", "en/lois/77/", "en/lois/78/", "en/lois/64/?renonce=yes,none,yes,no", "lois/63/"],
)
def test_axe_clean(desktop, server, axe, path):
    """No serious or critical axe-core violation in the scoring layer (the
    pages' shared parts, the theme's and the copy controls, are not its own)."""
    desktop.goto(f"{server}/{path}")
    assert desktop.locator(LAYER).count() > 0
    ours = []
    for rule, targets in axe(desktop):
        for target in targets:
            inside = desktop.evaluate(
                "([sel, layer]) => { const el = document.querySelector(sel); return !!(el && el.closest(layer)); }",
                [target[-1], LAYER],
            )
            if inside:
                ours.append((rule, target))
    assert ours == []


@pytest.mark.parametrize("path", ["lois/77/", "en/lois/77/"])
def test_wide_tables_on_a_phone_are_reached_by_keyboard(phone, server, axe, path):
    """A table wider than the phone (the narrowest, 280 px) scrolls in its
    frame: the frame takes the focus, so that the keyboard can scroll it
    (axe: scrollable-region-focusable), and no header cell is empty."""
    phone.set_viewport_size(NARROWEST)
    phone.goto(f"{server}/{path}")
    assert [r for r, _ in axe(phone) if r in ("scrollable-region-focusable", "empty-table-header")] == []
    frames = phone.evaluate("[...document.querySelectorAll('.cb-table-wrap')].filter(w => w.scrollWidth > w.clientWidth).map(w => w.tabIndex)")
    assert frames and all(i == 0 for i in frames)
    assert phone.locator(".cb-score-table th").evaluate_all("ths => ths.filter(th => !th.textContent.trim()).length") == 0


# the narrowest phones in use (a folded Galaxy Fold): the seven-column tables scroll there
NARROWEST = {"width": 280, "height": 653}


@pytest.mark.parametrize("path,words", [("lois/77/", ("Contré", "Surcontré")), ("en/lois/77/", ("Doubled", "Redoubled"))])
def test_the_seven_column_tables_fit_a_phone(phone, desktop, server, path, words):
    """On a 390 px phone the tables of undertricks and of common results
    (seven columns) fit the screen, the doubled columns headed "X" and "XX"
    (their words still their names for a screen reader), a line under the table
    saying what they mean; on a desktop the words show and that line does not."""
    phone.goto(f"{server}/{path}")
    sevens = phone.locator(".cb-restored").filter(has=phone.locator(".cb-narrow"))
    assert sevens.count() == 3
    for i in range(3):
        box = sevens.nth(i)
        assert box.locator(".cb-table-wrap").evaluate("w => w.scrollWidth <= w.clientWidth")
        heads = box.locator("thead tr").nth(1).locator("th")
        shown = [h.locator(".cb-narrow") for h in heads.all()[2:4]]
        assert [n.inner_text() for n in shown] == ["X", "XX"] and all(n.is_visible() for n in shown)
        assert [h.text_content().strip() for h in heads.all()][2:4] == [w + d for w, d in zip(words, ("X", "XX"))]
        assert box.locator(".cb-wide").first.evaluate("e => e.getBoundingClientRect().width") <= 1
        # a screen reader still reads the words; every header has text that shows
        assert box.get_by_role("columnheader", name=words[1], exact=True).count() == 2
        # (shown and not hidden from them: else accessibility checkers find the header empty)
        assert box.locator("th").evaluate_all("""ths => ths.filter(th => ![...th.querySelectorAll('span')].concat([th]).some(e =>
            e.checkVisibility() && !e.closest('[aria-hidden=true]') && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())))
            .map(th => th.outerHTML)""") == []
        legend = box.locator(".cb-narrow-legend")
        assert legend.is_visible() and "X" in legend.inner_text() and words[1].lower() in legend.inner_text()
    desktop.goto(f"{server}/{path}")
    box = desktop.locator(".cb-restored").filter(has=desktop.locator(".cb-narrow")).first
    assert [h.inner_text().strip() for h in box.locator("thead tr").nth(1).locator("th").all()][2:4] == list(words)
    assert not box.locator(".cb-narrow-legend").is_visible() and not box.locator(".cb-narrow").first.is_visible()


@pytest.mark.parametrize("path", ["lois/77/", "lois/78/", "lois/64/?renonce=yes,none,yes,yes", "en/lois/77/"])
def test_no_horizontal_scroll_on_a_phone(phone, server, path):
    phone.goto(f"{server}/{path}")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.parametrize("path", ["lois/77/", "en/lois/77/"])
def test_a_wide_table_keeps_its_caption_in_view_on_a_phone(phone, server, path):
    """The tables wider than the phone (the narrowest) scroll in their frame;
    their captions wrap to the frame's width instead of running off it."""
    phone.set_viewport_size(NARROWEST)
    phone.goto(f"{server}/{path}")
    wraps = phone.evaluate("""[...document.querySelectorAll('.cb-table-wrap')].map(w => {
        const c = w.querySelector('caption').getBoundingClientRect(), f = w.getBoundingClientRect();
        return [w.scrollWidth > w.clientWidth, c.left >= f.left - 1 && c.right <= f.left + w.clientWidth + 1];
    })""")
    assert sum(wide for wide, _ in wraps) >= 2  # there are tables wider than the phone
    assert all(inside for _, inside in wraps), wraps
    # scrolled to its far side, a wide table still shows each row's name
    kept = phone.evaluate("""[...document.querySelectorAll('.cb-table-wrap')].filter(w => w.scrollWidth > w.clientWidth).map(w => {
        w.scrollLeft = w.scrollWidth;
        const f = w.getBoundingClientRect();
        return [...w.querySelectorAll('tbody tr > :first-child')].every(c => Math.abs(c.getBoundingClientRect().left - f.left) <= 1);
    })""")
    assert kept and all(kept), kept


def test_calculators_work_offline(browser, offline_site):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    requests: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.on("pageerror", lambda e: errors.append(str(e)))
    root = offline_site.as_uri()
    page.goto(f"{root}/lois/77.html?contract=3NTX-2")
    assert page.locator("form[data-calc=score] output").get_attribute("data-points") == "-300"
    set_score_form(page, scoring.parse_contract("4S="), True)
    assert page.locator("form[data-calc=score] output").get_attribute("data-points") == "620"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.goto(f"{root}/en/lois/78.html")
    page.locator("#cb-imp-diff").fill("470")
    assert page.locator("#cb-imp-out").inner_text() == "+10 IMPs"
    page.locator("#cb-mp-own").fill("420")
    page.locator("#cb-mp-field").fill("450 420 400 -50")
    assert page.locator("#cb-mp-out").get_attribute("data-percent") == "62.5"
    page.goto(f"{root}/lois/64.html")
    answer_path(page, {"established": "yes", "exception": "none", "offender-won": "yes", "later-after-win": "yes"})
    assert page.locator("[data-outcome]:visible").get_attribute("data-tricks") == "2"
    page.locator("[data-outcome]:visible [data-cite='64A1'] > a").click()
    page.wait_for_function("location.hash === '#64A1'")  # same page: no load event
    page.goto(f"{root}/lois/62.html")
    page.locator(".cb-revoke-link a").click()
    page.wait_for_url(f"{root}/lois/64.html#aide-renonce")
    assert errors == []
    assert [u for u in requests if not u.startswith(("file://", "data:"))] == []
    context.close()
