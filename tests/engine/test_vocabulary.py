"""The engine's words are typed (enum.StrEnum) with the same string values as before, so save
files do not change: a save made before the vocabulary was typed still loads, and a new save
round-trips."""

from __future__ import annotations

from pathlib import Path

import msgpack

from loyang_game.engine import GameConfig, Move, cards, flow, moves, new_game, state
from loyang_game.engine.cards import CardKind
from loyang_game.engine.moves import MoveKind
from loyang_game.engine.state import Decision, Effect, Phase, Step
from loyang_game.files.save import load_game, save_game

from .scenario import calm_move

OLD_SAVE = Path(__file__).parent / "data" / "before-typed-vocabulary.loyang"


def test_the_short_names_are_the_members_of_the_same_name():
    for module, enum, renamed in ((cards, CardKind, {}), (moves, MoveKind, {}),
                                  (state, Phase, {"HARVEST": "HARVEST_PHASE",
                                                  "CARDS": "CARDS_PHASE"}),
                                  (state, Step, {}), (state, Effect, {})):
        for member in enum:
            assert getattr(module, renamed.get(member.name, member.name)) is member
    for name in ("PAY", "KEEP", "PARTNER", "CLAIM", "SHOP"):
        assert getattr(state, name) is Decision[name]


def test_the_values_are_the_words_saves_hold():
    assert [str(k) for k in MoveKind][:5] == ["home", "place", "take", "flip", "partner"]
    assert MoveKind.TWO_PACK == "twopack" and CardKind.COMMON_FIELD == "common field"
    assert Move(MoveKind.BUY, 2).to_data() == ["buy", 2]
    assert type(Move(MoveKind.BUY, 2).to_data()[0]) is str
    loaded = Move.from_data(["buy", 2])
    assert loaded == Move("buy", 2) and loaded.kind is MoveKind.BUY


def test_a_save_from_before_the_typed_vocabulary_still_loads():
    """Made by the engine of commit 288af3f: 4 players, round 4, the partner choice open."""
    s = load_game(OLD_SAVE)
    assert s.round == 4 and s.phase is Phase.ACTIONS
    assert flow.decision(s) is Decision.PARTNER
    assert all(isinstance(m.kind, MoveKind) for m in s.moves())
    s.apply(s.legal_moves()[0])  # and plays on


def test_a_new_save_round_trips_with_plain_strings(tmp_path):
    s = new_game(GameConfig(seats=3, seed=8))
    while s.round < 3:
        s.apply(calm_move(s))
    path = tmp_path / "game.loyang"
    save_game(s, path)
    raw = msgpack.unpackb(path.read_bytes())
    assert all(type(m[0]) is str for m in raw["moves"])
    assert load_game(path).to_data() == s.to_data()
