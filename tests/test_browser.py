"""What a director sees on a phone, in Chromium (390 px wide)."""

import re

import pytest

from codebridge import labels

pytestmark = pytest.mark.browser

PAGES = ["lois/40/", "lois/50/", "lois/80/", "lois/annexe/", "lois/27/", "", "notes-ffb/", "a-propos/", "en/lois/64/"]


@pytest.mark.parametrize("path", PAGES)
def test_phone_width_has_no_horizontal_scroll(phone, server, path, tmp_path):
    phone.goto(f"{server}/{path}")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=str(tmp_path / "page.png"))
    assert (tmp_path / "page.png").stat().st_size > 5000


def test_provision_link_lands_and_highlights(phone, server):
    phone.goto(f"{server}/lois/40/#40B2a-v")
    target = phone.locator("[id='40B2a-v']")
    box = target.bounding_box()
    assert box is not None and 0 <= box["y"] < 844
    background = target.evaluate("el => getComputedStyle(el).backgroundColor")
    assert background not in ("rgba(0, 0, 0, 0)", "transparent")


def test_note_call_leads_to_the_note(phone, server):
    phone.goto(f"{server}/lois/41/")
    phone.locator("a.footnote-ref", has_text="(10)").first.click()
    preview = phone.locator(".cb-note-preview")  # the note over the text, the address unchanged
    assert "Le premier tour de jouer du déclarant" in preview.inner_text()
    assert phone.url == f"{server}/lois/41/"
    preview.locator("a.cb-preview-open").click()
    phone.wait_for_function("location.hash === '#note-41-10'")
    note = phone.locator("[id='note-41-10']")
    assert "Le premier tour de jouer du déclarant" in note.inner_text()
    box = note.bounding_box()
    assert box is not None and 0 <= box["y"] < 844


