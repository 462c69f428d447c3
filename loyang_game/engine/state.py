"""The game state: who owns what, where every card is, and whose decision it is.

Sub-structures that change often (played cards, fields) are tuples that are replaced rather
than mutated, so `clone()` only copies lists: it is the AI's hot path and is written by hand.
This module holds the data and the questions any rule may ask of it; the rules that change it
are the layers above (play_area and turns, then helpers and money, the phases, flow).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple, Self, TypeVar

from . import rng as rngmod
from .cards import (
    BIG_STOREHOUSE,
    CARDS,
    CASUAL,
    HELPER,
    MAX_SEATS,
    NONE,
    REGULAR,
    SHOP_START,
    SMALL_STOREHOUSE,
    STALL,
    STARTING_CASH,
    field_sets,
    home_field,
)
from .events import Cash, Event, Reshuffled, Why
from .moves import Move


class Phase(StrEnum):
    """The phases of the game flow (and setup, and the end)."""

    SETUP = "setup"
    HARVEST = "harvest"
    CARDS = "cards"
    ACTIONS = "actions"
    OVER = "over"


class Step(StrEnum):
    """The steps of a player's Action phase (RULINGS R10)."""

    ACT = "act"
    STORE = "store"
    PATH = "path"


class Decision(StrEnum):
    """What the decision at hand is about (`flow.decision`, for the UI and the game log).

    The interrupts (RULINGS R13) wait on the `pending` stack, one typed record each
    (`Pending`): `PayDebt`, `KeepChoice`, `PartnerChoice`, `ClaimChoice`, `ShopChoice`.
    """

    HOME = "home"
    HARVEST = "harvest"
    CARDS = "cards"
    ACT = "act"
    STORE = "store"
    PATH = "path"
    OVER = "over"
    PAY = "pay"
    KEEP = "keep"
    PARTNER = "partner"
    CLAIM = "claim"
    SHOP = "shop"


# The phases, steps and interrupts by their short names, as the rules and their clients spell
# them. Bound once: before Python 3.12 looking a member up on an enum class is slow, and the
# rules ask often.
SETUP, HARVEST_PHASE, CARDS_PHASE, ACTIONS, OVER = Phase
ACT, STORE, PATH = Step
PAY, KEEP, PARTNER, CLAIM, SHOP = (
    Decision.PAY, Decision.KEEP, Decision.PARTNER, Decision.CLAIM, Decision.SHOP)


# --- the interrupts waiting on the `pending` stack (RULINGS R13) --------------------------------
# Each is a named tuple whose first field is its `Decision` and second its seat: the stack's
# top tells whose decision it is (`current_player`), and `to_data` writes them as the lists
# saves have always held.

class PayDebt(NamedTuple):
    """Raise money, then the `amount` owed for `reason` is paid at once (RULINGS R6)."""

    decision: Decision
    seat: int
    amount: int
    reason: str  # an `events.Why` debt's value: "common field", "Regular customer penalty"


class KeepChoice(NamedTuple):
    """Choose what to keep of the Two-pack's `cards`."""

    decision: Decision
    seat: int
    cards: tuple[int, ...]


class PartnerChoice(NamedTuple):
    """4 players: the starting player picks a partner for the Action phase (RULINGS R5)."""

    decision: Decision
    seat: int


class ClaimChoice(NamedTuple):
    """The owner of a Foreman may take the Helper `card` `from_seat` discarded."""

    decision: Decision
    seat: int
    card: int
    from_seat: int


class ShopChoice(NamedTuple):
    """The Book-keeper sets the Shop, one kind of vegetable (`veg`) at a time."""

    decision: Decision
    seat: int
    veg: int


Pending = PayDebt | KeepChoice | PartnerChoice | ClaimChoice | ShopChoice


class Effect(StrEnum):
    """What a Helper activated for the rest of an Action phase leaves on its player
    (`PlayerState.effects`), for the action rules to consult."""

    MAID = "maid"  # 2-bowl offers are traded 1:1
    MESSENGER = "messenger"  # Regular customers may take two deliveries
    ALL_BLUE_LATER = "all blue after checks"  # Saleswoman option 1, used after the checks
    CASUAL_BONUS = "casual +2"  # Saleswoman option 2
    EXTRA_TOKEN = "harvest +1"  # Harvest helper option 2
    OFFICIAL = "official"  # the Two-pack is free


