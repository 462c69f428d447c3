"""`python -m lab.fit_draft` (issue 49, item 3): the model of another farmer's draft fitted
to a folder of kept games, judged on the games held out."""

from __future__ import annotations

import gzip
import json

import numpy as np

from ai.draft import NAMES
from ai.policy import default_move
from lab import fit_draft
from lab.board_sampler import games
from loyang_game.engine import GameConfig, new_game, play


def _kept(folder, seats: int, deal: int) -> None:
    """A game kept as the board sampler keeps one, its moves all the default policy's."""
    state = new_game(GameConfig(seats=seats, seed=deal))
    play(state, default_move)
    data = {"deal": deal, "seats": seats, "moves": [m.to_data() for m in state.moves()]}
    with gzip.open(folder / f"{deal}.json.gz", "wt", encoding="utf-8") as f:
        json.dump(data, f)


def test_a_fit_learns_the_drafts_it_is_shown(tmp_path, capsys):
    folder = tmp_path / "2p"
    folder.mkdir()
    for deal in range(1, 9):  # deal 5 is held out
        _kept(folder, 2, deal)
    out = tmp_path / "draft.json"
    assert fit_draft.main(["--dir", str(folder), "--out", str(out), "--steps", "400"]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["names"] == list(NAMES) and len(data["weights"]) == len(NAMES)
    assert data["games"] == list(range(1, 9))
    examples = fit_draft.examples(games(str(folder)))
    train = [e for e in examples if not e[0]]
    model, default = fit_draft.agreement(train, np.array(data["weights"]))
    assert default == 1.0  # the games are the default policy's own
    assert model > 0.7, "the default policy's drafts are within the features' reach"
    printed = capsys.readouterr().out
    assert "8 games:" in printed and "held out: the model makes" in printed


def test_no_games_no_fit(tmp_path, capsys):
    assert fit_draft.main(["--dir", str(tmp_path / "none")]) == 1
    assert "no draft decisions" in capsys.readouterr().out
