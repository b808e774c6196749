"""Publishing, checked on the built HTML: the public address on every page and
short link, cards, sitemap, hreflang, folder pages, 404, edition, offline app."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from codebridge import collect, goto, labels, patterns, publish
from codebridge.autolink import autolink_spans

from .conftest import PUBLIC_PREFIX, ROOT


def _soup(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def _meta(soup, prop):
    tag = soup.find("meta", property=prop) or soup.find("meta", attrs={"name": prop})
    return tag["content"] if tag else None


def _pages(site: Path):
    """(language, path, file) of every page: directory URLs, short links and 404 apart."""
    for lang, root in (("fr", site), ("en", site / "en")):
        for file in sorted(root.rglob("index.html")):
            rel = file.relative_to(root).as_posix()
            if (lang == "fr" and rel.startswith("en/")) or rel.startswith("r/"):
                continue
            yield lang, rel[: -len("index.html")], file


@pytest.fixture(scope="module")
def public(public_site, public_port):
    return f"http://127.0.0.1:{public_port}{PUBLIC_PREFIX}"


def test_every_page_has_its_public_address_and_card(public_site, public):
    count = 0
    for lang, path, file in _pages(public_site):
        soup = _soup(file)
        root = public + ("en/" if lang == "en" else "")
        url = root + path
        assert soup.find("link", rel="canonical")["href"] == url, file
        assert _meta(soup, "og:url") == url, file
        assert _meta(soup, "og:title") and _meta(soup, "og:description"), file
        assert _meta(soup, "twitter:card") == "summary_large_image"
        image = _meta(soup, "og:image")
        assert image.startswith(root + "assets/cards/"), file
        card = (public_site / ("en" if lang == "en" else "") / image[len(root):])
        assert card.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", image
        alternates = {l["hreflang"]: l["href"] for l in soup.find_all("link", rel="alternate") if l.get("hreflang")}
        assert alternates == {"fr": public + path, "en": public + "en/" + path}, file
        count += 1
    assert count > 2 * 150  # laws, parallel views and the other pages, in both languages


def test_a_law_page_has_its_own_card(public_site, public):
    from PIL import Image

    soup = _soup(public_site / "lois" / "64" / "index.html")
    assert _meta(soup, "og:image") == public + "assets/cards/64.png"
    with Image.open(public_site / "assets" / "cards" / "64.png") as img:
        assert img.size == (1200, 630) and img.format == "PNG"
        rgb = img.convert("RGB")  # a palette image: the site's colours survive it
        assert rgb.getpixel((10, 10)) == publish.INDIGO and rgb.getpixel((10, 300)) == publish.WHITE
    assert _meta(_soup(public_site / "en" / "lois" / "64" / "index.html"), "og:image") == public + "en/assets/cards/64.png"
    assert _meta(_soup(public_site / "a-propos" / "index.html"), "og:image") == public + "assets/cards/site.png"
    assert (public_site / "assets" / "cards" / "64.png").read_bytes() != (public_site / "assets" / "cards" / "50.png").read_bytes()


def _card_rgb(heading: str, title: str, footer: str):
    """A card as drawn, in RGB."""
    import io

    from PIL import Image

    with Image.open(io.BytesIO(publish.card_png(heading, title, footer))) as img:
        return img.convert("RGB")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_card_keeps_its_text_inside_its_margins(lang):
    """The longest footer ("International Code of Duplicate Bridge 2017")
    and a long title stop short of the right margin: its last 60 pixels
    are the band's indigo and the page's white."""
    from codebridge.render import law_name

    title = "Procédure après la consommation d'une renonce, et tout ce qui s'ensuit pour les deux camps " * 3
    rgb = _card_rgb(law_name("64", lang), title, publish.card_footer(lang))
    w, h = publish.CARD_SIZE
    margin = {rgb.getpixel((x, y)) for x in range(w - 60, w) for y in range(0, h)}
    assert margin == {publish.INDIGO, publish.WHITE}


def test_a_card_is_a_valid_png_whose_text_strips_differ_from_the_base():
    """A card's PNG is written strip by strip (``publish._png``): every
    chunk's CRC holds, zlib reads the image data whole (its Adler-32
    checked), and the scanlines are the picture Pillow decodes, each after
    filter byte 0. Strips no text touches are the base's: a card with
    another title has the same pixels outside its text."""
    import io
    import struct
    import zlib

    from PIL import Image

    data = publish.card_png("Loi 64", "Procédure après la consommation d'une renonce", publish.card_footer("fr"))
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, chunks = 8, {}
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        assert struct.unpack(">I", data[at + 8 + length : at + 12 + length])[0] == zlib.crc32(kind + body), kind
        chunks[kind] = body
        at += 12 + length
    assert list(chunks) == [b"IHDR", b"PLTE", b"IDAT", b"IEND"] and at == len(data)
    w, h = publish.CARD_SIZE
    lines = zlib.decompress(chunks[b"IDAT"])  # raises if the Adler-32 is wrong
    with Image.open(io.BytesIO(data)) as img:
        pixels = img.tobytes()
        assert img.size == (w, h) and img.mode == "P"
    assert lines == b"".join(b"\0" + pixels[r * w : (r + 1) * w] for r in range(h))
    other = publish.card_png("Loi 64", "Un autre titre, plus court", publish.card_footer("fr"))
    with Image.open(io.BytesIO(other)) as img:
        theirs = img.tobytes()
    differing = {r for r in range(h) if pixels[r * w : (r + 1) * w] != theirs[r * w : (r + 1) * w]}
    assert differing and min(differing) >= 200 and max(differing) < h - 110  # the title's band only
    with Image.open(io.BytesIO(publish.card_png("Loi 65", "Un autre titre, plus court", publish.card_footer("fr")))) as img:
        third = img.tobytes()
    differing = {r for r in range(h) if third[r * w : (r + 1) * w] != theirs[r * w : (r + 1) * w]}
    assert differing and min(differing) >= 24 and max(differing) < 200  # the heading's only


def test_a_long_heading_stops_before_the_suits():
    """The site's card says "Code du bridge" as its heading: it shrinks to
    leave white between it and the suits in the top right corner."""
    from PIL import ImageDraw

    rgb = _card_rgb("Code du bridge", "Un titre", publish.card_footer("fr"))
    w, _ = publish.CARD_SIZE
    suits = ImageDraw.Draw(rgb).textlength("♠ ♥ ♦ ♣", font=publish._font(True, 44))
    left = int(w - 80 - suits)
    gap = {rgb.getpixel((x, y)) for x in range(left - 40, left) for y in range(40, 190)}
    assert gap == {publish.WHITE}


def test_cards_are_reproducible(public_site, code):
    """The same text gives the same bytes: the build's card is redrawn identically."""
    from codebridge.render import law_name

    again = publish.card_png(law_name("64", "fr"), code.law("64").title, publish.card_footer("fr"))
    assert again == (public_site / "assets" / "cards" / "64.png").read_bytes()