# The effects by their short names, bound once as the names above.
MAID, MESSENGER, ALL_BLUE_LATER, CASUAL_BONUS, EXTRA_TOKEN, OFFICIAL = Effect


# --- played cards ------------------------------------------------------------------------------
# A played card is a small immutable slot, replaced (never changed) when its state changes, so
# that `clone()` only copies lists. `under` is the card beneath it in a Two-pack stack, or NONE.

FULL_STALL = 0b111  # a stall's offers, one bit each


class FieldSlot(NamedTuple):
    """A field in a field area: the vegetable sown (NONE while unsown) and its tokens left."""

    card: int
    under: int = NONE
    veg: int = NONE
    tokens: int = 0


class StallSlot(NamedTuple):
    """A Market stall: a bit per offer still on it."""

    card: int
    under: int = NONE
    mask: int = FULL_STALL


class RegularSlot(NamedTuple):
    """A Regular customer: rows filled, the red side of its marker, the first round it is due
    (RULINGS R7), the round last served, the round of a Messenger-boy's second delivery."""

    card: int
    under: int
    rows: int
    red: bool
    first_due: int
    served: int
    doubled: int


class Slot(NamedTuple):
    """A Helper or a Casual customer: no state of its own."""

    card: int
    under: int = NONE


Played = FieldSlot | StallSlot | RegularSlot | Slot
# One kind of played card, for the rules that take any area and hand back its own slot type.
AnySlot = TypeVar("AnySlot", bound=Played)

# Builds a slot from a tuple of all its fields: `new_slot(FieldSlot, (card, under, veg, 3))`.
# A NamedTuple's own constructor goes through Python-level argument handling and costs about
# twice as much; the rules build slots on every placement, harvest and delivery (the AI's
# hot path), so they use this.
new_slot = tuple.__new__

# Positions in the slots, for code outside the engine that reads a slot by index.
CARD, UNDER = 0, 1
MASK = StallSlot._fields.index("mask")
ROWS, RED, FIRST_DUE, SERVED, DOUBLED = (RegularSlot._fields.index(name) for name in (
    "rows", "red", "first_due", "served", "doubled"))
VEG, COUNT = FieldSlot._fields.index("veg"), FieldSlot._fields.index("tokens")


def held(p: PlayerState, name: str) -> list[int]:
    """The uncovered Helper cards of this name in `p`'s play area."""
    return [slot.card for slot in p.helpers if CARDS[slot.card].name == name]


def find(area: Sequence[Played], card: int) -> int:
    """Index of the played card `card` in `area` (a list of played-card tuples)."""
    for index, slot in enumerate(area):
        if slot.card == card:
            return index
    raise AssertionError(f"card {card} is not in that place")


@dataclass(frozen=True)
class Reason:
    """Why a move is not legal, as a code and named values (cards by id, vegetables by index,
    numbers): the engine holds no sentence; the words layer (`text/reasons.py`) makes the
    player's sentence of it in the player's language."""

    code: str
    values: tuple[tuple[str, object], ...] = ()

    def __str__(self) -> str:
        return self.code + "".join(f" {name}={value!r}" for name, value in self.values)

    @property
    def named(self) -> dict[str, object]:
        return dict(self.values)


def reason(code: str, **values: object) -> Reason:
    return Reason(code, tuple(values.items()))


class IllegalMove(ValueError):
    """A move that is not in `legal_moves()`; `reason` says why (a code and its values)."""

    def __init__(self, why: Reason) -> None:
        super().__init__(str(why))
        self.reason = why


