"""Statistics: the solo scores in date order drawn against the 17/18/19 bands, a friendly line
for an empty record, and the chart's own arithmetic."""

from __future__ import annotations

import itertools

import pygame
import pytest

from loyang_game.files import records
from loyang_game.files.settings import Settings
from loyang_game.ui import chart
from loyang_game.ui import theme as t
from loyang_game.ui.chart import Band, Line
from loyang_game.ui.director import Director
from loyang_game.ui.scenes import SCENES, stats

from .drawn import record_text

SOLO = [("2026-11-05", 15), ("2026-11-02", 12), ("2026-11-05", 19), ("2026-11-09", 17),
        ("2026-11-12", 18)]  # as finished: one entry from the 2nd written late


def _entry(day: str, seats: int, positions: list[int], seed: int = 1) -> dict:
    kinds = ["person"] + ["hard"] * (seats - 1)
    return {"date": day, "seed": seed, "seats": seats, "kinds": kinds,
            "names": ["Anna", "Bao", "Chen", "Dara"][:seats], "positions": positions,
            "places": [1 + sum(o > p for o in positions) for p in positions]}


def _record(solo=SOLO) -> None:
    book = records.load()
    for i, (day, score) in enumerate(solo):
        book.add(_entry(day, 1, [score], seed=i))
        book.add(_entry(day, 2, [14, 16], seed=100 + i))


@pytest.fixture
def calls(monkeypatch) -> dict:
    """What the Statistics page asked the chart to draw (drawn as well), and every string
    the chart drew, with where."""
    seen: dict = {"charts": [], "text": record_text(monkeypatch, chart)}
    real_chart = stats.line_chart

    def line_chart(*args, **kwargs):
        seen["charts"].append((args, kwargs))
        seen["plot"] = real_chart(*args, **kwargs)
        return seen["plot"]

    monkeypatch.setattr(stats, "line_chart", line_chart)
    return seen


def _stats_page(size=(1280, 800)) -> Director:
    d = Director(SCENES, Settings(hints=False), size=size, fullscreen=False, fps_cap=0)
    d.open("title")
    d.open("stats")
    d.draw()
    return d


def test_the_solo_scores_are_read_in_date_order():
    _record()
    assert records.load().solo_scores() == [
        ("2026-11-02", 12), ("2026-11-05", 15), ("2026-11-05", 19), ("2026-11-09", 17),
        ("2026-11-12", 18)]
    assert records.load().best_solo() == 19


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_statistics_draws_the_solo_scores_against_the_bands(calls, size):
    _record()
    d = _stats_page(size)
    (args, kwargs), = calls["charts"]
    lines, steps = args[3], args[4]
    assert [line.values for line in lines] == [[12, 15, 19, 17, 18]]
    assert steps == ["2 Nov", "5 Nov", "", "9 Nov", "12 Nov"]
    assert kwargs["bands"] == stats.SOLO_BANDS
    labels = {s: place for s, place in calls["text"]}
    assert {"17 good", "18 very good", "19 master"} <= set(labels)
    plot = calls["plot"]
    assert d.screen.get_rect().contains(plot)
    # Each band is shaded its own way, and none like the plot below 17 (score 12 is there).
    shades = {tuple(d.screen.get_at((plot.x + 3, labels[name]["midleft"][1])))
              for name in ("17 good", "18 very good", "19 master")}
    below = tuple(d.screen.get_at((plot.x + 3, plot.bottom - 3)))
    assert len(shades) == 3 and below not in shades
    gold = pygame.mask.from_threshold(d.screen.subsurface(plot), t.GOLD, (1, 1, 1, 255))
    assert gold.count() > 200  # the line of scores
    d.close()


def test_an_empty_record_shows_a_friendly_line_instead_of_a_chart(calls, monkeypatch):
    record = record_text(monkeypatch, stats)
    d = _stats_page()
    drawn = {s for s, _place in record}
    assert calls["charts"] == []
    assert any(s.startswith("No solo games finished yet") for s in drawn)
    assert "0 played; best score without hints: none yet" in drawn
    d.close()


def test_multi_player_games_alone_draw_no_solo_chart(calls):
    book = records.load()
    book.add(_entry("2026-11-02", 2, [14, 16]))
    _stats_page().close()
    assert calls["charts"] == []


def test_day_labels():
    assert stats.solo_steps(["2026-11-02", "2026-11-02", "2026-12-01"]) == ["2 Nov", "", "1 Dec"]
    assert stats.day_label("someday") == "someday"  # a damaged date is shown as it is


def test_the_value_range_takes_in_every_value_and_the_bands():
    bands = stats.SOLO_BANDS
    # The master band reaches to the top: one more step above 19 gives it room.
    assert chart.value_range([Line([12, 15], (0, 0, 0))], bands, most=10) == (12, 20, 1)
    assert chart.value_range([Line([1, 16], (0, 0, 0))], [], most=8) == (0, 16, 2)
    assert chart.value_range([Line([3, 3], (0, 0, 0))], [], most=5, floor=0) == (0, 3, 1)
    assert chart.grid_step(0, 100, 5) == 20 and chart.grid_step(1, 9, 10) == 1
    top_band = Band(19, None, (0, 0, 0, 0), "")
    assert chart.value_range([Line([10, 19], (0, 0, 0))], [top_band], most=10)[1] > 19


def test_bottom_labels_never_touch():
    pygame.font.init()
    steps = ["start"] + [str(i) for i in range(1, 10)]
    for width in (120, 300, 900):
        shown = chart._shown_labels(steps, 16, lambda i, w=width: i * w / 9)
        assert shown[0] == 0
        edges = [(i * width / 9 - t.font(16).size(steps[i])[0] / 2,
                  i * width / 9 + t.font(16).size(steps[i])[0] / 2) for i in shown]
        assert all(right <= left for (_l, right), (left, _r) in itertools.pairwise(edges))
    assert chart._shown_labels(steps, 16, lambda i: i * 900 / 9) == list(range(10))
    assert chart._shown_labels(["a", "", "b"], 16, lambda i: i * 100) == [0, 2]
