"""The whole plan behind a move (issue 34), read out of the search that chose it, beside the
agent (the thinker's side), so that the coach explains a hint from plain data.

The MCTS agent thinks about its own Action phase in *options* (short plans such as "serve R9,
trading for the Leek") and keeps a node for every board of the turn it looked at, each
backing up the best completion found below it. From the move on, the plan is: the rest of
the option the move began, then at each board of the turn the option its node rates best
(or, where the best the node knows is a plain rule-of-thumb finish, that finish), up to the
end of the turn (the Path step included), or up to a Two-pack, whose cards nobody can
foresee. Everything is played on the seat's own view of the game (`observe`), never on what
it cannot see.

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
from collections.abc import Callable
from typing import Any

from loyang_game.engine import GameConfig, GameState, Move, flow
from loyang_game.engine.moves import REGULAR, TWO_PACK
from loyang_game.engine.planning import planning_key
from loyang_game.engine.state import ACTIONS, Decision

from . import checking
from .agents import make_agent
from .checking import PlayOns
from .options import act_options, rollout_option, store_options
from .policy import default_move
from .search import MCTSAgent
from .turn import kind_chance, planning
from .view import canonical_view

MOST_STEPS = 40  # a turn of the Action phase is far shorter; a bound against surprises
# Path spaces: choices nearer than this are "about as good" (the hint's words), so the review
# never charges a move the hint gave for less than this (its whole interval must clear it).
CLOSE_CALL = 0.1


def whole_plan(agent: Any, state: GameState, seat: int, move: Move) -> list[Move]:
    """The steps of `seat`'s plan for the rest of this phase's turn, `move` first, each legal
    after the ones before it on `seat`'s view of `state`."""
    view = state.observe(seat)  # a clone: a GameState, as `state` is
    phase, round_ = view.phase, view.round
    pending = list(getattr(agent, "plan", []) or [])
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
            searcher = agent if isinstance(agent, MCTSAgent) else None
            play(searcher.leaves.path_choice(view, seat)[0] if searcher
                 else default_move(view, moves))
            break
        if len(moves) == 1:
            play(moves[0])
            continue
        if not planning(view, seat):
            break  # a decision the search did not plan ahead (another seat's turn comes)
        option = _best_option(agent, view, seat, decision)
        if not option or not all(play(m) for m in option) or kind_chance(option):
            break
    return steps


def _best_option(agent: Any, view: GameState, seat: int, decision: str) -> tuple[Move, ...]:
    """The option the search's node for this board rates best; its rule-of-thumb finish
    where that is the best the node knows (or the node was never reached)."""
    node = getattr(agent, "table", {}).get(planning_key(view, seat))
    if node is not None:
        option = node.best_option()
        if option is not None and node.q(node.edges[option]) + 1e-9 >= node.floor:
            return tuple(option)
    if decision == Decision.ACT:
        return tuple(rollout_option(act_options(view, seat)))
    if decision == Decision.STORE:
        return tuple(store_options(view, seat)[0])
    return (default_move(view),)


def serving_values(agent: Any) -> dict[int, float]:
    """Per Regular customer, the best value the last search found for a first option serving
    it (what serving it instead would have been worth)."""
    root = getattr(agent, "last_root", None)
    if root is None:
        return {}
    out: dict[int, float] = {}
    for option, edge in root.edges.items():
        if not edge.visits:
            continue
        for m in option:
            if m.kind == REGULAR:
                out[m.a] = max(out.get(m.a, -1e18), root.q(edge))
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


def coach_agent(level: str, seed: int, deterministic: bool) -> Any:
    """A fresh agent for one question to the coach: nothing of an earlier hint carries over
    (its random state, a plan, a table), so the answer is a function of the decision."""
    return make_agent(level, seed, deterministic)


def explained(agent: Any, state: GameState, seat: int, move: Move, iterations: int) -> Advice:
    """The advice behind `move`, which `agent` just chose for `seat` in `state`."""
    estimates = agent.estimates() if hasattr(agent, "estimates") else []
    rivalry = getattr(getattr(agent, "level", None), "rivalry", 0)
    return Advice(move, tuple(whole_plan(agent, state, seat, move)), tuple(estimates),
                  tuple(serving_values(agent).items()),
                  state.config.seats > 1 and rivalry > 0, iterations)


def advise(level: str, seed: int, state: GameState, seat: int,
           stop: threading.Event | None = None, deterministic: bool = True,
           progress: Callable[[int, Move | None], None] | None = None,
           kept: PlayOns | None = None) -> tuple[Any, Advice] | None:
    """The coach's answer for `seat`'s decision in `state` (what the seat sees of it: the
    agent looks only through `observe`), and the agent that found it (its search kept, for
    `look_longer`); None once `stop` is set. `kept` (counting iterations only): keep the
    checks a round further for `look_longer` (the same answer)."""
    agent = coach_agent(level, seed, deterministic)
    if kept is not None and deterministic and isinstance(agent, MCTSAgent):
        agent.keep_checks(kept)
    done = 0

    def counted(iterations: int, best: Move | None) -> None:
        nonlocal done
        done = iterations
        if progress is not None:
            progress(iterations, best)

    choose = getattr(agent, "choose_interruptible", None)
    if choose is not None:
        move = choose(state.clone(), stop=stop, progress=counted, seat=seat)
    else:
        move = agent.choose(state.clone())
    if stop is not None and stop.is_set():
        return None
    return agent, explained(agent, state, seat, move, done)


def look_longer(agent: Any, state: GameState, seat: int, advice: Advice, longer: float,
                stop: threading.Event | None = None) -> tuple[Move, ...]:
    """The plan `agent`'s search settles on when it carries on from where it gave `advice`
    for `longer` times as many iterations again: its pick, checked a round further as it
    checks its picks (solo; with `advise`'s `kept`, on the sample the hint's pick was
    checked on), and its plan read out as the hint's was. The advice's own plan where
    nothing was searched (one legal move, a Path step: the evaluation knows it)."""
    root = getattr(agent, "last_root", None)
    extra = int(advice.iterations * longer)
    if root is None or extra <= 0 or not hasattr(agent, "_search"):
        return advice.plan
    view = canonical_view(state, seat)
    agent._search(view, seat, root, extra, 0.0, stop, None, view.phase == ACTIONS)
    option = agent._pick(root, view, seat)
    if agent.level.verify and view.config.solo:
        option = checking.verified(agent, root, view, seat, option, stop, float("inf"))
    agent.plan = list(option[1:])
    agent.last_root = root
    return tuple(whole_plan(agent, state, seat, option[0]))
