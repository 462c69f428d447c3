"""The coach's hint at the table: asked by the button or H, thought about on its own worker,
its clicks lit, gone with a move, refused with a reason when it cannot be asked, and a game
with hints marked in its saves and in the solo high scores. The coach searches with small,
deterministic budgets here (the same hint on any machine however busy)."""

from __future__ import annotations

import time

import msgpack
import pygame

from ai.thinker import Result, open_thinker
from loyang_game.engine import GameConfig, new_game
from loyang_game.files import highscores
from loyang_game.files.save import autosave_path, load_with_info, save_game
from loyang_game.files.settings import Settings
from loyang_game.play.coach import Coach
from loyang_game.play.commands import clicks_for
from loyang_game.play.session import GameSession
from loyang_game.text.moves import move_words
from loyang_game.ui import coach as coach_view
from loyang_game.ui import overlay, tableview
from loyang_game.ui.director import Director
from loyang_game.ui.scenes import SCENES

from .driver import act, await_hint, click_target, play_move, reach, settle, step

SMALL = "hard:act_iterations=24,other_iterations=12"
ENDLESS = "hard:act_iterations=1000000,other_iterations=1000000"


def small_coach(level: str = SMALL) -> Coach:
    return Coach(level, deterministic=True)


def table_for(state, kinds: list[str], level: str = SMALL, size=(1280, 800)):
    d = Director(SCENES, Settings(speed="off", hints=False), size=size, fullscreen=False,
                 fps_cap=0)
    game = GameSession(state, kinds, ai_seed=1, coach=small_coach(level))
    return d.open("table", game=game)


def press(app, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="",
                                         scancode=0))
    step(app)


def test_h_asks_for_a_legal_move_and_exactly_its_clicks_are_lit(monkeypatch):
    state = reach(2, 5, lambda s: act(s) and s.current_player == 0)
    app = table_for(state, ["person", "random"])
    settle(app)
    before = app.game.state.to_data()
    press(app, pygame.K_h)
    assert app.game.coach.thinking
    await_hint(app)
    hint = app.game.hint
    state = app.game.state
    assert hint is not None and hint.move in state.legal_moves()
    assert state.to_data() == before and app.game.hints_used
    assert hint.reason.startswith(f"Hint: {move_words(hint.move, ['Anna', 'Bao'], advice=True)}")
    drawn = []
    monkeypatch.setattr(coach_view, "lights",
                        lambda surf, L, rects, clock, numbered: drawn.append(list(rects)))
    step(app)
    clicks = clicks_for(state, hint.move)
    on_table = [c for c in clicks if c[0] != "opt"]
    assert app.view.hint_targets() == on_table
    assert drawn[-1] == [app.view.L.targets[c] for c in on_table]
    play_move(app, hint.move)  # following the hint is clicking what is lit
    step(app)
    if len(hint.plan) > 1:  # the plan goes on: its next step is lit, not asked for again
        assert app.game.hint.move == hint.plan[1] and app.game.hint.at == 1
        assert app.view.hint_targets() == [
            c for c in clicks_for(app.game.state, hint.plan[1]) if c[0] != "opt"]
        other = next(m for m in app.game.state.legal_moves() if m != hint.plan[1])
        play_move(app, other)  # another move: the plan is gone
    assert app.game.hint is None and app.view.hint_targets() == []
    app.d.close()



def test_the_ai_moves_news_stands_above_the_hint_not_over_it(monkeypatch):
    state = reach(2, 5, lambda s: act(s) and s.current_player == 1)
    app = table_for(state, ["person", "easy"])
    settle(app)
    assert app.news.shown(app.clock_time), "the AI's move is told"
    strips, bottoms = [], []
    for name in ("thinking", "reason"):
        drawn = getattr(coach_view, name)
        monkeypatch.setattr(coach_view, name,
                            lambda *a, drawn=drawn: strips.append(drawn(*a)) or strips[-1])
    news = overlay.news
    monkeypatch.setattr(overlay, "news", lambda surf, L, items, bottom, top:
                        bottoms.append(bottom) or news(surf, L, items, bottom, top))
    press(app, pygame.K_h)
    await_hint(app)
    step(app)
    assert app.game.hint is not None and app.news.shown(app.clock_time)
    assert strips and len(bottoms) == len(strips)
    assert all(bottom < strip.y for bottom, strip in zip(bottoms, strips))
    app.d.close()

def describe(move) -> str:
    from loyang_game.text.log import describe_move

    return describe_move(move, ["Anna", "Bao"])


