"""Issue 49, item 3's yardstick for a model of the rival (`python -m lab.policy_agreement`):
the share of a game's Action-step moves each cheap policy makes."""

from __future__ import annotations

import gzip
import json
import os

from ai.policy import default_move
from lab import policy_agreement
from loyang_game.engine import GameConfig, new_game, play


def _game_by_default_policy(seats: int, deal: int) -> dict:
    """A game kept as the board sampler keeps one, its moves all the default policy's."""
    state = new_game(GameConfig(seats=seats, seed=deal))
    play(state, default_move)
    return {"deal": deal, "seats": seats, "moves": [m.to_data() for m in state.moves()]}


def test_the_default_policy_agrees_with_its_own_game_and_the_rule_in_part():
    found = policy_agreement.agreement([_game_by_default_policy(2, 3),
                                        _game_by_default_policy(1, 4)])
    assert found["steps"] > 40 and sum(found["by_kind"].values()) == found["steps"]
    assert found["default"]["share"] == 1.0
    assert all(share == 1.0 for share in found["default"]["by_kind"].values())
    assert 0.0 < found["rule"]["share"] < 1.0
    others = found["others"]
    assert others["cards"]["decisions"] > 5 and "act" not in others
    assert all(others[d]["share"] == 1.0 for d in others if d != "store"), \
        "the others' model is the default policy wherever it does not store"


def test_the_command_reads_a_folder_of_kept_games(tmp_path, capsys):
    folder = tmp_path / "2p"
    os.makedirs(folder)
    with gzip.open(folder / "7.json.gz", "wt", encoding="utf-8") as f:
        json.dump(_game_by_default_policy(2, 7), f)
    assert policy_agreement.main(["--dir", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "1 games" in out and "default: 1.000" in out
    assert "cards: " in out and "the others' model makes 1.000 of hard's moves" in out
    assert policy_agreement.main(["--dir", str(tmp_path / "none")]) == 1
