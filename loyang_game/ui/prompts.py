"""The words of the table: the prompt line (what the player to decide is asked to do) and the
tooltip for whatever is under the mouse."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import GameState, flow
from ..engine.cards import CARDS, SELL_PRICE
from ..engine.helpers.market import MARKET_CRIER_LIMIT
from ..engine.moves import FLIP
from ..engine.solo import price
from ..engine.state import MAID, Decision, PayDebt
from ..play import commands
from ..play.session import GameSession
from ..text.names import AT, FROM, OBJECT, card_words, veg_list, veg_words
from ..text.reasons import debt_words
from ..words import N_, _, ngettext
from .draw import wrap
from .layout import Layout
from .rules_text import helper_text

# The prompt of each decision, a whole sentence; `{button}` is the label of the button it
# names (`PROMPT_BUTTONS`), as the button reads in the player's language.
PROMPTS = {
    "home": N_("{name}: buy your Home vegetable — click Wheat, Pumpkin or Turnip in the Shop."),
    "cards": N_("{name}: click a hand card, then the Courtyard (place it) or a Courtyard card "
                "(take both)."),
    "cards flip": N_("{name}: click a hand card, then the Courtyard (place it) or a Courtyard "
                     "card (take both); or first turn over the draw pile's top card (click "
                     "it)."),
    "solo cards": N_("{name}: buy cards from the Offer (row price shown), then {button}."),
    "act": N_("{name}: click a Cart vegetable, then the Shop, a field, a stall or a customer; "
              "or buy from the Shop; {button} when done."),
    "store": N_("{name}: the Storehouse holds {capacity}: sell or return vegetables."),
    "path": N_("{name}: click a Path space to walk there (hover for the price), or {button}."),
    "pay": N_("{name}: raise {owed} Cash for the {owed_for} (you have {cash}): sell, take a "
              "Loan, or use or discard a Helper."),
    "keep": N_("{name}: choose what to keep from the Two-pack."),
    "harvest": N_("{name}: use your Harvest helper before the harvest, or {button}."),
    "claim": N_("{name}: the Foreman may take the Helper just discarded."),
    "partner": N_("{name}: choose your partner for the Action phase: click a player's board "
                  "on the left to look at it, then Partner with them."),
}
PROMPT_BUTTONS = {"solo cards": "done", "act": "end", "path": "stay", "harvest": "pass"}


def prompt(game: GameSession, pass_to: int | None,
           picker: commands.Picker | None = None) -> str:
    """The prompt line for the decision at hand (`picker`: what the person has picked up;
    cards being pointed at for a Helper say what to point at next)."""
    state = game.state
    seat = state.current_player
    if seat is None:
        return _("The game is over.")
    name = game.names[seat]
    if not game.is_person(seat):
        return _("{name} (AI) is playing.", name=name)
    if pass_to is not None:
        return _("Pass the table to {name}.", name=name)
    if picker is not None and picker.gathering is not None:
        return gather_prompt(state, picker.gathering, game.names)
    p = state.players[seat]
    d: str = flow.decision(state)  # or one of the prompts' own finer keys below
    if d == Decision.SHOP:
        return gather_prompt(state, commands.ShopSetting.of(state), game.names)
    if d == "cards" and state.config.solo:
        d = "solo cards"
    elif d == "cards" and any(m.kind == FLIP for m in state.legal_moves()):
        d = "cards flip"  # the 2-player rule: the draw pile's top card first, if wished
    debt = state.pending[-1] if state.pending and d == "pay" else None
    owed, owed_for = (debt.amount, debt.reason) if isinstance(debt, PayDebt) else (None, None)
    if d not in PROMPTS:
        return f"{name}: {d}"  # (a decision without a prompt: its code, never met in play)
    button = commands.button_label(PROMPT_BUTTONS[d]) if d in PROMPT_BUTTONS else ""
    return _(PROMPTS[d], name=name, capacity=p.capacity, cash=p.cash, owed=owed,
             owed_for=debt_words(owed_for) if owed_for is not None else "", button=button)


def gather_prompt(state: GameState, gathering: commands.Gathering | commands.ShopSetting,
                  names: Sequence[str]) -> str:
    """The prompt line while a choice is made on the table: what to point at next."""
    name = names[state.current_player] if state.current_player is not None else ""
    if isinstance(gathering, commands.ShopSetting):
        return _("{name}: Book-keeper: click the Shop's spaces to fill or empty them, then "
                 "Set the Shop (Cancel puts it back as it is).", name=name)
    if gathering.helper is None:
        if gathering.complete() is not None:
            return _("{name}: click Partner with them, or another player's board on the left "
                     "to look at theirs.", name=name)
        return _(PROMPTS["partner"], name=name)
    helper = CARDS[gathering.helper[1]].name
    picked = gathering.picked
    done = gathering.complete()
    if helper == "Market crier":
        goods = [target for target in picked if target[0] == "stall"]
        if not goods:
            return _("{name}: Market crier: click 1 to 3 goods on your Market stalls to sell "
                     "them to your Shop (3 Cash at most), or Refill all stalls.", name=name)
        return ngettext("{name}: Market crier: {n} good picked (3 at most), worth {cash} Cash: "
                        "click Sell, or more goods; a good clicked again is put back.",
                        "{name}: Market crier: {n} goods picked (3 at most), worth {cash} "
                        "Cash: click Sell, or more goods; a good clicked again is put back.",
                        len(goods), name=name, cash=market_crier_cash(goods))
    if helper == "Book-keeper":
        grows = next((target[1] for target in picked if target[0] == "grows"), None)
        if grows is None:
            return _("{name}: Book-keeper: click a vegetable in your Shop or a sown field: "
                     "each field of that vegetable pays 1 Cash. Then Use the Book-keeper, and "
                     "set the Shop.", name=name)
        fields = len([f for f in state.players[state.to_move].fields
                      if f.veg == grows and f.tokens])
        return ngettext("{name}: Book-keeper: your fields of {veg} pay {n} Cash: click Use the "
                        "Book-keeper, then set the Shop.",
                        "{name}: Book-keeper: your fields of {veg} pay {n} Cash: click Use the "
                        "Book-keeper, then set the Shop.", fields, name=name,
                        veg=veg_words(grows))
    if helper == "Trader":
        return trader_prompt(state, gathering, names)
    if helper in OTHER_HELPERS:
        return other_helper_prompt(state, gathering, names)
    hand = any(target[0] == "hand" for target in picked)
    court = len(picked) - hand
    if done is not None and court < 3:
        return _("{name}: click Use the Squire to take them (or one more Courtyard card); "
                 "Cancel or Esc to stop.", name=name)
    if done is not None:
        return _("{name}: click Use the Squire to take them; Cancel or Esc to stop.", name=name)
    if not hand:
        return _("{name}: the Squire: click the hand card to play, and 1 to 3 Courtyard cards "
                 "to take.", name=name)
    return _("{name}: the Squire: now click 1 to 3 Courtyard cards to take.", name=name)


OTHER_HELPERS = ("Plough-man", "Market woman", "Deliveryman", "Con man", "Subsistence farmer",
                 "Tout")


def other_helper_prompt(state: GameState, gathering: commands.Gathering,
                        names: Sequence[str]) -> str:
    """The prompt of the other Helpers whose choice is made on the table."""
    name = names[state.to_move]
    assert gathering.helper is not None
    helper = CARDS[gathering.helper[1]].name
    done = gathering.complete()
    picked = [t[1] for t in gathering.picked]
    if helper == "Plough-man":
        if done is not None and picked:
            return _("{name}: Plough-man: click Use the Plough-man to plough the {field} "
                     "under: its vegetables go back to the Supply, and it may be sown again.",
                     name=name, field=card_words(picked[0], OBJECT))
        return _("{name}: Plough-man: click one of your fields with 2 or more vegetables to "
                 "plough it under, or Harvest 1-token fields to harvest every field with one "
                 "vegetable left (not the Home field).", name=name)
    if helper == "Market woman":
        if done is not None:
            mine = next(card_words(t[1], OBJECT) for t in gathering.picked
                        if commands.seat_of(state, t) == state.to_move)
            theirs = next(card_words(t[1], OBJECT) for t in gathering.picked
                          if commands.seat_of(state, t) != state.to_move)
            return _("{name}: Market woman: click Use the Market woman to swap your {mine} "
                     "for {theirs}, both refilled.", name=name, mine=mine, theirs=theirs)
        return _("{name}: Market woman: click another player's Market stall and one of yours: "
                 "they swap, and both are refilled.", name=name)
    if helper == "Deliveryman":
        if done is not None:
            return _("{name}: Deliveryman: click Use the Deliveryman to deliver to "
                     "{customer} and take the proceeds.", name=name,
                     customer=card_words(picked[0], OBJECT))
        return _("{name}: Deliveryman: click another player's Regular customer to deliver to "
                 "it yourself and take the proceeds.", name=name)
    if helper == "Con man":
        if done is not None:
            return _("{name}: Con man: click Use the Con man to swap him for the {helper}.",
                     name=name, helper=card_words(picked[0], OBJECT))
        if state.config.solo:
            return _("{name}: Con man: click a Helper in the Offer to swap him for it.",
                     name=name)
        return _("{name}: Con man: click a Helper of a player who has ended their Action "
                 "phase: the Con man goes to them for it.", name=name)
    if helper == "Subsistence farmer":
        if done is not None:
            return _("{name}: Subsistence farmer: click Use the Subsistence farmer to take a "
                     "vegetable from the {field} and pay its owner 1 Cash.", name=name,
                     field=card_words(picked[0], FROM))
        return _("{name}: Subsistence farmer: click another player's field with 4 or more "
                 "vegetables (not a Home field) to take 1 from it for 1 Cash.", name=name)
    # the Tout
    their_casuals = [t for t in gathering.picked if commands.seat_of(state, t) != state.to_move]
    my_casuals = [t for t in gathering.picked if commands.seat_of(state, t) == state.to_move]
    if done is not None and my_casuals and their_casuals:
        return _("{name}: Tout: click Swap them to swap your {mine} for {theirs}.", name=name,
                 mine=card_words(my_casuals[0][1], OBJECT),
                 theirs=card_words(their_casuals[0][1], OBJECT))
    if done is not None and their_casuals:
        return _("{name}: Tout: click Buy and serve to buy {customer} for 2 Cash and serve "
                 "it, or one of your Casual customers to swap them instead.", name=name,
                 customer=card_words(their_casuals[0][1], OBJECT))
    return _("{name}: Tout: click another player's Casual customer to buy it (2 Cash) and "
             "serve it at once, or it and one of yours to swap them.", name=name)


def market_crier_cash(goods: Sequence[tuple]) -> int:
    """What the Market crier's sale of `goods` (stall targets) earns: 3 Cash at most."""
    return min(MARKET_CRIER_LIMIT, sum(SELL_PRICE[CARDS[g[1]].offers[g[2]][0]] for g in goods))


