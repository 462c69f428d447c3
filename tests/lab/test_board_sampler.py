"""Issue 49's board sampler (`python -m lab.board_sampler`): a kept board is the engine's board
again, the sampling changes none of the sampled agent's moves, and every sibling of a kept
decision is played on from the same hidden sample to the game's end; a sweep of fitted value
iteration on its games (`python -m lab.fit_generation`) and the offline gate."""

from __future__ import annotations

import gzip
import json
import os
import random
import statistics

import numpy as np
import pytest

from ai import correction_inputs
from ai.corrected import CORRECTION_FILE, corrected_evaluator
from ai.evaluators import projection
from lab import board_resampler, board_sampler, fit_generation
from lab.candidates import Candidate, searcher
from lab.compare import agent_seed
from lab.yardsticks import CORRECTIONS, make_agent
from loyang_game.engine import GameConfig, Move, new_game, play, random_moves

SMALL = "hard-v3:act_iterations=12,other_iterations=4,verify=0"


def test_a_kept_board_is_the_engines_board_again():
    state = new_game(GameConfig(seats=2, seed=5))
    play(state, random_moves(random.Random(5)), limit=150)
    for p in state.players:
        again = board_sampler.board(json.loads(json.dumps(p.to_data())), p.seat)
        assert again.to_data() == p.to_data()
        assert correction_inputs.features(again, state.round, again.path, again.cash) == \
            correction_inputs.features(p, state.round, p.path, p.cash)


def test_siblings_are_the_best_tried_and_the_move_played():
    a, b, c = Move("end"), Move("buy", 0), Move("buy", 1)
    estimates = ((a, 3.0), (b, 2.0), (c, 1.0))
    assert board_sampler.siblings(estimates, a, 2) == [a, b]
    assert board_sampler.siblings(estimates, c, 2) == [a, b, c]
    assert board_sampler.siblings((), a, 4) == [a]


def test_moves_passed_over_are_drawn_from_the_rest_by_the_decisions_seed():
    moves = [Move("buy", i) for i in range(8)]
    estimates = tuple((m, -float(i)) for i, m in enumerate(moves))
    chosen = moves[:3]
    drawn = board_sampler.passed_over(estimates, chosen, 2, seed=7)
    assert len(drawn) == 2 and len(set(drawn)) == 2 and not set(drawn) & set(chosen)
    assert drawn == board_sampler.passed_over(estimates, chosen, 2, seed=7)
    assert any(board_sampler.passed_over(estimates, chosen, 2, seed) != drawn
               for seed in range(8, 20))
    assert sorted(board_sampler.passed_over(estimates, chosen, 9, seed=7),
                  key=moves.index) == moves[3:]  # all the rest, no more
    assert board_sampler.passed_over(estimates, chosen, 0, seed=7) == []


def test_a_generations_candidate_can_be_sampled(tmp_path, capsys):
    """The next generation's boards come from the candidate's own play (entry 154): the
    sampler seats its agents by `lab.candidates.searcher`."""
    agent = searcher(f"hard-v3+correction={CORRECTION_FILE}", 3, True)
    assert isinstance(agent, Candidate) and agent.deterministic
    assert not isinstance(searcher("hard-v3", 3, True), Candidate)
    with pytest.raises(ValueError):
        searcher("hard-v9", 3)
    missing = tmp_path / "missing.json"
    with pytest.raises(SystemExit):
        board_sampler.main(["--dir", str(tmp_path), "--agent",
                            f"hard-v3+correction={missing}"])
    assert "missing.json" in capsys.readouterr().err
    assert not (tmp_path / "1p").exists()


@pytest.fixture(scope="module")
def sampled(tmp_path_factory):
    """Two small games kept: 60000 (held out by the gate) and 60001 (fitted on)."""
    folder = tmp_path_factory.mktemp("boards")
    for deal in (60000, 60001):
        assert board_sampler.sample_game(job(folder, deal)) == deal
    return folder


def job(folder, deal):
    return board_sampler.SampleJob(str(folder), 1, deal, SMALL, SMALL, (0.5, 0.1), 3)


