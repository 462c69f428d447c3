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
judged on the same samples by the same yardstick; a card turned over from the draw pile is
worth the best place-or-take after it (`Judge.best_follow_up`), as the person chooses that
knowing the card. The best of many candidates looks better on the samples it was picked on
than it is (a lucky draw), so the cost is weighed again on `FRESH` fresh ones, where no
choice was made, paired:

    cost = mean over fresh samples of (worth(the best candidate) - worth(what was played))

with its 95% interval from the spread of those differences. A person who matched or beat the
AI's choices is charged nothing, and a finding is shown only when its whole interval lies
above THRESHOLD. The AI's
alternatives: for an Action-phase stretch, the plan a deterministic MCTS search plays
(`REVIEW_LEVEL`) and the rules-of-thumb plan; for a single choice, every legal move (pruned
as the search prunes them). A finding points at the first move where the person's line and
the best one part.

`review` runs on the caller's thread; `progress(done, total)` after each decision and a
`threading.Event` to stop it make it fit a background thread or process, where the thinker
runs it as it runs the AI seats (`thinker.py`). The result depends only on the game, the
seat, the seed and the level (no clock). `python -m ai.review --bench` times it.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import threading
import time
from collections.abc import Callable, Iterator, Sequence

from loyang_game.engine import GameConfig, GameState, Move, flow, new_game, play
from loyang_game.engine.cards import path_cost
from loyang_game.engine.moves import ADVANCE, FLIP, TWO_PACK
from loyang_game.engine.state import ACTIONS
from loyang_game.engine.state import Decision as AtHand  # this module's Decision is a unit

from .evaluate import Evaluation
from .evaluators import make_evaluation
from .playout import ROLLOUT_LIMIT, to_path_step
from .search import (
    LEVELS,
    MCTSAgent,
    apply_option,
    final_value,
    path_value,
    planned_move,
    planning,
    prune,
)
from .view import canonical_view, determinise

# Determinisations per decision (the same ones for every candidate). With 12, two reviews of
# an easy player's game under different seeds differ by 0.05 spaces a decision on average
# (6: 0.07), and below THRESHOLD a cost is within that noise and the search's.
SAMPLES = 12
# Fresh determinisations on which the best candidate and the person's line are weighed again,
# paired: a finding's cost is their mean difference, with a 95% interval from its spread.
FRESH = 32
THRESHOLD = 0.3  # spaces: a finding is shown when its whole interval is above this
Z95 = 1.96
SHOWN = 5  # findings a person is shown
# The search that proposes an Action-phase plan: hard's knowledge on a smaller budget, no
# rivalry (the cost is in the seat's own spaces), always its best plan, and no play-on of its
# plans (the review weighs every candidate on its own samples anyway).
REVIEW_LEVEL: dict[str, float] = {"act_iterations": 240, "other_iterations": 60, "rivalry": 0.0,
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
_LABELS = {AtHand.HOME: "Home vegetable", AtHand.PATH: "Path step", AtHand.CARDS: "Card phase",
           AtHand.HARVEST: "Harvest", AtHand.CLAIM: "Foreman", AtHand.PAY: "raising money",
           AtHand.KEEP: "Two-pack", AtHand.PARTNER: "choice of partner",
           AtHand.SHOP: "Book-keeper"}


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
    low: float = 0.0  # the cost's 95% interval over the fresh samples
    high: float = 0.0
    samples: int = 0  # fresh samples the cost was weighed on (0: nothing did better)
    theirs: float = 0.0  # the final space the AI expects after its choice, and after the
    yours: float = 0.0  # person's (the evaluation's, on the fresh samples): the why


@dataclasses.dataclass
class Decision:
    """A unit of judgement: the state before it, and the moves the person made in it (their
    steps run from `step` on)."""

    step: int
    kind: str  # ACTION, PATH or SINGLE
    state: GameState
    line: list[Move]
    label: str
    closed: bool = False


def unit_kind(state: GameState, seat: int) -> str:
    decision = flow.decision(state)
    if decision == AtHand.PATH:
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
                         else "the Offer" if config.solo and decision == AtHand.CARDS
                         else _LABELS.get(decision, decision))
                assert kind is not None, "a decision of the seat's own has a kind"
                current = Decision(step, kind, state.clone(), [], label)
            if current is not None:
                current.line.append(move)
                current.closed = kind != ACTION or move.kind == TWO_PACK
        state.apply(move)
    if current is not None:
        yield current


