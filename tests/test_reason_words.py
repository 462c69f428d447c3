"""The engine's illegal-move reasons are codes with values (never sentences); text/reasons.py
makes each code the player's sentence, in every language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from loyang_game import words
from loyang_game.engine import GameConfig, IllegalMove, Move, new_game
from loyang_game.engine.state import reason
from loyang_game.text.reasons import SENTENCES, reason_words

ENGINE = Path(__file__).resolve().parent.parent / "loyang_game" / "engine"


def engine_codes() -> set[str]:
    found: set[str] = set()
    for path in ENGINE.rglob("*.py"):
        found |= set(re.findall(r"""\breason\("(\w+)\"""", path.read_text()))
    return found


def test_every_code_the_engine_gives_has_its_sentence():
    codes = engine_codes()
    assert len(codes) > 40
    assert codes <= set(SENTENCES), codes - set(SENTENCES)


def test_an_illegal_move_carries_a_code_and_its_values_not_words():
    state = new_game(GameConfig(seats=2, seed=1))
    with pytest.raises(IllegalMove) as err:
        state.apply(Move("home", 3))  # Cabbage
    assert err.value.reason.code == "home_veg_only"
    assert reason_words(err.value.reason) == "The Home field takes only Wheat, Pumpkin or Turnip."


@pytest.mark.parametrize("language", ["de", "it", "fr"])
def test_every_reason_reads_in_each_language(language):
    values = {"veg": 5, "card": 3, "price": 6, "cash": 2, "steps": 2, "bowls": 2, "limit": 2,
              "end": 20, "what": "x", "kind": "sell", "seat": 0, "decision": "act",
              "possible": "end"}
    english = {code: reason_words(reason(code, **values)) for code in SENTENCES}
    words.set_language(language)
    try:
        for code in SENTENCES:
            said = reason_words(reason(code, **values))
            assert said and said != english[code], (language, code, said)
        owed = reason("no_money", owed=2, debt="common field", cash=1)
        assert reason_words(owed) != "That does not raise money. You owe 2 Cash for the " \
            "common field, and have 1."
    finally:
        words.set_language("en")


def test_an_unknown_code_is_shown_as_itself():
    assert reason_words(reason("from_the_future", card=3)) == "from_the_future card=3"
