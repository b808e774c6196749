"""Publishing in Chromium at 390 px: the home's first screen, "go to law", the
404 under a sub-path, dark mode, print, the offline app, touch targets."""

from __future__ import annotations

import pytest
from playwright.sync_api import Error as PlaywrightError

from codebridge import collect, goto

from .test_publish import AUTOLINK, GOTO

pytestmark = pytest.mark.browser

SCREEN = 844  # the phone's height


def test_home_first_screen(phone, server, axe):
    phone.goto(f"{server}/")
    assert _outside_footer(axe(phone)) == []
    for selector in ("#cb-home-q", "#cb-home-goto", ".cb-top a"):
        box = phone.locator(selector).first.bounding_box()
        assert box and box["width"] > 0 and box["y"] + box["height"] <= SCREEN, selector
    buttons = phone.locator(".cb-top a")
    assert buttons.count() == 6
    texts = " ".join(buttons.all_inner_texts())
    for word in ("Renonce", "Cartes pénalisées", "Entame hors tour", "Revendications", "Enchère insuffisante", "Information non autorisée"):
        assert word in texts
    for i in range(buttons.count()):
        box = buttons.nth(i).bounding_box()
        assert box["height"] >= 44 and box["width"] >= 120  # large buttons, for a thumb
        # a law the sources lack says so on its button, and only such a law
        present = phone.evaluate("async (href) => (await fetch(href)).text()", buttons.nth(i).get_attribute("href"))
        assert ("texte à venir" in buttons.nth(i).inner_text()) == ("Texte absent de nos sources" in present), i
    # every button of the first screen is there; the absent laws come last, in one line
    absent = phone.locator(".cb-absent-laws")
    assert absent.bounding_box()["y"] > phone.locator("#annexe").bounding_box()["y"]
    assert absent.locator("a").count() == 39
    # the search box searches
    phone.fill("#cb-home-q", "renonce")
    phone.press("#cb-home-q", "Enter")
    phone.wait_for_url("**/?q=renonce")
    phone.wait_for_selector("[data-search-results] a")


@pytest.mark.parametrize("text,url", [(t, u) for t, u in GOTO if u])
def test_go_to_law(phone, server, text, url):
    phone.goto(f"{server}/")
    phone.fill("#cb-home-goto", text)
    phone.press("#cb-home-goto", "Enter")
    phone.wait_for_url(f"{server}/{url}")


def test_go_to_law_agrees_with_python(phone, server, code):
    phone.goto(f"{server}/")
    phone.wait_for_function("window.codebridgeGoto !== undefined")
    table = goto.keys(code, placeholders=collect.placeholders(code, collect.references(code)))
    for text, _ in GOTO + [("64 b", None), ("annexe", None), ("loi n° 71", None), ("45C4", None), ("12C1(c)", None), ("45c4z", None)]:
        assert phone.evaluate("t => window.CodeBridgeGoto.resolve(window.codebridgeGoto, t)", text) == goto.resolve(table, text), text
        assert phone.evaluate("t => window.CodeBridgeGoto.missing(window.codebridgeGoto, t)", text) == goto.missing(table, text), text


