"""The Helpers of the Market stalls: Maid, Market crier, Market woman, Trader.

Sources: the Helper Reference at the end of the rulebook and docs/rules/RULINGS.md. Encodings
(loyang_game/engine/helpers/market.py): Maid `USE(card)`; Market crier `USE(card, 1)` refill,
`USE(card, 2, *codes)` with code = stall * 4 + offer index; Market woman `USE(card, my stall,
their stall)`; Trader `USE(card, stall, offer index, vegetable traded in, second vegetable or
NONE)`.

Stalls used (CARDS.md): S1 P1 T1 C1, S3 W1 T1 L1, S6 T1 C2 L2, S7 P1 C1 L2, S8 W1 B1 L2.
"""

from __future__ import annotations

import pytest

from loyang_game.engine import IllegalMove, Move
from loyang_game.engine.cards import CARDS

from .helper_scenarios import (
    NONE,
    B,
    C,
    L,
    P,
    T,
    W,
    to_next_act,
    top_cards,
    turn,
    uses,
)
from .scenario import card, clear_area, put, set_player, slot_of

FULL = 0b111


def code(stall: str, index: int) -> int:
    return card(stall) * 4 + index


# --- Maid ----------------------------------------------------------------------------------------

def test_maid_john_example():
    """Maid, example: "John activates the Maid and moves her to the Discard pile. This reduces
    the price of a Two-pack, which he then buys. Only then does he trade in 1 vegetable at a
    2:1 Stall." Bullet: "A player can activate this card for the current Action phase without
    using it immediately." Two Helpers and one stall: the Two-pack costs 2, then 1."""
    s, john = turn(cash=1)
    maid = put(s, john, "Maid").card
    put(s, john, "Haggler")
    s7 = put(s, john, "S7").card  # P1 C1 L2
    set_player(s, john, cart={W: 1})
    assert Move("twopack") not in s.legal_moves()  # 2 Cash
    assert Move("trade", s7, 2, W) not in s.legal_moves()  # the Leek takes 2 vegetables
    s.apply(Move("use", maid))
    assert maid in s.discard and "maid" in s.players[john].effects
    assert Move("twopack") in s.legal_moves()
    s.apply(Move("twopack"))
    assert s.players[john].cash == 0
    s.apply(Move("keep"))
    assert Move("trade", s7, 2, W) in s.legal_moves()
    s.apply(Move("trade", s7, 2, W))
    p = s.players[john]
    assert p.cart == [0, 0, 0, 0, 0, 1]
    assert slot_of(s, s7).mask == 0b011


def test_maid_one_for_one_at_every_two_bowl_space():
    """Maid card text: "exchange vegetables 1:1 at all Market stall spaces where you would
    usually have to trade in 2 vegetables to receive 1" (S6: Cabbage and Leek, 2 each); 1-bowl
    spaces are unchanged. (The engine then offers the 1:1 trade only: giving 2 where 1 will do
    is never better.)"""
    s, seat = turn()
    maid = put(s, seat, "Maid").card
    s6 = put(s, seat, "S6").card
    set_player(s, seat, cart={W: 3})
    s.apply(Move("use", maid))
    trades = {m for m in s.legal_moves() if m.kind == "trade"}
    assert trades == {Move("trade", s6, 0, W), Move("trade", s6, 1, W),
                      Move("trade", s6, 2, W)}
    s.apply(Move("trade", s6, 1, W))
    s.apply(Move("trade", s6, 2, W))
    assert s.players[seat].cart == [1, 0, 0, 1, 0, 1]


def test_maid_lasts_for_this_action_phase_only():
    """Maid card text: "In this Action phase": in the next round's Action phase the 2-bowl
    spaces take 2 vegetables again."""
    s, seat = turn()
    maid = put(s, seat, "Maid").card
    s6 = put(s, seat, "S6").card
    s.apply(Move("use", maid))
    to_next_act(s, seat, s.round + 1)
    clear_area(s, seat, keep=[s6])
    set_player(s, seat, cart={W: 3})
    assert "maid" not in s.players[seat].effects
    assert Move("trade", s6, 1, W) not in s.legal_moves()
    assert Move("trade", s6, 1, W, W) in s.legal_moves()


