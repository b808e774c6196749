"""Publishing and sharing: the public address, link cards, language
alternates, the sitemap, the installable offline app, the offline zip.

The public address is ``site_url`` (mkdocs.yml, overridden by the environment
variable ``SITE_URL``); the English site lives under ``en/`` of it. Without
one the site builds as before and claims no absolute URL: no canonical, no
``og:url``, no sitemap.

    public_root        the public address of one language's site, or None
    card_png           a 1200×630 PNG card with a law's number and title
    engine_settings    what publishing sets in the engine's configuration
                       (the address; the root of the theme's hreflang links)
    finish             after both builds: sitemap, robots.txt, service workers
    offline_zip        site-offline/ as a reproducible zip in dist/
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import html
import io
import json
import os
from functools import lru_cache
from pathlib import Path

from . import labels
from .files import relative_files, write_whole
from .patterns import NOT_CACHED, ROOTED_ADDRESS, THEME_CONFIG
from .strings import t

CARD_SIZE = (1200, 630)
ICONS = ("assets/icons/icon-192.png", "assets/icons/icon-512.png")
MANIFEST = "manifest.webmanifest"
SERVICE_WORKER = "sw.js"

# Debian's fonts-dejavu-core (installed by the Makefile when missing).
FONT_DIRS = (Path("/usr/share/fonts/truetype/dejavu"),)
INDIGO = (63, 81, 181)  # Material's indigo, the site's primary colour
WHITE = (255, 255, 255)
INK = (33, 33, 33)  # a card's title
SUITS = (200, 205, 230)  # a card's suit symbols


# --------------------------------------------------------------------------
# Addresses


def public_root(site_url: str | None, lang: str) -> str | None:
    """The public address of one language's site (``…/`` for French,
    ``…/en/`` for English), or None when none is configured."""
    if not site_url:
        return None
    root = site_url if site_url.endswith("/") else site_url + "/"
    return root + labels.lang_root(lang)


# --------------------------------------------------------------------------
# Link cards (Open Graph images)


@lru_cache(maxsize=None)
def _font_file(bold: bool) -> Path:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    for folder in FONT_DIRS:
        if (folder / name).exists():
            return folder / name
    raise FileNotFoundError(f"{name} not found: install Debian's fonts-dejavu-core (make site does)")


@lru_cache(maxsize=None)
def _font(bold: bool, size: int):
    from PIL import ImageFont

    return ImageFont.truetype(str(_font_file(bold)), size)


def _wrap(draw, text: str, font, width: int, lines: int) -> list[str]:
    out: list[str] = []
    for word in text.split():
        if out and draw.textlength(out[-1] + " " + word, font=font) <= width:
            out[-1] += " " + word
        else:
            out.append(word)
    if len(out) > lines:
        out = out[:lines]
        while out[-1] and draw.textlength(out[-1] + " …", font=font) > width:
            out[-1] = out[-1].rsplit(" ", 1)[0] if " " in out[-1] else out[-1][:-1]
        out[-1] += " …"
    return out


def _fitted(draw, text: str, bold: bool, size: int, smallest: int, width: int):
    """The font of the largest size from ``size`` down to ``smallest`` in
    which ``text`` holds on one line of ``width`` pixels (else the
    smallest: ``_wrap`` then cuts the text)."""
    for points in range(size, smallest, -1):
        font = _font(bold, points)
        if draw.textlength(text, font=font) <= width:
            return font
    return _font(bold, smallest)


@functools.lru_cache(maxsize=None)
def _card_colours() -> tuple[tuple[int, int, int], ...]:
    """White, then the steps from white to each colour a card draws on it
    (its edges): 16 to the indigo and the ink, 4 to the pale suits. The
    steps stay far enough apart that white is never taken for a step."""
    colours = [WHITE]
    for colour, steps in ((INDIGO, 16), (INK, 16), (SUITS, 4)):
        for k in range(1, steps + 1):
            step = tuple(round(w + (c - w) * k / steps) for w, c in zip(WHITE, colour))
            if step not in colours:
                colours.append(step)
    return tuple(colours)


@functools.lru_cache(maxsize=None)
def _palette_bytes() -> bytes:
    """``_card_colours`` as a PNG's palette (and Pillow's): R, G, B of each."""
    return bytes(v for c in _card_colours() for v in c)


@functools.lru_cache(maxsize=None)
def _card_palette():
    """A palette image of ``_card_colours``."""
    from PIL import Image

    palette = Image.new("P", (1, 1))
    palette.putpalette(_palette_bytes())
    return palette


SUIT_SYMBOLS = "♠ ♥ ♦ ♣"


@functools.lru_cache(maxsize=None)
def _card_base(footer: str):
    """What the cards with this ``footer`` share: the indigo bands, the
    suits and the footer, in the colours of ``_card_palette``. Drawn once;
    each card paints its own text on a copy (no text of a card touches these)."""
    from PIL import Image, ImageDraw

    w, h = CARD_SIZE
    img = Image.new("RGB", CARD_SIZE, WHITE)
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, w, 24), fill=INDIGO)
    draw.rectangle((0, h - 110, w, h), fill=INDIGO)
    draw.text((w - 80, 70), SUIT_SYMBOLS, font=_font(True, 44), fill=SUITS, anchor="ra")
    font = _fitted(draw, footer, True, 36, 24, w - 160)  # "International Code of Duplicate Bridge 2017" is long
    draw.text((80, h - 55), _wrap(draw, footer, font, w - 160, 1)[0], font=font, fill=WHITE, anchor="lm")
    return img.quantize(palette=_card_palette(), dither=Image.Dither.NONE)


@functools.lru_cache(maxsize=None)
def _on_white(colour: tuple[int, int, int]) -> tuple[bytes, bytes]:
    """How text of ``colour`` drawn on white lands in ``_card_palette``:
    for each coverage of a pixel (0 to 255, what a font's anti-aliasing
    gives), the entry of the palette nearest to ``colour`` blended on white
    at that coverage; and the mask of the pixels the text covers at all.
    Both are tables for ``bytes.translate``."""
    colours = _card_colours()
    lut = []
    for a in range(256):
        blend = [w + (c - w) * a / 255 for w, c in zip(WHITE, colour)]
        lut.append(min(range(len(colours)), key=lambda i: sum((x - y) ** 2 for x, y in zip(colours[i], blend))))
    return bytes(lut), bytes([0] + [255] * 255)


def _paint(img, band, colour: tuple[int, int, int], top: int) -> tuple[int, int]:
    """Paint ``band`` (text drawn in white on black, each pixel its
    coverage) on the palette image ``img`` from its row ``top``, in
    ``colour``; only the box the text covers is mapped (a table lookup of
    its bytes, not Pillow's ``point``, which rebuilds its table in Python
    on every call). Returns the rows of ``img`` painted (first, past the last)."""
    from PIL import Image

    box = band.getbbox()
    if box is None:
        return (top, top)
    lut, covered = _on_white(colour)
    text = band.crop(box).tobytes()
    size = (box[2] - box[0], box[3] - box[1])
    img.paste(Image.frombytes("P", size, text.translate(lut)), (box[0], top + box[1]), Image.frombytes("L", size, text.translate(covered)))
    return (top + box[1], top + box[3])


# A card's PNG is written here rather than by Pillow, strip by strip of its
# rows: a strip no text touched is the card base's, whose compressed bytes
# are kept from the first card with that base (deflate's blocks, each strip
# flushed to a byte boundary on its own, follow one another in the stream).
# Most of a card is such strips: a card is encoded in a third of the time.
STRIP = 16  # rows
_ADLER = 65521


def _adler_combine(first: int, second: int, length: int) -> int:
    """The Adler-32 of two texts one after the other, from each one's
    (``second`` of ``length`` bytes): zlib's ``adler32_combine``."""
    rem = length % _ADLER
    a = (first & 0xFFFF) + (second & 0xFFFF) + _ADLER - 1
    b = (rem * (first & 0xFFFF)) % _ADLER + (first >> 16) + (second >> 16) + _ADLER - rem
    return (a % _ADLER) | ((b % _ADLER) << 16)


