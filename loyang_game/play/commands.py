"""The input-to-command layer: what a person clicks on the table, and which move it makes.

The table is a set of *targets* (plain tuples such as `("cart", veg)`, `("shop", veg)`,
`("regular", card)`, `("btn", "end")`); every legal move has one or more *click sequences*
of targets (`sequences`). A `Picker` holds what has been picked up so far: a click either
extends the pick (the next possible targets light up), completes exactly one move (it is
made), completes several (an in-place choice opens, whose options are `("opt", move)`
targets), or fits no legal move (a short message, nothing changes). `clicks_for` answers
"where do I click to make this move" for tests and demos.

Undo (`UndoStack`) follows Board Game Arena's policy: back within a person's own turn, never
past a revealed card or a random draw.
"""

from __future__ import annotations

import logging
from collections import Counter
from dataclasses import dataclass, field

from ..engine import GameState, Move
from ..engine import flow as _flow
from ..engine.actionphase import two_pack_price
from ..engine.cards import (
    BUY_PRICE,
    CARDS,
    NEEDS,
    SELL_PRICE,
    SHOP_SPACES,
    STOREHOUSE_UPGRADE_COST,
    path_cost,
)
from ..engine.helpers.fields import SOLO as SUBSISTENCE_SOLO
from ..engine.helpers.market import good_of
from ..engine.moves import (
    ADVANCE,
    BUY,
    CASUAL,
    CLAIM,
    DISCARD,
    DONE,
    END,
    FLIP,
    HOME,
    KEEP,
    LOAN,
    NONE,
    OFFER,
    PARTNER,
    PASS,
    PLACE,
    REGULAR,
    RETURN,
    SELL,
    SHOP,
    SOW,
    TAKE,
    TRADE,
    TWO_PACK,
    UPGRADE,
    USE,
)
from ..engine.state import CARD, FIRST_DUE, RED, SERVED, Decision, ShopChoice
from ..text.log import casual_pay
from ..text.names import OBJECT, SUBJECT, card_words, veg_words
from ..text.reasons import reason_words
from ..words import N_, _, ngettext

Target = tuple

# Clicking one of these always opens the in-place choice, even for a single option: a Helper
# is never used or discarded by a stray click.
ALWAYS_CHOOSE = {"helper"}

# The buttons' labels, marked for the catalogues and said by `button_label` in the player's
# language (the English here is the message id).
BUTTON_LABELS = {
    "twopack": N_("Buy a Two-pack"), "loan": N_("Take a Loan (+5)"),
    "upgrade": N_("Upgrade Storehouse (2)"), "end": N_("End Action phase"),
    "pass": N_("Pass"), "done": N_("Done buying"), "stay": N_("Stay put"),
    "supply": N_("Return to supply"), "play": N_("Play this card"),
    "keeponly": N_("Keep only this card"), "keepnone": N_("Keep neither"),
    "confirm": N_("Use the Helper"), "cancel": N_("Cancel"),
}


def button_label(name: str) -> str:
    """The label of the table's button `name`, in the player's language."""
    return _(BUTTON_LABELS[name])

# The Action phase's buttons: always shown there, greyed with a reason when not possible.
ACTION_BUTTONS = {"twopack": Move(TWO_PACK), "upgrade": Move(UPGRADE), "loan": Move(LOAN),
                  "end": Move(END)}


def button_reason(state: GameState, name: str) -> str:
    """Why the Action-phase button `name` does nothing now, with its price ('' if it works)."""
    move = ACTION_BUTTONS[name]
    if move in state.legal_moves():
        return ""
    p = state.players[state.to_move]
    if name == "twopack" and not p.two_pack_used:
        return _("Two-pack: {price} Cash, you have {cash}", price=two_pack_price(p),
                 cash=p.cash)
    if name == "upgrade" and not p.upgraded:
        return _("Upgrade: {price} Cash, you have {cash}", price=STOREHOUSE_UPGRADE_COST,
                 cash=p.cash)
    return reason_words(_flow.why_illegal(state, move))


