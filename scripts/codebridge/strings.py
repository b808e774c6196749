"""Interface strings: one YAML file per language, ``content/strings/<lang>.yaml``.

Every word the site itself says (headings, buttons, notices) lives there, not
in Python; ``t(lang, key)`` is the one lookup. A file has a section per area
of the site; a key is defined once (a key given twice is an error, with its
line), and both languages must hold the same keys (a test checks it), so a
string added in French is never missing in English.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from .patterns import FRENCH_SPACE, TEMPLATE_PLACEHOLDER as PLACEHOLDER
from .inputs import SourceError, key_line, read_yaml

PACKAGE_STRINGS = Path(__file__).resolve().parents[2] / "content" / "strings"
STRINGS_DIR = PACKAGE_STRINGS  # the project's (``read_from``)
LANGS = ("fr", "en")


def read_from(root: Path) -> None:
    """Read the interface strings and the prose templates of the project
    at ``root`` (its ``content/strings/`` and ``content/templates/``), as
    its sources are read: a copy of the project built with ``--root`` says
    what its own files say, not what this package's checkout does. A root
    without them (a folder of sources alone) keeps the checkout's."""
    global STRINGS_DIR, TEMPLATES_DIR
    folder = Path(root).resolve() / "content" / "strings"
    folder = folder if folder.is_dir() else PACKAGE_STRINGS
    if folder != STRINGS_DIR:
        STRINGS_DIR, TEMPLATES_DIR = folder, folder.parent / "templates"
        table.cache_clear()


def other_language(lang: str) -> str:
    """The site's other language: "en" for "fr", "fr" for "en"."""
    return LANGS[1 - LANGS.index(lang)]


@lru_cache(maxsize=None)
def table(lang: str) -> dict[str, str]:
    """The strings of one language, read once. French ones print the space
    before : ; ? ! » and after « as a no-break space (``FRENCH_SPACE``), so
    that no line of the page begins with the sign; the files keep plain
    spaces, easier to read and to write."""
    rel = file_of(lang)
    data = read_yaml(_path(lang), rel) or {}
    if not isinstance(data, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in data.items()):
        raise SourceError(rel, None, "expected a mapping of key → text")
    return {key: FRENCH_SPACE.sub("\u00a0", text) if lang == "fr" else text for key, text in data.items()}


def file_of(lang: str) -> str:
    """The file of ``lang``'s strings, as an error names it."""
    return f"content/strings/{lang}.yaml"


def _path(lang: str) -> Path:
    """The file of ``lang``'s strings in the project read (``read_from``)."""
    return STRINGS_DIR / f"{lang}.yaml"


def t(lang: str, key: str, **kw) -> str:
    """The interface string ``key`` in ``lang``, placeholders filled."""
    try:
        text = table(lang)[key]
    except KeyError:
        raise SourceError(file_of(lang), None, f"no string {key!r}") from None
    if not kw:
        return text
    try:
        return text.format(**kw)
    except (KeyError, IndexError) as exc:
        problem = f"placeholder {{{exc.args[0]}}} is not one it is given ({', '.join('{' + k + '}' for k in kw)})"
    except ValueError as exc:
        problem = f"{exc} (a brace that is text is written {{{{ or }}}})"
    raise SourceError(*_place(lang, key), f"string {key!r}: {problem}") from None


def _place(lang: str, key: str) -> tuple[str, int | None]:
    """The file and the line that define string ``key`` in ``lang``."""
    return file_of(lang), key_line(_path(lang).read_text(encoding="utf-8"), key)


class Area:
    """The strings of one area of one language: ``Area("fr", "bilingual")["other"]``
    is ``t("fr", "bilingual.other")``."""

    def __init__(self, lang: str, area: str):
        self.lang, self.prefix = lang, area + "."

    def __getitem__(self, key: str) -> str:
        return t(self.lang, self.prefix + key)


TEMPLATES_DIR = STRINGS_DIR.parent / "templates"


def template(lang: str, name: str, **blocks: str) -> str:
    """The prose page ``content/templates/<lang>/<name>.md``, each
    ``{{ block }}`` replaced by the Markdown the build generates for it.
    A placeholder without a block, or a block without its placeholder, is
    an error: a page never shows a raw ``{{ … }}`` nor loses a block."""
    rel = f"content/templates/{lang}/{name}.md"
    try:
        text = (TEMPLATES_DIR / lang / f"{name}.md").read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SourceError(rel, None, "no such template") from None
    except UnicodeDecodeError:
        raise SourceError(rel, None, "not UTF-8") from None
    found = set(PLACEHOLDER.findall(text))
    for missing in sorted(found - set(blocks)):
        line = text[: text.index("{{ " + missing + " }}")].count("\n") + 1
        raise SourceError(rel, line, f"no block {missing!r} for this placeholder")
    for extra in sorted(set(blocks) - found):
        raise SourceError(rel, None, f"the template has no placeholder {{{{ {extra} }}}}")
    if lang == "fr":  # the page's own prose: the blocks the build generates are its own business
        text = FRENCH_SPACE.sub("\u00a0", text)
    return PLACEHOLDER.sub(lambda m: blocks[m.group(1)], text)