@dataclass(frozen=True)
class GameConfig:
    """What a new game is made of. `seats` 1..4: 1 is the solo game (RULINGS R1)."""

    seats: int = 2
    seed: int = 0
    introductory: bool = False
    start_seat: int = NONE  # the starting player; NONE: drawn with the seed (RULINGS R2)

    def __post_init__(self) -> None:
        if type(self.seats) is not int or not 1 <= self.seats <= MAX_SEATS:
            raise ValueError(f"a game has 1 to {MAX_SEATS} seats, not {self.seats!r}")
        if type(self.seed) is not int:
            raise ValueError(f"the seed is a whole number, not {self.seed!r}")
        if type(self.start_seat) is not int or not NONE <= self.start_seat < self.seats:
            raise ValueError(f"the starting player must be a seat of the game, not "
                             f"{self.start_seat!r}")
        if self.introductory and self.seats == 1:
            # The Introductory customer replaces a hand card in the Distribution round; the
            # solo game has neither (RULINGS R14), so the variant is for 2-4 players.
            raise ValueError("the Introductory version is for 2 to 4 players, not the solo game")

    @property
    def solo(self) -> bool:
        return self.seats == 1


class PlayerState:
    """One farmer's board, cards and money."""

    __slots__ = (
        "cart",
        "cash",
        "casuals",
        "done",
        "effects",
        "fields",
        "hand",
        "helpers",
        "intro",
        "loans",
        "path",
        "pile",
        "pile_known",
        "pile_seen",
        "regulars",
        "seat",
        "shop",
        "stalls",
        "store",
        "two_pack_used",
        "upgraded",
    )

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.cash = STARTING_CASH
        self.loans = 0
        self.path = 1
        self.upgraded = False
        self.cart = [0] * 6
        self.shop = list(SHOP_START)
        self.store = [0] * 6
        self.pile: list[int] = []  # private field pile, top card last
        self.fields: list[FieldSlot] = [FieldSlot(home_field(seat))]
        self.stalls: list[StallSlot] = []
        self.helpers: list[Slot] = []
        self.regulars: list[RegularSlot] = []
        self.casuals: list[Slot] = []
        self.hand: list[int] = []
        self.intro = NONE  # the Introductory version's face-down Regular customer
        self.two_pack_used = False
        self.done = False  # has finished this round's Action phase
        self.effects: tuple[str, ...] = ()  # Helpers activated for this Action phase
        # Bottom cards of the field pile everyone knows (put there by the Tenant-farmer), and
        # whether the owner has looked through the pile (the Tenant-farmer again).
        self.pile_known = 0
        self.pile_seen = False

    def clone(self) -> PlayerState:
        p = PlayerState.__new__(PlayerState)
        p.seat = self.seat
        p.cash = self.cash
        p.loans = self.loans
        p.path = self.path
        p.upgraded = self.upgraded
        p.cart = self.cart[:]
        p.shop = self.shop[:]
        p.store = self.store[:]
        p.pile = self.pile[:]
        p.fields = self.fields[:]
        p.stalls = self.stalls[:]
        p.helpers = self.helpers[:]
        p.regulars = self.regulars[:]
        p.casuals = self.casuals[:]
        p.hand = self.hand[:]
        p.intro = self.intro
        p.two_pack_used = self.two_pack_used
        p.done = self.done
        p.effects = self.effects
        p.pile_known = self.pile_known
        p.pile_seen = self.pile_seen
        return p

    @property
    def capacity(self) -> int:
        return BIG_STOREHOUSE if self.upgraded else SMALL_STOREHOUSE

    def area(self, kind: str) -> list[Any]:
        """The list of played cards of this kind (the places in the "played" area): a list of
        that kind's own slot type (`list[Played]` would be too wide to append to)."""
        if kind == STALL:
            return self.stalls
        if kind == REGULAR:
            return self.regulars
        if kind == CASUAL:
            return self.casuals
        if kind == HELPER:
            return self.helpers
        return self.fields

    def played_cards(self) -> list[int]:
        """Every action card in this player's play area, covered ones included."""
        out = []
        for area in (self.fields, self.stalls, self.helpers, self.regulars, self.casuals):
            for slot in area:
                if CARDS[slot.card].is_action:
                    out.append(slot.card)
                if slot.under != NONE:
                    out.append(slot.under)
        out.extend(card for card in self.pile if CARDS[card].is_action)
        return out

    def vegetables_left(self) -> int:
        """Tokens on fields and in the Storehouse: the second tie-breaker (RULINGS R11)."""
        return sum(f.tokens for f in self.fields) + sum(self.store)

    def to_data(self) -> dict[str, Any]:
        return {
            "cash": self.cash, "loans": self.loans, "path": self.path,
            "upgraded": self.upgraded, "cart": self.cart[:], "shop": self.shop[:],
            "store": self.store[:], "pile": self.pile[:],
            "fields": [list(s) for s in self.fields], "stalls": [list(s) for s in self.stalls],
            "helpers": [list(s) for s in self.helpers],
            "regulars": [list(s) for s in self.regulars],
            "casuals": [list(s) for s in self.casuals], "hand": self.hand[:],
            "intro": self.intro, "two_pack_used": self.two_pack_used, "done": self.done,
            "effects": list(self.effects), "pile_known": self.pile_known,
            "pile_seen": self.pile_seen,
        }


