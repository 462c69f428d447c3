"""Fitting the evaluation from self-play (`python -m lab.train`): the calibration's least
squares, the knobs' grid search, and the weights file it writes where the AI reads it."""

from __future__ import annotations

import numpy as np

from ai.evaluate import FEATURES, WEIGHTS_FILE, Evaluator, hand_weights, load_weights
from ai.projection import DEFAULT_PARAMS
from ai.search import MCTSAgent
from lab import train


def test_by_default_the_weights_go_where_the_ai_reads_them(monkeypatch):
    """Run from the lab, `python -m lab.train` still writes the runtime's `ai/weights.json`,
    and the file names the command that made it."""
    monkeypatch.setattr(train.SelfPlay, "play", lambda self, w, p: (
        1.0, [(r, [1.0, float(x)], 2.0 * x) for r in range(1, 9) for x in range(300)]))
    written: list[tuple[str, dict, bool]] = []
    monkeypatch.setattr(train, "write_section",
                        lambda path, section, solo: written.append((path, section, solo)))
    train.main(["--tune", "", "--workers", "1"])
    assert len(written) == 1
    path, section, solo = written[0]
    assert path == WEIGHTS_FILE and not solo
    assert section["made_by"] == "python -m lab.train --tune  --workers 1"


def test_training_one_section_keeps_the_other(tmp_path, monkeypatch):
    monkeypatch.setattr(train.SelfPlay, "play", lambda self, w, p: (
        1.0, [(r, [1.0, float(x)], 3.0 * x) for r in range(1, 9) for x in range(300)]))
    out = tmp_path / "weights.json"
    train.main(["--tune", "", "--out", str(out), "--workers", "1"])
    assert load_weights(str(out), solo=True) == load_weights(str(out))  # no solo section yet
    monkeypatch.setattr(train.SelfPlay, "play", lambda self, w, p: (
        1.0, [(r, [1.0, float(x)], 0.5 * x) for r in range(1, 9) for x in range(300)]))
    train.main(["--solo", "--tune", "", "--out", str(out), "--workers", "1"])
    assert abs(load_weights(str(out), solo=True)[0][4][1] - 0.5) < 0.02
    assert abs(load_weights(str(out))[0][4][1] - 3.0) < 0.05
    train.main(["--tune", "", "--out", str(out), "--workers", "1"])  # and the other way
    assert abs(load_weights(str(out), solo=True)[0][4][1] - 0.5) < 0.02


def test_fit_recovers_a_linear_model():
    rng = np.random.default_rng(0)
    true = [2.0, 0.9]
    rows = []
    for _ in range(400):
        x = [1.0, float(rng.normal(10, 3))]
        rows.append((3, x, float(np.dot(true, x))))
    weights = train.fit(rows, ridge=1e-6)
    assert np.allclose(weights[3], true, atol=1e-3)
    assert weights[4] == [0.0, 1.0]  # no rows: the projection at its word


def test_fit_never_reverses_the_order_of_boards():
    rows = [(3, [1.0, float(x)], float(20 - x)) for x in range(40)]  # a negative slope
    assert train.fit(rows)[3] == [0.0, 1.0]


def test_self_play_rows():
    rows = train.self_play((1, 5, hand_weights(), DEFAULT_PARAMS, "greedy"))
    assert [r for r, _, _ in rows] == list(range(1, 10))
    assert all(len(x) == len(FEATURES) for _, x, _ in rows)
    final = rows[-1][2]
    assert int(rows[-1][1][1]) == final  # the last round: the position, and a fraction


def test_tuning_keeps_the_best_value_on_the_grid(monkeypatch):
    class Scripted:  # a self-play whose mean final position peaks at card_cost 2.5
        def play(self, weights, params):
            return -abs(params.card_cost - 2.5), []

    monkeypatch.setitem(train.GRIDS, "card_cost", (1.0, 2.5, 3.0))
    report = []
    tuned = train.tune(Scripted(), ["card_cost"], hand_weights(), DEFAULT_PARAMS, report)
    assert tuned.card_cost == 2.5 and len(report) == 4


def test_train_writes_weights_that_load(tmp_path, monkeypatch):
    monkeypatch.setattr(train.SelfPlay, "play", lambda self, w, p: (
        1.0, [(r, [1.0, float(x)], 2.0 * x + 1) for r in range(1, 9) for x in range(300)]))
    out = tmp_path / "weights.json"
    train.main(["--tune", "helper", "--out", str(out), "--workers", "1"])
    weights, params = load_weights(str(out))
    assert abs(weights[5][1] - 2.0) < 0.02  # the ridge shrinks the slope a little
    assert params.helper == DEFAULT_PARAMS.helper  # every candidate tied: the first kept


def test_train_can_play_itself_with_a_search_level():
    player = train.make_player("easy", 1, Evaluator())
    assert isinstance(player, MCTSAgent) and player.ev is not None
    assert not isinstance(train.make_player("greedy", 1, Evaluator()), MCTSAgent)
