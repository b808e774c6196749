"""Worked examples in Chromium: from a law page to a case and back, the
reference previews, the diagrams on a phone and in both palettes, axe-core,
short links, search in the page."""

from __future__ import annotations

import pytest

from codebridge import labels

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def real(sites):
    return sites["fr"].examples


def _with_diagram(real, lang):
    """A case whose hands hold suits of both colours."""
    return next(
        c
        for c in real.of(lang)
        if c.diagram is not None
        and {s for _, hand in c.diagram.hands for s, ranks in hand if ranks != "-"} >= {"S", "H"}
    )


def _present_step(real, code, lang):
    """A case and a step citing a provision (not a whole law) of a law the sources have."""
    for case in real.of(lang):
        for step in case.ruling:
            law = code.law(step.label[0])
            if len(step.label) > 1 and law.present:
                provision = next(p for p in law.provisions() if p.label == step.label)
                if len(step.label) == 2 and provision.title:
                    continue  # a titled section is a heading: its lines follow it, not inside it
                return case, step
    raise AssertionError("no case cites a provision of a present law")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_from_a_law_page_to_a_case_and_back(phone, server, real, code, lang):
    case, step = _present_step(real, code, lang)
    root = f"{server}/" + ("en/" if lang == "en" else "")
    anchor = labels.anchor(step.label)
    law_url = f"{root}lois/{step.label[0]}/#{anchor}"
    phone.goto(law_url)
    provision = phone.locator(f"[id='{anchor}']")
    provision.locator(f".cb-examples a.cb-example[href$='exemples/{case.id}/']").first.tap()
    phone.wait_for_url(f"{root}exemples/{case.id}/")
    assert phone.locator("h1").inner_text().startswith(case.title)
    # the step's reference: first tap previews the provision, the preview's link follows it
    i = case.ruling.index(step) + 1
    phone.locator(f"#etape-{i} a.ref").first.tap()
    preview = phone.locator(".cb-preview")
    assert preview.is_visible()
    assert preview.locator("p").inner_text().startswith(labels.cite(step.label, lang) + " — ")
    preview.locator("a.cb-preview-open").tap()
    phone.wait_for_url(law_url)
    target = phone.locator(f"[id='{anchor}']")
    assert target.evaluate("el => el.matches(':target')")
    box = target.bounding_box()
    assert box is not None and 0 <= box["y"] < 844


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_provision_text_on_demand(phone, server, real, code, lang):
    case, step = _present_step(real, code, lang)
    root = f"{server}/" + ("en/" if lang == "en" else "")
    phone.goto(f"{root}exemples/{case.id}/")
    details = phone.locator(f"#etape-{case.ruling.index(step) + 1} details.cb-provision-text")
    body = details.locator("p").first
    assert not body.is_visible()
    details.locator("summary").tap()
    assert body.is_visible()


def _contrast(rgb_a, rgb_b) -> float:
    def lum(rgb):
        def chan(c):
            c /= 255
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

        r, g, b = (chan(c) for c in rgb)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    a, b = sorted((lum(rgb_a), lum(rgb_b)), reverse=True)
    return (a + 0.05) / (b + 0.05)


COLOURS = """() => {
  const rgb = s => s.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number);
  const bg = rgb(getComputedStyle(document.querySelector('.md-main')).backgroundColor !== 'rgba(0, 0, 0, 0)'
    ? getComputedStyle(document.querySelector('.md-main')).backgroundColor
    : getComputedStyle(document.body).backgroundColor);
  const red = document.querySelector('.cb-deal .cb-suit.cb-red');
  const black = document.querySelector('.cb-deal .cb-suit.cb-black');
  return {bg, red: rgb(getComputedStyle(red).color), black: rgb(getComputedStyle(black).color)};
}"""


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_suit_colours_in_both_palettes(phone, server, real, scheme):
    """♥♦ red and ♠♣ black ("black" light on the dark palette), each with
    4.5:1 contrast at least against the page."""
    case = _with_diagram(real, "fr")
    phone.goto(f"{server}/exemples/{case.id}/")
    phone.evaluate(f"document.body.setAttribute('data-md-color-scheme', '{scheme}')")
    c = phone.evaluate(COLOURS)
    assert _contrast(c["red"], c["bg"]) >= 4.5 and _contrast(c["black"], c["bg"]) >= 4.5, c
    r, g, b = c["red"]
    assert r > g + 60 and r > b + 60  # red is red
    assert max(c["black"]) - min(c["black"]) < 30  # black (or its light counterpart) is grey


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_diagram_speaks_to_screen_readers(phone, server, real, lang):
    case = _with_diagram(real, lang)
    root = f"{server}/" + ("en/" if lang == "en" else "")
    phone.goto(f"{root}exemples/{case.id}/")
    words = {"fr": ("pique", "cœur", "carreau", "trèfle"), "en": ("spades", "hearts", "diamonds", "clubs")}[lang]
    seats = {"fr": {"N": "Nord", "E": "Est", "S": "Sud", "W": "Ouest"}, "en": {"N": "North", "E": "East", "S": "South", "W": "West"}}[lang]
    deal = phone.locator("table.cb-deal")
    hidden = deal.locator(".cb-sr").evaluate_all("els => els.map(e => [e.textContent.trim(), e.getBoundingClientRect().width])")
    assert hidden and all(width <= 1 for _, width in hidden)
    suits = {suit for seat, hand in case.diagram.hands for suit, _ in hand}
    for suit, word in zip("SHDC", words):
        assert (word in [t for t, _ in hidden]) == (suit in suits)
    for seat, _ in case.diagram.hands:
        assert deal.locator(f"td.cb-seat-{seat} .cb-seat").inner_text() == seats[seat]
    symbols = deal.locator(".cb-suit").evaluate_all("els => els.map(e => e.getAttribute('aria-hidden'))")
    assert symbols and set(symbols) == {"true"}


