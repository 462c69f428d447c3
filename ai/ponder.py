"""Thinking about a seat's Action phase before its turn comes (issue 46, item 5).

In an Action phase each seat plays its whole turn in the order of the round, and what one
seat can do hardly depends on the others' turns before it: only the lantern Helpers reach
across (and, with 4 players, only to the partner). So once the Card phase is over, an AI seat
can search its coming turn while the seats before it play, on a copy of the game in which
they end their turns at once (`turn_ahead`). When its turn comes, the plan is kept if
nothing it planned on changed (`holds`): the seat's own board, and the others' where its own
lantern Helper could reach them. Otherwise it thinks again, as it would have anyway.

What the early search cannot know: cards the seats before it reveal (a Two-pack of theirs)
and how far along the Path they end. The first only shifts which cards it imagines in the
draw pile at its own Two-pack; the second moves the rivalry term of the others' predicted
finish a little. Both are within the noise of a search on the clock. The deterministic mode
never thinks ahead: its moves are those it always made.
"""

from __future__ import annotations

import dataclasses

from loyang_game.engine import GameState, Move, flow
from loyang_game.engine.cards import CARDS, LANTERN_HELPERS, NONE
from loyang_game.engine.helpers.base import reachable
from loyang_game.engine.moves import ADVANCE, CLAIM, END, PARTNER, PASS, RETURN
from loyang_game.engine.planning import OTHERS_KEYED, planning_key
from loyang_game.engine.state import ACTIONS, Decision

MOST_STEPS = 200  # the seats before it end their turns in far fewer moves


@dataclasses.dataclass(frozen=True)
class Pondered:
    """A turn thought about ahead: the first move, the rest of the plan, and the budget the
    search used (its iterations and seconds), which the Action phase's budget counts."""

    move: Move
    plan: tuple[Move, ...]
    iterations: int
    seconds: float


def turn_ahead(state: GameState, seat: int) -> GameState | None:
    """What `seat` sees of the game at the start of its coming Action-phase turn, if the
    seats before it ended theirs at once; None unless that turn is still to come in this
    Action phase (the Card phase not over, its turn begun or past, someone's choice that
    cannot be passed over)."""
    if state.phase != ACTIONS or state.is_over or not _ahead(state, seat):
        return None
    view = state.observe(seat)
    for _ in range(MOST_STEPS):
        if view.phase != ACTIONS or view.is_over or view.round != state.round:
            return None
        if view.current_player == seat:
            return view if _turn_starts(view, seat) else None
        move = _passing(view)
        if move is None:
            return None
        view.apply(move)
    return None


def holds(planned: GameState, now: GameState, seat: int) -> bool:
    """Does a turn planned in `planned` still hold in `now`, `seat`'s view at its turn? The
    same board of its own; with a lantern Helper in hand, the same partner and the same
    boards of the players it may reach (with 4 players only the partner, RULINGS R5)."""
    if not _turn_starts(now, seat) or not _turn_starts(planned, seat):
        return False
    own_then = planning_key(planned, seat)[:-1]  # the others' part comes last: see below
    if own_then != planning_key(now, seat)[:-1]:
        return False
    if not reaches(now, seat):
        return True
    return planned.partner == now.partner and _reached(planned, seat) == _reached(now, seat)


def reaches(state: GameState, seat: int) -> bool:
    """Does `seat` hold a lantern Helper (one that acts on another player)?"""
    return any(CARDS[slot.card].name in LANTERN_HELPERS for slot in state.players[seat].helpers)


def _reached(s: GameState, seat: int) -> tuple[object, ...]:
    """What `seat`'s lantern Helpers may touch of the players they may reach."""
    return tuple((o.seat, *(tuple(getattr(o, name)) if name != "cash" else o.cash
                            for name in OTHERS_KEYED))
                 for o in reachable(s, s.players[seat]))


def _turn_starts(s: GameState, seat: int) -> bool:
    """Is `seat` at the start of its Action-phase turn's planning (a decision of its own
    with nothing pending)?"""
    return (s.phase == ACTIONS and not s.is_over and s.current_player == seat
            and s.order[s.turn] == seat and not s.pending
            and flow.decision(s) == Decision.ACT)


def _ahead(s: GameState, seat: int) -> bool:
    """Is `seat`'s turn still to come in this Action phase (after the current seat's)?"""
    return seat in s.order[s.turn + 1:]


def _passing(s: GameState) -> Move | None:
    """The current seat's move that ends its part at once: end the turn, walk no step,
    claim nothing, pass, return a vegetable over the Storehouse's room, name the first
    partner; None if none of those is offered."""
    moves = s.legal_moves()
    for wanted in (Move(END), Move(ADVANCE, 0), Move(CLAIM, NONE), Move(PASS)):
        if wanted in moves:
            return wanted
    for kind in (RETURN, PARTNER):
        chosen = next((m for m in moves if m.kind == kind), None)
        if chosen is not None:
            return chosen
    return None