def gathered(state: GameState, move: Move) -> tuple[Target, ...] | None:
    """What on the table a move names, when the move is chosen by pointing at it there, in
    any order, and then confirming (`Gathering`); None for any other move. A target may be
    named twice (the Trader's two vegetables of one kind); a move that names nothing is the
    one a confirm with nothing picked makes (the Market crier's refill).

    - a partner: that player's board;
    - the Squire's take: a hand card and 1 to 3 Courtyard cards;
    - the Book-keeper: the vegetable whose fields pay, `("grows", veg)` (any field sown
      with it, and the vegetable in the Shop, stand for it: `stands_for`);
    - the Market crier: the 1 to 3 goods on the stalls sold to the Shop, nothing to refill;
    - the Trader: another player's stall offer and the 1 or 2 Cart vegetables given;
    - the Plough-man: the field ploughed under, nothing to harvest the one-token fields;
    - the Market woman: one's own Market stall and another player's, `("stallcard", card)`
      (any offer of a stall stands for it);
    - the Deliveryman: another player's Regular customer; the Con man: another player's
      Helper (in the solo game one in the Offer); the Subsistence farmer: another player's
      field (not in the solo game, where he buys from the Supply);
    - the Tout: another player's Casual customer (bought), with one of one's own (swapped).
    Whose board a target lies on is `seat_of`'s."""
    if move.kind == PARTNER:
        return (("seat", move.a),)
    if move.kind != USE:
        return None
    name = CARDS[move.a].name
    if name == "Squire":
        if move.b == NONE:
            return None
        return (("hand", move.b), *(("court", c) for c in (move.c, move.d, move.e) if c != NONE))
    if name == "Market crier":
        if move.b == 1:
            return ()
        return tuple(("stall", *good_of(code)) for code in (move.c, move.d, move.e)
                     if code != NONE)
    if name == "Book-keeper":
        return (("grows", move.b),)
    if name == "Trader":
        given = [("cart", veg) for veg in (move.d, move.e) if veg != NONE]
        return (("stall", move.b, move.c), *given)
    if name == "Plough-man":
        return (("field", move.c),) if move.b == 1 else ()
    if name == "Market woman":
        return (("stallcard", move.b), ("stallcard", move.c))
    if name == "Deliveryman":
        return (("regular", move.b),)
    if name == "Con man":
        return (("offer" if state.config.solo else "helper", move.b),)
    if name == "Subsistence farmer":
        return None if move.b == SUBSISTENCE_SOLO else (("field", move.b),)
    if name == "Tout":
        return (("casual", move.c), ("casual", move.d)) if move.b == 1 else (("casual", move.c),)
    return None


def stands_for(state: GameState) -> dict[Target, Target]:
    """The table's targets that stand for a target a move names: for the vegetable of a
    Book-keeper's move each sown field of the player to decide, then each vegetable of
    their Shop; for a whole Market stall (the Market woman's) each of its offers."""
    seat = state.current_player
    if seat is None:
        return {}
    fields = {("field", f.card): ("grows", f.veg) for f in state.players[seat].fields
              if f.veg != NONE and f.tokens}
    stalls = {("stall", slot.card, i): ("stallcard", slot.card) for p in state.players
              for slot in p.stalls for i in range(3)}
    if state.opponent is not None:  # (only the offers left on its stalls are drawn)
        stalls.update({("stall", slot.card, i): ("stallcard", slot.card)
                       for slot in state.opponent.stalls for i in range(3)
                       if slot.mask & (1 << i)})
    return {**fields, **{("shop", veg): ("grows", veg) for veg in range(6)}, **stalls}


def on_table(state: GameState, target: Target) -> Target:
    """Where on the table a named target is clicked (the first field that stands for it)."""
    return next((t for t, named in stands_for(state).items() if named == target), target)


# Targets that name a vegetable or a space, not a card: they are on the board of the player
# to decide, and mean nothing on another player's board shown big.
BOARD_BOUND = frozenset({"cart", "shop", "space", "store", "path", "grows"})


