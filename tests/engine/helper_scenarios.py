"""Scenario helpers for the Helper tests (tests/engine/test_helper_*.py).

Built on `scenario.py` (reused, never changed): a seeded game is played calmly up to the
decision a rule needs, the play areas are cleared and the cards under test are laid out by
hand; the rule is then exercised through `legal_moves()` and `apply()` only.

What this module adds:
- `quiet_move`: `scenario.calm_move`, but never using a Helper by accident: Foreman claims are
  declined, Harvest helpers passed, a Book-keeper's Shop left as it is.
- `put_regular`: a Regular customer laid out as the engine lays it out now (with the round of
  a Messenger-boy's second delivery, `RegularSlot.doubled`), which `scenario.put` predates.
- `turn`: a clean Action phase of the player at a given place in the turn order.
- `uses`, `use_cards`, `claims`: the moves a test looks at.
"""

from __future__ import annotations

from collections.abc import Callable

from loyang_game.engine import GameState, Move
from loyang_game.engine.cards import SHOP_START
from loyang_game.engine.moves import CLAIM, PASS, SHOP, USE
from loyang_game.engine.state import RegularSlot

from .scenario import (
    NONE,
    calm_move,
    card,
    clear_area,
    decision,
    game,
    play_until,
    refresh,
    set_player,
    take,
)

W, P, T, C, B, L = range(6)

__all__ = [
    "NONE",
    "B",
    "C",
    "L",
    "P",
    "T",
    "W",
    "advance",
    "card_turn",
    "claims",
    "clean_all",
    "put_regular",
    "quiet_move",
    "set_courtyard",
    "set_hand",
    "to_harvest_decision",
    "to_next_act",
    "top_cards",
    "turn",
    "use_cards",
    "uses",
]


def quiet_move(state: GameState) -> Move:
    """`calm_move`, except that Helpers are never used: claims declined, Harvest helpers
    passed, a Book-keeper's Shop kept as it is."""
    kind = decision(state)
    if kind == "claim":
        return Move(CLAIM)
    if kind == "harvest":
        return Move(PASS)
    if kind == "shop":
        veg = state.pending[-1][2]
        return Move(SHOP, veg, state.players[state.current_player].shop[veg])
    return calm_move(state)


def advance(state: GameState, stop: Callable[[GameState], bool]) -> GameState:
    """Play on quietly until `stop(state)` holds."""
    return play_until(state, stop, policy=quiet_move)


def clean_all(state: GameState, cash: int = 10) -> None:
    """Every player: empty play area (private fields stay), empty Cart and Storehouse, `cash`
    Cash, the Shop as at the start (3W 2P 2T 2C 1B 1L)."""
    for p in state.players:
        clear_area(state, p.seat)
        set_player(state, p.seat, cash=cash, cart={}, store={},
                   shop=dict(enumerate(SHOP_START)))


def turn(seats: int = 2, seed: int = 1, index: int = 0, round_: int = 1,
         cash: int = 10) -> tuple[GameState, int]:
    """The 'act' decision of the player at place `index` of the Action phase order, in round
    `round_` (or the first one after), every play area cleared, every Cart empty. The players
    before `index` have ended their Action phase quietly."""
    s = game(seats, seed)
    advance(s, lambda st: decision(st) == "act" and st.round >= round_ and st.turn == index)
    clean_all(s, cash)
    return s, s.current_player


def put_regular(state: GameState, seat: int, ref: int | str, under: int | str | None = None, *,
                rows: int = 0, red: bool = False, first_due: int | None = None,
                served: int = 0, doubled: int = 0) -> tuple:
    """Lay out a Regular customer as the engine does: (card, under, rows filled, red marker,
    first round due, round last served, round of a Messenger-boy's second delivery)."""
    p = state.players[seat]
    cid = take(state, ref)
    low = NONE if under is None else take(state, under)
    due = state.round if first_due is None else first_due
    slot = RegularSlot(cid, low, rows, red, due, served, doubled)
    p.regulars.append(slot)
    refresh(state)
    return slot


def uses(state: GameState, helper: int | str) -> list[Move]:
    """The legal moves that use this Helper card."""
    cid = card(helper)
    return [m for m in state.legal_moves() if m.kind == USE and m.a == cid]


def use_cards(state: GameState) -> set[int]:
    """The Helper cards some legal move uses now."""
    return {m.a for m in state.legal_moves() if m.kind == USE}


def claims(state: GameState) -> list[Move]:
    return [m for m in state.legal_moves() if m.kind == CLAIM]


def top_cards(area: list[tuple]) -> list[int]:
    return [slot.card for slot in area]


# --- the Card and Harvest phases -----------------------------------------------------------------

def card_turn(seats: int = 2, seed: int = 1, round_: int = 1) -> tuple[GameState, int]:
    """The first Card phase decision of round `round_`, every play area cleared. Returns the
    state and the seat to decide (the starting player, whose hand is dealt)."""
    s = game(seats, seed)
    advance(s, lambda st: decision(st) == "cards" and st.round >= round_)
    clean_all(s)
    return s, s.current_player


def set_hand(state: GameState, seat: int, refs) -> list[int]:
    """Replace `seat`'s hand by these cards (the old hand goes on the draw pile)."""
    p = state.players[seat]
    state.draw.extend(p.hand)
    p.hand.clear()
    ids = [take(state, r) for r in refs]
    p.hand.extend(ids)
    refresh(state)
    return ids


def set_courtyard(state: GameState, refs) -> list[int]:
    """Put these cards into the Courtyard (on top of what is there)."""
    ids = [take(state, r) for r in refs]
    state.courtyard.extend(ids)
    refresh(state)
    return ids


def to_harvest_decision(state: GameState, seat: int) -> GameState:
    """Play on quietly to `seat`'s next Harvest-phase (Harvest helper) decision."""
    return advance(state, lambda st: decision(st) == "harvest" and st.current_player == seat)


def to_next_act(state: GameState, seat: int, round_: int) -> GameState:
    """Play on quietly to `seat`'s 'act' decision of round `round_`."""
    return advance(state, lambda st: decision(st) == "act" and st.current_player == seat
                   and st.round >= round_)
