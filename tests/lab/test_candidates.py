"""A generation's candidate seated by name (`lab.candidates`, `BASE+correction=FILE`): with
BASE's own correction file it plays BASE's moves, its checks' followers read the same file
(its projection scale too), a share of the way to a file starts from BASE's own, and a file
or a base it cannot use is refused by name."""

from __future__ import annotations

import json
import random

import pytest

from lab.candidates import Candidate, candidate
from lab.compare import agent_seed, lab_agent
from lab.yardsticks import CORRECTIONS, make_agent
from loyang_game.engine import GameConfig, new_game, play, random_moves

SMALL = "hard-v3:act_iterations=80,other_iterations=24,verify_iterations=40"
HARD_V3 = CORRECTIONS["hard-v3"]  # hard-v3's own correction file


def moves(name: str, seats: int, rounds: int, deal: int = 12) -> list:
    state = new_game(GameConfig(seats=seats, seed=deal))
    agents = [lab_agent(name, agent_seed(deal, seat), True) for seat in range(seats)]
    play(state, lambda s: agents[s.to_move].choose(s),
         until=lambda s: s.round > rounds)
    return [m.to_data() for m in state.moves()]


@pytest.mark.parametrize("seats,rounds", [(1, 1), (2, 2)])
def test_hard_v3s_correction_read_from_its_file_plays_hard_v3s_moves(seats, rounds):
    name = f"{SMALL}+correction={HARD_V3}"
    assert isinstance(lab_agent(name, 1, True), Candidate)
    assert moves(name, seats, rounds) == moves(SMALL, seats, rounds)


def test_the_agent_and_its_followers_read_the_file(tmp_path):
    agent = candidate(f"hard-v3+correction={HARD_V3}", 3, True)
    assert agent.makes is Candidate
    assert agent.ev.correction == make_agent("hard-v3", 3, True).ev.correction
    with open(HARD_V3, encoding="utf-8") as f:
        fitted = json.load(f)
    zeros = tmp_path / "zeros.json"
    zeros.write_text(json.dumps({**fitted, "weights": [0.0] * len(fitted["weights"])}))
    agent = candidate(f"hard-v3+correction={zeros}", 3, True)
    follower = agent.makes(agent.level, 4, deterministic=True, name=agent.name)
    assert agent.ev.correction == follower.ev.correction == [0.0] * len(fitted["weights"])
    assert agent.ev.projection_scale == 1.0
    matched = tmp_path / "matched.json"  # `lab.fit_generation --match-spread`'s kind
    matched.write_text(json.dumps({**fitted, "projection_scale": 0.125}))
    agent = candidate(f"hard-v3+correction={matched}", 3, True)
    follower = agent.makes(agent.level, 4, deterministic=True, name=agent.name)
    assert agent.ev.projection_scale == follower.ev.projection_scale == 0.125


def test_what_cannot_be_a_candidate_is_refused(tmp_path):
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"names": ["cash"], "weights": [1.0]}))
    with pytest.raises(ValueError, match="not a correction"):
        candidate(f"hard-v3+correction={other}")
    with pytest.raises(ValueError, match="no searching level"):
        candidate(f"hard-v2+correction={HARD_V3}")


def test_a_share_of_the_way_to_a_fitted_correction_is_that_share_of_its_value(tmp_path):
    """`FILE*SHARE` (entry 160): the corrected value is linear in the file's numbers, so the
    blend is hard-v3's value moved that share of the way to the file's, on any board."""
    with open(HARD_V3, encoding="utf-8") as f:
        fitted = json.load(f)
    other = tmp_path / "other.json"
    other.write_text(json.dumps({**fitted, "projection_scale": 0.25,
                                 "weights": [w * -3 + 0.1 for w in fitted["weights"]],
                                 "round_means": [m + 2 for m in fitted["round_means"]]}))
    state = new_game(GameConfig(seats=1, seed=4))
    play(state, random_moves(random.Random(4)), until=lambda s: s.round > 3)
    board = state.players[0]

    def value(name: str) -> float:
        return candidate(f"hard-v3+correction={name}", 1, True).ev.predict(board, state.round)

    own, far = value(HARD_V3), value(str(other))
    assert own != pytest.approx(far)
    for share in (0.0, 0.3, 1.0):
        assert value(f"{other}*{share}") == pytest.approx((1 - share) * own + share * far)
    for bad in ("1.5", "x"):
        with pytest.raises(ValueError, match="share toward"):
            candidate(f"hard-v3+correction={other}*{bad}")
    # from hard-v4, a share of the way starts from hard-v4's own correction
    v4 = candidate(f"hard-v4+correction={CORRECTIONS['hard-v4']}", 1, True)
    start = v4.ev.predict(board, state.round)
    assert start == make_agent("hard-v4", 1, True).ev.predict(board, state.round)
    assert start != pytest.approx(own)
    assert candidate(f"hard-v4+correction={other}*0.3", 1, True).ev.predict(
        board, state.round) == pytest.approx(0.7 * start + 0.3 * far)