def trader_prompt(state: GameState, gathering: commands.Gathering,
                  names: Sequence[str]) -> str:
    name = names[state.to_move]
    stall = next((target for target in gathering.picked if target[0] == "stall"), None)
    given = [target[1] for target in gathering.picked if target[0] == "cart"]
    if stall is None:
        seats = {commands.seat_of(state, t) for t in gathering.candidates() if t[0] == "stall"}
        owners = [seat for seat in seats if seat is not None]
        if len(seats) == 1 and owners:
            return _("{name}: Trader: click an offer on {other}'s Market stalls, then what you "
                     "give from your Cart (click your board on the left to go back to it).",
                     name=name, other=names[owners[0]])
        return _("{name}: Trader: click another player's board on the left, an offer on their "
                 "Market stalls, then what you give from your Cart.", name=name)
    got = veg_words(CARDS[stall[1]].offers[stall[2]][0])
    where = card_words(stall[1], AT)
    if gathering.complete() is not None:
        return _("{name}: Trader: click Use the Trader to give {gives} for the {got} at "
                 "{stall}.", name=name, gives=veg_list(given), got=got, stall=where)
    if CARDS[stall[1]].offers[stall[2]][1] == 2 and MAID not in state.players[
            state.to_move].effects:
        if given:
            return _("{name}: Trader: the {got} at {stall} costs 2 vegetables: click one more "
                     "in your Cart.", name=name, got=got, stall=where)
        return _("{name}: Trader: the {got} at {stall} costs 2 vegetables: click them in "
                 "your Cart.", name=name, got=got, stall=where)
    return _("{name}: Trader: click the vegetable in your Cart you give for the {got} at "
             "{stall}.", name=name, got=got, stall=where)


