"""The bullets under each Helper in the rulebook's Helper Reference (its English quoted word
for word from the rulebook, see docs/rules/README.md; the catalogues say them in German,
Italian and French), shown in the rules help under the card text, and the words layer's
texts of the rules help: how a round works, each kind of card, each Helper's card text."""

from ..engine.cards import CARDS, CASUAL, COMMON_FIELD, HELPER, REGULAR, STALL
from ..engine.helpers import REGISTRY
from ..text.names import helper_words
from ..words import N_, _, ngettext
from .names import veg_words

# The rulebook says these two under the Foreman and again under the Harvest helper.
FOREMAN_AND_HARVEST_HELPER = (
    N_("If a player exchanges the Foreman for the Harvest helper during the Harvest "
       "phase, he can immediately use the Harvest helper. Players usually harvest at the "
       "same time. If a player has the Harvest helper, the player with the Foreman can "
       "require that the Harvest be played in player order: First the Starting player, "
       "then the other players follow in clockwise order."),
    N_("A player who has the Foreman and the Harvest helper can play the Harvest helper "
       "two times, one after another, to harvest 3 vegetables from a field with at least "
       "5 vegetable tokens or to add 2 additional vegetables to a field."),
)

NOTES: dict[str, tuple[str, ...]] = {
    "Book-keeper": (
        N_("As well as during the Action phase, the Book-keeper can be used during the Card "
           "phase, if he is needed to finance a new Field."),
    ),
    "Con man": (
        N_("A player cannot use the Con man to take a Helper that is underneath another card."),
        N_("The Con man cannot be used by the Starting player."),
        N_("Because the Con man is exchanged for another player's card, it remains in the "
           "game until a player discards it without using it."),
    ),
    "Deliveryman": (
        N_("The \"owner\" of the Regular customer must still deliver in that round, if he has "
           "not already and if he still has the Regular customer card."),
    ),
    "Foreman": (
        N_("It is irrelevant whether the Helper was used or discarded."),
        N_("If the Foreman is under another Helper, he can be used immediately the other "
           "Helper is played."),
        N_("Example: The Maid, which is on the Foreman, is activated and discarded. This "
           "frees the Foreman, who immediately takes the Maid back. The Foreman is then moved "
           "to the Discard pile, as it has been used."),
        N_("In the 4-player game, the Foreman can take the Harvest helper (during the Harvest "
           "phase) or the Squire, Market crier or Bookkeeper (during the Card phase) from any "
           "of the other players – there are no partners during these phases."),
        N_("The Foreman and the Squire can be combined: A player can use the Squire to select "
           "the Foreman, immediately use the Foreman and take back the Squire."),
        N_("If another player uses the Squire, a player with the Foreman can take the Squire "
           "card and use it in the same round (if he has not already taken two cards)."),
        *FOREMAN_AND_HARVEST_HELPER,
    ),
    "Haggler": (
        N_("The Haggler can only be used when there are two of the required vegetable in the "
           "player's Shop."),
        N_("Used with the Merchant, the price for the two vegetables is 1 Cash."),
    ),
    "Harvest helper": (
        N_("Option 1: The vegetables on a field are counted before harvesting. The fields "
           "must have at least 4 vegetable tokens on them: it is not enough for them to just "
           "have 4 spaces. A player who takes this option can choose, for each field, whether "
           "to use it or not."),
        *FOREMAN_AND_HARVEST_HELPER,
    ),
    "Maid": (
        N_("The Maid can be combined with the Trader: a player can trade a vegetable 1:1 at "
           "another player's Market stall."),
        N_("A player can activate this card for the current Action phase without using it "
           "immediately: he may take other actions before using the Maid."),
        N_("Example: John activates the Maid and moves her to the Discard pile. This reduces "
           "the price of a Two-pack, which he then buys. Only then does he trade in 1 "
           "vegetable at a 2:1 Stall."),
    ),
    "Market crier": (
        N_("The Market crier can never refill a completely empty Market stall, as Market "
           "stalls are discarded as soon as they are empty."),
        N_("If the Market crier chooses to refill Stalls, he must refill all of a player's "
           "stalls."),
        N_("Example for Option 2: Gerald takes 1 Bean and 1 Leek from his Market stalls. He "
           "does not need to trade in vegetables from his Cart. He places both vegetables on "
           "the appropriate spaces in his Shop and receives 3 Cash (even though the Shop's "
           "price would have been 4)."),
    ),
    "Market woman": (
        N_("A player with no Market stall cannot use this card."),
        N_("A player cannot exchange an empty Market stall, as empty Stalls are immediately "
           "placed on the Discard pile."),
        N_("In the last round, some players might choose to clear out their Market stalls to "
           "stop other players from using them with the Trader or the Market woman."),
    ),
    "Merchant": (
        N_("The Merchant only counts by Regular customers, not Casual customers."),
        N_("Even if a player must deliver the same vegetable four times to his Regular "
           "customers, he can only buy at most 1 vegetable with the Merchant."),
        N_("Players can never buy vegetables that are not in their Shop."),
        N_("The Merchant can be combined with the Hagglers: a player can buy 2 identical "
           "goods for 1 Cash."),
        N_("The Merchant can be combined with the Shopper: the player receives, for 0 Cash, "
           "up to 1 vegetable (that the Merchant could buy from the Shop for 1 Cash) from the "
           "Supply."),
    ),
    "Messenger-boy": (
        N_("Players can choose which Regular customer they will deliver to twice. Players are "
           "paid for each of the two deliveries."),
        N_("Even after a double delivery, the player must deliver to the Regular customer "
           "over four rounds. In this way, a Regular customer may receive five (or even more) "
           "deliveries."),
        N_("A player is allowed to deliver to a Regular customer, and then use the proceeds "
           "to buy a vegetable that is required for that customer's second delivery."),
        N_("Players can also deliver twice to a Regular customer's top (last) row. Both these "
           "deliveries must be made at the same time."),
    ),
    "Official": (
        N_("The Two-pack is already free for players with no Helpers or Market stalls."),
    ),
    "Plough-man": (
        N_("Option 1: The player is not compensated in Cash for the returned vegetables. The "
           "field is treated as though it had just been turned over from the player's private "
           "Field pile. If the field is a Common field (Action card), the player does not pay "
           "the 2 Cash purchase price again. The player re-sows the field with a vegetable "
           "from his Cart. (The Plough-man can re-sow at most 1 field.)"),
        N_("Option 2: Immediately after this Harvest, all emptied Private fields are removed "
           "from the game and all emptied Common fields (Action cards) are moved to the "
           "Discard pile."),
    ),
    "Saleswoman": (
        N_("The player can activate Option 1 for the current Action phase without using it "
           "immediately: he may take other actions before using the Saleswoman."),
        N_("Example for Option 1: Fraser has 3 Regular customers, 2 with red Satisfaction "
           "markers and 1 with blue. First, he chooses not to serve the third customer and "
           "turns the Satisfaction marker to red. Then he uses the Saleswoman and turns all "
           "three Satisfaction markers to blue. He still needs to serve the first 2 Regular "
           "customers."),
    ),
    "Shopper": (
        N_("Wheat costs 1 Cash, Pumpkins 2, Turnips and Cabbages 3, Beans and Leeks 4."),
        N_("The Shopper can be combined with the Hagglers: you can buy 2 identical goods from "
           "the Supply for 2 less Cash."),
        N_("The Shopper can be combined with the Merchant: The player receives, for 0 Cash, "
           "up to 1 vegetable (that the Merchant could buy from the Shop for 1 Cash) from the "
           "Supply."),
    ),
    "Squire": (
        N_("A player using the Squire must also play 1 card from his hand."),
        N_("The Squire cannot be used in the same round as it is played. Exception: If "
           "another player uses the Squire, a player with the Foreman can take the Squire "
           "card and use it in the same round (if he has not already taken two cards)."),
        N_("The player plays all of the Action cards into his \"played\" area. As with all "
           "Action cards in the Card phase, they cannot be placed on one another like a "
           "Two-pack."),
    ),
    "Subsistence farmer": (
        N_("The Subsistence farmer can only be played during the Action phase. (This is "
           "important in the 4-player game where players take actions with a partner.)"),
        N_("The player places the harvested vegetable in his own Cart."),
    ),
    "Tenant-farmer": (
        N_("The new field is placed with the other fields."),
        N_("Option 1 reduces the size of a player's Private field pile. Some players may have "
           "a Private field left to turn over in Round 8; others may not."),
        N_("Option 2 allows a Common field (on an Action card) to be placed under the pile of "
           "Private fields. The player does not have to pay 2 Cash for the Common field when "
           "it is turned over for the second time."),
        N_("A player may not simply use the Tenant-farmer to look at his Private fields pile. "
           "A player who uses this card must also take a field."),
    ),
    "Tout": (
        N_("\"Serve\" means \"deliver the three goods to the customer.\""),
        N_("Example for Option 2: Jon has the Tout on top of a Regular customer. He buys a "
           "Casual customer, who must be served immediately, from Larry. Jon gives Larry 2 "
           "Cash from the proceeds. The Regular customer does not count towards the +2/-2 "
           "modifier in this instance, as it is only revealed when the Tout is moved to the "
           "Discard pile after it has been used."),
    ),
    "Trader": (
        N_("The Trader is the only Helper who appears more than once in the game. (There are "
           "3.)"),
        N_("With each Trader used, a player can obtain exactly 1 vegetable from another "
           "player's Market stall by trading in 1 or 2 vegetables from his cart (as shown)."),
        N_("The Trader can be combined with the Maid."),
        N_("In the last round, some players might choose to clear out their Market stalls to "
           "stop other players from using them with the Trader or the Market woman."),
    ),
}


