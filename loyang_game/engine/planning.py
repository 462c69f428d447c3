"""What decides the rest of a seat's turn from one of its planning decisions.

A search that plans a whole turn (the AI's, the coach's) meets the same position by many
paths: trading Turnip then sowing, or sowing then trading. `planning_key(state, seat)` is the
key under which it may treat two positions as one. It is declared here, beside the state,
with the fields it leaves out and why, so that a field added to the state must be put on one
side or the other: `tests/engine/test_planning_key.py` holds these lists to the classes'
slots, and changes each keyed field to see the key change. A field missed here would silently
merge positions that differ.

A planning decision is one of a seat's own turn that no hidden card and no other player can
change until the turn ends: its own Action phase, or in the solo game the whole round
(`ai.turn.planning`). What stays the same all that time is left out.
"""

from __future__ import annotations

from . import helpers
from .state import CARDS_PHASE, PlayerState, State

# The game's fields in the key, and those left out with the reason.
STATE_KEYED = ("round", "phase", "step", "pending", "bought", "buy_limit", "harvest_passed",
               "offer", "players")
STATE_UNKEYED = {
    "_legal": "a cache of legal_moves()",
    "active": "the Card phase's Distribution round of a game with others: never planned",
    "config": "the same all game",
    "courtyard": "no planning decision can change it (solo has none; an Action phase takes "
                 "nothing from it)",
    "discard": "changed only by chance edges (a Two-pack) and other seats' turns",
    "draw": "hidden: what the search may not know, re-sampled at each chance edge",
    "events": "what the last move did, not the position",
    "flipped": "2 players' Card-phase flip: never planned",
    "history": "the way here, not the position",
    "opponent": "solo: the imaginary opponent changes only between rounds",
    "order": "the same all round",
    "partner": "chosen before the Action phase begins",
    "reshuffled": "solo: whether the draw pile was reshuffled, which only a draw (chance) does",
    "rng": "the deal's random state: chance, not a decision",
    "second_seat": "the same all round",
    "start_seat": "the same all round",
    "takers": "set in the Card phase of a game with others, never planned",
    "telling": "whether moves leave events: a property of the copy, not the position",
    "turn": "the same throughout a seat's own turn",
}
PLAYER_KEYED = ("cart", "cash", "shop", "stalls", "regulars", "casuals", "fields", "helpers",
                "effects", "two_pack_used", "upgraded", "loans", "done")
PLAYER_UNKEYED = {
    "hand": "changes only at chance edges (a Two-pack's draw) within a planning turn",
    "intro": "the Introductory game's card, played before any planning decision",
    "path": "moves only at the Path step, which ends the turn",
    "pile": "hidden: the pile of fields is re-sampled",
    "pile_known": "changed only with the Tenant-farmer's use, which the keyed helpers and "
                  "fields already tell apart",
    "pile_seen": "changed only with the Tenant-farmer's use (as pile_known)",
    "seat": "the key's own seat",
    "store": "filled only at the store decision that ends the turn; the same before it",
}
OTHERS_KEYED = ("cash", "stalls", "casuals", "regulars", "helpers")  # what a Helper may touch


def planning_key(s: State, seat: int) -> tuple[object, ...]:
    """Everything that decides the rest of `seat`'s turn from a planning decision (the fields
    named in STATE_KEYED, PLAYER_KEYED and, of the other seats, OTHERS_KEYED)."""
    p: PlayerState = s.players[seat]
    others = tuple((o.cash, tuple(o.stalls), tuple(o.casuals), tuple(o.regulars),
                    tuple(o.helpers)) for o in s.others(seat))
    # the solo Offer matters while buying from it, and to the Con man (who swaps with it)
    offer = tuple(s.offer) if s.phase == CARDS_PHASE or helpers.held(p, "Con man") else ()
    return (s.round, s.phase, s.step, tuple(s.pending), tuple(p.cart), p.cash, tuple(p.shop),
            tuple(p.stalls), tuple(p.regulars), tuple(p.casuals), tuple(p.fields),
            tuple(p.helpers), p.effects, p.two_pack_used, p.upgraded, p.loans, p.done,
            offer, tuple(s.bought), s.buy_limit, tuple(s.harvest_passed), others)
