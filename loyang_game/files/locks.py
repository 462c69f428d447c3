"""Locks between copies of the game that share a save folder (two windows, or a window and a
test run): a shared document is changed by one of them at a time, and a game's autosave has
one writer.

The locks are the operating system's own (`flock` on Linux and macOS, `LockFileEx` on
Windows), taken through the `filelock` package: the system lets go of a lock when the process
holding it ends, however it ends, so a lock left by a killed game never blocks the next start,
and no lock file's age has to be guessed. The lock files live in `.locks/` in the save folder
and stay there, empty, between uses.
"""

from __future__ import annotations

from pathlib import Path

from filelock import FileLock, Timeout

LOCK_FOLDER = ".locks"
# A document is read, changed and written in milliseconds; a writer that holds its lock for
# this long is stuck, and the change is given up with a message rather than the window frozen.
DOCUMENT_WAIT = 10.0


class GameInUse(Exception):
    """The game is open in another window: its autosave is that window's to write."""


def lock_file(folder: Path, name: str) -> Path:
    """The lock file for `name` in `folder`'s lock folder (made if need be)."""
    locks = folder / LOCK_FOLDER
    locks.mkdir(parents=True, exist_ok=True)
    return locks / f"{name}.lock"


def document_lock(path: Path, wait: float = DOCUMENT_WAIT) -> FileLock:
    """The lock to hold while reading, changing and writing the document at `path`; waits
    up to `wait` seconds, then raises `filelock.Timeout` (an OSError)."""
    return FileLock(lock_file(path.parent, path.name), timeout=wait)


def hold_game(folder: Path, game_id: str) -> FileLock | None:
    """Take the lock of game `game_id`'s autosave for as long as this window plays it
    (`release()` it when the table closes). Raises GameInUse if another window holds it.
    None if no lock can be made here (a save folder that cannot be written): the game is
    played all the same, and its autosave reports its own failure."""
    try:
        lock = FileLock(lock_file(folder, f"game-{game_id}"), timeout=0)
        lock.acquire()
    except Timeout:
        raise GameInUse(game_id) from None
    except OSError:
        return None
    return lock
