"""The prompt line says what the seat to decide is asked to do, in words about this game."""

from __future__ import annotations

from loyang_game.engine import flow
from loyang_game.session import GameSession
from loyang_game.ui.prompts import prompt

from .driver import reach


def _game(state, kinds) -> GameSession:
    return GameSession(state, kinds, autosave=False, record=False)


def test_the_prompt_follows_the_decision_and_the_seat():
    state = reach(2, 3, lambda s: flow.decision(s) == "cards")
    seat = state.current_player
    kinds = ["person", "person"]
    game = _game(state, kinds)
    name = game.names[seat]
    assert prompt(game, None).startswith(f"{name}: click a hand card")
    assert prompt(game, seat) == f"Pass the table to {name}."
    kinds[seat] = "hard"
    assert prompt(_game(state, kinds), None) == f"{name} (AI) is playing."


def test_solo_cards_and_a_debt_are_told_with_their_numbers():
    solo = _game(reach(1, 2, lambda s: flow.decision(s) == "cards"), ["person"])
    assert "buy cards from the Offer" in prompt(solo, None)
    state = reach(2, 3, lambda s: flow.decision(s) == "pay", limit=20000)
    debt, cash = state.pending[-1], state.players[state.current_player].cash
    text = prompt(_game(state, ["person", "person"]), None)
    assert f"raise {debt[2]} Cash for the {debt[3]} (you have {cash})" in text


def test_a_finished_game_says_so():
    state = reach(2, 1, lambda s: s.is_over, limit=20000)
    assert prompt(_game(state, ["person", "person"]), None) == "The game is over."
