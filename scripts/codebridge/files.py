"""Files of the build's own folders: listed, and written whole.

    relative_files  every file under a folder, as "/"-separated text
    write_whole     bytes in a file, whole or not at all (a build stopped
                    half-way, or two at once, never leave half a file)
"""

from __future__ import annotations

import os
from pathlib import Path


def relative_files(top: Path, leave_out: str | None = None) -> list[str]:
    """Every file under ``top``, as a path relative to it, in the order of
    the paths' parts; ``leave_out``, a folder directly under ``top`` not
    listed. The folders are handled as text: as path objects, they took
    two thirds of the time."""
    top_text = os.fspath(top)
    found = []
    for here, folders, names in os.walk(top_text):
        base = here[len(top_text) :].lstrip(os.sep).replace(os.sep, "/")
        if not base and leave_out is not None:
            folders[:] = [f for f in folders if f != leave_out]
        found += [f"{base}/{name}" for name in names] if base else names
    return sorted(found, key=lambda rel: rel.split("/"))


def write_whole(path: Path, data: bytes) -> None:
    """``data`` in ``path``, whole or not at all: written beside it under
    this process's name, then put in its place."""
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)
