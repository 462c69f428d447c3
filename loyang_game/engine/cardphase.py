"""Card phase: the deal and the Distribution round (rulebook "Phase 2", RULINGS R4).

The deck is dealt 4 cards each, or the largest equal number when it runs short. From the
starting player, clockwise, each player either places a hand card into the Courtyard or takes
one Courtyard card and one hand card, plays both and leaves the round, the rest of the hand
going to the Courtyard. The last two takers become starting and second player.

Settled here where nothing else settles it: if the deck cannot give every player even one
card, nobody plays a card this round and the start tokens stay where they are.
"""

from __future__ import annotations

from . import helpers
from .cards import CARDS, COMMON_FIELD, COMMON_FIELD_COST, HAND_SIZE, NONE
from .events import Dealt, Flipped, IntoCourtyard, PhaseBegan, Source, ToDiscardPile, Why
from .moves import FLIP, PLACE, TAKE, USE, Move
from .play_area import place_card
from .state import CARDS_PHASE, PAY, PayDebt, PlayerState, Reason, State, reason
from .turns import begin_actions

_FLIP = Move(FLIP)


def begin(s: State) -> None:
    """Shuffle the discard pile into the draw pile, deal, and open the Distribution round."""
    s.phase = CARDS_PHASE
    if s.telling:
        s.events.append(PhaseBegan(s.phase, s.round))
    s.draw.extend(s.discard)
    s.discard = []
    s.shuffle(s.draw)
    n = s.config.seats
    seats = [(s.start_seat + i) % n for i in range(n)]
    per_player = min(HAND_SIZE, len(s.draw) // n)
    for _ in range(per_player):
        for seat in seats:
            s.players[seat].hand.append(s.draw.pop())
    if s.telling and per_player:
        s.events += [Dealt(seat, tuple(s.players[seat].hand)) for seat in seats]
    s.courtyard = []
    s.active = seats
    s.takers = []
    s.turn = s.start_seat
    s.flipped = False
    if per_player == 0:
        end(s)


def must_take(s: State, p: PlayerState) -> bool:
    """A player with one card left, or the last player left, must take (rulebook, R4)."""
    return len(p.hand) <= 1 or len(s.active) == 1


def legal(s: State, p: PlayerState) -> list[Move]:
    moves = []
    if s.config.seats == 2 and not s.flipped and s.draw:
        moves.append(_FLIP)
    forced = must_take(s, p)
    if not forced:
        moves.extend(Move(PLACE, card) for card in p.hand)
    playable = p.hand if p.intro == NONE else [*p.hand, p.intro]
    if s.courtyard:
        moves.extend(Move(TAKE, c, h) for c in s.courtyard for h in playable)
        if p.helpers:
            moves.extend(helpers.squire_moves(s, p, playable))
    elif forced:
        moves.extend(Move(TAKE, NONE, h) for h in playable)
    return moves


def apply(s: State, move: Move) -> None:
    p = s.players[s.turn]
    if move.kind == FLIP:
        card = s.draw.pop()
        s.courtyard.append(card)
        s.flipped = True
        if s.telling:
            s.events.append(Flipped(p.seat, card))
        return
    if move.kind == PLACE:
        p.hand.remove(move.a)
        s.courtyard.append(move.a)
        if s.telling:
            s.events.append(IntoCourtyard(p.seat, move.a))
        next_turn(s)
        return
    if move.kind == USE:  # the Squire: a hand card and up to 3 Courtyard cards
        hand_card = move.b
        cost = helpers.squire_take(s, p, move)
    else:
        hand_card = move.b
        cost = 0
        if move.a != NONE:
            s.courtyard.remove(move.a)
            cost += _play(s, p, move.a, Source.COURTYARD)
    if hand_card == p.intro:
        p.intro = NONE
        source = Source.INTRO
    else:
        p.hand.remove(hand_card)
        source = Source.HAND
    cost += _play(s, p, hand_card, source)
    if move.kind == USE:
        helpers.use_up(s, p, move.a)
    s.courtyard.extend(p.hand)
    if s.telling:
        s.events.extend(IntoCourtyard(p.seat, card) for card in p.hand)
    p.hand = []
    s.active.remove(p.seat)
    s.takers.append(p.seat)
    if cost:
        # Paid before the turn moves on: raising the money is part of this Card phase turn
        # (only the Card phase's means: selling, Loans, discarding, the Book-keeper), even
        # for the last taker, whose turn moving on would open the Action phase.
        s.pending.append(PayDebt(PAY, p.seat, cost, Why.COMMON_FIELD.value))
    else:
        next_turn(s)


def taker_has_paid(s: State) -> bool:
    """In the Card phase, the seat at turn has taken and has nothing left to pay: the turn
    moves on."""
    return s.turn not in s.active and not s.config.solo


def _play(s: State, p: PlayerState, card: int, source: Source) -> int:
    """Play a card into its place; return what it costs (2 Cash for a common field)."""
    place_card(s, p, card, source=source)
    return COMMON_FIELD_COST if CARDS[card].kind == COMMON_FIELD else 0


def next_turn(s: State) -> None:
    s.flipped = False
    if not s.active:
        end(s)
        return
    n = s.config.seats
    seat = s.turn
    while True:
        seat = (seat + 1) % n
        if seat in s.active:
            s.turn = seat
            return


def end(s: State) -> None:
    """Leftover Courtyard cards become the discard pile; the last takers get the tokens."""
    s.discard.extend(s.courtyard)
    if s.telling and s.courtyard:
        s.events.append(ToDiscardPile(Source.COURTYARD, tuple(s.courtyard)))
    s.courtyard = []
    if s.takers:
        s.start_seat = s.takers[-1]
        if len(s.takers) >= 2:
            s.second_seat = s.takers[-2]
    begin_actions(s)


def why_illegal(s: State, move: Move) -> Reason | None:
    p = s.players[s.turn]
    if move.kind == FLIP:
        if s.config.seats != 2:
            return reason("flip_two_only")
        if s.flipped:
            return reason("flipped_already")
        return reason("draw_pile_empty")
    if move.kind == PLACE:
        if move.a not in p.hand:
            return reason("not_in_hand")
        if len(p.hand) <= 1:
            return reason("last_card_must_take")
        return reason("last_player_must_take")
    if move.kind == TAKE:
        if move.a == NONE and s.courtyard:
            return reason("take_with_hand")
        if move.a != NONE and move.a not in s.courtyard:
            return reason("not_in_courtyard", card=move.a)
        if move.b not in p.hand and move.b != p.intro:
            return reason("card_not_in_hand", card=move.b)
    return None
