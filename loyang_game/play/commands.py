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
from dataclasses import dataclass, field

from ..engine import GameState, Move
from ..engine import flow as _flow
from ..engine.actionphase import two_pack_price
from ..engine.cards import (
    BUY_PRICE,
    CARDS,
    NEEDS,
    SELL_PRICE,
    STOREHOUSE_UPGRADE_COST,
    VEG_NAMES,
    path_cost,
)
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
from ..engine.state import CARD, FIRST_DUE, RED, SERVED, Decision
from ..text.log import casual_pay

Target = tuple

# Clicking one of these always opens the in-place choice, even for a single option: a Helper
# is never used or discarded by a stray click.
ALWAYS_CHOOSE = {"helper"}

BUTTON_LABELS = {
    "twopack": "Buy a Two-pack", "loan": "Take a Loan (+5)", "upgrade": "Upgrade Storehouse (2)",
    "end": "End Action phase", "pass": "Pass", "done": "Done buying", "stay": "Stay put",
    "supply": "Return to supply", "play": "Play this card", "keeponly": "Keep only this card",
    "keepnone": "Keep neither", "confirm": "Use the Helper", "cancel": "Cancel",
}

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
        return f"Two-pack: {two_pack_price(p)} Cash, you have {p.cash}"
    if name == "upgrade" and not p.upgraded:
        return f"Upgrade: {STOREHOUSE_UPGRADE_COST} Cash, you have {p.cash}"
    reason = _flow.why_illegal(state, move)
    return reason[0].upper() + reason[1:] + "."


def gathered(move: Move) -> tuple[Target, ...] | None:
    """What on the table a move names, when the move is chosen by pointing at it there, in
    any order, and then confirming: the Squire's take (a hand card and 1 to 3 Courtyard
    cards), a partner (that player's board); None for any other move."""
    if move.kind == PARTNER:
        return (("seat", move.a),)
    if move.kind != USE or move.b == NONE or CARDS[move.a].name != "Squire":
        return None
    return (("hand", move.b), *(("court", c) for c in (move.c, move.d, move.e) if c != NONE))


SINGLE = ("hand", "seat")  # a move names one of these: a second one picked takes its place


@dataclass
class Gathering:
    """A choice being made by pointing at cards on the table (`gathered`): the Helper in use,
    its moves, and the cards picked so far. A card picked again is put back; a second hand
    card takes the first one's place."""

    helper: Target | None  # the Helper clicked first (None: the decision's own, a partner)
    moves: list[Move]
    picked: list[Target] = field(default_factory=list)

    def fitting(self) -> list[Move]:
        """The moves that still fit what is picked."""
        have = set(self.picked)
        return [m for m in self.moves if have <= set(gathered(m) or ())]

    def candidates(self) -> set[Target]:
        """The cards that may be picked (or put back) now: those after whose picking some
        move still names every picked card."""
        out = set(self.picked)
        for move in self.moves:
            names = set(gathered(move) or ())
            out |= {t for t in names - out if self._with(t) <= names}
        return out

    def _with(self, target: Target) -> set[Target]:
        """The picked cards once `target` is picked (a hand card replaces another)."""
        kept = {t for t in self.picked if target[0] not in SINGLE or t[0] != target[0]}
        return kept | {target}

    def complete(self) -> Move | None:
        """The move the picked cards make, once they name one exactly."""
        have = set(self.picked)
        return next((m for m in self.moves if set(gathered(m) or ()) == have), None)

    def pick(self, target: Target) -> bool:
        """Pick `target` (or put it back); False if it cannot be picked now."""
        if target in self.picked:
            self.picked.remove(target)
            return True
        if target not in self.candidates():
            return False
        self.picked = [t for t in self.picked if t in self._with(target)] + [target]
        return True


def sequences(state: GameState, move: Move) -> list[list[Target]]:
    """Every click sequence that makes `move` (the first is the usual one)."""
    k = move.kind
    cards = gathered(move)
    if cards is not None:  # pointed at in any order (`Gathering`); this is the usual one
        first = [] if k == PARTNER else [("helper", move.a)]
        return [[*first, *cards, ("btn", "confirm")]]
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
    """Moves made in a decision panel that opens by itself (the Foreman, the Book-keeper);
    a partner is chosen on the table (`gathered`)."""
    return [m for m in state.legal_moves() if m.kind in (CLAIM, SHOP)]


def decision_gathering(state: GameState) -> Gathering | None:
    """The decision at hand when it is made by pointing at the table from the start (a
    partner: a player's board), None otherwise."""
    moves = [m for m in state.legal_moves() if m.kind == PARTNER]
    return Gathering(None, moves) if moves else None


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
        name = CARDS[slot[CARD]].name
        if slot[RED]:
            out.append(f"{name} is not served and its marker is already red: you pay a "
                       "2-Cash penalty.")
        else:
            out.append(f"{name} is not served: its marker turns red; left unserved again "
                       "while red, it costs a 2-Cash penalty.")
    return " ".join(out)


@dataclass
class Result:
    """What a click did: 'pick' (extended the pick), 'apply' (move), 'choose' (options to
    show, with a title), 'reject' (message), 'cancel' or 'ignore'."""

    kind: str
    move: Move | None = None
    options: list[Move] = field(default_factory=list)
    message: str = ""