def test_cards_and_icons_are_kept_between_builds(tmp_path, code):
    """A card or an icon drawn once is read back from the cache folder,
    the same bytes; a file there under its key is what is read back."""
    cache = tmp_path / "cards"
    first = publish.cards(code, "fr", {law.number: law.title for law in code.laws}, cache) | publish.icons(cache)
    kept = sorted(p.name for p in cache.iterdir())
    assert len(kept) == len(first) and not any(name.endswith(".tmp") for name in kept)
    assert publish.cards(code, "fr", {law.number: law.title for law in code.laws}, cache) | publish.icons(cache) == first
    icon = next(p for p in cache.iterdir() if p.name.startswith("icon-512-"))
    icon.write_bytes(b"kept")
    assert publish.icons(cache)[publish.ICONS[1]] == b"kept"
    assert publish.icons(None)[publish.ICONS[1]] == first[publish.ICONS[1]]


def test_cards_no_site_uses_are_pruned_from_the_cache(tmp_path, code):
    """A changed title leaves its old card in the cache: pruning with what
    the sites use removes it, and only it (other files stay)."""
    cache = tmp_path / "cards"
    titles = {law.number: law.title for law in code.laws}
    publish.cards(code, "fr", titles, cache)
    publish.icons(cache)
    assert {p.name for p in cache.iterdir()} == publish.cache_names(code, "fr", titles)
    before = publish.cache_names(code, "fr", titles)
    titles["64"] = "Un autre titre"
    publish.cards(code, "fr", titles, cache)
    (cache / "notes.txt").write_text("not a card", encoding="utf-8")
    used = publish.cache_names(code, "fr", titles)
    assert len(used - before) == len(before - used) == 1
    assert publish.prune_cards(cache, used) == 1
    assert {p.name for p in cache.iterdir()} == used | {"notes.txt"}
    assert publish.prune_cards(tmp_path / "none", used) == 0


