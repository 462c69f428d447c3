"""Small msgpack documents in the save folder (settings, high scores, the record of games).

A document is {"format": name, "version": n, ...}, of a `Kind` that names its format, its
version, its words for the player and its size cap. Reading never trusts the file: only a
regular file is read (`disk.read_bounded`), never more than its kind's cap, and msgpack
unpacks with limits, so a document decodes within about 64 times its cap in memory (an empty
list is one byte in the file and about 64 in memory). Each kind's cap is far above the most
its writer writes (a test writes the largest and reads it back), so no valid file is ever put
aside for its size. A file that cannot be used is never lost:

- a damaged one is renamed aside (`<name>.bad-<time>`) and the caller starts from defaults;
- one written by a newer Loyang is left exactly as it is and not written over in this
  session, so going back to the newer version finds everything (`Opened.read_only`);
- a readable one with some damaged entries is copied aside and the caller drops only those.

Every case comes with a message for the player, and a line in the log.

A document shared by every window on the folder is changed only through `update_document`:
under the folder's lock for it, the file is read again and the change applied to what it
holds now, so two windows that add a result at once keep both. When it cannot be locked or
written, the change is kept in this window's memory (`change_shared`), said once.
"""

from __future__ import annotations

import logging
import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import msgpack

from ..words import N_, _, ngettext
from .disk import NotKept, read_bounded, write_atomically
from .locks import document_lock

MAX_BYTES = 256 * 1024  # the cap of a kind that names none

# The player's messages about each kind of document (by its `Kind.what`), each a whole
# sentence (the languages give each document its own gender and article).
NEWER = {
    "settings file": N_("The settings file was made by a newer Loyang ({error}). It is kept "
                        "untouched, and what changes now is not saved to it."),
    "high-score file": N_("The high-score file was made by a newer Loyang ({error}). It is "
                          "kept untouched, and what changes now is not saved to it."),
    "record of games": N_("The record of games was made by a newer Loyang ({error}). It is "
                          "kept untouched, and what changes now is not saved to it."),
}
UNREADABLE_KEPT = {
    "settings file": N_("The settings file could not be read ({error}); it was kept as {name} "
                        "and the defaults are used."),
    "high-score file": N_("The high-score file could not be read ({error}); it was kept as "
                          "{name} and an empty table is used."),
    "record of games": N_("The record of games could not be read ({error}); it was kept as "
                          "{name} and an empty record is used."),
}
UNREADABLE_LEFT = {
    "settings file": N_("The settings file could not be read ({error}) nor moved aside; the "
                        "defaults are used."),
    "high-score file": N_("The high-score file could not be read ({error}) nor moved aside; an "
                          "empty table is used."),
    "record of games": N_("The record of games could not be read ({error}) nor moved aside; an "
                          "empty record is used."),
}
UNWRITABLE = {
    "settings file": N_("The settings file cannot be saved now ({error}): what changes is kept "
                        "in this window and saved when it can be."),
    "high-score file": N_("The high-score file cannot be saved now ({error}): what changes is "
                          "kept in this window and saved when it can be."),
    "record of games": N_("The record of games cannot be saved now ({error}): what changes is "
                          "kept in this window and saved when it can be."),
}


def _said(table: dict[str, str], what: str, **values: object) -> str:
    """The message of `table` for the kind of document `what`, in the player's language (a
    kind it does not know: the first kind's words, with its name in English)."""
    template = table.get(what)
    if template is None:
        return f"{what}: " + _(next(iter(table.values())), **values)
    return _(template, **values)


def _dropped(what: str, dropped: int, total: int, name: str | None) -> str:
    """`dropped` of `total` damaged entries of a document left out, the file kept as `name`
    (None: it could not be copied aside)."""
    if what == "results in the high-score file":
        if name is None:
            return ngettext("{n} of the {total} results in the high-score file was damaged and "
                            "left out; the file could not be copied aside.",
                            "{n} of the {total} results in the high-score file were damaged and "
                            "left out; the file could not be copied aside.", dropped,
                            total=total)
        return ngettext("{n} of the {total} results in the high-score file was damaged and left "
                        "out; the file as it was is kept as {name}.",
                        "{n} of the {total} results in the high-score file were damaged and left "
                        "out; the file as it was is kept as {name}.", dropped, total=total,
                        name=name)
    if name is None:
        return ngettext("{n} of the {total} games in the record of games was damaged and left "
                        "out; the file could not be copied aside.",
                        "{n} of the {total} games in the record of games were damaged and left "
                        "out; the file could not be copied aside.", dropped, total=total)
    return ngettext("{n} of the {total} games in the record of games was damaged and left out; "
                    "the file as it was is kept as {name}.",
                    "{n} of the {total} games in the record of games were damaged and left out; "
                    "the file as it was is kept as {name}.", dropped, total=total, name=name)


@dataclass(frozen=True)
class Kind:
    """A kind of document: its format's name, the version this Loyang writes, what the
    player calls it ("record of games") and the most bytes a file of it may have."""

    format: str
    version: int
    what: str
    limit: int = MAX_BYTES
log = logging.getLogger(__name__)

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


