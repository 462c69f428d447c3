"""The Review scene, headless: a progress bar while the AI thinks, then the costly decisions;
Cancel stops the thinking; a click opens the replay at the decision with the AI's move."""

from __future__ import annotations

import threading
import time
from typing import ClassVar

import pygame
import pytest

from ai import review as review_module
from ai.agents import make_agent
from loyang_game.engine import GameConfig, Move, new_game
from loyang_game.engine.cards import card_by_code, helper_id
from loyang_game.play.replay import Replay
from loyang_game.text.moves import move_words
from loyang_game.ui.director import Director
from loyang_game.ui.scene import Scene
from loyang_game.ui.scenes import SCENES
from loyang_game.ui.scenes import review as review_scene
from loyang_game.ui.scenes.review import verdict

from .drawn import record_text
from .menu_driver import click_item, frames, key

SMALL = "hard:act_iterations=40,other_iterations=20"  # the coach whose hints are judged


class ReplayStub(Scene):
    """Stands for the Replay scene (another branch): remembers how it was opened."""

    name = "replay"
    opened: ClassVar[list[dict]] = []

    def __init__(self, d, **options) -> None:
        super().__init__(d)
        ReplayStub.opened.append(options)


@pytest.fixture
def small_review(monkeypatch):
    monkeypatch.setattr(review_module, "COACH_LEVEL", SMALL)
    ReplayStub.opened = []


def _replay(rounds: int) -> Replay:
    """A game of easy agents cut at the start of round `rounds + 1` (2 players)."""
    state = new_game(GameConfig(seats=2, seed=7))
    agents = [make_agent("easy", 7 + i, deterministic=True) for i in range(2)]
    while not state.is_over and state.round <= rounds:
        state.apply(agents[state.current_player].choose(state))
    return Replay(state.config, state.moves(), ["Anna", "Bao"], ["person", "easy"])


def _director(replay: Replay, size=(1280, 800)):
    d = Director({**SCENES, "replay": ReplayStub}, size=size, fullscreen=False, fps_cap=0)
    d.open("title")
    scene = d.open("review", replay=replay, seat=0)
    return d, scene


