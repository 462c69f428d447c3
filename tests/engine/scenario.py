"""Small helpers to build a rule scenario.

A scenario runs a seeded game with a calm policy (take the least troublesome cards, end every
Action phase at once, never walk the Path) up to the decision a rule needs, then sets a
player's Cash, Cart, cards and so on directly on the state. The rule itself is then exercised
through `legal_moves()` and `apply()` only.

Every card moved here is taken from wherever it was, so the 70 action cards stay each in
exactly one place. After editing a state by hand call `refresh(state)` (the setters here do
it), since the state caches its legal moves.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from loyang_game.engine import GameConfig, GameState, Move, new_game
from loyang_game.engine.cards import (
    CARDS,
    CASUAL,
    COMMON_FIELD,
    HELPER,
    PRIVATE_FIELD,
    REGULAR,
    STALL,
    card_by_code,
    helper_id,
)
from loyang_game.engine.flow import decision
from loyang_game.engine.moves import NONE
from loyang_game.engine.play_area import place_card
from loyang_game.engine.state import FieldSlot

__all__ = [
    "NONE", "calm_move", "card", "clear_area", "decision", "game", "play_until", "put",
    "refresh", "set_player", "slot_of", "stack_draw", "take", "to_action_phase",
    "to_card_phase", "to_path",
]

# How much trouble a card brings its owner in a calm game: the calm policy plays the lowest.
_TROUBLE = {CASUAL: 0, HELPER: 1, STALL: 2, REGULAR: 3, COMMON_FIELD: 4}


def game(seats: int = 2, seed: int = 1, introductory: bool = False) -> GameState:
    return new_game(GameConfig(seats=seats, seed=seed, introductory=introductory))


def card(ref: int | str) -> int:
    """A card id from an id, a CARDS.md code ("R9", "CF3a") or a Helper name ("Maid")."""
    if isinstance(ref, int):
        return ref
    try:
        return card_by_code(ref).id
    except KeyError:
        return helper_id(ref)


def refresh(state: GameState) -> None:
    """Forget the cached legal moves after the state was edited by hand."""
    if hasattr(state, "_legal"):
        state._legal = None


# --- playing on ----------------------------------------------------------------------------------

def calm_move(state: GameState) -> Move:
    """The move that changes least: end Action phases at once, stay put on the Path, return
    what does not fit the Storehouse, keep no Two-pack card, pay with a Loan, use no Helper,
    and in the Card phase play the least troublesome cards (never a 2-player flip)."""
    moves = state.legal_moves()
    kind = decision(state)
    by_kind: dict[str, list[Move]] = {}
    for m in moves:
        by_kind.setdefault(m.kind, []).append(m)
    if kind == "cards":
        if "take" in by_kind:
            def trouble(m: Move) -> int:
                return sum(_TROUBLE[CARDS[c].kind] for c in (m.a, m.b) if c != NONE)
            return min(by_kind["take"], key=trouble)
        if "place" in by_kind:
            return max(by_kind["place"], key=lambda m: _TROUBLE[CARDS[m.a].kind])
    if kind == "claim" and Move("claim") in moves:
        return Move("claim")  # let the Foreman pass
    preferred = {
        "act": ("end",), "store": ("return", "sell", "loan"), "path": ("advance",),
        "pay": ("loan",), "keep": ("keep",), "partner": ("partner",), "home": ("home",),
        "harvest": ("pass",),
    }.get(kind, ())
    for want in preferred:
        if want in by_kind:
            return by_kind[want][0]
    return moves[0]


def play_until(state: GameState, stop: Callable[[GameState], bool],
               policy: Callable[[GameState], Move] = calm_move, limit: int = 20000) -> GameState:
    """Apply `policy` moves until `stop(state)` holds (checked before every move)."""
    for _ in range(limit):
        if stop(state):
            return state
        if state.is_over:
            raise AssertionError("the game ended before the scenario was reached")
        state.apply(policy(state))
    raise AssertionError("the scenario was not reached")


def to_action_phase(state: GameState, seat: int | None = None,
                    round_: int | None = None) -> GameState:
    """On to the first 'act' decision of `seat` (any seat if None), in `round_` or later."""
    return play_until(state, lambda s: decision(s) == "act"
                      and (seat is None or s.current_player == seat)
                      and (round_ is None or s.round >= round_))


def to_card_phase(state: GameState, round_: int) -> GameState:
    """On to the first Card phase decision of round `round_`."""
    return play_until(state, lambda s: decision(s) == "cards" and s.round >= round_)


def to_path(state: GameState) -> GameState:
    """From an 'act' decision, end the phase (calmly) and go on to its 'path' decision."""
    seat = state.current_player
    state.apply(Move("end"))
    return play_until(state, lambda s: decision(s) == "path" and s.current_player == seat)


# --- editing -------------------------------------------------------------------------------------

def _areas(p) -> tuple[list, ...]:
    return (p.fields, p.stalls, p.helpers, p.regulars, p.casuals)


def slot_of(state: GameState, ref: int | str) -> tuple | None:
    """The played-card tuple with `ref` on top, in any player's area (None if not in play)."""
    cid = card(ref)
    for p in state.players:
        for area in _areas(p):
            for slot in area:
                if slot.card == cid:
                    return slot
    return None


