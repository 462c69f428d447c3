"""A replay's hand stays left of its controls (issue 48, item 3): the replay's transport
and round buttons fill the bottom bar's three columns whatever the phase, so the layout
keeps the hand left of them (`TableModel.layout(bar_left=...)`), where the table in a Card
phase has the bar up to its rightmost column."""

from __future__ import annotations

import pytest

from loyang_game.engine import flow
from loyang_game.engine.state import Decision
from loyang_game.play.replay import Replay
from loyang_game.ui import replaybar

from ..games import random_game
from .menu_driver import frames, make_director


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_a_replay_s_hand_stays_left_of_its_controls(size):
    final, _ = random_game(2, 6, limit=80)
    replay = Replay.of_game(final, ["Anna", "Bao"], ["person", "person"])
    step = next(i for i in range(len(replay))
                if flow.decision(replay.state_at(i)) == Decision.CARDS
                and len(replay.state_at(i).players[replay.state_at(i).current_player].hand)
                >= 3)
    seat = replay.state_at(step).current_player
    d = make_director(size)
    scene = d.open("replay", replay=replay, at=step, viewer=seat)
    frames(d)
    L = scene.layout()
    hand = [r for target, r in L.targets.items() if target[0] == "hand"]
    assert len(hand) >= 3
    controls = list(replaybar.rects(L).values())
    assert not any(card.colliderect(c) for card in hand for c in controls)
    d.close()