def _until_done(d, scene, timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    while scene.findings is None:
        assert time.monotonic() < deadline, "the review did not finish"
        frames(d)
        time.sleep(0.005)


def test_progress_then_the_costly_decisions_and_a_click_opens_the_replay(small_review):
    replay = _replay(rounds=3)
    d, scene = _director(replay)
    frames(d)
    assert scene.findings is None and scene.form.get("cancel").rect.w > 0  # thinking
    _until_done(d, scene)
    progress = scene.thinker.progress
    assert progress.done == progress.total > 0
    assert scene.shown, "three rounds of an easy player hold a costly decision"
    assert all(f.cost >= review_module.THRESHOLD for f in scene.shown)
    d.draw()
    first = scene.shown[0]
    click_item(d, "row0")
    assert d.top.name == "replay"
    (options,) = ReplayStub.opened
    assert options == {"replay": replay, "at": first.step, "viewer": 0,
                       "note": verdict(first), "suggestion": first.suggestion}
    assert first.suggestion in replay.state_at(first.step).legal_moves()
    assert replay.seats[first.step] == 0


def test_no_costly_decision_is_said_plainly(small_review):
    replay = Replay(GameConfig(seats=2, seed=7), [], ["Anna", "Bao"], ["person", "easy"])
    d, scene = _director(replay)
    _until_done(d, scene)
    assert scene.findings == [] and scene.shown == []
    assert [item.key for item in scene.form.live()] == ["back"]
    click_item(d, "back")
    assert d.top.name == "title"


@pytest.mark.parametrize("how", ["button", "escape"])
def test_cancel_stops_the_review_and_goes_back(small_review, how):
    replay = _replay(rounds=9)
    d, scene = _director(replay)
    frames(d, 2)
    assert scene.thinker.busy and reviewing()
    if how == "button":
        click_item(d, "cancel")
    else:
        key(d, pygame.K_ESCAPE)
    assert d.top.name == "title"
    assert not scene.thinker.busy and scene.thinker.poll() is None
    deadline = time.monotonic() + 10.0  # promptly: within a decision's judging, not a game's
    while reviewing() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not reviewing() and scene.findings is None
    progress = scene.thinker.progress
    # it stopped part way, not at the end (on a busy machine, maybe before it had even
    # counted the decisions to judge: total still 0)
    assert progress.total == 0 or progress.done < progress.total


def reviewing() -> bool:
    """A review's thread is running (the thread backend's: the default)."""
    return any(t.name.startswith("thinker-review") for t in threading.enumerate())


def test_moves_are_said_to_the_person():
    """Each move has its advice form, a template of its own (no verb turned by a regex)."""
    tout, woman = helper_id("Tout"), helper_id("Market woman")
    assert move_words(Move("take", card_by_code("S5").id, card_by_code("R4").id), advice=True) == \
        "take Market stall S5 from the Courtyard and play Regular customer R4"
    assert move_words(Move("end"), advice=True) == "end the Action phase"
    assert move_words(Move("home", 0), advice=True) == "buy Wheat and sow the Home field"
    assert move_words(Move("use", tout, 2, card_by_code("K7").id), advice=True) == \
        "use the Tout: buy Casual customer K7 for 2 Cash and serve it"
    assert move_words(Move("use", woman, card_by_code("S5").id, card_by_code("S6").id),
                      advice=True) == \
        "use the Market woman: swap Market stall S5 for Market stall S6, both refilled"
    assert move_words(Move("use", helper_id("Harvest helper"), 2), advice=True) == \
        "activate the Harvest helper: fields sown this phase get 1 more token"


def test_a_failed_review_says_why_and_goes_back(small_review, monkeypatch):
    def broken(*_args, **_kwargs):
        raise ValueError("no such game")

    monkeypatch.setattr(review_module, "to_judge", broken)
    d, scene = _director(_replay(rounds=1))
    _until_done(d, scene)
    assert scene.message == "The review stopped: no such game"
    assert scene.shown == [] and [item.key for item in scene.form.live()] == ["back"]
    key(d, pygame.K_ESCAPE)
    assert d.top.name == "title"


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_costs_note_names_its_unit_and_is_drawn_whole(small_review, monkeypatch, size):
    drawn = record_text(monkeypatch, review_scene)
    replay = Replay(GameConfig(seats=2, seed=7), [], ["Anna", "Bao"], ["person", "easy"])
    d, scene = _director(replay, size)
    _until_done(d, scene)
    d.draw()
    words = " ".join(s for s, _place in drawn)
    assert "Costs are the AI's estimates in final Path spaces" in words
    assert "against a longer look than the hint's" in words
    assert words.endswith(f"the top {review_module.SHOWN} whose whole 95% interval is above "
                          f"{review_module.THRESHOLD} spaces.") or (
        f"whose whole 95% interval is above {review_module.THRESHOLD} spaces." in words)


def test_in_pass_and_play_the_next_person_gets_a_review(small_review):
    base = _replay(rounds=1)
    replay = Replay(base.config, base.moves, ["Anna", "Bao"], ["person", "person"])
    d, scene = _director(replay)
    _until_done(d, scene)
    d.draw()
    click_item(d, "next")
    assert d.top is not scene and d.top.name == "review" and d.top.seat == 1
    assert not scene.thinker.busy
    _until_done(d, d.top)
    d.draw()
    click_item(d, "next")
    assert d.top.seat == 0  # round the table, back to the first person


def test_with_one_person_there_is_no_next_review(small_review):
    d, scene = _director(_replay(rounds=1))
    _until_done(d, scene)
    assert "next" not in {item.key for item in scene.form.items}


def test_a_long_games_review_says_what_it_left_out(small_review, monkeypatch):
    monkeypatch.setattr(review_module, "MAX_DECISIONS", 2)
    drawn = record_text(monkeypatch, review_scene)
    d, scene = _director(_replay(rounds=1))
    _until_done(d, scene)
    left_out = scene.result.left_out
    assert left_out > 0 and len(scene.findings) <= 2
    d.draw()
    words = " ".join(s for s, _place in drawn)
    assert f"A long game: {left_out} of its decisions were left out" in words
    assert "the top" in words  # the costs note is still there, whole
