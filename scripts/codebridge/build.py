"""The engine-neutral build: complete docs folders first, then the engine.

``codebridge build`` parses the sources once, then for each language writes

    build/docs/<lang>/       every page as Markdown with its front matter, the
                             static assets of content/pages/, the data files
    build/mkdocs.<lang>.yml  a standalone engine configuration: mkdocs.yml (and
                             mkdocs.en.yml for English) with the nav and the
                             folders filled in, and no hook

and the engine runs on each configuration (``engine``: both languages side
by side, the French run started as soon as its folder is written). Any
engine that reads mkdocs.yml and a docs folder can build
``build/docs/<lang>``: MkDocs does, and so does Zensical, which runs no
MkDocs plugins or hooks.

The offline copy (``.html`` URLs) differs in its generated pages (search
result URLs, short links), so it has its own folders under ``build/offline/``.
Only files whose bytes changed are written, so an engine watching the folder
(``make serve``) rebuilds what a change touches. A build whose inputs are
those of the last build, whose docs folders are as it left them
(``Prepared``), writes nothing and runs the engine at once.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import yaml

from . import labels
from .patterns import (
    CSS_ATTRIBUTE_SELECTOR,
    CSS_CLASS,
    CSS_STRING_OR_COMMENT,
    CSS_NESTING_AT_RULE,
    HTML_CLASS_ATTR,
    JS_WORD,
    SOURCE_MAP_COMMENT,
    THEME_STRING_KEY,
)
from . import strings
from .strings import LANGS
from .files import relative_files, write_whole
from .inputs import load_yaml

STATIC = Path("content/pages")
CONFIGS = {"fr": "mkdocs.yml", "en": "mkdocs.en.yml"}
WATCHED = ("content",)  # what `codebridge serve` watches to regenerate the docs


def build_dir(root: Path, offline: bool = False) -> Path:
    return root / "build" / ("offline" if offline else "")


def docs_dir(root: Path, lang: str, offline: bool = False) -> Path:
    return build_dir(root, offline) / "docs" / lang


def config_path(root: Path, lang: str, offline: bool = False) -> Path:
    return build_dir(root, offline) / f"mkdocs.{lang}.yml"


# --------------------------------------------------------------------------
# The shared model: parsed once, kept while the sources do not change


@dataclass
class _Cached:
    stamp: tuple
    sites: dict


_cache: dict[tuple[Path, bool, str | None], _Cached] = {}


def _stamp(root: Path) -> tuple:
    """What the generated pages depend on: every content file's size and mtime."""
    out = []
    for folder in WATCHED:
        for path in sorted((root / folder).rglob("*")):
            if path.is_file():
                st = path.stat()
                out.append((str(path), st.st_size, st.st_mtime_ns))
    return tuple(out)


def sites(root: Path, offline: bool = False) -> dict:
    """The French and English ``Site`` of the project, sharing one parse of
    the sources and one reading of the translation. Kept between calls while
    no content file changes (``make serve``); after a change, the interface
    strings are read again with the rest (the project's: ``strings.read_from``)."""
    from .site import Site

    root = root.resolve()
    strings.read_from(root)
    public = site_url(root, "fr")  # the pages carry it (short links, cards, auto-linker)
    key = (root, offline, public)
    stamp = _stamp(root)
    cached = _cache.get(key)
    if cached is None or cached.stamp != stamp:
        from . import searchcache

        # what the process keeps of the files beside the sources: read again too
        strings.table.cache_clear()
        searchcache.forget()
        before = cached.sites if cached is not None else {}
        fr = Site.load(root, "fr", directory_urls=not offline)
        fr.public_url = public
        fr.see_also_before = _see_also(before, "fr")

        def english() -> Site:
            en = Site(root, "en", fr.code, fr.english, not offline, fr.english, fr.parsed, public_url=site_url(root, "en"), twin=fr)
            en.see_also_before = _see_also(before, "en")
            return en

        _cache[key] = cached = _Cached(stamp, _Sites(fr=fr, en=english))
    return cached.sites


class _Sites(dict):
    """The two sites, each made when first asked for (``make serve`` of the
    French site never needs the English one)."""

    def __getitem__(self, lang):
        value = super().__getitem__(lang)
        if callable(value):
            value = value()
            self[lang] = value
        return value

    def items(self):
        return [(lang, self[lang]) for lang in self]

    def values(self):
        return [self[lang] for lang in self]