def _scanlines(img) -> bytes:
    """The rows of the palette image ``img`` as a PNG's scanlines, each
    after its filter byte (0: none): the image pasted one pixel to the
    right on a row of zeros, whose bytes are then the scanlines."""
    from PIL import Image

    w, h = img.size
    lines = Image.new("P", (w + 1, h), 0)
    lines.paste(img, (1, 0))
    return lines.tobytes()


def _strip(lines: bytes, width: int, first: int, last: int, level: int = 3) -> tuple[bytes, int, int]:
    """Rows ``first`` to ``last`` (excluded) of ``lines`` (``_scanlines``
    of an image ``width`` pixels wide), compressed to deflate blocks that
    end on a byte boundary: (the blocks, the rows' Adler-32, their length).
    zlib's ``level`` 3 takes half the time of its 6, for a card 4 KB larger."""
    import zlib

    rows = lines[first * (width + 1) : last * (width + 1)]
    packer = zlib.compressobj(level, zlib.DEFLATED, -15)
    return packer.compress(rows) + packer.flush(zlib.Z_SYNC_FLUSH), zlib.adler32(rows), len(rows)


@functools.lru_cache(maxsize=None)
def _base_strips(footer: str) -> tuple[tuple[bytes, int, int], ...]:
    """The strips of the card base with this ``footer`` (``_strip``),
    compressed once: at zlib's level 9."""
    base = _card_base(footer)
    w, h = base.size
    lines = _scanlines(base)
    return tuple(_strip(lines, w, r, min(r + STRIP, h), 9) for r in range(0, h, STRIP))


