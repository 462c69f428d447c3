"""Small msgpack documents in the save folder (settings, the record of games), read safely.

A document is {"format": name, "version": 1, ...}. Reading never trusts the file: size, types
and lengths are limited, and a damaged file is renamed aside (`<name>.bad-<time>`) so it is
never silently lost; the caller gets the defaults and a message to show.
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

import msgpack

from .atomic import write_atomically

MAX_BYTES = 256 * 1024


class DocumentError(ValueError):
    """The file is not a readable document of the expected kind."""


def read_document(path: Path, fmt: str, version: int) -> dict | None:
    """The document at `path`, None if there is none; DocumentError if it is damaged."""
    if not path.exists():
        return None
    try:
        if path.stat().st_size > MAX_BYTES:
            raise DocumentError("the file is too large")
        doc = msgpack.unpackb(path.read_bytes(), raw=False, strict_map_key=True,
                              max_str_len=MAX_BYTES, max_bin_len=0, max_array_len=10_000,
                              max_map_len=1_000)
    except DocumentError:
        raise
    except Exception as error:  # msgpack and the file system raise many kinds
        raise DocumentError("not a readable msgpack file") from error
    if not isinstance(doc, dict) or doc.get("format") != fmt:
        raise DocumentError(f"not a {fmt} file")
    if doc.get("version") != version:
        raise DocumentError(f"unknown version {doc.get('version')!r}")
    return doc


def write_document(path: Path, fmt: str, version: int, body: dict) -> None:
    write_atomically(path, msgpack.packb({"format": fmt, "version": version, **body},
                                         use_bin_type=True))


def put_aside(path: Path, error: Exception, what: str) -> str:
    """Rename a damaged file out of the way; return the message for the player."""
    aside = path.with_name(f"{path.name}.bad-{datetime.now():%Y%m%d-%H%M%S}")
    try:
        os.replace(path, aside)
        kept = f"it was kept as {aside.name}"
    except OSError:
        kept = "it could not be moved aside"
    return f"The {what} could not be read ({error}); {kept} and defaults are used."
