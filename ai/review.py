"""The coach's review: which of a person's decisions cost the most, in final Path spaces, judged
with the hint's own eyes and a longer look.

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

One voice (issue 46). The hint and the review judge with the same search: at each decision
the review asks the coach again, exactly as the table's hint asks it (`plan.advise`: the
coach's level, a fresh agent with the coach's seed, counted in iterations), so it knows what
the hint said; then it carries that very search on for as many iterations again
(`plan.look_longer`, LONGER): the same evaluation, the same options, the same plan building,
only longer. The longer look's line is the review's suggestion, and nothing else is: where
it agrees with what the person did, the decision costs nothing. Where it parts from the
person's line, the two lines are weighed against each other on FRESH samples of the hidden
cards (`determinise` of `canonical_view`: only what the seat could see then; the same samples
for both, paired), each played on as the search plays its leaves (the rules of thumb for
every seat up to the seat's Path step, where the evaluation values the board with what the
search adds: the next solo Offer, and in a game with others the race, less half the best
other's position). A card turned over from the draw pile is followed by the place or take
that looks best from what the seat then sees (`weighing.Yardstick.follow_up`), never by one chosen
knowing the sample's hidden cards:

    cost = mean over the fresh samples of (worth(the longer look's line) - worth(the person's))

with its 95% interval from the spread of those differences. A person who matched or beat the
longer look is charged nothing; a finding is shown only when its whole interval lies above
THRESHOLD. Where the person's move is the one the hint gave at that moment (`Following`
keeps the hint a person who asks at each decision would have had, step by step as the table
follows it), the finding says so, and it is charged only when the longer look is confident:
its whole interval above CLOSE_CALL, the margin under which the hint itself calls two
choices "about as good" (else the hint's choice stands). A finding points at the first move
where the person's line and the longer look's part.

`review` runs on the caller's thread; `progress(done, total)` after each decision and a
`threading.Event` to stop it make it fit a background thread or process, where the thinker
runs it as it runs the AI seats (`thinker.py`). The result depends only on the game, the
seat, the seed and the coach's level (no clock). `python -m ai.review --bench` times it.
"""

from __future__ import annotations

import argparse
import dataclasses
import threading
import time
from collections.abc import Callable, Iterator, Sequence

from loyang_game.engine import GameConfig, GameState, Move, flow, new_game, play
from loyang_game.engine.moves import TWO_PACK
from loyang_game.engine.state import ACTIONS
from loyang_game.engine.state import Decision as AtHand  # this module's Decision is a unit

from .agents import PLAYER_LEVELS, make_agent
from .checking import PlayOns
from .evaluate import Evaluation
from .plan import CLOSE_CALL, Advice, advise, coach_seed, look_longer
from .searcher import Searcher
from .turn import planning
from .view import canonical_view
from .weighing import Judge, Stopped, Yardstick, check, judging_values

# The coach whose hints the review judges, when the caller names none: the table's (its
# `Coach` asks the strongest level).
COACH_LEVEL = PLAYER_LEVELS[-1]
# The longer look: the hint's own search carried on for this many times its iterations again.
LONGER = 1.0
THRESHOLD = 0.3  # spaces: a finding is shown when its whole interval is above this
SHOWN = 5  # findings a person is shown

# A review's bounds, so that any game, however long, is reviewed in bounded time: a game of
# 9 rounds gives a seat 40 to 60 decisions and a stretch of an Action phase 5 to 30 moves.
# Of a longer game at most MAX_DECISIONS decisions are judged, spread evenly over it, and a
# stretch longer than MAX_LINE moves is not judged; the review scene says so.
MAX_DECISIONS = 100
MAX_LINE = 60
# Moves replayed between two looks at the stop signal while the decisions are gathered.
STOP_EVERY = 64

ACTION, PATH, SINGLE = "action", "path", "single"
# What a decision is in a finding, a code (the words layer names it: "Round 3, Card phase"):
# the decision at hand (an AtHand value), ACTION for a stretch of the Action phase, OFFER for
# the solo game's buying from the Offer, and SETUP for the Home vegetable before round 1.
OFFER, SETUP = "offer", "setup"


@dataclasses.dataclass(frozen=True)
class Finding:
    """One judged decision: at `step` the person played `played`, the longer look would have
    played `suggestion` (legal at `step`), which it judges `cost` final Path spaces better
    (in a game with others, spaces of the race: the seat's final space less half the best
    other's). `hint`: the hint's move at that moment (None when not known); `followed`: the
    person's move was the hint's."""

    step: int
    round: int
    where: str  # the decision's code (`Decision.label`; SETUP before round 1), not words
    played: Move
    suggestion: Move
    cost: float
    low: float = 0.0  # the cost's 95% interval over the fresh samples
    high: float = 0.0
    samples: int = 0  # fresh samples the cost was weighed on (0: nothing did better)
    theirs: float = 0.0  # the final space the AI expects after its choice, and after the
    yours: float = 0.0  # person's (the evaluation's, on the fresh samples): the why
    hint: Move | None = None
    followed: bool = False
    race: bool = False  # the cost is in spaces of the race (a game with others)

    @property
    def overturns(self) -> bool:
        """The person did what the hint said and the longer look charges it anyway."""
        return self.followed and self.cost > 0