@pytest.mark.parametrize("lang,marks", [("fr", ["«\u00a0", "\u00a0»"]), ("en", ["“", "”"])])
def test_a_ruling_quotes_the_law_as_its_language_writes_quotations(phone, server, lang, marks):
    """A step's quotation of the law: « … » with their no-break spaces in
    French, as the text itself writes them; “…” in English."""
    phone.goto(f"{server}/{'en/' if lang == 'en' else ''}exemples/renonces-des-deux-camps/")
    quote = phone.locator("q.cb-quote").first
    # the marks its open-quote and close-quote write (CSS quotes: auto reads
    # the language, and gave « and » without their spaces)
    assert quote.evaluate("q => getComputedStyle(q, '::before').content") == "open-quote"
    quotes = quote.evaluate("q => getComputedStyle(q).quotes")
    assert quotes.startswith('"%s" "%s"' % tuple(marks)) or (lang == "en" and quotes == "auto"), quotes


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_case_pages_fit_a_phone(browser, phone, server, real, lang):
    """At 390 px and on the narrowest phones (320 px): no page wider than
    the screen, no hand or trick wider than its box (a seven-card suit
    goes on to a second line at 320 px)."""
    root = f"{server}/" + ("en/" if lang == "en" else "")
    narrow = browser.new_context(viewport={"width": 320, "height": 640}, is_mobile=True, has_touch=True).new_page()
    overflowing = "[...document.querySelectorAll('.cb-hand, .cb-tricks td')].filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)"
    for case in real.of(lang):
        for page, width in ((phone, 390), (narrow, 320)):
            page.goto(f"{root}exemples/{case.id}/")
            assert page.evaluate("document.documentElement.scrollWidth") <= width, (case.id, width)
            assert page.evaluate(overflowing) == [], (case.id, width)
    narrow.context.close()


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_axe_clean(phone, server, real, axe, lang, scheme):
    """A case page with a diagram, and the exemples/ index: no serious or
    critical violation, in both palettes."""
    root = f"{server}/" + ("en/" if lang == "en" else "")
    for path in (f"exemples/{_with_diagram(real, lang).id}/", "exemples/"):
        phone.goto(root + path)
        phone.evaluate(f"document.body.setAttribute('data-md-color-scheme', '{scheme}')")
        assert axe(phone) == [], path


def test_case_short_link_redirects(browser, server, real):
    case = real.of("fr")[0]
    page = browser.new_page()
    page.goto(f"{server}/r/ex-{case.id}/")
    page.wait_for_url(f"{server}/exemples/{case.id}/")
    page.goto(f"{server}/en/r/ex-{case.id}/")
    page.wait_for_url(f"{server}/en/exemples/{case.id}/")
    page.close()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_page_search_lands_on_cases_as_python_ranks_them(phone, server, sites, real, lang):
    """The page finds a case by its title, ranking as ``codebridge search``."""
    from tests.test_search_browser import open_search, result_urls

    root = f"{server}/" + ("en/" if lang == "en" else "")
    phone.goto(root)
    box = open_search(phone)
    for case in real.of(lang)[:6]:
        box.fill(case.title)
        phone.wait_for_function("document.querySelector('[data-cb-search-status]').textContent !== ''")
        expected = [h.doc.url for h in sites[lang].search.search(case.title, limit=20, typing=True)]
        assert result_urls(phone, root) == expected
        assert f"exemples/{case.id}/" in expected
