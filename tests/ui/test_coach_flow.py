"""The end of a game leads, with the real scenes, into its replay and its review, and a
finding of the review opens the replay at that decision with the AI's move lit."""

from __future__ import annotations

import time

from ai import review as review_module
from loyang_game.ui.scenes.replay import ReplayScene
from loyang_game.ui.scenes.review import ReviewScene

from .driver import click
from .menu_driver import click_item, frames
from .test_endpanel import finished_table, panel_buttons

SMALL = "hard:act_iterations=40,other_iterations=20"  # the coach whose hints are judged


def test_replay_from_the_end_panel_steps_through_the_finished_game():
    app = finished_table(["person", "hard"])
    click(app, panel_buttons(app)["replay"].center)
    replay = app.d.top
    assert isinstance(replay, ReplayScene)
    assert replay.state.to_data() == app.game.state.to_data()  # opened at the end
    assert replay.shows_all()  # a finished game hides nothing
    replay.go(0)
    assert replay.state.moves() == []


def test_review_from_the_end_panel_opens_a_finding_in_the_replay(monkeypatch):
    monkeypatch.setattr(review_module, "COACH_LEVEL", SMALL)
    app = finished_table(["person", "easy"], seed=3)
    click(app, panel_buttons(app)["review"].center)
    review = app.d.top
    assert isinstance(review, ReviewScene)
    deadline = time.monotonic() + 300
    while review.findings is None:
        assert time.monotonic() < deadline, "the review did not finish"
        frames(app.d)
        time.sleep(0.01)
    assert review.shown, "a game of random moves holds a costly decision"
    finding = review.shown[0]
    app.d.draw()
    click_item(app.d, "row0")
    replay = app.d.top
    assert isinstance(replay, ReplayScene)
    assert replay.step == finding.step and replay.viewer == 0
    assert replay.suggestion == finding.suggestion and replay.suggested
    assert finding.suggestion in replay.state.legal_moves()
