"""What thinks about a seat's decision, as the thinker, the coach's plan and the review ask it:
the `Searcher` protocol, and `Searched`, the typed result of one search.

Every agent `agents.make_agent` seats is a searcher. A search answers with the move and what
lies behind it: the rest of the plan the move begins, the value it expects after each first
move it tried, and its root's statistics; the coach's plan (`plan.py`) reads the rest of the
turn from the searcher's own tables through `planned_option` and `path_step`, and the review
carries a search on with `search_on`. No reader looks at a searcher's other attributes.
Agents that look nothing ahead (`Plain`: random, greedy) answer with their move alone.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from loyang_game.engine import GameState, Move

from .options import Option
from .policy import default_move

if TYPE_CHECKING:
    from .checking import PlayOns
    from .ponder import Pondered

# told now and then how a search goes: (iterations done, the best first move so far)
Progress = Callable[[int, Move | None], None]


@dataclasses.dataclass(frozen=True)
class Tried:
    """A first option the search tried at its root: how often, and the value it backs up (in
    final Path spaces: the value the search maximises)."""

    option: Option
    visits: int
    value: float


@dataclasses.dataclass(frozen=True)
class Searched:
    """What one search found. `move`: its choice; `plan`: the rest of the option the move
    begins, which the searcher plays on at its next decisions of the turn; `iterations`:
    the search's, this decision (0: none, a plan played on or a single legal move);
    `seconds`: what the turn's Action phase has spent of its budget so far; `estimates`:
    the value expected after each first move tried, best first (a Path step: the step
    taken, valued on the seat's own position); `tried`: the root's statistics, per option
    tried; `racing`: the values are of a race against the others (else the seat's own)."""

    move: Move
    plan: tuple[Move, ...] = ()
    iterations: int = 0
    seconds: float = 0.0
    estimates: tuple[tuple[Move, float], ...] = ()
    tried: tuple[Tried, ...] = ()
    racing: bool = False


class Searcher(Protocol):
    """A seat's thinker for the thinker, the coach and the review (`search.MCTSAgent`, and
    `Plain` for the agents that look nothing ahead)."""

    def choose(self, state: GameState) -> Move:
        """One of `state.legal_moves()`, for the seat whose decision it is (an `Agent`)."""
        ...

    def budget(self, state: GameState) -> tuple[int, float]:
        """The iterations and seconds this searcher plans for the decision in `state` (0 and
        0.0 for one that does not search; 0.0 seconds when it counts iterations only)."""
        ...

    def search(self, state: GameState, seat: int, stop: threading.Event | None = None,
               progress: Progress | None = None) -> Searched:
        """`seat`'s decision in `state` thought about (what the seat sees of it only), told
        now and then to `progress`, cut short once `stop` is set."""
        ...

    def adopt(self, state: GameState, seat: int, given: Pondered) -> Searched | None:
        """Take the turn `given`, thought about ahead of it (`ponder.py`), as if this searcher
        had just searched it; None if it takes no turn thought ahead (then search)."""
        ...

    def search_on(self, state: GameState, seat: int, iterations: int,
                  stop: threading.Event | None = None) -> Searched | None:
        """The last search carried on for `iterations` more, from where it stopped, at the
        same decision of `seat` in `state`; None if there is nothing to carry on."""
        ...

    def path_step(self, view: GameState, seat: int) -> Move:
        """The Path step this searcher takes in `view`, at `seat`'s Path decision."""
        ...

    def planned_option(self, view: GameState, seat: int) -> Option | None:
        """The option this turn's search rates best at the board of `view` (a board of the
        turn it looked at), if it rates one over the plain rule-of-thumb finish."""
        ...

    def keep_checks(self, kept: PlayOns) -> None:
        """Counting iterations only: check picks a round further on the seed the first check
        drew, keeping the play-ons' values in `kept` (the review's coach, `checking.py`)."""
        ...


class Plain:
    """A searcher that looks nothing ahead of its move: its search is its `choose`, it keeps
    no tree to read a plan from (the rule-of-thumb finish of a turn, the default policy's
    Path step), and takes no turn thought ahead."""

    def choose(self, state: GameState) -> Move:
        raise NotImplementedError

    def budget(self, state: GameState) -> tuple[int, float]:
        return 0, 0.0

    def search(self, state: GameState, seat: int, stop: threading.Event | None = None,
               progress: Progress | None = None) -> Searched:
        return Searched(self.choose(state))

    def adopt(self, state: GameState, seat: int, given: Pondered) -> Searched | None:
        return None

    def search_on(self, state: GameState, seat: int, iterations: int,
                  stop: threading.Event | None = None) -> Searched | None:
        return None

    def path_step(self, view: GameState, seat: int) -> Move:
        return default_move(view)

    def planned_option(self, view: GameState, seat: int) -> Option | None:
        return None

    def keep_checks(self, kept: PlayOns) -> None:
        pass
