"""Settings remembered between runs: `settings.msgpack` in the save folder.

A missing file gives the defaults; a damaged one is kept aside and reported
(`Settings.problem`), never a crash, and one from a newer Loyang is reported and left as it
is (the settings changed in this session are then not saved). Unknown keys are ignored and
bad values fall back to their defaults one by one, so one wrong value never costs the others.

Loading the settings is the first thing a start-up does with the save folder, so it also
removes the temporary files a crash in the middle of a save left there.
"""

from __future__ import annotations

import logging
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from ..text.safe_text import displayable
from ..words import ENGLISH, LANGUAGES, system_language
from .disk import remove_leftovers
from .paths import save_dir
from .storage import Kind, not_written, open_document, read_document, update_document

FILE_NAME = "settings.msgpack"
FORMAT = "loyang-settings"
VERSION = 1
KIND = Kind(FORMAT, VERSION, "settings file", 64 * 1024)  # the most written: about 5 KB
SPEEDS = ("off", "fast", "normal", "slow")
MIN_SIZE, MAX_SIZE = (1024, 640), (7680, 4320)
log = logging.getLogger(__name__)


@dataclass
class Settings:
    width: int = 1280
    height: int = 800
    fullscreen: bool = False
    speed: str = "normal"  # animation speed, one of SPEEDS
    colour_blind: bool = False  # a palette that does not rely on red/green
    confirm_unserved: bool = True  # warn before ending a turn with an unserved customer
    player_name: str = "Player"
    hints: bool = True  # the first-game guide: a short hint the first time each phase comes up
    hints_seen: list[str] = field(default_factory=list)  # first-game hints already shown
    volume: int = 70  # the sound effects' volume, 0-100 (percent)
    mute: bool = False  # no sound effects (M at the table)
    hints_ahead: bool = False  # the coach thinks ahead on your decisions (a hint at once)
    # The game's language, one of words.LANGUAGES; "" until the player chooses one: the
    # system's language then, when the game speaks it, else English (`spoken`).
    language: str = ""
    # The last New game's table: "seats" (1-4), "kinds" and "names" (four each: who sat
    # where), "intro"; New game starts from it. Empty before a first game.
    last_setup: dict = field(default_factory=dict)
    path: Path | None = field(default=None, repr=False, compare=False)
    problem: str | None = field(default=None, compare=False)
    read_only: bool = field(default=False, repr=False, compare=False)  # a newer Loyang's file

    # The settings as this window last read or wrote them: what it changed is told from them.
    saved: dict = field(default_factory=dict, repr=False, compare=False)

    def save(self) -> str | None:
        """Write the settings this window changed onto the file as it is now, under its lock,
        so that what another window changed meanwhile is kept (and taken on here); a list
        (the hints already seen) gets this window's additions and removals. If the file
        cannot be locked or written, the settings stay as they are in this window and are
        written with the next save that can: the problem is returned, the first time."""
        if self.read_only:
            return None
        mine = self.values()

        def change(doc: dict | None) -> dict:
            theirs = {name: _shown(doc[name]) if doc and name in doc
                      and _valid(name, doc[name], value) else value
                      for name, value in mine.items()}
            merged = {name: _merge(self.saved.get(name, _UNREAD), value, theirs[name])
                      for name, value in mine.items()}
            for name, value in merged.items():
                setattr(self, name, value)
            return merged

        path = self.path or _default_path()
        try:
            opened = update_document(path, KIND, change)
        except OSError as error:
            return not_written(path, KIND.what, error)
        if opened.read_only:  # a newer Loyang wrote the file meanwhile: it is left alone
            self.read_only, self.problem = True, opened.problem
        self.saved = self.values()
        return None

    def spoken(self) -> str:
        """The language to speak: the one chosen, else the system's (English if the game
        does not speak it)."""
        return self.language if self.language in LANGUAGES else system_language()

    def values(self) -> dict:
        """The settings themselves, as the file holds them."""
        return {f.name: _copy(getattr(self, f.name)) for f in fields(self)
                if f.name not in _NOT_SETTINGS}


