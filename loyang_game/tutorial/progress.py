"""Where the tutorial was left: `tutorial.json` in the save folder, holding the chapter and
step reached, the moves of the tutorial's game so far (so a free choice is resumed as it was
made), whether it was finished, and whether the first-start offer was already made. A
missing or damaged file is a tutorial never begun."""

from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass, field

from ..engine import GameState, Move, new_game
from ..files.atomic import write_atomically
from ..files.paths import save_dir
from . import script

FILE_NAME = "tutorial.json"


@dataclass
class Progress:
    chapter: int = 0
    step: int = 0
    moves: list = field(default_factory=list)  # the game's moves, as `Move.to_data()`
    finished: bool = False
    offered: bool = False  # the title screen offered it on a first start

    @property
    def begun(self) -> bool:
        return (self.chapter, self.step) != (0, 0) or bool(self.moves)

    def state(self) -> GameState | None:
        """The tutorial's game as it was left (None: the moves no longer fit the deal)."""
        state = new_game(script.config())
        try:
            for data in self.moves:
                state.apply(Move.from_data(data))
        except ValueError:
            return None
        return state


def path():
    return save_dir() / FILE_NAME


def load() -> Progress:
    try:
        data = json.loads(path().read_text(encoding="utf-8"))
        chapter, step = int(data["chapter"]), int(data["step"])
        if (chapter, step) not in script.steps():
            return Progress(offered=bool(data.get("offered")))
        return Progress(chapter, step, list(data.get("moves", [])),
                        bool(data.get("finished")), bool(data.get("offered")))
    except (OSError, ValueError, KeyError, TypeError):
        return Progress()


def save(progress: Progress) -> str | None:
    """Write `progress`; the problem, in words, if it could not be written."""
    try:
        save_dir().mkdir(parents=True, exist_ok=True)
        write_atomically(path(), json.dumps(asdict(progress)).encode("utf-8"))
    except OSError as error:
        return f"The tutorial's place could not be saved ({error.strerror or error})."
    return None


FIRST_START = ("New to Loyang? Learn to play walks you through a first round, step by step "
               "(about 15 minutes; leave and come back at any time).")


def offer_on_first_start() -> bool:
    """Whether the title screen should offer the tutorial now: no game was ever finished
    (the record is empty) and the tutorial was never begun or finished. Nothing is written
    (the title screen only looks); once a game is finished, or the tutorial begun, the
    offer is not made again."""
    from ..files.records import load as load_records

    progress = load()
    if progress.offered or progress.finished or progress.begun:
        return False
    try:
        if load_records().games:
            return False
    except Exception:  # a record that cannot be read is no reason to stop the title
        logging.getLogger(__name__).warning("the record of games could not be read",
                                            exc_info=True)
        return False
    return True
