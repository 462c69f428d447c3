"""The names of the game's codes the menus show, in the player's language: the AI's levels
(the saves and records keep the codes: "hard" reads "schwer" in German, and a level this
version does not know is shown as its code)."""

from __future__ import annotations

from ..text.names import VEG_WORDS, veg_words
from ..words import NP_, pgettext

__all__ = ["LEVEL_WORDS", "VEG_WORDS", "level_words", "veg_words"]

LEVEL_WORDS = {"random": NP_("AI level", "random"), "greedy": NP_("AI level", "greedy"),
               "easy": NP_("AI level", "easy"), "normal": NP_("AI level", "normal"),
               "hard": NP_("AI level", "hard"), "tutor": NP_("AI level", "tutor")}


def level_words(level: str) -> str:
    """An AI level's name."""
    return pgettext("AI level", LEVEL_WORDS[level]) if level in LEVEL_WORDS else level
