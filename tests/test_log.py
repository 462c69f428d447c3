"""The game log: every move made and every event the engine leaves behind reads as a line."""

from __future__ import annotations

import random
import re

from ai.agents import make_agent
from loyang_game.engine import GameConfig, Move, new_game
from loyang_game.engine.cards import CARDS, NONE, B, L, W, card_by_code, helper_id
from loyang_game.engine.events import (
    Cash,
    Claimed,
    Discarded,
    FieldRemoved,
    Flipped,
    GameOver,
    Harvested,
    MarkerRed,
    NewField,
    Penalty,
    Reshuffled,
    Revealed,
    TwoPackDrawn,
)
from loyang_game.text.log import (
    before_move,
    casual_pay,
    describe_events,
    describe_move,
    replay_log,
    touched,
    turn_lines,
)

from .engine.helper_scenarios import put_regular, turn
from .engine.scenario import put, set_player

NAMES = ["Ana", "Bo", "Cy", "Di"]


def test_events_of_whole_games_read_as_lines():
    kinds = set()
    for seats in (1, 2, 4):
        state = new_game(GameConfig(seats=seats, seed=seats))
        agents = [make_agent("helper-happy", seat) for seat in range(seats)]
        while not state.is_over:
            state.apply(agents[state.current_player].choose(state))
            assert describe_move(state.moves()[-1], NAMES)
            lines = describe_events(state.events, NAMES)
            assert all(isinstance(line, str) and line for line in lines)
            told = [e for e in state.events if isinstance(e, TOLD)
                    or (isinstance(e, Cash) and e.is_debt)]
            harvested = {e.seat for e in told if isinstance(e, Harvested)}
            assert len(lines) == len(told) - sum(isinstance(e, Harvested) for e in told) + len(
                harvested)
            kinds.update(type(e) for e in told)
    assert {Harvested, Discarded, Cash, NewField, GameOver} <= kinds


# The events that have a line of their own (debts paid too: a `Cash` event that `is_debt`).
TOLD = (GameOver, Reshuffled, Harvested, Discarded, Revealed, NewField, FieldRemoved, Flipped,
        MarkerRed, Penalty, Claimed, TwoPackDrawn)


def test_harvests_come_first_and_are_summed_per_player():
    maid, field = helper_id("Maid"), card_by_code("CF3a").id
    events = [Discarded(0, maid), Harvested(1, field, 0), Harvested(1, field, 4),
              Claimed(0, maid)]
    assert describe_events(events, NAMES) == [
        "Bo harvests Wheat, Bean.",
        "Ana's Maid goes to the discard pile.",
        "Ana's Foreman takes the Maid from the discard pile.",
    ]


def test_moves_read_as_lines():
    s7, maid = card_by_code("S7").id, helper_id("Maid")
    assert describe_move(Move("trade", s7, 2, W, B), NAMES) == (
        "trades Wheat + Bean for Leek at Market stall S7")
    assert describe_move(Move("partner", 3), NAMES) == "chooses Di as partner for the Action phase"
    assert describe_move(Move("partner", 1)) == "chooses seat 2 as partner for the Action phase"
    assert describe_move(Move("claim", NONE)) == "lets the Foreman pass"
    assert describe_move(Move("use", maid)) == (
        "activates the Maid: 1:1 at every Market stall this Action phase")
    assert describe_move(Move("sell", L)) == "sells Leek to the Shop"


def _logged_games():
    """(before, move, after, lines) of every move of a few whole games by the greedy agent."""
    for seats, seed in ((2, 1), (3, 2), (1, 3)):
        state = new_game(GameConfig(seats=seats, seed=seed))
        agents = [make_agent("greedy", seed + seat) for seat in range(seats)]
        while not state.is_over:
            move = agents[state.current_player].choose(state)
            told = before_move(state, move)
            before = state.clone()
            state.apply(move)
            yield before, move, state, turn_lines(told, move, state, NAMES)


