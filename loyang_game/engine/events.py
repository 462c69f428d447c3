"""What an `apply` did, as typed events (`State.events`): one small record per thing that
happened, emitted by the engine where it happens, in the order it happened. Nothing changes a
record once made; they are not `frozen` dataclasses only because a frozen one takes four
times as long to build (430 against 90 ns), which every move of a game at the table pays.

The game log, the sounds, the table's call-outs, the undo stack and the animations read these
rather than comparing the state before and after a move, so a move's consequences are worked
out once, here. Events are news, not position: they are in no save and not in
`State.to_data()`, a clone starts with none, `State.events` always holds what the last `apply`
did, and a state a seat imagines (`State.observe`, the AI's and the coach's searches) tells
none (`State.telling`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from .cards import NONE


class Why(StrEnum):
    """Why Cash changed hands (`Cash.why`). The debts, paid when the Cash is there
    (RULINGS R6), are spelt as the log tells them: 'pays 2 Cash for the common field'."""

    HOME_FIELD = "Home field"  # setup: the Home field's vegetable bought
    SHOP = "Shop"  # a vegetable bought in the Shop
    SALE = "sale"  # a vegetable sold from the Cart to the Shop
    LOAN = "Loan"
    CUSTOMER = "customer"  # a delivery's proceeds (`Cash.card`: the customer)
    TWO_PACK = "Two-pack"
    STOREHOUSE = "Storehouse"  # its upgrade
    PATH = "Path"  # steps on the Path of Prosperity
    OFFER = "Offer"  # solo: a card bought from the Offer
    HELPER = "Helper"  # a Helper's price, fee or earnings (`Cash.card`: the Helper)
    COMMON_FIELD = "common field"  # a debt: each common field played or kept costs 2
    PENALTY = "Regular customer penalty"  # a debt: an unserved red-marked customer


DEBTS = frozenset({Why.COMMON_FIELD, Why.PENALTY})


class Source(StrEnum):
    """Where a card placed into a play area came from (`Placed.source`), or where cards nobody
    played left for the discard pile from (`ToDiscardPile.source`)."""

    HAND = "hand"
    INTRO = "Introductory customer"
    COURTYARD = "Courtyard"
    TWO_PACK = "Two-pack"
    UNDER = "under"  # the lower card of a stack, revealed when the card on it left
    OFFER = "Offer"  # solo
    DRAW = "draw pile"  # solo: the imaginary opponent's cards, at setup
    PILE = "field pile"  # a private field (the Tenant-farmer's choice)


class Spot(StrEnum):
    """Where vegetable tokens lie or go (`Vegetables`, `GoodTaken`)."""

    CART = "Cart"
    STORE = "Storehouse"
    SHOP = "Shop"
    SUPPLY = "supply"
    FIELD = "field"
    STALL = "Market stall"
    CUSTOMER = "customer"  # delivered


@dataclass(slots=True, unsafe_hash=True)
class Event:
    """Anything that happened. `reveals_hidden`: it showed something nobody knew before (a
    card from a pile, a new order of one), so a move that caused it cannot be taken back."""

    reveals_hidden: ClassVar[bool] = False


# --- cards ---------------------------------------------------------------------------------------

@dataclass(slots=True, unsafe_hash=True)
class Placed(Event):
    """`card` went into its place in `seat`'s play area, from `source`, with the card `under`
    it (a Two-pack's two cards kept stacked; else NONE)."""

    seat: int
    card: int
    source: Source
    under: int = NONE


@dataclass(slots=True, unsafe_hash=True)
class Revealed(Event):
    """`card`, under a card that left `seat`'s play area, comes to light (a `Placed` with
    source UNDER follows)."""

    seat: int
    card: int


@dataclass(slots=True, unsafe_hash=True)
class Discarded(Event):
    """`seat`'s played `card` went to the discard pile (used, emptied, fully served...)."""

    seat: int
    card: int


@dataclass(slots=True, unsafe_hash=True)
class Handed(Event):
    """A played `card` went from `giver`'s play area into `taker`'s (the Market woman, the
    Con man, the Tout)."""

    card: int
    giver: int
    taker: int


@dataclass(slots=True, unsafe_hash=True)
class UnderPile(Event):
    """`seat` put its unsown field `card` under its pile of private fields (the
    Tenant-farmer)."""

    seat: int
    card: int


@dataclass(slots=True, unsafe_hash=True)
class IntoOffer(Event):
    """Solo: `card` went into the Offer: from `seat`'s play area (the Con man, in place of
    the Helper he took), or from the draw pile to fill a gap (`seat` NONE)."""

    seat: int
    card: int


@dataclass(slots=True, unsafe_hash=True)
class Dealt(Event):
    """The Card phase's deal: `seat` got `cards` into its hand (the discard pile shuffled
    into the draw pile first)."""

    reveals_hidden: ClassVar[bool] = True
    seat: int
    cards: tuple[int, ...]


@dataclass(slots=True, unsafe_hash=True)
class ToDiscardPile(Event):
    """Cards nobody played went to the discard pile from `source`: the Courtyard's leftovers
    at the end of the Distribution round, a Two-pack's cards not kept, the solo Offer's
    second row."""

    source: Source
    cards: tuple[int, ...]


@dataclass(slots=True, unsafe_hash=True)
class Claimed(Event):
    """`seat`'s Foreman took the Helper `card` from the discard pile."""

    seat: int
    card: int


@dataclass(slots=True, unsafe_hash=True)
class IntoCourtyard(Event):
    """`seat` put its hand card `card` into the Courtyard (placed, or left over on taking)."""

    seat: int
    card: int


@dataclass(slots=True, unsafe_hash=True)
class Flipped(Event):
    """2 players: `seat` turned the draw pile's top card `card` into the Courtyard."""

    reveals_hidden: ClassVar[bool] = True
    seat: int
    card: int


@dataclass(slots=True, unsafe_hash=True)
class TwoPackDrawn(Event):
    """`seat` bought a Two-pack and drew `cards` (fewer when the piles ran out)."""

    reveals_hidden: ClassVar[bool] = True
    seat: int
    cards: tuple[int, ...]


@dataclass(slots=True, unsafe_hash=True)
class NewField(Event):
    """`seat` turned over the private field `card` from the pile at the Harvest."""

    reveals_hidden: ClassVar[bool] = True
    seat: int
    card: int


@dataclass(slots=True, unsafe_hash=True)
class FieldRemoved(Event):
    """`seat`'s emptied private field `card` left the game."""

    reveals_hidden: ClassVar[bool] = True
    seat: int
    card: int


@dataclass(slots=True, unsafe_hash=True)
class PileSeen(Event):
    """`seat` looked through its pile of private fields for the first time (the
    Tenant-farmer): the pile's order is known to it from now on."""

    reveals_hidden: ClassVar[bool] = True
    seat: int


@dataclass(slots=True, unsafe_hash=True)
class Reshuffled(Event):
    """The discard pile was shuffled into a new draw pile."""

    reveals_hidden: ClassVar[bool] = True


# --- vegetables ----------------------------------------------------------------------------------

@dataclass(slots=True, unsafe_hash=True)
class Harvested(Event):
    """One `veg` from `seat`'s field `card` into its Cart (the Harvest, or a Helper)."""

    reveals_hidden: ClassVar[bool] = True  # the Harvest phase: new fields, a new deal
    seat: int
    card: int
    veg: int


@dataclass(slots=True, unsafe_hash=True)
class Vegetables(Event):
    """`count` tokens of `veg` went from `source` to `dest` on `seat`'s board (`card`: the
    field, stall or customer at one end, else NONE): bought, sold, sown, traded in,
    delivered, stored, returned..."""

    seat: int
    veg: int
    count: int
    source: Spot
    dest: Spot
    card: int


@dataclass(slots=True, unsafe_hash=True)
class GoodTaken(Event):
    """`taker` took the `veg` of offer `index` (0-2) off `owner`'s Market stall `stall`,
    into `into`: the Cart (a trade, the Trader), the Shop (the Market crier's sale), or the
    supply (the Market woman's swap, the stall then refilled)."""

    owner: int
    stall: int
    index: int
    veg: int
    taker: int
    into: Spot


@dataclass(slots=True, unsafe_hash=True)
class TokenTaken(Event):
    """`taker` took one `veg` from `owner`'s field `field` (the Subsistence farmer)."""

    owner: int
    field: int
    veg: int
    taker: int


@dataclass(slots=True, unsafe_hash=True)
class Delivered(Event):
    """`server` delivered to `owner`'s Regular customer `card`, which now has `rows` rows
    filled (4: fully served, it leaves)."""

    owner: int
    card: int
    server: int
    rows: int


# --- Cash, the Path, the customers' markers ------------------------------------------------------

@dataclass(slots=True, unsafe_hash=True)
class Cash(Event):
    """`seat`'s Cash changed by `amount` (negative: paid), for `why`; `card` is the customer
    or Helper that paid or cost it, when one did (else NONE)."""

    seat: int
    amount: int
    why: Why
    card: int

    @property
    def is_debt(self) -> bool:
        """A debt paid (a common field, a penalty): the log tells it on a line of its own."""
        return self.why in DEBTS


@dataclass(slots=True, unsafe_hash=True)
class PathStep(Event):
    """`seat`'s marker walked on the Path of Prosperity from space `start` to `end`."""

    seat: int
    start: int
    end: int


@dataclass(slots=True, unsafe_hash=True)
class MarkerRed(Event):
    """`seat`'s Regular customer `card` was not served: its marker turned red."""

    seat: int
    card: int


@dataclass(slots=True, unsafe_hash=True)
class Penalty(Event):
    """`seat`'s red-marked Regular customer `card` was not served again (2 Cash owed)."""

    seat: int
    card: int


# --- the game ------------------------------------------------------------------------------------

@dataclass(slots=True, unsafe_hash=True)
class PhaseBegan(Event):
    """Phase `phase` (a `Phase` value) of round `round` began: what follows is no one
    player's doing until the next decision."""

    phase: str
    round: int


@dataclass(slots=True, unsafe_hash=True)
class GameOver(Event):
    """The ninth round is over."""
