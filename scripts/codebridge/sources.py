"""Read the manifest and the source files, refusing bad input clearly.

Every refusal is a ``SourceError`` naming the file and the line; the CLI and
the MkDocs hook print it as ``file:line: message`` without a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

from . import labels
from .model import Gap, Source
from .patterns import HTML_TAG

MANIFEST = "manifest.yaml"


# The C loader reads our YAML about 11 times faster than the pure-Python one;
# both are safe loaders and read the same documents.
YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_yaml(text: str):
    """Parse YAML text with the safe (C, when available) loader."""
    return yaml.load(text, Loader=YAML_LOADER)


class SourceError(Exception):
    """Bad input, located: ``file:line: message``."""

    def __init__(self, file: str, line: int | None, message: str):
        self.file, self.line, self.message = file, line, message
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: {message}")


@dataclass(frozen=True)
class Line:
    """One physical line of a source, 1-based."""

    number: int
    text: str


def read_manifest(folder: Path) -> tuple[Source, ...]:
    """The sources listed in ``folder/manifest.yaml``, checked."""
    path = folder / MANIFEST
    name = str(path.relative_to(folder.parent)) if folder.parent in path.parents else str(path)
    if not path.is_file():
        raise SourceError(name, None, "manifest not found")
    try:
        data = load_yaml(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise SourceError(name, mark.line + 1 if mark else None, f"invalid YAML: {exc}") from None
    except UnicodeDecodeError:
        raise SourceError(name, None, "not UTF-8") from None
    if not isinstance(data, dict) or not isinstance(data.get("sources"), list):
        raise SourceError(name, None, "expected a mapping with a list 'sources'")
    out = []
    seen = set()
    for i, entry in enumerate(data["sources"], start=1):
        where = f"{name} (entry {i})"
        if not isinstance(entry, dict):
            raise SourceError(where, None, "each source must be a mapping")
        for key in ("file", "role", "language", "title", "origin", "credit"):
            if not entry.get(key):
                raise SourceError(where, None, f"missing '{key}'")
        if entry["role"] not in ("laws", "commentary"):
            raise SourceError(where, None, f"role must be 'laws' or 'commentary', not {entry['role']!r}")
        if entry["file"] in seen:
            raise SourceError(where, None, f"{entry['file']} is listed twice")
        seen.add(entry["file"])
        if not (folder / entry["file"]).is_file():
            raise SourceError(where, None, f"file {entry['file']} not found in {folder.name}/")
        gaps = []
        for g in entry.get("gaps") or ():
            try:
                label = labels.parse_anchor(str(g["citation"]))
            except (KeyError, ValueError, TypeError):
                raise SourceError(where, None, f"gap with a bad citation: {g!r}") from None
            if not g.get("fr") or not g.get("en"):
                raise SourceError(where, None, f"gap {g['citation']} needs 'fr' and 'en' texts")
            gaps.append(Gap(label, g["fr"].strip(), g["en"].strip(), entry["file"]))
        out.append(
            Source(
                file=entry["file"],
                role=entry["role"],
                language=entry["language"],
                title=entry["title"],
                origin=" ".join(entry["origin"].split()),
                credit=" ".join(entry["credit"].split()),
                covers=entry.get("covers", ""),
                author=str(entry.get("author", "")),
                slug=entry.get("slug", ""),
                symbol_font=bool(entry.get("symbol_font", False)),
                context=str(entry.get("context", "")),
                translation_pending=entry.get("translation") == "pending",
                gaps=tuple(gaps),
            )
        )
    return tuple(out)


def read_lines(path: Path, name: str | None = None) -> list[Line]:
    """The lines of a UTF-8 text source, or a SourceError on bad encoding,
    a byte order mark, CR line ends, an empty file or HTML markup."""
    name = name or path.name
    raw = path.read_bytes()
    if not raw.strip():
        raise SourceError(name, None, "empty file")
    if raw.startswith(b"\xef\xbb\xbf"):
        raise SourceError(name, 1, "starts with a byte order mark (BOM); save it as UTF-8 without BOM")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise SourceError(name, line, f"not valid UTF-8 (byte 0x{raw[exc.start]:02x}); convert the file to UTF-8") from None
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    out = []
    for i, line in enumerate(lines, start=1):
        if "\r" in line:
            raise SourceError(name, i, "carriage return (CRLF line ends); convert the file to LF line ends")
        m = HTML_TAG.search(line)
        if m:
            raise SourceError(name, i, f"HTML markup {m.group(0)!r} in the text; give the source as plain text")
        if "\x00" in line or any(ord(c) < 32 and c != "\t" for c in line):
            raise SourceError(name, i, "control character in the text")
        out.append(Line(i, line))
    return out