@pytest.mark.lab
def test_a_sampled_game_is_the_agents_game_with_its_siblings_played_out(sampled):
    deal = 60000
    path = sampled / f"{deal}.json.gz"
    with gzip.open(path, "rt", encoding="utf-8") as f:
        game = json.load(f)
    plain = new_game(GameConfig(seats=1, seed=deal))
    play(plain, make_agent(SMALL, agent_seed(deal, 0), True).choose)
    assert game["moves"] == [m.to_data() for m in plain.moves()]
    assert game["final"][0]["position"] == plain.standings()[0]["position"]
    assert [step["round"] for step in game["path_steps"]] == list(range(1, 10))
    assert game["decisions"], "a kept decision at these rates"
    for decision in game["decisions"]:
        assert decision["decision"] != "path" and decision["siblings"]
        moves = [s["move"] for s in decision["siblings"]]
        assert decision["played"] in moves and len(moves) == len({tuple(m) for m in moves})
        for sibling in decision["siblings"]:
            rounds = [step["round"] for step in sibling["path_steps"]]
            # the sibling's own leaf board (its turn's Path step), then each round's end
            assert rounds == list(range(decision["round"], 10))
            assert sibling["final"][0]["position"] >= 0
    # taken up: a game already kept is not played again
    before = os.path.getmtime(path)
    assert board_sampler.sample_game(job(sampled, deal)) == deal
    assert os.path.getmtime(path) == before
    assert board_sampler.summary(board_sampler.games(str(sampled))).startswith("2 games")


@pytest.mark.lab
def test_moves_passed_over_add_siblings_and_change_nothing_else(sampled, tmp_path):
    """`--beyond` (entry 188): the same game, the same kept decisions and samples; each
    decision's siblings are the plain ones, then up to N the search ranked below them; the
    resampler plays them on too."""
    deal = 60000
    assert board_sampler.sample_game(job(tmp_path, deal)._replace(beyond=2)) == deal
    wide, = board_sampler.games(str(tmp_path))
    plain, = board_sampler.games(str(sampled), {deal})
    assert wide["beyond"] == 2 and wide["moves"] == plain["moves"]
    assert wide["final"] == plain["final"]
    grew = 0
    for mine, theirs in zip(wide["decisions"], plain["decisions"], strict=True):
        assert mine["boards"] == theirs["boards"] and mine["estimates"] == theirs["estimates"]
        extra = mine["passed_over"]
        assert mine["siblings"][:len(mine["siblings"]) - extra] == theirs["siblings"]
        tried = [m for m, _ in mine["estimates"]]
        rest = [m for m in tried if m not in [s["move"] for s in theirs["siblings"]]]
        assert extra == min(2, len(rest))
        for sibling in mine["siblings"][len(theirs["siblings"]):]:
            assert sibling["move"] in tried
            assert tried.index(sibling["move"]) >= 3  # ranked below the best three
        grew += extra
    assert grew > 0, "a decision with moves passed over at these rates"
    assert board_resampler.resample_game((str(tmp_path), deal, 1)) == deal
    more, = board_sampler.games(str(tmp_path) + "-more")
    assert [len(d[0]) for d in more["decisions"]] == [len(d["siblings"])
                                                      for d in wide["decisions"]]


@pytest.mark.lab
def test_a_sweep_fits_a_correction_the_next_sweep_labels_with(sampled, tmp_path):
    out = tmp_path / "sweep1.json"
    assert fit_generation.main(["--dir", str(sampled), "--out", str(out)]) == 0
    fitted = json.loads(out.read_text())
    assert fitted["names"] == list(correction_inputs.NAMES) and fitted["rows"] > 10
    assert len(fitted["weights"]) == len(correction_inputs.NAMES)
    assert len(fitted["round_means"]) == 10 and fitted["round_means"][9] == 0.0
    candidate = fit_generation.evaluator(str(out))
    assert candidate.correction == fitted["weights"]
    kept = board_sampler.games(str(sampled))
    scored = fit_generation.gate(kept, candidate)
    assert list(scored) == [60000]  # the held-out game alone
    for regret, alike, pairs, spread in scored[60000]:
        assert regret >= 0 and 0 <= alike <= pairs and spread >= 0
    assert fit_generation.gate_report(kept, candidate).startswith("1 held-out games")
    # the next sweep labels with this one
    again = tmp_path / "sweep2.json"
    assert fit_generation.main(["--dir", str(sampled), "--label", str(out),
                                "--out", str(again)]) == 0
    assert json.loads(again.read_text())["label"] == str(out)


