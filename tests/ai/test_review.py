"""The coach's review: it judges the person's own decisions, honestly, with the hint's own
search looked at longer, finds a bad one, and never charges a move the hint gave without
saying so."""

from __future__ import annotations

import ast
import random
import re
import threading
import time
from pathlib import Path

import pytest

from ai import review as review_module
from ai import weighing
from ai.agents import make_agent
from ai.checking import PlayOns
from ai.plan import CLOSE_CALL, Advice, advise, coach_seed
from ai.review import (
    THRESHOLD,
    Asker,
    Finding,
    decisions,
    judge,
    review,
    worth_showing,
)
from ai.weighing import Yardstick
from loyang_game.engine import GameConfig, Move, flow, new_game
from loyang_game.engine.moves import END, FLIP, REGULAR
from loyang_game.engine.state import Decision

from .spy import Spy

SMALL = "hard:act_iterations=40,other_iterations=20"
SOLO_SMALL = "hard:act_iterations=30,other_iterations=12,verify_iterations=20"
ROOT = Path(__file__).resolve().parents[2]


def _game(seed: int, rounds: int, seats: int = 2):
    """The moves of a game between easy agents, up to the start of round `rounds + 1`."""
    config = GameConfig(seats=seats, seed=seed)
    state = new_game(config)
    agents = [make_agent("easy", seed + i, deterministic=True) for i in range(seats)]
    while not state.is_over and state.round <= rounds:
        state.apply(agents[state.current_player].choose(state))
    return config, list(state.moves())


def _states(config, moves):
    state = new_game(config)
    states = [state.clone()]
    for move in moves:
        state.apply(move)
        states.append(state.clone())
    return states


def _judge(config, unit, level=SMALL, seed=0):
    """`unit` judged alone, by the coach of `level`."""
    return judge(unit, 0, Yardstick(level, config.solo, 0), Asker(level, config, 0),
                 seed=seed)


@pytest.fixture(scope="module")
def short_game():
    config, moves = _game(seed=7, rounds=3)
    return config, moves, review(config, moves, seat=0, level=SMALL)


def test_findings_are_the_seats_own_decisions_with_legal_suggestions(short_game):
    config, moves, findings = short_game
    states = _states(config, moves)
    assert findings, "a game of three rounds has decisions"
    for f in findings:
        assert f.cost >= 0
        before = states[f.step]
        assert before.current_player == 0
        assert moves[f.step] == f.played
        assert f.suggestion in before.legal_moves()
        # the decision's code (the words are made in the words layer: "Round 3, Card phase")
        assert f.where in ({"action", "offer", *Decision} if before.round else {"setup"})
        assert (f.suggestion != f.played) == (f.cost > 0)
        assert f.race  # two players: the cost is in spaces of the race, as the hint's
    assert [f.cost for f in findings] == sorted((f.cost for f in findings), reverse=True)
    units = list(decisions(config, moves, 0))
    assert len(findings) == len(units)  # every decision judged, each once
    assert {u.kind for u in units} >= {"action", "path", "single"}
    assert any(f.cost > 0 for f in findings), "an easy player parts from the longer look"


def test_the_same_seed_gives_the_same_review(short_game):
    config, moves, findings = short_game
    assert review(config, moves, seat=0, level=SMALL) == findings
    assert worth_showing(findings) == [f for f in findings if f.low >= THRESHOLD][:5]


def test_a_finding_is_shown_only_when_its_whole_interval_clears_the_threshold():
    def finding(cost, low, high):
        return Finding(3, 1, "cards", Move("flip"), Move("flip"),
                       cost, low, high, 32, 14.0, 14.0 - cost)

    sure, unsure = finding(0.9, 0.45, 1.35), finding(0.9, 0.1, 1.7)
    assert worth_showing([sure, unsure]) == [sure]
    assert worth_showing([finding(0.5, THRESHOLD, 0.7)]) != []


def _due_delivery(state) -> bool:
    """Can seat 0 serve a Regular customer due this round, right now?"""
    p = state.players[0]
    due = {slot.card for slot in p.regulars
           if slot.first_due <= state.round and slot.served != state.round}
    return any(m.kind == REGULAR and m.a in due for m in state.legal_moves())


