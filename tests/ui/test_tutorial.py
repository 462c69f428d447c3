"""Learn to play, played headless through the real scenes, click by click: from the title's
entry to the first real game it offers; its refusals, skipping, leaving and resuming."""

from __future__ import annotations

import pygame
import pytest

from loyang_game import words
from loyang_game.engine import Move
from loyang_game.engine.moves import NONE
from loyang_game.play.commands import clicks_for
from loyang_game.tutorial import progress, script

from .menu_driver import click, click_item, frames, make_director


def open_tutorial(d):
    click_item(d, "tutorial")
    scene = d.top
    assert scene.name == "tutorial"
    return scene


def wait(d, scene, limit: int = 3000) -> None:
    """Frames until the tutorial waits for the person: a note, or their turn."""
    for _ in range(limit):
        frames(d)
        if d.top is not scene:
            return
        if scene.timeline.busy:
            continue
        step = scene.current
        if not step.move and not step.free:
            if scene.told():  # a note, once what it tells is on the table
                return
        elif scene.person_to_play():
            return
    raise AssertionError("the tutorial did not come to the person")


def press(d, scene, name: str) -> None:
    """Click the tutorial panel's button `name`."""
    d.draw()
    r = scene.panel_buttons(scene.view.layout())[name]
    click(d, r.center)


def click_target(d, scene, target) -> None:
    while scene.timeline.busy:
        frames(d)
    pos = scene.view.position_of(target)
    assert pos is not None, f"{target} is not on the table"
    click(d, pos)


@pytest.mark.parametrize("language", ["en", "de", "it", "fr"])
def test_the_whole_tutorial_is_played_by_clicks_to_a_first_real_game(language):
    words.set_language(language)
    try:
        play_the_whole_tutorial(language)
    finally:
        words.set_language("en")


def play_the_whole_tutorial(language: str) -> None:
    d = make_director()
    scene = open_tutorial(d)
    seen_chapters = []
    guided = 0
    for _ in range(400):
        wait(d, scene)
        if d.top is not scene:
            break
        step = scene.current
        if language != "en":  # every step's words in the language, the chapter's title too
            assert words._(step.text) != step.text, (language, step.text)
            assert words._(scene.chapter.title) != scene.chapter.title, language
        if scene.progress.chapter not in seen_chapters:
            seen_chapters.append(scene.progress.chapter)
        state = scene.game.state
        before = len(state.moves())
        if step.move:
            move = step.guided
            assert move in state.legal_moves(), (scene.place, move)
            for _click in range(6):  # only lit targets are clicked
                lit = scene.lit()
                assert lit is not None and lit in scene.expected()
                click_target(d, scene, lit)
                if len(scene.game.state.moves()) > before:
                    break
            assert scene.game.state.moves()[before] == move
        elif step.free:
            move = script.default(state)
            for target in clicks_for(state, move):
                click_target(d, scene, target)
            assert scene.game.state.moves()[before] == move
            assert scene.remark  # the free choice is commented on
        else:
            at = scene.place
            last = scene.last()
            press(d, scene, "next")
            if not last:
                assert scene.place != at
        guided += bool(step.move)
    else:
        raise AssertionError("the tutorial did not end")
    assert seen_chapters == list(range(len(script.CHAPTERS)))
    assert guided == sum(1 for c, i in script.steps() if script.CHAPTERS[c].steps[i].move)
    table = d.top
    assert table.name == "table"  # the first real game: 2 players, easy, Introductory
    assert table.game.kinds == ["person", "easy"]
    assert table.game.state.config.introductory
    assert table.game.state.players[0].intro != NONE
    assert progress.load().finished


