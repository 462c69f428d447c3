"""Solo: future values tilted by the wants of the customers not yet seen."""

from __future__ import annotations

import random

import pytest

from ai import demand
from ai.evaluate import default_evaluator
from ai.view import canonical_view, determinise
from loyang_game.engine import GameConfig, new_game
from loyang_game.engine.cards import CARDS, CardKind
from loyang_game.engine.moves import NONE

WHEAT = 0


def customers_wanting_only(veg: int) -> list[int]:
    return [c.id for c in CARDS if c.wants and set(c.wants) == {veg}]


def test_a_regular_customer_counts_once_per_delivery():
    regular = next(c for c in CARDS if c.kind == CardKind.REGULAR)
    casual = next(c for c in CARDS if c.kind == CardKind.CASUAL)
    counted = demand.wants([regular.id, casual.id, NONE])
    expected = [0.0] * 6
    for v in regular.wants:
        expected[v] += len(regular.pays)
    for v in casual.wants:
        expected[v] += 1
    assert counted == expected


def test_the_whole_deck_unseen_tilts_nothing():
    state = new_game(GameConfig(seats=1, seed=2))
    state.draw, state.offer, state.discard = [c.id for c in CARDS], [], []
    assert demand.ratios(state) == pytest.approx([1.0] * 6)


def test_only_wheat_wanted_makes_wheat_dear_and_the_rest_cheap():
    state = new_game(GameConfig(seats=1, seed=2))
    state.draw, state.offer, state.discard = customers_wanting_only(WHEAT), [], []
    ratios = demand.ratios(state)
    assert ratios[WHEAT] == demand.CEILING
    assert ratios[1:] == [demand.FLOOR] * 5


def test_the_discard_pile_counts_only_before_its_reshuffle():
    state = new_game(GameConfig(seats=1, seed=2))
    state.draw, state.offer = [c.id for c in CARDS], []
    state.discard = customers_wanting_only(WHEAT) * 5
    state.reshuffled = False
    assert demand.ratios(state)[WHEAT] > 1.2
    state.reshuffled = True
    assert demand.ratios(state)[WHEAT] == pytest.approx(1.0)


def test_tilted_scales_future_values_and_leaves_the_original_alone():
    state = new_game(GameConfig(seats=1, seed=2))
    ev = default_evaluator(True)
    before = ev.params.future
    ratios = demand.ratios(state)
    half = demand.tilted(ev, state, 0.5)
    assert half.params.future == pytest.approx(
        [f * (0.5 + 0.5 * r) for f, r in zip(before, ratios, strict=True)])
    assert demand.tilted(ev, state, 0.0).params.future == pytest.approx(before)
    assert ev.params.future == before


def test_every_determinisation_sees_the_same_tilt():
    """Only the make-up of the unseen cards counts, never their order."""
    state = new_game(GameConfig(seats=1, seed=7))
    view = canonical_view(state, 0)
    tilts = {tuple(demand.ratios(determinise(view, 0, random.Random(k)))) for k in range(5)}
    assert len(tilts) == 1
