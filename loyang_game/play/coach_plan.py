"""What a hint's plan accepts leaving undone (issue 34): a due customer left unserved, with
what that costs and what serving it instead would have been worth by the search's own
estimates. The plan itself is read out of the search beside it (`ai.plan`, on the thinker's
side) and comes here as plain data with the values it was chosen on (`ai.thinker.Result`).
"""

from __future__ import annotations

from ai.options import act_options
from ai.view import canonical_view

from ..engine import GameState, Move, flow
from ..engine.cards import CARDS
from ..engine.moves import END, REGULAR
from ..engine.state import ACTIONS, CARD, RED, Decision
from ..text.moves import move_words
from .commands import due_unserved


def accepted(state: GameState, seat: int, steps: list[Move], estimates: dict[Move, float],
             serving: dict[int, float]) -> list[str]:
    """What the plan accepts leaving undone, and why, one clause each: "R9 unserved: its
    marker turns red, serving it comes out 0.6 spaces worse". `estimates`: the search's value
    after each first move; `serving`: per Regular customer, its best for a first option
    serving it."""
    if not steps or state.phase != ACTIONS or not any(m.kind == END for m in steps):
        return []  # only a plan that ends the Action phase leaves a customer unserved
    view = canonical_view(state, seat)
    for m in steps:
        view.apply(m)
    ends = view.is_over or view.current_player != seat or view.phase != state.phase
    left = due_unserved(view, seat) if not ends else _unserved_at_end(state, seat, steps)
    if not left:
        return []
    chosen = estimates.get(steps[0])
    out = []
    player = state.players[seat]
    red = {slot[CARD]: slot[RED] for slot in player.regulars}
    for card in left:
        name = CARDS[card].name.removeprefix("Regular customer ")
        cost = ("a 2-Cash penalty (its marker is red)" if red.get(card)
                else "its marker turns red")
        why = ""
        value = serving.get(card)
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
    view = canonical_view(state, seat)
    for m in steps[:-1]:
        view.apply(m)
    if view.current_player != seat:
        return []
    return due_unserved(view, seat)


def _can_serve(state: GameState, seat: int, card: int) -> bool:
    view = canonical_view(state, seat)
    if flow.decision(view) != Decision.ACT:
        return False
    return any(m.kind == REGULAR and m.a == card
               for option, _kind, _score in act_options(view, seat) for m in option)


def describe_steps(state: GameState, seat: int, steps: list[Move], names,
                   advice: bool = False) -> list[str]:
    """Each step in a player's words (`describe_move`: a move's line needs no board)."""
    return [move_words(m, names, advice) for m in steps]