def _see_also(sites: dict, lang: str) -> dict | None:
    """A site's "Voir aussi", if it was made (not asked for: nothing is built for it)."""
    site = dict.get(sites, lang) if isinstance(sites, dict) else None
    if site is None or callable(site) or "law_layers" not in site.__dict__:
        return None
    return site.law_layers.see_also


# --------------------------------------------------------------------------
# Docs folders


def _sync(folder: Path, files: dict[str, bytes], prune: bool = True) -> int:
    """Make ``folder`` hold exactly ``files``; write only what changed; with
    ``prune`` false, remove nothing.
    Returns how many files were written or removed."""
    changed = 0
    top = os.fspath(folder)
    made: set[str] = set()  # the folders made or found: each asked for once
    # paths as text and files opened directly: as path objects, with a
    # test and a folder made before each file, a build spent three times
    # as long finding that nothing had changed
    for rel, data in files.items():
        path = os.path.join(top, rel)
        try:
            with open(path, "rb") as f:
                if f.read() == data:
                    continue
        except FileNotFoundError:
            parent = os.path.dirname(path)
            if parent not in made:
                os.makedirs(parent, exist_ok=True)
                made.add(parent)
        with open(path, "wb") as f:
            f.write(data)
        changed += 1
    if folder.is_dir() and prune:
        for here, _, names in os.walk(folder, topdown=False):  # a folder after what it holds
            base = Path(here).relative_to(folder).as_posix()
            for name in names:
                if (name if base == "." else f"{base}/{name}") not in files:
                    os.unlink(os.path.join(here, name))
                    changed += 1
            if base != "." and not os.listdir(here):
                os.rmdir(here)
    return changed


def static_files(root: Path) -> dict[str, bytes]:
    """The hand-written files of the docs folder (CSS, JavaScript, images);
    the scripts and style sheets without their comments and indentation
    (``lean_script``, ``lean_style``)."""
    base = root / STATIC
    out = {}
    for p in sorted(base.rglob("*")):
        if p.is_file():
            rel = p.relative_to(base).as_posix()
            if rel.endswith(".js"):
                out[rel] = lean_script(p.read_text(encoding="utf-8")).encode("utf-8")
            elif rel.endswith(".css"):
                out[rel] = lean_style(p.read_text(encoding="utf-8")).encode("utf-8")
            else:
                out[rel] = p.read_bytes()
    return out


def lean_style(css: str) -> str:
    """A style sheet as the site serves it: its comments, blank lines and
    indentation left out; quoted strings kept as they are (``content: "/*"``)."""
    text = CSS_STRING_OR_COMMENT.sub(lambda m: m["string"] or "", css)
    return "\n".join(line.strip() for line in text.split("\n") if line.strip()) + "\n"


def lean_script(js: str) -> str:
    """A script as the site serves it: the lines that are comments alone
    (``/* … */`` over one or more lines, ``// …``), the blank lines and the
    indentation left out; nothing else changes, comments after code
    included. Our scripts have no template literals, so that no line can
    begin inside a string; a phone loads a quarter fewer bytes of them."""
    out, inside = [], False
    for line in js.split("\n"):
        text = line.strip()
        if inside:
            if "*/" in text:
                inside = False
                text = text.split("*/", 1)[1].strip()
                if text:
                    out.append(text)
            continue
        if text.startswith("/*"):
            if "*/" not in text:
                inside = True
                continue
            text = text.split("*/", 1)[1].strip()
        if text and not text.startswith("//"):
            out.append(text)
    return "\n".join(out) + "\n"


def _encoded(pages: dict) -> dict[str, bytes]:
    return {src: content.encode("utf-8") if isinstance(content, str) else content for src, content in pages.items()}


def write_docs(root: Path, lang: str, offline: bool = False) -> tuple[Path, list, int]:
    """Write one language's docs folder; returns the folder, the nav and the
    number of files that changed."""
    site = sites(root, offline)[lang]
    files = static_files(root)
    files.update(_encoded(site.pages()))
    folder = docs_dir(root, lang, offline)
    changed = _sync(folder, files)
    return folder, site.nav(), changed


