"""The English working translation, stored by text unit.

``content/translation/en/<law>.yaml`` maps each unit key of the French model
to ``{fr: <French text as translated>, en: <English text>}``. Keeping the
French beside the English lets the build tell a missing or extra unit, and a
French text that changed since it was translated (a stale translation), from
a good one: alignment is checked, never assumed.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType


from .layers import units
from .labels import ALL_LAWS
from .model import Code, Law
from .inputs import SourceError, parse_yaml, read_text
from .strings import LANGS


@dataclass(frozen=True)
class Translation:
    """English text by unit key, for the laws that have a file; ``pending``
    lists the laws whose source declares its translation still to come."""

    texts: dict[str, str]
    pending: frozenset[str] = frozenset()

    def get(self, key: str) -> str | None:
        return self.texts.get(key)

    def text(self, key: str, fr: str) -> str:
        """Unit ``key``'s text in this translation; its French ``fr`` where
        it has none."""
        return self.texts.get(key) or fr


# The French itself: every unit's text as the model has it (a site, an
# export or an index in French reads its texts through this one).
ORIGINAL = Translation(MappingProxyType({}))  # read-only: nothing is ever added to the French


def law_file(folder: Path, number: str) -> Path:
    return folder / f"{number}.yaml"


def skeleton(law: Law) -> str:
    """A translation file for ``law`` with every unit and empty English."""
    out = [f"# Loi {law.number} – English working translation, unit by unit.", ""]
    for unit in units(law):
        out.append(f"{_q(unit.key)}:")
        out.append(f"  fr: {_q(unit.text)}")
        out.append('  en: ""')
    return "\n".join(out) + "\n"


def _q(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def load(folder: Path, code: Code) -> Translation:
    """Read and check every translation file against the French model.

    Every present law must have a complete file (but those of a source whose
    translation is pending); errors name the file and the line of the
    faulty unit.
    """
    texts: dict[str, str] = {}
    pending_files = {s.file for s in code.sources if s.translation_pending}
    pending = frozenset(l.number for l in code.present() if l.origin.file in pending_files)
    for law in code.present():
        path = law_file(folder, law.number)
        name = f"content/translation/{folder.name}/{path.name}"
        if not path.is_file():
            if law.number not in pending:
                raise SourceError(name, None, f"no English translation for Loi {law.number}")
            continue
        raw = read_text(path, name)
        data = parse_yaml(raw, name)
        if data is None:
            data = {}
        if not isinstance(data, dict):
            raise SourceError(name, None, f"expected a mapping of unit key → {{fr, en}}, not a {type(data).__name__}")
        expected = {u.key: u for u in units(law)}
        for key in data:
            if key not in expected:
                raise SourceError(name, _line_of(raw, key), f"unit {key!r} does not exist in the French text of Loi {law.number}")
        for key, unit in expected.items():
            entry = data.get(key)
            if not isinstance(entry, dict):
                where = _line_of(raw, key) if key in data else None
                raise SourceError(name, where, f"unit {key!r} of Loi {law.number} has no English counterpart (expected fr: and en:)")
            for field in entry:
                if field not in LANGS:
                    raise SourceError(name, _line_of(raw, key), f"unit {key!r}: unknown key {field!r} (a unit says fr: and en:)")
            if entry.get("fr") != unit.text:
                raise SourceError(name, _line_of(raw, key), f"unit {key!r}: the French text changed since it was translated")
            en = entry.get("en")
            if not isinstance(en, str) or not en.strip():
                hint = " (the English of a law still to come has no file here while its source's entry says `translation: pending`)" if law.number in pending else ""
                raise SourceError(name, _line_of(raw, key), f"unit {key!r}: English text missing{hint}")
            texts[key] = en.strip()
    # a file no law reads would be left out without a word
    present = {law_file(folder, law.number).name for law in code.present()}
    for path in sorted(folder.iterdir()) if folder.is_dir() else ():
        if not path.is_file() or path.name.startswith(".") or path.name in present:
            continue
        name = f"content/translation/{folder.name}/{path.name}"
        number = path.name.removesuffix(".yaml")
        if path.suffix == ".yaml" and number in ALL_LAWS:
            raise SourceError(name, None, f"Loi {number} is not in the sources: its English comes once its text does (`codebridge translation-skeleton {number}`)")
        raise SourceError(name, None, f"not a translation file: each is named after its law, {law_file(folder, '64').name}")
    return Translation(texts, pending)


def _line_of(raw: str, key) -> int | None:
    """The line of unit ``key`` in a translation file (read for an error only)."""
    needle = f'"{key}":'
    for i, line in enumerate(raw.splitlines(), start=1):
        if line.startswith(needle) or line.startswith(f"{key}:") or line.startswith(f"'{key}':"):
            return i
    return None
