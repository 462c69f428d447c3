"""The move lists of deterministic games (`python -m lab.move_hashes`) are those the notebook
records (docs/ai-lab.md, entries 107 and 109): a change meant to leave the AI's play alone
(a refactor, a compiled build, another Python) leaves them alone. A change of play updates
these pins and says so in the notebook."""

from __future__ import annotations

import hashlib

import pytest

from lab import move_hashes

PINNED = {"greedy2": "16fb20530fbff9b9", "easy2": "cc5b53751269d149",
          "normal4": "94e11396fbe176c7", "hard2": "915e8740e574dbd8",
          "hardsolo": "f3d62b5d28cb8029"}  # hard's with hard-v4's correction (entry 166)
SLOW = {"hard2", "hardsolo"}  # seconds each: with the lab's slow tests


def digest(name: str) -> str:
    _count, text = move_hashes.played(name)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@pytest.mark.parametrize("name", sorted(set(PINNED) - SLOW))
def test_the_levels_play_the_moves_they_played(name):
    assert digest(name) == PINNED[name]


@pytest.mark.lab
@pytest.mark.parametrize("name", sorted(SLOW))
def test_hard_plays_the_moves_it_played(name):
    assert digest(name) == PINNED[name]