def _bad_and_good(seed: int):
    """Two games alike up to the start of an Action phase of seat 0 in which it can serve a
    due Regular customer: in one it ends the Action phase at once (a missed delivery and a
    red marker), in the other an agent plays it. Each is cut after seat 0's Path step; the
    step at which that Action phase starts is returned too."""
    config = GameConfig(seats=2, seed=seed)
    state = new_game(config)
    agents = [make_agent("easy", seed + i, deterministic=True) for i in range(2)]
    acting = False
    while True:
        starts = state.current_player == 0 and flow.decision(state) == Decision.ACT and not acting
        acting = state.current_player == 0 and flow.decision(state) == Decision.ACT
        if starts and state.round >= 2 and _due_delivery(state):
            break
        state.apply(agents[state.current_player].choose(state))
    step = len(state.moves())
    games = []
    for bad in (True, False):
        s = state.clone()
        if bad:
            s.apply(Move(END))
        good_agent = make_agent("normal", 1, deterministic=True)
        while not (s.current_player == 0 and flow.decision(s) == Decision.PATH):
            s.apply((good_agent if s.current_player == 0 else agents[1]).choose(s))
        s.apply(agents[0].choose(s))
        games.append(list(s.moves()))
    return config, games, step


def test_a_missed_delivery_costs_more_than_a_played_plan():
    config, (bad, good), step = _bad_and_good(seed=8)
    costs = []
    for moves in (bad, good):
        unit = next(u for u in decisions(config, moves, 0)
                    if u.step <= step < u.step + len(u.line))
        costs.append(_judge(config, unit).cost)
    assert costs[0] > THRESHOLD
    assert costs[0] > costs[1]
    found = review(config, bad, seat=0, level=SMALL)
    assert any(f.step == step and f.played == Move(END) and f.cost == costs[0] for f in found)


def test_a_decision_is_judged_from_what_the_seat_saw(short_game):
    """Twin states, alike in all the seat sees and unlike in what is hidden (the others'
    hands, the draw pile, the piles' order), get the same judgement, the hint asked again
    included; and the judgement looks at the real state only through `observe`."""
    config, moves, _ = short_game
    units = [u for u in decisions(config, moves, 0) if u.kind != "path"][:4]
    for salt, unit in enumerate(units):
        twin_state = unit.state.observe(0, random.Random(salt))
        hidden = [(p.hand, p.pile) for p in unit.state.players if p.seat != 0]
        assert (unit.state.draw, hidden) != (
            twin_state.draw, [(p.hand, p.pile) for p in twin_state.players if p.seat != 0])
        spy = Spy(unit.state)
        watched = review_module.Decision(unit.step, unit.kind, spy, unit.line, unit.label)
        twin = review_module.Decision(unit.step, unit.kind, twin_state, unit.line, unit.label)
        assert _judge(config, watched) == _judge(config, twin)
        assert set(spy.touched) == {"observe"}


def test_the_review_asks_the_hint_exactly_as_the_table_does():
    """At a person's decisions, the coach's hint through its thinker and the review's own
    asking (`plan.advise`, with the play-ons kept for the longer look) give the same move and
    the same plan: in a duel, and in the solo game, where the hint checks its picks a round
    further."""
    from loyang_game.play.coach import Coach

    for seats, level in ((2, SMALL), (1, SOLO_SMALL)):
        config = GameConfig(seats=seats, seed=77)
        state = new_game(config)
        agents = [make_agent(level, 9 + i, deterministic=True) for i in range(seats)]
        coach = Coach(level, deterministic=True)
        asked = 0
        while not state.is_over and asked < 5:
            if state.current_player == 0 and len(state.legal_moves()) > 1:
                asked += 1
                coach.ask(state, 0, ["Anna", "Bao"][:seats])
                hint = _answer(coach)
                for kept in (None, PlayOns()):
                    asked_again = advise(level, coach_seed(config, 0), state.observe(0), 0,
                                         kept=kept)
                    assert asked_again is not None
                    _agent, advice = asked_again
                    assert (advice.move, advice.plan) == (hint.move, hint.plan)
            state.apply(agents[state.current_player].choose(state))
        coach.close()
        assert asked == 5


def _answer(coach):
    """The coach's hint (a bound on waiting, not a timing)."""
    deadline = time.monotonic() + 600
    while True:
        hint = coach.poll()
        if hint is not None:
            return hint
        assert time.monotonic() < deadline, "the coach found no hint"
        time.sleep(0.002)


def test_stop_ends_the_review_early(short_game):
    config, moves, _ = short_game
    stop = threading.Event()
    seen = []

    def progress(done, total):
        seen.append((done, total))
        if done == 1:
            stop.set()

    findings = review(config, moves, seat=0, level=SMALL, progress=progress, stop=stop)
    total = len(list(decisions(config, moves, 0)))
    assert seen == [(0, total), (1, total)]
    assert len(findings) <= 1
    stop_first = threading.Event()
    stop_first.set()
    assert review(config, moves, seat=0, level=SMALL, stop=stop_first) == []