# --- how a round works, in our own words ------------------------------------------------------

ROUND_OVERVIEW: tuple[tuple[str, str], ...] = (
    (N_("The goal"),
     N_("Walk furthest along your Path of Prosperity in 9 rounds. Walking costs Cash: "
     "the first step of a round 1, each further step the number of the space entered. At the "
     "end every Loan moves you back one space; ties go to more Cash, then more vegetables.")),
    (N_("1. Harvest"),
     N_("Everyone turns over the top field of their pile and takes 1 vegetable from "
     "every field into the Cart. Empty private fields leave the game, empty common fields go "
     "to the discard pile.")),
    (N_("2. Card phase"),
     N_("Everyone gets 4 cards. In turn, place one hand card in the Courtyard, or "
     "take one hand card and one Courtyard card and play both; your other hand cards go to "
     "the Courtyard and you are out. The last two to take become Starting and Second player. "
     "With 2 players, at the start of each of your turns you may first turn over the top "
     "card of the draw pile into the Courtyard (click the draw pile), also when you are the "
     "last one left. Solo: buy cards from the Offer instead (row price 0, 1 or 2 Cash).")),
    (N_("3. Action phase"),
     N_("One after the other (in 4 players, in pairs), in any order and as "
     "often as you like: sow a Cart vegetable on an empty field; buy from or sell to your "
     "Shop; trade at your Market stalls; deliver to Regular and Casual customers; play or "
     "discard Helpers; once, buy a Two-pack; take a Loan (+5 Cash) at any time.")),
    (N_("Customers"),
     N_("A Regular customer wants its two vegetables every round, paying more each "
     "time; missing a round turns its marker red, missing again costs 2 Cash. A Casual "
     "customer is served once: +2 Cash if you have more Regular than Casual customers, -2 if "
     "fewer.")),
    (N_("End of your turn"),
     N_("Keep what fits in the Storehouse (1, or 4 after the 2-Cash upgrade); "
     "sell or return the rest. Then pay to walk on the Path, or stay.")),
)

