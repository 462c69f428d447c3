"""The solo high-score table: insert, order, persistence, damaged files."""

from __future__ import annotations

import random
from datetime import date

import msgpack

from loyang_game.engine import GameConfig, new_game
from loyang_game.files import highscores
from loyang_game.files.highscores import TABLE_SIZE, Result, daily_seed, load, result_of


def _result(score: int, cash: int = 0, name: str = "Ana", day: str = "2026-11-22") -> Result:
    return Result(name=name, date=day, seed=7, score=score, band="good", cash=cash,
                  vegetables=0)


def test_a_missing_file_is_an_empty_table(tmp_path):
    table = load(tmp_path)
    assert table.results == [] and table.problem is None
    assert not (tmp_path / highscores.FILE_NAME).exists()


def test_insert_orders_by_score_then_cash_and_keeps_twenty(tmp_path):
    table = load(tmp_path)
    assert table.add(_result(15)) == 1
    assert table.add(_result(18)) == 1
    assert table.add(_result(15, cash=4)) == 2  # the tie-break: more Cash first
    for score in range(30):
        table.add(_result(score % 12))
    assert len(table.results) == TABLE_SIZE
    scores = [r.score for r in table.results]
    assert scores == sorted(scores, reverse=True) and scores[0] == 18
    assert table.add(_result(-5)) is None  # below the 20th place


def test_the_table_persists(tmp_path):
    table = load(tmp_path)
    table.add(_result(17, name="Bo"))
    table.add(_result(19, name="Cy"))
    again = load(tmp_path)
    assert [(r.name, r.score) for r in again.results] == [("Cy", 19), ("Bo", 17)]


def test_a_corrupt_file_is_kept_aside_and_the_table_starts_empty(tmp_path):
    path = tmp_path / highscores.FILE_NAME
    path.write_bytes(b"\x93not msgpack at all")
    table = load(tmp_path)
    assert table.results == []
    assert table.problem and "could not be read" in table.problem and "kept as" in table.problem
    aside = [p for p in tmp_path.iterdir() if p.name.startswith(f"{highscores.FILE_NAME}.bad-")]
    assert len(aside) == 1 and aside[0].read_bytes() == b"\x93not msgpack at all"
    assert load(tmp_path).problem is None  # the damaged file is out of the way


def test_damaged_entries_are_refused_not_trusted(tmp_path):
    doc = {"format": highscores.FORMAT, "version": 1,
           "results": [{"name": "x", "date": "d", "seed": "7", "score": 1, "band": "b",
                        "cash": 0, "vegetables": 0}]}
    (tmp_path / highscores.FILE_NAME).write_bytes(msgpack.packb(doc))
    table = load(tmp_path)
    assert table.results == [] and "1 of the 1 results" in table.problem


def test_one_damaged_result_among_many_drops_only_that_result(tmp_path):
    table = load(tmp_path)
    for score in (12, 17, 15):
        table.add(_result(score))
    path = tmp_path / highscores.FILE_NAME
    doc = msgpack.unpackb(path.read_bytes())
    doc["results"].insert(1, {**doc["results"][0], "score": "seventeen"})
    doc["results"].append(["not", "a", "result"])
    path.write_bytes(msgpack.packb(doc))
    damaged = path.read_bytes()
    again = load(tmp_path)
    assert [r.score for r in again.results] == [17, 15, 12]
    assert again.problem.startswith("2 of the 5 results in the high-score file were damaged "
                                    "and left out; the file as it was is kept as "
                                    "highscores.msgpack.bad-")
    aside = [p for p in tmp_path.iterdir() if p.name.startswith(f"{highscores.FILE_NAME}.bad-")]
    assert len(aside) == 1 and aside[0].read_bytes() == damaged


def test_a_table_from_a_newer_loyang_is_kept_untouched(tmp_path):
    path = tmp_path / highscores.FILE_NAME
    newer = msgpack.packb({"format": highscores.FORMAT, "version": highscores.VERSION + 1,
                           "results": {"a shape": "this version does not know"}})
    path.write_bytes(newer)
    table = load(tmp_path)
    assert table.results == [] and table.read_only
    assert "made by a newer Loyang" in table.problem and "kept untouched" in table.problem
    assert table.add(_result(18)) == 1  # shown at the end of the game...
    assert path.read_bytes() == newer  # ...but the newer file is not written over
    assert [p.name for p in tmp_path.iterdir()] == [highscores.FILE_NAME]


def test_the_default_folder_is_the_save_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("LOYANG_SAVE_DIR", str(tmp_path / "elsewhere"))
    load().add(_result(12))
    assert (tmp_path / "elsewhere" / highscores.FILE_NAME).exists()


def test_result_of_a_finished_solo_game():
    state = new_game(GameConfig(seats=1, seed=daily_seed(date(2026, 11, 22))))
    rng = random.Random(1)
    while not state.is_over:
        state.apply(rng.choice(state.legal_moves()))
    result = result_of(state, "Ana", date(2026, 11, 22))
    assert result.seed == 20261122 and result.date == "2026-11-22"
    assert result.score == state.players[0].path - state.players[0].loans


def test_daily_seed_is_the_same_for_everyone_on_a_date():
    assert daily_seed(date(2026, 1, 2)) == daily_seed(date(2026, 1, 2)) == 20260102
    assert daily_seed(date(2026, 1, 3)) != daily_seed(date(2026, 1, 2))


def test_a_hinted_result_is_kept_marked_and_an_unhinted_one_is_written_as_before(tmp_path):
    table = load(tmp_path)
    table.add(_result(16, name="Bo"))
    table.add(Result(name="Cy", date="2026-11-23", seed=7, score=18, band="very good", cash=2,
                     vegetables=1, hinted=True))
    again = load(tmp_path)
    assert [(r.name, r.hinted) for r in again.results] == [("Cy", True), ("Bo", False)]
    rows = msgpack.unpackb((tmp_path / highscores.FILE_NAME).read_bytes())["results"]
    assert rows[0]["hinted"] is True and "hinted" not in rows[1]  # an older Loyang reads Bo


def test_a_file_from_before_hints_reads_every_result_unhinted(tmp_path):
    row = {"name": "Ana", "date": "2026-11-01", "seed": 3, "score": 17, "band": "good",
           "cash": 4, "vegetables": 2}
    doc = {"format": highscores.FORMAT, "version": 1, "results": [row]}
    (tmp_path / highscores.FILE_NAME).write_bytes(msgpack.packb(doc))
    table = load(tmp_path)
    assert table.problem is None and table.results == [Result(**row)]
    assert not table.results[0].hinted


def test_a_hinted_mark_that_is_not_true_or_false_is_a_damaged_result(tmp_path):
    row = {"name": "Ana", "date": "2026-11-01", "seed": 3, "score": 17, "band": "good",
           "cash": 4, "vegetables": 2}
    doc = {"format": highscores.FORMAT, "version": 1,
           "results": [row, {**row, "name": "Bo", "hinted": "yes"}]}
    (tmp_path / highscores.FILE_NAME).write_bytes(msgpack.packb(doc))
    table = load(tmp_path)
    assert [r.name for r in table.results] == ["Ana"] and "1 of the 2 results" in table.problem


def test_the_result_of_a_game_says_whether_hints_were_used():
    state = new_game(GameConfig(seats=1, seed=4))
    rng = random.Random(4)
    while not state.is_over:
        state.apply(rng.choice(state.legal_moves()))
    assert result_of(state, "Ana", hinted=True).hinted
    assert not result_of(state, "Ana").hinted
