"""Paying for a common field played in the Card phase (rulebook "Phase 2": "a player who takes
a field card must pay 2 Cash"; RULINGS R6): the money is raised with the Card phase's means
only, whichever taker it is, and the turn moves on once it is paid."""

from __future__ import annotations

import pytest

from loyang_game.engine import Move
from loyang_game.engine.cards import NONE, B
from loyang_game.engine.events import Cash, Why

from .scenario import (
    card,
    clear_area,
    decision,
    game,
    put,
    refresh,
    set_player,
    take,
    to_card_phase,
)

OTHER_HANDS = (("K2", "K3"), ("K4", "K5"), ("K6", "K7"))


def _taking_in_turn(seats: int, taker: int):
    """Round 2's Card phase, every seat taking in turn; the `taker`-th one to take (0-based)
    holds a common field, a Book-keeper, a Market crier with a stall, a Bean and no Cash.
    Returns the state just before that seat takes, and the seat."""
    s = to_card_phase(game(seats, seed=5), 2)
    order = [(s.start_seat + i) % seats for i in range(seats)]
    payer = order[taker]
    for p in s.players:
        s.draw.extend(p.hand)
        p.hand = []
    s.draw.extend(s.courtyard)
    s.courtyard = [take(s, "K1")]
    others = iter(OTHER_HANDS)
    for seat in order:
        refs = ("CF3a", "K8") if seat == payer else next(others)
        s.players[seat].hand = [take(s, ref) for ref in refs]
    clear_area(s, payer)
    put(s, payer, "Book-keeper")
    put(s, payer, "Market crier")
    put(s, payer, "S8")  # W1 B1 L2: the Market crier could sell from it in an Action phase
    set_player(s, payer, cash=0, cart={B: 1}, shop={B: 1})
    for seat in order[:taker]:
        assert s.current_player == seat
        s.apply(Move("take", s.courtyard[0], s.players[seat].hand[0]))
    refresh(s)
    return s, payer


# (seats, which taker): the first, the middle ones and the last.
TAKERS = [(2, 0), (2, 1), (3, 0), (3, 1), (3, 2), (4, 0), (4, 1), (4, 2), (4, 3)]


@pytest.mark.parametrize(("seats", "index"), TAKERS)
def test_a_field_taken_in_the_card_phase_is_paid_with_card_phase_means_only(seats, index):
    s, payer = _taking_in_turn(seats, index)
    field, book_keeper = card("CF3a"), card("Book-keeper")
    s.apply(Move("take", s.courtyard[0], field))

    assert decision(s) == "pay" and s.current_player == payer
    assert s.phase == "cards" and s.pending == [("pay", payer, 2, "common field")]
    allowed = {Move("sell", B), Move("loan"), Move("discard", book_keeper),
               Move("discard", card("Market crier"))}
    allowed |= {Move("use", book_keeper, veg) for veg in range(6)}
    assert set(s.legal_moves()) == allowed

    s.apply(Move("sell", B))  # 2 Cash for the Bean: the field is paid
    assert Cash(payer, -2, Why.COMMON_FIELD, NONE) in s.events
    assert s.players[payer].cash == 0
    if index < seats - 1:
        assert decision(s) == "cards"
        assert s.current_player == (s.start_seat + index + 1) % seats
    else:
        assert s.phase == "actions"
        assert decision(s) == ("partner" if seats == 4 else "act")
        assert s.start_seat == payer


def test_a_helper_discarded_while_paying_in_the_card_phase_may_be_claimed():
    """Discarding is a Card-phase means of paying; the Foreman's claim comes first, then the
    payment and the turn go on."""
    s, payer = _taking_in_turn(3, 2)
    foreman_seat = (payer + 1) % 3
    put(s, foreman_seat, "Foreman")
    s.apply(Move("take", s.courtyard[0], card("CF3a")))
    s.apply(Move("discard", card("Market crier")))
    assert decision(s) == "claim" and s.current_player == foreman_seat
    s.apply(Move("claim"))
    assert decision(s) == "pay" and s.phase == "cards"
    s.apply(Move("loan"))
    assert s.phase == "actions" and decision(s) == "act"
