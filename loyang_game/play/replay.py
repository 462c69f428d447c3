"""A game told again, move by move: its states and its log from the deal and the move list.

A save and a session both hold a game as its `GameConfig` and its moves (the engine is
deterministic from the seed), so any point of a game is the deal with the first `step` moves
made. `Replay` keeps a copy of the state every `CHECKPOINT` moves, so stepping back or jumping
to a round costs at most that many moves.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import GameConfig, GameState, Move, new_game
from ..text.log import before_move, turn_lines
from ..words import now

CHECKPOINT = 16  # moves between the stored states


class Replay:
    def __init__(self, config: GameConfig, moves: Sequence[Move], names: Sequence[str],
                 kinds: Sequence[str]) -> None:
        self.config = config
        self.moves = list(moves)
        self.names = list(names)
        self.kinds = list(kinds)
        self.seats: list[int | None] = []  # who made each move
        self.rounds: list[int] = []  # the round each move was made in
        self.lines: list[list[str]] = []  # the log lines of each move
        self._checkpoints: list[GameState] = []
        state = new_game(config)
        for step, move in enumerate(self.moves):
            if step % CHECKPOINT == 0:
                self._checkpoints.append(state.clone())
            self.seats.append(state.current_player)
            self.rounds.append(state.round)
            told = before_move(state, move)
            state.apply(move)
            self.lines.append(turn_lines(told, move, state, self.names))
        self.final = state

    @classmethod
    def of_game(cls, state: GameState, names: Sequence[str], kinds: Sequence[str]) -> Replay:
        """The game that led to `state` (a session's or a loaded save's)."""
        return cls(state.config, state.moves(), names, kinds)

    def __len__(self) -> int:
        """The number of moves: the steps run from 0 (the deal) to `len(replay)` (now)."""
        return len(self.moves)

    @property
    def finished(self) -> bool:
        return self.final.is_over

    def state_at(self, step: int) -> GameState:
        """The game after its first `step` moves (a fresh copy, the caller's to change)."""
        if not 0 <= step <= len(self.moves):
            raise IndexError(f"step {step} is outside 0..{len(self.moves)}")
        if step == len(self.moves):
            return self.final.clone()
        state = self._checkpoints[step // CHECKPOINT].clone()
        for move in self.moves[step - step % CHECKPOINT: step]:
            state.apply(move)
        return state

    def round_starts(self) -> dict[int, int]:
        """round -> the step at which its first move is made."""
        starts: dict[int, int] = {}
        for step, round_ in enumerate(self.rounds):
            starts.setdefault(round_, step)
        return starts

    def log_until(self, step: int) -> list[str]:
        """The log as it read after the first `step` moves."""
        return [now(line) for lines in self.lines[:step] for line in lines]  # a switch: anew
