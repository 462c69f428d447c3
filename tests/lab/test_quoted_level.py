"""The level the coach quotes (`python -m lab.quoted_level`): every evaluation values the same
boards, each less the final space of the game they came from."""

from __future__ import annotations

import pytest

from lab import quoted_level


def test_each_evaluation_values_the_same_boards_against_the_final_space():
    judged = quoted_level.evaluations()
    assert set(judged) == {"projection", "hard-v3", "hard-v4", "shipped"}
    found = quoted_level.misses("greedy", 1, judged)
    counts = {len(values) for values in found.values()}
    assert len(counts) == 1 and counts.pop() == 6
    # today hard ships hard-v4's correction: the same values, board by board
    assert found["shipped"] == found["hard-v4"]
    assert found["hard-v3"] != found["hard-v4"] != found["projection"]


def test_it_prints_a_line_per_agent_and_refuses_an_unknown_one(capsys):
    assert quoted_level.main(["--agents", "greedy", "--deals", "1"]) == 0
    line = capsys.readouterr().out
    assert line.startswith("greedy, 1 games, ") and "hard-v4 " in line
    with pytest.raises(SystemExit):
        quoted_level.main(["--agents", "nobody"])
    assert "unknown agent" in capsys.readouterr().err