def _png(img, footer: str, painted: list[tuple[int, int]]) -> bytes:
    """The PNG of a card drawn on the base with ``footer``, where only the
    rows ``painted`` (ranges) differ from the base."""
    import struct
    import zlib

    w, h = img.size
    lines = _scanlines(img)
    kept = _base_strips(footer)
    blocks, adler = [], 1
    for i, r in enumerate(range(0, h, STRIP)):
        end = min(r + STRIP, h)
        touched = any(first < end and r < last for first, last in painted)
        data, strip_adler, length = _strip(lines, w, r, end) if touched else kept[i]
        blocks.append(data)
        adler = _adler_combine(adler, strip_adler, length)
    # zlib's header (deflate, a 32 KB window, the check bits), the blocks,
    # an empty last block, the Adler-32 of all the scanlines
    stream = b"\x78\x5e" + b"".join(blocks) + b"\x03\x00" + struct.pack(">I", adler)

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    return b"".join((
        b"\x89PNG\r\n\x1a\n",
        chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0)),  # 8 bits, a palette, no interlacing
        chunk(b"PLTE", _palette_bytes()),
        chunk(b"IDAT", stream),
        chunk(b"IEND", b""),
    ))


@functools.lru_cache(maxsize=None)
def card_png(heading: str, title: str, footer: str) -> bytes:
    """A 1200×630 card: ``heading`` ("Loi 64") large, ``title`` wrapped below,
    ``footer`` (the site) at the bottom. Same text, same bytes: no date or
    other metadata is written, so a card drawn once in this process is not
    drawn again (``make serve`` regenerates every page on each change; the
    PNG encoding was a third of that)."""
    from PIL import Image, ImageDraw

    w, h = CARD_SIZE
    img = _card_base(footer).copy()
    # Each text is drawn as a mask of its band of the card (white on black,
    # anti-aliased) and painted in the palette's steps of its colour: no
    # card is drawn in RGB and reduced to the palette (half a card's time).
    # The palette makes a card of about 14 KB instead of 29 KB in RGB.
    band = Image.new("L", (w, 200), 0)
    draw = ImageDraw.Draw(band)
    # the heading ends 60 pixels before the suits ("Code du bridge" is long)
    room = w - 80 - draw.textlength(SUIT_SYMBOLS, font=_font(True, 44)) - 60 - 80
    draw.text((80, 70), heading, font=_fitted(draw, heading, True, 96, 64, room), fill=255)
    painted = [_paint(img, band, INDIGO, 0)]
    band = Image.new("L", (w, h - 110 - 200), 0)  # from under the heading to the footer's band
    draw = ImageDraw.Draw(band)
    y = 10
    for line in _wrap(draw, title, _font(False, 54), w - 160, 4):
        draw.text((80, y), line, font=_font(False, 54), fill=255)
        y += 70
    painted.append(_paint(img, band, INK, 200))
    return _png(img, footer, painted)


