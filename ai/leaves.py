"""What a board is worth where a play stops: at the seat's Path step (the step itself chosen by
the evaluation, which knows the Path's prices), once the game is over, or anywhere a play gave
up. The search's leaves, the greedy agent's tries and the review's lines are all valued here.
On the hot path (compiled with the search, `setup.py`).
"""

from __future__ import annotations

from loyang_game.engine import GameState, Move
from loyang_game.engine.cards import path_cost
from loyang_game.engine.moves import ADVANCE

from . import memo
from .evaluate import Evaluation
from .offer_ahead import next_offer_gain
from .playout import to_path_step
from .turn import default_play

PATH_CACHE_SIZE = 30_000
_path_tables: dict[int, tuple[Evaluation, dict[tuple[object, ...], tuple[Move, float]]]] = (
    memo.kept({}))


def path_value(state: GameState, seat: int, ev: Evaluation, ahead: int = 0,
               cards: int = 1, weight: float = 1.0) -> tuple[Move, float]:
    """The best Path step by the evaluation, and its value; with `ahead` rows of the next solo
    Offer, each step also counts the best `cards` they offer (`offer_ahead.next_offer_gain`).
    Looked up when the same board was asked about before (the search asks at every leaf, and
    meets the same boards in sample after sample): the answer is the one worked out, to the
    last bit, since the key holds all it depends on: what the evaluation reads of the view
    (`Evaluation.key`), and what the steps and the Offer's probes read besides (the table is
    emptied when full, and let go with the game: `memo`)."""
    p = state.players[seat]
    moves = state.legal_moves()
    entry = _path_tables.get(id(ev))
    if entry is None or entry[0] is not ev:
        if len(_path_tables) >= 64:
            _path_tables.clear()
        entry = _path_tables[id(ev)] = (ev, {})
    table = entry[1]
    offer = tuple(state.offer) if ahead and state.config.solo else ()
    steps = tuple(m.a for m in moves if m.kind == ADVANCE)  # the only moves looked at
    key = (ev.key(state, seat, p.path, p.cash), steps, ahead, cards, weight,
           state.config.solo, offer, p.done, state.round)
    found = table.get(key)
    if found is None:
        if len(table) >= PATH_CACHE_SIZE:
            table.clear()
        found = table[key] = _path_value(state, seat, ev, moves, ahead, cards, weight)
    return found


def _path_value(state: GameState, seat: int, ev: Evaluation, moves: list[Move], ahead: int,
                cards: int, weight: float) -> tuple[Move, float]:
    """`path_value` without the look-up."""
    p = state.players[seat]
    best, best_value = None, -1e9
    for m in moves:
        if m.kind != ADVANCE:
            continue
        path, cash = p.path + m.a, p.cash - path_cost(p.path, m.a)
        value = ev.value(state, seat, path, cash)
        if ahead:
            value += weight * next_offer_gain(state, seat, ev, path, cash, ahead, cards,
                                             base=value)
        if value > best_value:
            best, best_value = m, value
    assert best is not None, "a Path step always offers the step of 0 spaces"
    return best, best_value


def final_value(state: GameState, seat: int) -> float:
    """The seat's final position in a game that is over (Path spaces after Loans, the Cash
    left a small fraction of a step)."""
    p = state.players[seat]
    return float(p.path - p.loans) + 0.001 * p.cash


def finish(state: GameState, seat: int, ev: Evaluation) -> float:
    """Play `state` on with the default policy to the end of `seat`'s turn; its value there."""
    if not to_path_step(state, seat, default_play):
        return ev.value(state, seat)
    if state.is_over:
        return final_value(state, seat)
    return path_value(state, seat, ev)[1]
