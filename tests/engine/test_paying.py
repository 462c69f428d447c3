"""Raising money while paying, and Regular customers revealed after the checks."""

from __future__ import annotations

from loyang_game.engine import Move
from loyang_game.engine.cards import NONE, B, W
from loyang_game.engine.events import Cash, Why

from .scenario import (
    card,
    clear_area,
    decision,
    game,
    put,
    set_player,
    slot_of,
    stack_draw,
    to_action_phase,
)


def test_a_helper_may_be_used_to_finance_a_two_pack_field():
    """Action H: "To finance a field that is part of a Two-pack, a player can sell goods to
    his Shop, use a Helper or take out a Loan." The Market crier (option 2) sells from the
    stalls to the Shop while the field is being paid for."""
    s = to_action_phase(game(2, seed=3))
    seat = s.current_player
    clear_area(s, seat)
    crier = card("Market crier")
    put(s, seat, crier)
    put(s, seat, "S8")  # W1 B1 L2
    set_player(s, seat, cash=1, cart={}, shop={B: 1})
    stack_draw(s, "CF3a", "K1")
    s.apply(Move("twopack"))
    s.apply(Move("keep", card("CF3a")))
    assert decision(s) == "pay"
    crier_moves = [m for m in s.legal_moves() if m.kind == "use" and m.a == crier]
    assert crier_moves and any(m.b == 2 for m in crier_moves)
    sell_bean = next(m for m in crier_moves if m.b == 2 and m.d == -1
                     and m.c == card("S8") * 4 + 1)  # the stall's Bean
    s.apply(sell_bean)
    assert decision(s) == "act"  # 2 Cash from the Bean: the field is paid
    assert Cash(seat, -2, Why.COMMON_FIELD, NONE) in s.events


def test_a_regular_customer_revealed_while_paying_a_penalty_is_due_next_round():
    """RULINGS R7 counts a card revealed during or before its owner's Action phase as due that
    round; once the end-of-phase checks are over the round's checks cannot reach it, so it is
    first due next round (settled here)."""
    s = to_action_phase(game(2, seed=4))
    seat = s.current_player
    clear_area(s, seat)
    put(s, seat, "R2", red=True)  # red, and not served this round: 2 Cash penalty
    maid = card("Maid")
    put(s, seat, maid, under="R5")
    set_player(s, seat, cash=0, cart={W: 0})
    s.apply(Move("end"))
    assert decision(s) == "pay"
    s.apply(Move("discard", maid))  # reveals R5 during the payment
    r5 = slot_of(s, "R5")
    assert r5.first_due == s.round + 1 and not r5.red