def test_a_click_off_the_lit_target_is_refused_kindly_and_changes_nothing():
    d = make_director()
    scene = open_tutorial(d)
    while not scene.current.move:
        press(d, scene, "next")
    assert scene.current.guided == Move.from_data(["home", 0])
    wait(d, scene)
    click_target(d, scene, ("shop", 2))  # Turnip, not the lit Wheat
    assert scene.game.state.moves() == []
    assert scene.message in (words for words in scene_words())
    assert scene.lit() == ("shop", 0)
    click_target(d, scene, ("shop", 0))
    assert scene.game.state.moves()[0] == Move.from_data(["home", 0])


def scene_words():
    from loyang_game.ui.scenes.tutorial import KIND_WORDS

    return KIND_WORDS


def test_a_note_refuses_table_clicks_and_the_opponent_waits_for_next():
    d = make_director()
    scene = open_tutorial(d)
    click_target(d, scene, ("shop", 0))
    assert scene.game.state.moves() == []
    assert "Next" in scene.message


def test_skipping_a_chapter_lands_where_the_script_leaves_the_game():
    d = make_director()
    scene = open_tutorial(d)
    press(d, scene, "skip")
    assert scene.place == (1, 0)
    press(d, scene, "skip")
    press(d, scene, "skip")
    assert scene.place == (3, 0)
    assert scene.game.state.moves() == script.run_to(3).moves()


def test_left_and_resumed_at_the_same_step_with_the_same_game():
    d = make_director()
    scene = open_tutorial(d)
    press(d, scene, "skip")
    press(d, scene, "skip")
    press(d, scene, "next")  # into the Card phase's first guided step
    wait(d, scene)
    click_target(d, scene, scene.lit())  # flip
    place, moves = scene.place, scene.game.state.moves()
    press(d, scene, "leave")
    assert d.top.name == "title"
    kept = progress.load()
    assert (kept.chapter, kept.step) == place
    scene = open_tutorial(d)  # the title's entry goes on where it was left
    assert scene.place == place and scene.game.state.moves() == moves


def test_a_finished_tutorial_is_replayed_from_the_start():
    progress.save(progress.Progress(finished=True, offered=True))
    d = make_director()
    scene = open_tutorial(d)
    assert scene.place == (0, 0) and scene.game.state.moves() == []


def test_a_first_start_offers_it_and_a_begun_tutorial_is_not_offered_again(monkeypatch):
    from loyang_game.ui.menu import GREEN
    from loyang_game.ui.scenes import title

    colours = []
    monkeypatch.setattr(title, "message_box", lambda _s, _L, _m, colour: colours.append(colour))
    d = make_director()
    assert d.top.message == progress.FIRST_START
    assert colours and colours[-1] == GREEN  # an invitation, not a problem
    progress.save(progress.Progress(chapter=2, step=1))
    d = make_director()
    assert d.top.message != progress.FIRST_START


def test_the_invitation_goes_once_the_tutorial_is_begun_or_a_game_finished():
    """The same window: back on the title after the tutorial (or a finished game), the
    first start's invitation is not shown again (it stayed all session)."""
    from loyang_game.files import records

    d = make_director()
    assert d.top.message == progress.FIRST_START
    d.open("rules")
    progress.save(progress.Progress(chapter=1, step=0))
    d.back_to("title")
    assert d.top.message == ""
    progress.save(progress.Progress())
    d.open("rules")
    d.back_to("title")
    assert d.top.message == progress.FIRST_START
    records.load().add({"date": "2026-11-28", "seed": 1, "seats": 2, "kinds": ["person", "easy"],
                        "names": ["Ana", "Bao"], "positions": [12, 9], "places": [1, 2]})
    d.open("rules")
    d.back_to("title")
    assert d.top.message == ""
    d.close()


def test_every_guided_move_is_legal_where_the_script_makes_it():
    state = script.run_to(0)
    for c, i in script.steps():
        step = script.CHAPTERS[c].steps[i]
        if step.move:
            script.opponent_moves(state)
            assert step.guided in state.legal_moves(), (c, i, step.guided)
            assert clicks_for(state, step.guided)
        script.play_step(state, step)
    assert state.round == 3


