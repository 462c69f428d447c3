"""A move in the player's language, in two forms, each a whole template of its own: what a
player did, told in the log ('buys Leek in the Shop', the third person) and the same move as
advice or an option to choose ('buy Leek in the Shop', the imperative). Made from the move's
codes (its kind, cards by id, vegetables by index); the Helpers' moves by the Helper's id."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..engine.cards import CARDS, HELPER, NONE
from ..engine.helpers.customers import Saleswoman
from ..engine.helpers.fields import SOLO
from ..engine.helpers.market import good_vegetable
from ..engine.helpers.shop import WITH_HAGGLER, WITH_SHOPPER
from ..engine.moves import Move, MoveKind
from ..words import N_, _, ngettext
from .names import AT, FROM, OBJECT, WITH, card_words, helper_words, veg_words

Names = Sequence[str] | None


def _two(advice: bool, does: str, do: str, **values: object) -> str:
    """The form asked for: `does` (marked N_) told of a player, `do` as advice."""
    return _(do if advice else does, **values)


def _object(card: int) -> str:
    """A card the move acts on, with the article and case it needs there (names.OBJECT:
    'den Stammkunden R4', 'la Vendeuse')."""
    return card_words(card, OBJECT)


def _at(stall: int) -> str:
    """The Market stall a trade is made at ('am Marktstand S7', 'alla bancarella S7')."""
    return card_words(stall, AT)


def _veg(veg: int) -> str:
    return veg_words(veg)


def _take(m: Move, names: Names, advice: bool) -> str:
    if m.a == NONE:
        return _two(advice, N_("plays {card} (the Courtyard is empty)"),
                    N_("play {card} (the Courtyard is empty)"), card=_object(m.b))
    return _two(advice, N_("takes {taken} from the Courtyard and plays {card}"),
                N_("take {taken} from the Courtyard and play {card}"),
                taken=_object(m.a), card=_object(m.b))


def _trade(m: Move, names: Names, advice: bool) -> str:
    veg = CARDS[m.a].offers[m.b][0] if 0 <= m.a < len(CARDS) and CARDS[m.a].offers else NONE
    if m.d == NONE:
        return _two(advice, N_("trades {given} for {got} at {stall}"),
                    N_("trade {given} for {got} at {stall}"),
                    given=_veg(m.c), got=_veg(veg), stall=_at(m.a))
    return _two(advice, N_("trades {given} + {second} for {got} at {stall}"),
                N_("trade {given} + {second} for {got} at {stall}"),
                given=_veg(m.c), second=_veg(m.d), got=_veg(veg), stall=_at(m.a))


def _keep(m: Move, names: Names, advice: bool) -> str:
    if m.a == NONE:
        return _two(advice, N_("keeps neither card of the Two-pack"),
                    N_("keep neither card of the Two-pack"))
    if m.b == NONE:
        return _two(advice, N_("keeps {card} from the Two-pack"),
                    N_("keep {card} from the Two-pack"), card=_object(m.a))
    return _two(advice, N_("keeps {card} on top of {under}"), N_("keep {card} on top of {under}"),
                card=_object(m.a), under=_object(m.b))


def _partner(m: Move, names: Names, advice: bool) -> str:
    who = names[m.a] if names and 0 <= m.a < len(names) else _("seat {seat}", seat=m.a + 1)
    return _two(advice, N_("chooses {name} as partner for the Action phase"),
                N_("choose {name} as partner for the Action phase"), name=who)


def _advance(m: Move, names: Names, advice: bool) -> str:
    if m.a == 0:
        return _two(advice, N_("stays put on the Path of Prosperity"),
                    N_("stay put on the Path of Prosperity"))
    if advice:
        return ngettext("walk {n} space on the Path of Prosperity",
                        "walk {n} spaces on the Path of Prosperity", m.a)
    return ngettext("walks {n} space on the Path of Prosperity",
                    "walks {n} spaces on the Path of Prosperity", m.a)


def _claim(m: Move, names: Names, advice: bool) -> str:
    if m.a == NONE:
        return _two(advice, N_("lets the {helper} pass"), N_("let the {helper} pass"),
                    helper=helper_words("Foreman", OBJECT))
    return _two(advice, N_("uses the {helper} to take the {card} from the discard pile"),
                N_("use the {helper} to take the {card} from the discard pile"),
                helper=helper_words("Foreman", OBJECT), card=_object(m.a))


def _simple(does: str, do: str, **slots: Callable[[Move], object]) -> Callable[..., str]:
    def say(m: Move, names: Names, advice: bool) -> str:
        return _two(advice, does, do, **{k: f(m) for k, f in slots.items()})
    return say


def _shop_set(m: Move, names: Names, advice: bool) -> str:
    if advice:
        return ngettext("set {n} {veg} in the Shop ({helper})",
                        "set {n} {veg} in the Shop ({helper})", m.b, veg=_veg(m.a),
                        helper=helper_words("Book-keeper"))
    return ngettext("sets {n} {veg} in the Shop ({helper})",
                    "sets {n} {veg} in the Shop ({helper})", m.b, veg=_veg(m.a),
                    helper=helper_words("Book-keeper"))


_DESCRIBE: dict[MoveKind, Callable[[Move, Names, bool], str]] = {
    MoveKind.HOME: _simple(N_("buys {veg} and sows the Home field"),
                           N_("buy {veg} and sow the Home field"), veg=lambda m: _veg(m.a)),
    MoveKind.PLACE: _simple(N_("puts {card} into the Courtyard"),
                            N_("put {card} into the Courtyard"), card=lambda m: _object(m.a)),
    MoveKind.TAKE: _take,
    MoveKind.FLIP: _simple(N_("turns over the top card of the draw pile into the Courtyard"),
                           N_("turn over the top card of the draw pile into the Courtyard")),
    MoveKind.PARTNER: _partner,
    MoveKind.SOW: _simple(N_("sows {veg} on the {card}"), N_("sow {veg} on the {card}"),
                          veg=lambda m: _veg(m.b), card=lambda m: _object(m.a)),
    MoveKind.BUY: _simple(N_("buys {veg} in the Shop"), N_("buy {veg} in the Shop"),
                          veg=lambda m: _veg(m.a)),
    MoveKind.SELL: _simple(N_("sells {veg} to the Shop"), N_("sell {veg} to the Shop"),
                           veg=lambda m: _veg(m.a)),
    MoveKind.TRADE: _trade,
    MoveKind.DISCARD: _simple(N_("discards the {card} unused"), N_("discard the {card} unused"),
                              card=lambda m: _object(m.a)),
    MoveKind.REGULAR: _simple(N_("delivers to {card}"), N_("deliver to {card}"),
                              card=lambda m: _object(m.a)),
    MoveKind.CASUAL: _simple(N_("delivers to {card}"), N_("deliver to {card}"),
                             card=lambda m: _object(m.a)),
    MoveKind.TWO_PACK: _simple(N_("buys a Two-pack"), N_("buy a Two-pack")),
    MoveKind.KEEP: _keep,
    MoveKind.LOAN: _simple(N_("takes a Loan (+5 Cash)"), N_("take a Loan (+5 Cash)")),
    MoveKind.UPGRADE: _simple(N_("upgrades the Storehouse"), N_("upgrade the Storehouse")),
    MoveKind.END: _simple(N_("ends the Action phase"), N_("end the Action phase")),
    MoveKind.RETURN: _simple(N_("returns {veg} to the supply"), N_("return {veg} to the supply"),
                             veg=lambda m: _veg(m.a)),
    MoveKind.ADVANCE: _advance,
    MoveKind.USE: lambda m, names, advice: use_words(m, names, advice),
    MoveKind.CLAIM: _claim,
    MoveKind.SHOP: _shop_set,
    MoveKind.PASS: _simple(N_("does not use a {helper}"), N_("do not use a {helper}"),
                           helper=lambda m: helper_words("Harvest helper", OBJECT)),
    MoveKind.OFFER: _simple(N_("buys {card} from the Offer"), N_("buy {card} from the Offer"),
                            card=lambda m: _object(m.a)),
    MoveKind.DONE: _simple(N_("buys no more cards from the Offer"),
                           N_("buy no more cards from the Offer")),
}


def move_words(move: Move, names: Names = None, advice: bool = False) -> str:
    """The move told of the player who made it ('trades Wheat + Bean for Leek at Market stall
    S7'), or with `advice` as the imperative ('trade Wheat + Bean for Leek at ...')."""
    try:
        return _DESCRIBE[move.kind](move, names, advice)
    except (IndexError, KeyError, ValueError, TypeError):
        return str(move.to_data())


# --- the Helpers' moves --------------------------------------------------------------------------

def _combo(combo: int) -> str:
    """Who else helps a Merchant's or a Haggler's buy: '' or a whole phrase."""
    haggler, shopper = helper_words("Haggler", WITH), helper_words("Shopper", WITH)
    if combo & WITH_HAGGLER and combo & WITH_SHOPPER:
        return _(" with the {first} and the {second}", first=haggler, second=shopper)
    if combo & WITH_HAGGLER or combo & WITH_SHOPPER:
        return _(" with the {helper}", helper=haggler if combo & WITH_HAGGLER else shopper)
    return ""


def use_words(m: Move, names: Names = None, advice: bool = False) -> str:
    """A Helper's use, by the Helper's id, in either form."""
    if not 0 <= m.a < len(CARDS) or CARDS[m.a].kind != HELPER:
        return _two(advice, N_("uses card {number}"), N_("use card {number}"), number=m.a)
    kind = CARDS[m.a].name
    h = helper_words(kind, OBJECT)
    if kind == "Con man":
        return _two(advice, N_("uses the {helper}: swaps him for the {card}"),
                    N_("use the {helper}: swap him for the {card}"), helper=h,
                    card=_object(m.b))
    if kind == "Official":
        return _two(advice, N_("activates the {helper}: the Two-pack is free this Action phase"),
                    N_("activate the {helper}: the Two-pack is free this Action phase"), helper=h)
    if kind == "Squire":
        taken = ", ".join(_object(c) for c in (m.c, m.d, m.e) if c != NONE)
        return _two(advice, N_("uses the {helper}: takes {taken} from the Courtyard and plays "
                               "{card}"),
                    N_("use the {helper}: take {taken} from the Courtyard and play {card}"),
                    helper=h, taken=taken, card=_object(m.b))
    if kind == "Deliveryman":
        return _two(advice, N_("uses the {helper}: delivers to {card}"),
                    N_("use the {helper}: deliver to {card}"), helper=h, card=_object(m.b))
    if kind == "Messenger-boy":
        return _two(advice, N_("activates the {helper}: two deliveries per Regular customer "
                               "this phase"),
                    N_("activate the {helper}: two deliveries per Regular customer this phase"),
                    helper=h)
    if kind == "Saleswoman":
        if m.b == 2:
            return _two(advice, N_("uses the {helper}: Casual customers pay +2 this Action phase"),
                        N_("use the {helper}: Casual customers pay +2 this Action phase"),
                        helper=h)
        if m.c == Saleswoman.NOW:
            return _two(advice, N_("uses the {helper}: all Satisfaction markers turn blue"),
                        N_("use the {helper}: all Satisfaction markers turn blue"), helper=h)
        return _two(advice, N_("activates the {helper}: all markers turn blue after this "
                               "phase's checks"),
                    N_("activate the {helper}: all markers turn blue after this phase's checks"),
                    helper=h)
    if kind == "Tout":
        if m.b == 1:
            return _two(advice, N_("uses the {helper}: swaps {card} for {other}"),
                        N_("use the {helper}: swap {card} for {other}"), helper=h,
                        card=_object(m.c), other=_object(m.d))
        return _two(advice, N_("uses the {helper}: buys {card} for 2 Cash and serves it"),
                    N_("use the {helper}: buy {card} for 2 Cash and serve it"), helper=h,
                    card=_object(m.c))
    if kind == "Harvest helper":
        if m.b == 2:
            return _two(advice, N_("activates the {helper}: fields sown this phase get 1 more "
                                   "token"),
                        N_("activate the {helper}: fields sown this phase get 1 more token"),
                        helper=h)
        fields = bin(m.c).count("1")
        if advice:
            return ngettext("use the {helper}: 1 extra vegetable from {n} field",
                            "use the {helper}: 1 extra vegetable from {n} fields", fields,
                            helper=h)
        return ngettext("uses the {helper}: 1 extra vegetable from {n} field",
                        "uses the {helper}: 1 extra vegetable from {n} fields", fields, helper=h)
    if kind == "Plough-man":
        if m.b == 1:
            return _two(advice, N_("uses the {helper}: ploughs the {card} under"),
                        N_("use the {helper}: plough the {card} under"), helper=h,
                        card=_object(m.c))
        return _two(advice, N_("uses the {helper}: harvests every field with one token left"),
                    N_("use the {helper}: harvest every field with one token left"), helper=h)
    if kind == "Subsistence farmer":
        if m.b == SOLO:
            return _two(advice, N_("uses the {helper}: buys {veg} for 1 Cash"),
                        N_("use the {helper}: buy {veg} for 1 Cash"), helper=h, veg=_veg(m.c))
        return _two(advice, N_("uses the {helper}: takes a vegetable from a {card}"),
                    N_("use the {helper}: take a vegetable from a {card}"), helper=h,
                    card=card_words(m.b, FROM))
    if kind == "Tenant-farmer":
        if m.b == 1:
            return _two(advice, N_("uses the {helper}: pays 3 Cash for a {card} from the pile"),
                        N_("use the {helper}: pay 3 Cash for a {card} from the pile"), helper=h,
                        card=_object(m.c))
        return _two(advice, N_("uses the {helper}: puts the {card} under the pile and takes a "
                               "{other}"),
                    N_("use the {helper}: put the {card} under the pile and take a {other}"),
                    helper=h, card=_object(m.c), other=_object(m.d))
    if kind == "Maid":
        return _two(advice, N_("activates the {helper}: 1:1 at every Market stall this Action "
                               "phase"),
                    N_("activate the {helper}: 1:1 at every Market stall this Action phase"),
                    helper=h)
    if kind == "Market crier":
        if m.b == 1:
            return _two(advice, N_("uses the {helper}: refills all Market stalls"),
                        N_("use the {helper}: refill all Market stalls"), helper=h)
        vegs = ", ".join(_veg(good_vegetable(c)) for c in (m.c, m.d, m.e) if c != NONE)
        return _two(advice, N_("uses the {helper}: sells {vegs} from the stalls to the Shop"),
                    N_("use the {helper}: sell {vegs} from the stalls to the Shop"), helper=h,
                    vegs=vegs)
    if kind == "Market woman":
        return _two(advice, N_("uses the {helper}: swaps {card} for {other}, both refilled"),
                    N_("use the {helper}: swap {card} for {other}, both refilled"), helper=h,
                    card=_object(m.b), other=_object(m.c))
    if kind == "Trader":
        got = _veg(CARDS[m.b].offers[m.c][0])
        if m.e == NONE:
            return _two(advice, N_("uses a {helper}: trades {given} for {got} at {stall}"),
                        N_("use a {helper}: trade {given} for {got} at {stall}"), helper=h,
                        given=_veg(m.d), got=got, stall=_at(m.b))
        return _two(advice, N_("uses a {helper}: trades {given} + {second} for {got} at {stall}"),
                    N_("use a {helper}: trade {given} + {second} for {got} at {stall}"),
                    helper=h, given=_veg(m.d), second=_veg(m.e), got=got, stall=_at(m.b))
    if kind == "Book-keeper":
        return _two(advice, N_("uses the {helper}: 1 Cash per field of {veg}, then sets the Shop"),
                    N_("use the {helper}: 1 Cash per field of {veg}, then set the Shop"),
                    helper=h, veg=_veg(m.b))
    if kind == "Haggler":
        return _two(advice, N_("uses the {helper}{with_others}: 2 {veg} for the price of 1"),
                    N_("use the {helper}{with_others}: 2 {veg} for the price of 1"),
                    helper=h, with_others=_combo(m.b), veg=_veg(m.c))
    if kind == "Merchant":
        vegs = ", ".join(_veg(v) for v in range(6) if m.c & (1 << v))
        if m.d != NONE:
            return _two(advice, N_("uses the {helper}: buys {vegs} for 1 Cash each ({veg}"
                                   "{with_others})"),
                        N_("use the {helper}: buy {vegs} for 1 Cash each ({veg}{with_others})"),
                        helper=h, vegs=vegs, veg=_veg(m.d), with_others=_combo(m.b))
        return _two(advice, N_("uses the {helper}: buys {vegs} for 1 Cash each"),
                    N_("use the {helper}: buy {vegs} for 1 Cash each"), helper=h, vegs=vegs)
    if kind == "Shopper":
        return _two(advice, N_("uses the {helper}: buys {veg} from the supply, 2 Cash off"),
                    N_("use the {helper}: buy {veg} from the supply, 2 Cash off"), helper=h,
                    veg=_veg(m.c))
    return _two(advice, N_("uses the {helper}"), N_("use the {helper}"), helper=h)
