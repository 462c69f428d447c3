"""The words of the table: the prompt line (what the player to decide is asked to do) and the
tooltip for whatever is under the mouse."""

from __future__ import annotations

from ..engine import GameState, flow
from ..engine.cards import CARDS
from ..engine.moves import FLIP
from ..engine.solo import price
from ..engine.state import Decision, PayDebt
from ..play import commands
from ..play.session import GameSession
from .draw import wrap
from .layout import Layout
from .rules_text import helper_text

# The prompts name the buttons by their labels.
BUTTONS = commands.BUTTON_LABELS
PROMPTS = {
    "home": "{name}: buy your Home vegetable — click Wheat, Pumpkin or Turnip in the Shop.",
    "cards": "{name}: click a hand card, then the Courtyard (place it) or a Courtyard card "
             "(take both).",
    "cards flip": "{name}: click a hand card, then the Courtyard (place it) or a Courtyard "
                  "card (take both); or first turn over the draw pile's top card (click it).",
    "solo cards": "{name}: buy cards from the Offer (row price shown), then "
                  f"{BUTTONS['done']}.",
    "act": "{name}: click a Cart vegetable, then the Shop, a field, a stall or a customer; or "
           f"buy from the Shop; {BUTTONS['end']} when done.",
    "store": "{name}: the Storehouse holds {capacity}: sell or return vegetables.",
    "path": "{name}: click a Path space to walk there (hover for the price), or "
            f"{BUTTONS['stay']}.",
    "pay": "{name}: raise {owed} Cash for the {owed_for} (you have {cash}): sell, take a Loan, "
           "or use or discard a Helper.",
    "keep": "{name}: choose what to keep from the Two-pack.",
    "harvest": "{name}: use your Harvest helper before the harvest, or "
               f"{BUTTONS['pass']}.",
    "claim": "{name}: the Foreman may take the Helper just discarded.",
    "partner": "{name}: choose your partner for the Action phase: click a player's board "
               "on the left to look at it, then Partner with them.",
}


def prompt(game: GameSession, pass_to: int | None,
           picker: commands.Picker | None = None) -> str:
    """The prompt line for the decision at hand (`picker`: what the person has picked up;
    cards being pointed at for a Helper say what to point at next)."""
    state = game.state
    seat = state.current_player
    if seat is None:
        return "The game is over."
    name = game.names[seat]
    if not game.is_person(seat):
        return f"{name} (AI) is playing."
    if pass_to is not None:
        return f"Pass the table to {name}."
    if picker is not None and picker.gathering is not None:
        return f"{name}: {commands.gather_prompt(picker.gathering)}"
    p = state.players[seat]
    d: str = flow.decision(state)  # or one of the prompts' own finer keys below
    if d == "cards" and state.config.solo:
        d = "solo cards"
    elif d == "cards" and any(m.kind == FLIP for m in state.legal_moves()):
        d = "cards flip"  # the 2-player rule: the draw pile's top card first, if wished
    debt = state.pending[-1] if state.pending and d == "pay" else None
    owed, owed_for = (debt.amount, debt.reason) if isinstance(debt, PayDebt) else (None, None)
    return PROMPTS.get(d, "{name}: {d}").format(name=name, d=d, capacity=p.capacity,
                                                 cash=p.cash, owed=owed, owed_for=owed_for)


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
        return [CARDS[target[1]].name, commands.casual_preview(state, seat, target[1])]
    if kind in ("helper", "hand", "court", "offer", "regular", "keep", "field"):
        card = CARDS[target[1]]
        lines = [card.name]
        if card.kind == "helper":
            lines += wrap(helper_text(card.id, state.config.solo), L.px(18), L.px(380))
        if kind == "offer":
            lines.append(f"costs {price(state, state.offer.index(card.id))} Cash")
        if card.kind == "casual" and kind != "casual":
            lines.append(commands.casual_preview(state, seat, card.id))
        return lines
    if kind == "store":
        return ["Storehouse: what stays in it at the end of your Action phase.",
                "Upgrade (2 Cash): holds 4 instead of 1."]
    acting = flow.decision(state) == Decision.ACT
    if kind == "btn" and target[1] in commands.ACTION_BUTTONS and acting:
        reason = commands.button_reason(state, target[1])
        if reason:
            return [reason]
    if kind == "btn" and target[1] == "end":
        due = commands.due_unserved(state, seat)
        if due:
            return ["Unserved due customers: " + ", ".join(CARDS[c].code for c in due)]
    return []