def test_maid_with_trader_one_for_one_at_another_players_stall():
    """Maid: "The Maid can be combined with the Trader: a player can trade a vegetable 1:1 at
    another player's Market stall."; Trader: "The Trader can be combined with the Maid"."""
    s, seat = turn()
    other = 1 - seat
    maid = put(s, seat, "Maid").card
    trader = put(s, seat, "Trader").card
    s8 = put(s, other, "S8").card  # W1 B1 L2
    set_player(s, seat, cart={W: 1})
    assert Move("use", trader, s8, 2, W, NONE) not in uses(s, trader)
    s.apply(Move("use", maid))
    assert Move("use", trader, s8, 2, W, NONE) in uses(s, trader)
    s.apply(Move("use", trader, s8, 2, W, NONE))
    assert s.players[seat].cart == [0, 0, 0, 0, 0, 1]
    assert slot_of(s, s8).mask == 0b011


# --- Market crier --------------------------------------------------------------------------------

def test_market_crier_gerald_example():
    """Market crier, example for option 2: "Gerald takes 1 Bean and 1 Leek from his Market
    stalls. He does not need to trade in vegetables from his Cart. He places both vegetables on
    the appropriate spaces in his Shop and receives 3 Cash (even though the Shop's price would
    have been 4)." Card text: "You can earn a maximum of 3 Cash"."""
    s, gerald = turn()
    mc = put(s, gerald, "Market crier").card
    s8 = put(s, gerald, "S8").card  # W1 B1 L2
    s3 = put(s, gerald, "S3").card  # W1 T1 L1
    set_player(s, gerald, cart={})
    move = Move("use", mc, 2, code("S8", 1), code("S3", 2))
    assert move in uses(s, mc)
    s.apply(move)
    p = s.players[gerald]
    assert p.cash == 13
    assert (p.shop[B], p.shop[L]) == (2, 2)
    assert p.cart == [0] * 6
    assert slot_of(s, s8).mask == 0b101 and slot_of(s, s3).mask == 0b011
    assert mc in s.discard


def test_market_crier_sells_one_to_three_at_shop_prices():
    """Market crier card text: "Sell 1 to 3 vegetables from your Market stalls to your Shop (at
    Shop prices!)": 1 Cash for a Wheat; never 4 vegetables; only into free Shop spaces (the
    Shop starts with all 3 Wheat spaces full and 1 Bean of 2)."""
    s, seat = turn()
    mc = put(s, seat, "Market crier").card
    put(s, seat, "S1")  # P1 T1 C1
    put(s, seat, "S8")  # W1 B1 L2
    set_player(s, seat, shop={P: 0})
    sales = [m for m in uses(s, mc) if m.b == 2]
    sizes = {sum(1 for c in (m.c, m.d, m.e) if c != NONE) for m in sales}
    assert sizes == {1, 2, 3}
    assert all(code("S8", 0) not in (m.c, m.d, m.e) for m in sales)  # no free Wheat space
    s.apply(Move("use", mc, 2, code("S1", 0)))
    assert s.players[seat].cash == 11 and s.players[seat].shop[P] == 1


def test_market_crier_sale_that_empties_a_stall_discards_it():
    """Market crier: "Market stalls are discarded as soon as they are empty" and rulebook E:
    "If a player removes the top card ... the lower card is immediately moved to the
    appropriate place" (a stall revealed is filled)."""
    s, seat = turn()
    mc = put(s, seat, "Market crier").card
    s1 = put(s, seat, "S1", under="S3", mask=0b001).card  # one Pumpkin left
    set_player(s, seat, shop={P: 0})
    s.apply(Move("use", mc, 2, code("S1", 0)))
    assert slot_of(s, s1) is None and s1 in s.discard
    assert slot_of(s, "S3") == (card("S3"), NONE, FULL)
    assert s.players[seat].cash == 11


def test_market_crier_refills_all_stalls():
    """Market crier card text: "Refill all your Market stalls with vegetables"; bullet: "If the
    Market crier chooses to refill Stalls, he must refill all of a player's stalls." """
    s, seat = turn()
    mc = put(s, seat, "Market crier").card
    s1 = put(s, seat, "S1", mask=0b001).card
    s7 = put(s, seat, "S7", mask=0b110).card
    s3 = put(s, seat, "S3").card
    assert Move("use", mc, 1) in uses(s, mc)
    s.apply(Move("use", mc, 1))
    assert [slot_of(s, c).mask for c in (s1, s7, s3)] == [FULL, FULL, FULL]
    assert s.players[seat].cash == 10
    assert mc in s.discard


