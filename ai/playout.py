"""Playing a game on to a seat's Path step: the loop under the search's rollouts and advances,
the greedy agent's finish and the review's turn values.

Each of them plays a sample on, a move at a time by its own rule, until the game is over or
the seat is at its Path step (where the evaluation knows what the board is worth); each then
values the board where the play stopped. Only the rule differs, so the loop is written once.
(A play-on of `verify.py` goes a round further, with a stop signal and a look-up where the
round turns: a loop of its own.)
"""

from __future__ import annotations

from collections.abc import Callable

from loyang_game.engine import GameState, flow

from .policy import PATH_DECISION

ROLLOUT_LIMIT = 3000  # moves: far beyond any turn; a sample that gets no further is valued as is

# makes the next move on the state; False instead when it stops short (a decision the caller
# takes itself)
Play = Callable[[GameState], bool]


def to_path_step(state: GameState, seat: int, play: Play, others: Play | None = None,
                 limit: int = ROLLOUT_LIMIT) -> bool | None:
    """Play `state` on by `play` (the other seats' moves by `others`, when given) until the
    game is over or `seat` is at its Path step: True there; None where a play stopped short;
    False after `limit` moves."""
    other_play = play if others is None else others
    for _ in range(limit):
        if state.is_over:
            return True
        if state.current_player != seat:
            moved = other_play(state)
        elif flow.decision(state) == PATH_DECISION:
            return True
        else:
            moved = play(state)
        if not moved:
            return None
    return False