def unit_over(state: GameState, seat: int, kind: str, last: Move) -> bool:
    """Has a candidate line of a decision of `kind` come to its end at `state`?"""
    if kind != ACTION or last.kind == TWO_PACK or state.is_over:
        return True
    return state.current_player != seat or unit_kind(state, seat) != ACTION


def turn_value(state: GameState, seat: int, ev: Evaluation) -> float:
    """Finish the seat's turn by the rules of thumb: its board's worth at its next Path step
    (exact at the game's end)."""
    if not to_path_step(state, seat, _by_thumb):
        return ev.value(state, seat)
    if state.is_over:
        return final_value(state, seat)
    return path_value(state, seat, ev)[1]


def _by_thumb(state: GameState) -> bool:
    """Every seat's move by the rules of thumb (a `playout.Play`)."""
    planned_move(state, state.to_move)
    return True


class Judge:
    """The yardstick of one decision: candidate lines valued on the same samples."""

    def __init__(self, unit: Decision, seat: int, ev: Evaluation, seed: int,
                 stop: threading.Event | None = None) -> None:
        self.unit, self.seat, self.ev, self.stop = unit, seat, ev, stop
        self.view = canonical_view(unit.state, seat)  # the only look at the game: what seat saw
        rng = random.Random(seed * 1_000_003 + unit.step)
        self.samples = [determinise(self.view, seat, rng) for _ in range(SAMPLES)]
        self.fresh = [determinise(self.view, seat, rng) for _ in range(FRESH)]
        self.round = self.view.round

    def value(self, line: tuple[Move, ...]) -> float | None:
        """The line's mean worth over the samples the candidates are chosen on; None if it is
        not legal in one of them."""
        total = 0.0
        samples = self.samples
        for sample in samples:
            check(self.stop)
            worth = self.worth(sample.clone(), line)
            if worth is None:
                return None
            total += worth
        return total / len(samples)

    def worth(self, s: GameState, line: tuple[Move, ...]) -> float | None:
        """The seat's worth once `line` is played on the sample `s` and its turn finished."""
        *first, last = line
        if not apply_option(s, tuple(first)) or last not in s.legal_moves():
            return None
        if last.kind == ADVANCE:  # the Path step ends the turn: judged as the search does
            p = s.players[self.seat]
            return self.ev.value(s, self.seat, p.path + last.a,
                                 p.cash - path_cost(p.path, last.a))
        s.apply(last)
        if s.is_over:
            return final_value(s, self.seat)
        if last.kind == FLIP and s.current_player == self.seat:
            return self.best_follow_up(s)
        return turn_value(s, self.seat, self.ev)

    def best_follow_up(self, s: GameState) -> float:
        """The worth of a turned-over draw-pile card: the seat sees it and then places or
        takes a card, so the turn is worth its best follow-up on this sample (an expectation
        over the card, of the best choice after it). Finished by the rules of thumb alone,
        a flip was judged by whatever card they happened to take next: one sample gave the
        same flip 13 spaces, the next -1, and flips were charged up to 7 spaces."""
        best = float("-inf")
        for move in s.legal_moves():
            check(self.stop)
            after = s.clone()
            after.apply(move)
            worth = (final_value(after, self.seat) if after.is_over
                     else turn_value(after, self.seat, self.ev))
            best = max(best, worth)
        return best

    def difference(self, better: tuple[Move, ...], worse: tuple[Move, ...]
                   ) -> dict[str, float] | None:
        """How much `better` gains over `worse` on the fresh samples, paired: the mean gain
        ("cost"), its 95% interval ("low", "high"), the samples, and each line's mean worth
        ("theirs", "yours"); None if a line is not legal on one of them."""
        pairs = []
        for sample in self.fresh:
            check(self.stop)
            a, b = self.worth(sample.clone(), better), self.worth(sample.clone(), worse)
            if a is None or b is None:
                return None
            pairs.append((a, b))
        n = len(pairs)
        gains = [a - b for a, b in pairs]
        mean = sum(gains) / n
        spread = (sum((g - mean) ** 2 for g in gains) / (n - 1)) ** 0.5 if n > 1 else 0.0
        half = Z95 * spread / n ** 0.5
        return {"cost": mean, "low": mean - half, "high": mean + half, "samples": n,
                "theirs": sum(a for a, _ in pairs) / n, "yours": sum(b for _, b in pairs) / n}


