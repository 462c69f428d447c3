"""Settings remembered between runs: `settings.msgpack` in the save folder.

A missing file gives the defaults; a damaged one is kept aside and reported
(`Settings.problem`), never a crash. Unknown keys are ignored and bad values fall back to
their defaults one by one, so one wrong value never costs the others.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from .paths import save_dir
from .storage import DocumentError, put_aside, read_document, write_document

FILE_NAME = "settings.msgpack"
FORMAT = "loyang-settings"
VERSION = 1
SPEEDS = ("off", "fast", "normal", "slow")
MIN_SIZE, MAX_SIZE = (1024, 640), (7680, 4320)


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
    path: Path | None = field(default=None, repr=False, compare=False)
    problem: str | None = field(default=None, compare=False)

    def save(self) -> None:
        body = {f.name: getattr(self, f.name) for f in fields(self)
                if f.name not in ("path", "problem")}
        write_document(self.path or _default_path(), FORMAT, VERSION, body)


def _default_path() -> Path:
    return save_dir() / FILE_NAME


def _valid(name: str, value: object, default: object) -> bool:
    if name in ("width", "height"):
        index = 0 if name == "width" else 1
        return type(value) is int and MIN_SIZE[index] <= value <= MAX_SIZE[index]
    if name == "speed":
        return value in SPEEDS
    if name == "player_name":
        return isinstance(value, str) and 0 < len(value) <= 24
    if name == "hints_seen":
        return isinstance(value, list) and all(isinstance(v, str) and len(v) < 40
                                               for v in value) and len(value) < 100
    return type(value) is type(default)


def load(folder: str | os.PathLike | None = None) -> Settings:
    path = (Path(folder) if folder is not None else save_dir()) / FILE_NAME
    defaults = Settings(path=path)
    try:
        doc = read_document(path, FORMAT, VERSION)
    except DocumentError as error:
        defaults.problem = put_aside(path, error, "settings file")
        return defaults
    if doc is None:
        return defaults
    values = asdict(defaults)
    for name in values:
        if name in doc and name not in ("path", "problem") and _valid(name, doc[name],
                                                                      values[name]):
            setattr(defaults, name, doc[name])
    return defaults