_NOT_SETTINGS = ("path", "problem", "read_only", "saved")
_UNREAD = object()  # a setting of a Settings made here, not read from the file: a change


def _copy(value: object) -> object:
    if isinstance(value, dict):
        return {key: _copy(item) for key, item in value.items()}
    return list(value) if isinstance(value, list) else value


def _shown(value: object) -> object:
    """A setting as read from the file, its texts made displayable (a name with control
    characters is shown, and kept, with `?` for them)."""
    if isinstance(value, str):
        return displayable(value)
    if isinstance(value, list):
        return [_shown(item) for item in value]
    if isinstance(value, dict):
        return {key: _shown(item) for key, item in value.items()}
    return value


def _merge(before: object, mine: object, theirs: object) -> object:
    """One setting, three ways: unchanged here, the file's; a list, the file's with this
    window's additions and removals; else this window's."""
    if mine == before:
        return theirs
    if isinstance(mine, list) and isinstance(before, list) and isinstance(theirs, list):
        added = [v for v in mine if v not in before and v not in theirs]
        return [v for v in theirs if v in mine or v not in before] + added
    return mine


def _default_path() -> Path:
    return save_dir() / FILE_NAME


def _valid(name: str, value: object, default: object) -> bool:
    if name in ("width", "height"):
        index = 0 if name == "width" else 1
        return type(value) is int and MIN_SIZE[index] <= value <= MAX_SIZE[index]
    if name == "speed":
        return value in SPEEDS
    if name == "volume":
        return type(value) is int and 0 <= value <= 100
    if name == "language":
        return value == "" or value in LANGUAGES
    if name == "player_name":
        return isinstance(value, str) and 0 < len(value) <= 24
    if name == "last_setup":
        return value == {} or _valid_setup(value)
    if name == "hints_seen":
        return isinstance(value, list) and all(isinstance(v, str) and len(v) < 40
                                               for v in value) and len(value) < 100
    return type(value) is type(default)


def _valid_setup(value: object) -> bool:
    if not isinstance(value, dict) or set(value) != {"seats", "kinds", "names", "intro"}:
        return False
    texts = (value["kinds"], value["names"])
    return (type(value["seats"]) is int and 1 <= value["seats"] <= 4
            and type(value["intro"]) is bool
            and all(isinstance(t, list) and len(t) == 4 and all(
                isinstance(v, str) and len(v) <= 24 for v in t) for t in texts))


def load(folder: str | os.PathLike | None = None) -> Settings:
    path = (Path(folder) if folder is not None else save_dir()) / FILE_NAME
    remove_leftovers(path.parent)
    opened = open_document(path, KIND)
    loaded = Settings(path=path, problem=opened.problem, read_only=opened.read_only)
    doc = opened.doc or {}
    for name, default in asdict(loaded).items():
        if name not in doc or name in _NOT_SETTINGS:
            continue
        if _valid(name, doc[name], default):
            setattr(loaded, name, _shown(doc[name]))
        elif name == "language":  # a language this Loyang does not speak: English
            log.warning("%s: the language %.40r is not one of %s; English is used", path,
                        doc[name], ", ".join(LANGUAGES))
            loaded.language = ENGLISH
        else:
            log.warning("%s: the setting %s is out of range or of the wrong kind (%.40r); "
                        "its default is used", path, name, doc[name])
    loaded.saved = loaded.values()
    return loaded


def stored_language() -> str:
    """The language to speak before the settings are loaded (for `loyang --help` and the
    option checks): the one chosen in Settings, else the system's. Only reads: a file that
    cannot be read, or no save folder, gives the system's language."""
    try:
        doc = read_document(_default_path(), KIND) or {}
    except Exception:  # whatever is wrong with the file is told when it is loaded
        doc = {}
    language = doc.get("language", "")
    if not _valid("language", language, ""):
        return ENGLISH  # as `load` says it
    return Settings(language=language).spoken()