@dataclasses.dataclass
class Decision:
    """A unit of judgement: the state before it, and the moves the person made in it (their
    steps run from `step` on)."""

    step: int
    kind: str  # ACTION, PATH or SINGLE
    state: GameState
    line: list[Move]
    label: str  # the decision's code: an AtHand value, ACTION or OFFER
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
                label = (ACTION if kind == ACTION
                         else OFFER if config.solo and decision == AtHand.CARDS
                         else str(decision))
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


def judging_evaluation(solo: bool, level: str | None = None) -> Evaluation:
    """What judges the moves: the evaluation of the coach's level (hard's: the projection
    with its sibling correction), whose search gives the hint and the longer look."""
    return judging_values(level or COACH_LEVEL, solo).ev


class Asker:
    """Asks the coach at a decision as the table's hint asks it (`plan.advise`: the coach's
    level, its seed for the seat, counted in iterations)."""

    def __init__(self, level: str, config: GameConfig, seat: int,
                 stop: threading.Event | None = None) -> None:
        self.level, self.seat, self.stop = level, seat, stop
        self.seed = coach_seed(config, seat)

    def ask(self, state: GameState) -> tuple[Searcher, Advice]:
        """The coach's agent (its search kept, and its checks a round further) and its
        advice at `state`, from what the seat sees of it (as the hint's request carries)."""
        check(self.stop)
        asked = advise(self.level, self.seed, state.observe(self.seat), self.seat, self.stop,
                       kept=PlayOns())
        check(self.stop)
        assert asked is not None, "only a stop leaves the coach without an answer"
        return asked


class Following:
    """The hint in force, move by move, for a person who asks whenever none is in force and
    follows it as the table does (`GameSession._follow`): each step made moves the hint on
    to the next, if there is one and it can be made now; any other move, of this seat or
    another, puts it away."""

    def __init__(self, config: GameConfig, moves: Sequence[Move]) -> None:
        self.state, self.moves, self.at = new_game(config), moves, 0
        self.plan: tuple[Move, ...] = ()
        self.next = 0
        self.ran_out = False  # the last hint was put away because it was done, not left

    def in_force(self) -> Move | None:
        return self.plan[self.next] if self.next < len(self.plan) else None

    def take(self, plan: tuple[Move, ...]) -> None:
        """A hint asked for now (kept only if none is in force)."""
        if self.in_force() is None:
            self.plan, self.next, self.ran_out = plan, 0, False

    def to(self, step: int, stop: threading.Event | None = None) -> None:
        """Go on to the game's `step`-th move."""
        while self.at < step:
            if self.at % STOP_EVERY == 0:
                check(stop)
            self.make(self.moves[self.at])

    def make(self, move: Move) -> None:
        step = self.in_force()
        self.state.apply(move)
        self.at += 1
        if step is None:
            return
        following = move == step and self.next + 1 < len(self.plan)
        if following and not self.state.is_over \
                and self.plan[self.next + 1] in self.state.legal_moves():
            self.next += 1
            return
        self.ran_out = move == step
        self.plan, self.next = (), 0


def clip(line: Sequence[Move], unit: Decision, seat: int) -> tuple[Move, ...]:
    """The part of a plan from the unit's start that the unit covers (an Action-phase stretch
    up to its Path step or a Two-pack; else the one move)."""
    if unit.kind != ACTION:
        return tuple(line[:1])
    state, out = unit.state.observe(seat), []
    for move in line:
        if state.is_over or move not in state.legal_moves():
            break
        state.apply(move)
        out.append(move)
        if unit_over(state, seat, ACTION, move):
            break
    return tuple(out)


