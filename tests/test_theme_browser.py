"""The theme's behaviour without Material's script (theme.js in its place),
in Chromium on the built site: sidebars that scroll within the screen, the
table of contents following the reading, the header's title, back to top,
the keys, the menu, previews on hover and focus, <details> in print; and
what a first visit to a page costs (every request, gzip -9)."""

from __future__ import annotations

import gzip
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

pytestmark = pytest.mark.browser

HEADER = 48  # Material's header: 2.4rem
SCREEN = 900  # the height of the desktop fixture's page (conftest)


def test_no_page_loads_the_theme_bundle(site, desktop, server):
    assert not list(site.glob("assets/javascripts/bundle.*")), "the build removes Material's script"
    urls = []
    desktop.on("request", lambda r: urls.append(r.url))
    desktop.goto(f"{server}/lois/64/", wait_until="networkidle")
    assert [u for u in urls if "bundle" in u] == []
    assert desktop.evaluate("typeof window.CodeBridge.preview.show") == "function"


def test_sidebars_scroll_within_the_screen(desktop, server):
    """Each sidebar stays under the header and within the screen while the
    page scrolls; the menu scrolls on its own, opened at the current page."""
    desktop.goto(f"{server}/lois/93/")
    for _ in range(2):
        boxes = desktop.evaluate(
            "[...document.querySelectorAll('.md-sidebar__scrollwrap')].map(w => {"
            " const r = w.getBoundingClientRect(); return [r.top, r.bottom, w.scrollHeight, w.clientHeight, w.scrollTop]; })"
        )
        assert len(boxes) == 2
        for top, bottom, _, _, _ in boxes:
            assert top >= HEADER - 1 and bottom <= SCREEN + 1
        menu = boxes[0]
        assert menu[2] > menu[3], "the menu is longer than the screen: it scrolls"
        desktop.mouse.wheel(0, 2500)
        desktop.wait_for_timeout(200)
    current = desktop.locator(".md-sidebar--primary .md-nav__link--active[href]").first
    box = current.bounding_box()
    assert box is not None and HEADER <= box["y"] <= SCREEN, "the current page is in view in the menu"


def test_table_of_contents_follows_the_reading(desktop, server):
    desktop.goto(f"{server}/lois/64/")
    active = ".md-sidebar--secondary .md-nav__link--active"
    assert desktop.locator(active).inner_text().startswith("A.")
    desktop.goto(f"{server}/lois/64/#64C")
    desktop.wait_for_timeout(200)
    assert desktop.locator(active).count() == 1
    assert desktop.locator(active).inner_text().startswith("C.")
    assert desktop.locator(".md-header__title").evaluate("e => e.classList.contains('md-header__title--active')")
    desktop.evaluate("window.scrollTo(0, 0)")
    desktop.wait_for_timeout(200)
    assert desktop.locator(active).inner_text().startswith("A.")
    assert not desktop.locator(".md-header__title").evaluate("e => e.classList.contains('md-header__title--active')")


def test_back_to_top(desktop, server):
    desktop.goto(f"{server}/lois/64/")
    top = desktop.locator("[data-md-component=top]")
    desktop.mouse.wheel(0, 4000)
    desktop.wait_for_timeout(200)
    assert top.is_hidden(), "not while reading down"
    desktop.mouse.wheel(0, -300)
    desktop.wait_for_timeout(200)
    assert top.is_visible()
    top.click()
    desktop.wait_for_function("window.scrollY === 0")


def test_keys_for_the_next_and_previous_page(desktop, server):
    desktop.goto(f"{server}/lois/41/")
    desktop.keyboard.press("n")
    desktop.wait_for_url(f"{server}/lois/42/")
    desktop.keyboard.press("p")
    desktop.wait_for_url(f"{server}/lois/41/")
    desktop.goto(f"{server}/")
    desktop.locator("form[data-cb-goto] input").fill("")
    desktop.locator("form[data-cb-goto] input").press("n")  # typing: not a shortcut
    assert desktop.url == f"{server}/"


