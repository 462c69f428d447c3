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
"""

from __future__ import annotations

from typing import Any

from loyang_game.engine import GameState, Move, flow
from loyang_game.engine.moves import REGULAR, TWO_PACK
from loyang_game.engine.planning import planning_key
from loyang_game.engine.state import Decision

from .options import act_options, rollout_option, store_options
from .policy import default_move
from .search import kind_chance, planning

MOST_STEPS = 40  # a turn of the Action phase is far shorter; a bound against surprises


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
            choice = getattr(agent, "_path_choice", None)
            play(choice(view, seat)[0] if choice else default_move(view, moves))
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