def judge(unit: Decision, seat: int, stick: Yardstick, asker: Asker,
          following: Following | None = None, seed: int = 0,
          stop: threading.Event | None = None) -> Finding | None:
    """The finding for one decision: what the longer look's line gains over the person's
    (cost 0 and the person's own move when it gains nothing, or when it only might and the
    person did what the hint said). `following`: the hint in force, at the unit's start."""
    agent, advice = asker.ask(unit.state)
    view = canonical_view(unit.state, seat)  # the only look at the game: what seat saw
    if following is None:  # this decision alone: no hint in force before it
        following = Following(view.config, [])
        following.state = view.clone()
    following.take(advice.plan)
    played = tuple(unit.line)
    advised: list[Move | None] = []
    at_state = following.state.clone()
    states = []
    for i, move in enumerate(played):
        if i and following.in_force() is None and following.ran_out \
                and len(following.state.legal_moves()) > 1:
            following.take(asker.ask(following.state)[1].plan)  # the follower asks again
        advised.append(following.in_force())
        states.append(at_state)
        following.make(move)
        at_state = following.state.clone()
    longer = clip(look_longer(agent, view, seat, advice, LONGER, stop), unit, seat)
    check(stop)
    round_ = view.round
    where = unit.label if round_ else SETUP
    at = next((i for i, (a, b) in enumerate(zip(played, longer)) if a != b), None)
    if at is None:  # the longer look does what the person did
        return Finding(unit.step, round_, where, played[0], played[0], 0.0,
                       hint=advised[0], followed=advised[0] == played[0], race=stick.race)
    weighed = Judge(unit.state, unit.step, seat, stick, seed, stop).difference(longer,
                                                                        played) or {}
    hint = advised[at]
    followed = hint == played[at]
    cost, low = weighed.get("cost", 0.0), weighed.get("low", 0.0)
    if cost > 0 and hint is None:  # no hint in force there: the one asked for then
        hint = asker.ask(states[at])[1].move
        followed = hint == played[at]
    if cost <= 0 or (followed and low <= CLOSE_CALL):  # the person's choice stands
        return Finding(unit.step + at, round_, where, played[at], played[at], 0.0,
                       hint=hint, followed=followed, race=stick.race)
    cost, low, high, theirs, yours = (round(weighed[key], 3)
                                      for key in ("cost", "low", "high", "theirs", "yours"))
    return Finding(unit.step + at, round_, where, played[at], longer[at], cost, low, high,
                   int(weighed["samples"]), theirs, yours, hint, followed, stick.race)


def review(config: GameConfig, moves: Sequence[Move], seat: int, seed: int = 0,
           progress: Callable[[int, int], None] | None = None,
           stop: threading.Event | None = None,
           level: str | None = None) -> list[Finding]:
    """Every decision of `seat` judged (within the bounds: `to_judge`), dearest first (ties:
    earlier first), by the coach of `level` (the table's when None); stops early and returns
    what it found when `stop` is set."""
    found: list[Finding] = []
    try:
        units, _ = to_judge(config, moves, seat, stop)
        judge_all(config, moves, units, seat, found, seed, progress, stop, level)
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


def judge_all(config: GameConfig, moves: Sequence[Move], units: Sequence[Decision], seat: int,
              found: list[Finding], seed: int = 0,
              progress: Callable[[int, int], None] | None = None,
              stop: threading.Event | None = None, level: str | None = None) -> None:
    """Judge `units` (decisions of the game of `config` and `moves`) in order into `found`,
    with `progress(done, total)` after each; raises Stopped once `stop` is set (what was
    found so far stays in `found`)."""
    level = level or COACH_LEVEL
    stick = Yardstick(level, config.solo, seat, stop)
    asker = Asker(level, config, seat, stop)
    following = Following(config, moves)
    if progress is not None:
        progress(0, len(units))
    for done, unit in enumerate(units, 1):
        check(stop)
        following.to(unit.step, stop)
        finding = judge(unit, seat, stick, asker, following, seed, stop)
        if finding is not None:
            found.append(finding)
        if progress is not None:
            progress(done, len(units))


def worth_showing(findings: Sequence[Finding]) -> list[Finding]:
    """The few findings a person is shown, at most SHOWN, dearest first: those whose whole
    95% interval lies above THRESHOLD spaces (a cost the samples cannot tell from noise is
    not a finding)."""
    return [f for f in findings if f.cost > 0 and f.low >= THRESHOLD][:SHOWN]


def bench_game(seats: int, seed: int, level: str = "normal") -> tuple[GameConfig, list[Move]]:
    """A finished game to review: `level` agents at every seat (deterministic)."""
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
    parser.add_argument("--coach", default=COACH_LEVEL, help="the coach's level")
    args = parser.parse_args(argv)
    if not args.bench:
        parser.error("nothing to do: give --bench")
    for game in range(args.games):
        config, moves = bench_game(args.seats, 100 + game, args.player)
        units = sum(1 for _ in decisions(config, moves, 0))
        start, cpu = time.perf_counter(), time.process_time()
        findings = review(config, moves, 0, level=args.coach)
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
        top = ", ".join(f"{f.where} {f.cost:.2f}" for f in worth_showing(findings))
        print(f"game {game}: {units} decisions, {seconds:.1f} s ({cpu:.1f} s of CPU); "
              f"shown: {top or 'none'}", flush=True)


if __name__ == "__main__":
    main()