def test_market_crier_cannot_refill_an_emptied_stall():
    """Market crier: "The Market crier can never refill a completely empty Market stall, as
    Market stalls are discarded as soon as they are empty." Without stalls he does nothing."""
    s, seat = turn()
    mc = put(s, seat, "Market crier").card
    s1 = put(s, seat, "S1", mask=0b001).card
    set_player(s, seat, cart={W: 1})
    s.apply(Move("trade", s1, 0, W))
    assert s1 in s.discard
    assert uses(s, mc) == []


# --- Market woman --------------------------------------------------------------------------------

def test_market_woman_swaps_stalls_and_refills_both():
    """Market woman card text: "Exchange one of your Market stalls for another player's Market
    stall and refill both of them. (Cards under the Market stalls that are revealed during the
    swap are moved to the appropriate "played" area.)" Each revealed card goes to its owner's
    area; a revealed stall is filled."""
    s, seat = turn()
    other = 1 - seat
    mw = put(s, seat, "Market woman").card
    s1 = put(s, seat, "S1", under="K1", mask=0b001).card
    s7 = put(s, other, "S7", under="S3", mask=0b100).card
    move = Move("use", mw, s1, s7)
    assert uses(s, mw) == [move]
    s.apply(move)
    me, them = s.players[seat], s.players[other]
    assert me.stalls == [(s7, NONE, FULL)]
    assert sorted(them.stalls) == sorted([(card("S3"), NONE, FULL), (s1, NONE, FULL)])
    assert me.casuals == [(card("K1"), NONE)]
    assert mw in s.discard


def test_market_woman_needs_a_stall_of_each():
    """Market woman: "A player with no Market stall cannot use this card." Nor without another
    player's stall to exchange."""
    s, seat = turn()
    other = 1 - seat
    mw = put(s, seat, "Market woman").card
    put(s, other, "S7")
    assert uses(s, mw) == []
    s, seat = turn()
    mw = put(s, seat, "Market woman").card
    put(s, seat, "S7")
    assert uses(s, mw) == []


def test_market_woman_emptied_stall_cannot_be_exchanged():
    """Market woman: "A player cannot exchange an empty Market stall, as empty Stalls are
    immediately placed on the Discard pile." The last vegetable traded off the only stall:
    nothing left to exchange."""
    s, seat = turn()
    mw = put(s, seat, "Market woman").card
    s1 = put(s, seat, "S1", mask=0b001).card
    put(s, 1 - seat, "S7")
    set_player(s, seat, cart={W: 1})
    assert uses(s, mw) == [Move("use", mw, s1, card("S7"))]
    s.apply(Move("trade", s1, 0, W))
    assert s1 in s.discard
    assert uses(s, mw) == []


def test_market_woman_and_trader_cleared_out_stall_in_the_last_round():
    """Market woman and Trader: "In the last round, some players might choose to clear out
    their Market stalls to stop other players from using them with the Trader or the Market
    woman." Round 9: the starting player trades his stall empty; the second player's Market
    woman and Trader then have no stall to use."""
    s, first = turn(round_=9)
    second = s.order[1]
    s7 = put(s, first, "S7", mask=0b011).card
    mw = put(s, second, "Market woman").card
    trader = put(s, second, "Trader").card
    put(s, second, "S1")
    set_player(s, first, cart={W: 2})
    s.apply(Move("trade", s7, 0, W))
    s.apply(Move("trade", s7, 1, W))
    assert s7 in s.discard
    to_next_act(s, second, 9)
    set_player(s, second, cart={W: 2}, cash=10)
    assert uses(s, mw) == [] and uses(s, trader) == []


# --- Trader --------------------------------------------------------------------------------------

