"""The events of a move tell all it did (engine/events.py): every change of Cash, every step on
the Path, every card that came into or left a play area and every vegetable token that moved
is an event, so that the log, the sounds, the call-outs, the undo stack and the animations
can read them instead of comparing states."""

from __future__ import annotations

import pytest

from ai.agents import make_agent
from loyang_game.engine import GameConfig, new_game
from loyang_game.engine.events import (
    Cash,
    Claimed,
    Discarded,
    FieldRemoved,
    GoodTaken,
    Handed,
    Harvested,
    IntoOffer,
    NewField,
    PathStep,
    Placed,
    Spot,
    TokenTaken,
    UnderPile,
    Vegetables,
    Why,
)
from loyang_game.engine.state import PlayerState


def _played(p: PlayerState) -> set[int]:
    return {slot.card for area in (p.fields, p.stalls, p.helpers, p.regulars, p.casuals)
            for slot in area}


def _boards(state) -> dict[int, PlayerState]:
    boards = {p.seat: p for p in state.players}
    if state.opponent:
        boards[state.opponent.seat] = state.opponent
    return boards


def _where(events) -> dict[int, int | None]:
    """Card -> the seat whose play area the events leave it in (None: out of every one)."""
    where: dict[int, int | None] = {}
    for event in events:
        match event:
            case Placed(seat=seat, card=card) | Claimed(seat=seat, card=card) \
                    | NewField(seat=seat, card=card):
                where[card] = seat
            case Handed(card=card, taker=taker):
                where[card] = taker
            case Discarded(card=card) | FieldRemoved(card=card) | UnderPile(card=card) \
                    | IntoOffer(card=card):
                where[card] = None
    return where


def _tokens(state, events) -> dict[tuple, int]:
    """Every place's count of tokens (Cart, Storehouse, Shop, a field, a stall) in `state`,
    moved on by the token `events`."""
    counts: dict[tuple, int] = {}

    def add(key: tuple, n: int) -> None:
        counts[key] = counts.get(key, 0) + n

    for seat, p in _boards(state).items():
        for veg in range(6):
            for spot, row in ((Spot.CART, p.cart), (Spot.STORE, p.store), (Spot.SHOP, p.shop)):
                add((seat, spot, veg), row[veg])
        for f in p.fields:
            add((seat, Spot.FIELD, f.card), f.tokens)
        for st in p.stalls:
            add((seat, Spot.STALL, st.card), bin(st.mask).count("1"))
    for event in events:
        match event:
            case Vegetables(seat=seat, veg=veg, count=n, source=source, dest=dest, card=card):
                for spot, sign in ((source, -1), (dest, 1)):
                    if spot in (Spot.FIELD, Spot.STALL):
                        add((seat, spot, card), sign * n)
                    elif spot in (Spot.CART, Spot.STORE, Spot.SHOP):
                        add((seat, spot, veg), sign * n)
            case Harvested(seat=seat, card=card, veg=veg):
                add((seat, Spot.FIELD, card), -1)
                add((seat, Spot.CART, veg), 1)
            case TokenTaken(owner=owner, field=field, veg=veg, taker=taker):
                add((owner, Spot.FIELD, field), -1)
                add((taker, Spot.CART, veg), 1)
            case GoodTaken(owner=owner, stall=stall, veg=veg, taker=taker, into=into):
                add((owner, Spot.STALL, stall), -1)
                if into != Spot.SUPPLY:
                    add((taker, into, veg), 1)
    return {key: n for key, n in counts.items() if n}


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_the_events_of_every_move_account_for_cash_path_and_play_areas(seats):
    kinds = set()
    for seed in range(3):
        state = new_game(GameConfig(seats=seats, seed=seed))
        agents = [make_agent("helper-happy" if seed else "random", seed * 7 + seat)
                  for seat in range(seats)]
        while not state.is_over:
            before = state.clone()
            state.apply(agents[state.to_move].choose(state))
            events = state.events
            kinds.update(type(e) for e in events)
            for p, q in zip(before.players, state.players):
                assert sum(e.amount for e in events if isinstance(e, Cash)
                           and e.seat == p.seat) == q.cash - p.cash, events
                assert sum(e.end - e.start for e in events if isinstance(e, PathStep)
                           and e.seat == p.seat) == q.path - p.path
            assert _tokens(before, events) == _tokens(state, []), events
            where = _where(events)
            for seat, p in _boards(before).items():
                told = {c for c, s in where.items() if s == seat}
                gone = {c for c, s in where.items() if s != seat}
                assert _played(_boards(state)[seat]) == (_played(p) - gone) | told, events
    assert {Cash, PathStep, Placed, Discarded} <= kinds


