"""Readable lines for the game log: one per move made, with the Cash it moved, and one per
event an `apply` left behind. `turn_lines` gives a move's lines as the log shows them;
`replay_log` rebuilds a whole game's log from its moves (a loaded save). For the table:
`headline` tells a move in one sentence, `touched` what a move did to another seat."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import NamedTuple

from ..engine import GameConfig, GameState, new_game
from ..engine.cards import CARDS, CASUAL, HELPER, NONE, STALL, VEG_NAMES
from ..engine.events import (
    Cash,
    Claimed,
    Delivered,
    Discarded,
    Event,
    FieldRemoved,
    Flipped,
    GameOver,
    GoodTaken,
    Handed,
    Harvested,
    MarkerRed,
    NewField,
    Penalty,
    PhaseBegan,
    Placed,
    Reshuffled,
    Revealed,
    Source,
    TokenTaken,
    TwoPackDrawn,
)
from ..engine.helpers import describe_use
from ..engine.moves import Move, MoveKind
from ..engine.serving import casual_modifier
from ..engine.state import CASUAL_BONUS, PlayerState

Names = Sequence[str] | None


def describe_move(move: Move, names: Names = None) -> str:
    """One line for the game log, e.g. 'trades Wheat + Bean for Leek at Market stall S7'."""
    return _DESCRIBE[move.kind](move, names)


def _card(card: int) -> str:
    return CARDS[card].name if 0 <= card < len(CARDS) else f"card {card}"


def _veg(veg: int) -> str:
    return VEG_NAMES[veg] if 0 <= veg < len(VEG_NAMES) else f"vegetable {veg}"


def _take(m: Move, _names: Names) -> str:
    if m.a == NONE:
        return f"plays {_card(m.b)} (the Courtyard is empty)"
    return f"takes {_card(m.a)} from the Courtyard and plays {_card(m.b)}"


def _trade(m: Move, _names: Names) -> str:
    given = _veg(m.c) if m.d == NONE else f"{_veg(m.c)} + {_veg(m.d)}"
    veg = CARDS[m.a].offers[m.b][0] if 0 <= m.a < len(CARDS) and CARDS[m.a].offers else NONE
    return f"trades {given} for {_veg(veg)} at {_card(m.a)}"


def _keep(m: Move, _names: Names) -> str:
    if m.a == NONE:
        return "keeps neither card of the Two-pack"
    if m.b == NONE:
        return f"keeps {_card(m.a)} from the Two-pack"
    return f"keeps {_card(m.a)} on top of {_card(m.b)}"


def _partner(m: Move, names: Names) -> str:
    who = names[m.a] if names and 0 <= m.a < len(names) else f"seat {m.a + 1}"
    return f"chooses {who} as partner for the Action phase"


def _advance(m: Move, _names: Names) -> str:
    if m.a == 0:
        return "stays put on the Path of Prosperity"
    return f"walks {m.a} space{'s' if m.a > 1 else ''} on the Path of Prosperity"


def _claim(m: Move, _names: Names) -> str:
    if m.a == NONE:
        return "lets the Foreman pass"
    return f"uses the Foreman to take the {_card(m.a)} from the discard pile"


_DESCRIBE: dict[MoveKind, Callable[[Move, Names], str]] = {
    MoveKind.HOME: lambda m, n: f"buys {_veg(m.a)} and sows the Home field",
    MoveKind.PLACE: lambda m, n: f"puts {_card(m.a)} into the Courtyard",
    MoveKind.TAKE: _take,
    MoveKind.FLIP: lambda m, n: "turns over the top card of the draw pile into the Courtyard",
    MoveKind.PARTNER: _partner,
    MoveKind.SOW: lambda m, n: f"sows {_veg(m.b)} on the {_card(m.a)}",
    MoveKind.BUY: lambda m, n: f"buys {_veg(m.a)} in the Shop",
    MoveKind.SELL: lambda m, n: f"sells {_veg(m.a)} to the Shop",
    MoveKind.TRADE: _trade,
    MoveKind.DISCARD: lambda m, n: f"discards the {_card(m.a)} unused",
    MoveKind.REGULAR: lambda m, n: f"delivers to {_card(m.a)}",
    MoveKind.CASUAL: lambda m, n: f"delivers to {_card(m.a)}",
    MoveKind.TWO_PACK: lambda m, n: "buys a Two-pack",
    MoveKind.KEEP: _keep,
    MoveKind.LOAN: lambda m, n: "takes a Loan (+5 Cash)",
    MoveKind.UPGRADE: lambda m, n: "upgrades the Storehouse",
    MoveKind.END: lambda m, n: "ends the Action phase",
    MoveKind.RETURN: lambda m, n: f"returns {_veg(m.a)} to the supply",
    MoveKind.ADVANCE: _advance,
    MoveKind.USE: describe_use,  # the Helpers know their own options
    MoveKind.CLAIM: _claim,
    MoveKind.SHOP: lambda m, n: f"sets {m.b} {_veg(m.a)} in the Shop (Book-keeper)",
    MoveKind.PASS: lambda m, n: "does not use a Harvest helper",
    MoveKind.OFFER: lambda m, n: f"buys {_card(m.a)} from the Offer",
    MoveKind.DONE: lambda m, n: "buys no more cards from the Offer",
}

# Events about one player's card -> a line ("Placed" is told by the move).
_CARD_EVENTS: dict[type[Event], str] = {
    Discarded: "{who}'s {card} goes to the discard pile.",
    Revealed: "{who}'s {card} is revealed from under it.",
    NewField: "{who} turns over a {card}.",
    FieldRemoved: "{who}'s emptied {card} leaves the game.",
    Flipped: "{who} turns over {card} into the Courtyard.",
    MarkerRed: "{who}'s {card} was not served: its marker turns red.",
    Penalty: "{who}'s {card} was not served again: 2 Cash penalty.",
    Claimed: "{who}'s Foreman takes the {card} from the discard pile.",
}


def describe_events(events: Iterable[Event], names: Sequence[str]) -> list[str]:
    """One line per event worth telling (harvests are summed per player, first)."""
    lines: list[str] = []
    harvests: dict[int, list[str]] = {}
    for event in events:
        match event:
            case GameOver():
                lines.append("The game is over.")
            case Reshuffled():
                lines.append("The discard pile is shuffled into a new draw pile.")
            case Harvested(seat=seat, veg=veg):
                harvests.setdefault(seat, []).append(VEG_NAMES[veg])
            case Discarded() | Revealed() | NewField() | FieldRemoved() | Flipped() \
                    | MarkerRed() | Penalty() | Claimed():
                lines.append(_CARD_EVENTS[type(event)].format(
                    who=names[event.seat], card=CARDS[event.card].name))
            case TwoPackDrawn(seat=seat, cards=cards):
                drawn = " and ".join(CARDS[c].name for c in cards) or "nothing"
                lines.append(f"{names[seat]} draws {drawn}.")
            case Cash(seat=seat, amount=amount, why=why) if event.is_debt:
                lines.append(f"{names[seat]} pays {-amount} Cash for the {why}.")
    harvested = [f"{names[seat]} harvests {', '.join(vegs)}." for seat, vegs in harvests.items()]
    return harvested + lines


# --- the Cash a move moved -----------------------------------------------------------------------

def casual_pay(p: PlayerState, card: int) -> str:
    """What `p`'s Casual customer `card` pays now, with its modifier and why (R8), e.g.
    '+9 = 11 - 2: more Casual than Regular customers'."""
    base = CARDS[card].pays[0]
    mod = casual_modifier(p)
    if CASUAL_BONUS in p.effects:
        why = "the Saleswoman's bonus"
    elif len(p.regulars) > len(p.casuals):
        why = "more Regular than Casual customers"
    elif len(p.casuals) > len(p.regulars):
        why = "more Casual than Regular customers"
    else:
        why = "as many Regular as Casual customers"
    if not mod:
        return f"+{base}: {why}"
    return f"+{base + mod} = {base} {'+' if mod > 0 else '-'} {abs(mod)}: {why}"


class Before(NamedTuple):
    """What a move's lines need of the state it was made in."""

    round: int
    seat: int
    casual: str  # a Casual delivery's sum (casual_pay), else ""