@pytest.mark.lab
def test_fresh_games_are_held_out_and_every_earlier_game_is_fitted(sampled, tmp_path, capsys):
    """`--fresh DEAL` (entry 147): the games sampled later are the gate's, the rest fitted."""
    kept = board_sampler.games(str(sampled))
    later = fit_generation.fresh_from(60001)
    assert list(fit_generation.gate(kept, fit_generation.evaluator(None), later)) == [60001]
    fifth_rows = fit_generation.fit(kept, fit_generation.evaluator(None), 3, 300.0).rows
    fresh_rows = fit_generation.fit(kept, fit_generation.evaluator(None), 3, 300.0,
                                    held=later).rows
    assert fresh_rows != fifth_rows  # 60000's rows, not 60001's
    out = tmp_path / "fresh.json"
    assert fit_generation.main(["--dir", str(sampled), "--fresh", "60001",
                                "--out", str(out)]) == 0
    assert json.loads(out.read_text())["fresh"] == 60001
    assert "of 1 games fitted (1 held out)" in capsys.readouterr().out


@pytest.mark.lab
def test_a_fit_takes_several_folders_and_holds_out_a_range(sampled, tmp_path, capsys):
    """Entry 158: a candidate's own games in a folder of their own, fitted with hard-v3's,
    and a range of deals held out (the games after it fitted on)."""
    held = fit_generation.fresh_from(60000, 60000)
    assert [held(d) for d in (59999, 60000, 60001)] == [False, True, False]
    assert fit_generation.fresh_range("60300-60349") == (60300, 60349)
    assert fit_generation.fresh_range("60300") == (60300, None)
    first, second = tmp_path / "a" / "1p", tmp_path / "b" / "1p"
    for folder, deal in ((first, 60000), (second, 60001)):
        folder.mkdir(parents=True)
        name = f"{deal}.json.gz"
        (folder / name).write_bytes((sampled / name).read_bytes())
    both, one = tmp_path / "both.json", tmp_path / "one.json"
    assert fit_generation.main(["--dir", str(first), str(second), "--fresh", "60000-60000",
                                "--out", str(both)]) == 0
    assert fit_generation.main(["--dir", str(sampled), "--out", str(one)]) == 0  # 60000 held
    fitted = json.loads(both.read_text())
    assert fitted["fresh"] == "60000-60000" and fitted["games"] == 2
    assert fitted["weights"] == json.loads(one.read_text())["weights"]
    for bad in (["--fresh", "60349-60300"], ["--fresh", "x"]):
        with pytest.raises(SystemExit):
            fit_generation.main(["--dir", str(first), str(second), *bad])
    with pytest.raises(SystemExit):
        fit_generation.main(["--dir", str(sampled), str(second)])  # 60001 twice
    assert "each deal once" in capsys.readouterr().err


@pytest.mark.lab
def test_a_fit_too_loud_for_the_search_is_refused_or_scaled_to_hard_v3s_spread(
        sampled, tmp_path, monkeypatch, capsys):
    """Entry 150: a fit whose `1 + b` is below 0.5 would more than double its correction
    and is refused (no file written); `--keep-scale` keeps the projection's differences as
    they are; `--match-spread` plays the fitted order scaled to hard-v3's within-decision
    spread on the training games, each round's level kept; the gate prints both spreads."""
    kept = board_sampler.games(str(sampled))
    hard = fit_generation.evaluator(None)
    free = fit_generation.fit(kept, hard, 3, 300.0)
    assert free.projection_scale == 1.0 and free.scale > 0
    kept_scale = fit_generation.fit(kept, hard, 3, 300.0, keep_scale=True)
    assert kept_scale.scale == 1.0
    assert not np.allclose(kept_scale.weights, free.weights)
    matched = fit_generation.fit(kept, hard, 3, 300.0, match_spread=True)
    assert 0 < matched.projection_scale != 1.0

    def training(deal: int) -> bool:
        return not fit_generation.held_out(deal)

    base = projection(True, True, ())
    played = corrected_evaluator(base, list(matched.weights), matched.round_means,
                                 matched.projection_scale)
    # about: the last round's leaves are exact, unscaled by either
    assert fit_generation.mean_spread(fit_generation.gate(kept, played, training)) == \
        pytest.approx(fit_generation.mean_spread(fit_generation.gate(kept, hard, training)),
                      rel=0.01)
    out = tmp_path / "matched.json"
    assert fit_generation.main(["--dir", str(sampled), "--match-spread", "--out",
                                str(out)]) == 0
    assert json.loads(out.read_text())["projection_scale"] == \
        pytest.approx(matched.projection_scale, abs=1e-6)
    assert "within-decision spread hard-v3" in capsys.readouterr().out
    # a fit that would scale its correction up twentyfold (generation 3's) is refused
    real_ridge = fit_generation.ridge
    monkeypatch.setattr(fit_generation, "ridge",
                        lambda x, y, alpha: np.append(real_ridge(x, y, alpha)[:-1], -0.954))
    refused = tmp_path / "refused.json"
    assert fit_generation.main(["--dir", str(sampled), "--out", str(refused)]) == 1
    assert "refused: 1 + b is 0.046, below 0.5" in capsys.readouterr().err
    assert not refused.exists()


