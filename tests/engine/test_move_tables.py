"""The moves the engine builds once and shares (issue 35) are the moves the rules describe.

`helpers.stall_trades` keeps a stall's trades for its offers left, the Maid and the Cart, and
the Action phase's tables keep one move per card: each is held here to the rule written out
plainly from the card data, so a key that leaves out something the moves depend on, or a
table off by one card, fails.
"""

from __future__ import annotations

import random

from loyang_game.engine import actionphase, money, solo
from loyang_game.engine.cards import CARDS, NONE, STALL, helper_id
from loyang_game.engine.helpers import stall_trades
from loyang_game.engine.moves import CASUAL, DISCARD, OFFER, REGULAR, SOW, TRADE, USE, Move

STALLS = [card for card in CARDS if card.kind == STALL]


def _trades_by_the_rule(stall: int, mask: int, maid: bool, cart: list[int]) -> list[tuple]:
    """(offer, give, give) of every trade: a 1-bowl offer (or any with the Maid) takes one
    vegetable of the Cart, a 2-bowl one two (alike only if the Cart holds two)."""
    present = [v for v in range(6) if cart[v]]
    out = []
    for index, (_, bowls) in enumerate(CARDS[stall].offers):
        if not mask & (1 << index):
            continue
        if bowls == 1 or maid:
            out += [(index, v, NONE) for v in present]
        else:
            out += [(index, a, b) for a in present for b in present
                    if a < b or (a == b and cart[a] >= 2)]
    return out


def _carts(count: int) -> list[list[int]]:
    rng = random.Random(35)
    return [[0] * 6, [2, 0, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1]] + [
        [rng.choice((0, 0, 1, 2, 3)) for _ in range(6)] for _ in range(count)]


def test_a_stalls_trades_are_the_rules_for_every_offer_left_maid_and_cart():
    checked = 0
    for card in STALLS:
        for mask in range(8):
            for maid in (False, True):
                for cart in _carts(12):
                    want = _trades_by_the_rule(card.id, mask, maid, cart)
                    got = stall_trades(card.id, mask, maid, tuple(cart))
                    assert got == tuple(Move(TRADE, card.id, *t) for t in want)
                    checked += len(got)
    assert checked > 1000


def test_a_traders_moves_are_the_same_trades_as_uses_of_that_trader():
    trader = helper_id("Trader")
    for card in STALLS:
        for cart in _carts(6):
            own = stall_trades(card.id, 0b111, False, tuple(cart))
            used = stall_trades(card.id, 0b111, False, tuple(cart), trader)
            assert used == tuple(Move(USE, trader, *move[1:5]) for move in own)


def test_the_same_key_gives_the_same_moves_and_another_cart_others():
    card = STALLS[0].id
    first = stall_trades(card, 0b111, False, (1, 0, 0, 0, 0, 0))
    assert stall_trades(card, 0b111, False, (1, 0, 0, 0, 0, 0)) is first
    assert stall_trades(card, 0b111, False, (0, 1, 0, 0, 0, 0)) != first


def test_the_tables_by_card_id_name_that_card():
    for card in CARDS:
        assert [move for _, move in actionphase._SOW[card.id]] == [
            Move(SOW, card.id, v) for v in card.sowable]
        assert actionphase._SERVE_REGULAR[card.id] == Move(REGULAR, card.id)
        assert actionphase._SERVE_TWICE[card.id] == Move(REGULAR, card.id, 2)
        assert actionphase._SERVE_CASUAL[card.id] == Move(CASUAL, card.id)
        assert money.DISCARD_MOVES[card.id] == Move(DISCARD, card.id)
        assert solo._BUY_FROM_OFFER[card.id] == Move(OFFER, card.id)