def test_a_build_keeps_the_cards_its_sites_use_and_no_other(site, sites, root, tmp_path, monkeypatch, capsys):
    """A build prunes the cards' cache to what its two sites read: a card
    left by an older title goes (the engine is stopped: the pruning is
    done before it runs)."""
    from codebridge import engine
    from codebridge.cli import main

    cache = root / publish.CARD_CACHE
    stale = cache / ("0" * 64 + ".png")
    stale.write_bytes(b"an older title's card")
    monkeypatch.setattr(engine.Runs, "start", lambda self, config: None)
    monkeypatch.setattr(engine.Runs, "finish", lambda self, config: [config])
    assert main(["build", "--site-dir", str(tmp_path / "out")]) == 2
    assert "mkdocs build failed" in capsys.readouterr().err
    used = set().union(*(publish.cache_names(s.code, lang, s.law_titles) for lang, s in sites.items()))
    assert {p.name for p in cache.iterdir() if p.name.endswith(".png")} == used


def test_the_linking_snippets_name_the_site(public_site, public, site):
    """outils/: the script tag and the command to copy name the public
    address when the site has one; without one, a placeholder says what to put."""
    for root, prefix in ((public_site, ""), (public_site / "en", "en/")):
        code = " ".join(c.get_text() for c in _soup(root / "outils" / "index.html").select("article pre code"))
        assert f'<script src="{public}{prefix}assets/javascripts/autolink.js"' in code
        assert f'data-base="{public}{prefix}"' in code and f"--base {public}{prefix} " in code
        assert not _soup(root / "outils" / "index.html").select("[data-cb-site-placeholder]")
    page = _soup(site / "outils" / "index.html")
    code = " ".join(c.get_text() for c in page.select("article pre code"))
    assert '<script src="https://ADRESSE-DU-SITE/assets/javascripts/autolink.js"' in code
    # which the page served writes as its own address (test_browser)
    assert len(page.select("[data-cb-site-placeholder] pre code")) == 2


def test_short_links_are_absolute(public_site, public):
    soup = _soup(public_site / "r" / "64B7" / "index.html")
    assert soup.find("link", rel="canonical")["href"] == public + "lois/64/#64B7"
    # a link preview reads the short link's own title and text (Open Graph readers follow og:url)
    assert _meta(soup, "og:url") == public + "r/64B7/"
    assert _meta(soup, "og:image") == public + "assets/cards/64.png"
    assert _meta(soup, "twitter:card") == "summary_large_image"
    # the lead-in first: the item alone says nothing
    assert _meta(soup, "og:description").startswith(
        "Il n’y a pas d’ajustement automatique de levée … quand les deux camps ont fait une renonce"
    )
    en = _soup(public_site / "en" / "r" / "64B7" / "index.html")
    assert en.find("link", rel="canonical")["href"] == public + "en/lois/64/#64B7"
    assert _meta(en, "og:url") == public + "en/r/64B7/"
    # a case's short link: absolute too, with the card its page has
    case = _soup(public_site / "r" / "ex-renonce-donne-suivante" / "index.html")
    assert case.find("link", rel="canonical")["href"] == public + "exemples/renonce-donne-suivante/"
    assert _meta(case, "og:url") == public + "r/ex-renonce-donne-suivante/"
    assert _meta(case, "og:image") == public + "assets/cards/site.png"


def test_sitemap_lists_every_page_of_both_languages(public_site, public):
    xml = (public_site / "sitemap.xml").read_text(encoding="utf-8")
    locs = re.findall(r"<loc>([^<]+)</loc>", xml)
    expected = [public + ("en/" if lang == "en" else "") + path for lang, path, _ in _pages(public_site)]
    assert sorted(locs) == sorted(expected)
    assert f'hreflang="en" href="{public}en/lois/64/"' in xml
    assert not (public_site / "en" / "sitemap.xml").exists()  # one sitemap for both
    assert f"Sitemap: {public}sitemap.xml" in (public_site / "robots.txt").read_text(encoding="utf-8")


def test_without_site_url_no_absolute_address_is_claimed(site):
    soup = _soup(site / "lois" / "64" / "index.html")
    assert soup.find("link", rel="canonical") is None
    assert _meta(soup, "og:url") is None
    assert not _meta(soup, "og:image").startswith("http")
    assert not (site / "sitemap.xml").exists()
    short = _soup(site / "r" / "64B7" / "index.html")
    assert short.find("link", rel="canonical")["href"] == "../../lois/64/#64B7"
    # hreflang: the same page in the other language, relative to the page
    from urllib.parse import urljoin

    for here, file in (("http://host/lois/64/", soup), ("http://host/en/lois/64/", _soup(site / "en" / "lois" / "64" / "index.html"))):
        alternates = {l["hreflang"]: urljoin(here, l["href"]) for l in file.find_all("link", rel="alternate") if l.get("hreflang")}
        assert alternates == {"fr": "http://host/lois/64/", "en": "http://host/en/lois/64/"}


