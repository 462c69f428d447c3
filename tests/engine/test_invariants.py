"""Invariants over many seeded random games (300 per seat count and agent, a third of them in
the Introductory version), checked at every decision:

- each of the 70 action cards is in exactly one place;
- Cash and Loans never below 0; Path positions within 1..20 during play;
- Shop counts within SHOP_SPACES; Cart and Storehouse counts never negative, the Storehouse
  within its capacity; field tokens within the field's spaces, plus at most 2 from the Harvest
  helper (a sown field holds 1 or more, an unsown one none); every private field in exactly
  one place;
- there is always a decision, for a seat that exists, until the game ends after round 9.
"""

from __future__ import annotations

from operator import le

import pytest

from ai.agents import AGENTS, make_agent
from loyang_game.engine import GameConfig, GameState, new_game
from loyang_game.engine.cards import CARDS, PATH_END, PATH_START, ROUNDS, SHOP_SPACES, home_field
from loyang_game.engine.moves import NONE

# Named, not filtered out of AGENTS: a renamed agent fails here, it does not drop out quietly.
RANDOM_AGENTS = ["random", "helper-happy"]
GAMES_PER_SEAT_COUNT = 300
CHUNKS = 6  # the games of one seat count are split so that `pytest -n` can spread them
ACTION_CARD_SET = set(range(70))
SPACES = [card.spaces for card in CARDS]
SOWABLE = [card.sowable for card in CARDS]
MAX_DECISIONS = 20000


def check(state: GameState) -> None:
    cards = state.all_action_cards()
    assert len(cards) == 70 and set(cards) == ACTION_CARD_SET, sorted(cards)
    assert 1 <= state.round <= ROUNDS or (state.round == 0 and state.phase == "setup")
    for p in state.players:
        assert p.cash >= 0, f"seat {p.seat} has {p.cash} Cash"
        assert p.loans >= 0
        assert PATH_START <= p.path <= PATH_END, f"seat {p.seat} on space {p.path}"
        assert min(p.shop) >= 0 and all(map(le, p.shop, SHOP_SPACES)), p.shop
        assert min(p.cart) >= 0, p.cart
        assert min(p.store) >= 0 and sum(p.store) <= p.capacity, p.store
        private = [c for c in p.pile if c >= 70]  # a common field may lie under the pile
        for field in p.fields:
            card, veg, count = field.card, field.veg, field.tokens
            if veg == NONE:
                assert count == 0
            else:
                # The Harvest helper (option 2) adds a token when sowing, twice at most (with
                # the Foreman taking it back: Helper Reference, "Foreman").
                assert 1 <= count <= SPACES[card] + 2, f"{count} tokens on {CARDS[card].name}"
                assert veg in SOWABLE[card]
            if card >= 70:
                private.append(card)
        first = home_field(p.seat)
        assert len(set(private)) == len(private)
        assert all(first <= c < first + 9 for c in private)
    if state.config.solo:
        assert len(state.offer) == 12 and state.opponent is not None
        opponent = state.opponent
        assert len(opponent.regulars) <= 2 and len(opponent.casuals) <= 2
        assert opponent.cash == 0 and not opponent.helpers


def play_checked(seats: int, seed: int, introductory: bool, agent: str) -> GameState:
    state = new_game(GameConfig(seats=seats, seed=seed, introductory=introductory))
    agents = [make_agent(agent, seed * 10 + seat) for seat in range(seats)]
    for _ in range(MAX_DECISIONS):
        if state.is_over:
            break
        check(state)
        seat = state.current_player
        assert seat in range(seats)
        state.apply(agents[seat].choose(state))
    assert state.is_over, "the game did not end"
    check(state)
    assert state.round == ROUNDS
    assert state.legal_moves() == []
    for p in state.players:
        assert p.pile == []
        assert all(f.card != home_field(p.seat) for f in p.fields)  # harvested empty
    rows = state.standings()
    assert sorted(r["seat"] for r in rows) == list(range(seats))
    assert min(r["place"] for r in rows) == 1
    for r, p in zip(rows, state.players):
        assert r["position"] == p.path - p.loans
    return state


@pytest.mark.parametrize("agent", RANDOM_AGENTS)
@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("seats", [1, 2, 3, 4])  # 1: the solo game
def test_invariants_hold_in_random_games(seats, chunk, agent):
    per_chunk = GAMES_PER_SEAT_COUNT // CHUNKS
    for seed in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        play_checked(seats, seed, introductory=seed % 3 == 0 and seats > 1, agent=agent)


def test_random_agents_are_found():
    """The parametrization above must never silently run no games."""
    assert RANDOM_AGENTS and set(RANDOM_AGENTS) <= set(AGENTS), "an agent here was renamed"