def write_first(root: Path, lang: str) -> tuple[Path, list, int]:
    """After an edit (``make serve``): the law pages alone, at once
    (``Site.first_pages``), the other files left as they are until
    ``write_docs`` follows."""
    site = sites(root)[lang]
    folder = docs_dir(root, lang)
    return folder, site.nav(), _sync(folder, {**static_files(root), **_encoded(site.first_pages())}, prune=False)


# --------------------------------------------------------------------------
# Assets only some pages load

# Stylesheets a page loads only when it uses one of the classes they style.
PAGE_STYLESHEETS = (
    "assets/stylesheets/commentary.css",
    "assets/stylesheets/examples.css",
    "assets/stylesheets/scoring.css",
    "assets/stylesheets/situations.css",
    "assets/stylesheets/tools.css",
)
# Scripts a page loads only when its HTML carries one of their markers: the
# calculators of Laws 77 and 78, the revoke helper of Law 64 (their forms;
# each with the rules and what the two share), the "paste your text" box of outils/.
PAGE_SCRIPTS = (
    (("assets/javascripts/scoring-data.js", "assets/javascripts/calc.js", "assets/javascripts/scoring.js"), ('data-calc="',)),
    (("assets/javascripts/scoring-data.js", "assets/javascripts/calc.js", "assets/javascripts/revoke.js"), ("data-revoke",)),
    (("assets/javascripts/paste.js",), ("data-cb-autolink-box",)),
)
OWN_CLASS_PREFIX = "cb-"  # the classes the project's own stylesheets key their rules on


def page_assets(root: Path) -> list[dict]:
    """The groups of assets that only some pages need, for the theme's
    template (``extra.cb_page_assets``): each group's files (``css``, ``js``)
    and the markers of a page that needs them (for a stylesheet, the
    project's classes its selectors name: a page carrying none of them
    has no element it styles)."""
    out = []
    for rel in PAGE_STYLESHEETS:
        css = (root / STATIC / rel).read_text(encoding="utf-8")
        names = {m["name"] for m in CSS_CLASS.finditer(css) if m["name"].startswith(OWN_CLASS_PREFIX)}
        # a class as a whole word of a class attribute: followed by a space or the closing quote
        # ("cb-examples" is not "cb-examples-title")
        markers = [name + end for name in sorted(names) for end in ('"', " ", "'")]
        out.append({"css": [rel], "js": [], "markers": markers})
    for files, markers in PAGE_SCRIPTS:
        out.append({"css": [], "js": list(files), "markers": list(markers)})
    return out


# --------------------------------------------------------------------------
# Engine configuration


def _merge(base: dict, override: dict) -> dict:
    """Deep merge of mappings, as MkDocs' INHERIT does (lists are replaced)."""
    out = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def base_config(root: Path, lang: str) -> dict:
    """The project's configuration of one language: mkdocs.yml, with
    mkdocs.en.yml's settings for English."""
    config = load_yaml((root / CONFIGS["fr"]).read_text(encoding="utf-8"))
    if lang != "fr":
        override = load_yaml((root / CONFIGS[lang]).read_text(encoding="utf-8"))
        override.pop("INHERIT", None)
        config = _merge(config, override)
    return config


def site_url(root: Path, lang: str) -> str | None:
    """The public address of one language's site: ``SITE_URL`` when set,
    else mkdocs.yml's ``site_url``; English lives under ``en/``."""
    url = os.environ.get("SITE_URL") or load_yaml((root / CONFIGS["fr"]).read_text(encoding="utf-8")).get("site_url")
    if not url:
        return None
    url = url if url.endswith("/") else url + "/"
    return url + labels.lang_root(lang)


def theme_strings(theme: Path, lang: str) -> dict[str, str]:
    """The interface strings the templates of the ``theme`` folder read
    (``extra.strings``): those their text names (the engine reads its whole
    configuration on every rebuild, and the whole table was two thirds of it)."""
    named = {m["key"] for path in sorted(theme.rglob("*.html")) for m in THEME_STRING_KEY.finditer(path.read_text(encoding="utf-8"))}
    return {key: text for key, text in strings.table(lang).items() if key in named}