@pytest.mark.parametrize("lang", ["", "en/"])
@pytest.mark.parametrize("folder", ["lois", "commentaires", "bilingue", "r", "edition"])
def test_every_folder_has_a_page(site, lang, folder):
    file = site / lang / folder / "index.html"
    soup = _soup(file)
    links = soup.select("article a[href]")
    assert soup.select_one("article h1") and len(links) >= 1, file


def test_folder_pages_list_their_pages(site):
    laws = _soup(site / "lois" / "index.html")
    hrefs = [a["href"] for a in laws.select("article a[href]")]
    assert "64/" in hrefs and "annexe/" in hrefs and "12/" in hrefs
    short = _soup(site / "r" / "index.html")
    assert "64/" in [a["href"] for a in short.select("article a[href]")]
    assert _soup(site / "en" / "bilingue" / "index.html").select_one("h1").get_text(strip=True).startswith("Parallel view")


def test_404_is_localized_and_its_links_hold_under_a_sub_path(public_site):
    fr = _soup(public_site / "404.html")
    assert fr.html["lang"] == "fr"
    assert "Page introuvable" in fr.select_one("article h1").get_text()
    assert fr.select_one("form.cb-home-search input[name=q]") and fr.select_one("form[data-cb-goto] input")
    en = _soup(public_site / "en" / "404.html")
    assert en.html["lang"] == "en" and "Page not found" in en.select_one("article h1").get_text()
    for soup, prefix in ((fr, PUBLIC_PREFIX), (en, PUBLIC_PREFIX + "en/")):
        for tag, attr in (("link", "href"), ("script", "src"), ("a", "href")):
            for el in soup.find_all(tag):
                value = el.get(attr)
                if value and not value.startswith(("http", "#", "data:", "mailto:")):
                    assert value.startswith(PUBLIC_PREFIX), (tag, value)
        assert soup.select_one("form.cb-home-search")["action"] == prefix


def test_the_edition_is_in_every_menu(site):
    """The single document, to read at one go or print, is a menu entry of
    every page, in both languages, not only a link of the home page."""
    for rel, name, target in (("lois/64/index.html", "Le code en un seul document", "../../edition/"),
                              ("en/lois/64/index.html", "The code in one document", "../../edition/"),
                              ("glossaire/index.html", "Le code en un seul document", "../edition/")):
        menu = {a.get_text(" ", strip=True): a["href"] for a in _soup(site / rel).select("nav.md-nav--primary a.md-nav__link[href]")}
        assert menu.get(name) == target, (rel, menu)


def test_edition_is_one_document_with_contents(site, code):
    soup = _soup(site / "edition" / "index.html")
    toc = [a["href"] for a in soup.select(".cb-edition-toc a")]
    assert toc == ["#" + labels.anchor(law.label) for law in code.present()]
    for law in code.present():
        assert soup.find(id=labels.anchor(law.label)), law.number
    assert soup.find(id="64B7") and soup.find(id="note-41-10")
    assert not soup.select("article .cb-tools, article .cb-cited-by, article .cb-see-also")
    # the tables a source lost are printed too, as restored on the law pages; the calculators are not
    law77 = _soup(site / "lois" / "77" / "index.html")
    captions = [c.get_text() for c in soup.select("article .cb-restored caption")]
    assert captions and captions == [c.get_text() for c in law77.select("article .cb-restored caption")] + [
        c.get_text() for c in _soup(site / "lois" / "78" / "index.html").select("article .cb-restored caption")
    ]
    assert not soup.select("article form")
    # a reference to another law stays inside the document
    assert any(a["href"] == "#64B7" for a in soup.select("article a.ref"))
    en = _soup(site / "en" / "edition" / "index.html")
    assert en.select_one("h1").get_text(strip=True).startswith("The code in one document")


def test_manifest_and_service_worker(public_site):
    for root in (public_site, public_site / "en"):
        data = json.loads((root / "manifest.webmanifest").read_text(encoding="utf-8"))
        assert data["start_url"] == "./" and data["display"] == "standalone"
        for icon in data["icons"]:
            assert (root / icon["src"]).read_bytes()[:4] == b"\x89PNG"
        sw = (root / "sw.js").read_text(encoding="utf-8")
        assert '"./lois/64/"' in sw and '"./"' in sw
        files = json.loads(re.search(r"var FILES = (\[.*?\]);", sw, re.S)[1])
        # the provisions' short links are not kept (the kept 404 page places them), the cases' are
        assert not [f for f in files if (f.startswith("./r/") and not f.startswith("./r/ex-")) or f.endswith(".map") or f.startswith("./data/")]
        assert len([f for f in files if f.startswith("./r/ex-")]) == len(list((root / "r").glob("ex-*/index.html"))) > 50
        if root == public_site:
            assert not [f for f in files if f.startswith("./en/")]  # each language its own


