"""The names of the game's codes the menus show, in the player's language: the AI's levels
(the saves and records keep the codes: "hard" reads "schwer" in German, and a level this
version does not know is shown as its code)."""

from __future__ import annotations

from ..text.names import LEVEL_WORDS, VEG_WORDS, level_words, veg_words

__all__ = ["LEVEL_WORDS", "VEG_WORDS", "level_words", "veg_words"]