def _places(state) -> dict[int, tuple]:
    """Where every card is: a hand, a play area (or under a card there), a pile of fields, the
    Courtyard, the Offer, a Two-pack being chosen from, the discard or the draw pile."""
    out: dict[int, tuple] = {}
    for seat, p in _boards(state).items():
        out.update({card: ("hand", seat) for card in p.hand})
        out.update({card: ("pile", seat) for card in p.pile})
        if p.intro >= 0:
            out[p.intro] = ("hand", seat)
        for area in (p.fields, p.stalls, p.helpers, p.regulars, p.casuals):
            for slot in area:
                out[slot.card] = ("played", seat)
                if slot.under >= 0:
                    out[slot.under] = ("under", seat)
    out.update({card: ("courtyard",) for card in state.courtyard})
    out.update({card: ("offer",) for card in state.offer if card >= 0})
    for decision in state.pending:
        if decision[0] == "keep":
            out.update({card: ("keep",) for card in decision[2]})
    out.update({card: ("discard",) for card in state.discard})
    out.update({card: ("draw",) for card in state.draw})
    return out


def _named(event) -> set[int]:
    """The cards an event names."""
    named = set()
    for name in ("card", "cards", "stall", "field", "under"):
        value = getattr(event, name, None)
        named.update(value if isinstance(value, tuple) else () if value is None else (value,))
    return named


@pytest.mark.parametrize("seats", [1, 2, 4])
def test_every_card_that_changed_places_is_named_by_an_event(seats):
    """(The discard pile shuffled into the draw pile is the one change no event lists card by
    card: `Reshuffled`, or the deal, `Dealt`, says it.)"""
    for seed in range(2):
        state = new_game(GameConfig(seats=seats, seed=seed, introductory=seats > 1))
        agents = [make_agent("helper-happy", seed * 5 + seat) for seat in range(seats)]
        while not state.is_over:
            before = _places(state)
            state.apply(agents[state.to_move].choose(state))
            after = _places(state)
            named = set().union(*map(_named, state.events))
            changed = {card for card in before.keys() | after.keys()
                       if before.get(card) != after.get(card)
                       and (before.get(card), after.get(card)) != (("discard",), ("draw",))}
            assert changed <= named, (changed - named, state.events)


def test_a_payment_between_players_is_two_cash_events_and_a_debt_is_told_as_one():
    debt = Cash(0, -2, Why.COMMON_FIELD, -1)
    assert debt.is_debt and not Cash(0, 3, Why.CUSTOMER, 5).is_debt
    assert not Cash(0, -2, Why.HELPER, 5).reveals_hidden


def test_events_are_news_not_position():
    state = new_game(GameConfig(seats=2, seed=4))
    state.apply(state.legal_moves()[0])
    assert state.events
    assert "events" not in state.to_data()
    assert state.clone().events == []


def test_a_state_a_seat_imagines_tells_nothing():
    """The AI's and the coach's searches play on `observe` samples: no news is made there."""
    state = new_game(GameConfig(seats=3, seed=2))
    view = state.observe(0)
    assert state.telling and not view.telling and not view.clone().telling
    move = state.legal_moves()[0]
    view.apply(move)
    state.apply(move)
    assert view.events == [] and state.events
