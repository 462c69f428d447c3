"""The race of a game: each seat's Path space and Cash at the end of every round, read from a
`Replay`, for the end-of-game chart.

Round 0 is the setup: its end is the table as the first round begins. The end of round `r`
is the state when the first move of the next round is made (the moves that close a round,
and anything the engine does on its own between rounds, are all in it); the last round ends
with the game's final state. An unfinished game's last round shows where it stands now.
The Path space is the marker's space, before the Loans are taken off at the end.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import GameState
from .replay import Replay


@dataclass(frozen=True)
class Race:
    rounds: list[int]  # the rounds, in order (0: the setup)
    path: list[list[int]]  # per seat: the Path space at the end of each of `rounds`
    cash: list[list[int]]  # per seat: the Cash at the end of each of `rounds`


def ends_of_rounds(replay: Replay) -> list[tuple[int, GameState]]:
    """(round, the state at its end) for every round the game has reached, in order."""
    starts = sorted(replay.round_starts().items())
    out = []
    for i, (round_, _step) in enumerate(starts):
        state = replay.state_at(starts[i + 1][1]) if i + 1 < len(starts) else replay.final
        out.append((round_, state))
    return out


def race_of(replay: Replay) -> Race:
    ends = ends_of_rounds(replay)
    seats = replay.config.seats
    return Race(rounds=[round_ for round_, _state in ends],
                path=[[state.players[seat].path for _round, state in ends]
                      for seat in range(seats)],
                cash=[[state.players[seat].cash for _round, state in ends]
                      for seat in range(seats)])
