"""The prompt line says what the seat to decide is asked to do, in words about this game."""

from __future__ import annotations

import random

import pygame
import pytest

from loyang_game.engine import flow
from loyang_game.engine.cards import CARDS
from loyang_game.engine.serving import casual_modifier
from loyang_game.play import commands
from loyang_game.play.session import GameSession
from loyang_game.ui import overlay
from loyang_game.ui.prompts import hover_lines, prompt

from .driver import make_app, play_move, play_while, reach, step


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
    assert text.endswith("use or discard a Helper.")  # Helpers may be used to pay (rulebook)


def test_the_prompt_names_the_buttons_as_they_read():
    for decision, name, button in (("path", "stay", "Stay put"),
                                   ("act", "end", "End Action phase")):
        state = reach(2, 3, lambda s, d=decision: not s.is_over and flow.decision(s) == d)
        assert commands.BUTTON_LABELS[name] == button
        assert button in prompt(_game(state, ["person", "person"]), None)
    solo = _game(reach(1, 2, lambda s: flow.decision(s) == "cards"), ["person"])
    assert "Done buying" in prompt(solo, None)


def test_the_path_price_shows_only_while_choosing_where_to_walk():
    app = make_app(2, ["person", "random"], seed=3)
    rng = random.Random(5)
    play_while(app, rng, lambda: (
        flow.decision(app.game.state) != "path" or app.game.state.current_player != 0))
    seat = app.game.state.current_player
    space = app.game.state.players[seat].path + 1
    pos = app.view.position_of(("path", space))

    def tip() -> list[str]:
        app.view.point_at(pos)
        return hover_lines(app.game.state, app.view.target_at(pos), app.focus(), app.view.L)

    assert tip()[0].startswith(f"Space {space}: 1 step for")
    play_move(app, next(m for m in app.game.state.legal_moves() if m.kind == "advance"))
    step(app)
    assert app.focus() == seat and app.pass_to is None
    assert tip() == []


def test_a_finished_game_says_so():
    state = reach(2, 1, lambda s: s.is_over, limit=20000)
    assert prompt(_game(state, ["person", "person"]), None) == "The game is over."


def test_hovering_a_casual_customer_tells_what_it_pays_now(monkeypatch):
    app = make_app(2, ["person", "person"], seed=4)
    rng = random.Random(6)
    play_while(app, rng, lambda: not app.game.state.players[app.focus()].casuals)
    p = app.game.state.players[app.focus()]
    card = p.casuals[0].card
    base, mod = CARDS[card].pays[0], casual_modifier(p)
    pos = app.view.position_of(("casual", card))
    app.view.point_at(pos)
    lines = hover_lines(app.game.state, app.view.target_at(pos), app.focus(), app.view.L)
    assert lines[1].startswith(f"pays now +{base + mod}")
    if mod:
        assert f"= {base} {'+' if mod > 0 else '-'} 2: " in lines[1]
    shown = []
    monkeypatch.setattr(overlay, "card_info", lambda *args: shown.append(args[5]))
    app.view.point_at(pos, long=True)
    step(app)
    assert shown and shown[-1] == lines[1]


@pytest.mark.parametrize("language", ["en", "de", "it", "fr"])
@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_top_bar_prompt_is_never_cut(size, language):
    from loyang_game import words
    from loyang_game.engine import GameConfig, new_game
    from loyang_game.ui import layout, theme
    from loyang_game.ui.prompts import PROMPT_BUTTONS, PROMPTS
    from loyang_game.ui.render import PHASE_WORDS, top_prompt

    pygame.init()
    L = layout.build(new_game(GameConfig(seats=2, seed=1)), 0, size, hand_seat=None,
                     bar_buttons=[])
    top = L.regions["top"]
    words.set_language(language)
    try:
        head = max(theme.font(L.px(22), True).size(f"Round 9/9 · {w}")[0]
                   for w in PHASE_WORDS.values())
        width = top.right - (top.x + L.px(10) + head) - L.px(530)
        for key, template in PROMPTS.items():
            button = commands.button_label(PROMPT_BUTTONS[key]) if key in PROMPT_BUTTONS else ""
            said = words._(template, name="Maximiliana-Rosa", capacity=4, cash=12, owed=10,
                           owed_for=words._("Regular customer penalty"), button=button)
            _size, lines = top_prompt(L, said, width)
            assert " ".join(lines) == said and len(lines) <= 2, (language, key)
    finally:
        words.set_language("en")
