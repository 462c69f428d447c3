"""The interrupts waiting on the `pending` stack are typed records (state.Pending), read by
name in the engine and still by position outside it: (decision, seat, data...)."""

from __future__ import annotations

import typing

from ai.agents import make_agent
from loyang_game.engine import GameConfig, new_game
from loyang_game.engine.flow import decision
from loyang_game.engine.state import Pending


def test_every_interrupt_is_a_typed_record_that_reads_by_position_as_before():
    kinds = set()
    for seats in (2, 4):
        for seed in range(3):
            state = new_game(GameConfig(seats=seats, seed=seed))
            agents = [make_agent("helper-happy", seed + seat) for seat in range(seats)]
            while not state.is_over:
                for record in state.pending:
                    assert isinstance(record, typing.get_args(Pending))
                    assert (record[0], record[1]) == (record.decision, record.seat)
                    kinds.add(type(record).__name__)
                if state.pending:
                    assert decision(state) == state.pending[-1].decision
                    assert state.current_player == state.pending[-1].seat
                state.apply(agents[state.to_move].choose(state))
    assert {"PayDebt", "KeepChoice", "PartnerChoice"} <= kinds