class _StopAfter:
    """Counts the review's smallest pieces of work (a line played on one sample) and sets
    the stop signal at the `n`-th: what is counted after it is work done after a cancel."""

    def __init__(self, monkeypatch, n: int) -> None:
        self.stop, self.n, self.calls, self.after = threading.Event(), n, 0, 0
        worth = weighing.Yardstick.worth

        def counted(stick, s, line):
            self.calls += 1
            if self.stop.is_set():
                self.after += 1
            elif self.calls == self.n:
                self.stop.set()
            return worth(stick, s, line)

        monkeypatch.setattr(weighing.Yardstick, "worth", counted)


@pytest.mark.parametrize("n", [1, 5, 13, 40])
def test_a_cancelled_review_stops_within_one_piece_of_work(monkeypatch, n):
    """The stop signal is looked at before every sample, move and search: once it is set, at
    most the piece under way finishes (the clock plays no part: work is counted)."""
    config, moves = _game(5, rounds=3)
    counter = _StopAfter(monkeypatch, n)
    found = review(config, moves, 0, stop=counter.stop, level=SMALL)
    assert counter.stop.is_set() and counter.after == 0
    assert all(f.step < len(moves) for f in found)  # what was judged before the stop stays


def test_a_review_cancelled_while_gathering_decisions_replays_no_further(monkeypatch):
    config, moves = _game(5, rounds=9)
    stop = threading.Event()
    stop.set()
    applied = []
    real_apply = flow.GameState.apply

    def counted(state, move):
        applied.append(move)
        real_apply(state, move)

    monkeypatch.setattr(flow.GameState, "apply", counted)
    with pytest.raises(weighing.Stopped):
        review_module.to_judge(config, moves, 0, stop)
    assert applied == []


