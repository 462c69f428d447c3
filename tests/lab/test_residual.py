"""The learned correction to the solo projection and its fitting (`python -m lab.fit_residual`);
the two that play games are marked `lab`."""

from __future__ import annotations

import json
import pickle

import numpy as np
import pytest

from ai import corrected, correction_inputs
from lab import fit_residual, residual
from loyang_game.engine import GameConfig, new_game
from loyang_game.engine.cards import ROUNDS


def test_features_fade_to_nothing_by_the_last_round():
    p = new_game(GameConfig(seats=1, seed=4)).players[0]
    early = residual.features(p, 1, 3, 7)
    assert any(early)
    assert not any(residual.features(p, ROUNDS, 3, 7))
    assert residual.board_features(p, 3, 7)[residual.NAMES.index("cash")] == 7
    assert residual.board_features(p, 3, 7)[residual.NAMES.index("path")] == 3


def test_ridge_finds_a_linear_relation():
    rng = np.random.default_rng(1)
    x = np.column_stack([np.ones(400), rng.normal(size=400), rng.normal(5, 2, size=400)])
    y = x @ np.array([0.5, -1.0, 0.25]) + rng.normal(0, 0.01, size=400)
    assert fit_residual.ridge(x, y, alpha=0.0) == pytest.approx([0.5, -1.0, 0.25], abs=0.01)
    shrunk = fit_residual.ridge(x, y, alpha=1e6)
    assert abs(shrunk[1]) < 0.01


def test_the_leaf_takes_the_step_the_corrected_value_prefers():
    steps = [(10.0, 0.5, [1.0, 0.0]), (10.2, 0.0, [0.0, 1.0])]
    assert fit_residual.leaf(steps, None) == (pytest.approx(10.2), steps[1])
    assert fit_residual.leaf(steps, np.array([1.0, 0.0])) == (pytest.approx(11.5), steps[0])


def test_the_within_fit_learns_how_siblings_differ_not_their_level():
    """Targets with a large offset per group and a spread 0.6 of the leaf's: the fit finds
    the board term, rescaled to keep the leaf's own scale, whatever the offsets."""
    rng = np.random.default_rng(2)
    groups = np.repeat(np.arange(60), 8)
    x = rng.normal(size=(len(groups), 2))
    value = rng.normal(size=len(groups))
    offset = rng.normal(0, 5, size=60)[groups]
    later = 0.6 * value + 0.3 * x[:, 0] + offset + rng.normal(0, 0.01, size=len(groups))
    assert abs(fit_residual.within(later, groups)[groups == 0].mean()) < 1e-9
    w = fit_residual.fit_within(x, later, value, groups, alpha=0.0)
    assert w == pytest.approx([0.5, 0.0], abs=0.02)  # 0.3 / 0.6, in the leaf's scale


@pytest.mark.lab
def test_record_and_fit_round_trip(tmp_path, capsys):
    """Two easy games recorded (a board per round), then fitted: targets exist for every
    round but the last, and the file names its features."""
    for deal in (1, 2):
        fit_residual.record_one((str(tmp_path), "easy", deal))
    with open(tmp_path / "1.pkl", "rb") as f:
        game = pickle.load(f)
    assert len(game["boards"]) == ROUNDS
    games = fit_residual.load_games(str(tmp_path))
    x, y = fit_residual.targets(games, None)
    assert x.shape == (2 * (ROUNDS - 1), 2 * len(residual.NAMES)) and len(y) == len(x)
    out = tmp_path / "residual.json"
    fit_residual.main(["fit", "--dir", str(tmp_path), "--out", str(out), "--alpha", "10"])
    fitted = json.loads(out.read_text())
    assert fitted["names"] == list(residual.NAMES)
    assert len(fitted["weights"]) == 2 * len(residual.NAMES)
    assert "held-out" in capsys.readouterr().out


@pytest.mark.lab
def test_sampled_leaf_boards_get_round_later_values(tmp_path, capsys):
    """The sampler keeps boards the search judged, each played a round on; the fit reports
    its held-out error and how often it orders sibling boards as the round-later values do."""
    for deal in (1, 2):
        fit_residual.sample_one((str(tmp_path), "easy", deal, 50, "easy", 1))
    games = fit_residual.load_leaves(str(tmp_path))
    boards = [board for game in games for board in game]
    assert len(boards) > 10
    for steps, later in boards:
        assert steps and all(x is not None for _, _, x in steps)
        assert -10 < later < 20  # final Path spaces after Loans (easy takes many)
    fit_residual.main(["fit-leaves", "--dir", str(tmp_path), "--out",
                       str(tmp_path / "r.json"), "--alpha", "10"])
    assert "sibling agreement" in capsys.readouterr().out
    x, later, _, groups = fit_residual.sibling_rows(str(tmp_path))
    assert x.shape == (len(boards), len(correction_inputs.NAMES))
    assert later == pytest.approx([later for game in games for _, later in game])
    assert set(groups // 100) == {0, 1}  # a group is one game's round
    fit_residual.main(["fit-siblings", "--dir", str(tmp_path), "--out",
                       str(tmp_path / "c.json"), "--alpha", "10"])
    assert "corrected" in capsys.readouterr().out
    fitted = json.loads((tmp_path / "c.json").read_text())
    assert fitted["names"] == list(correction_inputs.NAMES)
    assert corrected.load_correction(str(tmp_path / "c.json")) == fitted["weights"]
    means = corrected.load_round_means(str(tmp_path / "c.json"))
    assert means == fitted["round_means"] and len(means) == ROUNDS + 1
    assert means[0] == means[ROUNDS] == 0.0 and any(means)
    assert [game["deal"] for game in fit_residual.recorded(str(tmp_path), range(2, 3))] == [2]
    one = fit_residual.sibling_rows(str(tmp_path), range(2, 3))[0]
    assert 0 < len(one) < len(x)  # `--deals` fits the boards of those deals only


def test_sibling_agreement_counts_pairs_within_a_group():
    later = np.array([1.0, 2.0, 3.0, 10.0])
    groups = np.array([0, 0, 0, 1])
    assert fit_residual.sibling_agreement(later, later, groups) == 1.0
    assert fit_residual.sibling_agreement(later, -later, groups) == 0.0
    assert fit_residual.sibling_agreement(later, np.array([1.0, 3.0, 2.0, 0.0]), groups) == (
        pytest.approx(2 / 3))
