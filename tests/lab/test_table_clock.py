"""`python -m lab.table_clock` (issue 49, item 5): the clock games pinned beside a busy
process, paired with the same deals in deterministic mode."""

from __future__ import annotations

import json
import os

import pytest

from ai.agents import make_agent
from lab import table_clock
from lab.compare import agent_seed


def test_the_deterministic_scores_are_hards_own_solo_rows(tmp_path):
    rows = [{"seats": 1, "agent": "hard-v3", "deal": 7, "score": 17},
            {"seats": 1, "agent": "hard-v3+take-regular", "deal": 7, "score": 19},
            {"seats": 1, "agent": "hard", "deal": 8, "score": 16},
            {"seats": 2, "a": "hard", "b": "greedy", "deal": 9}]
    path = tmp_path / "det.jsonl"
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    assert table_clock.deterministic_scores(str(path)) == {7: 17, 8: 16}


def test_a_solo_summary_pairs_each_clock_game_with_its_deal():
    rows = [{"deal": 1, "score": 16, "wall": 60.0}, {"deal": 2, "score": 18, "wall": 80.0}]
    text = table_clock.summary(1, rows, {2: 18, 1: 17, 3: 10})
    assert "on the clock: mean 17.00" in text
    assert "deterministic: mean 17.50" in text
    assert "clock - deterministic: -0.500" in text
    assert "better/equal/worse 0/1/1" in text
    assert "70 s a deal" in text


def test_the_busy_process_spins_on_the_core_given():
    core = min(os.sched_getaffinity(0))
    spinner = table_clock.busy(core)
    try:
        assert os.sched_getaffinity(spinner.pid) == {core}
        assert spinner.poll() is None
    finally:
        spinner.kill()
        spinner.wait()


def test_a_duel_seats_the_clock_in_each_seat_against_the_deterministic(monkeypatch):
    made = []

    def fake(name, seed=0, deterministic=False):
        made.append((name, seed, deterministic))
        return make_agent("greedy", seed)

    monkeypatch.setattr(table_clock, "lab_agent", fake)
    row = table_clock.clock_duel(5)
    assert made == [("hard", agent_seed(5, 0), False), ("hard", agent_seed(5, 1), True),
                    ("hard", agent_seed(5, 0), True), ("hard", agent_seed(5, 1), False)]
    assert [g["clock_seat"] for g in row["games"]] == [0, 1]
    assert row["share"] in (0.0, 0.25, 0.5, 0.75, 1.0)


def test_a_core_the_machine_lacks_is_refused(capsys):
    with pytest.raises(SystemExit) as stop:
        table_clock.main(["--core", "4096", "--deals", "1"])
    assert stop.value.code == 2
    assert "--core 4096 is not one of this machine's cores" in capsys.readouterr().err


def test_the_deterministic_games_played_here_are_kept_and_not_played_again(monkeypatch, tmp_path,
                                                                          capsys):
    played = []

    def clock(seats, deal, core):
        return {"seats": 1, "agent": "hard@clock", "deal": deal, "score": 17, "wall": 1.0}

    def deterministic(job):
        played.append(job)
        return {"seats": 1, "agent": "hard", "deal": job[1], "score": 16 + job[1] % 2}

    class Idle:
        def kill(self) -> None: ...
        def wait(self) -> None: ...

    monkeypatch.setattr(table_clock, "played_pinned", clock)
    monkeypatch.setattr(table_clock, "play_solo", deterministic)
    monkeypatch.setattr(table_clock, "busy", lambda core: Idle())
    rows = tmp_path / "clock.jsonl"
    argv = ["--seats", "1", "--first", "4", "--deals", "2", "--core",
            str(min(os.sched_getaffinity(0))), "--jsonl", str(rows)]
    assert table_clock.main(argv) == 0
    assert played == [("hard", 4), ("hard", 5)]
    first = capsys.readouterr().out
    assert "clock - deterministic: +0.500" in first and "better/equal/worse 1/1/0" in first
    assert table_clock.main(argv) == 0  # taken up: nothing played again, the same figures
    assert played == [("hard", 4), ("hard", 5)]
    assert "better/equal/worse 1/1/0" in capsys.readouterr().out
    assert len(rows.read_text().splitlines()) == 4
