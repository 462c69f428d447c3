"""The greedy agent: one move ahead. Every legal move is tried on one determinisation of what
the seat sees (`view.py`), the rest of the turn is played by the default policy
(`policy.py`), and the evaluation (`evaluate.py`) picks the move whose board it likes best;
the Path step is the evaluation's own choice (`leaves.path_value`). No clock: the same game
gives the same moves anywhere.
"""

from __future__ import annotations

import random
import threading

from loyang_game.engine import GameState, Move, flow

from .evaluate import Evaluation, default_evaluator
from .leaves import finish, path_value
from .policy import PATH_DECISION
from .searcher import Plain, Progress, Searched
from .turn import prune
from .view import canonical_view, determinise


def greedy_pick(det: GameState, seat: int, moves: list[Move], ev: Evaluation,
                stop: threading.Event | None = None, progress: Progress | None = None) -> Move:
    """The move whose default completion of the turn the evaluation likes best."""
    best, best_value = moves[0], -1e18
    for i, m in enumerate(moves):
        if stop is not None and stop.is_set():
            break
        c = det.clone()
        c.apply(m)
        value = finish(c, seat, ev)
        if value > best_value:
            best, best_value = m, value
        if progress is not None:
            progress(i + 1, best)
    return best


class GreedyAgent(Plain):
    """One move ahead (see the module docstring): a searcher that keeps no tree (`Plain`)."""

    name = "greedy"

    def __init__(self, seed: int = 0, evaluator: Evaluation | None = None) -> None:
        self.rng = random.Random(seed)
        self.given = evaluator
        self.ev = evaluator or default_evaluator()

    def choose(self, state: GameState) -> Move:
        seat = state.current_player
        assert seat is not None, "the game is over: no seat to choose for"
        return self._pick(state, seat, None, None)

    def search(self, state: GameState, seat: int, stop: threading.Event | None = None,
               progress: Progress | None = None) -> Searched:
        """Every move tried in turn, told to `progress` after each; the best so far once
        `stop` is set."""
        return Searched(self._pick(state, seat, stop, progress))

    def _pick(self, state: GameState, seat: int, stop: threading.Event | None,
              progress: Progress | None) -> Move:
        det = determinise(canonical_view(state, seat), seat, self.rng)
        self.ev = self.given or default_evaluator(det.config.solo)
        moves = det.legal_moves()
        if len(moves) == 1:
            return moves[0]
        decision = flow.decision(det)
        if decision == PATH_DECISION:
            return path_value(det, seat, self.ev)[0]
        return greedy_pick(det, seat, prune(decision, moves, det.players[seat].cash), self.ev,
                           stop, progress)