# The internal RNG of every canonical sample (`State.observe` without an RNG).
_CANONICAL_RNG = random.Random(0).getrandbits(64)


class State:
    """The data of a game of Loyang, always waiting for exactly one decision of one seat (or
    over). The rules that move it on are the layers above; `flow.GameState` is this with
    the one door, `legal_moves()` and `apply()`."""

    __slots__ = (
        "_legal",
        "active",
        "bought",
        "buy_limit",
        "config",
        "courtyard",
        "discard",
        "draw",
        "events",
        "flipped",
        "harvest_passed",
        "history",
        "offer",
        "opponent",
        "order",
        "partner",
        "pending",
        "phase",
        "players",
        "reshuffled",
        "rng",
        "round",
        "second_seat",
        "start_seat",
        "step",
        "takers",
        "telling",
        "turn",
    )

    # --- construction ------------------------------------------------------------------------

    def __init__(self, config: GameConfig) -> None:
        self.config = config
        self.players = [PlayerState(seat) for seat in range(config.seats)]
        self.round = 0
        self.phase = SETUP
        self.rng = rngmod.seed_state(config.seed)
        self.draw: list[int] = []  # top card last
        self.discard: list[int] = []  # face up
        self.courtyard: list[int] = []
        self.start_seat = 0
        self.second_seat = NONE
        self.order: list[int] = []  # seats in turn order for the current phase
        self.turn = 0  # index into `order` (setup, Action phase) or the seat (Card phase)
        self.active: list[int] = []  # Card phase: seats still in the Distribution round
        self.takers: list[int] = []  # Card phase: seats in the order they took
        self.flipped = False  # 2 players: the top card was turned over this turn
        self.step = ACT
        self.partner: list[int] = []  # 4 players: each seat's partner this Action phase
        self.pending: list[Pending] = []  # interrupt decisions, the last one first
        self.harvest_passed: list[int] = []  # seats done with their Harvest helpers
        # The solo game (solo.py): the Offer (12 places, row by row, NONE when empty), the
        # imaginary opponent, this Card phase's purchases and their limit, the one reshuffle.
        self.offer: list[int] = []
        self.opponent: PlayerState | None = None
        self.bought: list[int] = []
        self.buy_limit = 0
        self.reshuffled = False
        self.history: tuple[Any, Move] | None = None  # (previous history, move): shared by clones
        self.events: list[Event] = []  # what the last `apply` did (events.py), in order
        # Whether the moves tell what they do (`events`). A state imagined by a seat
        # (`observe`) does not: the AI's and the coach's searches spend nothing on news.
        self.telling = True
        self._legal: list[Move] | None = None

    def clone(self) -> Self:
        """An independent copy (the history is shared: it is never mutated)."""
        cls = type(self)
        s = cls.__new__(cls)
        s.config = self.config
        s.players = [p.clone() for p in self.players]
        s.round = self.round
        s.phase = self.phase
        s.rng = self.rng
        s.draw = self.draw[:]
        s.discard = self.discard[:]
        s.courtyard = self.courtyard[:]
        s.start_seat = self.start_seat
        s.second_seat = self.second_seat
        s.order = self.order[:]
        s.turn = self.turn
        s.active = self.active[:]
        s.takers = self.takers[:]
        s.flipped = self.flipped
        s.step = self.step
        s.partner = self.partner[:]
        s.pending = self.pending[:]
        s.harvest_passed = self.harvest_passed[:]
        s.offer = self.offer[:]
        s.opponent = self.opponent.clone() if self.opponent else None
        s.bought = self.bought[:]
        s.buy_limit = self.buy_limit
        s.reshuffled = self.reshuffled
        s.history = self.history
        s.events = []
        s.telling = self.telling
        s._legal = None
        return s

    # --- the public door ---------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def current_player(self) -> int | None:
        if self.pending:
            seat: int = self.pending[-1][1]  # every record's seat
            return seat
        if self.phase == OVER:
            return None
        if self.phase in (CARDS_PHASE, HARVEST_PHASE):
            return self.turn
        return self.order[self.turn]

    @property
    def to_move(self) -> int:
        """`current_player` where a game still going is certain (a finished game has no seat
        to move, and asking it of one is a bug: AssertionError)."""
        seat = self.current_player
        assert seat is not None, "the game is over: no seat is to move"
        return seat

    def moves(self) -> list[Move]:
        """Every move made since `new_game`, in order."""
        out = []
        node = self.history
        while node is not None:
            node, move = node
            out.append(move)
        out.reverse()
        return out

    # --- the piles ---------------------------------------------------------------------------

    def shuffle(self, items: list[Any]) -> None:
        self.rng = rngmod.shuffle(self.rng, items)

    def draw_card(self) -> int:
        """The top card of the draw pile; NONE when there is no card at all.

        A draw pile emptied in the Action phase is replaced at once by the shuffled discard
        pile (FAQ, RULINGS R9, R12); never in solo (R14).
        """
        if not self.draw:
            self._reshuffle_discard()
        if not self.draw:
            return NONE
        card = self.draw.pop()
        if not self.draw:
            self._reshuffle_discard()
        return card

    def _reshuffle_discard(self) -> None:
        if self.discard and not self.config.solo:
            self.draw, self.discard = self.discard, []
            self.shuffle(self.draw)
            if self.telling:
                self.events.append(Reshuffled())

    def cards_available(self) -> int:
        """Cards a Two-pack could draw (in solo the draw pile alone: RULINGS R14)."""
        if self.config.solo:
            return len(self.draw)
        return len(self.draw) + len(self.discard)

    # --- hidden information ------------------------------------------------------------------

    def observe(self, seat: int, rng: random.Random | None = None) -> Self:
        """A clone as `seat` could imagine it: the one gate of hidden information.

        Hidden: the order of the draw pile, the other players' hands and Introductory
        customers, and the order of every private field pile (a pile is face down, even to its
        owner; its two sets of {3,4,5,6} are each in an order of their own). Every count the
        seat can see is kept.

        With `rng`, a random sample of what is hidden, drawn with `rng` only; the clone gets a
        fresh internal RNG from it, so that future shuffles reveal nothing. Without, the
        canonical sample: every hidden card in sorted order (the Introductory customers the
        lowest unseen start customers, then the hands, then the draw pile) and a fixed
        internal RNG. Either depends only on what the seat sees (and `rng`): two states that
        look the same from `seat` give equal canonical samples. Its moves tell no events.
        """
        s = self.clone()
        s.telling = False  # what an imagined future does is no news for the table
        s.rng = _CANONICAL_RNG if rng is None else rng.getrandbits(64)
        others = [p for p in s.players if p.seat != seat]
        hidden = s.draw[:]
        for p in others:
            hidden.extend(p.hand)
        intro_holders = [p for p in others if p.intro != NONE]
        if intro_holders:
            # An Introductory customer is one of the start Regular customers the seat has not
            # seen; the rest of those are in the draw pile or a hand.
            hidden.extend(p.intro for p in intro_holders)
            unseen_starts = sorted(c for c in hidden if CARDS[c].start)
            if rng is not None:
                rng.shuffle(unseen_starts)
            else:
                unseen_starts.reverse()  # the lowest first
            for p in intro_holders:
                p.intro = unseen_starts.pop()
            taken = {p.intro for p in intro_holders}
            hidden = [c for c in hidden if c not in taken]
        pool = sorted(hidden)
        if rng is not None:
            rng.shuffle(pool)
        for p in others:
            n = len(p.hand)
            p.hand = pool[:n]
            del pool[:n]
        s.draw = pool
        for p in s.players:
            # Fewer than two cards not known: nothing to shuffle (and nothing drawn from `rng`).
            if not (p.seat == seat and p.pile_seen) and len(p.pile) - p.pile_known > 1:
                p.pile = _resample_pile(p.seat, p.pile, p.pile_known, rng)
        return s

    # --- results -----------------------------------------------------------------------------

    def standings(self) -> list[dict[str, int]]:
        """Per seat: final position after Loans, Cash, vegetables, and place (RULINGS R11)."""
        keys = [(p.path - p.loans, p.cash, p.vegetables_left()) for p in self.players]
        return [
            {"seat": p.seat, "position": key[0], "cash": key[1], "vegetables": key[2],
             "loans": p.loans, "place": 1 + sum(1 for other in keys if other > key)}
            for p, key in zip(self.players, keys)
        ]

    def to_data(self) -> dict[str, Any]:
        """Plain data of the whole state: equal states give equal data (tests, save checks)."""
        return {
            "seats": self.config.seats, "seed": self.config.seed,
            "introductory": self.config.introductory, "round": self.round,
            "phase": self.phase, "rng": self.rng, "draw": self.draw[:],
            "discard": self.discard[:], "courtyard": self.courtyard[:],
            "start_seat": self.start_seat, "second_seat": self.second_seat,
            "order": self.order[:], "turn": self.turn, "active": self.active[:],
            "takers": self.takers[:], "flipped": self.flipped, "step": self.step,
            "partner": self.partner[:], "pending": [list(d) for d in self.pending],
            "harvest_passed": self.harvest_passed[:], "offer": self.offer[:],
            "opponent": self.opponent.to_data() if self.opponent else None,
            "bought": self.bought[:], "buy_limit": self.buy_limit,
            "reshuffled": self.reshuffled,
            "players": [p.to_data() for p in self.players],
        }

    def all_action_cards(self) -> list[int]:
        """Every action card wherever it is (invariant checks: each exactly once)."""
        out = self.draw + self.discard + self.courtyard
        out += [card for card in self.offer if card != NONE]
        if self.opponent:
            out += self.opponent.played_cards()
        for p in self.players:
            out += p.hand + p.played_cards()
            if p.intro != NONE:
                out.append(p.intro)
        for decision in self.pending:
            if isinstance(decision, KeepChoice):
                out += decision.cards
        return out

    def others(self, seat: int) -> list[PlayerState]:
        """The other players (in solo, the imaginary opponent)."""
        if self.opponent:
            return [self.opponent]
        return [p for p in self.players if p.seat != seat]

    def change_cash(self, p: PlayerState, amount: int, why: Why, card: int = NONE) -> None:
        """`p` gets `amount` Cash (pays, if negative) for `why` (`card`: the customer or
        Helper it is for): the one door a player's Cash goes through in play, so that every
        change is told (`events.Cash`)."""
        p.cash += amount
        if amount and self.telling:
            self.events.append(Cash(p.seat, amount, why, card))

    def pay(self, payer: PlayerState, payee: PlayerState, amount: int, why: Why,
            card: int = NONE) -> None:
        """Cash from one player to another; the imaginary opponent neither keeps nor pays
        money (RULINGS R14: what is owed to it goes to the supply)."""
        self.change_cash(payer, -amount, why, card)
        if payee is not self.opponent:
            self.change_cash(payee, amount, why, card)


_FIELD_SETS = [field_sets(seat) for seat in range(MAX_SEATS)]


def _resample_pile(seat: int, pile: list[int], known: int,
                   rng: random.Random | None) -> list[int]:
    """Shuffle (without `rng`, sort) each of the pile's two sets within the positions it
    holds, leaving the `known` bottom cards in place."""
    out = pile[:]
    for block in _FIELD_SETS[seat]:
        positions = [i for i, card in enumerate(out) if card in block and i >= known]
        cards = sorted(out[i] for i in positions)
        if rng is not None:
            rng.shuffle(cards)
        for i, card in zip(positions, cards):
            out[i] = card
    return out