def test_offline_zip_is_reproducible(offline_site, tmp_path):
    a = publish.offline_zip(offline_site, tmp_path / "a.zip").read_bytes()
    b = publish.offline_zip(offline_site, tmp_path / "b.zip").read_bytes()
    assert a == b
    import zipfile

    names = zipfile.ZipFile(tmp_path / "a.zip").namelist()
    assert f"{offline_site.name}/index.html" in names and f"{offline_site.name}/lois/64.html" in names


def _lands(site: Path, url: str) -> bool:
    """``url`` (from the site's root) names a file of ``site`` that has its anchor."""
    path, _, fragment = url.partition("#")
    file = site / path / "index.html" if path.endswith("/") or not path else site / path
    if not file.is_file():
        return False
    return not fragment or _soup(file).find(id=fragment) is not None


@pytest.mark.parametrize("lang_root", ["", "en/"])
def test_the_offline_copy_links_citations_to_its_own_pages(offline_site, lang_root):
    """From file://, a folder opens no page: the auto-linker's table and
    ``data/citations.json`` of the copy name its ``.html`` pages, and the
    copy has no 404 page (nothing opens one from a disk; the engine's
    English one named the host's root)."""
    root = offline_site / lang_root
    table = json.loads((root / "data" / "citations.json").read_text(encoding="utf-8"))
    js = (root / "assets" / "javascripts" / "autolink.js").read_text(encoding="utf-8")
    assert json.loads(re.search(r"var CITATIONS = (\{.*?\});", js, re.S)[1]) == table
    assert table["64B7"] == "lois/64.html#64B7" and table["12C1(c)"] == "lois/12.html#12C1c"
    sample = list(table.items())[::7]
    assert len(sample) > 60 and [c for c, url in sample if not _lands(root, url)] == []
    assert not (root / "404.html").exists()


def test_the_auto_linker_of_a_copy_with_a_public_address_leads_there(monkeypatch, tmp_path):
    """An offline copy built with a public address: the links its box makes
    for a newsletter lead to the public site, whose pages are folders; its
    own data keeps the copy's pages."""
    from codebridge import build

    monkeypatch.setenv("SITE_URL", "https://example.org/code/")
    fr = build.sites(ROOT, offline=True)["fr"]
    js = fr.base_pages["assets/javascripts/autolink.js"]
    assert 'var PUBLIC = "https://example.org/code/"' in js
    assert json.loads(re.search(r"var CITATIONS = (\{.*?\});", js, re.S)[1])["64B7"] == "lois/64/#64B7"
    assert json.loads(fr.base_pages["data/citations.json"])["64B7"] == "lois/64.html#64B7"


def test_note_numbers_stay_out_of_titles_and_snippets(site, sites):
    docs = {d.key: d for d in sites["fr"].search.docs}
    assert docs["86B2"].heading == "Plusieurs résultats obtenus à une ou plusieurs tables"
    assert "(27)" not in docs["86B2"].title
    for doc in sites["fr"].search.docs:
        if doc.kind != "note":
            assert not re.search(r"\(\d{1,2}\)\s*$", doc.heading or ""), doc.key
    for file in (site / "lois").rglob("index.html"):
        for li in _soup(file).select(".cb-see-also + ul li"):
            assert not re.search(r"\(\d{1,2}\)", li.get_text()), (file, li.get_text())


# Citations typed in "go to law n°": what the page does, as goto.resolve says.
GOTO = [
    ("64", "lois/64/"),
    ("64B7", "lois/64/#64B7"),
    ("loi 64 b 7", "lois/64/#64B7"),  # loosely spaced, as search reads it
    ("Loi 64, B7", "lois/64/#64B7"),
    ("45C4(b)", "lois/45/#45C4b"),
    ("40B2(a)(v)", "lois/40/#40B2a-v"),
    ("71.1", "lois/71/#71-1"),
    ("Law 12C1", "lois/12/"),  # a law the sources lack: its page
    ("64B9", "lois/64/#64B"),  # no such paragraph: the nearest provision above
    ("annexe 2", "lois/annexe/#annexe-2"),
    ("n'importe quoi", None),
    ("99", None),
    ("100", None),  # no law 100: not Law 10
    ("loi 644", None),
    ("40B2a3", "lois/40/#40B2a"),
    # no such number: the provision above, whole parts dropped, never another provision
    # that begins like it (64B10 is not 64B1, nor 40B2(a)(vi) 40B2(a)(v))
    ("64B10", "lois/64/#64B"), ("93B10", "lois/93/#93B"), ("85A20", "lois/85/#85A"),
    ("40B2(a)(vi)", "lois/40/#40B2a"), ("Annexe 2.9", "lois/annexe/#annexe-2"),
    # the word joined to the number as an address writes it (r/loi-64b7/)
    ("loi-64b7", "lois/64/#64B7"), ("Law_45C4b", "lois/45/#45C4b"),
    # as the commentary of Law 61 writes them
    ("Loi 64_&B3", "lois/64/#64B3"), ("loi 57&A", "lois/57/#57A"),
]


