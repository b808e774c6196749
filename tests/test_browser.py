"""What a director sees on a phone, in Chromium (390 px wide)."""

import pytest

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
    phone.wait_for_function("location.hash === '#note-41-10'")
    note = phone.locator("[id='note-41-10']")
    assert "Le premier tour de jouer du déclarant" in note.inner_text()
    box = note.bounding_box()
    assert box is not None and 0 <= box["y"] < 844
