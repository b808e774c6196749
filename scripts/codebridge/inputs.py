"""Reading the project's content files, and refusing bad input clearly.

    SourceError     bad input, located: ``file:line: message``; the CLI and
                    the MkDocs hook print it without a traceback
    read_text       a UTF-8 file's text (a byte order mark and CRLF line
                    ends read, and noted in ``NORMALISED``)
    read_yaml       a YAML file's data (``parse_yaml`` of ``read_text``)
    parse_yaml      YAML text parsed, a syntax error located
    load_yaml       YAML text parsed with the safe loader (C when available)

Every module that reads content takes these, so that every refusal names the
file and the line in the same way.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import yaml


class SourceError(Exception):
    """Bad input, located: ``file:line: message``."""

    def __init__(self, file: str, line: int | None, message: str):
        self.file, self.line, self.message = file, line, message
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: {message}")


def unknown_key(given, known: tuple[str, ...], holder: str) -> str | None:
    """What to say of the first key of ``given`` not in ``known``, with the
    known key it looks like ("unknown key 'translaton' (did you mean
    'translation'?)"), else the keys ``holder`` may have; None when all are
    known. A misspelt key is refused, never dropped without a word."""
    for key in given:
        if key not in known:
            close = difflib.get_close_matches(str(key), known, n=1)
            return f"unknown key '{key}'" + (f" (did you mean '{close[0]}'?)" if close else f"; {holder} says {', '.join(known)}")
    return None


class YAML_LOADER(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """The safe loader: libyaml's parser when PyYAML has it (it reads our
    YAML about 11 times faster than the pure-Python one); a key given twice
    in one mapping is an error at its line, where YAML alone keeps the
    last and silently drops the first (a unit's English written twice, a
    glossary term's second ``en``)."""

    def construct_mapping(self, node, deep=False):
        if isinstance(node, yaml.MappingNode):
            self.flatten_mapping(node)
            seen = set()
            for key_node, _ in node.value:
                key = self.construct_object(key_node, deep=True)
                try:
                    twice = key in seen
                except TypeError:  # an unhashable key: the constructor says so
                    break
                if twice:
                    raise yaml.constructor.ConstructorError(None, None, f"{key!r} is given twice in this mapping", key_node.start_mark)
                seen.add(key)
        return super().construct_mapping(node, deep=deep)


def load_yaml(text: str):
    """Parse YAML text with the safe loader (``YAML_LOADER``)."""
    return yaml.load(text, Loader=YAML_LOADER)


def parse_yaml(raw: str, name: str):
    """YAML text of the content file ``name`` parsed (safe loader, C when
    available); a syntax error is a SourceError with the line it is on."""
    try:
        return load_yaml(raw)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise SourceError(name, mark.line + 1 if mark else None, f"invalid YAML: {problem}") from None


# What ``read_text`` normalised in each file it read ("removed a byte order
# mark"): the build report prints it, so that a file saved on Windows is
# read, and said so.
NORMALISED: dict[str, list[str]] = {}


def read_text(path: Path, name: str | None = None) -> str:
    """A UTF-8 file's text, with a Windows byte order mark dropped and CRLF
    (or CR) line ends read as LF, each noted in ``NORMALISED``; a file that
    is not UTF-8 is a SourceError naming its first bad line."""
    name = name or path.name
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise SourceError(name, None, f"cannot be read: {exc.strerror}") from None
    notes = []
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
        notes.append("byte order mark (BOM) removed")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise SourceError(name, line, f"not valid UTF-8 (byte 0x{raw[exc.start]:02x}); convert the file to UTF-8") from None
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
        notes.append("CRLF line ends read as LF")
    if notes:
        NORMALISED[name] = notes
    else:
        NORMALISED.pop(name, None)
    return text


def key_line(raw: str, key: str) -> int | None:
    """The line of a YAML file where ``key`` opens an entry of its top
    mapping (at the start of the line, quoted or not)."""
    for number, text in enumerate(raw.splitlines(), start=1):
        if not text[:1].isspace() and text.split(":", 1)[0].strip("\"' ") == key:
            return number
    return None


def read_yaml(path: Path, name: str):
    """A YAML file's data (``read_text`` first), or a SourceError with the
    line of a syntax error."""
    return parse_yaml(read_text(path, name), name)