def seat_of(state: GameState, target: Target) -> int | None:
    """The seat whose board a target of a choice on the table lies on (None: off the boards,
    or on the imaginary opponent's cards, always in view)."""
    if target[0] in BOARD_BOUND:
        return state.current_player
    if target[0] in ("stall", "stallcard", "field", "regular", "casual", "helper"):
        areas = {"stall": "stalls", "stallcard": "stalls", "field": "fields",
                 "regular": "regulars", "casual": "casuals", "helper": "helpers"}[target[0]]
        for p in state.players:
            if any(slot.card == target[1] for slot in getattr(p, areas)):
                return p.seat
    return None


@dataclass
class Gathering:
    """A choice being made by pointing at cards on the table (`gathered`): the Helper in use,
    its moves, what each names, and the targets picked so far (a target named twice is
    picked twice). A second target of a kind that no move names with the first (a hand
    card, a partner, the Trader's stall or his one vegetable) takes the first one's place; a
    target picked again is put back (all its picks, once no move names it once more)."""

    helper: Target | None  # the Helper clicked first (None: the decision's own, a partner)
    moves: list[Move]
    names: list[Counter] = field(default_factory=list)  # what each move names
    alias: dict[Target, Target] = field(default_factory=dict)  # `stands_for`
    picked: list[Target] = field(default_factory=list)
    discard: Move | None = None  # the Helper discarded unused instead, when it may be

    @classmethod
    def of(cls, state: GameState, helper: Target | None, moves: list[Move]) -> Gathering:
        names = [Counter(gathered(state, m) or ()) for m in moves]
        discard = Move(DISCARD, helper[1]) if helper is not None else None
        legal = state.legal_moves()
        kinds = {t[0] for n in names for t in n}
        alias = {t: n for t, n in stands_for(state).items() if n[0] in kinds}
        return cls(helper, moves, names, alias, discard=discard if discard in legal else None)

    def _with(self, target: Target) -> Counter:
        """The picks once `target` is picked: added to them, or, when that fits no move and
        it is the second of its kind, in the first one's place."""
        have = Counter(self.picked)
        have[target] += 1
        same = [t for t in self.picked if t[0] == target[0]]
        if not self._fits(have) and len(same) == 1 and same[0] != target:
            have = Counter(t for t in self.picked if t[0] != target[0])
            have[target] += 1
        return have

    def _fits(self, have: Counter) -> bool:
        return any(have <= names for names in self.names)

    def fitting(self) -> list[Move]:
        """The moves that still fit what is picked."""
        have = Counter(self.picked)
        return [m for m, names in zip(self.moves, self.names) if have <= names]

    def candidates(self) -> set[Target]:
        """The targets that may be picked (or put back) now: those after whose picking some
        move still names every pick."""
        out = set(self.picked)
        for names in self.names:
            out |= {t for t in names if t not in out and self._with(t) <= names}
        return out

    def lit(self) -> set[Target]:
        """The table's targets that may be clicked now (a field for its vegetable)."""
        named = self.candidates()
        return named | {t for t, n in self.alias.items() if n in named}

    def shown_picked(self) -> list[Target]:
        """The table's targets drawn as picked."""
        return [*self.picked, *(t for t, n in self.alias.items() if n in self.picked)]

    def complete(self) -> Move | None:
        """The move the picks make, once they name one exactly."""
        have = Counter(self.picked)
        return next((m for m, names in zip(self.moves, self.names) if names == have), None)

    def chain(self) -> list[Move]:
        """The moves a confirm makes, in order (one here)."""
        move = self.complete()
        return [move] if move is not None else []

    def can_cancel(self) -> bool:
        return self.helper is not None or bool(self.picked)

    def pick(self, target: Target) -> bool:
        """Pick `target` (or put it back); False if it cannot be picked now."""
        target = self.alias.get(target, target)
        if target in self.picked and not self._fits(self._with(target)):
            self.picked = [t for t in self.picked if t != target]
            return True
        if target not in self.candidates():
            return False
        kept = self._with(target)
        order = [t for t in self.picked if kept[t] > 0 and t != target]
        self.picked = [t for t in dict.fromkeys(order) for _ in range(kept[t])]
        self.picked += [target] * kept[target]
        return True


