"""The search's tables of values by board (`ai.memo`) live as long as a thinker of this process
that uses them: a long evening of games in one window never keeps the boards of games long over
(issue 45: the window grew by a few MB a game, most of it these tables)."""

from __future__ import annotations

import gc
import random
import time

from ai import leaves, memo, offer_ahead, projection, thinker
from ai.evaluate import default_evaluator
from ai.thinker import Job, Request, ThreadThinker
from loyang_game.engine import GameConfig, flow, new_game
from loyang_game.engine.state import Decision


def _fill() -> None:
    """A value in each of the three tables (the projection's, the Path steps', the next
    Offer's), as a search of the solo game leaves them."""
    state = new_game(GameConfig(seats=1, seed=5))
    rng = random.Random(5)
    while state.round < 2 or flow.decision(state) != Decision.PATH:  # a Path step, round 2
        state.apply(rng.choice(state.legal_moves()))
    ev, seat = default_evaluator(True), 0
    p = state.players[seat]
    projection.project(p, state.round)
    leaves.path_value(state, seat, ev, ahead=2)
    offer_ahead.next_offer_gain(state, seat, ev, p.path, p.cash)
    assert projection._tables and leaves._path_tables and offer_ahead._tables


def _no_thinker_open() -> None:
    gc.collect()
    assert thinker._open_here == 0, "a thread thinker of another test is still open"


def test_the_tables_are_let_go_when_the_last_thread_thinker_closes():
    _no_thinker_open()
    seats, coach = ThreadThinker(), ThreadThinker()  # a table's two
    _fill()
    held = memo.entries()
    assert held >= 3
    seats.close()
    assert memo.entries() == held  # the coach still thinks about this game
    coach.close()
    assert memo.entries() == 0
    assert not projection._tables and not leaves._path_tables and not offer_ahead._tables
    coach.close()  # a second close changes nothing
    assert thinker._open_here == 0


def test_a_thinker_collected_unclosed_lets_them_go_too():
    _no_thinker_open()
    forgotten = ThreadThinker()
    _fill()
    del forgotten
    gc.collect()
    assert memo.entries() == 0 and thinker._open_here == 0


def test_a_thinker_that_thought_lets_the_boards_of_its_game_go():
    """A deterministic search of hard's (the three tables at work), then close: nothing of
    the game's boards is left, and the thinker's agents go with it."""
    _no_thinker_open()
    state = new_game(GameConfig(seats=1, seed=8))
    rng = random.Random(8)
    while state.round < 2 or state.current_player is None:
        state.apply(rng.choice(state.legal_moves()))
    one = ThreadThinker()
    one.submit(Request.about(Job.MOVE, state, 0, "hard:act_iterations=24,other_iterations=8,"
                             "parallel=0", 1, deterministic=True))
    deadline = time.monotonic() + 120  # a bound, not a timing
    result = None
    while result is None and time.monotonic() < deadline:
        time.sleep(0.02)
        result = one.poll()
    assert result is not None and not result.error and result.move in state.legal_moves()
    assert memo.entries() > 0
    one.close()
    assert memo.entries() == 0

