"""The words of an in-place choice's options, said to the person choosing ("Use the Foreman
to take the Trader", "Discard the Maid unused"), with what each concerns on the table: the
Harvest helper's options name their fields, the Shopper's their prices. The log tells the same
moves in the third person; here they are said in the advice form (`text/moves.py`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import GameState, Move
from ..engine.cards import BUY_PRICE, CARDS, NONE
from ..engine.helpers.fields import harvest_fields
from ..engine.helpers.shop import SHOPPER_DISCOUNT
from ..engine.moves import CLAIM, END, USE
from ..text.moves import move_words
from ..text.names import card_words, veg_words
from ..words import _


def imperative(move: Move, names: Sequence[str] | None = None) -> str:
    """The move said to the one who does it ("Use the Squire: take 2 from the Courtyard and
    play R4"): its advice form (text/moves.py), begun with a capital."""
    out = move_words(move, names, advice=True)
    return out[:1].upper() + out[1:]


def _field(state: GameState, seat: int, card: int) -> str:
    p = state.players[seat]
    slot = next(f for f in p.fields if f.card == card)
    return _("{veg} from your {field} ({tokens} on it)", veg=veg_words(slot.veg),
             field=card_words(card), tokens=slot.tokens)


def option_label(state: GameState, move: Move, names: Sequence[str]) -> str:
    """What the option `move` does, said to the person choosing it."""
    seat = state.current_player
    if move.kind == END:
        return _("End the Action phase anyway")
    if move.kind == CLAIM and move.a == NONE:
        return _("Do not use the Foreman")
    if move.kind == USE and seat is not None:
        name = CARDS[move.a].name
        if name == "Harvest helper" and move.b == 1:
            fields = harvest_fields(state.players[seat], move.c)
            if len(fields) == 1:
                return _("Harvest 2 {field}", field=_field(state, seat, fields[0]))
            return _("Harvest 2 from each: {fields}",
                     fields="; ".join(_field(state, seat, f) for f in fields))
        if name == "Shopper":
            veg = move.c
            return _("Use the Shopper: buy {veg} from the Supply for {price} Cash (Shop: "
                     "{shop})", veg=veg_words(veg), price=max(0, BUY_PRICE[veg] - SHOPPER_DISCOUNT),
                     shop=BUY_PRICE[veg])
    return imperative(move, names)


def option_cards(state: GameState, move: Move) -> list[int]:
    """The cards of the person's board that the option `move` works on (lit while the
    pointer is on the option)."""
    seat = state.current_player
    if move.kind != USE or seat is None:
        return []
    p = state.players[seat]
    if CARDS[move.a].name == "Harvest helper" and move.b == 1:
        return harvest_fields(p, move.c)
    mine = {slot.card for area in (p.fields, p.stalls, p.regulars, p.casuals, p.helpers)
            for slot in area} - {move.a}
    told = move_words(move)
    return [c for c in (move.b, move.c, move.d, move.e)
            if c in mine and card_words(c) in told]


def helper_detail(state: GameState, card: int) -> str:
    """A line under a Helper's choice about what it does not offer now and why (the
    Shopper's vegetables that cost more than the Cash in hand)."""
    seat = state.current_player
    if seat is None or CARDS[card].name != "Shopper":
        return ""
    cash = state.players[seat].cash
    dear = [veg for veg in range(6) if BUY_PRICE[veg] - SHOPPER_DISCOUNT > cash]
    if not dear:
        return ""
    prices = ", ".join(f"{veg_words(v)} {BUY_PRICE[v] - SHOPPER_DISCOUNT}" for v in dear)
    return _("You have {cash} Cash: not enough for {prices}.", cash=cash, prices=prices)