@pytest.fixture
def desktop(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    yield page
    context.close()


def test_following_a_reference_lands_and_highlights(desktop, server):
    desktop.goto(f"{server}/lois/45/")
    desktop.locator("article a.ref", has_text="64B7").first.click()
    desktop.wait_for_url(f"{server}/lois/64/#64B7")
    target = desktop.locator("[id='64B7']")
    box = target.bounding_box()
    assert box is not None and 0 <= box["y"] < 900
    assert target.evaluate("el => el.matches(':target')")
    assert target.evaluate("el => getComputedStyle(el).backgroundColor") not in ("rgba(0, 0, 0, 0)", "transparent")


def test_short_link_redirects(desktop, server):
    desktop.goto(f"{server}/r/45C4b/")
    desktop.wait_for_url(f"{server}/lois/45/#45C4b")
    desktop.goto(f"{server}/en/r/40B2a-v/")
    desktop.wait_for_url(f"{server}/en/lois/40/#40B2a-v")


def test_short_link_fallback_without_javascript(browser, server):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{server}/r/64B7/")
    page.wait_for_url(f"{server}/lois/64/#64B7")  # the meta refresh, then the real <a> is there too
    context.close()


def test_copy_controls_fill_the_clipboard(desktop, server):
    desktop.goto(f"{server}/lois/64/")
    tools = desktop.locator("[id='64B7'] .cb-tools")
    tools.locator("button[data-copy='link']").click()
    assert desktop.evaluate("navigator.clipboard.readText()") == f"{server}/r/64B7/"
    tools.locator("button[data-copy='cite']").click()
    assert desktop.evaluate("navigator.clipboard.readText()") == f"Loi 64B7 — {server}/r/64B7/"  # what a newsletter writes
    tools.locator("button[data-copy='quote']").click()
    # a list item after its lead-in, without which it says nothing; "[…]" for the items before it
    assert desktop.evaluate("navigator.clipboard.readText()") == (
        "Loi 64B7\u00a0: «\u00a0Il n’y a pas d’ajustement automatique de levée suite à une renonce consommée (mais voir la Loi 64C) : […] "
        f"quand les deux camps ont fait une renonce sur la même donne et que les deux renonces sont consommées ;\u00a0» — {server}/r/64B7/"
    )

    def quoted(anchor: str) -> str:
        desktop.locator(f".cb-tools[data-anchor='{anchor}'] button[data-copy='quote']").click()
        return desktop.evaluate("navigator.clipboard.readText()").split("\u00a0: «\u00a0", 1)[1].rsplit("\u00a0» — ", 1)[0]

    # the words as printed, not what the site adds: the note call (19), "Cité par", the controls
    assert quoted("64A1").startswith("Quand une renonce est consommée: si le joueur fautif a gagné la levée de la renonce, cette levée plus une")
    # a section: its title, then its provisions' words with their numbers
    section = quoted("64B")
    assert section.startswith("Pas d’ajustement automatique de levée — Il n’y a pas") and "7. quand les deux camps" in section
    assert not any(added in section for added in ("lien", "citation", "texte", "Cité par", "Exemples", "¶"))
    # a law's last section: not the law's summary under it (« Cette loi est citée par… »), nor the printed footer
    last = quoted("64C")
    assert "citée par" not in last and "Adresse de cette page" not in last and "Fédération" not in last, last
    desktop.goto(f"{server}/lois/75/")
    assert quoted("75D") == "Décision de l'arbitre"  # a heading whose text the source lost
    desktop.goto(f"{server}/lois/57/")
    assert "(ou indiqué autrement)" in quoted("57C1")  # the note call (20) gone with its space
    desktop.goto(f"{server}/lois/45/")
    # a lead-in and its items, the items' letters kept, their cases left out
    assert quoted("45C2") == ("On considère que le déclarant a joué une carte de sa main si : (a) elle est tenue face visible, touchant ou presque "
                              "la table ou (b) elle est maintenue dans une position indiquant qu’elle a été jouée.")
    # the first item of a list: its lead-in, nothing left out between them
    assert quoted("45C2a") == "On considère que le déclarant a joué une carte de sa main si : elle est tenue face visible, touchant ou presque la table ou"
    # the source's words, without our reading of its slip
    assert quoted("45C4a").startswith("Une carte est être jouée si un joueur") and "sic" not in quoted("45C4a")
    # a provision without words of its own: its items, each with its letter
    assert quoted("45C4").startswith("(a) Une carte est être jouée") and "(b) Le déclarant peut" in quoted("45C4")
    # a case's "Lien court" copies its short link too, and says so, the page staying where it is
    for lang in ("", "en/"):
        desktop.goto(f"{server}/{lang}exemples/renonce-douzieme-levee/")
        desktop.locator("a.cb-short").click()
        assert desktop.evaluate("navigator.clipboard.readText()") == f"{server}/{lang}r/ex-renonce-douzieme-levee/"
        assert desktop.locator(".cb-copied").inner_text().endswith(f"{server}/{lang}r/ex-renonce-douzieme-levee/")
        assert desktop.url == f"{server}/{lang}exemples/renonce-douzieme-levee/"


def test_reference_preview_by_tapping(phone, server):
    phone.goto(f"{server}/lois/45/")
    link = phone.locator("article a.ref", has_text="64B7").first
    link.tap()
    preview = phone.locator(".cb-preview")
    assert preview.is_visible()
    assert preview.locator("p").inner_text().startswith("Loi 64B7 — Il n’y a pas d’ajustement automatique de levée … quand les deux camps ont fait une renonce")
    assert phone.url == f"{server}/lois/45/"  # the first tap did not leave the page
    # the way on and the close button are a finger's size
    for control in ("a.cb-preview-open", ".cb-preview-close"):
        box = preview.locator(control).bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44, (control, box)
    preview.locator("a.cb-preview-open").tap()
    phone.wait_for_url(f"{server}/lois/64/#64B7")


def test_autolinker_agrees_with_the_site(desktop, server, code):
    """autolink.js and the Python grammar give the same links on the same table."""
    from codebridge.autolink import autolink_spans

    from .test_publish import AUTOLINK
    from .test_references import COMMENTARY, EXPLICIT

    phrases = [" ".join(t.split()) for t, _ in EXPLICIT] + [t for t, _ in COMMENTARY] + [t for t, _ in AUTOLINK]
    desktop.goto(f"{server}/outils/")
    desktop.wait_for_function("window.CodeBridgeAutolink !== undefined")
    base = desktop.evaluate("window.CodeBridgeAutolink.base")
    assert base == f"{server}/"
    for text in phrases:
        js = desktop.evaluate("t => window.CodeBridgeAutolink.references(t).map(r => [r.start, r.end, r.href])", text)
        py = [[a, b, url] for a, b, url in autolink_spans(text, code, base)]
        assert js == py, text
    # the live example on the page is linked
    demo = desktop.locator(".cb-autolink-demo a.cb-autolink")
    assert demo.count() == 6
    assert demo.first.get_attribute("href") == f"{server}/lois/64/#64B7"


@pytest.mark.parametrize("prefix", ["", "en/"])
def test_the_linking_snippets_name_the_address_the_site_is_served_from(desktop, server, prefix):
    """A site built without its public address: the tools page's snippets
    name the address it is served from, not a placeholder to replace."""
    desktop.goto(f"{server}/{prefix}outils/")
    code = " ".join(desktop.locator("article pre code").all_text_contents())
    assert f'<script src="{server}/{prefix}assets/javascripts/autolink.js"' in code
    assert f'data-base="{server}/{prefix}"' in code and f"--base {server}/{prefix} " in code
    assert "ADRESSE" not in code and "SITE-ADDRESS" not in code


def test_language_switch_keeps_the_provision(desktop, server):
    for here, there in ((f"{server}/lois/64/#64B7", f"{server}/en/lois/64/#64B7"), (f"{server}/en/lois/64/#64B7", f"{server}/lois/64/#64B7")):
        desktop.goto(here)
        desktop.wait_for_load_state("networkidle")
        switch = desktop.locator("a.cb-lang-switch")
        desktop.evaluate("window.scrollTo(0, 0)")  # the switch below the title, clear of the sticky header
        assert switch.evaluate("a => a.href") == there  # the script adds the current anchor
        with desktop.expect_navigation(url=there):
            switch.click()


def test_bilingual_view_opens_at_the_provision(phone, server):
    """From a provision of a law page, "Vue bilingue" opens the parallel view at that provision."""
    for lang in ("", "en/"):
        phone.goto(f"{server}/{lang}lois/64/#64C1")
        link = phone.locator("a.cb-parallel-link")
        assert link.evaluate("a => a.href") == f"{server}/{lang}bilingue/64/#64C1"
        link.click()
        phone.wait_for_url(f"{server}/{lang}bilingue/64/#64C1")
        box = phone.locator("[id='64C1']").bounding_box()
        assert box is not None and 0 <= box["y"] < 844


def test_language_switch_keeps_the_provision_being_read(desktop, server):
    """Scrolled to a provision, with no #anchor in the address: the header's
    language menu leads to that provision in the other language; from "See
    also", to "Voir aussi"."""
    for here, target, there in (
        (f"{server}/en/lois/64/", "[id='64C2b']", f"{server}/lois/64/#64C2b"),
        (f"{server}/lois/45/", "[id='45C4b']", f"{server}/en/lois/45/#45C4b"),
    ):
        desktop.goto(here)
        desktop.wait_for_load_state("networkidle")
        # at once (the theme scrolls smoothly), then wait for the provision to stand just under the header
        desktop.locator(target).evaluate("el => window.scrollTo({top: el.getBoundingClientRect().top + window.scrollY - 80, behavior: 'instant'})")
        desktop.locator(target).evaluate("el => new Promise(done => { const t = () => Math.abs(el.getBoundingClientRect().top - 80) < 2 ? done() : requestAnimationFrame(t); t(); })")
        desktop.locator(".md-header .md-select").hover()
        lang = "fr" if "/en/" in here else "en"
        with desktop.expect_navigation(url=there):
            desktop.locator(f".md-select__link[hreflang='{lang}']").click()
    # the one section whose id differs between the languages
    desktop.goto(f"{server}/en/lois/64/#see-also")
    desktop.wait_for_load_state("networkidle")
    assert desktop.locator("a.cb-lang-switch").evaluate("a => a.href") == f"{server}/lois/64/#voir-aussi"


def test_language_switch_keeps_the_section_of_a_prose_page(desktop, server):
    """The About and Outils pages' sections have the same ids in both
    languages (``labels.SECTIONS``): scrolled to one, the language switch
    leads to it in the other language."""
    for here, target, there in (
        (f"{server}/en/a-propos/", "hors-ligne-a-la-table", f"{server}/a-propos/#hors-ligne-a-la-table"),
        (f"{server}/outils/", "sans-rien-installer-collez-votre-texte", f"{server}/en/outils/#sans-rien-installer-collez-votre-texte"),
    ):
        desktop.goto(here)
        desktop.wait_for_load_state("networkidle")
        heading = desktop.locator(f"h2[id='{target}']")
        # the line under which code.js takes the section the reader is in: the header's bottom and 100 px
        line = desktop.evaluate("() => document.querySelector('.md-header').getBoundingClientRect().bottom + Math.min(100, innerHeight / 4)")
        for _ in range(20):  # a script still laying out the page above it (a snippet's address) may move it: scrolled again
            heading.evaluate("el => window.scrollTo({top: el.getBoundingClientRect().top + window.scrollY - 80, behavior: 'instant'})")
            # settled: the heading just under the header
            heading.evaluate("el => new Promise(done => { let last = null; const t = () => { const y = el.getBoundingClientRect().top;"
                             " if (y === last) done(); else { last = y; requestAnimationFrame(t); } }; t(); })")
            top = heading.evaluate("el => el.getBoundingClientRect().top")
            if 60 < top <= line:
                break
            desktop.wait_for_timeout(100)
        assert 60 < top <= line, (top, line)
        desktop.locator(".md-header .md-select").hover()
        lang = "fr" if "/en/" in here else "en"
        with desktop.expect_navigation(url=there):
            desktop.locator(f".md-select__link[hreflang='{lang}']").click()
        assert desktop.locator(f"h2[id='{target}']").count() == 1


def test_header_language_menu_points_to_the_same_page(desktop, server):
    desktop.goto(f"{server}/notes-ffb/")
    desktop.wait_for_load_state("networkidle")  # Material's own language redirect is ready too
    hrefs = desktop.eval_on_selector_all(".md-select__link[hreflang]", "els => els.map(a => [a.hreflang, a.href])")
    assert ["en", f"{server}/en/notes-ffb/"] in hrefs
    desktop.locator(".md-header .md-select").hover()
    with desktop.expect_navigation(url=f"{server}/en/notes-ffb/"):
        desktop.locator(".md-select__link[hreflang='en']").click()
    desktop.goto(f"{server}/en/lois/40/#40B2a-v")
    hrefs = desktop.eval_on_selector_all(".md-select__link[hreflang]", "els => els.map(a => [a.hreflang, a.href])")
    assert ["fr", f"{server}/lois/40/#40B2a-v"] in hrefs


def test_parallel_view_stacks_on_a_phone(phone, server):
    phone.goto(f"{server}/bilingue/64/#64B7")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    row = phone.locator(".cb-par-text").first
    fr = row.locator(".cb-par-fr").bounding_box()
    en = row.locator(".cb-par-en").bounding_box()
    assert en["y"] >= fr["y"] + fr["height"] - 1  # English below French


def test_tooltips_on_hover(desktop, server):
    """Notes and references show their text on hover (theme.js), and hide
    when the pointer leaves."""
    desktop.goto(f"{server}/lois/41/")
    desktop.locator("a.footnote-ref").first.hover()
    tip = desktop.locator(".cb-preview--hover")
    tip.wait_for()
    assert "L’organisme responsable peut spécifier" in tip.inner_text()
    desktop.mouse.move(0, 0)
    tip.wait_for(state="detached")
    desktop.locator("article a.ref", has_text="47E").first.hover()
    desktop.wait_for_function(
        "Array.from(document.querySelectorAll('.cb-preview--hover p')).some(t => t.innerText.startsWith('Loi 47E — '))"
    )


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_a_preview_near_the_windows_bottom_opens_above_its_link(request, server, device):
    """A reference near the bottom of the window shows its preview above
    it, whole, rather than below the window's edge (where the desktop's
    hover preview could not be reached: scrolling to it closed it)."""
    page = request.getfixturevalue(device)
    page.goto(f"{server}/lois/47/")
    link = page.locator("article a.ref", has_text="45C4").first
    height = page.evaluate("window.innerHeight")
    # the link 40 pixels above the window's bottom edge
    page.evaluate("([el, h]) => window.scrollBy(0, el.getBoundingClientRect().bottom - (h - 40))", [link.element_handle(), height])
    if device == "desktop":
        link.hover()
        box = page.locator(".cb-preview--hover")
    else:
        link.tap()
        box = page.locator(".cb-preview")
    box.wait_for()
    where, at = box.bounding_box(), link.bounding_box()
    assert where["y"] >= 0 and where["y"] + where["height"] <= height, (where, height)
    assert where["y"] + where["height"] <= at["y"]  # above the link, not over it


def _norm(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_provision_reached_by_its_address_recalls_the_sentence_it_continues(phone, server, sites, lang):
    """Following "voir Loi 64B7" lands on « 7. quand les deux camps… »,
    words that continue a sentence: above them, their section's heading and
    that sentence (« Il n'y a pas d'ajustement automatique … : »), the
    lead-in the previews show (``collect._lead_ins``), for every provision
    of every law; one that continues no sentence recalls its section alone,
    and the recall follows the address."""
    from codebridge.collect import _lead_ins

    site = sites[lang]
    leads = {labels.anchor(label): _norm(text) for label, text in _lead_ins(site.code, site.layers.texts).items()}
    root = f"{server}/" + ("en/" if lang == "en" else "")
    recalled = numbered = 0
    for law in site.code.present():
        phone.goto(f"{root}lois/{law.number}/")
        seen = phone.evaluate("""async () => {
          const out = {};
          for (const el of document.querySelectorAll("article .cb-prov.cb-number, article .cb-prov.cb-subnumber, article .cb-prov.cb-letter, article .cb-prov.cb-roman")) {
            const changed = new Promise(r => addEventListener("hashchange", r, {once: true}));
            location.hash = el.id;
            await changed;
            const boxes = document.querySelectorAll(".cb-landing");
            const box = el.querySelector(":scope > .cb-landing");
            const lead = box && box.querySelector(".cb-landing__lead");
            const section = box && box.querySelector(".cb-landing__section");
            out[el.id] = [boxes.length, lead ? lead.textContent : null, section ? section.textContent : null];
          }
          return out;
        }""")
        for anchor, (boxes, lead, section) in seen.items():
            assert boxes <= 1, anchor  # the last landing's recall is gone
            if anchor in leads:
                assert lead is not None and _norm(lead).endswith(leads[anchor]), (anchor, lead, leads[anchor])
                recalled += 1
            else:  # no sentence to continue: at most the number of its paragraph, when the page shows it elsewhere
                assert lead is None or re.fullmatch(r"\d{1,2}\. …", lead), (anchor, lead)
                numbered += lead is not None
            assert section is None or not section.endswith("¶"), anchor
    assert recalled > 100 and numbered > 0
    # 45C4 has no words of its own: its "4." stands before (a), and (b) says it above itself
    phone.goto(f"{root}lois/45/#45C4b")
    assert phone.locator("[id='45C4b'] > .cb-landing .cb-landing__lead").inner_text() == "4. …"
    phone.goto(f"{root}lois/64/#64B7")
    box = phone.locator("[id='64B7'] > .cb-landing")
    expected = {"fr": ("B. Pas d’ajustement automatique de levée", "Il n’y a pas d’ajustement automatique"), "en": ("B. No automatic trick adjustment", "")}[lang]
    assert box.locator(".cb-landing__section").inner_text().startswith(expected[0])
    assert expected[1] in box.locator(".cb-landing__lead").inner_text()
    assert box.locator(".cb-landing__lead a[href='#64C']").count() == 1  # its reference still a link
    # followed from "Cité par", the recall shows below the header and the back-to-top button
    phone.locator("[id='64B7'] .cb-cited-by a", has_text="64C2(b)").click()
    phone.wait_for_url("**#64C2b")
    phone.wait_for_timeout(400)
    recall = phone.locator("[id='64C2b'] > .cb-landing").bounding_box()
    header = phone.locator(".md-header").bounding_box()
    assert header["y"] + header["height"] <= recall["y"] < 844
    top = phone.locator(".md-top")
    if top.count() and top.is_visible():
        button = top.bounding_box()
        assert button["y"] + button["height"] <= recall["y"], (button, recall)
