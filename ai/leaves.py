"""What a board is worth where a play stops: at the seat's Path step (the step itself chosen by
the evaluation, which knows the Path's prices), once the game is over, or anywhere a play gave
up; and, for a searching level (`LeafValues`), against the others. The search's leaves, the
greedy agent's tries, the checks a round further and the review's lines are all valued here.
On the hot path (compiled with the search, `setup.py`).
"""

from __future__ import annotations

from collections.abc import Callable

from loyang_game.engine import GameState, Move, flow
from loyang_game.engine.cards import path_cost
from loyang_game.engine.moves import ADVANCE

from . import memo
from .draft import value_draft
from .evaluate import Evaluation
from .levels import Level
from .offer_ahead import next_offer_gain
from .playout import to_path_step
from .policy import CARDS_DECISION, default_move
from .turn import default_play, planned_move

# a board's worth for a seat, at its Path step
ValueOf = Callable[[GameState, int], float]
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
    table = memo.table_of(_path_tables, ev)
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


class LeafValues:
    """How a level values the boards where its plays stop, and how the other seats move inside
    a sample: the search's leaves and rollouts, its checks a round further (`checking.py`) and
    the review's yardstick (`weighing.py`) all value a board this way. `level`: the level's
    knobs (rivalry, the next Offer at the leaves, the others' plans); `ev`: its evaluation
    for the game at hand."""

    __slots__ = ("ev", "level")

    def __init__(self, level: Level, ev: Evaluation) -> None:
        self.level = level
        self.ev = ev

    def other_move(self, det: GameState) -> bool:
        """Another seat's move inside the search (a `playout.Play`): its draft by the value
        where the level says (`value_draft`, at tables of `value_draft_seats` or fewer: it was
        measured in duels), else by the same plans as the searching seat's own rollouts
        (`others_plan`), else by the default policy."""
        level = self.level
        if (level.value_draft and det.config.seats <= level.value_draft_seats
                and flow.decision(det) == CARDS_DECISION):
            det.apply(value_draft(det, self.ev))
        elif level.others_plan:
            seat = det.current_player
            assert seat is not None, "the search plays only a game still going"
            planned_move(det, seat)
        else:
            det.apply(default_move(det))
        return True

    def where_stopped(self, det: GameState, seat: int, reached: bool | None,
                      at_path: ValueOf | None = None) -> float:
        """What a play-on to the seat's Path step is worth, `against` the others."""
        return self.against(det, seat, self.own_where_stopped(det, seat, reached, at_path))

    def own_where_stopped(self, det: GameState, seat: int, reached: bool | None,
                          at_path: ValueOf | None = None) -> float:
        """The seat's own value where a play-on to its Path step stopped: the final position
        at the game's end, the leaf's value at the Path step (`path_leaf`, or `at_path`'s
        where given: the search's own hook), and the board as it stands where the play gave
        up (`reached`, `playout.to_path_step`'s answer, False)."""
        if not reached:
            return self.ev.value(det, seat)
        if det.is_over:
            return final_value(det, seat)
        return self.path_leaf(det, seat) if at_path is None else at_path(det, seat)

    def path_leaf(self, det: GameState, seat: int) -> float:
        """The value of a board at the seat's Path step, the step chosen by the evaluation."""
        move, value = path_value(det, seat, self.ev)
        level = self.level
        if not level.offer_ahead:
            return value
        p = det.players[seat]  # a leaf: the next Offer counted at the best step alone (cheap)
        cash = p.cash - path_cost(p.path, move.a)
        return value + level.offer_weight * next_offer_gain(
            det, seat, self.ev, p.path + move.a, cash, level.offer_rows, level.offer_cards,
            base=value)

    def path_choice(self, state: GameState, seat: int) -> tuple[Move, float]:
        """The Path step this level takes, and its value (the next Offer counted at every
        step, where the level looks at it)."""
        level = self.level
        ahead = level.offer_rows if level.offer_ahead else 0
        return path_value(state, seat, self.ev, ahead, level.offer_cards, level.offer_weight)

    def against(self, det: GameState, seat: int, own: float) -> float:
        """The value the search maximises: its own expected final position, less `rivalry`
        times the best other's (so a Card-phase draft can also deny, and a race is judged as
        a race). The others are judged as their boards stand, so one yet to play this
        round's Action phase looks a round's income poorer and the search leans toward
        acting first: taking that lean away plays worse, doubling it was not shown better
        (docs/ai-lab.md, entries 76-85)."""
        weight = self.level.rivalry
        if not weight or det.config.seats == 1:
            return own
        if det.is_over:
            best = max(final_value(det, other.seat) for other in det.others(seat))
        else:
            best = max(self.ev.value(det, other.seat) for other in det.others(seat))
        return own - weight * best