@dataclass
class ShopSetting:
    """The Book-keeper's Shop, set on the table: the player clicks the Shop's spaces (a
    click on an empty space fills it and those below it, on a filled one empties it and
    those above), then confirms; the engine asks one vegetable at a time (`SHOP` moves),
    and the confirm makes them all, in order. Cancel puts the Shop back as it is."""

    first: int  # the vegetable the engine asks about now (those before are set)
    start: list[int]
    levels: list[int]
    helper: Target | None = None
    discard: Move | None = None

    @classmethod
    def of(cls, state: GameState) -> ShopSetting:
        choice = state.pending[-1]
        assert isinstance(choice, ShopChoice), "the Shop is set in its own decision"
        shop = list(state.players[choice.seat].shop)
        return cls(choice.veg, shop, list(shop))

    @property
    def picked(self) -> list[Target]:
        """The spaces whose vegetable changes."""
        return [("space", veg, i + 1) for veg in range(self.first, 6)
                for i in range(SHOP_SPACES[veg])
                if (i < self.levels[veg]) != (i < self.start[veg])]

    def candidates(self) -> set[Target]:
        return {("space", veg, i) for veg in range(self.first, 6)
                for i in range(1, SHOP_SPACES[veg] + 1)}

    def lit(self) -> set[Target]:
        return self.candidates()

    def shown_picked(self) -> list[Target]:
        return self.picked

    def complete(self) -> Move:
        return Move(SHOP, self.first, self.levels[self.first])

    def chain(self) -> list[Move]:
        return [Move(SHOP, veg, self.levels[veg]) for veg in range(self.first, 6)]

    def can_cancel(self) -> bool:
        return self.levels != self.start

    def cancel(self) -> None:
        self.levels = list(self.start)

    def pick(self, target: Target) -> bool:
        if target not in self.candidates():
            return False
        _kind, veg, space = target
        self.levels[veg] = space - 1 if space <= self.levels[veg] else space
        return True


def mid_shop(state: GameState) -> bool:
    """Is the Book-keeper's Shop set in part (a vegetable after the first asked about)? On
    the table the six Shop moves are made by one confirm, and taken back together."""
    if _flow.decision(state) != Decision.SHOP:
        return False
    choice = state.pending[-1]
    return isinstance(choice, ShopChoice) and choice.veg > 0


def shop_clicks(state: GameState, move: Move) -> list[Target]:
    """The spaces to click to set one vegetable of the Shop to `move`'s count."""
    veg, count = move.a, move.b
    now = state.players[state.to_move].shop[veg]
    if count == now:
        return []
    return [("space", veg, count if count > now else count + 1)]