@pytest.mark.parametrize("text,url", GOTO)
def test_goto_resolves_citations(code, text, url):
    assert goto.resolve(goto.keys(code), text) == url


@pytest.mark.parametrize("text,asked", [
    ("64B9", "64b9"), ("loi 45 c 4 z", "45c4z"), ("Law 12C1", "12c1"), ("annexe 9", "annexe9"),  # led to the nearest provision above
    ("40B2a3", "40b2a3"), ("40B2(a)(viii)", "40b2aviii"),  # 40B2(a) has no (viii): led to it, and told so
    ("64B10", "64b10"), ("40B2(a)(vi)", "40b2avi"),
    ("64B7", None), ("64", None), ("Loi 45C4(b)", None), ("99", None), ("n'importe quoi", None),  # found as typed, or nowhere
    ("100", None), ("loi 644", None), ("715", None),  # no law has that number (not Law 10, nor 64, nor 71), as search reads it
    ("64B7 renonce", None), ("40 B 2 a iii bbbbbbbbbbbbbbbbbbb", None),  # words after a citation: not a provision's number
])
def test_goto_says_which_citation_no_provision_bears(code, text, asked):
    """The page it leads to then says so (publish.js, ``?absent=``), the
    key written as a citation from its parts (``patterns.TYPED_KEY``)."""
    assert goto.missing(goto.keys(code), text) == asked
    assert asked is None or patterns.TYPED_KEY.match(asked)


def test_goto_leads_to_the_cited_provisions_of_absent_laws(code):
    """Their anchors stand on their law's page (Loi 12C1(c), cited by 86B1)."""
    table = goto.keys(code, placeholders=collect.placeholders(code, collect.references(code)))
    assert goto.resolve(table, "12C1(c)") == goto.resolve(table, "loi 12 c 1 c") == "lois/12/#12C1c"
    assert goto.resolve(table, "12C1") == "lois/12/"  # not cited: the law's page