@functools.lru_cache(maxsize=None)
def icon_png(size: int) -> bytes:
    """The app icon: the four suits on the site's indigo, a square PNG."""
    from PIL import Image, ImageDraw

    img = Image.new("RGB", (size, size), INDIGO)
    draw = ImageDraw.Draw(img)
    font = _font(True, size // 3)
    for (x, y), (suit, colour) in zip(
        ((0.3, 0.3), (0.7, 0.3), (0.3, 0.7), (0.7, 0.7)),
        (("♠", (255, 255, 255)), ("♥", (255, 140, 140)), ("♦", (255, 140, 140)), ("♣", (255, 255, 255))),
    ):
        draw.text((x * size, y * size), suit, font=font, fill=colour, anchor="mm")
    out = io.BytesIO()
    img.save(out, format="PNG", optimize=True)
    return out.getvalue()


def card_footer(lang: str) -> str:
    """The band at the bottom of a law's card: "Code du bridge · Code international du bridge 2017"."""
    return f"{t(lang, 'publish.card.brand')} · {t(lang, 'code')}"


# Drawn cards kept between builds (under the checkout's build/, which git
# ignores), each under the digest of what it shows and of the code and fonts
# that draw it: encoding 190 PNGs was the longest of our stages.
CARD_CACHE = Path("build") / "cache" / "cards"


@functools.lru_cache(maxsize=None)
def _drawing_digest() -> str:
    """What else decides a card's bytes: the drawing code, its colours,
    Pillow, the fonts."""
    import inspect

    import PIL

    h = hashlib.sha256(inspect.getsource(card_png).encode())
    for helper in (_card_base, _wrap, _fitted, _card_colours, _palette_bytes, _card_palette, _on_white, _paint, _adler_combine, _scanlines, _strip, _base_strips, _png):
        h.update(inspect.getsource(helper).encode())
    h.update(PIL.__version__.encode())
    h.update(repr((CARD_SIZE, INDIGO, WHITE, INK, SUITS, SUIT_SYMBOLS, STRIP)).encode())
    for bold in (False, True):
        h.update(_font_file(bold).read_bytes())
    return h.hexdigest()[:16]


def _kept(cache: Path | None, key: str) -> bytes | None:
    """The PNG kept in ``cache`` under ``key``, if it was drawn before."""
    try:
        return (cache / f"{key}.png").read_bytes() if cache is not None else None
    except OSError:
        return None


def _keep(cache: Path | None, key: str, data: bytes) -> bytes:
    """Keep the PNG ``data``, drawn now, in ``cache`` under ``key``."""
    if cache is not None:
        try:
            cache.mkdir(parents=True, exist_ok=True)
            write_whole(cache / f"{key}.png", data)
        except OSError:  # a read-only checkout: draw every time
            pass
    return data


def _card_key(heading: str, title: str, footer: str) -> str:
    """A card's name in the cache: the digest of its text and of what draws it."""
    return hashlib.sha256("\0".join((_drawing_digest(), heading, title, footer)).encode()).hexdigest()


def cached_card(cache: Path | None, heading: str, title: str, footer: str) -> bytes:
    """``card_png``, read from ``cache`` when it was drawn before."""
    key = _card_key(heading, title, footer)
    kept = _kept(cache, key)
    return kept if kept is not None else _keep(cache, key, card_png(heading, title, footer))


def card_texts(code, lang: str, titles: dict[str, str | None]) -> dict[str, tuple[str, str, str]]:
    """The text of every card of one language's site (heading, title,
    footer), by file: one per law, one for the site; ``titles``: each
    law's title in the site's language, by number (None: it has none)."""
    from .render import law_name

    footer = card_footer(lang)
    out = {labels.card_src("site"): (t(lang, "publish.card.brand"), t(lang, "publish.card.site"), t(lang, "code"))}
    for law in code.laws:
        out[labels.card_src(law.number)] = (law_name(law.number, lang), titles[law.number] or t(lang, "absent.title"), footer)
    return out


def cards(code, lang: str, titles: dict[str, str | None], cache: Path | None = None) -> dict[str, bytes]:
    """Every card of one language's site (``card_texts``); ``cache``, a
    folder of cards drawn by earlier builds."""
    return {name: cached_card(cache, *texts) for name, texts in card_texts(code, lang, titles).items()}


def prune_cards(cache: Path, used: set[str]) -> int:
    """Remove from ``cache`` the drawn cards and icons whose name is not in
    ``used`` (``cache_names`` of every site of the build): what a changed
    title or drawing code left behind, which would otherwise pile up with
    every edit (and in a CI cache restored from build to build). Returns
    how many were removed."""
    removed = 0
    try:
        entries = list(os.scandir(cache))
    except OSError:
        return 0
    for entry in entries:
        if entry.name.endswith(".png") and entry.name not in used:
            try:
                os.unlink(entry.path)
                removed += 1
            except OSError:
                pass
    return removed


# --------------------------------------------------------------------------
# The installable app


def manifest(lang: str) -> str:
    """The web app manifest of one language's site."""
    data = {
        "name": t(lang, "publish.app.name"),
        "short_name": t(lang, "publish.app.short_name"),
        "description": t(lang, "publish.card.site"),
        "lang": lang,
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#3f51b5",
        "icons": [
            {"src": ICONS[0], "sizes": "192x192", "type": "image/png", "purpose": "any maskable"},
            {"src": ICONS[1], "sizes": "512x512", "type": "image/png", "purpose": "any maskable"},
        ],
    }
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def _icon_keys() -> dict[str, tuple[str, int]]:
    """Each icon's name in the cache and its size, by file."""
    import inspect

    digest = hashlib.sha256(inspect.getsource(icon_png).encode() + _drawing_digest().encode()).hexdigest()[:16]
    return {name: (f"icon-{size}-{digest}", size) for name, size in zip(ICONS, (192, 512))}


def icons(cache: Path | None = None) -> dict[str, bytes]:
    """The app's icons, read from ``cache`` (the cards' folder) when they
    were drawn before."""
    out = {}
    for name, (key, size) in _icon_keys().items():
        kept = _kept(cache, key)
        out[name] = kept if kept is not None else _keep(cache, key, icon_png(size))
    return out


def cache_names(code, lang: str, titles: dict[str, str | None]) -> set[str]:
    """The files of the cards' cache one language's site reads: its cards
    and the icons."""
    keys = [_card_key(*texts) for texts in card_texts(code, lang, titles).values()]
    return {f"{key}.png" for key in keys + [key for key, _ in _icon_keys().values()]}


_SW_TEMPLATE = """/* Code du bridge: service worker ({lang}), written by codebridge.publish.
 * After the first visit the whole site below this folder is kept on the
 * device; pages then open with no network. A new build changes VERSION, so
 * the next visit with a network refreshes the copy. */
"use strict";
var VERSION = {version};
var FILES = {files};
var CACHE = "codebridge-{lang}-" + VERSION;
/* the folder of the other language's site, below this one's (the English site
 * under the French): its own worker's, or the network's, never kept by this
 * one (offline, a page of it not kept opens as this site's same page) */
var OTHER = {other};
var OFFLINE_OTHER = {offline_other};

self.addEventListener("install", function (event) {{
  event.waitUntil(caches.open(CACHE).then(function (cache) {{
    return cache.addAll(FILES.map(function (f) {{ return new Request(f, {{ cache: "reload" }}); }}));
  }}).then(function () {{ return self.skipWaiting(); }}));
}});

self.addEventListener("activate", function (event) {{
  event.waitUntil(caches.keys().then(function (keys) {{
    return Promise.all(keys.filter(function (k) {{
      return k.indexOf("codebridge-{lang}-") === 0 && k !== CACHE;
    }}).map(function (k) {{ return caches.delete(k); }}));
  }}).then(function () {{ return self.clients.claim(); }}));
}});

self.addEventListener("fetch", function (event) {{
  var request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== location.origin) return;
  if (OTHER && request.url.indexOf(self.registration.scope + OTHER) === 0) {{
    /* a page of the other site, whose worker is not installed yet, opened
     * offline: this site's same page, which says why (publish.js), rather
     * than the browser's error */
    if (request.mode === "navigate") event.respondWith(fetch(request).catch(function () {{
      var rest = request.url.slice((self.registration.scope + OTHER).length), hash = rest.indexOf("#") < 0 ? "" : rest.slice(rest.indexOf("#"));
      var here = self.registration.scope + rest.split("#")[0].split("?")[0];
      return caches.open(CACHE).then(function (cache) {{ return cache.match(here); }}).then(function (page) {{
        return page ? Response.redirect(here + "?" + OFFLINE_OTHER + hash, 302) : Response.error();
      }});
    }}));
    return;
  }}
  event.respondWith(caches.open(CACHE).then(function (cache) {{
    return cache.match(request, {{ ignoreSearch: request.mode === "navigate" }}).then(function (hit) {{
      if (hit) return hit;
      var same = request.mode === "navigate" ? samePage(request.url) : null;
      return (same ? cache.match(same.url) : Promise.resolve(null)).then(function (page) {{
        if (page) return same.redirect ? Response.redirect(same.url + same.hash, 301) : page;
        return fetch(request).catch(function () {{
          /* offline and not kept: a short link (the 404 page sends it on) or an unknown page */
          return cache.match("404.html").then(function (page) {{ return page || Response.error(); }});
        }});
      }});
    }});
  }}));
}});

/* A page typed as the host would also take it, kept under its folder's
 * address: "lois/64" is sent on to "lois/64/" (a redirect, as the host's:
 * the page's links are relative to its folder), "lois/64/index.html" is
 * that folder's page. Anything else: null. */
function samePage(url) {{
  var u = new URL(url), hash = u.hash, last = u.pathname.slice(u.pathname.lastIndexOf("/") + 1);
  u.hash = "";
  u.search = "";
  if (last === "index.html") {{
    u.pathname = u.pathname.slice(0, -last.length);
    return {{ url: u.href, hash: hash, redirect: false }};
  }}
  if (last && last.indexOf(".") < 0) {{  /* a folder's name: no file has a name without a dot here */
    u.pathname += "/";
    return {{ url: u.href, hash: hash, redirect: true }};
  }}
  return null;
}}
"""


def service_worker(site_dir: Path, lang: str, listed: list[str] | None = None) -> str:
    """The service worker of one language's site: the list of its files (as
    the host serves them: ``lois/64/`` for ``lois/64/index.html``) and a
    version made from their content (``listed``: ``site_files``, if listed already)."""
    files, digest = [], hashlib.sha256()
    for rel in site_files(site_dir, lang) if listed is None else listed:
        if NOT_CACHED.search(rel):
            continue
        digest.update(rel.encode() + b"\0" + (site_dir / rel).read_bytes())
        files.append("./" + (rel[: -len("index.html")] if rel.endswith("index.html") else rel))
    # the English site's folder, which site_files leaves out of the French one's
    other = labels.site_url_of(labels.HOME_SRC, "en") if lang == "fr" else ""
    return _SW_TEMPLATE.format(lang=lang, version=json.dumps(digest.hexdigest()[:16]), files=json.dumps(files, indent=0), other=json.dumps(other),
                               offline_other=json.dumps(labels.OFFLINE_OTHER))


# --------------------------------------------------------------------------
# After both builds


def site_files(site_dir: Path, lang: str) -> list[str]:
    """Every file of one language's built site, as a path relative to it,
    in the order of the paths' parts; the French site's leaves out en/."""
    return relative_files(site_dir, leave_out="en" if lang == "fr" else None)  # en/: the English site


def pages_of(site_dir: Path, lang: str, listed: list[str] | None = None) -> list[str]:
    """Every page of one language's site, as its URL path (``lois/64/``):
    the ``index.html`` files, short links (redirects) excepted
    (``listed``: ``site_files``, if listed already)."""
    return [
        rel[: -len("index.html")]
        for rel in (site_files(site_dir, lang) if listed is None else listed)
        if (rel == "index.html" or rel.endswith("/index.html")) and not rel.startswith(labels.SHORT_LINKS)
    ]


def sitemap(root_fr: str, fr_pages: list[str], en_pages: list[str]) -> str:
    """``sitemap.xml``: every page of both languages, each with its hreflang
    alternates."""
    both = set(fr_pages) & set(en_pages)
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ]
    for prefix, pages in ((labels.lang_root("fr"), fr_pages), (labels.lang_root("en"), en_pages)):
        for page in pages:
            lines.append(f"  <url><loc>{html.escape(root_fr + prefix + page)}</loc>")
            if page in both:
                for lang in ("fr", "en"):
                    lines.append(
                        f'    <xhtml:link rel="alternate" hreflang="{lang}" href="{html.escape(root_fr + labels.lang_root(lang) + page)}"/>'
                    )
            lines.append("  </url>")
    lines.append("</urlset>")
    return "\n".join(lines) + "\n"


