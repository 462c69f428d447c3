"""Atomic file writes, shared by saves, the high-score table and the settings, and the
clean-up of what a crash in the middle of one leaves behind."""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
import time
from pathlib import Path

# The temporary files `write_atomically` makes: ".<name>.<8 random characters>.tmp".
_TEMPORARY = re.compile(r"\..+\.[a-z0-9_]{8}\.tmp")
# A write takes milliseconds; a temporary file older than this belongs to no running write.
LEFTOVER_AGE = 60.0


def write_atomically(path: Path, data: bytes) -> None:
    """Write through a temporary file in the same folder (a rename is atomic only within one
    file system) that is flushed and fsynced before it is renamed over `path`: at every
    moment `path` is either the old file or the whole new one.

    A symbolic link is followed: its target gets the new contents and the link stays a
    link. The file keeps its permissions; a new file is private to its owner.
    """
    path = Path(os.path.realpath(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except OSError:  # no file yet: mkstemp's owner-only permissions stay
        mode = None
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        if mode is not None:
            os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    # Make the rename itself durable too. Best effort: the new file is already in place, not
    # every file system can sync a folder, and Windows cannot open one.
    if os.name == "posix":
        with contextlib.suppress(OSError):
            folder = os.open(path.parent, os.O_RDONLY)
            try:
                os.fsync(folder)
            finally:
                os.close(folder)


def remove_leftovers(folder: Path, now: float | None = None) -> list[str]:
    """Delete the temporary files that writes interrupted by a crash left in `folder`; the
    names removed. Only files last written more than `LEFTOVER_AGE` seconds before `now`
    (`time.time()` by default) go, so that another copy of the game saving at this moment
    keeps its own.
    """
    now = time.time() if now is None else now
    removed: list[str] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:  # no folder yet, or it cannot be read: nothing to tidy
        return removed
    for entry in entries:
        if not _TEMPORARY.fullmatch(entry.name):
            continue
        with contextlib.suppress(OSError):
            if entry.is_file(follow_symlinks=False) and (
                    now - entry.stat(follow_symlinks=False).st_mtime > LEFTOVER_AGE):
                os.unlink(entry.path)
                removed.append(entry.name)
    return removed