@dataclass
class Picker:
    """What a person has picked up so far, and the moves that click sequence still allows."""

    selection: list[Target] = field(default_factory=list)
    choosing: list[Move] = field(default_factory=list)  # options of an open choice
    choose_title: str = ""
    choose_detail: str = ""  # what the choice means, told under its title
    gathering: Gathering | None = None  # a choice made by pointing at the table's cards
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
            cancel = {("btn", "cancel")} if gathering.helper or gathering.picked else set()
            return gathering.candidates() | cancel | done
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
            return Result("reject", message="That choice is no longer possible.")
        if self.choosing:
            self.reset()
            return Result("cancel")
        if self.gathering is None and not self.selection:
            self.gathering = decision_gathering(state)
        if self.gathering is not None:
            return self._gather(state, target)
        gather = [m for m in state.legal_moves() if gathered(m) is not None
                  and ("helper", m.a) == target]
        if gather and not self.selection:  # the Helper's cards are pointed at on the table
            self.gathering = Gathering(target, gather)
            self.selection = [target]
            return Result("pick", message=gather_prompt(self.gathering))
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
                self.choose_title = "Unserved due customer: end your Action phase?"
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
            self.reset()
            return Result("cancel")
        if target == ("btn", "confirm"):
            move = gathering.complete()
            if move is None or move not in state.legal_moves():
                return Result("reject", message=gather_prompt(gathering))
            self.reset()
            return Result("apply", move)
        if not gathering.pick(target):
            if gathering.helper is None and not gathering.picked:
                self.gathering = None  # nothing begun: the click is refused as any other
                return Result("reject", message=why_not(state, [], target))
            return Result("reject", message=gather_prompt(gathering))
        self.selection = [*([gathering.helper] if gathering.helper else []),
                          *gathering.picked]
        return Result("pick", message=gather_prompt(gathering))


def gather_prompt(gathering: Gathering) -> str:
    """What to point at next, for the Helper being used (the Squire) or the partner."""
    if gathering.helper is None:
        if gathering.complete() is not None:
            return ("click Partner with them, or another player's board on the left to look "
                    "at theirs.")
        return ("choose your partner for the Action phase: click a player's board on the "
                "left to look at it, then Partner with them.")
    hand = any(target[0] == "hand" for target in gathering.picked)
    court = len(gathering.picked) - hand
    if gathering.complete() is not None:
        more = " (or one more Courtyard card)" if court < 3 else ""
        return f"click Use the Squire to take them{more}; Cancel or Esc to stop."
    if not hand:
        return "the Squire: click the hand card to play, and 1 to 3 Courtyard cards to take."
    return "the Squire: now click 1 to 3 Courtyard cards to take."


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
        return f"{CARDS[target[1]].name}: choose what to do"
    if kind in ("regular", "casual"):
        return f"Deliver to {CARDS[target[1]].name}"
    return "Choose"


def why_not(state: GameState, selection: list[Target], target: Target) -> str:
    """A short reason why clicking `target` (after `selection`) does nothing."""
    seat = state.current_player
    if seat is None:
        return "The game is over."
    decision = _flow.decision(state)
    if target[0] == "btn" and target[1] in ACTION_BUTTONS and decision == Decision.ACT:
        return button_reason(state, target[1]) or "That is not possible now."
    try:
        guess = _guess(state, selection, target)
    except (IndexError, KeyError, ValueError):
        guess = None
    if guess is not None:
        try:
            reason = _flow.why_illegal(state, guess)
        except Exception:  # a guess the engine does not expect: the general answer
            logging.getLogger(__name__).debug("no reason for %r", guess, exc_info=True)
            reason = ""
        if reason and "is not possible now" not in reason:
            return reason[0].upper() + reason[1:] + "."
    return {
        "home": "Choose your Home vegetable: Wheat, Pumpkin or Turnip in your Shop.",
        "cards": "Card phase: click a hand card, then the Courtyard or a Courtyard card.",
        "act": "That does nothing here. Click a Cart vegetable, a Shop vegetable, a customer, "
               "a stall offer or a Helper.",
        "store": "Your Storehouse is full: sell or return vegetables from your Cart.",
        "path": "Click a lit space of the Path of Prosperity (or Stay put).",
        "pay": "You must raise money first: sell from the Cart, take a Loan, or use or discard "
               "a Helper.",
        "keep": "Choose which Two-pack cards to keep.",
    }.get(decision, "That is not possible now.")


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
        return f"Space {space}: behind you"
    if steps == 0:
        return f"Space {space}: you are here"
    cost = path_cost(p.path, steps)
    left = p.cash - cost
    return f"Space {space}: {steps} step{'s' if steps > 1 else ''} for {cost} Cash" + (
        f" ({left} left)" if left >= 0 else f" (you have {p.cash})")


def casual_preview(state: GameState, seat: int, card: int) -> str:
    """What the Casual customer `card` pays its owner now ('pays now +9 = 11 - 2: more
    Casual than Regular customers'); a card no one has yet, what it would pay `seat`."""
    owner = next((p for p in state.players if any(slot[CARD] == card for slot in p.casuals)),
                  state.players[seat])
    return f"pays now {casual_pay(owner, card)}"


def shop_preview(veg: int) -> str:
    return f"{VEG_NAMES[veg]}: buy {BUY_PRICE[veg]}, sell {SELL_PRICE[veg]}"


def two_pack_label(state: GameState, seat: int) -> str:
    return f"Buy a Two-pack ({two_pack_price(state.players[seat])})"


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
