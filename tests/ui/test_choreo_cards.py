"""Motion that explains (issue 48, item 5): cards of a 4-player seat whose board is not shown
big fly from and to where its panel shows them; a card from a hidden hand leaves that seat's
hand row, not the draw pile; a card gone to the discard pile flies there from where it was;
every seat's scoring marker walks on the Path shown big, where all markers stand. The moves
are planned on a timeline that keeps them (`choreo.plan`), the layouts built as the table
builds them, the person (seat 0) in view."""

from __future__ import annotations

import pygame

from loyang_game.engine import GameConfig, new_game
from loyang_game.engine.events import Discarded, PathStep, ToDiscardPile
from loyang_game.ui import choreo, layout
from loyang_game.ui.sprites import Sprites

from ..engine.helper_scenarios import advance
from .test_table_room import Flights


def planned(state, move, seat):
    """The flights of `move` (made by `seat`) at the person's table, and the layouts."""
    L0 = layout.build(state, 0, (1280, 800), hand_seat=0, bar_buttons=[])
    state.apply(move)
    L1 = layout.build(state, 0, (1280, 800), hand_seat=0, bar_buttons=[])
    tl = Flights()
    choreo.plan(tl, state, move, seat, L0, L1, SPRITES[0], 0)
    return tl.flights, L0, L1


SPRITES: list = []


def setup_module() -> None:
    pygame.init()
    pygame.display.set_mode((1, 1))
    SPRITES.append(Sprites())


def near(point, rect: pygame.Rect) -> bool:
    return rect.inflate(2, 2).collidepoint(point)


def test_a_card_another_seat_takes_flies_from_the_courtyard_into_its_panel():
    state = advance(new_game(GameConfig(seats=4, seed=5)), lambda s: s.phase == "cards"
                    and s.current_player != 0 and s.courtyard
                    and any(m.kind == "take" for m in s.legal_moves()))
    seat = state.current_player
    move = next(m for m in state.legal_moves() if m.kind == "take")
    taken = move.a
    flights, L0, L1 = planned(state, move, seat)
    court = L0.place_of(taken)
    assert court is not None and L1.place_of(taken) in L1.panel_cards.values()
    assert any(f.hide_card == taken and near(f.points[0], court)
               and near(f.points[-1], L1.place_of(taken)) for f in flights)


def test_a_card_from_a_hidden_hand_leaves_that_seats_hand_row():
    state = advance(new_game(GameConfig(seats=4, seed=5)), lambda s: s.phase == "cards"
                    and s.current_player != 0
                    and any(m.kind == "place" for m in s.legal_moves()))
    seat = state.current_player
    move = next(m for m in state.legal_moves() if m.kind == "place")
    flights, L0, L1 = planned(state, move, seat)
    row = L0.anchors[("hand", seat)]
    into_court = [f for f in flights if f.hide_card == move.a]
    assert into_court and near(into_court[0].points[0], row)
    assert not near(into_court[0].points[0], L1.anchors["draw"])


def test_a_card_gone_to_the_discard_pile_flies_there_from_where_it_was():
    state = new_game(GameConfig(seats=4, seed=5))
    for _ in range(4000):  # a move of another seat that discards a card the table showed
        if state.is_over:
            break
        seat = state.current_player
        for move in state.legal_moves():
            trial = state.clone()
            trial.apply(move)
            gone = [c for e in trial.events if isinstance(e, (Discarded, ToDiscardPile))
                    for c in ((e.card,) if isinstance(e, Discarded) else e.cards)]
            L0 = layout.build(state, 0, (1280, 800), hand_seat=0, bar_buttons=[])
            shown = [c for c in gone if L0.place_of(c) is not None
                     and c in trial.discard[-3:]]  # (on top: the table knows its place)
            if seat != 0 and shown:
                flights, L0, L1 = planned(state, move, seat)
                card = shown[0]
                assert any(near(f.points[0], L0.place_of(card))
                           and near(f.points[-1], L1.anchors["discard"]) for f in flights)
                return
        state.apply(state.legal_moves()[0])
    raise AssertionError("no discard of a card in sight was found")


def test_every_seats_marker_walks_on_the_path_shown_big():
    state = advance(new_game(GameConfig(seats=4, seed=5)), lambda s: s.phase == "actions"
                    and s.current_player != 0
                    and any(m.kind == "advance" and m.a > 0 for m in s.legal_moves()))
    seat = state.current_player
    move = next(m for m in state.legal_moves() if m.kind == "advance" and m.a > 0)
    flights, _L0, L1 = planned(state, move, seat)
    step = next(e for e in state.events if isinstance(e, PathStep))
    walk = [f for f in flights if f.hide_card == ("marker", seat)]
    assert walk and near(walk[0].points[-1], L1.anchors[("path", step.end)])


def test_a_vegetable_stored_at_the_end_of_the_action_phase_flies_from_cart_to_storehouse():
    from loyang_game.engine.events import Spot, Vegetables

    def stores(s) -> bool:
        if s.phase != "actions" or s.current_player != 0:
            return False
        trial = s.clone()
        end = next((m for m in trial.legal_moves() if m.kind == "end"), None)
        if end is None:
            return False
        trial.apply(end)
        return any(isinstance(e, Vegetables) and e.dest == Spot.STORE for e in trial.events)
    state = advance(new_game(GameConfig(seats=2, seed=5)), stores)
    end = next(m for m in state.legal_moves() if m.kind == "end")
    flights, L0, L1 = planned(state, end, 0)
    stored = next(e for e in state.events if isinstance(e, Vegetables) and e.dest == Spot.STORE)
    assert any(near(f.points[0], L0.anchors[("cart", 0, stored.veg)])
               and near(f.points[-1], L1.anchors[("store", 0)]) for f in flights)


def test_a_market_stall_filled_from_the_supply_shows_its_vegetables_flying_onto_it():
    from loyang_game.engine.events import Spot, Vegetables

    def fills(s) -> bool:
        if s.current_player != 0 or s.phase != "cards":
            return False
        for move in s.legal_moves():
            trial = s.clone()
            trial.apply(move)
            if any(isinstance(e, Vegetables) and e.dest == Spot.STALL for e in trial.events):
                return True
        return False
    state = advance(new_game(GameConfig(seats=2, seed=5)), fills)
    move = next(m for m in state.legal_moves() if any(
        isinstance(e, Vegetables) and e.dest == Spot.STALL
        for e in _after(state, m).events))
    flights, _L0, L1 = planned(state, move, 0)
    filled = [e for e in state.events if isinstance(e, Vegetables) and e.dest == Spot.STALL]
    stall = filled[0].card
    offers = [L1.targets[("stall", stall, i)] for i in range(len(choreo.CARDS[stall].offers))]
    assert sum(any(near(f.points[-1], r) for r in offers) for f in flights) >= len(filled)


def _after(state, move):
    trial = state.clone()
    trial.apply(move)
    return trial


def test_every_card_can_fly_from_a_place_on_its_side_or_upright():
    """A card leaves a panel's chip (on its side, whatever its kind: a common field's too)
    or an upright place: each has a picture to fly as (a 4-player game once asked for a
    common field's played face, which fields do not have)."""
    for card in choreo.CARDS:
        for w, h in ((48, 20), (20, 28)):
            assert choreo.face(SPRITES[0], card.id, pygame.Rect(0, 0, w, h)).get_size() == (w, h)