def theme_extra(root: Path, lang: str, theme: Path, offline: bool = False) -> dict:
    """What the theme's templates read in ``extra``, in either engine run
    (``engine_config``, ``mkdocs_hook``)."""
    return {
        "strings": theme_strings(theme, lang),
        "cb_page_assets": page_assets(root),
        # the page scripts' text (theme.js: CodeBridge.text), printed in every page
        "cb_script_text": {k[len("script."):]: v for k, v in strings.table(lang).items() if k.startswith("script.")}
        # a French page opened offline in place of the English one says why in English too (publish.js)
        | ({"offline_other_asked": strings.table(LANGS[1])["script.offline_other"]} if lang == LANGS[0] else {}),
        # what the page scripts build links and citation keys with (theme.js: CodeBridge.labels), from labels
        "cb_labels": {"short": labels.SHORT_LINKS, "annex": labels.ANNEX, "laws": labels.LAWS, "offline_other": labels.OFFLINE_OTHER, "asked": labels.ASKED,
                      "other_lang": strings.other_language(lang)},
        # the pages the templates link to (search's help, the link card), from labels
        "cb_pages": {
            "index": labels.page_url(labels.ALPHABETICAL_INDEX_SRC, not offline),
            "glossary": labels.page_url(labels.GLOSSARY_SRC, not offline),
            "situations": labels.page_url(labels.SITUATIONS_SRC, not offline),
            "card": labels.card_src("site"),
        },
    }


def engine_config(root: Path, lang: str, nav: list, site_dir: Path, offline: bool = False, name: str | None = None, **settings) -> Path:
    """Write the standalone configuration of one language and return its
    path (``name`` for another file beside it; ``settings`` override)."""
    config = base_config(root, lang)
    here = config_path(root, lang, offline)
    if name:
        here = here.with_name(name)
    rel = lambda p: os.path.relpath(p, here.parent)  # noqa: E731
    config.pop("hooks", None)
    config.pop("watch", None)
    config["docs_dir"] = rel(docs_dir(root, lang, offline))
    config["site_dir"] = rel(site_dir)
    config["use_directory_urls"] = not offline
    config["nav"] = nav
    from . import publish

    publish.engine_settings(config, lang, offline, site_url(root, "fr"))
    config.setdefault("extra", {}).update(theme_extra(root, lang, root / config.get("theme", {}).get("custom_dir", "site_overrides"), offline))
    config.update(settings)
    if "custom_dir" in config.get("theme", {}):
        config["theme"]["custom_dir"] = rel(root / config["theme"]["custom_dir"])
    text = "# Generated by `codebridge build` from mkdocs.yml: edit that file, not this one.\n"
    # libyaml's dumper: YAML that reads back the same, in a quarter of the time
    text += yaml.dump(config, Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper), allow_unicode=True, sort_keys=False, width=120)
    here.parent.mkdir(parents=True, exist_ok=True)
    if not here.is_file() or here.read_text(encoding="utf-8") != text:
        here.write_text(text, encoding="utf-8")
    return here


def prepare(root: Path, site_dir: Path, lang: str, offline: bool = False) -> None:
    """Write one language's docs folder and engine configuration (where
    ``configs`` names it; the English builds into ``site_dir/en``)."""
    _, nav, _ = write_docs(root, lang, offline)
    engine_config(root, lang, nav, site_dir if lang == "fr" else site_dir / "en", offline)


# --------------------------------------------------------------------------
# Nothing changed since the last build: its docs folders kept as they are

RECORD = "prepared.json"  # beside the docs folders: what the last build wrote, and from what
PACKAGE = Path(__file__).resolve().parent


def _library_versions() -> list[str]:
    """The installed distributions and their versions (Pillow draws the
    cards, Whoosh stems the search index, Markdown renders the previews…),
    read from their metadata folders' names."""
    names = []
    for folder in sys.path:
        if folder.endswith(("site-packages", "dist-packages")) and os.path.isdir(folder):
            names += [n for n in os.listdir(folder) if n.endswith((".dist-info", ".egg-info"))]
    return sorted(names)


