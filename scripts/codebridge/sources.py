"""Read the manifest and the source files, refusing bad input clearly.

Every refusal is a ``SourceError`` naming the file and the line; the CLI and
the MkDocs hook print it as ``file:line: message`` without a traceback.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from . import labels
from .inputs import SourceError, read_text, read_yaml, unknown_key
from .model import Gap, Source
from .patterns import CONTROL_CHAR, HEADING, HTML_TAG, SLUG, SOURCE_FILE
from .strings import LANGS

MANIFEST = "manifest.yaml"
TYPOS = "typos.yaml"  # the slips of the sources, and our reading of each
ABSENT_TITLES = "absent_titles.yaml"  # the titles of absent laws, where a source names them
# the files of the sources' folder that are not sources
OWN_FILES = frozenset({MANIFEST, TYPOS, ABSENT_TITLES})


def _entry_for(path: Path) -> str:
    """For a file of laws put beside the sources without an entry: the
    entry to add, with what the file says (its pin, the laws its headings
    give, first to last) and, between < >, what only its contributor can
    say (its title, where it comes from, whom to credit)."""
    try:
        data = path.read_bytes()
    except OSError:
        return ""
    found = [HEADING.match(line.strip()) for line in data.decode("utf-8", "replace").splitlines()]
    numbers = [m["number"] or labels.ANNEX for m in found if m]
    if not numbers:
        return ""
    laws = labels.law_runs(numbers, dash="-")
    return (
        f"; for a source of laws, this entry (under `sources:`), what stands between < > filled in:\n"
        f"  - file: {path.name}\n"
        f"    sha256: {hashlib.sha256(data).hexdigest()}\n"
        f"    role: laws\n"
        f"    language: fr\n"
        f"    laws: \"{laws}\"\n"
        f"    title: <the document's title>\n"
        f"    origin: <where it comes from>\n"
        f"    credit: <whom to credit>\n"
        f"    translation: pending"
    )

# What an entry of the manifest may say: any other key is refused (a
# misspelt `translaton: pending` would otherwise be lost without a word).
ENTRY_KEYS = (
    "file", "sha256", "role", "language", "laws", "title", "origin", "credit",
    "en", "gaps", "author", "slug", "symbol_font", "context", "translation", "ffb_notes",
)


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
    data = read_yaml(path, name)
    text = read_text(path, name)
    if not isinstance(data, dict) or not isinstance(data.get("sources"), list):
        raise SourceError(name, None, "expected a mapping with a list 'sources'")
    out = []
    seen = set()
    for i, entry in enumerate(data["sources"], start=1):
        if not isinstance(entry, dict):
            raise SourceError(name, None, f"entry {i}: each source must be a mapping")
        at = _manifest_line(text, "file", entry["file"]) if entry.get("file") else None
        where = name if at else f"{name} (entry {i})"

        for key in ("file", "role", "language", "title", "origin", "credit"):
            if not entry.get(key):
                raise SourceError(where, at, f"missing '{key}'")
            if not isinstance(entry[key], str):
                raise SourceError(where, at, f"'{key}' must be text")
            if entry[key].strip().startswith("<") and entry[key].strip().endswith(">"):  # the entry the build proposed, not filled in
                raise SourceError(where, _manifest_line(text, key, after=at) or at, f"'{key}' is still {entry[key].strip()}: write it")
        for key in ("slug", "context"):
            if not isinstance(entry.get(key, ""), (str, int)):
                raise SourceError(where, at, f"'{key}' must be text")
        if "context" in entry and str(entry["context"]) not in labels.ALL_LAWS:
            raise SourceError(where, _manifest_line(text, "context", after=at) or at, f"context {entry['context']!r}: the number of the law the commentary is about, 1 to 93 (« 61 »)")
        if not isinstance(entry.get("author", ""), str):
            raise SourceError(where, at, "'author' must be text (several authors: one text, « A et B »)")
        if entry["language"] not in LANGS:
            raise SourceError(where, at, f"language {entry['language']!r}: the pages say a source's language as {' or '.join(LANGS)}")
        if entry.get("translation", "pending") != "pending":
            raise SourceError(where, at, f"translation {entry['translation']!r}: only `translation: pending` is known (the laws' English is still to come)")
        if entry.get("ffb_notes", "starred") not in ("all", "starred") or (entry["role"] != "laws" and "ffb_notes" in entry):
            raise SourceError(where, at, f"ffb_notes {entry.get('ffb_notes')!r}: a law source's FFB national notes are `all` its notes or the `starred` ones (« * »)")
        if not isinstance(entry.get("symbol_font", False), bool):
            raise SourceError(where, at, "'symbol_font' must be true or false")
        english = entry.get("en") or {}
        if not isinstance(english, dict) or any(k not in ("origin", "credit") or not isinstance(v, str) for k, v in english.items()):
            raise SourceError(where, at, "'en' must be a mapping of 'origin' and 'credit' to their English text")
        unknown = unknown_key(entry, ENTRY_KEYS, "an entry")
        if unknown:
            raise SourceError(where, at, unknown)
        if not SOURCE_FILE.match(entry["file"]):
            raise SourceError(where, at, f"file {entry['file']!r}: a file name in {folder.name}/ (letters, digits, _ - .), not a path")
        if entry["role"] not in ("laws", "commentary"):
            raise SourceError(where, at, f"role must be 'laws' or 'commentary', not {entry['role']!r}")
        if entry["file"] in seen:
            raise SourceError(where, at, f"{entry['file']} is listed twice")
        seen.add(entry["file"])
        if not (folder / entry["file"]).is_file():
            raise SourceError(where, at, f"file {entry['file']} not found in {folder.name}/")
        if entry["role"] == "commentary" and not SLUG.match(str(entry.get("slug", ""))):
            raise SourceError(where, at, f"slug {entry.get('slug')!r}: the page's address, in lower-case letters, digits and hyphens")
        gaps = []
        if not isinstance(entry.get("gaps") or [], list):
            raise SourceError(where, at, "'gaps' must be a list of gaps, each a citation with its 'fr' and 'en' texts (none: `gaps: []`)")
        for g in entry.get("gaps") or ():
            if not isinstance(g, dict):
                raise SourceError(where, at, f"gap {g!r}: a gap is a citation with its 'fr' and 'en' texts")
            line = _manifest_line(text, "citation", g.get("citation"), after=at)
            try:
                label = labels.parse_anchor(str(g["citation"]))
            except (KeyError, ValueError, TypeError):
                raise SourceError(where, line or at, f"gap with a bad citation: {g.get('citation')!r} (a law or provision: \"75\", \"78B\")") from None
            if not isinstance(g.get("fr"), str) or not isinstance(g.get("en"), str) or not g["fr"].strip() or not g["en"].strip():
                raise SourceError(where, line or at, f"gap {g['citation']} needs 'fr' and 'en' texts")
            gaps.append(Gap(label, g["fr"].strip(), g["en"].strip(), entry["file"], line or at))
        pin = str(entry.get("sha256") or "")
        actual = sha256(folder / entry["file"])
        if pin != actual:
            fix = f"add the line `sha256: {actual}` to its entry" if not pin else (
                f"if the change is intended, replace its pin with `sha256: {actual}`"
            )
            what = "has no sha256 pin" if not pin else f"does not match its sha256 pin {pin}"
            raise SourceError(where, at, f"{entry['file']} {what} (the file's is {actual}): {fix}")
        laws: tuple[str, ...] = ()
        if entry["role"] == "laws":
            if not entry.get("laws"):
                raise SourceError(where, at, f"{entry['file']}: say which laws it gives, first to last, e.g. `laws: \"1-39\"`")
            laws = parse_law_range(str(entry["laws"]), where, at)
        out.append(
            Source(
                file=entry["file"],
                role=entry["role"],
                language=entry["language"],
                title=entry["title"],
                origin=" ".join(entry["origin"].split()),
                credit=" ".join(entry["credit"].split()),
                origin_en=" ".join(english.get("origin", "").split()),
                credit_en=" ".join(english.get("credit", "").split()),
                author=str(entry.get("author", "")),
                slug=entry.get("slug", ""),
                symbol_font=bool(entry.get("symbol_font", False)),
                context=str(entry.get("context", "")),
                translation_pending=entry.get("translation") == "pending",
                gaps=tuple(gaps),
                laws=laws,
                ffb_notes=entry.get("ffb_notes", "starred"),
            )
        )
    # a file put beside the sources and not listed would be left out without a word
    for path in sorted(folder.iterdir()):
        if path.is_file() and not path.name.startswith(".") and path.name not in seen and path.name not in OWN_FILES:
            raise SourceError(name, None, f"{path.name} is in {folder.name}/ but has no entry here: add its entry (file, sha256, role, laws…) or move it out{_entry_for(path)}")
    return tuple(out)


def _manifest_line(text: str, key: str, value=None, after: int | None = None) -> int | None:
    """The first line, from line ``after`` on (an entry's own, else the
    file's first), that writes ``key:`` — with ``value``, when given
    (quoted or not, a trailing comment aside): an entry's ``file:``, its
    ``context:``, a gap's ``citation:``."""
    lines = text.splitlines()
    for i in range(after or 1, len(lines) + 1):
        stripped = lines[i - 1].strip().lstrip("-").strip()
        if stripped.startswith(key + ":") and (value is None or stripped[len(key) + 1 :].split("#")[0].strip().strip("'\"") == str(value)):
            return i
    return None


def sha256(path: Path) -> str:
    """The hex SHA-256 of a file's bytes, as ``sha256sum`` prints it."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def parse_law_range(text: str, where: str, line: int | None = None) -> tuple[str, ...]:
    """The laws of a manifest's ``laws:`` ("40-64", "65-93, annexe", "12"),
    in the code's order."""
    out: list[str] = []
    for item in text.split(","):
        item = item.strip().lower()
        if item in (labels.ANNEX, "annex"):
            out.append(labels.ANNEX)
            continue
        first, _, last = item.partition("-")
        try:
            a, b = int(first), int(last or first)
        except ValueError:
            raise SourceError(where, line, f"laws: {text!r}: expected ranges of law numbers such as \"40-64\" or \"65-93, annexe\"") from None
        if not (1 <= a <= b <= 93) or first.strip() != str(a) or (last and last.strip() != str(b)):
            raise SourceError(where, line, f"laws: {text!r}: {item!r} is not a range of laws 1 to 93")
        out += [str(n) for n in range(a, b + 1)]
    if len(set(out)) != len(out):
        raise SourceError(where, line, f"laws: {text!r} names a law twice")
    return tuple(out)


def read_lines(path: Path, name: str | None = None) -> list[Line]:
    """The lines of a UTF-8 text source (``read_text``), or a SourceError on
    bad encoding, an empty file, control characters or HTML markup."""
    name = name or path.name
    text = read_text(path, name)
    if not text.strip():
        raise SourceError(name, None, "empty file")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    out = []
    for i, line in enumerate(lines, start=1):
        m = HTML_TAG.search(line)
        if m:
            raise SourceError(name, i, f"HTML markup {m.group(0)!r} in the text; give the source as plain text")
        if CONTROL_CHAR.search(line):
            raise SourceError(name, i, "control character in the text")
        out.append(Line(i, line))
    return out