# The auto-linker reads what search reads (both grammars from patterns.py).
AUTOLINK = [
    ("voir Law 64B7 ici", [("Law 64B7", "lois/64/#64B7")]),  # English
    # « article », « art. », as other codes say
    ("voir les articles 40 à 42", [("articles 40", "lois/40/"), ("42", "lois/42/")]),
    ("selon art. 45C4(b), on", [("art. 45C4(b)", "lois/45/#45C4b")]), ("Article 64B7 says", [("Article 64B7", "lois/64/#64B7")]),
    ("la Loi 64, B7 s’applique", [("Loi 64, B7", "lois/64/#64B7")]),  # as a director types it
    ("selon l’annexe 2, on", [("annexe 2", "lois/annexe/#annexe-2")]),  # the article stays outside
    ("Annexe 1.2 dit", [("Annexe 1.2", "lois/annexe/#annexe-1-2")]),
    ("L’Annexe précise", [("Annexe", "lois/annexe/")]),
    ("Lois 64, 65 et 66", [("Lois 64", "lois/64/"), ("65", "lois/65/"), ("66", "lois/66/")]),  # a list still
    ("an annex to the rules", []),  # a common noun in passing
    ("annexe 9", []),  # no such item
    ("Loi 64, B9", []),  # no such provision
    ("voir Loi 12C1 ici", [("Loi 12C1", "lois/12/")]),  # a law the sources lack: its page (no text there yet)
    ("voir Loi 12C1(c) ici", [("Loi 12C1(c)", "lois/12/#12C1c")]),  # cited by Loi 86: its anchor stands on the page already
    ("Loi 07 et Loi 99", []),  # no such law: plain text
    ("see Laws 47E and 54.", [("Laws 47E", "lois/47/#47E"), ("54", "lois/54/")]),  # an English list
    ("Law 53 or Law 56", [("Law 53", "lois/53/"), ("Law 56", "lois/56/")]),
    ("Laws 61 to 64", [("Laws 61", "lois/61/"), ("64", "lois/64/")]),  # a range: both ends
    ("voir Loi 45C4b ici", [("Loi 45C4b", "lois/45/#45C4b")]),  # as the anchor and the short link write it
    ("voir loi 64b7 ici", [("loi 64b7", "lois/64/#64B7")]),  # in small letters, as typed
    ("la Loi n° 64 et la Loi n°64B7", [("Loi n° 64", "lois/64/"), ("Loi n°64B7", "lois/64/#64B7")]),
    ("Lois 45C4b et 64b7", [("Lois 45C4b", "lois/45/#45C4b"), ("64b7", "lois/64/#64B7")]),
    ("Loi 64b ici, Loi 45C4z", []),  # a letter glued to a law; no such sub-paragraph
    # spaced, as a newsletter may write it (and "go to law" reads it)
    ("la Loi 64 B 7 s’applique", [("Loi 64 B 7", "lois/64/#64B7")]),
    ("voir Loi 45 C 4 b ici", [("Loi 45 C 4 b", "lois/45/#45C4b")]),
    ("Law 45 C 4 (b) says", [("Law 45 C 4 (b)", "lois/45/#45C4b")]),
    ("la Loi 64 B 7 a été appliquée", [("Loi 64 B 7", "lois/64/#64B7")]),  # « a », the verb: no sub-paragraph (a)
    ("Law 64 B rules it", [("Law 64 B", "lois/64/#64B")]),
    ("la Loi 64 a été", [("Loi 64", "lois/64/")]),  # a section is a capital
    ("Loi 64 B 9 ici", []),  # no such provision: plain text, not Law 64 alone
    # spaced here and not there, as people mix them
    ("Loi 64 B7, Loi 64B 7", [("Loi 64 B7", "lois/64/#64B7"), ("Loi 64B 7", "lois/64/#64B7")]),
    ("Loi 45C4 (b), Loi 45 C4(b), Law 45C 4(b)", [("Loi 45C4 (b)", "lois/45/#45C4b"), ("Loi 45 C4(b)", "lois/45/#45C4b"), ("Law 45C 4(b)", "lois/45/#45C4b")]),
    ("la Loi 64B 7 a été appliquée", [("Loi 64B 7", "lois/64/#64B7")]),
    ("Loi 64B 9 ici", []),
    ("Loi 40B2(a)(v) tight", [("Loi 40B2(a)(v)", "lois/40/#40B2a-v")]),  # written tight: the grammar's, with its roman numeral
    # the next sections of the same law
    ("loi 64B1 et B2", [("loi 64B1", "lois/64/#64B1"), ("B2", "lois/64/#64B2")]),
    ("Law 62B and C", [("Law 62B", "lois/62/#62B"), ("C", "lois/62/#62C")]),
    ("Loi 64B2, B9 et C", [("Loi 64B2", "lois/64/#64B2"), ("C", "lois/64/#64C")]),  # B9: no such provision, text
    # a paragraph of a law without sections, as « texte » copies it: not Law 71 and Law 2
    ("voir Loi 71.2 ici", [("Loi 71.2", "lois/71/#71-2")]),
    ("Loi 71.1 et 71.2", [("Loi 71.1", "lois/71/#71-1"), ("71.2", "lois/71/#71-2")]),
    ("la Loi 71.1 et la Loi 71.2.", [("Loi 71.1", "lois/71/#71-1"), ("Loi 71.2", "lois/71/#71-2")]),
    ("Law 71.1 and 71.2", [("Law 71.1", "lois/71/#71-1"), ("71.2", "lois/71/#71-2")]),
    ("Loi 64.1 ici", []),  # Law 64 has sections: no such paragraph, not Law 64 and Law 1
    ("lois 26.27.30", [("lois 26", "lois/26/"), ("27", "lois/27/"), ("30", "lois/30/")]),  # after "lois", the dot lists laws
    # after "Loi" in the singular and a paragraph, a bare number is the next paragraph, not a law
    ("voir Loi 64B7 et 8", [("Loi 64B7", "lois/64/#64B7"), ("8", "lois/64/#64B8")]),
    ("Loi 64B2, 3 ou 4", [("Loi 64B2", "lois/64/#64B2"), ("3", "lois/64/#64B3"), ("4", "lois/64/#64B4")]),
    ("Law 64B7 and 8", [("Law 64B7", "lois/64/#64B7"), ("8", "lois/64/#64B8")]),
    ("Lois 47E et 54", [("Lois 47E", "lois/47/#47E"), ("54", "lois/54/")]),  # the plural lists laws
    ("Loi 64B et 65", [("Loi 64B", "lois/64/#64B"), ("65", "lois/65/")]),  # after a section, a law
    # after "Loi" in the singular, a bare number ending the list with a word after it counts something
    ("Selon la Loi 64, 2 levées sont transférées", [("Loi 64", "lois/64/")]),
    ("la Loi 45 à 3 reprises", [("Loi 45", "lois/45/")]),
    ("Voir la Loi 64B7 ou 5 levées plus tard", [("Loi 64B7", "lois/64/#64B7")]),
    ("Under Law 64, 2 tricks are transferred", [("Law 64", "lois/64/")]),
    ("Loi 64 et 3♠ contrés", [("Loi 64", "lois/64/")]),
    ("Loi 64, 65 et 3 SA", [("Loi 64", "lois/64/"), ("65", "lois/65/")]),  # the list up to the count
    ("Lois 50 et 51 continuent", [("Lois 50", "lois/50/"), ("51", "lois/51/")]),  # the plural lists laws
    ("(Loi 61 à 64)", [("Loi 61", "lois/61/"), ("64", "lois/64/")]),  # as the commentary writes a range
    # a range with a dash, between two numbers only
    ("Lois 61-64 et 66", [("Lois 61", "lois/61/"), ("64", "lois/64/"), ("66", "lois/66/")]),
    ("Lois 61 – 64.", [("Lois 61", "lois/61/"), ("64", "lois/64/")]),
    ("Loi 64B7-8", [("Loi 64B7", "lois/64/#64B7"), ("8", "lois/64/#64B8")]),
    ("loi 64-B-7", [("loi 64-B", "lois/64/#64B")]),
    # spaced with its roman numeral, a no-break space as word processors put one, « no » for « n° »
    ("Loi 40 B2 (a) (v) ici", [("Loi 40 B2 (a) (v)", "lois/40/#40B2a-v")]),
    ("Loi 64\u00a0B7 ici", [("Loi 64\u00a0B7", "lois/64/#64B7")]),
    ("la loi no 64 et la Law No. 62", [("loi no 64", "lois/64/"), ("Law No. 62", "lois/62/")]),
    ("la Loi nous dit", []),
]


