"""Small msgpack documents in the save folder (settings, high scores, the record of games).

A document is {"format": name, "version": n, ...}. Reading never trusts the file: only a
regular file is read, never more than `MAX_BYTES` of it, and msgpack unpacks with limits.
A file that cannot be used is never lost:

- a damaged one is renamed aside (`<name>.bad-<time>`) and the caller starts from defaults;
- one written by a newer Loyang is left exactly as it is and not written over in this
  session, so going back to the newer version finds everything (`Opened.read_only`);
- a readable one with some damaged entries is copied aside and the caller drops only those.

Every case comes with a message for the player.

A document shared by every window on the folder is changed only through `update_document`:
under the folder's lock for it, the file is read again and the change applied to what it
holds now, so two windows that add a result at once keep both.
"""

from __future__ import annotations

import os
import shutil
import stat
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import msgpack

from .atomic import write_atomically
from .locks import document_lock

MAX_BYTES = 256 * 1024

# Opening a FIFO for reading blocks until a writer comes; without blocking it opens at once
# and the descriptor is then seen to be no regular file. Windows has neither.
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


class DocumentError(ValueError):
    """The file is not a readable document of the expected kind."""


class NewerVersion(DocumentError):
    """The document was written by a newer Loyang than this one."""


@dataclass(frozen=True)
class Opened:
    """What `open_document` found: the document (None: start from the defaults), a message
    for the player if something was wrong, and whether the file must be left alone."""

    doc: dict | None
    problem: str | None = None
    read_only: bool = False


def read_bounded(path: str | os.PathLike, limit: int) -> bytes | None:
    """The bytes of the regular file at `path` (links followed), None if there is none.

    A folder, a FIFO or a device (a link to /dev/zero) is refused at once rather than read,
    and no more than `limit` + 1 bytes are ever read. Raises DocumentError with the reason.
    """
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise DocumentError(f"the file cannot be opened ({error.strerror or error})") from None
    except ValueError:  # a NUL character in the path
        raise DocumentError("that is not a valid file name") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise DocumentError("it is not a regular file (a folder, a pipe or a device)")
        with open(fd, "rb", closefd=False) as file:
            data = file.read(limit + 1)
    except OSError as error:
        raise DocumentError(f"the file cannot be read ({error.strerror or error})") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise DocumentError(f"it is larger than {limit // 1024} KB, far larger than any "
                            "Loyang file")
    return data


def read_document(path: Path, fmt: str, version: int) -> dict | None:
    """The document at `path`, None if there is none. DocumentError if it is damaged,
    NewerVersion if it is from a newer Loyang."""
    data = read_bounded(path, MAX_BYTES)
    if data is None:
        return None
    try:
        doc = msgpack.unpackb(data, raw=False, strict_map_key=True, max_str_len=MAX_BYTES,
                              max_bin_len=0, max_array_len=10_000, max_map_len=1_000)
    except (ValueError, msgpack.UnpackException) as error:  # malformed data, by its kinds
        raise DocumentError("not a readable msgpack file") from error
    if not isinstance(doc, dict) or doc.get("format") != fmt:
        raise DocumentError(f"not a {fmt} file")
    found = doc.get("version")
    if type(found) is int and found > version:
        raise NewerVersion(f"version {found}; this Loyang reads up to version {version}")
    if type(found) is not int or found != version:
        raise DocumentError(f"unknown version {found!r:.20}")
    return doc


def open_document(path: Path, fmt: str, version: int, what: str) -> Opened:
    """Read the document for a caller that carries on whatever the file holds: `what` names
    it in the message ("settings file")."""
    try:
        return Opened(read_document(path, fmt, version))
    except NewerVersion as error:
        return Opened(None, f"The {what} was made by a newer Loyang ({error}). It is kept "
                            "untouched, and what changes now is not saved to it.", True)
    except DocumentError as error:
        return Opened(None, f"The {what} could not be read ({error}); {put_aside(path)} and "
                            "defaults are used.")


def write_document(path: Path, fmt: str, version: int, body: dict) -> None:
    write_atomically(path, msgpack.packb({"format": fmt, "version": version, **body},
                                         use_bin_type=True))


def update_document(path: Path, fmt: str, version: int, what: str,
                    change: Callable[[dict | None], dict]) -> Opened:
    """Read-modify-write the document at `path` under its lock: `change` gets the document
    as the file holds it now (None: start from nothing) and returns the body to write. The
    file as found is returned: `read_only` (a newer Loyang's file: nothing was written) and
    `problem` (a damaged file, put aside first) as from `open_document`. Raises OSError
    (`filelock.Timeout` among them) if the lock or the write fails."""
    with document_lock(path):
        opened = open_document(path, fmt, version, what)
        if not opened.read_only:
            write_document(path, fmt, version, change(opened.doc))
    return opened


def change_shared(owner: Any, fmt: str, version: int, what: str,
                  change: Callable[[dict | None], dict]) -> None:
    """Change a table kept in a shared document (`owner`: its `path`, `problem` and
    `read_only`, kept up to date here): `change` gets the document as the file holds it now,
    under its lock, and returns the body written. For a newer Loyang's file (found now or
    when it was read) `change(None)` changes the table in memory alone and nothing is
    written."""
    if owner.read_only:
        change(None)
        return
    opened = update_document(owner.path, fmt, version, what, change)
    if opened.read_only:  # a newer Loyang wrote the file meanwhile: kept, not written over
        owner.read_only = True
        change(None)
    owner.problem = opened.problem or owner.problem


def put_aside(path: Path) -> str:
    """Rename a damaged file out of the way; the words saying where it went."""
    aside = _aside_name(path)
    try:
        os.replace(path, aside)
    except OSError:
        return "it could not be moved aside"
    return f"it was kept as {aside.name}"


def sound_entries(doc: dict, key: str, parse, path: Path, what: str) -> tuple[list, str | None]:
    """The entries of list `key` in `doc` that `parse` accepts (it gives None for a damaged
    one), and the player's message when some were left out (the file then copied aside)."""
    rows = doc.get(key)
    rows = rows if isinstance(rows, list) else [rows]
    kept = [entry for entry in map(parse, rows) if entry is not None]
    if len(kept) == len(rows):
        return kept, None
    return kept, drop_damaged(path, len(rows) - len(kept), len(rows), what)


def drop_damaged(path: Path, dropped: int, total: int, what: str) -> str:
    """Copy aside a file whose `dropped` damaged entries of `total` (`what`: "results in the
    high-score file") are left out; the message for the player."""
    aside = _aside_name(path)
    try:
        shutil.copyfile(path, aside)
        kept = f"the file as it was is kept as {aside.name}"
    except OSError:
        kept = "the file could not be copied aside"
    return (f"{dropped} of the {total} {what} {'was' if dropped == 1 else 'were'} damaged "
            f"and left out; {kept}.")


def _aside_name(path: Path) -> Path:
    """A free `<name>.bad-<time>` next to `path`: two in one second must not collide."""
    stem = f"{path.name}.bad-{datetime.now():%Y%m%d-%H%M%S}"
    aside, number = path.with_name(stem), 1
    while os.path.lexists(aside):
        number += 1
        aside = path.with_name(f"{stem}-{number}")
    return aside
