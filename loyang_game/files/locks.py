"""Locks between copies of the game that share a save folder (two windows, or a window and a
test run): a shared document is changed by one of them at a time, and a game's autosave has
one writer.

The locks are the operating system's own (`flock` on Linux and macOS, `LockFileEx` on
Windows), taken through the `filelock` package: the system lets go of a lock when the process
holding it ends, however it ends, so a lock left by a killed game never blocks the next start,
and no lock file's age has to be guessed. The lock files live in `.locks/` in the save folder,
empty, and a game's goes when its save is deleted (`forget_game`) or found without a save
(`tidy_game_locks`).

A lock that cannot be taken at all (`.locks` is a file or a link, a lock file is a link, the
folder is read-only) is `LocksUnusable`: never "go ahead without one". A game is then not
opened (a copy may be), and a shared document is kept in memory (`storage`).
"""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path

from filelock import FileLock, Timeout

from ..words import _
from .disk import NotKept, is_regular_or_absent, own_folder

LOCK_FOLDER = ".locks"
# A document is read, changed and written in milliseconds; a writer that holds its lock for
# this long is stopped or stuck, and the change is kept in memory rather than the window
# frozen (it is written with the next change that gets the lock).
DOCUMENT_WAIT = 1.0
_GAME_LOCK = re.compile(r"game-(.+)\.lock")


class GameInUse(Exception):
    """The game is open in another window: its autosave is that window's to write."""


class LocksUnusable(OSError):
    """No lock can be taken in this save folder; the message says why, in a player's words."""


def lock_file(folder: Path, name: str) -> Path:
    """The lock file for `name` in `folder`'s lock folder (made if need be). Raises
    LocksUnusable if the lock folder or the lock file is something else (a file, a link)."""
    try:
        locks = own_folder(folder, LOCK_FOLDER)
    except NotKept as error:
        raise LocksUnusable(str(error)) from None
    except OSError as error:
        raise LocksUnusable(_("{path} cannot be made ({error})", path=folder / LOCK_FOLDER,
                              error=error.strerror or error)) from None
    path = locks / f"{name}.lock"
    if not is_regular_or_absent(path):
        raise LocksUnusable(_("{path} is not a lock file (a link, a folder or a device)",
                              path=path))
    return path


def document_lock(path: Path, wait: float = DOCUMENT_WAIT) -> FileLock:
    """The lock to hold while reading, changing and writing the document at `path`; waits
    up to `wait` seconds, then raises `filelock.Timeout` (an OSError). LocksUnusable if no
    lock can be had here."""
    return FileLock(lock_file(path.parent, path.name), timeout=wait)


def hold_game(folder: Path, game_id: str) -> FileLock:
    """Take the lock of game `game_id`'s autosave for as long as this window plays it
    (`release()` it when the table closes). Raises GameInUse if another window holds it,
    LocksUnusable if no lock can be taken here: then another window could open the game
    too, so it is not opened."""
    try:
        lock = FileLock(lock_file(folder, f"game-{game_id}"), timeout=0)
        lock.acquire()
    except Timeout:
        raise GameInUse(game_id) from None
    except LocksUnusable:
        raise
    except OSError as error:
        raise LocksUnusable(_("the game's lock cannot be taken ({error})",
                              error=error.strerror or error)) from None
    return lock


def held_elsewhere(folder: Path, game_id: str) -> bool:
    """Whether another window holds game `game_id` (so its save is not to be deleted)."""
    path = folder / LOCK_FOLDER / f"game-{game_id}.lock"
    if not path.is_file() or path.is_symlink():
        return False
    lock = FileLock(path, timeout=0)
    try:
        lock.acquire()
    except Timeout:
        return True
    except OSError:
        return False
    lock.release()
    return False


def forget_game(folder: Path, game_id: str) -> None:
    """Remove game `game_id`'s lock file once its save is gone, unless a window holds it."""
    path = folder / LOCK_FOLDER / f"game-{game_id}.lock"
    if not path.is_file() or path.is_symlink():
        return
    lock = FileLock(path, timeout=0)
    with contextlib.suppress(OSError):
        lock.acquire()
        try:
            os.unlink(path)
        finally:
            lock.release()


def tidy_game_locks(folder: Path, live: set[str]) -> int:
    """Remove the lock files of games whose autosave is gone (`live`: the game ids that have
    one); how many went. A lock a window holds stays."""
    try:
        names = [entry.name for entry in os.scandir(folder / LOCK_FOLDER)]
    except OSError:
        return 0
    gone = 0
    for name in names:
        match = _GAME_LOCK.fullmatch(name)
        if match and match.group(1) not in live:
            before = os.path.lexists(folder / LOCK_FOLDER / name)
            forget_game(folder, match.group(1))
            gone += before and not os.path.lexists(folder / LOCK_FOLDER / name)
    return gone