def test_palette_choice_is_kept(desktop, server):
    desktop.goto(f"{server}/lois/41/")
    assert desktop.evaluate("document.body.dataset.mdColorScheme") == "default"
    toggles = "form[data-md-component=palette] label:visible"
    assert desktop.locator(toggles).count() == 1
    assert desktop.locator(toggles).get_attribute("title") == "Passer au mode sombre"
    desktop.locator(toggles).click()  # system (light here) → dark, at the first tap
    assert desktop.evaluate("document.body.dataset.mdColorScheme") == "slate"
    desktop.goto(f"{server}/lois/42/")
    assert desktop.evaluate("document.body.dataset.mdColorScheme") == "slate"
    assert desktop.locator(toggles).count() == 1
    # and on the other language's pages, both ways
    desktop.goto(f"{server}/en/lois/42/")
    assert desktop.evaluate("document.body.dataset.mdColorScheme") == "slate"
    desktop.locator(toggles).click()  # dark → light, which is following the system here
    assert desktop.evaluate("document.body.dataset.mdColorScheme") == "default"
    assert desktop.evaluate("document.body.dataset.mdColorMedia") == "(prefers-color-scheme)"
    desktop.goto(f"{server}/lois/42/")
    assert desktop.evaluate("document.body.dataset.mdColorScheme") == "default"


@pytest.mark.parametrize("system", ["light", "dark"])
def test_each_tap_on_the_palette_toggle_changes_the_scheme(browser, server, system):
    """Whatever the system's scheme, each tap shows the other one (never a
    tap that changes nothing), and the toggle names what it will do."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, color_scheme=system)
    page = context.new_page()
    page.goto(f"{server}/lois/64/")
    toggle = page.locator("form[data-md-component=palette] label:visible")
    scheme = lambda: page.evaluate("document.body.dataset.mdColorScheme")
    seen = [scheme()]
    assert seen == [{"light": "default", "dark": "slate"}[system]]
    for _ in range(4):
        title = toggle.get_attribute("title")
        toggle.click()
        seen.append(scheme())
        assert seen[-1] != seen[-2], seen
        assert title == {"default": "Passer au mode clair", "slate": "Passer au mode sombre"}[seen[-1]] or (
            title == "Suivre le réglage du système" and page.evaluate("document.body.dataset.mdColorMedia") == "(prefers-color-scheme)"
        ), (title, seen)
    context.close()


def test_previews_on_focus_and_escape(desktop, server):
    """A reference reached with the keyboard shows its text; Escape hides it."""
    desktop.goto(f"{server}/lois/41/")
    link = desktop.locator("article a.ref", has_text="47E").first
    link.focus()
    tip = desktop.locator(".cb-preview[role=tooltip]")
    tip.wait_for()
    assert tip.inner_text().startswith("Loi 47E — ")
    assert link.get_attribute("title") is None, "the title's own tooltip is held while the box shows"
    assert link.get_attribute("aria-describedby") == tip.get_attribute("id")
    desktop.keyboard.press("Escape")
    assert tip.count() == 0
    assert link.get_attribute("title").startswith("Loi 47E — ")
    assert link.get_attribute("aria-describedby") is None


def test_escape_puts_the_language_menu_away(desktop, server):
    """The language menu, opened from the keyboard, is put away by Escape,
    the focus back on its button; the button pressed opens it again."""
    desktop.goto(f"{server}/lois/64/")
    menu = desktop.locator(".md-header .md-select__inner")
    desktop.locator(".md-header .md-select button").focus()
    desktop.keyboard.press("Tab")
    assert desktop.evaluate("document.activeElement.matches('.md-header .md-select__link')")
    desktop.wait_for_function("getComputedStyle(document.querySelector('.md-header .md-select__inner')).opacity === '1'")
    desktop.keyboard.press("Escape")
    assert not menu.is_visible()
    assert desktop.evaluate("document.activeElement.matches('.md-header .md-select button')")
    desktop.keyboard.press("Enter")
    desktop.wait_for_function("getComputedStyle(document.querySelector('.md-header .md-select__inner')).opacity === '1'")
    assert menu.is_visible()


def test_menu_closes_on_a_link_of_the_page(phone, server):
    phone.goto(f"{server}/lois/64/")
    phone.locator("label.md-header__button[for=__drawer]").tap()
    phone.wait_for_function("document.getElementById('__drawer').checked")
    phone.locator(".md-sidebar--primary .md-nav--secondary a[href='#64C']").first.tap()
    phone.wait_for_function("!document.getElementById('__drawer').checked")
    assert phone.url.endswith("#64C")


def test_details_open_for_print(desktop, server):
    desktop.goto(f"{server}/exemples/renonces-des-deux-camps/")
    details = desktop.locator("details")
    assert details.count() > 0 and not any(details.evaluate_all("ds => ds.map(d => d.open)"))
    desktop.evaluate("window.dispatchEvent(new Event('beforeprint'))")
    assert all(details.evaluate_all("ds => ds.map(d => d.open)"))


# --------------------------------------------------------------------------
# Weight of a first visit


def first_visit_bytes(browser, server: str, site: Path, path: str) -> tuple[int, dict[str, int]]:
    """What Chromium fetches for a page with nothing cached, until the network
    is idle (the service worker's own downloads are not the page's), each
    file counted gzip -9 as a compressing server sends it."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    page = context.new_page()
    urls: list[str] = []
    page.on("request", lambda r: urls.append(r.url))
    page.goto(f"{server}/{path}", wait_until="networkidle")
    context.close()
    parts = {}
    for url in urls:
        rel = unquote(urlparse(url).path).lstrip("/")
        file = site / rel
        if rel == "" or rel.endswith("/"):
            file = file / "index.html"
        assert file.is_file(), url
        parts[rel] = len(gzip.compress(file.read_bytes(), 9))
    return sum(parts.values()), parts


