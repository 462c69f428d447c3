"""The engine as a forward model, in the manner of the TAG framework's forward-model tests.

Over random games of 1 (solo), 2, 3 and 4 seats
(uniform and helper-happy), at every decision: a clone equals the original; moves
applied to a clone never reach the original; `observe(seat, rng)` keeps all that seat can see,
re-samples only what it cannot (the draw pile's order, the other players' hands and
Introductory customers, the order of every private field pile), keeps the multiset of hidden
cards, leaves the original (and its RNG) alone, draws its randomness from the rng it is given,
and gives a state that can be played to the end.
"""

from __future__ import annotations

import random

import pytest

from loyang_game.engine import GameConfig, GameState, new_game
from loyang_game.engine.cards import CARDS, field_sets
from loyang_game.engine.moves import NONE

# Odd seeds: the Introductory version; seeds 3 to 5: the helper-happy policy, which plays a
# Helper whenever it can.
GAMES = [(seats, seed, seed % 2 == 1 and seats > 1) for seats in (1, 2, 3, 4)
         for seed in range(6)]
HELPER_HAPPY_FROM = 3


def random_games(seats: int, seed: int, introductory: bool):
    """Yield the state at every decision of one random game (the same object, moved on)."""
    rng = random.Random(seed * 7919 + seats)
    state = new_game(GameConfig(seats=seats, seed=seed, introductory=introductory and seats > 1))
    while not state.is_over:
        yield state, rng
        moves = state.legal_moves()
        if seed >= HELPER_HAPPY_FROM:
            moves = [m for m in moves if m.kind in ("use", "claim")] or moves
        state.apply(moves[rng.randrange(len(moves))])
    yield state, rng


def play_out(state: GameState, rng: random.Random) -> GameState:
    steps = 0
    while not state.is_over:
        moves = state.legal_moves()
        assert moves, "a state that is not over must offer a move"
        state.apply(moves[rng.randrange(len(moves))])
        steps += 1
        assert steps < 20000
    assert state.round == 9
    return state


def visible(state: GameState, seat: int) -> dict:
    """Everything `seat` can see: the state's data with the hidden parts reduced to what the
    seat knows about them (sizes, and which of the two field sets lies where in each pile)."""
    data = state.to_data()
    del data["rng"]  # the game's future randomness is not part of what anyone sees
    data["draw"] = len(data["draw"])
    for p, player in zip(data["players"], state.players):
        # A pile is face down, even to its owner, but its two sets lie one on the other; the
        # bottom cards put there openly by the Tenant-farmer are known to all, and an owner
        # who has looked through the pile with the Tenant-farmer knows its order.
        if not (player.seat == seat and getattr(player, "pile_seen", False)):
            first, _ = field_sets(player.seat)
            known = getattr(player, "pile_known", 0)
            pile = p["pile"]
            p["pile"] = (pile[:known], sorted(pile[known:]), [c in first for c in pile])
        if player.seat != seat:
            p["hand"] = len(p["hand"])
            p["intro"] = p["intro"] != NONE
    return data


def hidden(state: GameState, seat: int) -> list[int]:
    """The cards `seat` cannot see, as a sorted multiset."""
    out = list(state.draw)
    for p in state.players:
        if p.seat != seat:
            out += p.hand
            if p.intro != NONE:
                out.append(p.intro)
    return sorted(out)


@pytest.mark.parametrize(("seats", "seed", "introductory"), GAMES)
def test_clone_is_equal_and_independent(seats, seed, introductory):
    """At every decision a clone's data equals the original's; applying a move to the clone
    (and going on a few more moves) leaves the original's data and legal moves unchanged."""
    decisions = 0
    for state, rng in random_games(seats, seed, introductory):
        before = state.to_data()
        legal = state.legal_moves()
        copy = state.clone()
        assert copy.to_data() == before
        assert copy.legal_moves() == legal
        assert copy.current_player == state.current_player
        assert copy.moves() == state.moves()
        for _ in range(3):
            if copy.is_over:
                break
            moves = copy.legal_moves()
            copy.apply(moves[rng.randrange(len(moves))])
        assert state.to_data() == before
        assert state.legal_moves() == legal
        decisions += 1
    assert decisions > 100


