"""The coach's review: which of a person's decisions cost the most, in final Path spaces.

    findings = review(config, moves, seat, progress=report, stop=event)
    shown = worth_showing(findings)        # the few above THRESHOLD, dearest first

The unit judged is a *decision* as a farmer makes it, not a click:

- a whole stretch of the seat's own Action phase (act, store, keep, pay), up to its Path
  step or up to a Two-pack. No card the seat cannot see changes that stretch, so the moves
  are one plan, and judging each click alone would blame the first move of a good plan
  whose payoff comes later. The stretch ends at a Two-pack: the cards drawn are news, and
  what is done after them is judged as a decision of its own, from what the seat saw then;
- the Path step (how far to walk);
- every other choice (a card in the Card phase or the solo Offer, a Harvest helper, a
  Foreman claim, raising money outside the Action phase...) alone.

Every decision is judged from what the seat could see then, never from the real hidden
cards: `canonical_view` of the state at the decision (the same for any two states that look
the same from the seat), sampled `SAMPLES` times by `determinise` with an RNG seeded from
the review's seed and the step. On those samples each candidate (the moves the person made,
and the AI's alternatives) is played and the seat's turn finished by the same rules of thumb
(`search.planned_move` for every seat) up to its Path step, where the evaluation says what
the board is worth (`search.path_value`; the game's end counts exactly). Every candidate is
judged on the same samples by the same yardstick. The best of many candidates looks better
on the samples it was picked on than it is (a lucky draw), so the cost is weighed again on
`SAMPLES` fresh ones, where no choice was made:

    cost = max(0, fresh value(the best candidate) - fresh value(what was played))

and a person who matched or beat the AI's choices is charged nothing. The AI's
alternatives: for an Action-phase stretch, the plan a deterministic MCTS search plays
(`REVIEW_LEVEL`) and the rules-of-thumb plan; for a single choice, every legal move (pruned
as the search prunes them). A finding points at the first move where the person's line and
the best one part.

`review` runs on the caller's thread; `progress(done, total)` after each decision and a
`threading.Event` to stop it make it fit a background thread, which `ReviewWorker` runs as
the table runs the AI (`worker.py`: a daemon thread, the short switch interval that keeps the
frames smooth). The result depends only on the game, the seat, the seed and the level (no
clock). `python -m ai.review --bench` times it.
"""

from __future__ import annotations

import argparse
import dataclasses
import logging
import random
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence

from loyang_game.engine import GameConfig, Move, flow, new_game
from loyang_game.engine.cards import path_cost
from loyang_game.engine.moves import ADVANCE, TWO_PACK
from loyang_game.engine.state import ACTIONS

from .evaluate import Evaluator, default_evaluator
from .search import (
    ROLLOUT_LIMIT,
    MCTSAgent,
    apply_option,
    final_value,
    path_value,
    planned_move,
    planning,
    prune,
)
from .view import canonical_view, determinise
from .worker import CANCEL_WAIT, start_thread

# Determinisations per decision (the same ones for every candidate). With 12, two reviews of
# an easy player's game under different seeds differ by 0.05 spaces a decision on average
# (6: 0.07), and below THRESHOLD a cost is within that noise and the search's.
SAMPLES = 12
THRESHOLD = 0.3  # spaces
SHOWN = 5  # findings a person is shown
# The search that proposes an Action-phase plan: hard's knowledge on a smaller budget, no
# rivalry (the cost is in the seat's own spaces), always its best plan, and no play-on of its
# plans (the review weighs every candidate on its own samples anyway).
REVIEW_LEVEL = {"act_iterations": 240, "other_iterations": 60, "rivalry": 0.0,
                "temperature": 0.0, "verify": 0}

# A review's bounds, so that any game, however long, is reviewed in bounded time: a game of
# 9 rounds gives a seat 40 to 60 decisions and a stretch of an Action phase 5 to 30 moves.
# Of a longer game at most MAX_DECISIONS decisions are judged, spread evenly over it, and a
# stretch longer than MAX_LINE moves is not judged; the review scene says so.
MAX_DECISIONS = 100
MAX_LINE = 60
# Moves replayed between two looks at the stop signal while the decisions are gathered.
STOP_EVERY = 64

