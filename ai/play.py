"""Play whole games between agents, with an optional readable log."""

from __future__ import annotations

from collections.abc import Sequence

from loyang_game.engine import GameConfig, GameState, new_game
from loyang_game.text.log import describe_events, describe_move


def play_game(config: GameConfig, agents: Sequence, log: list[str] | None = None,
              names: Sequence[str] | None = None) -> tuple[GameState, int]:
    """Play one game to the end; return the final state and the number of decisions."""
    state = new_game(config)
    names = list(names) if names else [f"Seat {i + 1}" for i in range(config.seats)]
    decisions = 0
    while not state.is_over:
        seat = state.to_move
        move = agents[seat].choose(state)
        round_before = state.round
        state.apply(move)
        decisions += 1
        if log is not None:
            log.append(f"R{round_before} {names[seat]}: {describe_move(move, names)}")
            log.extend(f"   {line}" for line in describe_events(state.events, names))
    return state, decisions
