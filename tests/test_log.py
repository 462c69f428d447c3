"""The game log: every move made and every event the engine leaves behind reads as a line."""

from __future__ import annotations

from ai.agents import make_agent
from loyang_game.engine import GameConfig, Move, new_game
from loyang_game.engine.cards import NONE, B, L, W, card_by_code, helper_id
from loyang_game.log import describe_events, describe_move

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
            told = [e for e in state.events if e[0] != "place"]
            harvested = {e[1] for e in told if e[0] == "harvest"}
            assert len(lines) == len(told) - sum(e[0] == "harvest" for e in told) + len(
                harvested)
            kinds.update(e[0] for e in state.events)
    assert {"harvest", "discard", "paid", "new field", "game over"} <= kinds


def test_harvests_come_first_and_are_summed_per_player():
    events = [("discard", 0, helper_id("Maid")), ("harvest", 1, 0), ("harvest", 1, 4),
              ("claim", 0, helper_id("Maid"))]
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