ACTION, PATH, SINGLE = "action", "path", "single"
# What a decision is called in a finding ("Round 3, Card phase"); the setup is "Setup".
_LABELS = {"home": "Home vegetable", "path": "Path step", "cards": "Card phase",
           "harvest": "Harvest", "claim": "Foreman", "pay": "raising money", "keep": "Two-pack",
           "partner": "choice of partner", "shop": "Book-keeper"}


class Stopped(Exception):
    """The review was cancelled: raised between two small pieces of work, so that a cancel
    is obeyed within milliseconds wherever the review is."""


def check(stop: threading.Event | None) -> None:
    if stop is not None and stop.is_set():
        raise Stopped


@dataclasses.dataclass(frozen=True)
class Finding:
    """One judged decision: at `step` the person played `played`, the AI would have played
    `suggestion` (legal at `step`), which it judges `cost` final Path spaces better."""

    step: int
    round: int
    where: str  # "Round 3, Action phase"
    played: Move
    suggestion: Move
    cost: float


@dataclasses.dataclass
class Decision:
    """A unit of judgement: the state before it, and the moves the person made in it (their
    steps run from `step` on)."""

    step: int
    kind: str  # ACTION, PATH or SINGLE
    state: object
    line: list[Move]
    label: str
    closed: bool = False


def unit_kind(state, seat: int) -> str:
    decision = flow.decision(state)
    if decision == "path":
        return PATH
    if state.phase == ACTIONS and planning(state, seat):
        return ACTION
    return SINGLE


def decisions(config: GameConfig, moves: Sequence[Move], seat: int,
              stop: threading.Event | None = None) -> Iterator[Decision]:
    """The seat's decisions in the game, in order. Only what is public decides the units:
    whose move it is, the phase and the decision at hand. Raises Stopped once `stop` is set."""
    state = new_game(config)
    current: Decision | None = None
    for step, move in enumerate(moves):
        if step % STOP_EVERY == 0:
            check(stop)
        mine = state.current_player == seat
        kind = unit_kind(state, seat) if mine else None
        if current is not None and (current.closed or kind != ACTION or current.kind != ACTION):
            yield current
            current = None
        if mine:
            if current is None and len(state.legal_moves()) > 1:
                decision = flow.decision(state)
                label = ("Action phase" if kind == ACTION
                         else "the Offer" if config.solo and decision == "cards"
                         else _LABELS.get(decision, decision))
                current = Decision(step, kind, state.clone(), [], label)
            if current is not None:
                current.line.append(move)
                current.closed = kind != ACTION or move.kind == TWO_PACK
        state.apply(move)
    if current is not None:
        yield current


def unit_over(state, seat: int, kind: str, last: Move) -> bool:
    """Has a candidate line of a decision of `kind` come to its end at `state`?"""
    if kind != ACTION or last.kind == TWO_PACK or state.is_over:
        return True
    return state.current_player != seat or unit_kind(state, seat) != ACTION


def turn_value(state, seat: int, ev: Evaluator) -> float:
    """Finish the seat's turn by the rules of thumb: its board's worth at its next Path step
    (exact at the game's end)."""
    for _ in range(ROLLOUT_LIMIT):
        if state.is_over:
            return final_value(state, seat)
        if state.current_player == seat and flow.decision(state) == "path":
            return path_value(state, seat, ev)[1]
        planned_move(state, state.current_player)
    return ev.predict(state.players[seat], state.round)


class Judge:
    """The yardstick of one decision: candidate lines valued on the same samples."""

    def __init__(self, unit: Decision, seat: int, ev: Evaluator, seed: int,
                 stop: threading.Event | None = None) -> None:
        self.unit, self.seat, self.ev, self.stop = unit, seat, ev, stop
        self.view = canonical_view(unit.state, seat)  # the only look at the game: what seat saw
        rng = random.Random(seed * 1_000_003 + unit.step)
        self.samples = [determinise(self.view, seat, rng) for _ in range(SAMPLES)]
        self.fresh = [determinise(self.view, seat, rng) for _ in range(SAMPLES)]
        self.round = self.view.round

    def value(self, line: tuple[Move, ...], fresh: bool = False) -> float | None:
        """The line's mean worth over the samples (the `fresh` ones: those no choice was made
        on); None if it is not legal in one of them."""
        total = 0.0
        samples = self.fresh if fresh else self.samples
        for sample in samples:
            check(self.stop)
            worth = self.worth(sample.clone(), line)
            if worth is None:
                return None
            total += worth
        return total / len(samples)

    def worth(self, s, line: tuple[Move, ...]) -> float | None:
        """The seat's worth once `line` is played on the sample `s` and its turn finished."""
        *first, last = line
        if not apply_option(s, tuple(first)) or last not in s.legal_moves():
            return None
        if last.kind == ADVANCE:  # the Path step ends the turn: judged as the search does
            p = s.players[self.seat]
            return self.ev.predict(p, s.round, p.path + last.a,
                                   p.cash - path_cost(p.path, last.a))
        s.apply(last)
        if s.is_over:
            return final_value(s, self.seat)
        return turn_value(s, self.seat, self.ev)