def sequences(state: GameState, move: Move) -> list[list[Target]]:
    """Every click sequence that makes `move` (the first is the usual one)."""
    k = move.kind
    cards = gathered(state, move)
    if cards is not None:  # pointed at in any order (`Gathering`); this is the usual one
        first = [] if k == PARTNER else [("helper", move.a)]
        return [[*first, *(on_table(state, c) for c in cards), ("btn", "confirm")]]
    if k == SHOP:  # the Shop is set on the table (`ShopSetting`)
        return [[*shop_clicks(state, move), ("btn", "confirm")]]
    if k == HOME:
        return [[("shop", move.a)]]
    if k == PLACE:
        return [[("hand", move.a), ("courtyard",)]]
    if k == TAKE:
        if move.a == NONE:
            return [[("hand", move.b), ("btn", "play")]]
        return [[("hand", move.b), ("court", move.a)], [("court", move.a), ("hand", move.b)]]
    if k == FLIP:
        return [[("draw",)]]
    if k == SOW:
        return [[("cart", move.b), ("field", move.a)], [("field", move.a), ("cart", move.b)]]
    if k == BUY:
        return [[("shop", move.a)]]
    if k == SELL:
        return [[("cart", move.a), ("shop", move.a)]]
    if k == TRADE:
        stall = ("stall", move.a, move.b)
        if move.d == NONE:
            return [[("cart", move.c), stall], [stall, ("cart", move.c)]]
        c, d = ("cart", move.c), ("cart", move.d)
        out = [[c, stall, d], [stall, c, d]]
        if move.c != move.d:
            out += [[d, stall, c], [stall, d, c]]
        return out
    if k in (REGULAR, CASUAL):
        target = ("regular" if k == REGULAR else "casual", move.a)
        out = [[target]]
        out += [[("cart", veg), target] for veg, _n in NEEDS[move.a]]
        return out
    if k == TWO_PACK:
        return [[("btn", "twopack")], [("draw",)]]
    if k == KEEP:
        if move.a == NONE:
            return [[("btn", "keepnone")]]
        if move.b == NONE:
            return [[("keep", move.a), ("btn", "keeponly")]]
        return [[("keep", move.a), ("keep", move.b)]]
    if k == LOAN:
        return [[("btn", "loan")]]
    if k == UPGRADE:
        return [[("store",)], [("btn", "upgrade")]]
    if k == END:
        return [[("btn", "end")]]
    if k == RETURN:
        return [[("cart", move.a), ("btn", "supply")]]
    if k == ADVANCE:
        p = state.players[state.to_move]
        out = [[("path", p.path + move.a)]]
        if move.a == 0:
            out.append([("btn", "stay")])
        return out
    if k == DISCARD and any(m.kind == USE and m.a == move.a and gathered(state, m) is not None
                            for m in state.legal_moves()):
        return [[("helper", move.a), ("btn", "discard")]]  # beside the choice on the table
    if k in (USE, DISCARD):
        return [[("helper", move.a)]]
    if k == OFFER:
        return [[("offer", move.a)]]
    if k in (DONE, PASS):
        return [[("btn", k)]]
    if k in (PARTNER, CLAIM, SHOP):
        return [[("opt", move)]]  # offered in the decision's own in-place panel
    return [[("opt", move)]]


def option_moves(state: GameState) -> list[Move]:
    """Moves made in a decision panel that opens by itself (the Foreman); a partner and the
    Book-keeper's Shop are chosen on the table (`gathered`, `ShopSetting`)."""
    return [m for m in state.legal_moves() if m.kind == CLAIM]


def decision_gathering(state: GameState) -> Gathering | ShopSetting | None:
    """The decision at hand when it is made by pointing at the table from the start (a
    partner: a player's board; the Book-keeper's Shop: its spaces), None otherwise."""
    if _flow.decision(state) == Decision.SHOP:
        return ShopSetting.of(state)
    moves = [m for m in state.legal_moves() if m.kind == PARTNER]
    return Gathering.of(state, None, moves) if moves else None


def due_unserved(state: GameState, seat: int) -> list[int]:
    """Regular customers of `seat` due this round and not yet served (planning aid)."""
    p = state.players[seat]
    return [slot[CARD] for slot in p.regulars
            if slot[FIRST_DUE] <= state.round and slot[SERVED] != state.round]


def unserved_warning(state: GameState, seat: int) -> str:
    """What ending the Action phase now costs for each due Regular customer left unserved:
    a blue marker turns red; an already red one costs a 2-Cash penalty."""
    p = state.players[seat]
    out = []
    for slot in p.regulars:
        if slot[FIRST_DUE] > state.round or slot[SERVED] == state.round:
            continue
        name = card_words(slot[CARD], SUBJECT)
        if slot[RED]:
            out.append(_("{customer} is not served and its marker is already red: you pay a "
                         "2-Cash penalty.", customer=name))
        else:
            out.append(_("{customer} is not served: its marker turns red; left unserved again "
                         "while red, it costs a 2-Cash penalty.", customer=name))
    return " ".join(out)


