"""Why a move is not legal, in the player's language: the engine's reason (`IllegalMove.reason`,
`flow.why_illegal`: a code and named values) made into a whole sentence here."""

from __future__ import annotations

from collections.abc import Callable

from ..engine.cards import CARDS
from ..engine.events import Why
from ..engine.state import Reason
from ..words import NP_, _, ngettext, pgettext
from .names import OBJECT, SUBJECT, card_words, veg_list, veg_words

Values = dict[str, object]


def _int(values: Values, name: str) -> int:
    value = values.get(name, 0)
    return value if isinstance(value, int) else 0


def _veg(values: Values) -> str:
    return veg_words(_int(values, "veg"))


def _card(values: Values, role: str) -> str:
    """The card of the reason, in its `role` in the sentence (names.SUBJECT, OBJECT)."""
    return card_words(_int(values, "card"), role)


def _wants(values: Values) -> str:
    card = _int(values, "card")
    wants = CARDS[card].wants if 0 <= card < len(CARDS) else ()
    return _("That customer wants {wants} and your Cart does not have them.",
             wants=veg_list(wants))


SENTENCES: dict[str, Callable[[Values], str]] = {
    "game_over": lambda v: _("The game is over."),
    "not_a_move": lambda v: _("{what} is not a move.", what=v.get("what", "?")),
    "malformed": lambda v: _("{what} is not a move: a known kind with whole-number choices.",
                             what=v.get("what", "?")),
    "not_now": lambda v: _("'{kind}' with these choices is not possible now: it is seat "
                           "{seat}'s '{decision}' decision (possible: {possible}).",
                           kind=v.get("kind", "?"), seat=_int(v, "seat") + 1,
                           decision=v.get("decision", "?"), possible=v.get("possible", "")),
    "no_money": lambda v: _("That does not raise money."),
    "no_such_veg": lambda v: _("There is no such vegetable."),
    "not_in_cart": lambda v: _("There is no {veg} in your Cart.", veg=_veg(v)),
    "no_shop_space": lambda v: _("Your Shop has no free {veg} space.", veg=_veg(v)),
    "helper_not_in_play": lambda v: _("That Helper is not in your play area (or is covered)."),
    "home_veg_only": lambda v: _("The Home field takes only Wheat, Pumpkin or Turnip."),
    "home_veg_taken": lambda v: _("Two players have already chosen {veg} (at most 2 may "
                                  "start alike).", veg=_veg(v)),
    "flip_two_only": lambda v: _("Only in a 2-player game may a card be turned over into the "
                                 "Courtyard."),
    "flipped_already": lambda v: _("You have already turned over a card this turn."),
    "draw_pile_empty": lambda v: _("The draw pile is empty."),
    "not_in_hand": lambda v: _("That card is not in your hand."),
    "last_card_must_take": lambda v: _("Your last card may never go to the Courtyard: you "
                                       "must take."),
    "last_player_must_take": lambda v: _("You are the last player left: you must take from "
                                         "the Courtyard."),
    "take_with_hand": lambda v: _("You must take one card from the Courtyard with one from "
                                  "your hand."),
    "not_in_courtyard": lambda v: _("{card} is not in the Courtyard.",
                                    card=_card(v, SUBJECT)),
    "card_not_in_hand": lambda v: _("{card} is not in your hand.",
                                    card=_card(v, OBJECT)),
    "not_in_shop": lambda v: _("There is no {veg} in your Shop.", veg=_veg(v)),
    "veg_dear": lambda v: _("{veg} costs {price} Cash and you have {cash}.", veg=_veg(v),
                            price=_int(v, "price"), cash=_int(v, "cash")),
    "two_pack_used": lambda v: _("You have already bought a Two-pack this Action phase."),
    "no_cards_left": lambda v: _("There are no cards left to draw."),
    "two_pack_dear": lambda v: _("The Two-pack costs {price} Cash and you have {cash}.",
                                 price=_int(v, "price"), cash=_int(v, "cash")),
    "upgraded_already": lambda v: _("Your Storehouse is already upgraded."),
    "upgrade_dear": lambda v: _("The upgrade costs {price} Cash and you have {cash}.",
                                price=_int(v, "price"), cash=_int(v, "cash")),
    "path_end": lambda v: _("The Path ends at space {end}.", end=_int(v, "end")),
    "path_dear": lambda v: ngettext("Walking {n} space costs {price} Cash and you have {cash}.",
                                    "Walking {n} spaces costs {price} Cash and you have {cash}.",
                                    _int(v, "steps"), price=_int(v, "price"),
                                    cash=_int(v, "cash")),
    "return_no_veg": lambda v: _("There is no such vegetable in your Cart."),
    "field_not_yours": lambda v: _("That field is not in your field area."),
    "field_sown": lambda v: _("The {card} is already sown.",
                              card=_card(v, SUBJECT)),
    "not_sowable": lambda v: _("{veg} cannot be sown on the {card}.", veg=_veg(v),
                               card=_card(v, SUBJECT)),
    "stall_not_in_play": lambda v: _("That Market stall is not in your play area (or is "
                                     "covered)."),
    "offer_gone": lambda v: _("That vegetable is no longer on the stall."),
    "offer_bowls": lambda v: ngettext("This offer takes {n} vegetable in trade.",
                                      "This offer takes {n} vegetables in trade.",
                                      _int(v, "bowls")),
    "trade_goods_missing": lambda v: _("You do not have the vegetables to trade in."),
    "customer_not_in_play": lambda v: _("That customer is not in your play area (or is "
                                        "covered)."),
    "regular_served": lambda v: _("That Regular customer has already had this round's "
                                  "delivery."),
    "customer_wants": _wants,
    "not_in_offer": lambda v: _("That card is not in the Offer."),
    "offer_limit": lambda v: ngettext("You may buy only {n} card from the Offer.",
                                      "You may buy only {n} cards from the Offer.",
                                      _int(v, "limit")),
    "offer_dear": lambda v: _("That card costs {price} Cash and you have {cash}.",
                              price=_int(v, "price"), cash=_int(v, "cash")),
}

# What a debt is for (events.Why), as the sentences about paying it name it ('pays 2 Cash
# for the {debt}'): as the object there, with the article a language needs (names.OBJECT).
DEBT_WORDS = {Why.COMMON_FIELD.value: NP_("debt as object", "common field"),
              Why.PENALTY.value: NP_("debt as object", "Regular customer penalty")}


def debt_words(why: str) -> str:
    return pgettext("debt as object", DEBT_WORDS[why]) if why in DEBT_WORDS else why


def reason_words(reason: Reason) -> str:
    """The player's sentence for `reason`; a code this version does not know is shown as
    itself. A reason given while a debt is owed says what is owed in a sentence of its own."""
    values = reason.named
    say = SENTENCES.get(reason.code)
    sentence = say(values) if say else str(reason)
    if "owed" in values:
        owed = _("You owe {owed} Cash for the {debt}, and have {cash}.",
                 owed=_int(values, "owed"), debt=debt_words(str(values.get("debt", ""))),
                 cash=_int(values, "cash"))
        sentence = _("{reason} {owed}", reason=sentence, owed=owed)
    return sentence