def hover_lines(state: GameState, target: tuple | None, seat: int, L: Layout) -> list[str]:
    """The tooltip for `target` on the board of `seat` (empty: none)."""
    if target is None:
        return []
    kind = target[0]
    if kind == "path":  # a price only while that seat is choosing where to walk
        if flow.decision(state) != Decision.PATH or state.current_player != seat:
            return []
        return [commands.path_preview(state, seat, target[1])]
    if kind == "shop":
        return [commands.shop_preview(target[1])]
    if kind == "casual":
        return [card_words(target[1]), commands.casual_preview(state, seat, target[1])]
    if kind in ("helper", "hand", "court", "offer", "regular", "keep", "field"):
        card = CARDS[target[1]]
        lines = [card_words(card.id)]
        if card.kind == "helper":
            lines += wrap(helper_text(card.id, state.config.solo), L.px(18), L.px(380))
        if kind == "offer":
            lines.append(_("costs {price} Cash", price=price(state, state.offer.index(card.id))))
        if card.kind == "casual" and kind != "casual":
            lines.append(commands.casual_preview(state, seat, card.id))
        return lines
    if kind == "store":
        return [_("Storehouse: what stays in it at the end of your Action phase."),
                _("Upgrade (2 Cash): holds 4 instead of 1.")]
    acting = flow.decision(state) == Decision.ACT
    if kind == "btn" and target[1] in commands.ACTION_BUTTONS and acting:
        reason = commands.button_reason(state, target[1])
        if reason:
            return [reason]
    if kind == "btn" and target[1] == "end":
        due = commands.due_unserved(state, seat)
        if due:
            return [_("Unserved due customers: {customers}",
                      customers=", ".join(CARDS[c].code for c in due))]
    return []