@dataclass
class Result:
    """What a click did: 'pick' (extended the pick), 'apply' (move), 'choose' (options to
    show, with a title), 'reject' (message; none while the table is pointed at: the table
    tells what to point at), 'cancel' or 'ignore'."""

    kind: str
    move: Move | None = None
    options: list[Move] = field(default_factory=list)
    message: str = ""
    then: list[Move] = field(default_factory=list)  # moves that follow `move` ('apply')


@dataclass
class Picker:
    """What a person has picked up so far, and the moves that click sequence still allows."""

    selection: list[Target] = field(default_factory=list)
    choosing: list[Move] = field(default_factory=list)  # options of an open choice
    choose_title: str = ""
    choose_detail: str = ""  # what the choice means, told under its title
    gathering: Gathering | ShopSetting | None = None  # a choice made by pointing at the table
    _cache_key: object = None
    _table: list[tuple[Move, list[Target]]] = field(default_factory=list)

    def reset(self) -> None:
        self.selection = []
        self.choosing = []
        self.choose_title = ""
        self.choose_detail = ""
        self.gathering = None

    def table(self, state: GameState) -> list[tuple[Move, list[Target]]]:
        key = (id(state), len(state.moves()) if state.history else 0, state.current_player)
        if key != self._cache_key:
            self._cache_key = key
            self._table = [(m, seq) for m in state.legal_moves() for seq in sequences(state, m)]
        return self._table

    def next_targets(self, state: GameState) -> set[Target]:
        """The targets that fit the pick: what lights up."""
        if self.choosing:
            return {("opt", m) for m in self.choosing}
        gathering = self.gathering or decision_gathering(state)
        if gathering is not None:
            done = {("btn", "confirm")} if gathering.complete() else set()
            cancel = {("btn", "cancel")} if gathering.can_cancel() else set()
            discard = {("btn", "discard")} if gathering.discard is not None else set()
            return gathering.lit() | cancel | done | discard
        n = len(self.selection)
        sel = self.selection
        out = {seq[n] for _m, seq in self.table(state) if len(seq) > n and seq[:n] == sel}
        out.update(("opt", m) for m in option_moves(state))
        return out

    def click(self, state: GameState, target: Target) -> Result:
        if target[0] == "opt":
            move = target[1]
            self.reset()
            if move in state.legal_moves():
                return Result("apply", move)
            return Result("reject", message=_("That choice is no longer possible."))
        if self.choosing:
            self.reset()
            return Result("cancel")
        if self.gathering is None and not self.selection:
            self.gathering = decision_gathering(state)
        if self.gathering is not None:
            return self._gather(state, target)
        gather = [m for m in state.legal_moves() if m.kind == USE
                  and ("helper", m.a) == target and gathered(state, m) is not None]
        if gather and not self.selection:  # the Helper's cards are pointed at on the table
            self.gathering = Gathering.of(state, target, gather)
            self.selection = [target]
            return Result("pick")
        n = len(self.selection)
        fits = [(m, seq) for m, seq in self.table(state)
                if len(seq) > n and seq[:n] == self.selection and seq[n] == target]
        if not fits and self.selection:
            # A fresh start: clicking another first target swaps what is picked up.
            message = why_not(state, self.selection, target)
            self.selection = []
            fits = [(m, seq) for m, seq in self.table(state) if seq[0] == target]
            if not fits:
                return Result("reject", message=message)
            n = 0
        if not fits:
            return Result("reject", message=why_not(state, [], target))
        complete = list(dict.fromkeys(m for m, seq in fits if len(seq) == n + 1))
        longer = [m for m, seq in fits if len(seq) > n + 1]
        if complete and (len(complete) > 1 or longer or target[0] in ALWAYS_CHOOSE):
            self.selection = [*self.selection, target]
            self.choosing = complete
            self.choose_title = choice_title(state, target)
            return Result("choose", options=complete, message=self.choose_title)
        if complete:
            move = complete[0]
            self.reset()
            if move.kind == END and due_unserved(state, state.to_move):
                self.selection = [target]
                self.choosing = [move]
                self.choose_title = _("Unserved due customer: end your Action phase?")
                self.choose_detail = unserved_warning(state, state.to_move)
                return Result("choose", options=[move], message=self.choose_title)
            return Result("apply", move)
        self.selection = [*self.selection, target]
        return Result("pick")


    def _gather(self, state: GameState, target: Target) -> Result:
        """A click while cards are being pointed at: pick or put back a card, confirm the
        move they make, or cancel."""
        gathering = self.gathering
        assert gathering is not None
        if target == ("btn", "cancel") or (gathering.helper and target == gathering.helper):
            self.reset()  # (the Shop must still be set: it starts again as it is)
            return Result("cancel")
        if target == ("btn", "discard") and gathering.discard is not None:
            move = gathering.discard
            self.reset()
            return Result("apply", move)
        if target == ("btn", "confirm"):
            chain = gathering.chain()
            if not chain or chain[0] not in state.legal_moves():
                return Result("reject")
            self.reset()
            return Result("apply", chain[0], then=chain[1:])
        if not gathering.pick(target):
            if gathering.helper is None and not gathering.can_cancel():
                self.gathering = None  # nothing begun: the click is refused as any other
                return Result("reject", message=why_not(state, [], target))
            return Result("reject")
        self.selection = [*([gathering.helper] if gathering.helper else []),
                          *gathering.picked]
        return Result("pick")


