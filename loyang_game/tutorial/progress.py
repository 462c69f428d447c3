"""Where the tutorial was left: `tutorial.json` in the save folder, holding the chapter and
step reached, the moves of the tutorial's game so far (so a free choice is resumed as it was
made), whether it was finished, and whether the first-start offer was already made. A
missing or damaged file is a tutorial never begun."""

from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass, field

from ..engine import GameState, new_game
from ..files.disk import NotKept, read_bounded, write_atomically
from ..files.paths import save_dir
from ..files.save import SaveError, moves_from_data
from ..words import _
from . import script

FILE_NAME = "tutorial.json"
# The tutorial's game is one deal of a few hundred moves (about 10 KB written); a file past
# this cap is no tutorial of ours, and is not read.
MAX_BYTES = 256 * 1024
log = logging.getLogger(__name__)


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
            for move in moves_from_data(self.moves):
                state.apply(move)
        except SaveError as error:
            log.warning("the tutorial's moves are damaged (%s): it starts over", error.reason)
            return None
        except Exception:  # the engine is not written for hostile moves
            log.warning("the tutorial's moves no longer fit its deal", exc_info=True)
            return None
        return state


def path():
    return save_dir() / FILE_NAME


def load() -> Progress:
    """Where the tutorial was left; a tutorial never begun if the file is missing or damaged
    (a value of the wrong kind or out of range, Infinity, a deep nest, a pipe, a link, a
    huge file: each said in the log, none a crash)."""
    try:
        raw = read_bounded(path(), MAX_BYTES)
        if raw is None:
            return Progress()
        return _progress(json.loads(raw.decode("utf-8"), parse_constant=_no_constant))
    except (NotKept, ValueError, RecursionError) as error:
        log.warning("%s is not read (%s): the tutorial starts afresh", path(), error)
        return Progress()


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is no value of a tutorial's place")


def _progress(data: object) -> Progress:
    """The progress a decoded file holds; ValueError if any field is damaged (the offer made,
    if that much is sound, is kept: the title does not offer the tutorial again)."""
    if not isinstance(data, dict):
        raise ValueError("not a map")
    offered = data.get("offered", False)
    offered = offered if type(offered) is bool else False
    chapter, step = data.get("chapter"), data.get("step")
    moves, finished = data.get("moves", []), data.get("finished", False)
    if (type(chapter) is not int or type(step) is not int
            or (chapter, step) not in script.steps()):
        log.warning("the tutorial's chapter and step are not one of its steps: afresh")
        return Progress(offered=offered)
    if type(moves) is not list or type(finished) is not bool:
        raise ValueError("its moves or its end are damaged")
    try:
        moves_from_data(moves)
    except SaveError as error:
        raise ValueError(error.reason) from None
    return Progress(chapter, step, moves, finished, offered)


def save(progress: Progress) -> str | None:
    """Write `progress`; the problem, in words, if it could not be written."""
    try:
        write_atomically(path(), json.dumps(asdict(progress)).encode("utf-8"))
    except OSError as error:
        return _("The tutorial's place could not be saved ({error}).",
                 error=error.strerror or error)
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
