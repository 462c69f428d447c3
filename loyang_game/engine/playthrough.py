"""The one game loop: ask `choose` for a move, apply it, again, until the game is over.

Every tool that plays games (the arena, the benches, the lab's self-play, the screenshots)
plays them here, and what each keeps along the way (a log, the board at each round's end,
timings, recorded positions) is a `Hook` handed to `play`, not a loop of its own.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

from .flow import GameState
from .moves import Move

Choose = Callable[[GameState], Move]  # the move to make in this state (which it leaves as is)


class Hook:
    """What a tool watches in a game being played. Every method does nothing here: a hook
    overrides those it needs. The state handed over is the game itself, to read, not to
    change (`moved` sees it after the move)."""

    def before(self, state: GameState) -> None:
        """A decision is at hand; `choose` has not been asked yet."""

    def chosen(self, state: GameState, move: Move) -> None:
        """`choose` picked `move`; it is not made yet."""

    def moved(self, state: GameState, move: Move, seat: int) -> None:
        """`seat` made `move`; `state` is the game after it (its events are the move's)."""

    def ended(self, state: GameState) -> None:
        """The loop stopped: the game is over, or the limit or `until` was reached."""


def play(state: GameState, choose: Choose, *, hooks: Iterable[Hook] = (),
         limit: int | None = None,
         until: Callable[[GameState], bool] | None = None) -> int:
    """Play `state` on with `choose` until the game is over, `limit` moves have been made, or
    `until(state)` holds before a decision; return the number of moves made."""
    hooks = tuple(hooks)
    made = 0
    while not state.is_over and (limit is None or made < limit) \
            and (until is None or not until(state)):
        for hook in hooks:
            hook.before(state)
        seat = state.to_move
        move = choose(state)
        for hook in hooks:
            hook.chosen(state, move)
        state.apply(move)
        made += 1
        for hook in hooks:
            hook.moved(state, move, seat)
    for hook in hooks:
        hook.ended(state)
    return made


def random_moves(rng: random.Random) -> Choose:
    """A `choose` that picks a legal move at random with `rng` (one `randrange` a move)."""
    def choose(state: GameState) -> Move:
        legal = state.legal_moves()
        return legal[rng.randrange(len(legal))]
    return choose