def clicks_for(state: GameState, move: Move) -> list[Target]:
    """The targets to click, in order, to make `move` now (its usual sequence, plus the
    option of the in-place choice it opens, if any)."""
    if move not in state.legal_moves():
        raise ValueError(f"{move} is not legal now")
    picker = Picker()
    for seq in sequences(state, move):
        picker.reset()
        clicks: list[Target] = []
        ok = True
        for target in seq:
            result = picker.click(state, target)
            clicks.append(target)
            if result.kind == "apply":
                ok = result.move == move and len(clicks) == len(seq)
                break
            if result.kind == "choose":
                if move in result.options:
                    return [*clicks, ("opt", move)]
                ok = False
                break
            if result.kind != "pick":
                ok = False
                break
        else:
            ok = False
        if ok:
            return clicks
    return [("opt", move)] if move.kind in (PARTNER, CLAIM, SHOP) else []


def choice_title(state: GameState, target: Target) -> str:
    kind = target[0]
    if kind == "helper":
        return _("{helper}: choose what to do", helper=card_words(target[1]))
    if kind in ("regular", "casual"):
        return _("Deliver to {customer}", customer=card_words(target[1], OBJECT))
    return _("Choose")


def why_not(state: GameState, selection: list[Target], target: Target) -> str:
    """A short reason why clicking `target` (after `selection`) does nothing."""
    seat = state.current_player
    if seat is None:
        return _("The game is over.")
    decision = _flow.decision(state)
    if target[0] == "btn" and target[1] in ACTION_BUTTONS and decision == Decision.ACT:
        return button_reason(state, target[1]) or _("That is not possible now.")
    try:
        guess = _guess(state, selection, target)
    except (IndexError, KeyError, ValueError):
        guess = None
    if guess is not None:
        try:
            reason = _flow.why_illegal(state, guess)
        except Exception:  # a guess the engine does not expect: the general answer
            logging.getLogger(__name__).debug("no reason for %r", guess, exc_info=True)
            reason = None
        if reason is not None and reason.code != "not_now":
            return reason_words(reason)
    return _(WHY_NOT.get(decision, N_("That is not possible now.")))


# What a click that does nothing is answered with, by the decision at hand.
WHY_NOT = {
    "home": N_("Choose your Home vegetable: Wheat, Pumpkin or Turnip in your Shop."),
    "cards": N_("Card phase: click a hand card, then the Courtyard or a Courtyard card."),
    "act": N_("That does nothing here. Click a Cart vegetable, a Shop vegetable, a customer, "
              "a stall offer or a Helper."),
    "store": N_("Your Storehouse is full: sell or return vegetables from your Cart."),
    "path": N_("Click a lit space of the Path of Prosperity (or Stay put)."),
    "pay": N_("You must raise money first: sell from the Cart, take a Loan, or use or discard "
              "a Helper."),
    "keep": N_("Choose which Two-pack cards to keep."),
}


