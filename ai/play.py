"""Play whole games between agents, with an optional log. The AI holds no words: the log's
lines are made by a `Tell` the caller gives (the game's words layer: `text.log.log_lines`);
without one each move is written as its code."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from loyang_game.engine import Choose, GameConfig, GameState, Hook, Move, new_game, play
from loyang_game.engine.events import Event

from .agents import Agent

# (round, seat, move, the events it left, the seats' names) -> the log's lines for the move
Tell = Callable[[int, int, Move, Sequence[Event], Sequence[str]], list[str]]


def by_seat(agents: Sequence[Agent]) -> Choose:
    """A `choose` for `engine.play`: the agent of the seat to move chooses."""
    def choose(state: GameState) -> Move:
        return agents[state.to_move].choose(state)
    return choose


def code_lines(round_: int, seat: int, move: Move, events: Sequence[Event],
               names: Sequence[str]) -> list[str]:
    """A move's line without words: its round, its seat's name and the move's code."""
    return [f"R{round_} {names[seat]}: {move.to_data()}"]


class GameLog(Hook):
    """The game's log: the lines `tell` makes of each move (its round and who made it) and
    of what it did."""

    def __init__(self, lines: list[str], names: Sequence[str], tell: Tell = code_lines) -> None:
        self.lines, self.names, self.tell = lines, names, tell
        self.round = 0

    def before(self, state: GameState) -> None:
        self.round = state.round

    def moved(self, state: GameState, move: Move, seat: int) -> None:
        self.lines.extend(self.tell(self.round, seat, move, state.events, self.names))


def play_game(config: GameConfig, agents: Sequence[Agent], log: list[str] | None = None,
              names: Sequence[str] | None = None,
              tell: Tell = code_lines) -> tuple[GameState, int]:
    """Play one game to the end; return the final state and the number of decisions. With
    `log`, its lines are made by `tell` (`text.log.log_lines` for the game's words)."""
    state = new_game(config)
    names = list(names) if names else [f"Seat {i + 1}" for i in range(config.seats)]
    hooks = [GameLog(log, names, tell)] if log is not None else []
    decisions = play(state, by_seat(agents), hooks=hooks)
    return state, decisions