def before_move(state: GameState, move: Move) -> Before:
    seat = state.to_move
    casual = (casual_pay(state.players[seat], move.a) if move.kind == MoveKind.CASUAL else "")
    return Before(state.round, seat, casual)


# Moves whose own line already says their Cash.
_TELLS_ITS_CASH = {MoveKind.LOAN}


def _moved(after: GameState) -> list[int]:
    """Each seat's Cash change in the last move, less the debts paid that the events tell."""
    moved = [0] * len(after.players)
    for event in after.events:
        if isinstance(event, Cash) and not event.is_debt:
            moved[event.seat] += event.amount
    return moved


def _own_line(before: Before, move: Move, moved: list[int], names: Sequence[str]) -> str:
    line = describe_move(move, names)
    own = moved[before.seat]
    if before.casual:
        line += f": {before.casual}"
    elif own and move.kind not in _TELLS_ITS_CASH:
        line += f": {own:+d} Cash"
    return line


def turn_lines(before: Before, move: Move, after: GameState, names: Sequence[str]) -> list[str]:
    """The log's lines for `move`, made in the state `before` describes: 'R2 Anna: buys Leek
    in the Shop: -6 Cash', then the other seats' Cash it moved and the events, indented."""
    moved = _moved(after)
    out = [f"R{max(1, before.round)} {names[before.seat]}: "
           f"{_own_line(before, move, moved, names)}"]
    for seat, delta in enumerate(moved):
        if delta and seat != before.seat:
            verb = "gets" if delta > 0 else "pays"
            out.append(f"   {names[seat]} {verb} {abs(delta)} Cash.")
    out.extend(f"   {text}" for text in describe_events(after.events, names))
    return out


def headline(before: Before, move: Move, after: GameState, names: Sequence[str]) -> str:
    """The move in one sentence for the table, e.g. 'Bao buys Leek in the Shop: -6 Cash'."""
    return f"{names[before.seat]} {_own_line(before, move, _moved(after), names)}"