def take(state: GameState, ref: int | str) -> int:
    """Remove a card from wherever it is and return its id. A top card taken from a Two-pack
    leaves its lower card in the discard pile; a lower card just leaves its stack."""
    cid = card(ref)
    for pile in (state.draw, state.discard, state.courtyard):
        if cid in pile:
            pile.remove(cid)
            return cid
    for p in state.players:
        if cid in p.hand:
            p.hand.remove(cid)
            return cid
        if cid in p.pile:
            p.pile.remove(cid)
            return cid
        if p.intro == cid:
            p.intro = NONE
            return cid
        for area in _areas(p):
            for index, slot in enumerate(area):
                if slot.card == cid:
                    area.pop(index)
                    if slot.under != NONE:
                        state.discard.append(slot.under)
                    return cid
                if slot.under == cid:
                    area[index] = slot._replace(under=NONE)
                    return cid
    raise AssertionError(f"card {cid} is nowhere")


def put(state: GameState, seat: int, ref: int | str, under: int | str | None = None, *,
        mask: int | None = None, rows: int | None = None, red: bool | None = None,
        first_due: int | None = None, served: int | None = None, veg: int | None = None,
        count: int | None = None) -> tuple:
    """Take a card (and the one to lie under it) and place it in `seat`'s play area the way
    the engine places a played card, then set what is given: a stall's `mask` of offers left;
    a Regular customer's `rows` filled, `red` marker, `first_due` round (default: this round)
    and round last `served`; a field's `veg` and `count` of tokens. Returns the tuple."""
    p = state.players[seat]
    cid = take(state, ref)
    low = NONE if under is None else take(state, under)
    kind = CARDS[cid].kind
    if kind == PRIVATE_FIELD:
        p.fields.append(FieldSlot(cid, low))
    else:
        place_card(state, p, cid, low)
    area = p.area(kind)
    changes = {
        STALL: {"mask": mask},
        REGULAR: {"rows": rows, "red": red, "first_due": state.round if first_due is None
                  else first_due, "served": served},
        COMMON_FIELD: {"veg": veg, "tokens": count},
        PRIVATE_FIELD: {"veg": veg, "tokens": count},
    }.get(kind, {})
    area[-1] = area[-1]._replace(**{name: value for name, value in changes.items()
                                    if value is not None})
    refresh(state)
    return area[-1]


def clear_area(state: GameState, seat: int, keep: Iterable[int | str] = ()) -> None:
    """Send every action card of `seat`'s play area (covered ones too) to the discard pile,
    except the stacks whose top card is in `keep`; private fields stay."""
    kept = {card(k) for k in keep}
    p = state.players[seat]
    for area in (p.stalls, p.helpers, p.regulars, p.casuals, p.fields):
        for slot in list(area):
            if slot.card in kept or CARDS[slot.card].kind == PRIVATE_FIELD:
                continue
            area.remove(slot)
            state.discard.append(slot.card)
            if slot.under != NONE:
                state.discard.append(slot.under)
    refresh(state)


def set_player(state: GameState, seat: int, *, cash: int | None = None,
               cart: dict[int, int] | None = None, store: dict[int, int] | None = None,
               shop: dict[int, int] | None = None, path: int | None = None,
               loans: int | None = None, upgraded: bool | None = None) -> None:
    """Set a player's money and goods. `cart` and `store` replace the whole Cart/Storehouse
    ({vegetable: count}); `shop` changes only the vegetables named."""
    p = state.players[seat]
    if cash is not None:
        p.cash = cash
    if cart is not None:
        p.cart = [cart.get(v, 0) for v in range(6)]
    if store is not None:
        p.store = [store.get(v, 0) for v in range(6)]
    if shop is not None:
        for v, n in shop.items():
            p.shop[v] = n
    if path is not None:
        p.path = path
    if loans is not None:
        p.loans = loans
    if upgraded is not None:
        p.upgraded = upgraded
    refresh(state)


def stack_draw(state: GameState, *refs: int | str) -> None:
    """Put these cards on top of the draw pile, the first one to be drawn first."""
    ids = [take(state, r) for r in refs]
    state.draw.extend(reversed(ids))
    refresh(state)