def inputs_digest(root: Path, site_dir: Path, offline: bool = False) -> str:
    """The digest of everything the docs folders and the engine's
    configurations are made of: the content files, the theme overrides, the
    configurations, the interface strings and page templates (read from the
    package's own checkout), this package's code, the fonts
    that draw the cards, the libraries' and Python's versions, the public
    address (``SITE_URL``) and where the site is written."""
    from .publish import _font_file

    # the root as given names the configurations' folders, resolved their inputs
    given, root = os.path.abspath(root), root.resolve()
    h = hashlib.sha256()
    h.update(repr((given, str(root), str(site_dir), offline, os.environ.get("SITE_URL"), sys.version, unicodedata.unidata_version)).encode())
    h.update("\0".join(_library_versions()).encode())
    files = {root / name for name in CONFIGS.values()}
    folders = {root / "content", root / "site_overrides", strings.STRINGS_DIR, strings.TEMPLATES_DIR}
    for lang in LANGS:  # the theme's overrides, wherever the configuration puts them
        try:
            folders.add(root / base_config(root, lang).get("theme", {}).get("custom_dir", "site_overrides"))
        except (OSError, yaml.YAMLError, AttributeError, TypeError):
            pass  # the build that follows says what is wrong
    for folder in sorted(folders):
        files.update(p for p in folder.rglob("*") if p.is_file())
    files.update(PACKAGE.glob("*.py"))
    for bold in (False, True):
        try:
            files.add(_font_file(bold))
        except FileNotFoundError:  # the full build says it
            h.update(b"no font")
    for path in sorted(files):
        try:
            data = path.read_bytes()
        except OSError:
            data = b"\0missing"
        h.update(str(path).encode() + b"\0" + hashlib.sha256(data).digest())
    return h.hexdigest()


def _outputs(root: Path, offline: bool) -> dict[str, list[int]]:
    """The docs folders' and configurations' files as they are: size and
    modification time of each, by path under the build's folder."""
    base = build_dir(root, offline)
    names = [config_path(root, lang, offline).name for lang in LANGS]
    for lang in LANGS:
        names += [f"docs/{lang}/{rel}" for rel in relative_files(docs_dir(root, lang, offline))]
    out = {}
    for name in names:
        try:
            st = os.stat(os.path.join(base, name))
        except OSError:
            continue
        out[name] = [st.st_size, st.st_mtime_ns]
    return out


@dataclass(frozen=True)
class Prepared:
    """What a build wrote before the engine ran, kept in ``RECORD``: the
    digest of its inputs, its report, the cards its sites read and its
    files. A build whose inputs have the same digest, and whose docs
    folders are still what that build left, has nothing to write again."""

    digest: str
    report: list[str]
    cards: list[str]
    outputs: dict[str, list[int]]

    @classmethod
    def kept(cls, root: Path, digest: str, offline: bool = False) -> "Prepared | None":
        """The last build's record, if its inputs had ``digest`` and its
        files are untouched since; else None."""
        try:
            data = json.loads((build_dir(root, offline) / RECORD).read_text(encoding="utf-8"))
            kept = cls(data["digest"], list(data["report"]), list(data["cards"]), dict(data["outputs"]))
        except (OSError, ValueError, KeyError, TypeError):
            return None
        if kept.digest != digest or kept.outputs != _outputs(root, offline):
            return None
        return kept

    @classmethod
    def keep(cls, root: Path, digest: str, report: list[str], cards: set[str], offline: bool = False) -> None:
        """Record what this build wrote (after ``prepare``); a read-only
        tree keeps no record."""
        done = cls(digest, list(report), sorted(cards), _outputs(root, offline))
        path = build_dir(root, offline) / RECORD
        try:
            write_whole(path, json.dumps(done.__dict__, ensure_ascii=False).encode("utf-8"))
        except OSError:
            pass

    @staticmethod
    def drop(root: Path, offline: bool = False) -> None:
        """Remove the record, as a build that writes its docs folders does
        first: stopped half-way, it leaves none."""
        try:
            (build_dir(root, offline) / RECORD).unlink(missing_ok=True)
        except OSError:
            pass


def forget() -> None:
    """Drop what this process kept of earlier builds, so that a build that
    writes its docs folders reads every input as it is now (``sites``
    then reads the model, the strings and the code's digest again)."""
    _cache.clear()


def configs(root: Path, offline: bool = False) -> dict[str, Path]:
    """Each language's engine configuration, where ``prepare`` writes it."""
    return {lang: config_path(root, lang, offline) for lang in LANGS}


# Files the theme copies that no page of ours loads: Material's script
# (theme.js does what this site needs of it, in a tenth of the bytes), its
# own search (lunr and its worker: our search replaces it) and the source maps.
UNUSED_THEME_FILES = ("assets/javascripts/bundle.*.min.js", "assets/javascripts/lunr", "assets/javascripts/workers", "assets/*/*.map",
                      "assets/images/favicon.png")  # the theme's icon: the site has its own (theme.favicon)