def finish(site_dir: Path, site_url: str | None, offline: bool, listed: dict[str, list[str]] | None = None) -> None:
    """What needs both built sites: the sitemap of both languages (or none
    without a public address), robots.txt, and each language's service worker;
    in the copy opened from ``file://``, no 404 pages.
    ``listed``: each language's ``site_files``, if listed already (this
    function adds none that they list)."""
    listed = listed or {}
    root_fr = public_root(site_url, "fr")
    for stale in (site_dir / "sitemap.xml", site_dir / "sitemap.xml.gz", site_dir / "en" / "sitemap.xml", site_dir / "en" / "sitemap.xml.gz"):
        stale.unlink(missing_ok=True)  # MkDocs' own: one language each, empty without site_url
    if root_fr and not offline:
        xml = sitemap(root_fr, pages_of(site_dir, "fr", listed.get("fr")), pages_of(site_dir / "en", "en", listed.get("en")))
        (site_dir / "sitemap.xml").write_text(xml, encoding="utf-8")
        (site_dir / "sitemap.xml.gz").write_bytes(gzip.compress(xml.encode(), mtime=0))
        (site_dir / "robots.txt").write_text(f"User-agent: *\nAllow: /\nSitemap: {root_fr}sitemap.xml\n", encoding="utf-8")
    if not offline and not public_root(site_url, "en"):
        rebase(site_dir / "en" / "404.html", "/" + labels.site_url_of(labels.HOME_SRC, "en"))
    if offline:  # nothing opens a 404 page from file://, and the engine's English one names the host's root
        for page in (site_dir / "404.html", site_dir / "en" / "404.html"):
            page.unlink(missing_ok=True)
    else:  # file:// has no service workers
        (site_dir / "en" / SERVICE_WORKER).write_text(service_worker(site_dir / "en", "en", listed.get("en")), encoding="utf-8")
        (site_dir / SERVICE_WORKER).write_text(service_worker(site_dir, "fr", listed.get("fr")), encoding="utf-8")