def test_a_citation_no_provision_bears_is_said_above_the_nearest(phone, server, public_server):
    """64B9 leads to 64B, and the page says, just above 64B and in view,
    that no provision bears 64B9; the address keeps no trace of it. The
    same from a short link (the 404 page) and in English."""
    def notice():
        phone.wait_for_selector(".cb-nearest")
        box, header = phone.locator(".cb-nearest").bounding_box(), phone.locator(".md-header").bounding_box()
        assert header["y"] + header["height"] <= box["y"] < SCREEN  # not under the header
        top = phone.locator(".md-top")  # nor under the back-to-top button, if it shows
        if top.count() and top.is_visible():
            button = top.bounding_box()
            assert button["y"] + button["height"] <= box["y"], (button, box)
        return phone.locator(".cb-nearest").inner_text()

    phone.goto(f"{server}/")
    phone.fill("#cb-home-goto", "64B9")
    phone.press("#cb-home-goto", "Enter")
    phone.wait_for_url(f"{server}/lois/64/#64B")
    assert notice() == "«\u00a0Loi 64B9\u00a0»\u00a0: aucune disposition ne porte ce numéro dans nos textes. Voici la plus proche."
    assert phone.evaluate("document.querySelector('.cb-nearest').nextElementSibling.id") == "64B"
    phone.goto(f"{server}/")
    phone.fill("#cb-home-goto", "64B7")
    phone.press("#cb-home-goto", "Enter")  # found as typed: no notice
    phone.wait_for_url(f"{server}/lois/64/#64B7")
    assert phone.locator(".cb-nearest").count() == 0
    for typed, url, said in (("r/45c4z/", "lois/45/#45C4", "«\u00a0Loi 45C4(z)\u00a0»"), ("en/r/64b9/", "en/lois/64/#64B", "“Law 64B9”: no provision"),
                             ("r/annexe9/", "lois/annexe/", "«\u00a0Annexe 9\u00a0»"), ("r/annexe23/", "lois/annexe/#annexe-2", "«\u00a0Annexe 2.3\u00a0»"),
                             ("r/40B2a3/", "lois/40/#40B2a", "«\u00a0Loi 40B2(a)3\u00a0»"),
                             # a law the sources lack: its page, whose text is to come, not a provision "near" it
                             ("r/21b1/", "lois/21/", "«\u00a0Loi 21B1\u00a0»\u00a0: le texte de la Loi 21 n'est pas encore dans nos sources. Voici sa page."),
                             ("en/r/27a1/", "en/lois/27/", "“Law 27A1”: the text of Law 27 is not in our sources yet. Here is its page.")):
        phone.goto(public_server + typed)
        phone.wait_for_url(public_server + url)
        assert notice().startswith(said), typed
        # the language switch does not carry it to the other side
        assert "absent" not in phone.locator("a.cb-lang-switch").get_attribute("href")
    # a notice only when it is so: a key no provision bears, that leads to this very place;
    # anything else is dropped from the address, unsaid
    for given in ("%3Cb%3Ex%3C/b%3E", "64", "12c1", "64b7renonce", "x" * 5000):
        phone.goto(f"{server}/lois/64/?absent={given}#64B")
        phone.wait_for_function("!location.search")
        assert phone.locator(".cb-nearest").count() == 0, given[:20]
    # words after a citation in "go to law" are not a provision's number
    phone.goto(f"{server}/")
    phone.fill("#cb-home-goto", "64B7 renonce")
    phone.press("#cb-home-goto", "Enter")
    phone.wait_for_url(f"{server}/lois/64/#64B7")
    assert phone.locator(".cb-nearest").count() == 0


def test_an_anchor_written_as_a_citation_lands_on_its_provision(phone, server):
    """A hand-written address whose #anchor writes the citation as people
    do (#45C4(b), #64b7, "#Loi 64 B 7"), not as the page's id (45C4b),
    lands on the provision, opened and in view; one no provision bears
    (#64B9) lands on the nearest above with the notice; an anchor the page
    has, or one that cites nothing, is left alone."""
    for path, given, landed in (("lois/45/", "45C4(b)", "lois/45/#45C4b"), ("en/lois/64/", "64b7", "en/lois/64/#64B7"),
                                ("lois/64/", "Loi%2064%20B%207", "lois/64/#64B7"), ("lois/45/", "64B7", "lois/64/#64B7"),
                                ("lois/64/", "64B9", "lois/64/#64B")):
        phone.goto(f"{server}/{path}#{given}")
        phone.wait_for_url(f"{server}/{landed}")
        target = phone.locator(f"[id='{landed.split('#')[1]}']")
        box, header = target.bounding_box(), phone.locator(".md-header").bounding_box()
        assert header["y"] + header["height"] <= box["y"] + 1 < SCREEN, (given, box)
        assert (phone.locator(".cb-nearest").count() == 1) == (given == "64B9"), given
    # on a parallel view, its own provisions stay there
    for path, given, landed in (("bilingue/45/", "45C4(b)", "bilingue/45/#45C4b"), ("en/bilingue/64/", "64b9", "en/bilingue/64/#64B"),
                                ("bilingue/45/", "64B7", "lois/64/#64B7")):
        phone.goto(f"{server}/{path}#{given}")
        phone.wait_for_url(f"{server}/{landed}")
    for path, given in (("lois/64/", "64B7"), ("lois/64/", "voir-aussi"), ("lois/64/", "nulle-part")):
        phone.goto(f"{server}/{path}#{given}")
        phone.wait_for_timeout(300)
        assert phone.url == f"{server}/{path}#{given}", given


@pytest.mark.parametrize("typed", ["99", "100", "loi 644"])
def test_go_to_an_unknown_law_says_so(phone, server, typed):
    """No law has that number: not Law 10 for 100, nor Law 64 for 644 (as search reads it)."""
    phone.goto(f"{server}/")
    phone.fill("#cb-home-goto", typed)
    phone.press("#cb-home-goto", "Enter")
    phone.wait_for_function("document.querySelector('[data-cb-goto-status]').textContent.length > 0")
    assert "Aucune loi" in phone.locator("[data-cb-goto-status]").inner_text()
    assert phone.url == f"{server}/"


