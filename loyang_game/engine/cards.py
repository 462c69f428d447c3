"""All card and board data of the game, decoded in docs/rules/CARDS.md.

This is the one place card data lives: CARDS.md marks some rows *reconstructed*, so a
correction must be a one-line change here. Everything is immutable and shared between states;
a state holds only card ids.

Card ids: action cards 0..69 (stalls, Regular customers, Casual customers, common fields,
helpers), then the private fields, nine per seat (the Home field first).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

NONE = -1  # no card, no vegetable, no choice: the empty value of every card or vegetable slot

# --- vegetables ----------------------------------------------------------------------------------

W, P, T, C, B, L = range(6)
VEGETABLES = (W, P, T, C, B, L)
VEG_NAMES = ("Wheat", "Pumpkin", "Turnip", "Cabbage", "Bean", "Leek")
VEG_LETTERS = "WPTCBL"
BUY_PRICE = (3, 4, 5, 5, 6, 6)  # dark price tags
SELL_PRICE = (1, 1, 1, 1, 2, 2)  # pale price tags
SHOP_SPACES = (3, 2, 2, 2, 2, 2)
SHOP_START = (3, 2, 2, 2, 1, 1)

STARTING_CASH = 10
HOME_VEGETABLES = (W, P, T)  # what the Home field may be sown with
MAX_SAME_HOME_VEGETABLE = 2  # "No more than 2 players may plant the same type"
SMALL_STOREHOUSE, BIG_STOREHOUSE, STOREHOUSE_UPGRADE_COST = 1, 4, 2
LOAN_CASH = 5
COMMON_FIELD_COST = 2
REGULAR_PENALTY = 2
CASUAL_MODIFIER = 2
ROUNDS = 9
HAND_SIZE = 4
PATH_START, PATH_END = 1, 20


def modifier_by_count(regulars: int, casuals: int) -> int:
    """The Casual customer's modifier: +2 with more Regular than Casual customers, -2 with
    fewer, else 0 (RULINGS R8)."""
    if regulars > casuals:
        return CASUAL_MODIFIER
    if casuals > regulars:
        return -CASUAL_MODIFIER
    return 0


def path_cost(position: int, steps: int) -> int:
    """Cash to walk `steps` spaces from `position` in one round.

    The first step of a round costs 1; each further step costs the number of the space
    entered (rulebook, "Move Scoring Marker": Nell goes 15 -> 16 for 1, -> 18 for 35 more).
    """
    if steps <= 0:
        return 0
    return 1 + sum(range(position + 2, position + steps + 1))


# --- cards ---------------------------------------------------------------------------------------

class CardKind(StrEnum):
    """What a card is; the values are the words the game shows."""

    STALL = "stall"
    REGULAR = "regular"
    CASUAL = "casual"
    COMMON_FIELD = "common field"
    HELPER = "helper"
    PRIVATE_FIELD = "private field"


# The kinds by their short names, as the rules and their clients spell them.
STALL, REGULAR, CASUAL, COMMON_FIELD, HELPER, PRIVATE_FIELD = CardKind


@dataclass(frozen=True, slots=True)
class Card:
    """One card's printed data. Only the attributes of its kind are set."""

    id: int
    kind: CardKind
    code: str  # short reference, as in CARDS.md: S7, R9, K1, CF3a, H:Maid, F4
    name: str
    offers: tuple[tuple[int, int], ...] = ()  # stall: (vegetable, bowls) x3
    wants: tuple[int, ...] = ()  # customers: vegetables of one delivery
    pays: tuple[int, ...] = ()  # Regular: per delivery, 1st..4th; Casual: one price
    start: bool = False  # Regular customer with the Introductory version's blue dot
    spaces: int = 0  # fields
    sowable: tuple[int, ...] = ()  # fields: what may be sown

    @property
    def is_action(self) -> bool:
        return self.kind != PRIVATE_FIELD

    @property
    def is_field(self) -> bool:
        return self.kind in (COMMON_FIELD, PRIVATE_FIELD)