def candidates(judge: Judge, level: dict, seed: int,
               stop: threading.Event | None) -> list[tuple[Move, ...]]:
    """The AI's alternatives to the person's line (see the module docstring)."""
    unit, view, seat = judge.unit, judge.view, judge.seat
    if unit.kind != ACTION:
        moves = view.legal_moves()
        if unit.kind == SINGLE:
            moves = prune(flow.decision(view), moves, view.players[seat].cash)
        return [(m,) for m in moves]
    rule = view.clone()
    rule_line = play_out(rule, seat, lambda s: planned_move(s, seat), stop)
    agent = MCTSAgent("hard", seed=seed + unit.step, deterministic=True, overrides=level)
    searched = view.clone()
    searched_line = play_out(searched, seat, lambda s: s.apply(
        agent.choose_interruptible(s, stop=stop, seat=seat)), stop)
    return [rule_line, searched_line]


def play_out(s, seat: int, move: Callable, stop: threading.Event | None = None
             ) -> tuple[Move, ...]:
    """The seat's moves while `move` plays an Action-phase stretch on `s` to its end."""
    line: list[Move] = []
    for _ in range(ROLLOUT_LIMIT):
        check(stop)
        before = s.history
        move(s)
        made = s.history[1] if s.history is not before else None
        if made is None:
            break
        line.append(made)
        if unit_over(s, seat, ACTION, made):
            break
    return tuple(line)


def judge(unit: Decision, seat: int, ev: Evaluator, seed: int = 0,
          level: dict | None = None, stop: threading.Event | None = None) -> Finding | None:
    """The finding for one decision: what the best line by the yardstick gains over the
    person's (cost 0 and the person's own line when nothing does better)."""
    j = Judge(unit, seat, ev, seed, stop)
    played = tuple(unit.line)
    played_value = j.value(played)
    if played_value is None:  # cannot happen when legality is public; never judged unfairly
        return None
    best, best_value = played, played_value
    for line in candidates(j, level or REVIEW_LEVEL, seed, stop):
        check(stop)
        if line == played or not line:
            continue
        value = j.value(line)
        if value is not None and value > best_value + 1e-9:
            best, best_value = line, value
    cost = 0.0
    if best != played:  # the best of many looks better than it is: weigh it again, afresh
        again = j.value(best, fresh=True), j.value(played, fresh=True)
        if None not in again:
            cost = max(0.0, again[0] - again[1])
    if cost == 0.0:  # not confirmed afresh: the person's choice stands
        best = played
    at = next((i for i, (a, b) in enumerate(zip(played, best)) if a != b), 0)
    suggestion = best[at] if at < len(best) else played[at]
    where = f"Round {j.round}, {unit.label}" if j.round else "Setup"
    return Finding(unit.step + at, j.round, where, played[at], suggestion, round(cost, 3))


def review(config: GameConfig, moves: Sequence[Move], seat: int, seed: int = 0,
           progress: Callable[[int, int], None] | None = None,
           stop: threading.Event | None = None, level: dict | None = None) -> list[Finding]:
    """Every decision of `seat` judged (within the bounds: `to_judge`), dearest first (ties:
    earlier first); stops early and returns what it found when `stop` is set."""
    found: list[Finding] = []
    try:
        units, _ = to_judge(config, moves, seat, stop)
        judge_all(units, seat, default_evaluator(config.solo), found, seed, progress, stop,
                  level)
    except Stopped:
        pass
    return sorted(found, key=lambda f: (-f.cost, f.step))