@pytest.mark.parametrize(("seats", "seed", "introductory"), GAMES)
def test_observe_keeps_what_the_seat_sees(seats, seed, introductory):
    """At every decision and for every seat: observe keeps everything the seat can see, keeps
    the multiset of hidden cards (other players' Introductory customers stay start cards),
    changes nothing in the original (its RNG included) and yields a consistent state."""
    obs_rng = random.Random(seed)
    resampled = piles_resampled = 0
    for index, (state, rng) in enumerate(random_games(seats, seed, introductory)):
        before = state.to_data()
        for seat in range(seats):
            seen = visible(state, seat)
            obs = state.observe(seat, obs_rng)
            assert state.to_data() == before
            assert visible(obs, seat) == seen
            assert hidden(obs, seat) == hidden(state, seat)
            for p in obs.players:
                if p.intro != NONE:
                    assert CARDS[p.intro].start
            assert sorted(obs.all_action_cards()) == list(range(70))
            if seat == state.current_player:  # its own choices are the same
                assert set(obs.legal_moves()) == set(state.legal_moves())
            resampled += obs.draw != state.draw
            piles_resampled += any(p.pile != q.pile for p, q in zip(obs.players, state.players))
        if index % 60 == 0 and not state.is_over:
            play_out(state.observe(index % seats, random.Random(index)), rng)
            assert state.to_data() == before
    assert resampled > 0  # the draw pile really is re-sampled
    assert piles_resampled > 0  # and so are the field piles


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_observe_result_plays_to_the_end(seats):
    """An observed state is itself a playable game: play many of them to the end."""
    rng = random.Random(seats)
    for seed in range(3):
        for index, (state, _) in enumerate(random_games(seats, 100 + seed, seed == 1)):
            if index % 25 == 0 and not state.is_over:
                obs = state.observe(state.current_player, random.Random(index))
                play_out(obs, rng)
                assert sorted(obs.all_action_cards()) == list(range(70))


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_observe_uses_the_rng_given(seats):
    """observe draws its randomness from the rng it is given: the same seed gives the same
    observation, the given rng is advanced, other seeds give other draw piles; the original's
    own RNG is never advanced."""
    differ = 0
    for index, (state, _) in enumerate(random_games(seats, 3, True)):
        if index % 10 or state.is_over:
            continue
        before = state.to_data()
        seat = index % seats
        a = state.observe(seat, random.Random(index))
        b = state.observe(seat, random.Random(index))
        assert a.to_data() == b.to_data()
        rng = random.Random(index)
        start = rng.getstate()
        state.observe(seat, rng)
        assert rng.getstate() != start
        c = state.observe(seat, random.Random(index + 1))
        differ += c.draw != a.draw
        assert state.to_data() == before
        # the observation's future shuffles come from the rng given, not the game's own RNG
        assert a.to_data()["rng"] != before["rng"]
        assert c.to_data()["rng"] != a.to_data()["rng"]
    assert differ > 0


def test_observe_hides_other_hands_in_the_card_phase():
    """Rulebook "Phase 2": the hands are secret. In the Card phase an observer keeps its own
    hand, and sees other hands only as their sizes (their contents get re-sampled)."""
    state = new_game(GameConfig(seats=3, seed=5))
    while state.phase != "cards":
        state.apply(state.legal_moves()[0])
    seat = state.current_player
    changed = 0
    for k in range(20):
        obs = state.observe(seat, random.Random(k))
        assert obs.players[seat].hand == state.players[seat].hand
        for p, q in zip(obs.players, state.players):
            assert len(p.hand) == len(q.hand)
            changed += p.seat != seat and p.hand != q.hand
    assert changed > 0


def test_observe_depends_only_on_what_the_seat_sees():
    """Two states that differ only in hidden cards give the same observation for the same
    rng: the sampling cannot leak the hidden order."""
    for seats in (2, 3, 4):
        for index, (state, _) in enumerate(random_games(seats, 11, seats == 3)):
            if index % 15 or state.is_over:
                continue
            seat = state.current_player
            other = state.clone()
            random.Random(index).shuffle(other.draw)
            for p in other.players:
                if p.seat != seat:
                    p.hand.reverse()
            a = state.observe(seat, random.Random(5)).to_data()
            b = other.observe(seat, random.Random(5)).to_data()
            assert a == b


def test_the_canonical_sample_puts_every_hidden_card_in_order():
    """observe without an rng: the same for states that differ only in what is hidden, the
    hidden cards sorted (Introductory customers the lowest unseen start customers, then the
    hands, then the draw pile; each set of a pile sorted within its places), and a fixed
    internal RNG."""
    for seats in (2, 3, 4):
        for index, (state, _) in enumerate(random_games(seats, 12, seats != 3)):
            if index % 20 or state.is_over:
                continue
            seat = state.current_player
            twin = state.observe(seat, random.Random(index))
            view = state.observe(seat)
            assert view.to_data() == twin.observe(seat).to_data()
            assert view.rng == state.observe((seat + 1) % seats).rng
            others = [p for p in view.players if p.seat != seat]
            intros = [p.intro for p in others if p.intro != NONE]
            dealt = intros + [c for p in others for c in p.hand] + view.draw
            assert dealt == sorted(intros) + sorted(dealt[len(intros):])
            unseen_starts = sorted(c for c in dealt if CARDS[c].start)
            assert intros == unseen_starts[:len(intros)]
            for p in view.players:
                if p.seat == seat and p.pile_seen:
                    continue
                for block in field_sets(p.seat):
                    cards = [c for i, c in enumerate(p.pile) if c in block and i >= p.pile_known]
                    assert cards == sorted(cards)
