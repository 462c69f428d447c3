"""Whose turn it is: rounds begin and end, the Action phase opens and passes from player to
player (RULINGS R5, R11). Shared by the phases: the Card phase ends in the Action phase, the
last player's Path step ends the round."""

from __future__ import annotations

from .cards import NONE, ROUNDS
from .events import GameOver, PhaseBegan
from .state import ACT, ACTIONS, HARVEST_PHASE, OVER, PARTNER, PartnerChoice, State


def begin_round(s: State) -> None:
    """The Harvest phase opens; `flow.run` asks Harvest helpers first, then harvests."""
    s.round += 1
    s.phase = HARVEST_PHASE
    s.harvest_passed = []
    if s.telling:
        s.events.append(PhaseBegan(s.phase, s.round))
    for p in s.players:
        p.done = False  # a Regular customer placed from now on is due this round (R7)


def begin_actions(s: State) -> None:
    """Action phase order (RULINGS R5): in 4 players the starting player first chooses a
    partner."""
    s.phase = ACTIONS
    s.step = ACT
    if s.telling:
        s.events.append(PhaseBegan(s.phase, s.round))
    s.turn = 0
    for p in s.players:
        p.two_pack_used = False
        p.effects = ()
    n = s.config.seats
    if n == 4:
        s.order = [s.start_seat, s.second_seat]
        s.partner = []
        s.pending.append(PartnerChoice(PARTNER, s.start_seat))
        return
    if n == 1:
        s.order = [0]
        return
    first_two = [s.start_seat, s.second_seat]
    s.order = first_two + [seat for seat in range(n) if seat not in first_two]


def next_turn(s: State) -> None:
    """The player at turn has finished the Action phase."""
    p = s.players[s.order[s.turn]]
    p.done = True
    p.effects = ()
    s.turn += 1
    s.step = ACT
    if s.turn == len(s.order):
        end_round(s)


def end_round(s: State) -> None:
    if s.round >= ROUNDS:
        s.phase = OVER
        if s.telling:
            s.events.append(GameOver())
    else:
        begin_round(s)


def partner_choices(s: State) -> list[int]:
    """4 players: the seats without a start token, one of which the starting player picks."""
    return [seat for seat in range(s.config.seats) if seat not in (s.start_seat, s.second_seat)]


def choose_partner(s: State, seat: int) -> None:
    """The starting player partners `seat`; the second player partners the other (R5)."""
    s.pending.pop()
    other = next(choice for choice in partner_choices(s) if choice != seat)
    s.order = [s.start_seat, s.second_seat, seat, other]
    s.partner = [NONE] * 4
    for a, b in ((s.start_seat, seat), (s.second_seat, other)):
        s.partner[a], s.partner[b] = b, a
