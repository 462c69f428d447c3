"""When and where a searching level checks its picks a round further (`verify.py`).

Once a decision's search is done, a level with `verify` plays the root options it explored
most on a round, on one shared sample of the hidden cards, and plays the one whose board is
worth most then. This module schedules that check for `search.MCTSAgent`: within what is left
of the decision's seconds (an Action phase's searches and checks share its budget), in the
searching thread or (on the clock, with `parallel`) in worker processes, one per core
(`playons.py`), each play-on by a fresh lighter search of the same level (the follower), and
the boards valued as the level values its leaves (`leaves.LeafValues`). Both ways end in the
same rule (`verify.decide`) and give the same choice from the same seed. On the clock in
the searching thread, a check short of time makes its followers lighter still, by the pace
its last play-ons took (`PlayOnPace`), so that enough of them end to compare.

The review's coach keeps its checks between the hint and its longer look (`PlayOns`,
`MCTSAgent.keep_checks`), so that the longer look checks its picks on the very sample the
hint's were checked on, and a plan checked for the hint is not played on again.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import math
import random
import threading
from collections.abc import Callable, Iterable, Iterator
from typing import Protocol

from loyang_game.engine import GameState, flow
from loyang_game.engine.state import Decision

from . import verify
from .evaluate import Evaluation
from .leaves import LeafValues, final_value
from .levels import Level
from .options import Option
from .playons import PlayOnPool, shared_pool
from .tree import Node
from .turn import apply_option
from .view import determinise


class PlayOns:
    """What a review's coach keeps of its checks a round further (solo) between the hint and
    the longer look: the seed the hint's check drew, and each play-on's value by where it
    stood when the round turned (`verify.play_on`'s `known`), so that the longer look checks
    its picks on the very sample the hint's were checked on, and a plan checked for the hint
    is not played on again."""

    def __init__(self) -> None:
        self.seed: int | None = None
        self.known: dict[bytes, float | None] = {}


class PlayOnPace:
    """On the clock, in the searching thread: how long a play-on takes on this machine now,
    per iteration of its follower's Action-phase budget, by the decision checked (a Card
    phase's play-on plays the rest of its round too). The last check's play-ons measure it;
    a check with too little time left for the play-ons it needs makes its followers lighter,
    so that they end in time and compare the options (a lighter follower still plays every
    option on the one sample with the same seed: the comparison stays paired), rather than
    being cut short with one value or none. Deterministic mode never reads it."""

    LIGHTEST = 40  # the lightest follower's Action-phase budget

    def __init__(self) -> None:
        self.per_iteration: dict[Decision, float] = {}

    def budget(self, decision: Decision, full: int, seconds: float, count: int) -> int:
        """The follower's Action-phase budget for `count` play-ons in `seconds`: `full`
        unless this decision's last play-ons say they would not fit."""
        pace = self.per_iteration.get(decision)
        if pace is None or not math.isfinite(seconds):
            return full
        fits = int(max(seconds, 0.0) / (count * pace))
        return max(min(full, fits), min(full, self.LIGHTEST))

    def timed(self, decision: Decision, values: Iterable[float | None], iterations: int,
              clock: Callable[[], float]) -> Iterator[float | None]:
        """`values` passed on as asked for, each play-on that ended measured (halted ones and
        options not playable on the sample are not: they end early)."""
        start = clock()
        for value in values:
            if value is not None and math.isfinite(value):
                took = (clock() - start) / iterations
                last = self.per_iteration.get(decision, took)
                self.per_iteration[decision] = (last + took) / 2
            yield value
            start = clock()


class Made(verify.Follower, Protocol):
    """A check's follower, which also says what evaluation it plays a game with."""

    def evaluation(self, solo: bool) -> Evaluation: ...


class Makes(Protocol):
    """What makes a check's follower: the searching agent's own class (`search.MCTSAgent`),
    a fresh agent of `level` counting iterations, with the evaluation `evaluator` if given."""

    def __call__(self, level: Level, seed: int, *, deterministic: bool,
                 evaluator: Evaluation | None, name: str) -> Made: ...


class Checked(Protocol):
    """The searching agent as its checks read it (`search.MCTSAgent`): its level and name,
    the evaluation given to it, whether it counts iterations only, its clock and random
    state, the seconds its Action phase has spent, its leaf values, the checks it keeps, and
    the class its followers are made of."""

    name: str
    level: Level
    given: Evaluation | None
    deterministic: bool
    clock: Callable[[], float]
    rng: random.Random
    turn_seconds: float
    leaves: LeafValues
    kept_checks: PlayOns | None
    pace: PlayOnPace

    @property
    def makes(self) -> Makes: ...


def checks(level: Level, view: GameState) -> bool:
    """Does `level` check its picks a round further at this table? In solo with `verify`;
    at a table of more seats too when `verify_seats` allows (there a play-on's follower plays
    every seat, so it is also the model of the others' play)."""
    return level.verify > 0 and view.config.seats <= level.verify_seats


def verified_in_time(agent: Checked, root: Node, view: GameState, seat: int, option: Option,
                     stop: threading.Event | None, started: float, acting: bool) -> Option:
    """`verified` within the decision's time: in the Action phase, what is left of the
    phase's seconds, which its searches and play-ons share (a Two-pack's new look must
    not start the clock again), less a quarter of an other turn's seconds kept for that
    look (`python -m lab.bench --solo` measured 6.26 s for one Action phase without it);
    else the decision's own seconds."""
    level = agent.level
    if not acting:
        return verified(agent, root, view, seat, option, stop, started + level.other_seconds)
    now = agent.clock()
    left = level.act_seconds - agent.turn_seconds - level.other_seconds / 4
    option = verified(agent, root, view, seat, option, stop, now + left)
    agent.turn_seconds += agent.clock() - now
    return option


def verified(agent: Checked, root: Node, view: GameState, seat: int, option: Option,
             stop: threading.Event | None, deadline: float) -> Option:
    """Of the root options explored most, the one worth most when played on a round
    (`verify.py`); `option` if there is no choice, or if the search is stopped or (on the
    clock) runs past `deadline` before two different boards are compared. With the checks
    kept (`agent.kept_checks`, in its thread), on the seed the first check drew."""
    level = agent.level
    pool = max(level.verify, level.verify_pool)
    options = verify.candidates(root, set(view.legal_moves()), pool)
    if len(options) < 2:
        return option
    workers = play_on_pool(agent)
    # A play-on in this thread stops between the follower's moves, so it stops one
    # follower move early; one in a worker is dropped as soon as the clock says so.
    margin = (verify.POOL_MARGIN if workers is not None
              else level.verify_iterations / verify.SLOWEST_RATE)

    def halted() -> bool:
        if stop is not None and stop.is_set():
            return True
        return not agent.deterministic and agent.clock() > deadline - margin

    distinct = level.verify if level.verify_pool else 0
    kept = agent.kept_checks if workers is None else None
    known = None
    if kept is None:
        seed = agent.rng.getrandbits(32)
    else:
        if kept.seed is None:
            kept.seed = agent.rng.getrandbits(32)
        seed, known = kept.seed, kept.known
    if workers is not None:
        shipped = view.clone()
        shipped.history = None  # the play-ons never read it, and a long one is too deep
        tasks = [functools.partial(play_on_task, agent.makes, agent.name, level, shipped, seat,
                                   o, seed) for o in options]
        with contextlib.closing(workers.values(tasks, halted)) as values:
            best = verify.decide(options, values, distinct)
    else:
        iterations = level.verify_iterations
        paced = not agent.deterministic and kept is None
        if paced:
            decision = flow.decision(view)
            iterations = agent.pace.budget(decision, iterations, deadline - margin - agent.clock(),
                                           distinct or len(options))
            margin = iterations / verify.SLOWEST_RATE
        follower, leaf, final = play_on_rules(agent.makes, agent.name, level, agent.given,
                                              agent.leaves, iterations)
        played = verify.play_ons(view, seat, options, follower, seed, leaf, final, apply_option,
                                 halted, known)
        if paced:
            played = agent.pace.timed(decision, played, iterations, agent.clock)
        best = verify.decide(options, played, distinct)
    return best or option


def play_on_pool(agent: Checked) -> PlayOnPool | None:
    """The worker processes the agent's level plays its play-ons in: on the clock only (in
    deterministic mode the thread's own play-ons give the same values, and the lab
    already runs a game per core), and not where processes cannot start children."""
    if not agent.level.parallel or agent.deterministic or agent.given is not None:
        return None
    return shared_pool()


def play_on_rules(makes: Makes, name: str, level: Level, given: Evaluation | None,
                  leaves: LeafValues, iterations: int | None = None
                  ) -> tuple[Callable[[int], verify.Follower], verify.ValueOf, verify.ValueOf]:
    """A check's follower for the searching level `level` (named `name`, with the evaluation
    `given` to it, if any): a fresh one per play-on, by its seed, made by `makes`, searching
    an Action phase for `iterations` (the level's `verify_iterations` unless told); and the
    values of the boards it reaches, as `leaves` values them: at the seat's Path step, and
    once the game is over."""
    if iterations is None:
        iterations = level.verify_iterations
    lighter = dataclasses.replace(
        level, act_iterations=iterations, other_iterations=max(1, iterations * 3 // 10),
        verify=0)

    def follower(seed: int) -> verify.Follower:
        return makes(lighter, seed, deterministic=True, evaluator=given, name=name)

    def leaf(state: GameState, seat: int) -> float:  # solo: `against` is the own value
        return leaves.against(state, seat, leaves.path_choice(state, seat)[1])

    def final(state: GameState, seat: int) -> float:
        return leaves.against(state, seat, final_value(state, seat))

    return follower, leaf, final


def play_on_task(makes: Makes, name: str, level: Level, view: GameState, seat: int,
                 option: Option, seed: int, halted: Callable[[], bool]) -> float | None:
    """One play-on of a check by the searching level `level` (named `name`, its followers
    made by `makes`), as a worker process plays it (`playons.py`): the value
    `verify.play_ons` finds for `option` in the searching thread, from the same view and
    seed. Its boards are valued by the searching agent's own evaluation, which an agent of
    its class and name makes (a lab yardstick's or candidate's is not the shipped one)."""
    made = makes(level, seed, deterministic=True, evaluator=None, name=name)
    ev = made.evaluation(view.config.solo)
    follower, leaf, final = play_on_rules(makes, name, level, None, LeafValues(level, ev))
    sample = determinise(view, seat, random.Random(seed))
    return verify.play_on(sample, seat, option, follower(seed), leaf, final, apply_option,
                          halted)