# --- what a move did to another seat --------------------------------------------------------------

def touched(before: GameState, after: GameState, move: Move, seat: int, names: Sequence[str],
            placed_by: Mapping[int, int], you: bool = True) -> list[str]:
    """What `move`, made by another seat in `before`, did to `seat`, read from the move's
    events (`after.events`): one clause each ('Leek taken from your Market stall S7', 'you
    get 1 Cash'), told to that seat (`you`) or about it by name; empty if it did nothing to
    it. `placed_by`: who put each Courtyard card there (a card of `seat`'s taken from the
    Courtyard is told too). Only what happened within the move's own phase is its doing: the
    steps that run between phases (the Harvest, new cards) happen to everybody."""
    mover = before.to_move
    who = names[mover]
    subject, owner = ("you", "your") if you else (names[seat], f"{names[seat]}'s")
    get, pay = ("get", "pay") if you else ("gets", "pays")
    out = [f"{who} chooses {subject} as partner"] if (
        move.kind == MoveKind.PARTNER and move.a == seat) else []
    events = _own_phase(after.events)
    came, left, where = _card_moves(events, seat)
    court = [e.card for e in events if isinstance(e, Placed) and e.source == Source.COURTYARD
             and where.get(e.card) == mover and placed_by.get(e.card) == seat]
    court.sort(key=before.courtyard.index)
    # The move's own line names the card taken: the call-out adds only whose it was.
    out += [f"the {_card(card)} was {'yours' if you else owner}" for card in court]
    taken: dict[int, list[str]] = {}  # stall -> its vegetables taken
    tokens: dict[tuple[int, int], int] = {}  # (field, vegetable) -> tokens taken
    cash = 0
    for event in events:
        match event:
            case GoodTaken(owner=o, stall=stall, veg=veg) if o == seat:
                taken.setdefault(stall, []).append(_veg(veg))
            case TokenTaken(owner=o, field=field, veg=veg) if o == seat:
                tokens[field, veg] = tokens.get((field, veg), 0) + 1
            case Cash(seat=s, amount=amount) if s == seat:
                cash += amount
    for stall in dict.fromkeys([*taken, *(c for c in left if CARDS[c].kind == STALL)]):
        if stall in left and where.get(stall) == mover:
            out.append(f"{owner} {_card(stall)} goes to {who}")
        elif stall in taken:
            out.append(f"{' and '.join(taken[stall])} taken from {owner} {_card(stall)}"
                       + (", which leaves empty" if stall in left else ""))
    out += [f"{n} {_veg(veg)} taken from {owner} {_card(field)}"
            for (field, veg), n in tokens.items()]
    for event in events:
        if isinstance(event, Delivered) and event.owner == seat and event.server == mover:
            out.append(f"{owner} {_card(event.card)} is fully served by {who} and leaves"
                       if event.rows == 4 else f"{who} delivers to {owner} {_card(event.card)}")
    for kind in (STALL, CASUAL, HELPER):
        if kind != STALL:  # a stall's losses are told above, with its vegetables
            out += [f"{owner} {_card(c)} goes to {who}" if where.get(c) == mover
                    else f"{owner} {_card(c)} leaves"
                    for c in sorted(c for c in left if CARDS[c].kind == kind)]
        out += [f"{subject} {get} {_card(c)}"
                for c in sorted(c for c in came if CARDS[c].kind == kind)]
    if cash:
        out.append(f"{subject} {get if cash > 0 else pay} {abs(cash)} Cash")
    return out


def _own_phase(events: Sequence[Event]) -> Sequence[Event]:
    """The events of a move before the next phase began (the move's own doing)."""
    for index, event in enumerate(events):
        if isinstance(event, PhaseBegan | GameOver):
            return events[:index]
    return events


def _card_moves(events: Iterable[Event], seat: int) -> tuple[set[int], set[int], dict[int, int]]:
    """The played cards that came into `seat`'s play area and stayed, those that were there
    and left it, and the seat whose play area each card that moved ended in (none: the
    discard pile)."""
    where: dict[int, int] = {}  # card -> the seat whose play area it is in now
    first: dict[int, int] = {}  # card -> the seat it left first (NONE: it came from no one)
    for event in events:
        match event:
            case Placed(seat=s, card=card) | Claimed(seat=s, card=card):
                first.setdefault(card, NONE)
                where[card] = s
            case Handed(card=card, giver=giver, taker=taker):
                first.setdefault(card, giver)
                where[card] = taker
            case Discarded(seat=s, card=card):
                first.setdefault(card, s)
                where.pop(card, None)
    came = {card for card, s in where.items() if s == seat and first[card] != seat}
    left = {card for card, s in first.items() if s == seat and where.get(card) != seat}
    return came, left, where


def replay_log(config: GameConfig, moves: Iterable[Move], names: Sequence[str]) -> list[str]:
    """The log lines of a game made of `moves` from the deal of `config`."""
    state = new_game(config)
    lines: list[str] = []
    for move in moves:
        before = before_move(state, move)
        state.apply(move)
        lines += turn_lines(before, move, state, names)
    return lines