KIND_TEXT = {
    "stall":
        N_("Market stall: in your Action phase, trade 1 vegetable from your Cart (2 where the "
             "offer shows two bowls) for the vegetable shown. You may trade a vegetable for the "
             "same kind. A stall that runs empty is discarded."),
    "regular":
        N_("Regular customer: from the round it is played, deliver the two vegetables shown "
               "every round; each delivery pays the next row up (1st to 4th). An unserved round "
               "turns the Satisfaction marker red; a second one costs 2 Cash. After 4 "
               "deliveries the card is discarded."),
    "casual":
        N_("Casual customer: deliver the three vegetables once for the price shown, +2 Cash "
              "if you have more Regular than Casual customers, -2 if fewer. No penalty for "
              "waiting."),
    "common field":
        N_("Common field (an action card): costs 2 Cash when played (also from a "
                    "Two-pack). Sow it with one Cart vegetable of a kind shown on its top edge; "
                    "the Supply fills the other spaces. Harvest one per round; empty, it goes to "
                    "the discard pile."),
    "private field":
        N_("Private field: each harvest turns over the top field of your pile. Sow "
                     "it with one Cart vegetable of a kind shown; the Supply fills the other "
                     "spaces. Harvest one per round; empty, it leaves the game. The Home field "
                     "(9 spaces) is sown with Wheat, Pumpkin or Turnip at the start."),
}