def strip_unused_theme_files(site_dir: Path) -> None:
    """Remove what the theme copied but no page uses (see
    UNUSED_THEME_FILES), and the comments pointing to the source maps."""
    for pattern in UNUSED_THEME_FILES:
        for path in site_dir.glob(pattern):
            if path.is_dir():
                shutil.rmtree(path)
            else:
                path.unlink()
    for path in site_dir.glob("assets/stylesheets/*.min.css"):
        text = path.read_text(encoding="utf-8")
        stripped = SOURCE_MAP_COMMENT.sub("\n", text)
        if stripped != text:
            path.write_text(stripped, encoding="utf-8")


def used_classes(site_dir: Path, files: list[str] | None = None) -> set[str]:
    """Every class a page of this site can carry: those written in its HTML
    (not the other language's, under en/), and every word of its scripts,
    which covers the classes they add at run time. ``files``: the site's
    (``publish.site_files``), if listed already."""
    from . import publish

    found: set[tuple[bytes, bytes]] = set()  # the pages share most of their class attributes: each read once
    for rel in publish.site_files(site_dir, "fr") if files is None else files:  # not en/: the English site is purged on its own
        if rel.endswith(".html") and not labels.is_short_link(rel):  # a redirect loads no stylesheet
            found.update(HTML_CLASS_ATTR.findall((site_dir / rel).read_bytes()))
    used = set(" ".join((dq or sq).decode("utf-8") for dq, sq in found).split())
    for path in site_dir.glob("assets/javascripts/*.js"):
        used.update(JS_WORD.findall(path.read_text(encoding="utf-8")))
    return used


