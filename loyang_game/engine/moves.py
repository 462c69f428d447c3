"""Moves: small immutable values, one per decision a player can make.

A move names cards by id and vegetables by index, never by position in a list, so it still
means the same thing in a clone, in a replay and in a save. `to_data()`/`from_data()` give the
plain form stored in save files; the game log's line for a move is
`loyang_game.text.log.describe_move`.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, NamedTuple

from .cards import NONE as NONE  # re-exported: a move's unused arguments are NONE


class MoveKind(StrEnum):
    """Kinds of move; the values are what save files store."""

    # Setup and Card phase:
    HOME = "home"  # a: vegetable bought and sown on the Home field
    PLACE = "place"  # a: hand card put into the Courtyard
    TAKE = "take"  # a: Courtyard card (or NONE), b: hand card (or the Introductory customer)
    FLIP = "flip"  # 2 players: turn the top card of the draw pile into the Courtyard
    PARTNER = "partner"  # 4 players: a: seat the starting player partners
    # Action phase (actions A-H of the rulebook) and its end:
    SOW = "sow"  # A. a: field card, b: vegetable
    BUY = "buy"  # B. a: vegetable
    SELL = "sell"  # C. a: vegetable
    TRADE = "trade"  # D. a: stall card, b: offer index, c/d: vegetables traded in (d NONE)
    DISCARD = "discard"  # E. a: Helper card discarded unused
    REGULAR = "regular"  # F. a: Regular customer card (b 2: the Messenger-boy's double)
    CASUAL = "casual"  # G. a: Casual customer card
    TWO_PACK = "twopack"  # H.
    KEEP = "keep"  # a: top card kept (or NONE), b: card kept under it (or NONE)
    LOAN = "loan"
    UPGRADE = "upgrade"  # the Storehouse
    END = "end"  # end the Action phase
    RETURN = "return"  # storing: a: vegetable returned to the supply
    ADVANCE = "advance"  # a: spaces walked on the Path (0: none)
    # Helpers (see helpers/): using one, and the decisions some of them open.
    USE = "use"  # a: Helper card, b-e: its option and targets (helpers/ says which)
    CLAIM = "claim"  # the Foreman's owner: a: the Helper just discarded (or NONE: let it go)
    SHOP = "shop"  # the Book-keeper: a: vegetable, b: how many of its Shop spaces are filled
    PASS = "pass"  # the Harvest phase: do not use a Harvest helper (now)
    # The solo game's Card phase.
    OFFER = "offer"  # a: card bought from the Offer
    DONE = "done"  # buy no more cards this Card phase


# The kinds by their short names, as the rules and their clients spell them.
(HOME, PLACE, TAKE, FLIP, PARTNER, SOW, BUY, SELL, TRADE, DISCARD, REGULAR, CASUAL, TWO_PACK,
 KEEP, LOAN, UPGRADE, END, RETURN, ADVANCE, USE, CLAIM, SHOP, PASS, OFFER, DONE) = MoveKind
KINDS = tuple(MoveKind)
_KIND_VALUES = frozenset(MoveKind)


class Move(NamedTuple):
    """One decision. Equality and hashing are by value."""

    kind: MoveKind
    a: int = NONE
    b: int = NONE
    c: int = NONE
    d: int = NONE
    e: int = NONE

    def to_data(self) -> list[Any]:
        """Plain data for saves: the kind then the arguments in use."""
        args = [self.a, self.b, self.c, self.d, self.e]
        while args and args[-1] == NONE:
            args.pop()
        return [str(self.kind), *args]

    @classmethod
    def from_data(cls, data: object) -> Move:
        """The inverse of `to_data`; raises ValueError on anything malformed."""
        if not isinstance(data, (list, tuple)) or not 1 <= len(data) <= 6:
            raise ValueError(f"a move is a list of 1 to 6 items, not {data!r:.60}")
        kind, *args = data
        if not isinstance(kind, str) or kind not in KINDS:
            raise ValueError(f"unknown move kind {kind!r:.30}")
        for arg in args:
            if type(arg) is not int or not NONE <= arg < 1000:
                raise ValueError(f"move argument {arg!r:.30} is not a small whole number")
        return cls(MoveKind(kind), *args)

    @property
    def is_well_formed(self) -> bool:
        """A known kind and whole-number choices (not a float, a bool or anything else that
        merely compares equal to one). Spelled out: it is checked on every `apply`."""
        kind, a, b, c, d, e = self
        return (type(self) is Move and type(a) is int and type(b) is int and type(c) is int
                and type(d) is int and type(e) is int and isinstance(kind, str)
                and kind in _KIND_VALUES)

