"""What a page loads, in Chromium: search's code and index only when search
opens, and nothing typed meanwhile is lost; the calculators' scripts only on
their pages."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

SEARCH_FILES = ("assets/javascripts/search.js", "search/index.js")


def loaded(page) -> list[str]:
    """The URLs of every script and stylesheet the page has fetched."""
    return page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")


def fetched(page, name: str) -> bool:
    return any(url.split("?")[0].endswith(name) for url in loaded(page))


def results(page) -> list[str]:
    page.wait_for_function("document.querySelectorAll('[data-search-results] a').length > 0")
    return page.locator("[data-search-results] a").evaluate_all("els => els.map(a => a.getAttribute('href'))")


@pytest.mark.parametrize("path", ["", "lois/64/", "en/lois/12/", "que-faire-si/"])
def test_search_loads_nothing_until_it_opens(phone, server, path):
    phone.goto(f"{server}/{path}", wait_until="networkidle")
    assert phone.locator("[data-cb-search-open]").is_visible()  # the button is there before search's code
    for name in SEARCH_FILES:
        assert not fetched(phone, name), name


def test_slash_then_typing_at_once_keeps_every_key(desktop, server):
    """"/" opens the dialog at once; the keys typed while search's code and
    index load land in the box, and the results come for all of them."""
    desktop.goto(f"{server}/lois/12/", wait_until="networkidle")
    desktop.keyboard.press("/")
    desktop.keyboard.type("64B7")  # no wait: the code is not loaded yet
    box = desktop.get_by_role("combobox")
    assert box.input_value() == "64B7"
    assert results(desktop)[0].endswith("lois/64/#64B7")
    assert all(fetched(desktop, name) for name in SEARCH_FILES)


def test_tap_on_the_button_then_typing(phone, server):
    phone.goto(f"{server}/", wait_until="networkidle")
    phone.locator("[data-cb-search-open]").tap()
    phone.keyboard.type("renonce")
    assert phone.get_by_role("combobox").input_value() == "renonce"
    assert any("lois/6" in href for href in results(phone))
    # closed and opened again: search.js alone handles it now
    phone.locator(".cb-search__close").tap()
    assert phone.locator("dialog[data-cb-search][open]").count() == 0
    phone.locator("[data-cb-search-open]").tap()
    assert phone.locator("dialog[data-cb-search][open]").count() == 1


def test_shared_query_loads_search(desktop, server):
    desktop.goto(f"{server}/?q=64B7")
    assert results(desktop)[0].endswith("lois/64/#64B7")


def test_search_from_file_url(browser, offline_site):
    page = browser.new_page()
    try:
        page.goto((offline_site / "lois" / "12.html").as_uri())
        assert not fetched(page, "search.js")
        page.keyboard.press("/")
        page.keyboard.type("64B7")
        assert "64.html#64B7" in results(page)[0]
    finally:
        page.close()


@pytest.mark.parametrize("path, calculators, helper", [("lois/77/", True, False), ("lois/64/", False, True), ("lois/12/", False, False), ("", False, False)])
def test_scoring_scripts_only_where_a_calculator_is(desktop, server, path, calculators, helper):
    desktop.goto(f"{server}/{path}", wait_until="networkidle")
    assert fetched(desktop, "scoring.js") is calculators
    assert fetched(desktop, "revoke.js") is helper
    assert fetched(desktop, "scoring-data.js") is (calculators or helper)
    assert fetched(desktop, "calc.js") is (calculators or helper)
    assert desktop.evaluate("typeof window.CodeBridgeScoring") == ("object" if calculators else "undefined")
    assert desktop.evaluate("typeof window.CodeBridgeRevoke") == ("object" if helper else "undefined")


@pytest.mark.parametrize("path", ["", "lois/64/", "en/lois/40/"])
def test_a_page_asks_for_nothing_that_is_missing(desktop, server, path):
    """No request of a page fails and nothing is logged as an error (the
    theme looked for a sitemap.xml beside each hreflang link)."""
    failed, errors = [], []
    desktop.on("response", lambda r: r.status >= 400 and failed.append(r.url))
    desktop.on("console", lambda m: m.type == "error" and errors.append(m.text))
    desktop.goto(f"{server}/{path}", wait_until="networkidle")
    assert failed == [] and errors == []