@pytest.mark.lab
def test_duels_fit_on_the_duels_projection_and_gate_on_the_margin(tmp_path):
    """A duel's sibling is judged by what wins a duel, its final position less the other's,
    and its rows fitted on the duels' projection (issue 49, item 3)."""
    for deal in (70000, 70001):
        assert board_sampler.sample_game(
            board_sampler.SampleJob(str(tmp_path), 2, deal, SMALL, SMALL, (0.3, 0.0), 2))
    kept = board_sampler.games(str(tmp_path))
    sibling = kept[0]["decisions"][0]["siblings"][0]
    mine, other = (sibling["final"][s]["position"] for s in (0, 1))
    assert fit_generation.outcome(sibling, 0) == mine - other
    assert fit_generation.outcome(sibling, 1) == other - mine
    out = tmp_path / "duel1.json"
    assert fit_generation.main(["--dir", str(tmp_path), "--out", str(out)]) == 0
    fitted = json.loads(out.read_text())
    assert fitted["seats"] == 2 and fitted["rows"] > 5
    duel, solo = (fit_generation.evaluator(str(out), flag) for flag in (False, True))
    assert duel.weights != solo.weights  # the duels' own projection under it
    assert list(fit_generation.gate(kept, duel)) == [70000]


@pytest.mark.lab
def test_more_samples_replay_the_kept_game_and_play_every_sibling_on_again(sampled):
    """Generation 2's labels (`lab.board_resampler`): the kept game replayed from its deal to
    its kept decisions (the views drawn again are the kept ones), each sibling played on from
    each new hidden sample; taken up when there; a replay that strays is refused."""
    deal = 60000
    game = board_sampler.games(str(sampled), range(deal, deal + 1))[0]
    states = [point.state for point in board_resampler.kept_decisions(game)]
    assert [s.round for s in states] == [d["round"] for d in game["decisions"]]
    assert board_resampler.resample_game((str(sampled), deal, 2)) == deal
    path = f"{sampled}-more/{deal}.json.gz"
    with gzip.open(path, "rt", encoding="utf-8") as f:
        more = json.load(f)
    assert more["samples"] == 2 and len(more["decisions"]) == len(game["decisions"])
    for decision, extra in zip(game["decisions"], more["decisions"], strict=True):
        assert len(extra) == 2
        for sample in extra:
            assert [s["move"] for s in sample] == [s["move"] for s in decision["siblings"]]
            for sibling in sample:
                assert [t["round"] for t in sibling["path_steps"]] == \
                    list(range(decision["round"], 10))
    before = os.path.getmtime(path)
    assert board_resampler.resample_game((str(sampled), deal, 2)) == deal
    assert os.path.getmtime(path) == before
    assert board_resampler.resample_game((str(sampled), 99, 2)) is None  # no such game
    strayed = {**game, "decisions": [{**game["decisions"][0], "round": 0},
                                     *game["decisions"][1:]]}
    with pytest.raises(AssertionError, match="strays at kept decision 0"):
        board_resampler.kept_decisions(strayed)