def test_a_long_game_is_judged_within_bounds_spread_over_it(monkeypatch):
    config, moves = _game(5, rounds=9)
    every = list(decisions(config, moves, 0))
    monkeypatch.setattr(review_module, "MAX_DECISIONS", 10)
    judged, left_out = review_module.to_judge(config, moves, 0)
    assert len(judged) == 10 and left_out == len(every) - 10 > 0
    steps = [unit.step for unit in judged]
    assert steps == sorted(steps) and steps[0] == every[0].step
    assert steps[-1] >= every[len(every) * 8 // 10].step  # the late rounds are judged too
    monkeypatch.setattr(review_module, "MAX_DECISIONS", 1000)
    monkeypatch.setattr(review_module, "MAX_LINE", 2)
    judged, left_out = review_module.to_judge(config, moves, 0)
    assert all(len(unit.line) <= 2 for unit in judged)
    assert left_out == sum(1 for unit in every if len(unit.line) > 2) > 0


def _flipping_game(seed: int):
    """A 2-player game whose seat 0 turns over the draw pile's card about half the times it
    may (easy agents otherwise): the moves."""
    config = GameConfig(seats=2, seed=seed)
    state, rng = new_game(config), random.Random(seed)
    agents = [make_agent("easy", seed + i, deterministic=True) for i in range(2)]
    while not state.is_over and state.round <= 4:
        flips = [m for m in state.legal_moves() if m.kind == FLIP]
        if state.current_player == 0 and flips and rng.random() < 0.5:
            state.apply(flips[0])
        else:
            state.apply(agents[state.current_player].choose(state))
    return config, list(state.moves())


def test_a_card_turned_over_is_followed_by_a_choice_made_from_what_the_seat_sees():
    """After a turned-over card the seat places or takes knowing that card and nothing more:
    two samples alike in all the seat then sees, unlike in what is hidden, get the same
    follow-up (a follow-up chosen on the sample itself valued flips by hindsight)."""
    config, moves = _flipping_game(3)
    compared = 0
    for unit in decisions(config, moves, 0):
        if unit.line[0].kind != FLIP:
            continue
        for salt in range(2):
            sample = unit.state.observe(0, random.Random(salt))
            sample.apply(Move(FLIP))
            if sample.current_player != 0:
                continue
            twin = sample.observe(0, random.Random(100 + salt))
            chosen = Yardstick(SMALL, False, 0).follow_up(sample)
            assert chosen == Yardstick(SMALL, False, 0).follow_up(twin)
            assert chosen in sample.legal_moves()
            compared += 1
    assert compared >= 2


def _unit_and_rival(config, moves):
    """A single choice of the game, with another legal move of it."""
    unit = next(u for u in decisions(config, moves, 0)
                if u.kind == "single" and len(u.state.legal_moves()) > 2)
    rival = next(m for m in unit.state.legal_moves() if m != unit.line[0])
    return unit, rival


@pytest.mark.parametrize(("hinted", "low", "charged"), [
    ("played", CLOSE_CALL - 0.05, False),  # the hint's move, the longer look not sure
    ("played", CLOSE_CALL + 0.05, True),  # ... and sure: charged, and said so
    ("rival", CLOSE_CALL - 0.05, True),  # not the hint's move: charged as ever
])
def test_a_move_the_hint_gave_is_charged_only_when_the_longer_look_is_sure(
        monkeypatch, short_game, hinted, low, charged):
    config, moves, _ = short_game
    unit, rival = _unit_and_rival(config, moves)
    played = unit.line[0]
    hint = played if hinted == "played" else rival
    advice = Advice(hint, (hint,), (), (), True, 10)
    monkeypatch.setattr(Asker, "ask", lambda _asker, _state: (None, advice))
    monkeypatch.setattr(review_module, "look_longer", lambda *_args: (rival,))
    monkeypatch.setattr(weighing.Judge, "difference", lambda *_args: {
        "cost": 0.5, "low": low, "high": 0.9, "samples": 32, "theirs": 15.0, "yours": 14.5})
    finding = _judge(config, unit)
    assert finding.followed == (hinted == "played") and finding.hint == hint
    assert (finding.cost > 0) == charged
    assert finding.suggestion == (rival if charged else played)
    from loyang_game.ui.scenes.review import verdict

    if charged:
        words = verdict(finding)
        if finding.followed:
            assert "as the hint suggested; a longer look finds" in words
        else:
            assert "the hint suggested “" in words
        assert "better by about 0.5 spaces in the race" in words


def _follow_the_hint(seats: int, seed: int, level: str, rounds: int):
    """A game cut after round `rounds` in which seat 0 always follows the hint, through the
    table's own session and coach: its config, moves and the hint's move at each step the
    person made from a hint."""
    from loyang_game.play.coach import Coach
    from loyang_game.play.session import GameSession

    config = GameConfig(seats=seats, seed=seed)
    session = GameSession(new_game(config), ["person"] + [level] * (seats - 1),
                          autosave=False, record=False, ai_seed=seed,
                          coach=Coach(level, deterministic=True), deterministic=True)
    shown: dict[int, Move] = {}
    deadline = time.monotonic() + 900  # a bound on a hung thinker, not a timing
    try:
        while not session.state.is_over and session.state.round <= rounds:
            assert time.monotonic() < deadline, "the game did not get on"
            state = session.state
            if session.is_person(state.current_player):
                legal = state.legal_moves()
                if len(legal) > 1:
                    if session.hint is None:
                        assert session.ask_hint() == ""
                        while session.poll_hint() is None:
                            time.sleep(0.002)
                    assert session.hint is not None
                    move = shown[len(state.moves())] = session.hint.move
                else:
                    move = legal[0]
                session.apply(move, person=True)
            else:
                move = session.think()
                if move is None:
                    time.sleep(0.002)
                else:
                    session.apply(move, person=False)
        return config, list(session.state.moves()), shown
    finally:
        session.close()


@pytest.mark.parametrize(("seats", "level", "rounds"), [(2, SMALL, 4), (1, SOLO_SMALL, 2)])
def test_a_player_who_follows_the_hint_is_never_charged_without_being_told(
        monkeypatch, seats, level, rounds):
    """Issue 46: a review blamed the hint's own advice. A player who always follows the hint:
    every decision judged is known to be the hint's, the review's hint is the one the table
    showed, and any charge on a move the hint gave is labelled, confident, and said so."""
    from loyang_game.ui.scenes.review import verdict

    monkeypatch.setattr(review_module, "LONGER", 3.0)  # a look far longer: it parts more
    config, moves, shown = _follow_the_hint(seats, 46 + seats, level, rounds)
    findings = review(config, moves, 0, level=level)
    assert findings and shown
    assert all(f.followed for f in findings)
    assert any(f.cost > 0 for f in findings)  # the longer look overturns a hint: said so
    for f in findings:
        if f.step in shown and f.hint is not None:
            assert f.hint == shown[f.step]
        if f.cost > 0 and shown.get(f.step) == f.played:
            assert f.followed and f.low > CLOSE_CALL
            assert "as the hint suggested; a longer look finds" in verdict(f)


# -- plain words ------------------------------------------------------------------------------

JARGON = re.compile(r"\b(rated|rates|rating|played on)\b", re.IGNORECASE)
SPOKEN = ["loyang_game/play/coach.py", "loyang_game/play/coach_plan.py",
          "loyang_game/ui/coach.py", "loyang_game/ui/scenes/review.py", "ai/review.py"]


def _strings(path: Path) -> list[str]:
    """Every string in the code of `path` but its docstrings (what it may say to a player)."""
    tree = ast.parse(path.read_text())
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docstrings]


@pytest.mark.parametrize("source", SPOKEN)
def test_the_hints_and_the_reviews_words_are_plain(source):
    strings = _strings(ROOT / source)
    assert strings
    assert [s for s in strings if JARGON.search(s)] == []