@pytest.mark.parametrize("path", ["lois/64/", "lois/77/", "lois/78/", "lois/12/", "lois/45/", "en/lois/64/", ""])
def test_first_visit_is_at_most_50_kb(browser, server, site, path):
    total, parts = first_visit_bytes(browser, server, site, path)
    assert total <= 50_000, (total, parts)


@pytest.mark.parametrize("path", ["", "en/"])
def test_home_search_placeholder_fits_on_a_phone(phone, server, path):
    phone.goto(f"{server}/{path}")
    room, needed = phone.evaluate(
        """() => { const i = document.getElementById('cb-home-q'); const s = getComputedStyle(i);
        const c = document.createElement('canvas').getContext('2d'); c.font = s.font;
        return [i.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight), c.measureText(i.placeholder).width]; }"""
    )
    assert needed <= room


@pytest.mark.parametrize("path", ["exemples/hesitation-puis-passe/", "en/exemples/hesitation-puis-passe/", "lois/64/", "bilingue/64/"])
def test_breadcrumb_steps_stay_whole_on_a_phone(phone, server, path):
    """Each step of the breadcrumb keeps its words on one line (the steps
    wrap, whole, to a second line): the first step was squeezed to a word
    a line, « Code international du bridge 2017 » on five lines."""
    phone.goto(f"{server}/{path}")
    steps = phone.locator(".md-path__item").evaluate_all(
        "els => els.map(e => { const s = getComputedStyle(e); return [e.textContent.trim(), e.getBoundingClientRect().height, parseFloat(s.lineHeight) || 1.2 * parseFloat(s.fontSize)]; })"
    )
    assert len(steps) >= 2
    for text, height, line in steps:
        assert height < 1.5 * line, (text, height, line)
