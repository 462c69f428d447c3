"""Names for saved games: the file a name is saved to, whether another save already has that
file, and a default name that no save has yet.

A name becomes a file name by slugging (case folded, every run of anything but letters and
digits one '-'), so names that differ only in case or punctuation ("Evening game",
"evening-GAME!") share a file: the Save dialog asks before it replaces one with the other.
A name is never slugged into an autosave's file or one of the other documents that share the
save folder (`DOCUMENTS`: a game saved as "Records" must not replace the record of games).
"""

from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path

from ..words import _
from . import highscores, records, settings
from .paths import save_dir
from .save import AUTOSAVE_PREFIX, MAX_NAME, SUFFIX, SaveInfo, read_summary

# The files in the save folder that are not games.
DOCUMENTS = frozenset({settings.FILE_NAME, highscores.FILE_NAME, records.FILE_NAME})

MAX_SLUG = 48  # characters: even four-byte letters stay far below a file name's 255 bytes


def slug(name: str) -> str:
    """The file-name form of a save's name: "Evening game!" -> "evening-game". Letters of
    every script are kept (NFKC-normalised, so one letter typed two ways is one letter); a
    name with none gives "save", and one that would pass for an autosave or name one of the
    `DOCUMENTS` is prefixed ("save-records")."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    text = re.sub(r"[\W_]+", "-", folded).strip("-")[:MAX_SLUG].strip("-") or "save"
    if text.startswith(AUTOSAVE_PREFIX.rstrip("-")) or f"{text}{SUFFIX}" in DOCUMENTS:
        text = f"save-{text}"
    return text


def save_path(name: str, folder: str | os.PathLike | None = None) -> Path:
    """The file a save called `name` goes to, in `folder` (the save folder by default)."""
    return (save_dir() if folder is None else Path(folder)) / f"{slug(name)}{SUFFIX}"


def taken_by(name: str, folder: str | os.PathLike | None = None) -> SaveInfo | None:
    """The save that saving under `name` would replace, None if its file is free: the
    dialog asks before overwriting it, showing its title (an unreadable file comes back
    with `error` set, and is replaced all the same if the player agrees)."""
    path = save_path(name, folder)
    return read_summary(path) if os.path.lexists(path) else None


def unique_name(base: str, folder: str | os.PathLike | None = None) -> str:
    """`base`, or `base (2)`, `base (3)`... the first whose file no save has, at most
    MAX_NAME characters long."""
    name, number = base[:MAX_NAME], 1
    while os.path.lexists(save_path(name, folder)):
        number += 1
        tail = f" ({number})"
        name = f"{base[:MAX_NAME - len(tail)].rstrip()}{tail}"
    return name


def default_save_name(names: list[str], round_number: int,
                      folder: str | os.PathLike | None = None) -> str:
    """The name the Save dialog offers: who plays and the round ("Ana vs Bo, round 3", or
    "Ana solo, round 3"), made unique among the saves in `folder`."""
    round_number = max(1, round_number)
    if len(names) > 1:  # in the player's language: a name offered, the player's once taken
        base = _("{names}, round {round}", names=" vs ".join(names), round=round_number)
    else:
        base = _("{name} solo, round {round}", name=names[0], round=round_number)
    return unique_name(base, folder)
