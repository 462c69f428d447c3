"""All 20 Helpers (22 cards), each a small class beside its card text.

The phase rules ask this package what the Helpers offer in each window ([1] Harvest,
[2] Card phase, [3] Action phase, as in the Helper Reference) and hand it the moves to carry
out. Helpers that are activated for the rest of an Action phase leave an effect on the player
(`PlayerState.effects`) that the action rules consult.
"""

from __future__ import annotations

from ..cards import CARDS, HELPER
from ..moves import Move
from ..state import ACTIONS, PlayerState, State, held
from . import cards, customers, fields, market, shop  # noqa: F401  (registers the Helpers)
from .base import HELPER_KINDS, REGISTRY, helper_for, use, use_up
from .cards import apply_claim, drop_stale_claim, legal_claim
from .customers import turn_all_blue
from .fields import harvest_window_moves
from .market import stall_trades
from .shop import apply_shop, legal_shop

__all__ = [
    "HELPER_KINDS", "REGISTRY", "action_moves", "apply_claim", "apply_shop", "apply_use",
    "drop_stale_claim", "harvest_window_moves", "held", "legal_claim", "legal_shop",
    "pay_moves", "squire_moves", "squire_take", "stall_trades", "turn_all_blue", "use", "use_up",
]

assert set(REGISTRY) == set(HELPER_KINDS), "every Helper kind needs its class"
_squire = REGISTRY["Squire"]
assert isinstance(_squire, cards.Squire)  # its Card-phase takes are its own methods
_SQUIRE: cards.Squire = _squire
_BOOK_KEEPER = REGISTRY["Book-keeper"]
# The Helpers that work in the Action phase, by card id: asked of every Helper in play in
# every Action-phase `legal_moves`.
_IN_ACTIONS = {card.id: REGISTRY[card.name] for card in CARDS
               if card.kind == HELPER and 3 in REGISTRY[card.name].phases}


def action_moves(s: State, p: PlayerState) -> list[Move]:
    """What `p`'s uncovered Helpers offer in `p`'s Action phase."""
    moves: list[Move] = []
    for slot in p.helpers:
        helper = _IN_ACTIONS.get(slot.card)
        if helper is not None:
            moves.extend(helper.moves(s, p, slot.card))
    return moves


def pay_moves(s: State, p: PlayerState) -> list[Move]:
    """Helpers `p` may use while raising money to pay ("sell ..., use Helpers, or take out a
    Loan": rulebook, Card phase and actions F and H). In `p`'s own Action phase every
    Action-phase Helper; otherwise the Card phase, where only the Book-keeper works (and only
    to finance a field, which is the only payment there)."""
    if s.phase == ACTIONS and s.turn < len(s.order) and s.order[s.turn] == p.seat:
        return action_moves(s, p)
    moves: list[Move] = []
    for slot in p.helpers:
        if helper_for(slot.card) is _BOOK_KEEPER:
            moves.extend(_BOOK_KEEPER.moves(s, p, slot.card))
    return moves


def squire_moves(s: State, p: PlayerState, playable: list[int]) -> list[Move]:
    return _SQUIRE.card_phase_moves(s, p, playable)


def squire_take(s: State, p: PlayerState, move: Move) -> int:
    return _SQUIRE.take(s, p, move)


def apply_use(s: State, p: PlayerState, move: Move) -> None:
    helper_for(move.a).apply(s, p, move)