# The first-game guide: one short hint the first time each decision comes up.
HINTS = {
    "home": N_("Setup: buy one Wheat, Pumpkin or Turnip from your Shop (click it). It sows your "
               "Home field, which feeds you one vegetable every round."),
    "cards": N_("Card phase: place a hand card in the Courtyard, or take a hand card and a "
                "Courtyard card to play both. Fewer cards now can mean going first later."),
    "act": N_("Action phase: click a Cart vegetable, then where it goes (Shop, field, stall, "
              "customer). Serve your Regular customers every round. End when you are done."),
    "store": N_("Only what fits in the Storehouse stays overnight: sell or return the rest."),
    "path": N_("Walk on the Path of Prosperity: the first step costs 1, each further step the "
               "number of the space. This is how you win."),
    "pay": N_("You owe Cash: sell vegetables, discard a Helper or take a Loan (+5 Cash, one space "
              "back at the end)."),
    "keep": N_("A Two-pack: keep none, one, or both (one on top of the other)."),
    "harvest": N_("Your Harvest helper can be used now, before the harvest; or pass."),
    "solo": N_("Solo challenge: reach space 17 (good), 18 (very good) or 19 (master) on the "
               "Path. Buy cards from the Offer; the row sets the price."),
}


# Each Helper's card text by its id (the Helper Reference's words: the engine holds none),
# and how a few of them work in the solo game instead.
HELPER_TEXT = {
    "Book-keeper": N_(
        "Decide whether each vegetable space in your Shop should contain the indicated vegetable "
        "or not. (Add or remove vegetables as you choose.) In addition, choose one type of "
        "vegetable. For each Field card on which this vegetable has been planted, you receive 1 "
        "Cash."),
    "Con man": N_(
        "Exchange this Helper for a Helper belonging to another player who has already completed "
        "his Action phase for this round. (The Con man goes to that player.)"),
    "Deliveryman": N_(
        "Deliver to another player's Regular customer and take the proceeds yourself. If you make"
        " the last delivery to that customer, you must pay the owner 2 Cash from the proceeds."),
    "Foreman": N_(
        "Take one Helper immediately after it is placed on the Discard pile (by you or by another"
        " player)."),
    "Haggler": N_(
        "Once only, buy 2 vegetables of the same kind in your Shop for the price of 1. (Combined "
        "with the Shopper, you take the 2 vegetables from the Supply rather than from the Shop.)"),
    "Harvest helper": N_(
        "You can harvest 2 vegetables from each of your own fields that contains 4 or more "
        "vegetables (Not from your Home field!), OR Fields that you plant in this Action phase "
        "receive 1 additional vegetable token."),
    "Maid": N_(
        "In this Action phase, you may exchange vegetables 1:1 at all Market stall spaces where "
        "you would usually have to trade in 2 vegetables to receive 1."),
    "Market crier": N_(
        "Refill all your Market stalls with vegetables OR Sell 1 to 3 vegetables from your Market"
        " stalls to your Shop (at Shop prices!). You can earn a maximum of 3 Cash."),
    "Market woman": N_(
        "Exchange one of your Market stalls for another player's Market stall and refill both of "
        "them. (Cards under the Market stalls that are revealed during the swap are moved to the "
        "appropriate \"played\" area.)"),
    "Merchant": N_(
        "You may buy, for 1 Cash, 1 of any vegetable that you must deliver at least twice to your"
        " Regular customers in this round."),
    "Messenger-boy": N_(
        "You can deliver twice to any or each of your Regular customers in this Action phase: "
        "Place two vegetables on each of the Regular customer's two vegetable spaces."),
    "Official": N_(
        "In this Action phase, the \"Buy a Two-pack\" action is free for you."),
    "Plough-man": N_(
        "Return all vegetables from one of your fields that contains at least 2 vegetables to the"
        " Supply. (You may not return vegetables from your Home field.) You can re-sow this "
        "field. OR You can immediately harvest vegetables from all fields that contain exactly "
        "one vegetable token (but not your Home field.)"),
    "Saleswoman": N_(
        "Turn all your own Satisfaction markers to the blue side. OR During the current Action "
        "phase, your Casual customers pay a bonus of +2 Cash on the base price for all deliveries"
        " (regardless of how many Regular customers you have)."),
    "Shopper": N_(
        "Buy 1 vegetable from the Supply (not from the Shop). The vegetable costs 2 Cash less "
        "than it would in the Shop."),
    "Squire": N_(
        "During the Card phase, instead of taking 1 card from your hand and 1 from the Courtyard,"
        " you can take 1 card from your hand and up to 3 from the Courtyard."),
    "Subsistence farmer": N_(
        "Take 1 vegetable from a field belonging to another player and pay the owner 1 Cash. The "
        "field must contain at least 4 vegetable tokens and may not be the Home field."),
    "Tenant-farmer": N_(
        "Pay 3 Cash to choose 1 field from your pile of Private fields (without changing the "
        "order of the fields in the pile) OR Place one empty field from your Field area (that has"
        " not yet been sown) under the pile of your Private fields and select 1 other field from "
        "it (without changing the order of the fields in the pile)"),
    "Tout": N_(
        "Exchange one of your Casual customers for a Casual customer belonging to another player."
        " (Revealed cards are placed in your \"played\" area.) OR Buy a Casual customer from "
        "another player for 2 Cash. You must immediately serve this customer."),
    "Trader": N_(
        "Trade in 1 vegetable at another player's Market stall. If you do this in Round 8, you "
        "must pay that player 1 Cash; in Round 9, 2 Cash."),
}
HELPER_SOLO_TEXT = {
    "Con man": N_(
        "Swap this Helper for a Helper from the Offer."),
    "Squire": N_(
        "You may acquire up to 4 cards from the Offer."),
    "Subsistence farmer": N_(
        "For 1 Cash, buy 1 wheat, 1 pumpkin or 1 turnip from the Supply."),
}