def _veg(text: str) -> tuple[int, ...]:
    return tuple(VEG_LETTERS.index(ch) for ch in text)


# Market stalls: offered vegetable with its bowl count (CARDS.md "Market stalls").
_STALLS = {
    "S1": "P1 T1 C1", "S2": "W1 T1 B1", "S3": "W1 T1 L1", "S4": "W1 C1 L1",
    "S5": "W1 P1 L1", "S6": "T1 C2 L2", "S7": "P1 C1 L2", "S8": "W1 B1 L2",
    "S9": "P1 B2 L2", "S10": "T1 B2 L2", "S11": "P1 C1 B1", "S12": "W1 C1 B1",
    "S13": "T1 C1 B2",
    "S14": "W1 P1 B1",  # reconstructed
}
# Regular customers: wants, pays 1st/2nd/3rd/4th, Introductory start card.
_REGULARS = {
    "R1": ("WP", (4, 5, 5, 6), True),
    "R2": ("WW", (4, 5, 5, 6), False),
    "R3": ("PT", (4, 5, 6, 7), True),
    "R4": ("WC", (4, 5, 6, 7), True),
    "R5": ("TT", (5, 6, 6, 7), False),
    "R6": ("PC", (5, 6, 6, 7), False),
    "R7": ("PB", (5, 6, 7, 8), False),
    "R8": ("WL", (5, 6, 7, 8), False),  # reconstructed
    "R9": ("TC", (5, 6, 7, 8), True),
    "R10": ("TB", (6, 7, 7, 8), False),  # reconstructed
    "R11": ("PL", (6, 7, 7, 8), False),
    "R12": ("CB", (6, 7, 8, 9), False),
    "R13": ("CL", (7, 8, 8, 9), False),  # reconstructed
    "R14": ("BL", (7, 8, 9, 10), False),
}
# Casual customers: wants, pays.
_CASUALS = {
    "K1": ("WPT", 7), "K2": ("WWB", 8), "K3": ("WTT", 8), "K4": ("PPB", 9),
    "K5": ("WCC", 9), "K6": ("WTB", 9), "K7": ("PTC", 9), "K8": ("WPL", 9),
    "K9": ("PCB", 10), "K10": ("PTL", 10), "K11": ("WCL", 10), "K12": ("PBL", 11),
    "K13": ("TCL", 11),  # reconstructed
    "K14": ("CBL", 12),  # reconstructed (vegetables)
}
# Common fields (action cards): spaces, what may be sown.
_COMMON_FIELDS = {
    "CF3a": (3, "WPTCBL"), "CF3b": (3, "WPTCBL"),
    "CF4a": (4, "WPTCB"), "CF4b": (4, "WPTCB"),
    "CF5a": (5, "WPTC"), "CF5b": (5, "WPTC"),
}
HELPER_NAMES = (
    "Book-keeper", "Con man", "Deliveryman", "Foreman", "Haggler", "Harvest helper", "Maid",
    "Market crier", "Market woman", "Merchant", "Messenger-boy", "Official", "Plough-man",
    "Saleswoman", "Shopper", "Squire", "Subsistence farmer", "Tout", "Tenant-farmer",
    "Trader", "Trader", "Trader",
)
# Helpers marked with the purple lantern: they act on another player (CARDS.md).
LANTERN_HELPERS = frozenset(
    {"Con man", "Deliveryman", "Foreman", "Market woman", "Subsistence farmer", "Tout", "Trader"})

# Private fields: a Home field and two sets of {3, 4, 5, 6} per seat (CARDS.md).
# The 4/5/6-space sowing sets are reconstructed.
PRIVATE_FIELD_SOWABLE = {9: "WPT", 3: "WPTCBL", 4: "WPTCB", 5: "WPTC", 6: "WPT"}
PRIVATE_FIELDS_PER_SEAT = (9, 3, 4, 5, 6, 3, 4, 5, 6)  # index 0 is the Home field
MAX_SEATS = 4