def to_judge(config: GameConfig, moves: Sequence[Move], seat: int,
             stop: threading.Event | None = None) -> tuple[list[Decision], int]:
    """The decisions of `seat` a review judges, and how many of the game's it leaves out:
    none longer than MAX_LINE moves, at most MAX_DECISIONS spread evenly over the game.
    Raises Stopped once `stop` is set."""
    units = list(decisions(config, moves, seat, stop))
    judged = [unit for unit in units if len(unit.line) <= MAX_LINE]
    if len(judged) > MAX_DECISIONS:
        judged = [judged[i * len(judged) // MAX_DECISIONS] for i in range(MAX_DECISIONS)]
    return judged, len(units) - len(judged)


def judge_all(units: Sequence[Decision], seat: int, ev: Evaluator, found: list[Finding],
              seed: int = 0, progress: Callable[[int, int], None] | None = None,
              stop: threading.Event | None = None, level: dict | None = None) -> None:
    """Judge `units` in order into `found`, with `progress(done, total)` after each; raises
    Stopped once `stop` is set (what was found so far stays in `found`)."""
    if progress is not None:
        progress(0, len(units))
    for done, unit in enumerate(units, 1):
        check(stop)
        finding = judge(unit, seat, ev, seed, level, stop)
        if finding is not None:
            found.append(finding)
        if progress is not None:
            progress(done, len(units))


def worth_showing(findings: Sequence[Finding]) -> list[Finding]:
    """The few findings a person is shown: at least THRESHOLD spaces, at most SHOWN."""
    return [f for f in findings if f.cost >= THRESHOLD][:SHOWN]


class ReviewWorker:
    """A review on a daemon thread: `progress` is (decisions done, decisions in all),
    `findings` the result once it is done (None until then), `left_out` how many of a long
    game's decisions it does not judge (`to_judge`), `error` what went wrong on the thread;
    `cancel` returns within `CANCEL_WAIT` seconds, and the thread stops within milliseconds
    (it looks at the stop signal between any two samples, moves or searches)."""

    def __init__(self, config: GameConfig, moves: Sequence[Move], seat: int, seed: int = 0,
                 level: dict | None = None) -> None:
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._progress = (0, 0)
        self.findings: list[Finding] | None = None
        self.left_out = 0
        self.error: BaseException | None = None
        self._thread = start_thread(self._run, (config, list(moves), seat, seed, level),
                                    f"review-seat{seat}")

    @property
    def progress(self) -> tuple[int, int]:
        with self._lock:
            return self._progress

    @property
    def busy(self) -> bool:
        return self._thread.is_alive()

    def cancel(self) -> None:
        self._stop.set()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(CANCEL_WAIT)

    def _report(self, done: int, total: int) -> None:
        with self._lock:
            self._progress = (done, total)

    def _run(self, config, moves, seat, seed, level) -> None:
        found: list[Finding] = []
        try:
            units, self.left_out = to_judge(config, moves, seat, self._stop)
            judge_all(units, seat, default_evaluator(config.solo), found, seed, self._report,
                      self._stop, level)
            self.findings = sorted(found, key=lambda f: (-f.cost, f.step))
        except Stopped:
            pass
        except BaseException as exc:  # told to the scene, never raised on the thread
            logging.getLogger(__name__).error("the review failed", exc_info=exc)
            self.error = exc


def bench_game(seats: int, seed: int, level: str = "normal") -> tuple[GameConfig, list[Move]]:
    """A finished game to review: `level` agents at every seat (deterministic)."""
    from .agents import make_agent

    config = GameConfig(seats=seats, seed=seed)
    state = new_game(config)
    agents = [make_agent(level, seed + i, deterministic=True) for i in range(seats)]
    while not state.is_over:
        state.apply(agents[state.current_player].choose(state))
    return config, list(state.moves())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m ai.review", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bench", action="store_true",
                        help="review whole games and print seconds per game")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--player", default="easy", help="the agent whose games are reviewed")
    args = parser.parse_args(argv)
    if not args.bench:
        parser.error("nothing to do: give --bench")
    for game in range(args.games):
        config, moves = bench_game(args.seats, 100 + game, args.player)
        units = sum(1 for _ in decisions(config, moves, 0))
        start, cpu = time.perf_counter(), time.process_time()
        findings = review(config, moves, 0)
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
        top = ", ".join(f"{f.where} {f.cost:.2f}" for f in worth_showing(findings))
        print(f"game {game}: {units} decisions, {seconds:.1f} s ({cpu:.1f} s of CPU); "
              f"shown: {top or 'none'}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
