"""Solo: the next round's Offer, seen from the end of this round.

In the solo game the Offer of the next Card phase is on the table before this round's Path
step: the columns have slid up and been refilled, so its top row (free) and second row (1
Cash) are known. The projection alone cannot see that a card is waiting there (its future
customers are abstract), so it cannot tell "buy a top-row card now, and the row-3 card of that
column comes up free" from any other purchase, nor weigh Cash kept for a card it knows of.

`next_offer_gain` adds what the best of those cards is worth: the board projected with that
card played at the start of the next round (as if bought then, its price paid) against the
board without it. It depends on visible cards only, so the search's max-backup cannot harvest
lucky samples from it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from loyang_game.engine import GameState, play_area, solo
from loyang_game.engine.cards import ROUNDS
from loyang_game.engine.moves import NONE

from . import memo

if TYPE_CHECKING:
    from .evaluate import Evaluation

CHEAP_ROWS = 2  # the rows looked at: the free top row and the 1-Cash second row
# Gains already found, by what the evaluation reads of the view (`Evaluation.key`), the cards
# on offer, what placing one reads (whether the seat's Action phase is done, the round) and
# the question (one table per evaluation): like the projection's own table
# (`projection.project`), the search asks about the same leaf in sample after sample, and
# the answer depends on nothing a sample changes. The value is the one the cards give when
# tried, to the last bit. Emptied when full; let go with the game (`memo`).
CACHE_SIZE = 30_000
_tables: dict[int, tuple[Evaluation, dict[tuple[object, ...], float]]] = memo.kept({})


def next_offer_gain(state: GameState, seat: int, ev: Evaluation, path: int, cash: int,
                    rows: int = CHEAP_ROWS, cards: int = 1, base: float | None = None) -> float:
    """How much better (in final Path spaces) the board is with the best card of the next
    Offer's first `rows` rows bought at the start of the next round (with `cards` = 2, then
    the best second card on top of it, as the solo Card phase allows two); 0 if none helps,
    or outside the solo game's rounds 1-8. `base`: the board's own value, if known."""
    if not state.config.solo or state.round >= ROUNDS:
        return 0.0
    p = state.players[seat]
    if base is None:
        base = ev.value(state, seat, path, cash)
    table = memo.table_of(_tables, ev)
    key = (ev.key(state, seat, path, cash), tuple(state.offer[:rows * solo.COLUMNS]),
           p.done, state.round, rows, cards, base)
    gain = table.get(key)
    if gain is None:
        if len(table) >= CACHE_SIZE:
            table.clear()
        gain = table[key] = _gain(state, seat, ev, path, cash, rows, cards, base)
    return gain


def _gain(state: GameState, seat: int, ev: Evaluation, path: int, cash: int, rows: int, cards: int,
          base: float) -> float:
    """`next_offer_gain` without the look-up: the cards tried one by one."""
    best, probe = base, state
    taken: list[int] = []
    for _ in range(cards):
        choice = _best_card(probe, seat, ev, path, cash, rows, taken)
        if choice is None or choice[0] <= best:
            break
        best, index, probe, cash = choice
        taken.append(index)
    return best - base


def _best_card(state: GameState, seat: int, ev: Evaluation, path: int, cash: int, rows: int,
               taken: list[int]) -> tuple[float, int, GameState, int] | None:
    """(value, index, state with the card placed, Cash left) of the best affordable card of
    the Offer's first `rows` rows not in `taken`; None if there is none."""
    best = None
    for index in range(rows * solo.COLUMNS):
        card = state.offer[index]
        if card == NONE or index in taken:
            continue
        price = solo.price(state, index)
        if price > cash:
            continue
        probe = state.clone()
        play_area.place_card(probe, probe.players[seat], card)
        value = ev.value(probe, seat, path, cash - price)
        if best is None or value > best[0]:
            best = (value, index, probe, cash - price)
    return best
