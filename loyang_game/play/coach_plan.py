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
from ..words import N_, _, decimal
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
        why, worse = "", 0.0
        value = serving.get(card)
        if value is not None and chosen is not None:
            worse = chosen - value
            why = "as good" if worse < 0.1 else "worse"
        elif not _can_serve(state, seat, card):
            why = "no way"
        clause = UNSERVED["red" if red.get(card) else "turns", why]
        out.append(_(clause, customer=CARDS[card].code, worse=decimal(worse)))
    return out


# A due customer the plan leaves unserved, one whole clause for each cost (its marker red:
# a penalty; else it turns red) and each reason beside it (none, serving it about as good,
# worse by so many spaces, no way to serve it this turn).
UNSERVED = {
    ("red", ""): N_("{customer} unserved: a 2-Cash penalty (its marker is red)"),
    ("red", "as good"): N_("{customer} unserved: a 2-Cash penalty (its marker is red), serving "
                           "it is about as good"),
    ("red", "worse"): N_("{customer} unserved: a 2-Cash penalty (its marker is red), serving it "
                         "comes out {worse} spaces worse"),
    ("red", "no way"): N_("{customer} unserved: a 2-Cash penalty (its marker is red), no way to "
                          "serve it this turn"),
    ("turns", ""): N_("{customer} unserved: its marker turns red"),
    ("turns", "as good"): N_("{customer} unserved: its marker turns red, serving it is about as "
                             "good"),
    ("turns", "worse"): N_("{customer} unserved: its marker turns red, serving it comes out "
                           "{worse} spaces worse"),
    ("turns", "no way"): N_("{customer} unserved: its marker turns red, no way to serve it this "
                            "turn"),
}


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
