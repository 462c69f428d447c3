"""The names of the game's things in the player's language, made from the engine's codes: a
card's name from its kind and its code (`R4`, `S13`, a Helper's id), a vegetable's from its
index. The engine keeps the identity (a card's id, its code, a Helper's registry key); the name
a player reads is made here, as each edition prints it (docs/glossary.md)."""

from __future__ import annotations

from collections.abc import Iterable

from ..engine.cards import (
    CARDS,
    CASUAL,
    COMMON_FIELD,
    HELPER,
    PRIVATE_FIELD,
    REGULAR,
    STALL,
)
from ..words import N_, NP_, _, pgettext

# The name of a player who gave none, as the settings and older high scores keep it (a code:
# files/settings.py's default): read in the player's language (`name_words`), and at a
# table the first seat's name is given instead.
NO_NAME = "Player"

# The vegetables by the engine's index (cards.VEG_NAMES: Wheat, Pumpkin, Turnip, Cabbage,
# Bean, Leek), as a card or a rule names one of them.
VEG_WORDS = (N_("Wheat"), N_("Pumpkin"), N_("Turnip"), N_("Cabbage"), N_("Bean"), N_("Leek"))

# The Helpers by their id (the engine's registry key, cards.HELPER_NAMES).
HELPER_WORDS = {
    "Book-keeper": N_("Book-keeper"),
    "Con man": N_("Con man"),
    "Deliveryman": N_("Deliveryman"),
    "Foreman": N_("Foreman"),
    "Haggler": N_("Haggler"),
    "Harvest helper": N_("Harvest helper"),
    "Maid": N_("Maid"),
    "Market crier": N_("Market crier"),
    "Market woman": N_("Market woman"),
    "Merchant": N_("Merchant"),
    "Messenger-boy": N_("Messenger-boy"),
    "Official": N_("Official"),
    "Plough-man": N_("Plough-man"),
    "Saleswoman": N_("Saleswoman"),
    "Shopper": N_("Shopper"),
    "Squire": N_("Squire"),
    "Subsistence farmer": N_("Subsistence farmer"),
    "Tout": N_("Tout"),
    "Tenant-farmer": N_("Tenant-farmer"),
    "Trader": N_("Trader"),
}


def veg_words(veg: int) -> str:
    """A vegetable's name (one of them, as on a card)."""
    if not 0 <= veg < len(VEG_WORDS):
        return _("vegetable {number}", number=veg)
    return _(VEG_WORDS[veg])


def veg_list(vegs: Iterable[int]) -> str:
    """Vegetables one after another, as a card shows them: 'Wheat + Bean'."""
    return " + ".join(veg_words(v) for v in vegs)


def helper_words(helper: str) -> str:
    """A Helper's name from its id (the registry's key)."""
    return _(HELPER_WORDS[helper]) if helper in HELPER_WORDS else helper


def card_words(card: int) -> str:
    """A card's name: 'Regular customer R4', 'Market stall S13', 'Foreman', 'Home field'."""
    if not 0 <= card < len(CARDS):
        return _("card {number}", number=card)
    c = CARDS[card]
    if c.kind == STALL:
        return _("Market stall {code}", code=c.code)
    if c.kind == REGULAR:
        return _("Regular customer {code}", code=c.code)
    if c.kind == CASUAL:
        return _("Casual customer {code}", code=c.code)
    if c.kind == COMMON_FIELD:
        return _("common {spaces}-space field", spaces=c.spaces)
    if c.kind == HELPER:
        return helper_words(c.name)
    if c.kind == PRIVATE_FIELD and c.code == "Home":
        return _("Home field")
    return _("{spaces}-space field", spaces=c.spaces)


def name_words(name: str) -> str:
    """A player's name as a file keeps it, to be read: a player who gave none is called
    so in the player's language."""
    return pgettext("a player who gave no name", "Player") if name == NO_NAME else name


# The AI's levels (the saves and records keep the codes: "hard" reads "schwer" in German; a
# level this version does not know is shown as its code).
LEVEL_WORDS = {"random": NP_("AI level", "random"), "greedy": NP_("AI level", "greedy"),
               "easy": NP_("AI level", "easy"), "normal": NP_("AI level", "normal"),
               "hard": NP_("AI level", "hard"), "tutor": NP_("AI level", "tutor")}

# The solo challenge's bands as the high-score table stores them (codes), and their words.
BAND_WORDS = {"master": NP_("band", "master"), "very good": NP_("band", "very good"),
              "good": NP_("band", "good"), "below good": NP_("band", "below good")}


def level_words(level: str) -> str:
    """An AI level's name."""
    return pgettext("AI level", LEVEL_WORDS[level]) if level in LEVEL_WORDS else level


def band_words(band: str) -> str:
    """A solo band's name in the player's language (a band this version does not know: as
    the file has it)."""
    return pgettext("band", BAND_WORDS[band]) if band in BAND_WORDS else band
