"""Thinking ahead about an AI seat's Action-phase turn (issue 46, item 5; ai/ponder.py)."""

from __future__ import annotations

import random

from ai.agents import make_agent
from ai.ponder import Pondered, holds, turn_ahead
from ai.search import MCTSAgent
from loyang_game.engine import GameState, flow
from loyang_game.engine.helpers.base import reachable
from loyang_game.engine.moves import END
from loyang_game.engine.state import ACTIONS, Decision
from loyang_game.play.session import GameSession
from tests.engine.helper_scenarios import advance, game, turn
from tests.engine.scenario import put


def action_start(seats: int = 4, seed: int = 3, round_: int = 2) -> GameState:
    """The first decision of an Action phase (its start player to act)."""
    state = game(seats, seed)
    advance(state, lambda s: flow.decision(s) == Decision.ACT and s.round >= round_
            and s.turn == 0)
    return state


def test_a_coming_turn_is_seen_as_it_will_start_with_the_seats_before_it_done():
    state = action_start()
    first, later = state.order[0], state.order[2]
    view = turn_ahead(state, later)
    assert view is not None
    assert view.phase == ACTIONS and view.current_player == later
    assert flow.decision(view) == Decision.ACT and view.order[view.turn] == later
    for seat in state.order[:2]:  # they ended their turns at once: not a step on the Path
        assert view.players[seat].done
        assert view.players[seat].path == state.players[seat].path
    assert view.players[later].hand == sorted(view.players[later].hand)  # its own, as seen
    assert turn_ahead(state, first) is None  # its turn is now: it thinks as it always did


def test_no_turn_ahead_in_the_card_phase_or_once_the_turn_is_past():
    state = game(4, 3)
    advance(state, lambda s: flow.decision(s) == Decision.CARDS and s.round >= 2)
    assert all(turn_ahead(state, seat) is None for seat in range(4))
    state = action_start()
    first = state.order[0]
    advance(state, lambda s: s.order[s.turn] != first)
    assert turn_ahead(state, first) is None


def test_the_turn_ahead_depends_only_on_what_the_seat_sees():
    """Honesty: two games that differ only in another seat's hidden hand give one view."""
    state = action_start()
    later, other = state.order[2], state.order[1]
    changed = state.clone()
    hand = changed.players[other].hand
    pool = sorted(changed.draw)
    if hand and pool:
        hand[0], pool[0] = pool[0], hand[0]
        changed.draw = pool
    a, b = turn_ahead(state, later), turn_ahead(changed, later)
    assert a is not None and b is not None
    assert a.players[other].hand == b.players[other].hand
    assert a.draw == b.draw


def test_a_plan_holds_while_nothing_it_planned_on_changed():
    state, seat = turn(seats=4, seed=2, index=1)
    other = next(s for s in range(4) if s != seat)
    assert holds(state, state.clone(), seat)
    richer_self = state.clone()
    richer_self.players[seat].cash += 1
    assert not holds(state, richer_self, seat)
    richer_other = state.clone()
    richer_other.players[other].cash += 3
    assert holds(state, richer_other, seat)  # without a lantern Helper it cannot reach them
    lantern = state.clone()
    put(lantern, seat, "Market woman")
    reached = {o.seat for o in reachable(lantern, lantern.players[seat])}
    assert holds(lantern, lantern.clone(), seat)
    for other in set(range(4)) - {seat}:
        richer = lantern.clone()
        richer.players[other].cash += 3
        assert holds(lantern, richer, seat) == (other not in reached)
    assert len(reached) == 1  # 4 players: a lantern reaches the partner only (RULINGS R5)


def test_a_turn_found_ahead_is_played_as_the_search_found_it():
    """An agent that adopts a turn plays its first move and then the rest of its plan,
    without searching, as the agent that found it would have."""
    state = action_start(seats=2, seed=5, round_=3)
    seat = state.current_player
    finder = MCTSAgent("easy", 7, deterministic=True)
    first = finder.choose(state.clone())
    plan = tuple(finder.plan)
    player = make_agent("easy", 99, deterministic=True)
    given = Pondered(first, plan, finder.turn_iterations, 0.0)
    assert player.adopt(state.clone(), seat, given).move == first
    played = state.clone()
    played.apply(first)
    assert plan  # a turn of more than one move
    for expected in plan:
        if played.current_player != seat or played.phase != ACTIONS:
            break
        move = player.choose(played.clone())
        assert move == expected and player.last_iterations == 0
        played.apply(move)


