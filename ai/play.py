"""Play whole games between agents, with an optional readable log."""

from __future__ import annotations

from collections.abc import Sequence

from loyang_game.engine import Choose, GameConfig, GameState, Hook, Move, new_game, play
from loyang_game.text.log import describe_events, describe_move

from .agents import Agent


def by_seat(agents: Sequence[Agent]) -> Choose:
    """A `choose` for `engine.play`: the agent of the seat to move chooses."""
    def choose(state: GameState) -> Move:
        return agents[state.to_move].choose(state)
    return choose


class GameLog(Hook):
    """The game's readable log: a line per move (its round and who made it), and a line per
    thing it did."""

    def __init__(self, lines: list[str], names: Sequence[str]) -> None:
        self.lines, self.names = lines, names
        self.round = 0

    def before(self, state: GameState) -> None:
        self.round = state.round

    def moved(self, state: GameState, move: Move, seat: int) -> None:
        self.lines.append(f"R{self.round} {self.names[seat]}: {describe_move(move, self.names)}")
        self.lines.extend(f"   {line}" for line in describe_events(state.events, self.names))


def play_game(config: GameConfig, agents: Sequence[Agent], log: list[str] | None = None,
              names: Sequence[str] | None = None) -> tuple[GameState, int]:
    """Play one game to the end; return the final state and the number of decisions."""
    state = new_game(config)
    names = list(names) if names else [f"Seat {i + 1}" for i in range(config.seats)]
    hooks = [GameLog(log, names)] if log is not None else []
    decisions = play(state, by_seat(agents), hooks=hooks)
    return state, decisions
