"""A hint is the whole plan of the turn (issue 34): its steps legal one after the other, ending
the turn as the search planned it, shown at once (numbered on the table, listed in words),
followed click by click without asking again; its reason says what it accepts leaving
undone; and, once hints are wanted in a game, the next hint thought out ahead on the
person's own decisions, never shown (nor the game marked) until asked for. The coach
searches with small deterministic budgets (the same plan on any machine)."""

from __future__ import annotations

import time

import pygame

from ai.agents import make_agent
from loyang_game.engine import flow
from loyang_game.engine.moves import TWO_PACK
from loyang_game.files.settings import Settings
from loyang_game.play import coach_plan
from loyang_game.play.coach import Coach
from loyang_game.play.commands import clicks_for
from loyang_game.play.session import GameSession
from loyang_game.ui import coach as coach_view
from loyang_game.ui.director import Director
from loyang_game.ui.scenes import SCENES

from ..engine.helper_scenarios import turn
from ..engine.scenario import put
from .driver import act, click_target, reach, settle, step

LEVEL = "hard:act_iterations=60,other_iterations=20"


def answer(coach: Coach, state, seat: int):
    coach.ask(state, seat, ["Anna", "Bao"])
    for _ in range(6000):
        hint = coach.poll()
        if hint is not None:
            return hint
        time.sleep(0.01)
    raise AssertionError("the coach never answered")


def turn_over(before, after, seat: int) -> bool:
    return (after.is_over or after.current_player != seat or after.phase != before.phase
            or after.round != before.round)


def test_the_plans_steps_are_legal_in_order_and_end_the_turn_as_the_search_planned():
    for seed in (5, 7, 11):
        state = reach(2, seed, lambda s: act(s) and s.current_player == 0)
        coach = Coach(LEVEL, deterministic=True)
        hint = answer(coach, state, 0)
        agent = make_agent(LEVEL, state.config.seed, deterministic=True)  # the coach's, anew
        assert agent.choose(state.clone()) == hint.move
        assert hint.plan[0] == hint.move and len(hint.steps) == len(hint.plan)
        assert list(hint.plan[1:1 + len(agent.plan)]) == agent.plan  # the option begun
        s = state.clone()
        for i, move in enumerate(hint.plan):
            assert not turn_over(state, s, 0), f"the turn ended before step {i + 1}"
            assert move in s.legal_moves(), f"step {i + 1} of deal {seed} is not legal"
            s.apply(move)
        assert turn_over(state, s, 0) or hint.plan[-1].kind == TWO_PACK
        if turn_over(state, s, 0):
            assert flow.decision(state) == "act" and hint.plan[-1].kind == "advance"
        coach.close()


def test_a_plan_that_leaves_a_due_customer_unserved_says_so_and_why():
    s, seat = turn(2, seed=3, cash=0)
    put(s, seat, "R9")  # due now; an empty Cart and no Cash: it cannot be served
    # the plain projection's search ends the phase here (the corrected one takes a Loan
    # first, which the sibling correction judges better): a plan that leaves R9 unserved
    coach = Coach(LEVEL + ",evaluator=projection", deterministic=True)
    hint = answer(coach, s, seat)
    assert "R9 unserved: its marker turns red, no way to serve it this turn" in hint.reason
    assert coach_plan.accepted(s, seat, [], {}, {}) == []  # no plan, nothing accepted
    coach.close()


def table(state, kinds, ahead: bool = False):
    d = Director(SCENES, Settings(speed="off", hints=False, hints_ahead=ahead),
                 size=(1280, 800), fullscreen=False, fps_cap=0)
    game = GameSession(state, kinds, ai_seed=1, coach=Coach(LEVEL, deterministic=True),
                       autosave=False, record=False)
    return d.open("table", game=game)


def frames_until(app, done) -> None:
    for _ in range(6000):
        if done():
            return
        time.sleep(0.005)
        step(app)
    raise AssertionError("never")


def test_the_whole_plan_is_shown_and_followed_click_by_click_without_asking_again(
        monkeypatch):
    state = reach(2, 7, lambda s: act(s) and s.current_player == 0)
    app = table(state, ["person", "random"])
    settle(app)
    asked = []
    ask = app.game.coach.ask
    monkeypatch.setattr(app.game.coach, "ask", lambda *a: asked.append(1) or ask(*a))
    drawn = []
    monkeypatch.setattr(coach_view, "plan", lambda surf, L, hint, compact=False:
                        drawn.append(hint) or pygame.Rect(0, 0, 1, 1))
    click_target(app, ("ui", "hint"))
    frames_until(app, lambda: app.game.hint is not None)
    hint = app.game.hint
    assert len(hint.plan) >= 2, "a plan of several steps"
    step(app)
    assert drawn[-1] == hint  # the list in words, every step at once
    for n, move in enumerate(hint.plan):
        shown = app.game.hint
        assert shown is not None and shown.move == move and shown.at == n
        lit = app.view.hint_targets()
        assert lit == [c for c in clicks_for(app.game.state, move) if c[0] != "opt"] or not lit
        if n + 1 < len(hint.plan):
            later = [m for m, _target in app.view.later_steps()]
            assert later and later[0] == n + 2  # the next step is numbered on the table
        for target in clicks_for(app.game.state, move):
            click_target(app, target)
        step(app)
    assert app.game.hint is None and asked == [1]
    assert app.game.state.current_player != 0 or app.game.state.phase != state.phase
    app.d.close()


def test_with_hints_ahead_the_coach_thinks_on_the_persons_turn_and_answers_at_once():
    state = reach(2, 5, lambda s: act(s) and s.current_player == 0)
    app = table(state, ["person", "random"], ahead=True)
    settle(app)
    game = app.game
    assert game.coach.thinking and not game.hint_thinking  # started without being asked
    frames_until(app, lambda: game.ready is not None)
    assert game.hint is None and not game.hints_used  # kept, not shown, not marked
    click_target(app, ("ui", "hint"))
    assert game.hint is not None and game.hints_used  # at once: no frame waited
    app.d.close()


def test_without_hints_ahead_nothing_thinks_on_the_persons_time_until_a_hint_was_shown():
    state = reach(2, 5, lambda s: act(s) and s.current_player == 0)
    app = table(state, ["person", "random"])
    settle(app)
    step(app, 5)
    game = app.game
    assert not game.coach.thinking
    game.hints_used = True  # a hint was shown earlier in this game
    step(app)
    assert game.coach.thinking and not game.hint_thinking
    app.d.close()