def _guess(state: GameState, selection: list[Target], target: Target) -> Move | None:
    kind = target[0]
    first = selection[0] if selection else None
    veg = first[1] if first and first[0] == "cart" else NONE
    if kind == "shop":
        if veg != NONE:
            return Move(SELL, veg) if veg == target[1] else None
        return Move(HOME if _flow.decision(state) == Decision.HOME else BUY, target[1])
    if kind == "regular":
        return Move(REGULAR, target[1])
    if kind == "casual":
        return Move(CASUAL, target[1])
    if kind == "field" and veg != NONE:
        return Move(SOW, target[1], veg)
    if kind == "stall":
        return Move(TRADE, target[1], target[2], veg if veg != NONE else 0)
    if kind == "path":
        p = state.players[state.to_move]
        return Move(ADVANCE, target[1] - p.path)
    if kind == "offer":
        return Move(OFFER, target[1])
    if kind == "store":
        return Move(UPGRADE)
    if kind == "draw":
        return Move(TWO_PACK) if _flow.decision(state) == Decision.ACT else Move(FLIP)
    return None


# --- planning aids -------------------------------------------------------------------------------

def path_preview(state: GameState, seat: int, space: int) -> str:
    p = state.players[seat]
    steps = space - p.path
    if steps < 0:
        return _("Space {space}: behind you", space=space)
    if steps == 0:
        return _("Space {space}: you are here", space=space)
    cost = path_cost(p.path, steps)
    left = p.cash - cost
    if left >= 0:
        return ngettext("Space {space}: {n} step for {cost} Cash ({left} left)",
                        "Space {space}: {n} steps for {cost} Cash ({left} left)", steps,
                        space=space, cost=cost, left=left)
    return ngettext("Space {space}: {n} step for {cost} Cash (you have {cash})",
                    "Space {space}: {n} steps for {cost} Cash (you have {cash})", steps,
                    space=space, cost=cost, cash=p.cash)


def casual_preview(state: GameState, seat: int, card: int) -> str:
    """What the Casual customer `card` pays its owner now ('pays now +9 = 11 - 2: more
    Casual than Regular customers'); a card no one has yet, what it would pay `seat`."""
    owner = next((p for p in state.players if any(slot[CARD] == card for slot in p.casuals)),
                  state.players[seat])
    return _("pays now {pay}", pay=casual_pay(owner, card))


def shop_preview(veg: int) -> str:
    return _("{veg}: buy {buy}, sell {sell}", veg=veg_words(veg), buy=BUY_PRICE[veg],
             sell=SELL_PRICE[veg])


def two_pack_label(state: GameState, seat: int) -> str:
    return _("Buy a Two-pack ({price})", price=two_pack_price(state.players[seat]))


# --- undo ----------------------------------------------------------------------------------------

class UndoStack:
    """States before each of a person's moves in the current turn (BGA policy), each with a
    mark of the caller's (where the game log stood: an undone move's lines go with it)."""

    def __init__(self) -> None:
        self._stack: list[GameState] = []
        self._marks: list[int] = []
        self._seat: int | None = None

    def record(self, before: GameState, seat: int, after: GameState, mark: int = 0) -> None:
        """Call after a person's move: `before` is a clone of the state it was made in."""
        if seat != self._seat:
            self._stack, self._marks = [], []
            self._seat = seat
        self._stack.append(before)
        self._marks.append(mark)
        revealed = any(e.reveals_hidden for e in after.events)
        if revealed or after.current_player != seat or after.is_over:
            self._stack, self._marks = [], []

    def forget(self) -> None:
        self._stack, self._marks = [], []
        self._seat = None

    def can_undo(self) -> bool:
        return bool(self._stack)

    def mark(self) -> int:
        """The mark recorded with the move `pop` undoes next."""
        return self._marks[-1]

    def pop(self) -> GameState:
        self._marks.pop()
        return self._stack.pop()