def test_the_hint_button_keeps_its_place_and_greys_when_no_hint_can_be_asked():
    state = reach(2, 5, lambda s: act(s) and s.current_player == 0)
    app = table_for(state, ["person", "random"])
    settle(app)
    mine = app.view.top_rects()
    assert not app.hint_problem()
    app.focus_override = 1  # looking at the other board: Back appears, on Hint's left
    step(app)
    looking = app.view.top_rects()
    assert ("ui", "back") in looking
    assert looking[("ui", "back")][0].right < looking[("ui", "hint")][0].left
    app.focus_override = None
    app.ai_pause = 1e9  # the AI's turn, once it comes, stays
    while app.game.state.current_player == 0:  # end the turn
        moves = app.game.state.legal_moves()
        play_move(app, next((m for m in moves if m.kind in ("end", "advance")), moves[0]))
    step(app)
    theirs = app.view.top_rects()
    assert app.hint_problem()
    for target in (("ui", "hint"), ("ui", "menu"), ("ui", "undo")):
        assert mine[target][0] == looking[target][0] == theirs[target][0]
    app.d.close()


def test_asking_on_another_players_turn_tells_why_in_one_line_and_changes_nothing(
        monkeypatch):
    state = new_game(GameConfig(seats=2, seed=3))
    kinds = ["normal", "normal"]
    kinds[1 - state.current_player] = "person"
    app = table_for(state, kinds)
    app.ai_pause = 1e9  # the AI waits: it is its turn for the whole test
    step(app)
    before = app.game.state.to_data()
    tips = []
    monkeypatch.setattr(tableview.overlay, "tooltip",
                        lambda surf, L, pos, lines, *avoid: tips.append(lines))
    click_target(app, ("ui", "hint"))
    ai = app.game.names[state.current_player]
    why = f"It is {ai}'s turn: hints are for your own decisions."
    assert app.message == why  # told on a click (no tooltip over what was just clicked)
    button = app.view.top_rects()[("ui", "hint")][0]
    app.view.point_at((button.x + 3, button.y + 3))  # and on a rested hover
    step(app, round(tableview.TIP_DELAY * 60) + 2)
    assert tips[-1] == [why]
    assert "\n" not in app.message
    press(app, pygame.K_h)
    assert app.message.startswith(f"It is {ai}'s turn")
    game = app.game
    assert not game.coach.thinking and game.hint is None and not game.hints_used
    assert game.state.to_data() == before
    app.d.close()


def test_a_move_or_asking_again_stops_a_hint_in_progress():
    state = reach(2, 5, lambda s: act(s) and s.current_player == 0)
    app = table_for(state, ["person", "random"], level=ENDLESS)
    settle(app)
    click_target(app, ("ui", "hint"))
    assert app.game.coach.thinking
    assert app.view.top_rects()[("ui", "hint")][1] == "Stop hint"
    click_target(app, ("ui", "hint"))  # again: stop
    assert not app.game.coach.thinking
    press(app, pygame.K_h)
    assert app.game.coach.thinking
    move = next(m for m in app.game.state.legal_moves() if m.kind == "end")
    play_move(app, move)
    step(app, 5)
    game = app.game
    assert not game.coach.thinking and game.hint is None and not game.hints_used
    app.d.close()


def _session_hint(game: GameSession) -> None:
    assert game.ask_hint() == ""
    for _ in range(6000):
        if game.poll_hint() is not None:
            return
        time.sleep(0.01)
    raise AssertionError("the coach never answered")


def test_a_game_with_a_hint_stays_marked_after_saving_and_loading(tmp_path):
    from loyang_game.ui.start import resume

    state = new_game(GameConfig(seats=1, seed=7))
    game = GameSession(state, ["person"], coach=small_coach())
    _session_hint(game)
    assert game.hints_used
    # marked at once in the autosave, before any move is made
    assert load_with_info(autosave_path(game.game_id))[1].hints_used
    game.apply(game.hint.move, person=True)
    assert game.hint is None and game.hints_used
    d = Director(SCENES, Settings(speed="off", hints=False), size=(1280, 800),
                 fullscreen=False, fps_cap=0)
    d.open("title")
    assert resume(d, autosave_path(game.game_id)) is None
    assert d.top.game.hints_used
    path = tmp_path / "manual.loyang"
    save_game(d.top.game.state, path, hints_used=d.top.game.hints_used)
    assert load_with_info(path)[1].hints_used
    d.close()
    game.close()


def test_a_save_from_before_hints_loads_unmarked(tmp_path):
    state = reach(1, 7, lambda s: len(s.moves()) >= 6)
    path = tmp_path / "old.loyang"
    save_game(state, path, hints_used=True)
    doc = msgpack.unpackb(path.read_bytes())
    del doc["meta"]["hints"]
    path.write_bytes(msgpack.packb(doc))
    loaded, info = load_with_info(path)
    assert not info.hints_used and loaded.moves() == state.moves()


def test_a_solo_game_with_hints_is_marked_in_its_result_and_the_high_scores():
    over = reach(1, 3, lambda s: s.is_over, limit=20000)
    game = GameSession(over, ["person"], hints_used=True, record=False)
    game.finish()
    assert game.end_lines[0].endswith("played with hints")
    assert any(line.endswith("[hint]") for line in game.end_lines)
    assert highscores.load().results[0].hinted