# The phases a Helper works in, as its card text says them.
PHASE_WORDS = {1: N_("Harvest"), 2: N_("Card phase"), 3: N_("Action phase")}


def helper_text(card_id: int, solo: bool = False) -> str:
    """A Helper card's own words (empty for any other card); `solo`: as it works in the solo
    game, where a few Helpers follow a rule of their own (Helper Reference)."""
    card = CARDS[card_id]
    if card.kind != HELPER:
        return ""
    if solo and card.name in HELPER_SOLO_TEXT:
        return _("Solo game: {text}", text=_(HELPER_SOLO_TEXT[card.name]))
    return _(HELPER_TEXT[card.name]) if card.name in HELPER_TEXT else ""


def card_help(card_id: int) -> tuple[str, str, list[str]]:
    """A card's title, its text (the card's own words and what it shows) and the notes."""
    card = CARDS[card_id]
    if card.kind == HELPER:
        helper = REGISTRY[card.name]
        phases = ", ".join(_(PHASE_WORDS[p]) for p in helper.phases)
        body = _("{text} (When: {phases}.)", text=helper_text(card_id), phases=phases)
        if card.name in HELPER_SOLO_TEXT:
            body += " " + _("Solo game: {text}", text=_(HELPER_SOLO_TEXT[card.name]))
        return (_("Helper: {name}", name=helper_words(card.name)), body,
                [_(note) for note in NOTES.get(card.name, ())])
    if card.kind == STALL:
        offers = "; ".join(ngettext("{n} vegetable for 1 {vegetable}",
                                    "{n} vegetables for 1 {vegetable}", bowls,
                                    vegetable=veg_words(veg)) for veg, bowls in card.offers)
        return (_("Market stall {code}", code=card.code), _("Trades: {offers}.", offers=offers),
                [_(KIND_TEXT["stall"])])
    if card.kind == REGULAR:
        first, second = (veg_words(v) for v in card.wants)
        pays = ", ".join(str(p) for p in card.pays)
        body = _("Wants {first} and {second} every round; pays {pays} Cash for the 1st to 4th "
                 "delivery.", first=first, second=second, pays=pays)
        if card.start:
            body = _("{text} A start card of the Introductory variant.", text=body)
        return (_("Regular customer {code}", code=card.code), body, [_(KIND_TEXT["regular"])])
    if card.kind == CASUAL:
        wants = ", ".join(veg_words(v) for v in card.wants)
        return (_("Casual customer {code}", code=card.code),
                _("Wants {vegetables} once; pays {cash} Cash (±2, see below).",
                  vegetables=wants, cash=card.pays[0]), [_(KIND_TEXT["casual"])])
    sow = ", ".join(veg_words(v) for v in card.sowable)
    kind = "common field" if card.kind == COMMON_FIELD else "private field"
    return (field_title(card_id), ngettext("{n} space; may be sown with {vegetables}.",
                                           "{n} spaces; may be sown with {vegetables}.",
                                           card.spaces, vegetables=sow),
            [_(KIND_TEXT[kind])])


def field_title(card_id: int) -> str:
    """A field card's title: "Common 4-space field", "Home field", "5-space field"."""
    card = CARDS[card_id]
    if card.kind == COMMON_FIELD:
        return ngettext("Common {n}-space field", "Common {n}-space field", card.spaces)
    if card.spaces == 9:
        return _("Home field")
    return ngettext("{n}-space field", "{n}-space field", card.spaces)
