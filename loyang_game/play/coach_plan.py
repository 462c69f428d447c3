"""The whole plan behind a hint (issue 34): the search that found the hint's move has planned
the rest of the seat's turn as well, and this reads that plan out of it.

The MCTS agent thinks about its own Action phase in *options* (short plans such as "serve R9,
trading for the Leek") and keeps a node for every board of the turn it looked at, each
backing up the best completion found below it. From the hint's move on, the plan is: the
rest of the option the move began, then at each board of the turn the option its node rates
best (or, where the best the node knows is a plain rule-of-thumb finish, that finish), up to
the end of the turn (the Path step included), or up to a Two-pack, whose cards nobody can
foresee. Everything is played on the seat's own view of the game (`observe`), never on what
it cannot see.

`accepted` says what the plan leaves undone that a player may wonder about: a due customer
left unserved, with what that costs and what serving it instead would have been worth by the
search's own estimates.
"""

from __future__ import annotations

from ai.options import act_options, rollout_option, store_options
from ai.policy import default_move
from ai.search import kind_chance, planning, state_key

from ..engine import GameState, Move, flow
from ..engine.cards import CARDS
from ..engine.moves import END, REGULAR, TWO_PACK
from ..engine.state import ACTIONS, CARD, RED, Decision
from ..text.log import describe_move
from .commands import due_unserved

MOST_STEPS = 40  # a turn of the Action phase is far shorter; a bound against surprises


def whole_plan(agent, state: GameState, seat: int, move: Move) -> list[Move]:
    """The steps of `seat`'s plan for the rest of this phase's turn, `move` first, each legal
    after the ones before it on `seat`'s view of `state`."""
    view = state.observe(seat)
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


def _best_option(agent, view, seat: int, decision: str) -> tuple[Move, ...]:
    """The option the search's node for this board rates best; its rule-of-thumb finish
    where that is the best the node knows (or the node was never reached)."""
    node = getattr(agent, "table", {}).get(state_key(view, seat))
    option = node.best_option() if node is not None else None
    if option is not None and node.q(node.edges[option]) + 1e-9 >= node.floor:
        return option
    if decision == Decision.ACT:
        return rollout_option(act_options(view, seat))
    if decision == Decision.STORE:
        return store_options(view, seat)[0]
    return (default_move(view),)


def accepted(agent, state: GameState, seat: int, steps: list[Move]) -> list[str]:
    """What the plan accepts leaving undone, and why, one clause each: "R9 unserved: its
    marker turns red, serving it comes out 0.6 spaces worse"."""
    if not steps or state.phase != ACTIONS or not any(m.kind == END for m in steps):
        return []  # only a plan that ends the Action phase leaves a customer unserved
    view = state.observe(seat)
    for m in steps:
        view.apply(m)
    ends = view.is_over or view.current_player != seat or view.phase != state.phase
    left = due_unserved(view, seat) if not ends else _unserved_at_end(state, seat, steps)
    if not left:
        return []
    served_value = _serving_values(agent)
    chosen = dict(agent.estimates()).get(steps[0]) if hasattr(agent, "estimates") else None
    out = []
    player = state.players[seat]
    red = {slot[CARD]: slot[RED] for slot in player.regulars}
    for card in left:
        name = CARDS[card].name.removeprefix("Regular customer ")
        cost = ("a 2-Cash penalty (its marker is red)" if red.get(card)
                else "its marker turns red")
        why = ""
        value = served_value.get(card)
        if value is not None and chosen is not None:
            worse = chosen - value
            why = (", serving it is about as good" if worse < 0.1 else
                   f", serving it comes out {worse:.1f} spaces worse")
        elif not _can_serve(state, seat, card):
            why = ", no way to serve it this turn"
        out.append(f"{name} unserved: {cost}{why}")
    return out


def _unserved_at_end(state: GameState, seat: int, steps: list[Move]) -> list[int]:
    """The due customers still unserved just before the plan's last step ends the turn."""
    view = state.observe(seat)
    for m in steps[:-1]:
        view.apply(m)
    if view.current_player != seat:
        return []
    return due_unserved(view, seat)


def _serving_values(agent) -> dict[int, float]:
    """Per Regular customer, the best value the search found for a first option serving it."""
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


def _can_serve(state: GameState, seat: int, card: int) -> bool:
    view = state.observe(seat)
    if flow.decision(view) != Decision.ACT:
        return False
    return any(m.kind == REGULAR and m.a == card
               for option, _kind, _score in act_options(view, seat) for m in option)


def describe_steps(state: GameState, seat: int, steps: list[Move], names) -> list[str]:
    """Each step in a player's words (`describe_move`: a move's line needs no board)."""
    return [describe_move(m, names) for m in steps]