def test_the_high_scores_scene_tags_hinted_results(monkeypatch):
    from loyang_game.ui.scenes import scores

    table = highscores.load()
    plain = highscores.Result("Ana", "2026-11-20", 1, 17, "good", 3, 0)
    table.add(plain)
    table.add(highscores.Result("Bo", "2026-11-21", 2, 16, "below good", 0, 0, hinted=True))
    drawn = []
    real = scores.text
    monkeypatch.setattr(scores, "text", lambda surf, s, *a, **k: drawn.append(s)
                        or real(surf, s, *a, **k))
    d = Director(SCENES, size=(1280, 800), fullscreen=False, fps_cap=0)
    d.open("title")
    d.open("scores")
    d.frame(dt=1 / 60)
    assert drawn.count(scores.HINT_TAG) == 1
    assert any("hint: played with hints" in s for s in drawn)
    d.close()


def test_the_hint_option_goes_with_a_bench_or_a_table_screenshot(capsys):
    from loyang_game.__main__ import main

    for argv in (["--hint"], ["--hint", "--screenshot", "x.png", "--scene", "title"]):
        try:
            main(argv)
        except SystemExit as stop:
            assert stop.code == 2
        else:
            raise AssertionError(f"{argv} was accepted")
        err = capsys.readouterr().err
        assert err == "loyang: --hint goes with --bench or a --screenshot of the table\n"


def test_the_hint_is_honest_what_the_person_cannot_see_does_not_change_it():
    import random

    from loyang_game.engine import flow

    state = reach(2, 11, lambda s: s.round >= 2 and flow.decision(s) == "cards"
                  and len(s.legal_moves()) > 2)
    twin = state.observe(state.current_player, random.Random(3))  # other hidden cards
    assert [p.hand for p in twin.players] != [p.hand for p in state.players] \
        or twin.draw != state.draw
    hints = []
    for seen in (state, twin):
        game = GameSession(seen, ["person", "person"], autosave=False, record=False,
                           coach=small_coach())
        _session_hint(game)
        hints.append(game.hint)
        game.close()
    assert hints[0] == hints[1]


def test_no_hint_behind_the_pass_screen_or_after_the_game():
    state = reach(2, 5, lambda s: s.current_player is not None
                  and bool(s.players[s.current_player].hand))
    app = table_for(state, ["person", "person"])
    settle(app)
    assert app.pass_to is not None  # two at one screen: hidden cards wait for their owner
    press(app, pygame.K_h)
    assert app.message == "Hints wait until the player is at the screen."
    assert not app.game.coach.thinking and app.game.state.to_data() == state.to_data()
    app.d.close()
    over = reach(1, 3, lambda s: s.is_over, limit=20000)
    game = GameSession(over, ["person"], autosave=False, record=False, coach=small_coach())
    assert game.ask_hint() == "The game is over: no hint."
    assert not game.coach.thinking and not game.hints_used


def test_h_while_the_last_move_is_shown_says_to_wait_not_whose_turn_it_is():
    state = new_game(GameConfig(seats=4, seed=3))
    d = Director(SCENES, Settings(speed="normal", hints=False), size=(1280, 800),
                 fullscreen=False, fps_cap=0)
    app = d.open("table", game=GameSession(state, ["hard", "person", "easy", "person"],
                                           ai_seed=1, coach=small_coach()))
    for _ in range(2000):  # an AI's move is shown, and a person is to play next
        step(app)
        seat = app.game.state.current_player
        if app.timeline.busy and app.game.is_person(seat) and app.viewer != seat:
            break
    else:
        raise AssertionError("no AI move was shown before a person's turn")
    before = app.game.state.to_data()
    press(app, pygame.K_h)
    assert app.message == "Hints wait until the last move has been shown."
    assert not app.game.coach.thinking and app.game.state.to_data() == before
    d.close()


def test_a_hint_the_play_on_chose_over_the_searchs_favourite_says_so():
    """Solo hard plays its best plans on a round before it commits, so the hinted move can
    be one that looked worse at first: the reason says why, in plain words, not "about as
    good"."""
    state = new_game(GameConfig(seats=1, seed=3))
    moves = state.legal_moves()[:2]
    found = Result(moves[0], estimates=((moves[1], 15.4), (moves[0], 15.1)))
    coach = Coach(deterministic=True)
    reason = coach.explain(state, 0, ["Anna"], found).reason
    assert "looked at a round further on, it comes out ahead of" in reason
    assert "which at first looked 0.3 spaces better" in reason
    assert "rated" not in reason and "played on" not in reason
    coach.close()


def test_the_hint_is_the_same_from_a_thinking_process():
    state = reach(2, 5, lambda s: act(s) and s.current_player == 0)
    hints = []
    for backend in ("thread", "process"):
        coach = Coach(SMALL, deterministic=True, thinker=open_thinker(backend))
        coach.ask(state, 0, ["Anna", "Bao"])
        for _ in range(6000):  # a bound, not a timing
            hint = coach.poll()
            if hint is not None:
                break
            time.sleep(0.01)
        coach.close()
        assert hint is not None, "the coach never answered"
        hints.append(hint)
    assert hints[0] == hints[1] and hints[0].plan[0] == hints[0].move
    assert hints[0].reason.startswith("Hint: ")
