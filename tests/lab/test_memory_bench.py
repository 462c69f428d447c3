"""The memory bench (`python -m lab.memory_bench`) plays whole games in one window the way a
player does, and says where the memory stands; two short games of it, headless."""

from __future__ import annotations

import io

import pytest

from lab import memory_bench


def test_the_summary_compares_the_first_game_asked_with_the_last():
    rows = [{"game": n, "rss_mb": 100.0 + 2 * n} for n in range(1, 31)]
    summary = memory_bench.summarise(rows, 10, 80.0)
    assert summary["first_mb"] == 120.0 and summary["last_mb"] == 160.0
    assert summary["diff_mb"] == 40.0 and summary["mb_per_game"] == 2.0
    assert "after game 10 120.0 MB, after game 30 160.0 MB" in summary["text"]


@pytest.mark.lab
def test_two_games_played_through_the_window():
    out = io.StringIO()
    report = memory_bench.run(2, "random", "", [1, 2], hints=0, undo_every=5, speed="off",
                              first=1, seed=3, types=True, out=out)
    rows = report["rows"]
    assert [r["seats"] for r in rows] == [1, 2]
    assert all(r["person_moves"] > 20 and r["rss_mb"] > 0 for r in rows)
    assert report["summary"]["first"] == 1 and report["summary"]["last"] == 2
    assert "growth by type" in out.getvalue()
