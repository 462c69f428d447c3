"""Moves: small immutable values, one per decision a player can make.

A move names cards by id and vegetables by index, never by position in a list, so it still
means the same thing in a clone, in a replay and in a save. `describe()` gives the game-log
line; `to_data()`/`from_data()` give the plain form stored in save files.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .cards import CARDS, VEG_NAMES

NONE = -1

# Kinds of move. Setup and Card phase:
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
REGULAR = "regular"  # F. a: Regular customer card
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

KINDS = (HOME, PLACE, TAKE, FLIP, PARTNER, SOW, BUY, SELL, TRADE, DISCARD, REGULAR, CASUAL,
         TWO_PACK, KEEP, LOAN, UPGRADE, END, RETURN, ADVANCE, USE, CLAIM, SHOP, PASS, OFFER, DONE)


class Move(NamedTuple):
    """One decision. Equality and hashing are by value."""

    kind: str
    a: int = NONE
    b: int = NONE
    c: int = NONE
    d: int = NONE
    e: int = NONE

    def to_data(self) -> list:
        """Plain data for saves: the kind then the arguments in use."""
        args = [self.a, self.b, self.c, self.d, self.e]
        while args and args[-1] == NONE:
            args.pop()
        return [self.kind, *args]

    @classmethod
    def from_data(cls, data: object) -> Move:
        """The inverse of `to_data`; raises ValueError on anything malformed."""
        if not isinstance(data, (list, tuple)) or not 1 <= len(data) <= 6:
            raise ValueError(f"a move is a list of 1 to 6 items, not {data!r:.60}")
        kind, *args = data
        if kind not in KINDS:
            raise ValueError(f"unknown move kind {kind!r:.30}")
        for arg in args:
            if type(arg) is not int or not NONE <= arg < 1000:
                raise ValueError(f"move argument {arg!r:.30} is not a small whole number")
        return cls(kind, *args)

    @property
    def is_well_formed(self) -> bool:
        """A known kind and whole-number choices (not a float, a bool or anything else that
        merely compares equal to one)."""
        return (type(self) is Move and isinstance(self.kind, str) and self.kind in KINDS
                and all(type(arg) is int for arg in self[1:]))

    def describe(self, names: Sequence[str] | None = None) -> str:
        """One line for the game log, e.g. 'trades Wheat + Bean for Leek at Market stall S7'."""
        return _DESCRIBE[self.kind](self, names)


def _card(card: int) -> str:
    return CARDS[card].name if 0 <= card < len(CARDS) else f"card {card}"


def _veg(veg: int) -> str:
    return VEG_NAMES[veg] if 0 <= veg < len(VEG_NAMES) else f"vegetable {veg}"


def _take(m: Move, _names) -> str:
    if m.a == NONE:
        return f"plays {_card(m.b)} (the Courtyard is empty)"
    return f"takes {_card(m.a)} from the Courtyard and plays {_card(m.b)}"


def _trade(m: Move, _names) -> str:
    given = _veg(m.c) if m.d == NONE else f"{_veg(m.c)} + {_veg(m.d)}"
    veg = CARDS[m.a].offers[m.b][0] if 0 <= m.a < len(CARDS) and CARDS[m.a].offers else NONE
    return f"trades {given} for {_veg(veg)} at {_card(m.a)}"


def _keep(m: Move, _names) -> str:
    if m.a == NONE:
        return "keeps neither card of the Two-pack"
    if m.b == NONE:
        return f"keeps {_card(m.a)} from the Two-pack"
    return f"keeps {_card(m.a)} on top of {_card(m.b)}"


def _partner(m: Move, names) -> str:
    who = names[m.a] if names and 0 <= m.a < len(names) else f"seat {m.a + 1}"
    return f"chooses {who} as partner for the Action phase"


def _advance(m: Move, _names) -> str:
    if m.a == 0:
        return "stays put on the Path of Prosperity"
    return f"walks {m.a} space{'s' if m.a > 1 else ''} on the Path of Prosperity"


def _use(m: Move, names) -> str:
    from .helpers import describe_use  # the Helpers know their own options

    return describe_use(m, names)


def _claim(m: Move, _names) -> str:
    if m.a == NONE:
        return "lets the Foreman pass"
    return f"uses the Foreman to take the {_card(m.a)} from the discard pile"


_DESCRIBE = {
    HOME: lambda m, n: f"buys {_veg(m.a)} and sows the Home field",
    PLACE: lambda m, n: f"puts {_card(m.a)} into the Courtyard",
    TAKE: _take,
    FLIP: lambda m, n: "turns over the top card of the draw pile into the Courtyard",
    PARTNER: _partner,
    SOW: lambda m, n: f"sows {_veg(m.b)} on the {_card(m.a)}",
    BUY: lambda m, n: f"buys {_veg(m.a)} in the Shop",
    SELL: lambda m, n: f"sells {_veg(m.a)} to the Shop",
    TRADE: _trade,
    DISCARD: lambda m, n: f"discards the {_card(m.a)} unused",
    REGULAR: lambda m, n: f"delivers to {_card(m.a)}",
    CASUAL: lambda m, n: f"delivers to {_card(m.a)}",
    TWO_PACK: lambda m, n: "buys a Two-pack",
    KEEP: _keep,
    LOAN: lambda m, n: "takes a Loan (+5 Cash)",
    UPGRADE: lambda m, n: "upgrades the Storehouse",
    END: lambda m, n: "ends the Action phase",
    RETURN: lambda m, n: f"returns {_veg(m.a)} to the supply",
    ADVANCE: _advance,
    USE: _use,
    CLAIM: _claim,
    SHOP: lambda m, n: f"sets {m.b} {_veg(m.a)} in the Shop (Book-keeper)",
    PASS: lambda m, n: "does not use a Harvest helper",
    OFFER: lambda m, n: f"buys {_card(m.a)} from the Offer",
    DONE: lambda m, n: "buys no more cards from the Offer",
}
