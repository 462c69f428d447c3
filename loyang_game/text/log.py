"""Readable lines for the game log: one per move made, with the Cash it moved, and one per
event an `apply` left behind. `turn_lines` gives a move's lines as the log shows them;
`replay_log` rebuilds a whole game's log from its moves (a loaded save). For the table:
`headline` tells a move in one sentence, `touched` what a move did to another seat."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from typing import NamedTuple

from ..engine import GameConfig, GameState, new_game
from ..engine.cards import CARDS, CASUAL, HELPER, NONE, STALL
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
from ..engine.moves import Move, MoveKind
from ..engine.serving import casual_modifier
from ..engine.state import CASUAL_BONUS, PlayerState
from ..words import N_, _, list_words, ngettext, now, said
from .moves import move_words
from .names import FROM, OBJECT, SUBJECT, card_words, helper_words, veg_words
from .reasons import debt_words

Names = Sequence[str] | None


def describe_move(move: Move, names: Names = None) -> str:
    """One line for the game log, e.g. 'trades Wheat + Bean for Leek at Market stall S7' (in
    the player's language: text/moves.py)."""
    return move_words(move, names)


def _veg(veg: int) -> str:
    return veg_words(veg)


# Events about one player's card -> a line ("Placed" is told by the move), and the card's
# role in it.
_CARD_EVENTS: dict[type[Event], tuple[str, str]] = {
    Discarded: (N_("{who}'s {card} goes to the discard pile."), SUBJECT),
    Revealed: (N_("{who}'s {card} is revealed from under it."), SUBJECT),
    NewField: (N_("{who} turns over a {card}."), OBJECT),
    FieldRemoved: (N_("{who}'s emptied {card} leaves the game."), SUBJECT),
    Flipped: (N_("{who} turns over {card} into the Courtyard."), OBJECT),
    MarkerRed: (N_("{who}'s {card} was not served: its marker turns red."), SUBJECT),
    Penalty: (N_("{who}'s {card} was not served again: 2 Cash penalty."), SUBJECT),
    Claimed: (N_("{who}'s {foreman} takes the {card} from the discard pile."), OBJECT),
}


def describe_events(events: Iterable[Event], names: Sequence[str]) -> list[str]:
    """One line per event worth telling (harvests are summed per player, first)."""
    lines: list[str] = []
    harvests: dict[int, list[str]] = {}
    for event in events:
        match event:
            case GameOver():
                lines.append(_("The game is over."))
            case Reshuffled():
                lines.append(_("The discard pile is shuffled into a new draw pile."))
            case Harvested(seat=seat, veg=veg):
                harvests.setdefault(seat, []).append(_veg(veg))
            case Discarded() | Revealed() | NewField() | FieldRemoved() | Flipped() \
                    | MarkerRed() | Penalty() | Claimed():
                sentence, role = _CARD_EVENTS[type(event)]
                lines.append(_(sentence, who=names[event.seat], card=card_words(event.card, role),
                               foreman=helper_words("Foreman", SUBJECT)))
            case TwoPackDrawn(seat=seat, cards=cards):
                if cards:
                    lines.append(_("{who} draws {cards}.", who=names[seat],
                                   cards=list_words([card_words(c, OBJECT) for c in cards])))
                else:
                    lines.append(_("{who} draws nothing.", who=names[seat]))
            case Cash(seat=seat, amount=amount, why=why) if event.is_debt:
                lines.append(_("{who} pays {cash} Cash for the {debt}.", who=names[seat],
                               cash=-amount, debt=debt_words(str(why))))
    harvested = [_("{who} harvests {vegetables}.", who=names[seat], vegetables=", ".join(vegs))
                 for seat, vegs in harvests.items()]
    return harvested + lines


def log_lines(round_: int, seat: int, move: Move, events: Sequence[Event],
              names: Sequence[str]) -> list[str]:
    """A move's lines for the log of a game between agents (`ai.play.play_game`'s `tell`):
    'R3 Seat 1: buys Leek in the Shop', then what it did, indented."""
    line = _("R{round} {who}: {move}", round=round_, who=names[seat],
             move=describe_move(move, names))
    return [line, *(f"   {text}" for text in describe_events(events, names))]


# --- the Cash a move moved -----------------------------------------------------------------------

def casual_pay(p: PlayerState, card: int) -> str:
    """What `p`'s Casual customer `card` pays now, with its modifier and why (R8), e.g.
    '+9 = 11 - 2: more Casual than Regular customers'."""
    return casual_pay_words(*casual_terms(p, card))


def casual_terms(p: PlayerState, card: int) -> tuple[int, int, str]:
    """What `p`'s Casual customer `card` pays now as values: its pay, the modifier and why
    (a code: bonus, regular, casual, even)."""
    mod = casual_modifier(p)
    if CASUAL_BONUS in p.effects:
        why = "bonus"
    elif len(p.regulars) > len(p.casuals):
        why = "regular"
    elif len(p.casuals) > len(p.regulars):
        why = "casual"
    else:
        why = "even"
    return CARDS[card].pays[0], mod, why


def casual_pay_words(base: int, mod: int, why: str) -> str:
    """`casual_terms` in words: '+9 = 11 - 2: more Casual than Regular customers'."""
    if why == "bonus":
        said_why = _("the {helper}'s bonus", helper=helper_words("Saleswoman"))
    elif why == "regular":
        said_why = _("more Regular than Casual customers")
    elif why == "casual":
        said_why = _("more Casual than Regular customers")
    else:
        said_why = _("as many Regular as Casual customers")
    if not mod:
        return f"+{base}: {said_why}"
    return f"+{base + mod} = {base} {'+' if mod > 0 else '-'} {abs(mod)}: {said_why}"


class Before(NamedTuple):
    """What a move's lines need of the state it was made in."""

    round: int
    seat: int
    casual: str  # a Casual delivery's sum (casual_pay, a `Said`), else ""


def before_move(state: GameState, move: Move) -> Before:
    seat = state.to_move
    if move.kind != MoveKind.CASUAL:
        return Before(state.round, seat, "")
    terms = casual_terms(state.players[seat], move.a)
    return Before(state.round, seat, said(lambda: casual_pay_words(*terms)))


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
        return _("{move}: {pay}", move=line, pay=now(before.casual))
    if own and move.kind not in _TELLS_ITS_CASH:
        return _("{move}: {cash} Cash", move=line, cash=format(own, "+d"))
    return line


def turn_lines(before: Before, move: Move, after: GameState, names: Sequence[str]) -> list[str]:
    """The log's lines for `move`, made in the state `before` describes: 'R2 Anna: buys Leek
    in the Shop: -6 Cash', then the other seats' Cash it moved and the events, indented. Each
    line is a `Said`: after a switch of language the log is made again in the new one
    (`words.reword`), from what the move did, kept here."""
    moved, events, names = _moved(after), tuple(after.events), tuple(names)

    def lines() -> list[str]:
        return _turn_lines(before, move, moved, events, names)

    return [said(partial(nth_line, lines, index), first) for index, first in enumerate(lines())]


def nth_line(lines: Callable[[], Sequence[str]], index: int) -> str:
    """The `index`th of the lines `lines()` makes ('' past the last): one line of several
    made together, made again alone."""
    made = lines()
    return made[index] if index < len(made) else ""


def _turn_lines(before: Before, move: Move, moved: list[int], events: Sequence[Event],
                names: Sequence[str]) -> list[str]:
    out = [_("R{round} {who}: {move}", round=max(1, before.round), who=names[before.seat],
             move=_own_line(before, move, moved, names))]
    for seat, delta in enumerate(moved):
        if delta and seat != before.seat:
            if delta > 0:
                out.append("   " + _("{who} gets {cash} Cash.", who=names[seat], cash=delta))
            else:
                out.append("   " + _("{who} pays {cash} Cash.", who=names[seat], cash=-delta))
    out.extend(f"   {text}" for text in describe_events(events, names))
    return out


def headline(before: Before, move: Move, after: GameState, names: Sequence[str]) -> str:
    """The move in one sentence for the table, e.g. 'Bao buys Leek in the Shop: -6 Cash'."""
    return _("{who} {move}", who=names[before.seat],
             move=_own_line(before, move, _moved(after), names))


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

    def say(to_you: str, about: str, **values: object) -> str:
        """The clause told to the seat (`to_you`) or about it by name (`about`), each marked
        N_ and whole."""
        return _(to_you, who=who, **values) if you else _(about, who=who, name=names[seat],
                                                         **values)

    out = [say(N_("{who} chooses you as partner"), N_("{who} chooses {name} as partner"))] if (
        move.kind == MoveKind.PARTNER and move.a == seat) else []
    events = _own_phase(after.events)
    came, left, where = _card_moves(events, seat)
    court = [e.card for e in events if isinstance(e, Placed) and e.source == Source.COURTYARD
             and where.get(e.card) == mover and placed_by.get(e.card) == seat]
    court.sort(key=before.courtyard.index)
    # The move's own line names the card taken: the call-out adds only whose it was.
    out += [say(N_("the {card} was yours"), N_("the {card} was {name}'s"),
                card=card_words(card, SUBJECT))
            for card in court]
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
            out.append(say(N_("your {card} goes to {who}"), N_("{name}'s {card} goes to {who}"),
                           card=card_words(stall, SUBJECT)))
        elif stall in taken:
            vegs = list_words(taken[stall])
            if stall in left:
                out.append(say(N_("{vegetables} taken from your {card}, which leaves empty"),
                               N_("{vegetables} taken from {name}'s {card}, which leaves empty"),
                               vegetables=vegs, card=card_words(stall, FROM)))
            else:
                out.append(say(N_("{vegetables} taken from your {card}"),
                               N_("{vegetables} taken from {name}'s {card}"),
                               vegetables=vegs, card=card_words(stall, FROM)))
    out += [say(N_("{count} {veg} taken from your {card}"),
                N_("{count} {veg} taken from {name}'s {card}"),
                count=n, veg=_veg(veg), card=card_words(field, FROM))
            for (field, veg), n in tokens.items()]
    for event in events:
        if isinstance(event, Delivered) and event.owner == seat and event.server == mover:
            if event.rows == 4:
                out.append(say(N_("your {card} is fully served by {who} and leaves"),
                               N_("{name}'s {card} is fully served by {who} and leaves"),
                               card=card_words(event.card, SUBJECT)))
            else:
                out.append(say(N_("{who} delivers to your {card}"),
                               N_("{who} delivers to {name}'s {card}"),
                               card=card_words(event.card, OBJECT)))
    for kind in (STALL, CASUAL, HELPER):
        if kind != STALL:  # a stall's losses are told above, with its vegetables
            out += [say(N_("your {card} goes to {who}"), N_("{name}'s {card} goes to {who}"),
                        card=card_words(c, SUBJECT)) if where.get(c) == mover
                    else say(N_("your {card} leaves"), N_("{name}'s {card} leaves"),
                             card=card_words(c, SUBJECT))
                    for c in sorted(c for c in left if CARDS[c].kind == kind)]
        out += [say(N_("you get {card}"), N_("{name} gets {card}"), card=card_words(c, OBJECT))
                for c in sorted(c for c in came if CARDS[c].kind == kind)]
    if cash > 0:
        out.append(say(N_("you get {cash} Cash"), N_("{name} gets {cash} Cash"), cash=cash))
    elif cash < 0:
        out.append(say(N_("you pay {cash} Cash"), N_("{name} pays {cash} Cash"), cash=-cash))
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


def first_line(config: GameConfig) -> str:
    """The log's first line: what game this is ('A game of Loyang: 2 players, seed 7.'), a
    `Said` (a switch of language makes it again)."""
    seats, seed = config.seats, str(config.seed)
    if config.solo:
        return said(lambda: _("A game of Loyang: the solo game, seed {seed}.", seed=seed))
    return said(lambda: ngettext("A game of Loyang: {n} player, seed {seed}.",
                                 "A game of Loyang: {n} players, seed {seed}.", seats,
                                 seed=seed))


def taken_back_line(name: str, line: str | None) -> str:
    """The log's line for a move a person took back: `line`, the move's own log line ('R3
    Anna: sows Bean on the 4-space field'), says which (None: the log had none)."""
    if line is None or ": " not in line:
        return said(lambda: "   " + _("{name} takes back a move.", name=name))
    return said(lambda: "   " + _("{name} takes back a move ({move}).", name=name,
                                  move=now(line).split(": ")[1]))


def replay_log(config: GameConfig, moves: Iterable[Move], names: Sequence[str]) -> list[str]:
    """The log lines of a game made of `moves` from the deal of `config`."""
    state = new_game(config)
    lines: list[str] = []
    for move in moves:
        before = before_move(state, move)
        state.apply(move)
        lines += turn_lines(before, move, state, names)
    return lines