@pytest.mark.lab
def test_the_gate_judges_a_sibling_by_its_mean_over_the_samples(sampled, tmp_path):
    kept = board_sampler.games(str(sampled))
    assert board_resampler.resample_game((str(sampled), 60000, 2)) == 60000
    with pytest.raises(ValueError, match="1 games without more samples"):
        fit_generation.with_more(kept, str(sampled))  # 60001 not resampled yet
    assert board_resampler.resample_game((str(sampled), 60001, 1)) == 60001
    more = fit_generation.with_more(kept, str(sampled))
    ev = fit_generation.evaluator(None)
    one = {(d, n): samples for d, n, samples in fit_generation.branches(kept)}
    three = {(d, n): samples for d, n, samples in fit_generation.branches(more)}
    assert one.keys() == three.keys()
    assert all(len(s) == 1 for s in one.values())
    assert {len(s) for k, s in three.items() if k[0] == 60000} == {3}
    assert three[next(iter(three))][0] == one[next(iter(one))][0]  # the sampler's first
    scored = fit_generation.gate(more, ev)[60000]
    assert scored
    for (regret, _alike, _pairs, spread), samples in zip(
            scored, (s for (d, _), s in three.items() if d == 60000), strict=True):
        finals = [sum(fit_generation.outcome(per[i], 0) for per in samples) / 3
                  for i in range(len(samples[0]))]
        judged = [sum(fit_generation.best_step(per[i]["path_steps"][0], ev.predict)[0]
                      for per in samples) / 3 for i in range(len(samples[0]))]
        first = max(range(len(judged)), key=lambda i: (judged[i], -i))
        assert regret == pytest.approx(max(finals) - finals[first])
        assert spread == pytest.approx(statistics.pstdev(judged))
    out = tmp_path / "gen2.json"
    assert fit_generation.main(["--dir", str(sampled), "--more", "--out", str(out)]) == 0
    rows_one = fit_generation.rows(kept, ev, 3)[2].size
    assert json.loads(out.read_text())["rows"] > rows_one  # every sample's siblings are rows


@pytest.mark.lab
def test_a_step_from_a_correction_moves_it_less_the_larger_the_penalty(sampled, tmp_path):
    """`--start FILE` (entry 169): the miss of the start's own value fitted, the penalty on
    the change: an overwhelming penalty leaves the start as it was, a light one moves it;
    each round's level stays the projection's on the boards fitted on."""
    kept = board_sampler.games(str(sampled))
    hard = fit_generation.evaluator(None)
    start = fit_generation.evaluator(CORRECTIONS["hard-v4"])
    still = fit_generation.step_from(kept, hard, start, 3, 1e15)
    assert np.allclose(still.weights, start.correction, atol=1e-6)
    assert still.projection_scale == pytest.approx(start.projection_scale)
    moved = fit_generation.step_from(kept, hard, start, 3, 300.0)
    assert not np.allclose(moved.weights, start.correction, atol=1e-3)
    training = [game for game in kept if not fit_generation.held_out(game["deal"])]
    x, value, _target, groups = fit_generation.rows(training, hard, 3)
    played = moved.projection_scale * value + x @ moved.weights
    for round_ in np.unique(groups % 100):
        boards = groups % 100 == round_
        assert played[boards].mean() - moved.round_means[round_] == \
            pytest.approx(value[boards].mean())
    out = tmp_path / "step.json"
    assert fit_generation.main(["--dir", str(sampled), "--start", CORRECTIONS["hard-v4"],
                                "--out", str(out)]) == 0
    assert json.loads(out.read_text())["start"] == CORRECTIONS["hard-v4"]
    with pytest.raises(SystemExit):
        fit_generation.main(["--dir", str(sampled), "--start", CORRECTIONS["hard-v4"],
                             "--match-spread"])
    # `--rank` (entry 173): the order of siblings fitted, not their values
    still = fit_generation.rank_step(kept, hard, start, 3, 1e12)
    assert np.allclose(still.weights, start.correction, atol=1e-6)
    moved = fit_generation.rank_step(kept, hard, start, 3, 0.01)
    assert not np.allclose(moved.weights, start.correction, atol=1e-3)
    with pytest.raises(SystemExit):
        fit_generation.main(["--dir", str(sampled), "--rank"])  # from a start only