def rebase(page: Path, root: str) -> None:
    """The engine's 404 ``page`` of a site under ``root`` ("/en/"), whose
    addresses it wrote from the host's root (it names the pages of a site
    without a public address from "/"): each is taken from ``root`` instead,
    so that the English 404 leads to English pages, with the English site's
    styles and scripts, which its service worker keeps ("/lois/40/" →
    "/en/lois/40/", the French one "/../" → "/")."""
    from urllib.parse import urljoin

    text = page.read_text(encoding="utf-8")
    text = ROOTED_ADDRESS.sub(lambda m: m["lead"] + html.escape(urljoin(root, html.unescape(m["path"])[1:]), quote=True), text)

    def config(m) -> str:
        settings = json.loads(m["json"])
        for key in ("base", "search"):
            if isinstance(settings.get(key), str) and settings[key].startswith("/"):
                settings[key] = urljoin(root, settings[key][1:])
        return m["lead"] + json.dumps(settings).replace("</", "<\\/")

    page.write_text(THEME_CONFIG.sub(config, text, count=1), encoding="utf-8")


def offline_zip(site_dir: Path, out: Path) -> Path:
    """``site_dir`` as a zip whose bytes depend only on the files: sorted
    names, a fixed date, fixed permissions."""
    import zipfile  # only here: a build without --zip does without it

    out.parent.mkdir(parents=True, exist_ok=True)
    top = site_dir.name
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for path in sorted(p for p in site_dir.rglob("*") if p.is_file()):
            info = zipfile.ZipInfo(f"{top}/{path.relative_to(site_dir).as_posix()}", date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, path.read_bytes(), compresslevel=9)
    return out


