"""The names of the game's codes the menus show, in the player's language: the AI's levels
(the saves and records keep the codes: "hard" reads "schwer" in German, and a level this
version does not know is shown as its code)."""

from __future__ import annotations

from ..words import N_, NP_, _, pgettext

# The vegetables by the engine's index (cards.VEG_NAMES: Wheat, Pumpkin, Turnip, Cabbage,
# Bean, Leek), as a card or a rule names one of them.
VEG_WORDS = (N_("Wheat"), N_("Pumpkin"), N_("Turnip"), N_("Cabbage"), N_("Bean"), N_("Leek"))


def veg_words(veg: int) -> str:
    """A vegetable's name (one of them, as on a card)."""
    return _(VEG_WORDS[veg])

LEVEL_WORDS = {"random": NP_("AI level", "random"), "greedy": NP_("AI level", "greedy"),
               "easy": NP_("AI level", "easy"), "normal": NP_("AI level", "normal"),
               "hard": NP_("AI level", "hard")}


def level_words(level: str) -> str:
    """An AI level's name."""
    return pgettext("AI level", LEVEL_WORDS[level]) if level in LEVEL_WORDS else level
