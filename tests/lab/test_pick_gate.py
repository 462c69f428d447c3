"""The pick gate (`python -m lab.pick_gate`, entry 157): an agent judged by the move its own
search picks at a sampled game's kept decisions; two agents that pick alike score exactly 0,
a kept sibling's value is read from the files, and any other move is played on from the very
samples the sibling was (so the two are paired)."""

from __future__ import annotations

import json
import statistics

import pytest

from lab import board_resampler, board_sampler, pick_gate
from lab.fit_generation import outcome, with_more
from loyang_game.engine import Move

SMALL = "hard-v3:act_iterations=12,other_iterations=4,verify=0"
OTHER = "hard-v3:act_iterations=100,other_iterations=30,verify=0"
DEAL = 60000


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """One small game kept, at high rates, and one more hidden sample a decision."""
    root = tmp_path_factory.mktemp("boards")
    games = root / "1p"
    games.mkdir()
    assert board_sampler.sample_game(
        board_sampler.SampleJob(str(games), 1, DEAL, SMALL, SMALL, (0.5, 0.1), 2)) == DEAL
    assert board_resampler.resample_game((str(games), DEAL, 1)) == DEAL
    return root


def game_of(folder):
    found = board_sampler.games(str(folder / "1p"), {DEAL})
    return with_more(found, str(folder / "1p"))[0]


@pytest.mark.lab
def test_a_kept_siblings_continuations_are_played_again_from_the_same_samples(folder):
    """What makes a move played on here comparable with a kept sibling's files."""
    game = game_of(folder)
    points = board_resampler.kept_decisions(game)
    point, decision = points[0], game["decisions"][0]
    views = [(point.view, point.seed), *board_resampler.more_views(game, 0, point.state, 1)]
    sibling = decision["siblings"][-1]
    again = [board_sampler.continuation(view, Move.from_data(sibling["move"]),
                                        game["follower"], seed) for view, seed in views]
    assert again[0]["final"] == sibling["final"]
    assert again[1]["final"] == decision["more"][0][-1]["final"]
    assert pick_gate.kept_outcomes(decision)[tuple(sibling["move"])] == \
        [outcome(again[0], 0), outcome(again[1], 0)]


@pytest.mark.lab
def test_an_agent_judged_against_itself_scores_exactly_nothing(folder):
    row = pick_gate.judge_game((str(folder / "1p"), DEAL, SMALL, SMALL))
    assert row is not None and row["decisions"] and row["samples"] == 2
    assert all(d["a"] == d["b"] and d["a_value"] == d["b_value"] == 0
               for d in row["decisions"])
    assert "picks differ at 0 (0%)" in pick_gate.summary([row])
    assert "+0.000 (95%" in pick_gate.summary([row])
    assert pick_gate.judge_game((str(folder / "1p"), DEAL + 7, SMALL, SMALL)) is None


@pytest.mark.lab
def test_where_the_picks_differ_each_is_valued_on_the_decisions_samples(folder, tmp_path,
                                                                         capsys):
    game = game_of(folder)
    row = pick_gate.judge_game((str(folder / "1p"), DEAL, OTHER, SMALL))
    assert row is not None
    differ = [d for d in row["decisions"] if d["a"] != d["b"]]
    assert differ, "a larger search picks otherwise somewhere"
    for d in differ:
        valued = pick_gate.kept_outcomes(game["decisions"][d["number"]])
        for side in ("a", "b"):
            if d[f"{side}_kept"]:
                assert d[f"{side}_value"] == pytest.approx(
                    statistics.fmean(valued[tuple(d[side])]), abs=1e-4)
    # the command: its rows kept, and a stopped run taken up without playing again
    rows = tmp_path / "picks.jsonl"
    argv = ["--dir", str(folder), "--first", str(DEAL), "--games", "1", "--a", OTHER,
            "--b", SMALL, "--jsonl", str(rows)]
    assert pick_gate.main(argv) == 0
    assert json.loads(rows.read_text())["decisions"] == row["decisions"]
    assert pick_gate.main(argv) == 0
    assert len(rows.read_text().splitlines()) == 1
    assert "1 games" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        pick_gate.main(["--dir", str(folder), "--a", "hard-v9"])


@pytest.mark.lab
def test_a_duels_picks_are_valued_by_the_margin_on_the_duels_own_samples(tmp_path):
    """Item 3's boards: in a duel a pick is worth the deciding seat's position less the
    other's, and both seats' decisions are judged."""
    games = tmp_path / "2p"
    games.mkdir()
    deal = 70000
    assert board_sampler.sample_game(
        board_sampler.SampleJob(str(games), 2, deal, SMALL, SMALL, (0.3, 0.05), 2)) == deal
    assert board_resampler.resample_game((str(games), deal, 1)) == deal
    row = pick_gate.judge_game((str(games), deal, OTHER, SMALL))
    assert row is not None and row["samples"] == 2
    game = with_more(board_sampler.games(str(games), {deal}), str(games))[0]
    assert {d["seat"] for d in game["decisions"]} == {0, 1}
    for d in row["decisions"]:
        decision = game["decisions"][d["number"]]
        valued = pick_gate.kept_outcomes(decision)
        seat = decision["seat"]
        for sibling in decision["siblings"]:
            final = [side["position"] for side in sibling["final"]]
            assert valued[tuple(sibling["move"])][0] == final[seat] - final[1 - seat]
        if d["a"] != d["b"] and d["a_kept"]:
            assert d["a_value"] == pytest.approx(statistics.fmean(valued[tuple(d["a"])]),
                                                 abs=1e-4)