def playing(kinds: list[str], seed: int, rounds: int) -> tuple[GameSession, int, int]:
    """A session of `kinds` (seat 0 a person making its moves at once) played for `rounds`
    rounds, pondering on a thread; (the session, the AI seats' Action-phase turns begun
    from a turn found ahead, all their Action-phase turns)."""
    from ai.thinker import Job

    game_ = GameSession(game(len(kinds), seed), kinds, ai_seed=seed, autosave=False,
                        record=False)
    assert game_.pondering is not None
    game_.pondering.backend = "thread"
    adopted = turns = 0
    last_mover = -1
    submitted = game_.thinker.submit

    def spy(request):
        nonlocal adopted, turns
        view = request.view
        if request.job == Job.MOVE and flow.decision(view) == Decision.ACT \
                and view.order[view.turn] == request.seat and last_mover != request.seat:
            turns += 1
            adopted += request.given is not None
        submitted(request)

    game_.thinker.submit = spy  # type: ignore[method-assign]
    rng = random.Random(seed)
    try:
        while not game_.state.is_over and game_.state.round <= rounds:
            game_.ponder()
            mover = game_.state.to_move
            if game_.is_person(mover):
                moves = game_.state.legal_moves()
                end = [m for m in moves if m.kind == END]
                game_.apply(end[0] if end and rng.random() < 0.5 else moves[0], person=True)
                last_mover = mover
                continue
            move = game_.think()
            if move is not None:
                assert move in game_.state.legal_moves()
                game_.apply(move, person=False)
                last_mover = mover
    finally:
        game_.close()
    return game_, adopted, turns


def test_the_ai_seats_play_turns_thought_about_while_others_played():
    _game, adopted, turns = playing(["person", "easy", "easy", "easy"], seed=11, rounds=3)
    assert turns >= 6
    assert adopted >= turns // 2  # most turns come after another's, found ahead


def test_the_deterministic_mode_never_thinks_ahead():
    game_ = GameSession(game(4, 1), ["person", "hard", "hard", "hard"], autosave=False,
                        record=False, deterministic=True)
    assert game_.pondering is None
    game_.close()


def test_searching_seats_with_others_think_in_a_process_the_rest_on_a_thread(
        monkeypatch):
    from ai.thinker import ENV, ProcessThinker, ThreadThinker

    monkeypatch.delenv(ENV, raising=False)
    cases = [(game(2, 1), ["person", "hard"], False, ProcessThinker),
             (game(4, 1), ["person", "hard", "normal", "person"], False, ProcessThinker),
             (game(1, 1), ["person"], False, ThreadThinker),
             (game(2, 1), ["person", "hard"], True, ThreadThinker),
             (game(3, 1), ["person", "random", "greedy"], False, ThreadThinker)]
    for state, kinds, deterministic, backend in cases:
        session = GameSession(state, kinds, autosave=False, record=False,
                              deterministic=deterministic)
        assert type(session.thinker) is backend
        session.close()
    monkeypatch.setenv(ENV, "thread")  # the variable still chooses, for measurements
    session = GameSession(game(2, 1), ["person", "hard"], autosave=False, record=False)
    assert type(session.thinker) is ThreadThinker
    session.close()


def test_the_seats_thinking_are_the_one_to_move_and_the_one_thought_about_ahead():
    state = action_start()
    kinds = ["easy"] * 4
    first, later = state.order[0], state.order[1]
    kinds[first] = "person"
    session = GameSession(state, kinds, autosave=False, record=False)
    assert session.pondering is not None
    session.pondering.backend = "thread"
    try:
        assert session.thinking_seats() == []
        session.ponder()
        assert session.thinking_seats() == [later]  # the person decides; it thinks ahead
    finally:
        session.close()