def _split_selectors(head: str) -> list[str]:
    """A rule's selectors, split on the commas outside parentheses."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(head):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == "," and depth == 0:
            out.append(head[start:i])
            start = i + 1
    out.append(head[start:])
    return out


def purge_css(css: str, used: set[str]) -> str:
    """Drop the selectors that name a class no page uses, and the rules left
    with none. At-rules that nest rules (@media, @supports…) are purged
    inside; other at-rules (@font-face, @keyframes…) are kept whole."""
    out, i, n = [], 0, len(css)
    while i < n:
        brace = css.find("{", i)
        if brace < 0:
            out.append(css[i:])
            break
        depth, end = 0, brace
        while True:
            if css[end] == "{":
                depth += 1
            elif css[end] == "}":
                depth -= 1
                if depth == 0:
                    break
            end += 1
        head, body = css[i:brace], css[brace + 1 : end]
        if head.lstrip().startswith("@"):
            if CSS_NESTING_AT_RULE.match(head):
                inner = purge_css(body, used)
                if inner.strip():
                    out.append(f"{head}{{{inner}}}")
            else:
                out.append(f"{head}{{{body}}}")
        else:
            kept = [
                s for s in _split_selectors(head)
                if all(m["name"] in used for m in CSS_CLASS.finditer(CSS_ATTRIBUTE_SELECTOR.sub("", s)))
            ]
            if kept:
                out.append(",".join(kept) + f"{{{body}}}")
        i = end + 1
    return "".join(out)


def purge_theme_css(site_dir: Path, files: list[str] | None = None) -> None:
    """Material's stylesheet styles every extension it supports; keep only
    the rules that can match a page of this site (``files``: its files, if
    listed already)."""
    used = used_classes(site_dir, files)
    for path in site_dir.glob("assets/stylesheets/main.*.min.css"):
        path.write_text(purge_css(path.read_text(encoding="utf-8"), used), encoding="utf-8")


# --------------------------------------------------------------------------
# Preview


# The engine's preview server, run by ``serve`` in a process of its own:
# ``engine_serve(templates cache folder, mkdocs arguments)``.
ENGINE_SERVE = "import sys; from codebridge.build import engine_serve; engine_serve(sys.argv[1], sys.argv[2:])"
TEMPLATE_CACHE = Path("build") / "cache" / "templates"


def engine_serve(cache: str, argv: list[str]) -> None:
    """``mkdocs serve`` with ``argv``, quicker to show a change:
    - told of it when it is written. MkDocs looks at its folders every half
      second (a quarter of a second of every rebuild's wait, on average, and
      a scan of the docs folder each time); where the kernel reports writes
      (Linux's inotify), it is asked instead, for changes only: a file read
      is none;
    - its rebuilds keep what does not change while it serves. Each makes a
      new template environment, which compiles the theme's templates again:
      Jinja keeps them compiled in ``cache`` (keyed by each template's source,
      so an edited template is compiled anew). And each lists the theme's
      files (Material's icons: some fourteen thousand) to copy its static
      ones: the list is made once, as serve does not watch the theme."""
    import jinja2
    import mkdocs.theme
    import watchdog.events as events
    import watchdog.observers
    import watchdog.observers.polling
    from mkdocs.__main__ import cli

    changes = [events.FileCreatedEvent, events.FileModifiedEvent, events.FileDeletedEvent, events.FileMovedEvent]

    class Notified(watchdog.observers.Observer):
        def schedule(self, handler, path, *, recursive=False, **_):
            return super().schedule(handler, path, recursive=recursive, event_filter=changes)

    if watchdog.observers.Observer is not watchdog.observers.polling.PollingObserver:
        watchdog.observers.polling.PollingObserver = Notified  # what MkDocs' server makes

    Path(cache).mkdir(parents=True, exist_ok=True)
    compiled = jinja2.FileSystemBytecodeCache(cache)
    new_env = mkdocs.theme.Theme.get_env

    def get_env(theme):
        env = new_env(theme)
        env.bytecode_cache = compiled
        return env

    listed: dict[tuple, list[str]] = {}
    list_templates = jinja2.Environment.list_templates

    def listed_once(env, extensions=None, filter_func=None):
        key = tuple(getattr(env.loader, "searchpath", ())), extensions
        if key not in listed:
            listed[key] = list_templates(env, extensions, filter_func)
        return listed[key]

    mkdocs.theme.Theme.get_env = get_env
    jinja2.Environment.list_templates = listed_once
    cli(argv, prog_name="mkdocs")


def serve(root: Path, address: str = "127.0.0.1:8000", lang: str = "fr", poll: float = 0.1) -> int:
    """Preview one language: the engine serves the docs folder and reloads
    what changes in it; this loop regenerates the docs folder when a content
    file changes, writing only the pages the change touched."""
    import signal
    import subprocess
    import time

    from .inputs import SourceError

    # stopped by a signal (a terminal closed, a test's terminate()), stop the engine too
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))

    site_dir = build_dir(root) / "serve" / lang
    folder, nav, _ = write_docs(root, lang)
    # A dirty rebuild (only the changed pages) warns by design: not strict here.
    serve_config = dict(name=f"mkdocs.serve.{lang}.yml", strict=False)
    config = engine_config(root, lang, nav, site_dir, **serve_config)
    engine = None
    try:  # from the engine's start: a signal at any point after it stops it too
        engine = subprocess.Popen(
            [sys.executable, "-c", ENGINE_SERVE, str(root / TEMPLATE_CACHE), "serve", "--dirty", "-a", address, "-f", str(config)],
            env=dict(os.environ, NO_MKDOCS_2_WARNING="1"),
        )
        stamp = _stamp(root)
        while engine.poll() is None:
            time.sleep(poll)
            now = _stamp(root)
            if now == stamp:
                continue
            stamp = now
            try:
                started = time.perf_counter()
                # the law pages first, for the engine to show the edit at once;
                # then every file, the search index and what it makes included
                _, nav, changed = write_first(root, lang)
                engine_config(root, lang, nav, site_dir, **serve_config)
                print(f"codebridge: {changed} law pages changed ({time.perf_counter() - started:.2f} s)", file=sys.stderr)
                _, nav, changed = write_docs(root, lang)
                engine_config(root, lang, nav, site_dir, **serve_config)
                print(f"codebridge: then {changed} files of all ({time.perf_counter() - started:.2f} s)", file=sys.stderr)
            except SourceError as exc:
                print(f"error: {exc}", file=sys.stderr)
    except KeyboardInterrupt:
        pass
    finally:
        if engine is not None:
            engine.terminate()
            try:
                engine.wait(timeout=10)
            except subprocess.TimeoutExpired:  # an engine that does not stop when told
                engine.kill()
                engine.wait()
    return 0