def _build() -> tuple[Card, ...]:
    cards: list[Card] = []

    def add(**kw: Any) -> None:
        cards.append(Card(id=len(cards), **kw))

    for code, text in _STALLS.items():
        offers = tuple((VEG_LETTERS.index(part[0]), int(part[1])) for part in text.split())
        add(kind=STALL, code=code, name=f"Market stall {code}", offers=offers)
    for code, (wants, pays, start) in _REGULARS.items():
        add(kind=REGULAR, code=code, name=f"Regular customer {code}", wants=_veg(wants),
            pays=pays, start=start)
    for code, (wants, price) in _CASUALS.items():
        add(kind=CASUAL, code=code, name=f"Casual customer {code}", wants=_veg(wants),
            pays=(price,))
    for code, (spaces, sowable) in _COMMON_FIELDS.items():
        add(kind=COMMON_FIELD, code=code, name=f"common {spaces}-space field", spaces=spaces,
            sowable=_veg(sowable))
    for name in HELPER_NAMES:
        add(kind=HELPER, code=f"H:{name}", name=name)
    for _seat in range(MAX_SEATS):
        for index, spaces in enumerate(PRIVATE_FIELDS_PER_SEAT):
            name = "Home field" if index == 0 else f"{spaces}-space field"
            add(kind=PRIVATE_FIELD, code="Home" if index == 0 else f"F{spaces}", name=name,
                spaces=spaces, sowable=_veg(PRIVATE_FIELD_SOWABLE[spaces]))
    return tuple(cards)


CARDS: tuple[Card, ...] = _build()
ACTION_CARDS: tuple[int, ...] = tuple(c.id for c in CARDS if c.is_action)
assert len(ACTION_CARDS) == 70
START_REGULARS: tuple[int, ...] = tuple(c.id for c in CARDS if c.start)
FIRST_PRIVATE_FIELD = len(ACTION_CARDS)


def home_field(seat: int) -> int:
    return FIRST_PRIVATE_FIELD + seat * len(PRIVATE_FIELDS_PER_SEAT)


def field_sets(seat: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The seat's two sets of private fields {3, 4, 5, 6}, as card ids."""
    home = home_field(seat)
    return tuple(range(home + 1, home + 5)), tuple(range(home + 5, home + 9))


# --- derived from the cards ---------------------------------------------------------------------

Needs = tuple[tuple[int, int], ...]  # (vegetable, count) pairs


def _needs(wants: tuple[int, ...]) -> Needs:
    return tuple((veg, wants.count(veg)) for veg in sorted(set(wants)))


# What each customer card takes from the Cart for one delivery, and for a Messenger-boy's
# double delivery on the top row.
NEEDS: dict[int, Needs] = {card.id: _needs(card.wants) for card in CARDS if card.wants}
DOUBLE_NEEDS: dict[int, Needs] = {card.id: _needs(card.wants * 2) for card in CARDS if card.wants}


def has(cart: list[int], needs: Needs) -> bool:
    """Whether the Cart holds what `needs` asks for (a loop: `all` over a generator costs
    twice as much, and the rules ask this for every customer in every `legal_moves`)."""
    for veg, count in needs:  # noqa: SIM110 (the loop is the point: see above)
        if cart[veg] < count:
            return False
    return True


def trade_gives(cart: Sequence[int]) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The vegetables that could be traded in at a Market stall for a 1-bowl offer (one, with
    NONE as the second) and for a 2-bowl offer (two, alike only if the Cart holds two)."""
    singles = [(v, NONE) for v in range(6) if cart[v]]
    pairs = [(a, b) for i, (a, _) in enumerate(singles) for (b, _) in singles[i:]
             if a != b or cart[a] >= 2]
    return singles, pairs


def card_by_code(code: str) -> Card:
    """The action card with this CARDS.md code (for tests and tools)."""
    for card in CARDS:
        if card.code == code and card.is_action:
            return card
    raise KeyError(code)


def helper_id(name: str) -> int:
    """The first card id of the Helper with this name."""
    for card in CARDS:
        if card.kind == HELPER and card.name == name:
            return card.id
    raise KeyError(name)
