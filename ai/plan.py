"""The whole plan behind a move (issue 34), read out of the search that chose it, beside the
agent (the thinker's side), so that the coach explains a hint from plain data.

The MCTS agent thinks about its own Action phase in *options* (short plans such as "serve R9,
trading for the Leek") and keeps a node for every board of the turn it looked at, each
backing up the best completion found below it. From the move on, the plan is: the rest of
the option the move began, then at each board of the turn the option its node rates best
(or, where the best the node knows is a plain rule-of-thumb finish, that finish), up to the
end of the turn (the Path step included), or up to a Two-pack, whose cards nobody can
foresee. Everything is played on the seat's own view of the game (`observe`), never on what
it cannot see. The search is read through its protocol (`searcher.Searcher`): the rest of the
option from its result (`Searched.plan`), the option it rates at each board
(`planned_option`), the Path step it takes (`path_step`).

The hint and the review ask the same question the same way (issue 46, "one voice"): `advise`
is the coach's answer at a decision (a fresh agent of the coach's level, seeded by
`coach_seed`, so the answer depends on the decision alone, never on what was asked before),
the thinker gives it as the hint, and the review asks it again, deterministically, at each
decision it judges. `look_longer` carries that very search on for more iterations: the
review's longer look, with the same evaluation, the same options and the same plan building.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable, Sequence

from loyang_game.engine import GameConfig, GameState, Move, flow
from loyang_game.engine.moves import REGULAR, TWO_PACK
from loyang_game.engine.state import Decision

from .agents import make_agent
from .checking import PlayOns
from .options import store_options
from .policy import default_move
from .rule_of_thumb import rollout_act
from .searcher import Searched, Searcher, Tried
from .turn import kind_chance, planning

MOST_STEPS = 40  # a turn of the Action phase is far shorter; a bound against surprises
# Path spaces: choices nearer than this are "about as good" (the hint's words), so the review
# never charges a move the hint gave for less than this (its whole interval must clear it).
CLOSE_CALL = 0.1


def whole_plan(searcher: Searcher, state: GameState, seat: int, move: Move,
               pending: Sequence[Move]) -> list[Move]:
    """The steps of `seat`'s plan for the rest of this phase's turn, `move` first (then
    `pending`, the rest of the option it begins), each legal after the ones before it on
    `seat`'s view of `state`, as `searcher` (which just chose `move`) plans the turn."""
    view = state.observe(seat)  # a clone: a GameState, as `state` is
    phase, round_ = view.phase, view.round
    steps: list[Move] = []

    def play(m: Move) -> bool:
        if view.is_over or m not in view.legal_moves():
            return False
        view.apply(m)
        steps.append(m)
        return True

    if not play(move):
        return []
    if move.kind == TWO_PACK:
        return steps
    for m in pending:
        if not play(m) or m.kind == TWO_PACK:
            return steps
    for _ in range(MOST_STEPS):
        if (view.is_over or view.current_player != seat or view.phase != phase
                or view.round != round_):
            break
        decision = flow.decision(view)
        moves = view.legal_moves()
        if decision == Decision.PATH:
            play(searcher.path_step(view, seat))
            break
        if len(moves) == 1:
            play(moves[0])
            continue
        if not planning(view, seat):
            break  # a decision the search did not plan ahead (another seat's turn comes)
        option = _best_option(searcher, view, seat, decision)
        if not option or not all(play(m) for m in option) or kind_chance(option):
            break
    return steps


def _best_option(searcher: Searcher, view: GameState, seat: int,
                 decision: str) -> tuple[Move, ...]:
    """The option the search's node for this board rates best; its rule-of-thumb finish
    where that is the best the node knows (or the node was never reached)."""
    option = searcher.planned_option(view, seat)
    if option is not None:
        return tuple(option)
    if decision == Decision.ACT:
        return tuple(rollout_act(view, seat))
    if decision == Decision.STORE:
        return tuple(store_options(view, seat)[0])
    return (default_move(view),)


def serving_values(tried: Sequence[Tried]) -> dict[int, float]:
    """Per Regular customer, the best value a search found for a first option serving it
    (what serving it instead would have been worth), from its root's statistics."""
    out: dict[int, float] = {}
    for t in tried:
        for m in t.option:
            if m.kind == REGULAR:
                out[m.a] = max(out.get(m.a, -1e18), t.value)
    return out


def coach_seed(config: GameConfig, seat: int) -> int:
    """The seed of the coach's search for `seat` in a game of `config` (the hint's and the
    review's)."""
    return config.seed + seat


@dataclasses.dataclass(frozen=True)
class Advice:
    """The coach's answer at a decision: the move, the whole plan it begins, the search's
    value after each first move it tried (best first), per Regular customer the best value of
    a first option serving it, whether the values are a race against the others (else the
    seat's own position), and the iterations it searched."""

    move: Move
    plan: tuple[Move, ...]
    estimates: tuple[tuple[Move, float], ...]
    serving: tuple[tuple[int, float], ...]
    racing: bool
    iterations: int


def coach_agent(level: str, seed: int, deterministic: bool) -> Searcher:
    """A fresh agent for one question to the coach: nothing of an earlier hint carries over
    (its random state, a plan, a table), so the answer is a function of the decision."""
    return make_agent(level, seed, deterministic)


def explained(searcher: Searcher, searched: Searched, state: GameState, seat: int,
              iterations: int) -> Advice:
    """The advice behind `searched`, which `searcher` just found for `seat` in `state`."""
    move = searched.move
    return Advice(move, tuple(whole_plan(searcher, state, seat, move, searched.plan)),
                  searched.estimates, tuple(serving_values(searched.tried).items()),
                  searched.racing, iterations)


def advise(level: str, seed: int, state: GameState, seat: int,
           stop: threading.Event | None = None, deterministic: bool = True,
           progress: Callable[[int, Move | None], None] | None = None,
           kept: PlayOns | None = None) -> tuple[Searcher, Advice] | None:
    """The coach's answer for `seat`'s decision in `state` (what the seat sees of it: the
    agent looks only through `observe`), and the agent that found it (its search kept, for
    `look_longer`); None once `stop` is set. `kept` (counting iterations only): keep the
    checks a round further for `look_longer` (the same answer)."""
    searcher = coach_agent(level, seed, deterministic)
    if kept is not None and deterministic:
        searcher.keep_checks(kept)
    done = 0

    def counted(iterations: int, best: Move | None) -> None:
        nonlocal done
        done = iterations
        if progress is not None:
            progress(iterations, best)

    searched = searcher.search(state.clone(), seat, stop, counted)
    if stop is not None and stop.is_set():
        return None
    return searcher, explained(searcher, searched, state, seat, done)


def look_longer(searcher: Searcher, state: GameState, seat: int, advice: Advice,
                longer: float, stop: threading.Event | None = None) -> tuple[Move, ...]:
    """The plan `searcher`'s search settles on when it carries on from where it gave `advice`
    for `longer` times as many iterations again (`Searcher.search_on`): its pick, checked a
    round further as it checks its picks (solo; with `advise`'s `kept`, on the sample the
    hint's pick was checked on), and its plan read out as the hint's was. The advice's own
    plan where nothing was searched (one legal move, a Path step: the evaluation knows it)."""
    extra = int(advice.iterations * longer)
    searched = searcher.search_on(state, seat, extra, stop) if extra > 0 else None
    if searched is None:
        return advice.plan
    return tuple(whole_plan(searcher, state, seat, searched.move, searched.plan))