def test_go_to_words_searches_them(phone, server):
    """Words typed where a law's number goes (« renonce »): search opens
    with them, and its results, rather than a notice that no law bears
    that number."""
    phone.goto(f"{server}/")
    phone.fill("#cb-home-goto", "renonce")
    phone.press("#cb-home-goto", "Enter")
    dialog = phone.locator("dialog[open]")
    dialog.wait_for()
    assert dialog.locator("input").input_value() == "renonce"
    dialog.locator("a[href*='lois/6']").first.wait_for()
    assert phone.locator("[data-cb-goto-status]").inner_text() == ""


def test_404_under_a_sub_path(phone, public_server, axe):
    response = phone.goto(f"{public_server}lois/64/pas/une/page/")
    assert response.status == 404
    assert _outside_footer(axe(phone)) == []
    assert phone.locator("article h1").inner_text() == "Page introuvable"
    # the stylesheets load from the sub-path, at this depth: the theme is applied
    assert phone.evaluate("getComputedStyle(document.querySelector('.md-header')).position") == "sticky"
    box = phone.locator("#cb-404-goto").bounding_box()
    assert box and box["y"] + box["height"] <= SCREEN
    phone.fill("#cb-404-goto", "64B7")
    phone.press("#cb-404-goto", "Enter")
    phone.wait_for_url(f"{public_server}lois/64/#64B7")
    # an English address missing: the English 404, also on a host with a single 404 page
    _english_not_found(phone, f"{public_server}en/nope/")
    # the header's search reads the English index and leads to English pages
    phone.locator("[data-cb-search-open]").click()
    phone.keyboard.type("revoke")
    phone.wait_for_selector("[data-search-results] a")
    hrefs = phone.locator("[data-search-results] a").evaluate_all("els => els.map(a => a.href)")
    assert hrefs[0].startswith(f"{public_server}en/lois/6") and all(h.startswith(f"{public_server}en/") for h in hrefs), hrefs[:3]
    assert phone.locator("[data-search-results] a").first.inner_text().startswith("Law ")
    phone.keyboard.press("Escape")
    phone.fill("#cb-404-q", "revoke")
    phone.press("#cb-404-q", "Enter")
    phone.wait_for_url(f"{public_server}en/?q=revoke")


def test_a_law_address_with_a_provision_in_it_leads_there(phone, public_server):
    """« lois/64B7/ », as an editor may guess an address: the 404 page sends
    it where "go to law" sends 64B7, in either language; a law no page has
    stays not found."""
    for typed, url in (("lois/64B7/", "lois/64/#64B7"), ("lois/45c4b/", "lois/45/#45C4b"), ("en/lois/64B7/", "en/lois/64/#64B7")):
        phone.goto(public_server + typed)
        phone.wait_for_url(public_server + url)
    response = phone.goto(f"{public_server}lois/94/")
    assert response.status == 404
    phone.wait_for_timeout(300)
    assert phone.url == f"{public_server}lois/94/" and phone.locator("article h1").inner_text() == "Page introuvable"
    # an English one the French 404 cannot place goes to the English 404
    for typed in ("en/lois/94/", "en/lois/64/pas/une/page/"):
        _english_not_found(phone, public_server + typed)


def _english_not_found(page, typed: str) -> None:
    """``typed``, an English address no page has, on a host with one 404
    page (the French): the English 404 shows, the address as typed stays
    in the bar, to be read and corrected."""
    page.goto(typed)
    page.wait_for_function("() => (document.querySelector('article h1') || {}).textContent === 'Page not found'")
    page.wait_for_url(typed)
    assert page.evaluate("location.href") == typed