def read_document(path: Path, kind: Kind) -> dict | None:
    """The document at `path`, None if there is none. DocumentError if it is damaged,
    NewerVersion if it is from a newer Loyang."""
    try:
        data = read_bounded(path, kind.limit)
    except NotKept as error:
        raise DocumentError(str(error)) from None
    if data is None:
        return None
    try:
        doc = msgpack.unpackb(data, raw=False, strict_map_key=True, max_str_len=kind.limit,
                              max_bin_len=0, max_array_len=10_000, max_map_len=1_000)
    except (ValueError, msgpack.UnpackException) as error:  # malformed data, by its kinds
        raise DocumentError(_("not a readable msgpack file")) from error
    fmt, version = kind.format, kind.version
    if not isinstance(doc, dict) or doc.get("format") != fmt:
        raise DocumentError(_("not a {format} file", format=fmt))
    found = doc.get("version")
    if type(found) is int and found > version:
        raise NewerVersion(_("version {found}; this Loyang reads up to version {version}",
                             found=str(found), version=str(version)))
    if type(found) is not int or found != version:
        raise DocumentError(_("unknown version {found}", found=format(repr(found), ".20")))
    return doc


def open_document(path: Path, kind: Kind) -> Opened:
    """Read the document for a caller that carries on whatever the file holds."""
    try:
        return Opened(read_document(path, kind))
    except NewerVersion as error:
        log.warning("%s was made by a newer Loyang (%s): left untouched", path, error)
        return Opened(None, _said(NEWER, kind.what, error=error), True)
    except DocumentError as error:
        aside = put_aside(path)
        log.warning("%s could not be read (%s); %s", path, error,
                    f"kept as {aside.name}" if aside else "not moved aside")
        if aside is None:
            return Opened(None, _said(UNREADABLE_LEFT, kind.what, error=error))
        return Opened(None, _said(UNREADABLE_KEPT, kind.what, error=error, name=aside.name))


def write_document(path: Path, kind: Kind, body: dict) -> None:
    data = msgpack.packb({"format": kind.format, "version": kind.version, **body},
                         use_bin_type=True)
    if len(data) > kind.limit:  # the reader could not read it back: a defect, said loudly
        raise ValueError(f"a {kind.what} of {len(data)} bytes is over its cap of {kind.limit}")
    write_atomically(path, data)


def update_document(path: Path, kind: Kind, change: Callable[[dict | None], dict]) -> Opened:
    """Read-modify-write the document at `path` under its lock: `change` gets the document
    as the file holds it now (None: start from nothing) and returns the body to write. The
    file as found is returned: `read_only` (a newer Loyang's file: nothing was written) and
    `problem` (a damaged file, put aside first) as from `open_document`. Raises OSError if
    the lock cannot be had (`locks.LocksUnusable`, `filelock.Timeout`) or the write fails."""
    with document_lock(path):
        opened = open_document(path, kind)
        if not opened.read_only:
            write_document(path, kind, change(opened.doc))
    return opened


def change_shared(owner: Any, kind: Kind, change: Callable[[dict | None], dict]) -> bool:
    """Change a table kept in a shared document (`owner`: its `path`, `problem` and
    `read_only`, kept up to date here): `change` gets the document as the file holds it now,
    under its lock, and returns the body written; whether it was written. `change(None)`
    changes the table in memory alone: for a newer Loyang's file (found now or when it was
    read), and when the file cannot be locked or written, which the player is told once
    (`unwritten` then keeps the table for this window's next look)."""
    if owner.read_only:
        change(None)
        return False
    try:
        opened = update_document(owner.path, kind, change)
    except OSError as error:
        change(None)
        _UNWRITTEN[owner.path] = owner
        owner.problem = not_written(owner.path, kind.what, error) or owner.problem
        return False
    _UNWRITTEN.pop(owner.path, None)
    if opened.read_only:  # a newer Loyang wrote the file meanwhile: kept, not written over
        owner.read_only = True
        change(None)
    owner.problem = opened.problem or owner.problem
    return not opened.read_only


# The tables this window changed but could not write (by file): what a later look shows.
_UNWRITTEN: dict[Path, Any] = {}
_TOLD: set[Path] = set()


def unwritten(path: Path) -> Any:
    """The table this window keeps in memory for `path`, None if the file holds it all."""
    return _UNWRITTEN.get(path)


def not_written(path: Path, what: str, error: OSError) -> str | None:
    """The player's message, the first time in this window, that the document at `path`
    cannot be written (None after that: said once); the log has every time."""
    log.warning("the %s (%s) could not be written: %s", what, path, error)
    if path in _TOLD:
        return None
    _TOLD.add(path)
    return _said(UNWRITABLE, what, error=error.strerror or error)


def put_aside(path: Path) -> Path | None:
    """Rename a damaged file out of the way; where it went (None: it could not be moved)."""
    aside = _aside_name(path)
    try:
        os.replace(path, aside)
    except OSError:
        return None
    return aside


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
    name: str | None = aside.name
    try:
        shutil.copyfile(path, aside, follow_symlinks=False)
    except OSError:
        name = None
    log.warning("%s: %s of %s %s damaged and left out; %s", path, dropped, total, what,
                f"copied aside as {name}" if name else "not copied aside")
    return _dropped(what, dropped, total, name)


def _aside_name(path: Path) -> Path:
    """A free `<name>.bad-<time>` next to `path`: two in one second must not collide."""
    stem = f"{path.name}.bad-{datetime.now():%Y%m%d-%H%M%S}"
    aside, number = path.with_name(stem), 1
    while os.path.lexists(aside):
        number += 1
        aside = path.with_name(f"{stem}-{number}")
    return aside
