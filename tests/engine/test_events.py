"""The events of a move tell all it did (engine/events.py): every change of Cash, every step on
the Path and every card that came into or left a play area is an event, so that the log, the
sounds, the call-outs and the undo stack can read them instead of comparing states."""

from __future__ import annotations

import pytest

from ai.agents import make_agent
from loyang_game.engine import GameConfig, new_game
from loyang_game.engine.events import (
    Cash,
    Claimed,
    Discarded,
    FieldRemoved,
    Handed,
    IntoOffer,
    NewField,
    PathStep,
    Placed,
    UnderPile,
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
            where = _where(events)
            for seat, p in _boards(before).items():
                told = {c for c, s in where.items() if s == seat}
                gone = {c for c, s in where.items() if s != seat}
                assert _played(_boards(state)[seat]) == (_played(p) - gone) | told, events
    assert {Cash, PathStep, Placed, Discarded} <= kinds


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
