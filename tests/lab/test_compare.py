"""The paired harness (`python -m lab.compare`): two agents on the same deals, each deal's
figures kept in a file that a stopped run takes up again. The slow ones play whole games and
are marked `lab` (`python -m pytest -m lab` runs them)."""

from __future__ import annotations

import pytest

from lab import compare


def test_mean_ci_brackets_the_mean():
    stat = compare.mean_ci([1.0, 2.0, 3.0, 4.0])
    assert stat["mean"] == 2.5
    low, high = stat["ci95"]
    assert low < 2.5 < high and high - low == pytest.approx(2 * 1.96 * 1.291 / 2, abs=0.01)


def test_paired_solo_comparison_of_an_agent_with_itself_is_exactly_zero():
    result = compare.run(1, "random", "random", range(3))
    assert result["a_minus_b"]["mean"] == 0 and result["a_better_equal_worse"] == [0, 3, 0]


@pytest.mark.lab
def test_a_duel_is_played_in_both_seat_orders(tmp_path):
    sink = tmp_path / "deals.jsonl"
    result = compare.run(2, "greedy", "random", range(2), jsonl=str(sink))
    lines = sink.read_text().splitlines()
    assert len(lines) == 2
    assert result["a_win_share"]["mean"] == 1.0  # greedy beats random from either seat
    assert result["a_margin"]["mean"] > 0
    row = compare.play_table(("greedy", "random", 2, 5))
    assert [g["a_first"] for g in row["games"]] == [True, False]


def test_three_seats_put_a_in_each_seat_once_and_report_its_mean_place():
    rows = [compare.play_table(("random", "random", 3, deal)) for deal in (4, 5)]
    for row in rows:
        assert [g["a_seat"] for g in row["games"]] == [0, 1, 2]
        for game in row["games"]:
            assert 1 <= game["place"] <= 3
            assert game["place"] == 1 or game["a_pos"] <= game["b_pos"]
        assert row["place"] == sum(g["place"] for g in row["games"]) / 3
    result = compare.summarise(3, "random", "random", rows)
    assert result["a_place"]["mean"] == (rows[0]["place"] + rows[1]["place"]) / 2
    assert "mean place" in compare.report(result) and "2.0 if equal" in compare.report(result)


def test_games_level_on_the_path_are_counted_with_a_share_of_their_wins():
    def game(a_pos: int, b_pos: int, share: float) -> dict:
        return {"a_pos": a_pos, "b_pos": b_pos, "share": share}

    rows = [{"share": 0.5, "margin": 0.0, "games": [game(16, 16, 1.0), game(15, 15, 0.0)]},
            {"share": 0.75, "margin": 1.0, "games": [game(17, 15, 1.0), game(14, 14, 0.5)]}]
    result = compare.summarise(2, "hard", "greedy", rows)
    assert result["level_games"] == [3, 1.5, 4]
    assert "level on the Path with greedy: 3 of 4 games; hard's share of their wins 1.5" \
        in compare.report(result)


def test_solo_games_already_played_are_reused(tmp_path):
    sink = tmp_path / "solo.jsonl"
    first = compare.run(1, "greedy", "random", range(2), jsonl=str(sink))
    assert len(sink.read_text().splitlines()) == 4  # one line per agent and deal
    sink.write_text(sink.read_text().replace('"agent": "greedy"', '"agent": "greedy-old"'))
    second = compare.run(1, "random", "greedy-old", range(2), reuse=str(sink))
    assert second["b_score"] == first["a_score"]  # greedy-old was read, not played


def test_the_command_line_refuses_unknown_agents(capsys):
    with pytest.raises(SystemExit):
        compare.main(["--a", "bogus", "--b", "hard"])
    assert "unknown agent 'bogus'" in capsys.readouterr().err


def test_a_solo_row_keeps_the_board_at_the_end_of_every_round():
    from loyang_game.engine.cards import ROUNDS

    row = compare.play_solo(("greedy", 3))
    assert len(row["rounds"]) == ROUNDS and row["cpu"] >= 0
    paths = [path for path, _, _ in row["rounds"]]
    assert paths == sorted(paths) and paths[0] > 1
    path, _, loans = row["rounds"][-1]
    assert row["score"] == path - loans


@pytest.mark.lab
def test_a_stopped_duel_run_is_taken_up_where_it_stopped(tmp_path):
    sink = tmp_path / "duels.jsonl"
    first = compare.run(2, "greedy", "random", range(2), jsonl=str(sink))
    assert len(sink.read_text().splitlines()) == 2
    sink.write_text(sink.read_text().replace('"share": 1.0', '"share": 0.25'))
    again = compare.run(2, "greedy", "random", range(3), jsonl=str(sink), reuse=str(sink))
    assert len(sink.read_text().splitlines()) == 3  # only deal 2 was played
    assert again["deals"] == 3 and again["a_win_share"]["mean"] < first["a_win_share"]["mean"]
    other = compare.run(2, "random", "greedy", range(1), reuse=str(sink))
    assert other["a_win_share"]["mean"] == 0.0  # another pair's lines are not taken


def test_a_run_that_takes_itself_up_may_start_without_its_file(tmp_path):
    sink = tmp_path / "new.jsonl"
    result = compare.run(1, "random", "greedy", range(1), jsonl=str(sink), reuse=str(sink))
    assert result["deals"] == 1 and len(sink.read_text().splitlines()) == 2
