"""What the thinker (`thinker.py`) is asked and answers, as plain data: a request (its job, the
game, the seat, the level, and what the seat sees), how far the thinking has got, and the
answer. A request and its answer cross to the thinking process and back by pickle; the
window, the coach and the review make and read them (imported from `thinker`, the door).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from enum import StrEnum

from loyang_game.engine import GameConfig, GameState, Move

from .ponder import Pondered
from .review import Finding


class Job(StrEnum):
    MOVE = "move"  # an AI seat's move
    HINT = "hint"  # the coach's: the move, the plan it begins and the estimates behind it
    REVIEW = "review"  # the coach's review of a seat's decisions in a finished game
    PONDER = "ponder"  # an AI seat's coming Action-phase turn, before it comes (ponder.py)


@dataclasses.dataclass(frozen=True)
class Request:
    """What a thinker is asked. `view`: MOVE and HINT, what `seat` sees of the game (its
    history left out: `moves` tells it); `moves`: the game's moves (a review replays them
    from `config`); `level`: an AI level's name, knobs allowed ("hard",
    "hard:act_iterations=24"; a review's is the coach's whose hints it judges, "" for the
    table's); `deterministic`: iteration counts only, never the clock."""

    job: Job
    config: GameConfig
    moves: tuple[Move, ...]
    seat: int
    level: str = ""
    seed: int = 0
    deterministic: bool = False
    view: GameState | None = None
    given: Pondered | None = None

    @classmethod
    def about(cls, job: Job, state: GameState, seat: int, level: str = "", seed: int = 0,
              deterministic: bool = False, given: Pondered | None = None) -> Request:
        """The request about `seat`'s decision in `state`, as plain data."""
        view = state.observe(seat)  # a clone: a GameState, as `state` is
        view.history = None  # the moves say it, and a long history is too deep to pickle
        return cls(job, state.config, tuple(state.moves()), seat, level, seed, deterministic,
                   view, given)


@dataclasses.dataclass(frozen=True)
class Progress:
    """How far the thinking has got, as numbers: a search's iterations `done` of the `total`
    its level plans for this decision (and its time budget `seconds`, 0 when it counts
    iterations only) and its best first move so far; a review's decisions judged of all."""

    done: int = 0
    total: int = 0
    best: Move | None = None
    seconds: float = 0.0


@dataclasses.dataclass(frozen=True)
class Result:
    """The answer. MOVE: `move`. HINT: also the whole `plan` from the move on, the search's
    `estimates` (its value after each first move it tried, best first), `serving` (per
    Regular customer, the best value of a first option serving it) and whether those values
    are of a race against the others (`racing`) or of the seat's own position. REVIEW:
    `findings` (dearest first) and how many decisions a long game `left_out`. A failure:
    `error` for the player and `trace` for the log. PONDER: `move`, `plan` (the rest of
    the turn) and the `seconds` its search took."""

    move: Move | None = None
    iterations: int = 0
    plan: tuple[Move, ...] = ()
    estimates: tuple[tuple[Move, float], ...] = ()
    serving: tuple[tuple[int, float], ...] = ()
    racing: bool = False
    findings: tuple[Finding, ...] = ()
    left_out: int = 0
    seconds: float = 0.0
    error: str = ""
    trace: str = ""


Report = Callable[[Progress], None]