def test_the_tutorials_hint_and_undo_buttons_are_drawn_greyed(monkeypatch):
    from loyang_game.ui import tableview

    drawn = {}
    real = tableview.button

    def recorded(surf, r, label, L, **kwargs):
        drawn[label] = kwargs.get("enabled", True)
        return real(surf, r, label, L, **kwargs)

    monkeypatch.setattr(tableview, "button", recorded)
    d = make_director()
    scene = open_tutorial(d)
    for _ in range(40):  # on to the person's first guided move: at a table, Undo is lit then
        wait(d, scene)
        if scene.game.undo.can_undo():
            break
        if scene.current.move:
            before = len(scene.game.state.moves())
            while len(scene.game.state.moves()) == before:
                click_target(d, scene, scene.lit())
        else:
            press(d, scene, "next")
    assert scene.game.undo.can_undo()
    d.draw()
    assert drawn.get("Undo") is False and drawn.get("Menu") is True
    assert not any(enabled for label, enabled in drawn.items() if label.startswith("Hint"))
    d.close()


def test_whatever_is_played_in_round_2s_card_phase_the_guided_serve_stays_legal():
    titles = [chapter.title for chapter in script.CHAPTERS]
    chapter = script.CHAPTERS[titles.index("Round 2: a customer served")]
    free = chapter.steps[1]
    assert free.free and all(step.move for step in chapter.steps[2:])
    ends = 0

    def walk(state):
        nonlocal ends
        script.opponent_moves(state)
        if free.until(state):
            ends += 1
            for step in chapter.steps[2:]:  # IllegalMove if a choice broke the guided serve
                script.play_step(state, step)
            assert state.players[script.PERSON].regulars[0].rows == 1
            return
        for move in state.legal_moves():
            after = state.clone()
            after.apply(move)
            walk(after)

    walk(script.run_to(titles.index("Round 2: a customer served"), 1))
    assert ends > 100  # every sequence of the person's Card-phase choices was tried


def test_a_key_during_the_opponents_move_makes_it_at_once():
    """A key without a job of its own during the opponent's move hurries it on, as at the
    table (whose hurry makes the moves with apply(..., animate=False); the tutorial's apply
    once refused that keyword)."""
    d = make_director()
    scene = open_tutorial(d)
    for _ in range(3000):
        if scene.ai_turn() and not scene.game.state.is_over:
            break
        step = scene.current
        if not step.move and not step.free:
            scene.panel_click("next")
        elif step.move and scene.person_to_play():
            scene.apply(step.guided, person=True)
        frames(d)
    else:
        raise AssertionError("the opponent never came to move")
    before = len(scene.game.state.moves())
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
    assert len(scene.game.state.moves()) > before


def test_a_note_waits_for_what_it_tells_to_happen_on_the_table():
    """Issue 46: "look at your Cart" showed while the table still said Setup, "Bao takes
    last" while Bao was still to take. Each note's words come once the table shows it: the
    Harvest's Wheat in the Cart, Bao's last take made and the Action phase begun."""
    from loyang_game.engine.moves import TAKE
    from loyang_game.engine.state import ACTIONS, SETUP

    d = make_director()
    scene = open_tutorial(d)
    waited = set()
    checked = set()
    for _ in range(200):
        frames(d)
        step = scene.current
        if not step.move and not step.free:
            if not scene.told():
                assert "watch the table" in scene.words().lower()
                waited.add(scene.place)
                continue
            state = scene.game.state
            if scene.place == (1, 0):
                assert state.phase != SETUP and state.players[0].cart[0] >= 1
                checked.add("harvest")
            if scene.place == (2, 4):
                assert state.phase == ACTIONS and state.moves()[-1].kind == TAKE
                assert state.players[1].hand == []
                checked.add("took last")
                break
            press(d, scene, "next")
        elif step.move and scene.person_to_play() and not scene.timeline.busy:
            click_target(d, scene, scene.lit())
    assert checked == {"harvest", "took last"} and {(1, 0), (2, 4)} <= waited
    d.close()
