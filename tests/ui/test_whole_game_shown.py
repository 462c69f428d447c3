"""A whole 4-player game shown as a person sees it (issue 48, item 5): every move of three AI
seats and of the person (a greedy bot clicking through the table's own apply) planned and
played as animations at the "fast" speed, on the table's own clock, to the end panel: no
move's choreography may fail on a card, token or place of any seat, shown big, aside or in
a panel."""

from __future__ import annotations

from ai.agents import make_agent
from loyang_game.engine import GameConfig, new_game

from .driver import step
from .test_ai_turns import table_at


def test_a_whole_four_player_game_is_shown_to_its_end():
    app = table_at(new_game(GameConfig(seats=4, seed=46)), "fast",
                   ["person", "greedy", "greedy", "greedy"])
    person = make_agent("greedy", 46)
    shown = 0
    for _ in range(60000):
        if app.game.state.is_over and app.end_panel is not None:
            break
        step(app)
        shown += app.timeline.busy or app.timeline.aside_busy
        if app.person_to_play() and not app.timeline.busy:
            app.apply(person.choose(app.game.state.clone()), person=True)
    assert app.game.state.is_over and app.end_panel is not None
    assert shown > 1000  # frames with moves being shown: the game was seen, not skipped
    app.d.close()