def test_every_sale_purchase_and_delivery_tells_its_cash():
    seen = set()
    for before, move, after, lines in _logged_games():
        seat = before.current_player
        paid = sum(e.amount for e in after.events
                   if isinstance(e, Cash) and e.is_debt and e.seat == seat)
        gain = after.players[seat].cash - before.players[seat].cash - paid
        if move.kind in ("buy", "sell", "regular", "upgrade", "offer") and gain:
            assert lines[0].endswith(f": {gain:+d} Cash"), lines[0]
            assert lines[0].startswith(f"R{max(1, before.round)} {NAMES[seat]}: ")
            seen.add(move.kind)
        if move.kind == "casual":
            total = re.search(r": \+(\d+)( = (\d+) ([+-]) 2)?: (.+)$", lines[0])
            assert total and int(total[1]) == gain, lines[0]
            if total[2]:
                assert int(total[3]) + (2 if total[4] == "+" else -2) == gain
            assert total[5] in ("more Casual than Regular customers", "the Saleswoman's bonus",
                                "more Regular than Casual customers",
                                "as many Regular as Casual customers")
            seen.add(move.kind)
    assert {"buy", "sell", "regular", "casual"} <= seen


def test_a_casual_customer_pays_less_with_more_casual_than_regular_customers():
    rng = random.Random(5)
    state = new_game(GameConfig(seats=2, seed=5))
    while not any(len(p.casuals) > len(p.regulars) and not p.effects for p in state.players):
        assert not state.is_over, "no player of this deal had more Casual customers"
        state.apply(rng.choice(state.legal_moves()))
    p = next(p for p in state.players if len(p.casuals) > len(p.regulars) and not p.effects)
    card = p.casuals[0].card
    base = CARDS[card].pays[0]
    assert casual_pay(p, card) == (
        f"+{base - 2} = {base} - 2: more Casual than Regular customers")


def test_the_log_of_a_game_is_rebuilt_from_its_moves():
    logged = []
    for before, _move, after, lines in _logged_games():
        if before.config.seats == 3:
            logged += lines
            final = after
    assert replay_log(final.config, final.moves(), NAMES) == logged


def _touched_by(setup):
    """The call-out clauses, to the other seat and about it, of the move `setup` readies on a
    2-player Action phase turn (setup(state, mover, other) -> the move)."""
    s, mover = turn(seats=2)
    other = 1 - mover
    move = setup(s, mover, other)
    before = s.clone()
    s.apply(move)
    names = ["Ana", "Bo"]
    return (touched(before, s, move, other, names, {}),
            touched(before, s, move, other, names, {}, you=False))


def test_what_a_lantern_helper_did_to_another_board_is_told_from_the_events():
    def market_woman(s, mover, other):
        woman, mine = put(s, mover, "Market woman").card, put(s, mover, "S3").card
        return Move("use", woman, mine, put(s, other, "S8", mask=0b011).card)

    def deliveryman(s, mover, other):
        set_player(s, mover, cart={veg: 3 for veg in range(6)})
        return Move("use", put(s, mover, "Deliveryman").card,
                    put_regular(s, other, "R1", rows=3).card)

    def subsistence_farmer(s, mover, other):
        return Move("use", put(s, mover, "Subsistence farmer").card,
                    put(s, other, "CF3a", veg=W, count=4).card)

    assert _touched_by(market_woman) == (
        ["your Market stall S8 goes to Bo", "you get Market stall S3"],
        ["Ana's Market stall S8 goes to Bo", "Ana gets Market stall S3"])
    assert _touched_by(deliveryman) == (
        ["your Regular customer R1 is fully served by Bo and leaves", "you get 2 Cash"],
        ["Ana's Regular customer R1 is fully served by Bo and leaves", "Ana gets 2 Cash"])
    assert _touched_by(subsistence_farmer)[0] == [
        "1 Wheat taken from your common 3-space field", "you get 1 Cash"]
