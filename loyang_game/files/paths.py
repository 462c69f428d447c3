"""Where the game keeps its files on disk.

One place decides the folder so that saves, autosaves, the solo high-score table and the
settings all land together, and so that tests can move all of them at once with
`LOYANG_SAVE_DIR` (tests/conftest.py points it at a temporary folder for every test).
"""

from __future__ import annotations

import os
from pathlib import Path

SAVE_DIR_VARIABLE = "LOYANG_SAVE_DIR"

# The checkout: the folder that holds the `loyang_game` package.
PACKAGE_DIR = Path(__file__).resolve().parent.parent  # loyang_game/ (this file is in files/)
PROJECT_DIR = PACKAGE_DIR.parent


def in_checkout() -> bool:
    """Running from the project folder (not from an installed copy in site-packages)."""
    return (PROJECT_DIR / "pyproject.toml").is_file()


def save_dir() -> Path:
    """The save folder: `$LOYANG_SAVE_DIR` if set, else `saves/` in the project folder, or
    for an installed copy a per-user folder (`$XDG_DATA_HOME/loyang/saves`).

    The folder is not created here; whoever writes the first file creates it, so merely
    looking for saves never leaves an empty folder behind.
    """
    configured = os.environ.get(SAVE_DIR_VARIABLE)
    if configured:
        return Path(configured).expanduser()
    if in_checkout():
        return PROJECT_DIR / "saves"
    data_home = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(data_home) / "loyang" / "saves"


def save_dir_problem() -> str | None:
    """Why the save folder cannot be used, in one line (None: it can). Only a folder set by
    `LOYANG_SAVE_DIR` can be wrong: set but empty, a file, a device, a home or root folder
    (whose other files are no game's to sit among), or one that cannot be made or written."""
    configured = os.environ.get(SAVE_DIR_VARIABLE)
    if configured is None:
        return None
    words = f"{SAVE_DIR_VARIABLE}={configured!r:.80}"
    if not configured.strip():
        return (f"{SAVE_DIR_VARIABLE} is set but empty: set it to a folder for the saves, or "
                "unset it")
    folder = Path(configured).expanduser()
    try:
        resolved = folder.resolve()
        if resolved in (Path.home().resolve(), Path(resolved.anchor)):
            return (f"{words} is your home folder or the root: give the saves a folder of "
                    f"their own, such as {Path.home() / 'loyang-saves'}")
        if resolved.exists() and not resolved.is_dir():
            return f"{words} is not a folder (it is a file or a device)"
        existing = next(p for p in (resolved, *resolved.parents) if p.exists())
        if not existing.is_dir() or not os.access(existing, os.W_OK | os.X_OK):
            return f"{words} cannot be written: {existing} is read-only or not a folder"
    except (OSError, ValueError, RuntimeError) as error:  # a NUL byte, a loop of links
        return f"{words} cannot be used as the save folder ({error})"
    return None


def asset_dir() -> Path:
    """The sprites: `assets/` of the checkout, or the installed package data."""
    if in_checkout():
        return PROJECT_DIR / "assets"
    return PACKAGE_DIR / "assets"