def test_trader_trades_at_another_players_stall():
    """Trader card text: "Trade in 1 vegetable at another player's Market stall."; bullet:
    "a player can obtain exactly 1 vegetable from another player's Market stall by trading in
    1 or 2 vegetables from his cart (as shown)". Not at one's own stall; no fee before round
    8."""
    s, seat = turn()
    other = 1 - seat
    trader = put(s, seat, "Trader").card
    own = put(s, seat, "S3").card
    s7 = put(s, other, "S7").card  # P1 C1 L2
    set_player(s, seat, cart={W: 2})
    moves = set(uses(s, trader))
    assert moves == {Move("use", trader, s7, 0, W, NONE), Move("use", trader, s7, 1, W, NONE),
                     Move("use", trader, s7, 2, W, W)}
    assert all(m.b != own for m in moves)
    s.apply(Move("use", trader, s7, 2, W, W))
    assert s.players[seat].cart == [0, 0, 0, 0, 0, 1]
    assert slot_of(s, s7).mask == 0b011
    assert s.players[seat].cash == 10 and s.players[other].cash == 10
    assert trader in s.discard


@pytest.mark.parametrize(("round_", "fee"), [(7, 0), (8, 1), (9, 2)])
def test_trader_fee_in_rounds_8_and_9(round_, fee):
    """Trader card text: "If you do this in Round 8, you must pay that player 1 Cash; in Round
    9, 2 Cash." Without the fee's Cash the Trader cannot be used."""
    s, seat = turn(round_=round_)
    assert s.round == round_
    other = 1 - seat
    trader = put(s, seat, "Trader").card
    s1 = put(s, other, "S1").card
    set_player(s, seat, cart={W: 1}, cash=fee)
    s.apply(Move("use", trader, s1, 0, W, NONE))
    assert s.players[seat].cash == 0
    assert s.players[other].cash == 10 + fee
    assert s.players[seat].cart[P] == 1
    if fee:
        s, seat = turn(round_=round_)
        trader = put(s, seat, "Trader").card
        put(s, 1 - seat, "S1")
        set_player(s, seat, cart={W: 1}, cash=fee - 1)
        assert uses(s, trader) == []


def test_trader_three_cards_one_trade_each():
    """Trader: "The Trader is the only Helper who appears more than once in the game. (There
    are 3.)"; "With each Trader used, a player can obtain exactly 1 vegetable"."""
    traders = [c.id for c in CARDS if c.name == "Trader"]
    assert len(traders) == 3
    s, seat = turn()
    other = 1 - seat
    for t in traders:
        put(s, seat, t)
    s1 = put(s, other, "S1").card
    set_player(s, seat, cart={W: 3})
    for index in range(3):
        used = next(m for m in s.legal_moves() if m.kind == "use" and m.b == s1 and m.c == index)
        s.apply(used)
    p = s.players[seat]
    assert p.cart == [0, 1, 1, 1, 0, 0]
    assert p.helpers == [] and set(traders) <= set(s.discard)
    assert slot_of(s, s1) is None and s1 in s.discard  # emptied: discarded


def test_trader_emptied_stall_reveals_the_owners_lower_card():
    """Rulebook E: "If a player removes the top card of another player's Two-pack, the lower
    card is immediately moved to the appropriate place. (Neither player can stop the lower
    card from being revealed.)" The owner has not played yet: the revealed Regular customer
    is due this round (RULINGS R7)."""
    s, seat = turn()
    other = 1 - seat
    trader = put(s, seat, "Trader").card
    s1 = put(s, other, "S1", under="R9", mask=0b010).card
    set_player(s, seat, cart={W: 1})
    s.apply(Move("use", trader, s1, 1, W, NONE))
    assert s1 in s.discard
    slot = slot_of(s, "R9")
    assert slot in s.players[other].regulars
    assert slot.under == NONE and slot.first_due == s.round


def test_trader_not_usable_with_an_empty_cart():
    """Trader card text: "Trade in 1 vegetable": nothing to trade in, no trade."""
    s, seat = turn()
    trader = put(s, seat, "Trader").card
    put(s, 1 - seat, "S1")
    assert uses(s, trader) == []
    with pytest.raises(IllegalMove):
        s.apply(Move("use", trader, card("S1"), 0, W, NONE))


def test_trader_second_player_targets_the_finished_starting_player():
    """Trader: any other player's stall, also of a player who has finished the Action phase
    (RULINGS R5: 2 players, starting player then second)."""
    s, seat = turn(index=1)
    first = s.order[0]
    assert s.players[first].done
    trader = put(s, seat, "Trader").card
    s1 = put(s, first, "S1").card
    set_player(s, seat, cart={T: 1})
    s.apply(Move("use", trader, s1, 2, T, NONE))
    assert s.players[seat].cart[C] == 1
    assert top_cards(s.players[first].stalls) == [s1]
