"""Matches between agents (`python -m lab.arena`): errors counted, win rates with their
Wilson intervals."""

from __future__ import annotations

from lab.arena import run_arena, wilson


def test_arena_reports_confidence_intervals():
    result = run_arena(2, ["greedy", "random"], 2, 7, swap=True)
    assert result["errors"] == 0
    row = result["by_agent"]["greedy"]
    assert row["games"] == 2 and 0 <= row["ci95"][0] <= row["win_rate"] <= row["ci95"][1]
    low, high = wilson(95, 100)
    assert 0.88 < low < 0.95 < high < 0.99
