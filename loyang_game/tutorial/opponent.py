"""The tutorial's opponent: a small rule-following farmer whose every move is fixed by the
position alone (no search, no dice), so the guided game is the same on every machine and in
every test. It plays sensibly enough to be a fair neighbour at the table: it serves its
customers when its Cart allows, sows empty fields, walks the Path as far as its Cash goes,
and never buys a Two-pack (the draw pile stays as the tutorial's deal needs it)."""

from __future__ import annotations

from ..engine import GameState, Move, flow
from ..engine.cards import CARDS, HELPER, REGULAR, STALL
from ..engine.moves import (
    ADVANCE,
    CASUAL,
    END,
    HOME,
    KEEP,
    LOAN,
    PASS,
    PLACE,
    RETURN,
    SELL,
    SOW,
    TAKE,
)
from ..engine.moves import (
    REGULAR as SERVE,
)
from ..engine.state import Decision

# The kinds of card it likes best to play (a lower number is liked more).
LIKING = {STALL: 0, REGULAR: 1, HELPER: 3}


def _liked(card: int) -> int:
    return LIKING.get(CARDS[card].kind, 2)


def choose(state: GameState) -> Move:
    """The opponent's move in `state` (its decision): always one of `legal_moves()`."""
    moves = state.legal_moves()
    decision = flow.decision(state)
    kinds = {m.kind for m in moves}
    p = state.players[state.to_move]

    def first(kind, key=None):
        found = [m for m in moves if m.kind == kind]
        if not found:
            return None
        return min(found, key=key) if key else found[0]

    if decision == Decision.HOME:
        return max((m for m in moves if m.kind == HOME), key=lambda m: m.a)  # a Turnip farm
    if decision == Decision.CARDS:
        take = first(TAKE, key=lambda m: (_liked(m.a) + _liked(m.b) if m.a >= 0 else 9, m))
        if take is not None and (len(p.hand) <= 2 or PLACE not in kinds):
            return take
        place = first(PLACE, key=lambda m: (-_liked(m.a), m.a))
        return place or take or moves[0]
    if decision == Decision.ACT:
        for kind in (SERVE, CASUAL, SOW):
            move = first(kind)
            if move is not None:
                return move
        return first(END) or moves[0]
    if decision == Decision.STORE:
        return first(SELL) or first(RETURN) or moves[0]
    if decision == Decision.PATH:
        walks = [m for m in moves if m.kind == ADVANCE]
        return max(walks, key=lambda m: m.a) if walks else moves[0]
    if decision == Decision.KEEP:
        return Move(KEEP) if Move(KEEP) in moves else moves[0]
    if decision == Decision.HARVEST:
        return first(PASS) or moves[0]
    # Raising money, or anything else: sell first, a Loan only when nothing else will do.
    return first(SELL) or next((m for m in moves if m.kind != LOAN), moves[0])
