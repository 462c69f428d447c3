"""Where the game keeps its files on disk.

One place decides the folder so that saves, autosaves, the solo high-score table, the
settings and the log all land together, and so that tests can move all of them at once with
`LOYANG_SAVE_DIR` (tests/conftest.py points it at a temporary folder for every test).

The folder, first match wins:

- `$LOYANG_SAVE_DIR`;
- `saves/` in the project folder, run from a checkout;
- for an installed copy or the download (a PyInstaller build), `saves` in the folder where
  the system keeps an application's data (`platformdirs.user_data_dir("loyang")`):
  `~/.local/share/loyang/saves` on Linux (`$XDG_DATA_HOME/loyang/saves`),
  `~/Library/Application Support/loyang/saves` on macOS, `%LOCALAPPDATA%\\loyang\\saves` on
  Windows.

Before issue 48 an installed copy used the XDG folder on every system. On a system where the
two differ (macOS, Windows), that old folder is moved over to the new place the first time
it is looked for (`settle_save_dir`): only when the new place is missing or empty and the old
one holds something, by one rename of the whole folder (or, across disks, a copy renamed into
place, the old folder left as it was), so nothing is lost and nothing overwritten, and two
windows starting at once cannot both move it. When it cannot be moved, the old folder stays
in use and the log (and the title screen) says why.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import secrets
import shutil
import sys
import threading
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from ..words import _

APP_NAME = "loyang"
SAVE_DIR_VARIABLE = "LOYANG_SAVE_DIR"

# The checkout: the folder that holds the `loyang_game` package.
PACKAGE_DIR = Path(__file__).resolve().parent.parent  # loyang_game/ (this file is in files/)
PROJECT_DIR = PACKAGE_DIR.parent

log = logging.getLogger(__name__)


def frozen() -> bool:
    """Running as the download: a PyInstaller build, its files unpacked in `sys._MEIPASS`."""
    return bool(getattr(sys, "frozen", False)) and hasattr(sys, "_MEIPASS")


def bundle_dir() -> Path:
    """The download's folder of bundled files (`_internal/` beside the program); only
    meaningful when `frozen()`."""
    return Path(getattr(sys, "_MEIPASS", PROJECT_DIR))


def in_checkout() -> bool:
    """Running from the project folder (not from an installed copy in site-packages, nor
    from the download)."""
    return not frozen() and (PROJECT_DIR / "pyproject.toml").is_file()


def save_dir() -> Path:
    """The save folder: `$LOYANG_SAVE_DIR` if set, else `saves/` in the project folder, or
    for an installed copy (and the download) `saves` in the system's per-user data folder
    (module docstring), once an older copy's folder has been moved there.

    The folder is not created here; whoever writes the first file creates it, so merely
    looking for saves never leaves an empty folder behind (moving an old folder over makes
    the new one, with the old one's files in it).
    """
    configured = os.environ.get(SAVE_DIR_VARIABLE)
    if configured:
        return Path(configured).expanduser()
    if in_checkout():
        return PROJECT_DIR / "saves"
    return settle_save_dir().folder


def platform_save_dir() -> Path:
    """The installed copy's save folder, where this system keeps an application's data."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "saves"


def old_save_dir() -> Path:
    """Where an installed copy kept its saves before issue 48, on every system: the XDG
    folder (on Linux the same as `platform_save_dir`)."""
    data_home = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(data_home) / APP_NAME / "saves"


@dataclass(frozen=True)
class Settled:
    """The save folder an installed copy uses, and what was done to make it so: `note` a
    line for the log (a move made, or why it could not be), at `level`."""

    folder: Path
    note: str | None = None
    level: int = logging.INFO

    @property
    def kept_old(self) -> bool:
        """The old folder is still in use: it could not be moved over."""
        return self.level >= logging.WARNING


_settled: dict[tuple[Path, Path], Settled] = {}
_settling = threading.Lock()


def settle_save_dir() -> Settled:
    """The save folder of this start, with the old folder moved over if it has to be (module
    docstring). Done once per process and pair of folders: every later call answers at once.
    With `LOYANG_SAVE_DIR` set, or in a checkout, nothing is moved."""
    configured = os.environ.get(SAVE_DIR_VARIABLE)
    if configured or in_checkout():
        return Settled(save_dir())
    old, new = old_save_dir(), platform_save_dir()
    with _settling:
        if (old, new) not in _settled:
            _settled[(old, new)] = move_old_saves(old, new)
        return _settled[(old, new)]


def move_old_saves(old: Path, new: Path) -> Settled:
    """Move the folder `old` to `new` if `new` is missing or empty and `old` holds anything;
    the folder to use from now on. Never writes over anything in `new`, never deletes a
    file: the folder is renamed as a whole, or (on another disk) copied next to `new` and
    renamed into place, the old one left as it was. Another window doing the same at the same
    moment is harmless: one rename wins, the other finds `new` full and uses it."""
    if _same(old, new) or not _holds_anything(old):
        return Settled(new)
    if os.path.lexists(new) and not new.is_dir():
        return _keep(old, new, _("{folder} is not a folder", folder=new))
    if _holds_anything(new):
        return Settled(new)  # already in use: never overwritten; the old folder stays as it is
    try:
        new.parent.mkdir(parents=True, exist_ok=True)
        _rename_into(old, new)
    except OSError as error:
        if _holds_anything(new) or not os.path.lexists(old):
            return Settled(new)  # another window moved it first
        if error.errno != errno.EXDEV and getattr(error, "winerror", None) != 17:
            return _keep(old, new, error.strerror or str(error))
        return _copy_over(old, new)
    with contextlib.suppress(OSError):
        os.rmdir(old.parent)  # the old `loyang` folder, if nothing else is in it
    return Settled(new, _("the save folder was moved from {old} to {new}, where this system "
                          "keeps an application's data", old=old, new=new))


def _copy_over(old: Path, new: Path) -> Settled:
    """`old` is on another disk than `new`: copy it next to `new`, then rename the copy into
    place (so `new` is never half full); the old folder is left untouched."""
    copy = new.with_name(f".{new.name}.moving-{secrets.token_hex(4)}")
    try:
        shutil.copytree(old, copy, symlinks=True)
        _rename_into(copy, new)
    except OSError as error:
        shutil.rmtree(copy, ignore_errors=True)
        if _holds_anything(new):
            return Settled(new)  # another window's copy won
        return _keep(old, new, _("copying it failed: {error}", error=error.strerror or error))
    return Settled(new, _("the save folder was copied from {old} to {new}, where this system "
                          "keeps an application's data; {old} is left as it was (another "
                          "disk): delete it when you wish", old=old, new=new))


def _rename_into(source: Path, target: Path) -> None:
    """Rename the folder `source` to `target`, which is missing or an empty folder: atomic,
    and refused (OSError) if `target` holds anything."""
    if os.name == "nt" and target.is_dir():
        os.rmdir(target)  # Windows renames onto no folder, empty or not; fails if not empty
    os.rename(source, target)


def _keep(old: Path, new: Path, why: str) -> Settled:
    return Settled(old, _("the save folder {old} could not be moved to {new} ({why}): the "
                          "saves stay in {old}", old=old, new=new, why=why), logging.WARNING)


def _same(a: Path, b: Path) -> bool:
    try:
        return a == b or a.resolve() == b.resolve()
    except (OSError, RuntimeError):
        return False


def _holds_anything(folder: Path) -> bool:
    """A folder with at least one entry (a file, a folder, a link) in it."""
    try:
        with os.scandir(folder) as entries:
            return next(entries, None) is not None
    except (OSError, ValueError):
        return False


def save_dir_problem() -> str | None:
    """Why the save folder cannot be used, in one line (None: it can). Only a folder set by
    `LOYANG_SAVE_DIR` can be wrong: set but empty, a file, a device, a home or root folder
    (whose other files are no game's to sit among), or one that cannot be made or written."""
    configured = os.environ.get(SAVE_DIR_VARIABLE)
    if configured is None:
        return None
    words = f"{SAVE_DIR_VARIABLE}={configured!r:.80}"
    if not configured.strip():
        return _("{variable} is set but empty: set it to a folder for the saves, or unset it",
                 variable=SAVE_DIR_VARIABLE)
    folder = Path(configured).expanduser()
    try:
        resolved = folder.resolve()
        if resolved in (Path.home().resolve(), Path(resolved.anchor)):
            return _("{setting} is your home folder or the root: give the saves a folder of "
                     "their own, such as {folder}", setting=words,
                     folder=Path.home() / "loyang-saves")
        if resolved.exists() and not resolved.is_dir():
            return _("{setting} is not a folder (it is a file or a device)", setting=words)
        existing = next(p for p in (resolved, *resolved.parents) if p.exists())
        if not existing.is_dir() or not os.access(existing, os.W_OK | os.X_OK):
            return _("{setting} cannot be written: {folder} is read-only or not a folder",
                     setting=words, folder=existing)
    except (OSError, ValueError, RuntimeError) as error:  # a NUL byte, a loop of links
        return _("{setting} cannot be used as the save folder ({error})", setting=words,
                 error=error)
    return None


def asset_dir() -> Path:
    """The sprites and sounds: `assets/` of the checkout, the installed package data, or in
    the download the same package data bundled beside the program."""
    if frozen():
        return bundle_dir() / "loyang_game" / "assets"
    if in_checkout():
        return PROJECT_DIR / "assets"
    return PACKAGE_DIR / "assets"
