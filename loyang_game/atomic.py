"""Atomic file writes, shared by saves, the high-score table and the settings."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_atomically(path: Path, data: bytes) -> None:
    """Write through a temporary file in the same folder (a rename is atomic only within one
    file system) that is flushed and fsynced before it is renamed over `path`: at every
    moment `path` is either the old file or the whole new one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
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