def engine_settings(config, lang: str, offline: bool, site_url: str | None) -> None:
    """What publishing sets in one language's engine configuration (a
    mapping): its public address (``site_url``, English under ``en/``; the
    offline copy keeps it only for "Copy link" and claims no canonical URL
    of its own) and the palette toggles' names from content/strings/."""
    public = public_root(site_url, lang)
    config["site_url"] = None if offline else public
    config.setdefault("extra", {})["cb_public"] = public or ""
    # the theme's hreflang links name this page in each language: from the
    # French site's address, else (offline too) relative to the page
    config["extra"]["cb_alternate_root"] = ("" if offline else public_root(site_url, "fr")) or ""
    palette = config["theme"].get("palette")
    if isinstance(palette, list):
        for entry, key in zip(palette, ("auto", "light", "dark")):
            if "toggle" in entry:
                entry["toggle"]["name"] = t(lang, f"publish.palette.{key}")


CHROMIUM = "/usr/bin/chromium"


def pdf(site_dir: Path, out_dir: Path) -> list[Path]:
    """The edition of both languages printed by Chromium (``page.pdf``), the
    page's print stylesheet applied: ``dist/code-du-bridge.pdf`` and
    ``dist/code-du-bridge-en.pdf``."""
    from playwright.sync_api import sync_playwright

    from .edition import PDF_NAME

    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"])
        page = browser.new_page()
        for lang, folder in (("fr", site_dir), ("en", site_dir / "en")):
            page.goto((folder / labels.page_url(labels.EDITION_SRC, directory_urls=False)).as_uri())
            page.emulate_media(media="print")
            target = out_dir / PDF_NAME[lang]
            page.pdf(path=str(target), format="A4", print_background=False, outline=True, tagged=True,
                     margin={"top": "1.5cm", "bottom": "1.5cm", "left": "1.5cm", "right": "1.5cm"})
            written.append(target)
        browser.close()
    return written