def test_dark_mode_follows_the_system_and_toggles(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme="dark", is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{server}/lois/64/#64B7")
    assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == "slate"
    target = page.locator("[id='64B7']")
    background = target.evaluate("el => getComputedStyle(el).backgroundColor")
    colour = target.evaluate("el => getComputedStyle(el).color")
    assert _luminance(background) < 0.3 and _luminance(colour) > 0.6  # light text on a dark highlight
    # the toggle: system → light → dark → system
    toggle = page.locator("label.md-header__button[for^='__palette']:visible").first
    toggle.click()
    page.wait_for_function("document.body.getAttribute('data-md-color-scheme') === 'default'")
    assert _luminance(target.evaluate("el => getComputedStyle(el).backgroundColor")) > 0.6
    context.close()
    light = browser.new_context(color_scheme="light").new_page()
    light.goto(f"{server}/")
    assert light.evaluate("document.body.getAttribute('data-md-color-scheme')") == "default"
    light.context.close()


def _outside_footer(violations):
    """axe's findings, less the theme's footer (Material's copyright line and
    its link), which no page of this area changes."""
    return [(rule, nodes) for rule, nodes in violations if not all("md-copyright" in str(n) or "md-footer" in str(n) or "_blank" in str(n) for n in nodes)]


def _luminance(css: str) -> float:
    import re

    r, g, b = (int(x) / 255 for x in re.findall(r"\d+", css)[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_print_has_no_controls(browser, public_server, tmp_path):
    from pypdf import PdfReader

    page = browser.new_page()
    page.goto(f"{public_server}lois/64/")
    page.emulate_media(media="print")
    for selector in (".md-header", ".md-sidebar--primary", ".cb-tools", ".cb-cited-by", ".cb-see-also"):
        assert page.evaluate(f"[...document.querySelectorAll('{selector}')].every(e => getComputedStyle(e).display === 'none')"), selector
    assert page.locator(".cb-notes").first.is_visible()
    path = tmp_path / "64.pdf"
    page.pdf(path=str(path), format="A4")
    text = " ".join(p.extract_text() for p in PdfReader(str(path)).pages)
    text = " ".join(text.split())
    assert "Procédure après la consommation" in text
    assert "Note FFB".upper() in text.upper()  # the FFB notes are kept
    assert f"{public_server}lois/64/" in text.replace(" ", "")  # the page's public address
    assert "Fédération Française de Bridge" in text and "World Bridge Federation" in text
    for control in ("Copier le lien", "Cité par", "Voir aussi", "Rechercher"):
        assert control not in text, control
    # the revoke helper, a form to answer on a screen, is not printed; nor are the calculators, but the tables they compute are
    assert "Recommencer" not in text and "Répondez aux questions" not in text and "Levées à transférer après" not in text
    page.goto(f"{public_server}lois/77/")
    page.emulate_media(media="print")
    assert page.locator("form.cb-calc").count() and not page.locator("form.cb-calc").first.is_visible()
    assert not page.locator("#calcul-marque").is_visible() and page.locator("#marques-courantes").is_visible()
    # a table is not split from its caption across two sheets
    tables = page.evaluate("[...document.querySelectorAll('article table')].map(t => getComputedStyle(t).breakInside)")
    assert tables and set(tables) == {"avoid"}, tables
    # a case's folded law texts (« Afficher le texte de la Loi 61A ») print unfolded, into a PDF too
    page.emulate_media(media="screen")
    page.goto(f"{public_server}exemples/renonce-deux-levees/")
    folded = "[...document.querySelectorAll('details:not([open]) > :not(summary)')]"
    assert page.evaluate(f"{folded}.length > 0 && {folded}.every(e => !e.checkVisibility())")
    page.emulate_media(media="print")
    assert page.evaluate(f"{folded}.every(e => e.checkVisibility())")
    page.pdf(path=str(path), format="A4")
    assert "constitue une renonce" in " ".join(" ".join(p.extract_text() for p in PdfReader(str(path)).pages).split())
    page.close()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_no_printed_sheet_ends_on_a_heading(browser, server, site, tmp_path, lang):
    """The edition printed as ``codebridge pdf`` prints it: no sheet ends
    on a section's heading or a law's « Notes » whose text is on the next
    one (five did in each language: the headings of the sections and notes
    are h3, which only h1 and h2 were kept with). The lowest line of each
    sheet, read with its position from the PDF, is no such heading."""
    from bs4 import BeautifulSoup
    from pypdf import PdfReader

    prefix = "en/" if lang == "en" else ""
    html = BeautifulSoup((site / prefix / "edition" / "index.html").read_text(encoding="utf-8"), "html.parser")
    heads = set()
    for h in html.select("article h3, article h4"):  # a law's heading (h2) begins a sheet
        law = h.find_parent(class_="cb-edition-law")
        after = h.find_next(lambda t: t.name in ("p", "li", "td") and t.get_text(strip=True))
        if law is not None and after is not None and after.find_parent(class_="cb-edition-law") is law:  # a text follows it in its law
            heads.add(" ".join(h.get_text().replace("¶", "").split()))
    assert len(heads) > 150
    page = browser.new_page()
    page.goto(f"{server}/{prefix}edition/", wait_until="load")
    page.emulate_media(media="print")
    path = tmp_path / "edition.pdf"
    page.pdf(path=str(path), format="A4", print_background=False, margin={side: "1.5cm" for side in ("top", "bottom", "left", "right")})
    page.close()
    ending = []
    sheets = PdfReader(str(path)).pages
    for number, sheet in enumerate(sheets, 1):
        runs = []
        sheet.extract_text(visitor_text=lambda text, cm, tm, *_: text.strip() and runs.append((cm[5] + tm[5] * cm[3], text)))
        low = min(y for y, _ in runs)
        line = " ".join(" ".join(text for y, text in runs if y - low < 3).split())
        if line in heads:
            ending.append((number, line))
    assert len(sheets) > 60 and ending == []


def offline_after_visiting(browser, url: str):
    """A phone's context and page that visited ``url`` with the network, its
    service worker ready and its cache filled, then lost the network."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(url)
    assert page.evaluate("async () => { await navigator.serviceWorker.ready; return true; }")
    page.wait_for_function("async () => (await caches.keys()).length > 0 && "
                           "(await (await caches.open((await caches.keys())[0])).keys()).length > 100")
    context.set_offline(True)
    return context, page


def test_offline_after_the_first_visit(browser, public_server):
    context, page = offline_after_visiting(browser, f"{public_server}lois/64/")
    page.goto(f"{public_server}lois/50/")
    assert page.locator("article h1").inner_text().startswith("Loi 50")
    page.goto(f"{public_server}lois/64/#64B7")
    assert "quand les deux camps" in page.locator("[id='64B7']").inner_text()
    # a page typed without its last slash, or with its file's name, as the host takes it
    page.goto(f"{public_server}lois/51#51A")
    page.wait_for_url(f"{public_server}lois/51/#51A")
    assert page.locator("article h1").inner_text().startswith("Loi 51")
    page.goto(f"{public_server}lois/52/index.html")
    assert page.locator("article h1").inner_text().startswith("Loi 52")
    assert page.evaluate("getComputedStyle(document.querySelector('.md-header')).position") == "sticky"  # its stylesheets found
    # no short link is kept: the kept 404 page sends one where it leads
    page.goto(f"{public_server}r/45C4b/")
    page.wait_for_url(f"{public_server}lois/45/#45C4b")
    assert page.locator("[id='45C4b']").is_visible()
    # a case's short link, which no citation places, is kept with the case
    page.goto(f"{public_server}r/ex-renonce-deux-levees/")
    page.wait_for_url(f"{public_server}exemples/renonce-deux-levees/")
    assert page.locator("article h1").is_visible()
    # the English site is not the French worker's to keep: offline, an English page this device has
    # not kept opens as the French one, which says why (not the browser's error, nor a loop of 404 pages)
    loads = []
    page.on("load", lambda p: loads.append(p.url))
    page.goto(f"{public_server}en/lois/64/#64B7")
    page.wait_for_url(f"{public_server}lois/64/#64B7")
    assert page.locator("article h1").inner_text().startswith("Loi 64")
    assert "la version anglaise de cette page n'est pas enregistrée" in page.locator(".cb-offline-other").inner_text()
    # said first in the language of the page asked for, marked as such for a screen reader
    asked = page.locator(".cb-offline-other p").first
    assert asked.get_attribute("lang") == "en" and asked.inner_text().startswith("Offline, the other language's version of this page")
    assert page.locator("[id='64B7']").is_visible()
    page.wait_for_timeout(1000)
    assert len(loads) <= 1, loads
    # an English address with no French page to stand for it: the browser's own error, as before
    with pytest.raises(PlaywrightError, match="ERR_INTERNET_DISCONNECTED|ERR_FAILED"):
        page.goto(f"{public_server}en/no-such-page/")
    context.close()


def test_the_english_site_offline_after_a_first_visit(browser, server):
    """The English site, kept by its own worker, at the root of a host that
    gives it no 404 page of its own (a build without a public address): its
    kept 404 page is English, styled, and sends a short link on."""
    context, page = offline_after_visiting(browser, f"{server}/en/lois/64/")
    page.goto(f"{server}/en/r/45C4b/")
    page.wait_for_url(f"{server}/en/lois/45/#45C4b")
    assert page.locator("[id='45C4b']").is_visible()
    page.goto(f"{server}/en/lois/53")
    page.wait_for_url(f"{server}/en/lois/53/")
    assert page.locator("article h1").inner_text().startswith("Law 53")
    page.goto(f"{server}/en/no-such-page/")
    assert page.locator("h1[data-cb-not-found]").inner_text() == "Page not found"
    # styled by the English site's stylesheets, which its worker keeps
    assert page.evaluate("getComputedStyle(document.querySelector('.md-header')).position") == "sticky"
    home = page.locator("article a", has_text="Back to the contents")
    assert home.evaluate("a => a.href") == f"{server}/en/"
    page.locator("#cb-404-goto").fill("999")
    page.locator("#cb-404-goto").press("Enter")
    assert "No law or provision" in page.locator("[data-cb-goto-status]").inner_text()
    page.locator("#cb-404-goto").fill("64B7")
    page.locator("#cb-404-goto").press("Enter")
    page.wait_for_url(f"{server}/en/lois/64/#64B7")
    context.close()


def test_short_links_as_typed_lead_to_their_provision(phone, public_server):
    """A short link written another way (lower case, the printed parentheses)
    or in English, on a host with a single 404 page: the 404 page sends it
    where "go to law" would."""
    for typed, url in (("r/64b7/", "lois/64/#64B7"), ("r/45C4(b)/", "lois/45/#45C4b"), ("en/r/64b7/", "en/lois/64/#64B7"),
                       ("r/12c1c/", "lois/12/#12C1c"), ("r/loi-64b7/", "lois/64/#64B7")):
        phone.goto(public_server + typed)
        phone.wait_for_url(public_server + url)
    # a case's short link in capitals; an English one that leads nowhere: the English 404
    phone.goto(public_server + "r/EX-Appel-Hors-Delai/")
    phone.wait_for_url(public_server + "exemples/appel-hors-delai/")
    for typed in ("en/r/zzz/", "en/r/99/", "en/r/ex-nope/", "en/r/zzz/?utm_source=letter#x"):
        _english_not_found(phone, public_server + typed)
    # a citation no law bears: "go to law" says so, with the citation in its box (not for words)
    phone.goto(public_server + "en/r/99/")
    phone.wait_for_function("document.querySelector('[data-cb-goto-status]').textContent.length > 0")
    assert phone.locator("[data-cb-goto-status]").inner_text().startswith("No law or provision has this number")
    assert phone.locator("#cb-404-goto").input_value() == "99"
    phone.goto(public_server + "r/99/")
    phone.wait_for_function("document.querySelector('[data-cb-goto-status]').textContent.length > 0")
    assert phone.locator("[data-cb-goto-status]").inner_text().startswith("Aucune loi ni disposition")
    phone.goto(public_server + "r/zzz/")
    phone.locator("h1[data-cb-not-found]").wait_for()
    phone.wait_for_timeout(500)
    assert phone.locator("[data-cb-goto-status]").inner_text() == ""
    # what a newsletter tool adds to a link goes before the anchor, which still lands,
    # also when the 404 page places the link
    for typed, url in (("r/64B7/?utm_source=lettre", "lois/64/?utm_source=lettre#64B7"), ("en/r/64/?utm_medium=email", "en/lois/64/?utm_medium=email"),
                       ("r/64b7/?utm_source=lettre", "lois/64/?utm_source=lettre#64B7"),
                       ("en/r/45C4(b)/?utm_medium=email", "en/lois/45/?utm_medium=email#45C4b"),
                       # a citation no provision bears: the nearest, which says so, the query kept
                       ("r/64b9/?utm_source=lettre", "lois/64/?utm_source=lettre#64B")):
        phone.goto(public_server + typed)
        phone.wait_for_url(public_server + url)


def test_a_notes_references_are_links_in_its_preview(phone, server):
    """FFB note (14) of Law 50 says "voir Loi 50D2": in the note's preview,
    opened by a tap on its call, that reference is a link, and one tap
    follows it. The preview copies no id of the page."""
    phone.goto(f"{server}/lois/50/#50D2b")
    phone.locator("[id='50D2b'] .cb-call a[href='#note-50-14']").first.tap()
    note = phone.locator(".cb-note-preview")
    assert note.is_visible()
    assert note.locator(".cb-preview-note").inner_text().startswith("Note FFB (14) Si le partenaire du joueur ayant la carte pénalisée garde la main")
    assert "↩" not in note.inner_text()  # the note's way back is the page's, not the preview's
    assert phone.evaluate("document.querySelectorAll('.cb-preview [id]:not(#cb-preview)').length") == 0
    ref = note.locator("a.ref[data-cite='50D2']")
    assert ref.inner_text() == "Loi 50D2"
    ref.tap()
    phone.wait_for_url(f"{server}/lois/50/#50D2")
    assert phone.locator(".cb-preview").count() == 0


def test_a_note_preview_from_the_keyboard(desktop, server):
    """Enter on a note call opens its preview with the focus in it (named
    after the note); Tab goes through its close button and links, then back
    to the call, the preview closed; Escape does the same. Its links look
    like the text's, its close button is a finger's size."""
    desktop.goto(f"{server}/lois/50/")
    call = desktop.locator(".cb-call a[href='#note-50-13']").first
    call.focus()
    desktop.keyboard.press("Enter")
    box = desktop.locator(".cb-note-preview")
    box.wait_for()
    assert desktop.evaluate("document.activeElement.id") == "cb-preview"
    assert box.get_attribute("aria-label") == "Note FFB (13)"
    assert call.get_attribute("aria-expanded") == "true"
    assert desktop.url == f"{server}/lois/50/"
    stops = box.locator("a[href], button")
    for i in range(stops.count()):
        desktop.keyboard.press("Tab")
        assert stops.nth(i).evaluate("el => el === document.activeElement"), i
    desktop.keyboard.press("Tab")  # past the last: back to the call
    assert box.count() == 0 and call.get_attribute("aria-expanded") == "false"
    assert call.evaluate("el => el === document.activeElement")
    desktop.keyboard.press("Enter")
    box.wait_for()
    desktop.keyboard.press("Escape")
    assert box.count() == 0 and call.evaluate("el => el === document.activeElement")
    # looks: its links as the text's, a close button big enough for a finger
    call.click()
    link_colour = desktop.locator("article a.ref").first.evaluate("el => getComputedStyle(el).color")
    for link in box.locator("a").all():
        assert link.evaluate("el => getComputedStyle(el).color") == link_colour
        assert "underline" in link.evaluate("el => getComputedStyle(el).textDecorationLine")
    shut = box.locator("button.cb-preview-close").bounding_box()
    assert shut["width"] >= 24 and shut["height"] >= 24
    # opened by a click on a wide screen, beside its call, not over the menu at the left
    place, menu = box.bounding_box(), desktop.locator(".md-sidebar--primary").bounding_box()
    assert place["x"] >= menu["x"] + menu["width"] and abs(place["x"] - call.bounding_box()["x"]) < 40, (place, menu)


def test_note_call_keeps_the_address_and_targets_are_big_enough(phone, server):
    phone.goto(f"{server}/lois/86/#86B2")
    call = phone.locator("[id='86B2'] .cb-call a").first
    box = call.bounding_box()
    assert box["width"] >= 24 and box["height"] >= 24
    call.tap()
    note = phone.locator(".cb-note-preview")
    assert note.is_visible() and len(note.locator("p").first.inner_text()) > 20
    assert phone.url.endswith("#86B2")
    nb = note.bounding_box()
    assert nb["x"] >= 0 and nb["x"] + nb["width"] <= 390
    for button in phone.locator("[id='86B2'] > .cb-meta button.cb-copy").all():
        b = button.bounding_box()
        assert b["width"] >= 24 and b["height"] >= 24
    # "Cité par": each provision citing another, a finger's target too
    phone.goto(f"{server}/lois/45/")
    citers = phone.locator(".cb-meta a.cb-citer")
    assert citers.count() >= 5
    for link in citers.all()[:40]:
        b = link.bounding_box()
        assert b["width"] >= 24 and b["height"] >= 24, (link.inner_text(), b)


def shown_box(page, ending: str) -> dict:
    """The copy confirmation's box and text, read in the page at the frame
    it shows with a text ending in ``ending``: read afterwards, it may be gone."""
    return page.wait_for_function("""(ending) => {
        const t = document.querySelector('.cb-copied');
        if (!t || !t.textContent.endsWith(ending)) return null;
        const r = t.getBoundingClientRect();
        return r.width && r.height ? {x: r.x, y: r.y, width: r.width, height: r.height, text: t.textContent} : null;
    }""", arg=ending).json_value()


def test_copy_confirmation_stays_on_screen(browser, public_server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.goto(f"{public_server}lois/64/")
    page.locator("[id='64B7'] .cb-tools button[data-copy='quote']").tap()
    toast = page.locator(".cb-copied")
    # once the clipboard took the text; its box read as it shows (it goes after 2.5 s, sooner than a slow check)
    box = shown_box(page, "")
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["y"] + box["height"] <= 844
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.startswith("Loi 64B7\u00a0: «\u00a0Il n’y a pas d’ajustement automatique") and "[…] quand les deux camps" in copied
    assert copied.endswith(f"\u00a0» — {public_server}r/64B7/")
    # a long quote: the whole of it copied, its start shown
    page.locator(".cb-tools[data-anchor='64B'] button[data-copy='quote']").tap()
    # the new toast (the first one may have gone after its 2.5 s, on a slow machine)
    box = shown_box(page, "…")
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["y"] + box["height"] <= 844
    assert box["text"].endswith("…") and page.evaluate("navigator.clipboard.readText()").endswith(f" — {public_server}r/64B/")
    # in English, as English quotes
    page.goto(f"{public_server}en/lois/64/")
    page.locator("[id='64B7'] .cb-tools button[data-copy='quote']").tap()
    toast.wait_for(state="visible")
    copied = page.evaluate("navigator.clipboard.readText()")
    # in English, labelled as our translation
    assert copied.startswith("Law 64B7 (unofficial translation): “There is no automatic trick adjustment") and "[…] when both sides" in copied, copied
    assert copied.endswith(f"” — {public_server}en/r/64B7/"), copied
    context.close()


def test_offline_copy_copies_the_public_address(browser, offline_site):
    """From file://, "Copier le lien" gives the site's public address when the
    build has one (here the page is told one, as a SITE_URL build writes it)."""
    context = browser.new_context()
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.goto((offline_site / "lois" / "64.html").as_uri())
    assert page.locator("meta[name='codebridge:public']").get_attribute("content") == ""
    page.evaluate("document.querySelector(\"meta[name='codebridge:public']\").content = 'https://example.org/code/'")
    page.locator("[id='64B7'] .cb-tools button[data-copy='link']").click()
    copied = page.evaluate("navigator.clipboard.readText().catch(() => document.querySelector('.cb-copied').textContent)")
    assert copied.endswith("https://example.org/code/r/64B7/")
    context.close()


def test_autolinker_reads_what_search_reads(browser, server, code):
    from codebridge.autolink import autolink_spans

    page = browser.new_page()
    page.goto(f"{server}/outils/")
    page.wait_for_function("window.CodeBridgeAutolink !== undefined")
    base = page.evaluate("window.CodeBridgeAutolink.base")
    for text, _ in AUTOLINK:
        js = page.evaluate("t => window.CodeBridgeAutolink.references(t).map(r => [r.start, r.end, r.href])", text)
        assert js == [[a, b, url] for a, b, url in autolink_spans(text, code, base)], text
    page.close()


def test_paste_your_text_links_it_and_gives_the_html(browser, public_server):
    """outils/: a newsletter's text pasted in the box comes back linked, as
    a preview and as HTML to paste, its links absolute; text that looks like
    HTML stays text."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.goto(f"{public_server}outils/")
    page.locator("#cb-al-text").fill("Après une renonce, voir Loi 64B7.\n<b>Lois 47E et 54</b>\n\nSecond <script>alert(1)</script>")
    preview = page.locator("[data-cb-autolink-preview]")
    links = preview.locator("a.cb-autolink")
    assert [a.get_attribute("href") for a in links.all()] == [
        f"{public_server}lois/64/#64B7", f"{public_server}lois/47/#47E", f"{public_server}lois/54/"
    ]
    assert preview.locator("p").count() == 2 and preview.locator("b, script").count() == 0
    html = page.locator("#cb-al-html").input_value()
    assert html.startswith(f'<p>Après une renonce, voir <a href="{public_server}lois/64/#64B7" class="cb-autolink">Loi 64B7</a>.<br>&lt;b&gt;')
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "<script" not in html
    page.locator("[data-cb-autolink-copy]").tap()
    page.wait_for_function("document.querySelector('[data-cb-autolink-status]').textContent === 'HTML copié'")
    assert page.evaluate("navigator.clipboard.readText()") == html
    context.close()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_paste_your_text_from_a_file_names_the_placeholder(browser, offline_site, lang):
    """The offline copy (``make offline``, no public address) opened from a
    file: the preview's links open this copy, to be checked; the HTML to
    paste names no file but the public site's placeholder, each page as the
    public site writes it (lois/64/#64B7, not lois/64.html#64B7), and says
    what to put in its place (it gave file:// links to send in a newsletter)."""
    from codebridge.strings import t

    prefix = "en/" if lang == "en" else ""
    placeholder = t(lang, "script.site_placeholder")
    page = browser.new_page()
    page.goto((offline_site / prefix / "outils.html").as_uri())
    page.locator("#cb-al-text").fill("Voir Loi 64B7, Loi 45C4(b), Loi 71.2 et Lois 61 à 64." if lang == "fr" else "See Law 64B7, Law 45C4(b) and Law 71.2.")
    links = page.locator("[data-cb-autolink-preview] a.cb-autolink")
    local = (offline_site / prefix).as_uri() + "/"
    assert [a.get_attribute("href") for a in links.all()][:3] == [f"{local}lois/64.html#64B7", f"{local}lois/45.html#45C4b", f"{local}lois/71.html#71-2"]
    html = page.locator("#cb-al-html").input_value()
    assert "file:" not in html and ".html" not in html
    assert f'<a href="{placeholder}lois/64/#64B7" class="cb-autolink">' in html and f'href="{placeholder}lois/71/#71-2"' in html
    said = page.locator("[data-cb-autolink-status]").inner_text()
    assert placeholder in said and said == t(lang, "script.paste_placeholder").format(placeholder=placeholder)
    page.close()