def candidates(judge: Judge, level: dict[str, float], seed: int,
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


def play_out(s: GameState, seat: int, move: Callable[[GameState], None],
             stop: threading.Event | None = None) -> tuple[Move, ...]:
    """The seat's moves while `move` plays an Action-phase stretch on `s` to its end."""
    line: list[Move] = []
    for _ in range(ROLLOUT_LIMIT):
        check(stop)
        before = s.history
        move(s)
        after = s.history
        made = after[1] if after is not None and after is not before else None
        if made is None:
            break
        line.append(made)
        if unit_over(s, seat, ACTION, made):
            break
    return tuple(line)


def judge(unit: Decision, seat: int, ev: Evaluation, seed: int = 0,
          level: dict[str, float] | None = None,
          stop: threading.Event | None = None) -> Finding | None:
    """The finding for one decision: what the best line by the yardstick gains over the
    person's (cost 0 and the person's own line when nothing does better)."""
    j = Judge(unit, seat, ev, seed, stop)
    played = tuple(unit.line)
    played_value = j.value(played)
    if played_value is None:  # cannot happen when legality is public; never judged unfairly
        return None
    best, best_value = played, played_value
    plain, plain_value = played, played_value  # the best that turns over no card
    for line in candidates(j, level or REVIEW_LEVEL, seed, stop):
        check(stop)
        if line == played or not line:
            continue
        value = j.value(line)
        if value is not None and value > best_value + 1e-9:
            best, best_value = line, value
        if value is not None and line[0].kind != FLIP and value > plain_value + 1e-9:
            plain, plain_value = line, value
    if best[0].kind == FLIP and plain_value >= best_value - THRESHOLD:
        # A flip is worth its best follow-up, so it is never worth less than the choice it
        # could be followed by: suggested only when the card it may bring is worth more
        # than the threshold; else the best plain choice says what to do.
        best, best_value = plain, plain_value
    weighed: dict[str, float] = {}
    if best != played:  # the best of many looks better than it is: weigh it again, afresh
        again = j.difference(best, played)
        if again is not None and again["cost"] > 0:
            weighed = again
    if not weighed:  # not confirmed afresh: the person's choice stands
        best = played
    at = next((i for i, (a, b) in enumerate(zip(played, best)) if a != b), 0)
    suggestion = best[at] if at < len(best) else played[at]
    where = f"Round {j.round}, {unit.label}" if j.round else "Setup"
    cost, low, high, theirs, yours = (round(weighed.get(key, 0.0), 3)
                                      for key in ("cost", "low", "high", "theirs", "yours"))
    return Finding(unit.step + at, j.round, where, played[at], suggestion, cost, low, high,
                   int(weighed.get("samples", 0)), theirs, yours)


def review(config: GameConfig, moves: Sequence[Move], seat: int, seed: int = 0,
           progress: Callable[[int, int], None] | None = None,
           stop: threading.Event | None = None,
           level: dict[str, float] | None = None) -> list[Finding]:
    """Every decision of `seat` judged (within the bounds: `to_judge`), dearest first (ties:
    earlier first); stops early and returns what it found when `stop` is set."""
    found: list[Finding] = []
    try:
        units, _ = to_judge(config, moves, seat, stop)
        judge_all(units, seat, judging_evaluation(config.solo), found, seed, progress, stop,
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


def judging_evaluation(solo: bool) -> Evaluation:
    """What judges the moves: the evaluation hard plays with (the projection with its
    sibling correction), whose search proposes the alternatives."""
    return make_evaluation(LEVELS["hard"].evaluator, solo)


def judge_all(units: Sequence[Decision], seat: int, ev: Evaluation, found: list[Finding],
              seed: int = 0, progress: Callable[[int, int], None] | None = None,
              stop: threading.Event | None = None,
              level: dict[str, float] | None = None) -> None:
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
    """The few findings a person is shown, at most SHOWN, dearest first: those whose whole
    95% interval lies above THRESHOLD spaces (a cost the samples cannot tell from noise is
    not a finding)."""
    return [f for f in findings if f.low >= THRESHOLD][:SHOWN]


def bench_game(seats: int, seed: int, level: str = "normal") -> tuple[GameConfig, list[Move]]:
    """A finished game to review: `level` agents at every seat (deterministic)."""
    from .agents import make_agent
    from .play import by_seat

    config = GameConfig(seats=seats, seed=seed)
    state = new_game(config)
    play(state, by_seat([make_agent(level, seed + i, deterministic=True)
                         for i in range(seats)]))
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
    main()