@pytest.mark.parametrize("text,expected", AUTOLINK)
def test_autolinker_grammar(code, text, expected):
    assert [(text[a:b], url) for a, b, url in autolink_spans(text, code, "")] == expected


def test_law_pages_describe_themselves_in_words(site, code):
    """A law page's description (search engines, link previews) is its first
    sentence of text: no note call "(12)", not a table's heading in capitals,
    a list's lead-in kept with its first item."""
    for lang_root in ("", "en/"):
        for law in code.present():
            soup = _soup(site / lang_root / labels.law_path(law.number) / "index.html")
            text = soup.select_one('meta[name="description"]')["content"]
            assert text and not text.isupper() and not re.search(r"\(\d{1,2}\)|\*", text), (lang_root, law.number, text)
            assert soup.select_one('meta[property="og:description"]')["content"] == text
    text = _soup(site / "lois/64/index.html").select_one('meta[name="description"]')["content"]
    assert text.startswith("Quand une renonce est consommée") and "si le joueur fautif" in text


def test_the_404_pages_have_a_title_of_their_own(site):
    assert _soup(site / "404.html").title.string == "Page introuvable - Code du bridge"
    assert _soup(site / "en" / "404.html").title.string == "Page not found - Code du bridge"


def test_a_marker_stands_where_it_is_printed(site):
    """50D2(a) opens with a list: its "(a)" stands above the list, as in the
    source, not before the sentence after it. A provision with no text of its
    own (45C4) has its tools above its first sub-provision, not after its last."""
    soup = _soup(site / "lois/50/index.html")
    first = soup.find(id="50D2a").find(["p", "ul"])
    assert first.name == "p" and first.get_text(strip=True) == "(a)"
    after = first.find_next_sibling()  # the dashed list (code.css draws its "-")
    assert "cb-dashed" in after["class"] and after.find("ul").find("li").get_text().startswith("exiger")
    children = [c for c in _soup(site / "lois/45/index.html").find(id="45C4").children if getattr(c, "name", None)]
    assert "cb-meta" in children[0]["class"] and children[1]["id"] == "45C4a"


def test_a_citation_in_a_note_is_cited_by_that_note(site):
    """50D2 is cited by Law 50's note (14): its "Cité par" leads to the note,
    not to the top of the page."""
    links = {a.get_text(): a["href"] for a in _soup(site / "lois/50/index.html").select('[id="50D2"] > .cb-meta a.cb-citer')}
    assert links == {"50 · Note FFB (14)": "#note-50-14"}
    assert _soup(site / "lois/50/index.html").find(id="note-50-14")
