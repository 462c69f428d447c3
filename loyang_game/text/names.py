"""The names of the game's things in the player's language, made from the engine's codes: a
card's name from its kind and its code (`R4`, `S13`, a Helper's id), a vegetable's from its
index. The engine keeps the identity (a card's id, its code, a Helper's registry key); the name
a player reads is made here, as each edition prints it (docs/glossary.md).

A name goes into a sentence in the form its role there asks for (`SUBJECT`, `OBJECT`,
`WITH`, `AT`, `FROM`): the catalogues translate each name once per role, so German, Italian
and French write it whole with the article its gender and case need, joined with the
preposition where the language joins them ("den Stammkunden R4", "lo Scudiero", "l'étal de
marché S7", "alla bancarella S7", "vom Feld mit 5 Parzellen"), and a sentence with such a
slot carries no article of its own there. English needs no form of its own: its role forms
are the bare name, and its sentences keep their "the" and "at" ("uses the {helper}", "at
{stall}"). Whole forms rather than an article put before the name, because the article's
gender, its case, its contraction and the noun's own ending (der Beamte, den Beamten; den
Lieferanten) are the translator's to know, not the code's."""

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


# The roles a name can have in a sentence (the catalogues' contexts): the one who does or
# undergoes what the sentence says (German's nominative: "der Stammkunde R4 geht"); the one a
# verb acts on (German's accusative: "nimm den Stammkunden R4"; Italian and French write
# both alike); and the name after a preposition that a language joins with the article, or
# whose case it sets: "with" ("mit dem Feilscher", "con il Contrattatore"), "at" ("am
# Marktstand S7", "alla bancarella S7", "à l'étal de marché S7") and "from" ("vom Feld",
# "dal campo", "du champ"). The forms begin with a small letter, so a sentence does not
# begin with one: its translation is turned around ("Chez Anna, la Marchande va à la
# défausse.").
SUBJECT = "card as subject"
OBJECT = "card as object"
WITH = "card after 'with'"
AT = "card after 'at'"
FROM = "card after 'from'"

# Every name in each role, marked for the catalogues (card_words and helper_words read them).
ROLE_FORMS = (
    NP_("card as subject", "Market stall {code}"),
    NP_("card as subject", "Regular customer {code}"),
    NP_("card as subject", "Casual customer {code}"),
    NP_("card as subject", "common {spaces}-space field"), NP_("card as subject", "Home field"),
    NP_("card as subject", "{spaces}-space field"), NP_("card as subject", "Book-keeper"),
    NP_("card as subject", "Con man"), NP_("card as subject", "Deliveryman"),
    NP_("card as subject", "Foreman"), NP_("card as subject", "Haggler"),
    NP_("card as subject", "Harvest helper"), NP_("card as subject", "Maid"),
    NP_("card as subject", "Market crier"), NP_("card as subject", "Market woman"),
    NP_("card as subject", "Merchant"), NP_("card as subject", "Messenger-boy"),
    NP_("card as subject", "Official"), NP_("card as subject", "Plough-man"),
    NP_("card as subject", "Saleswoman"), NP_("card as subject", "Shopper"),
    NP_("card as subject", "Squire"), NP_("card as subject", "Subsistence farmer"),
    NP_("card as subject", "Tout"), NP_("card as subject", "Tenant-farmer"),
    NP_("card as subject", "Trader"),
    NP_("card as object", "Market stall {code}"), NP_("card as object", "Regular customer {code}"),
    NP_("card as object", "Casual customer {code}"),
    NP_("card as object", "common {spaces}-space field"), NP_("card as object", "Home field"),
    NP_("card as object", "{spaces}-space field"), NP_("card as object", "Book-keeper"),
    NP_("card as object", "Con man"), NP_("card as object", "Deliveryman"),
    NP_("card as object", "Foreman"), NP_("card as object", "Haggler"),
    NP_("card as object", "Harvest helper"), NP_("card as object", "Maid"),
    NP_("card as object", "Market crier"), NP_("card as object", "Market woman"),
    NP_("card as object", "Merchant"), NP_("card as object", "Messenger-boy"),
    NP_("card as object", "Official"), NP_("card as object", "Plough-man"),
    NP_("card as object", "Saleswoman"), NP_("card as object", "Shopper"),
    NP_("card as object", "Squire"), NP_("card as object", "Subsistence farmer"),
    NP_("card as object", "Tout"), NP_("card as object", "Tenant-farmer"),
    NP_("card as object", "Trader"),
    NP_("card after 'with'", "Market stall {code}"),
    NP_("card after 'with'", "Regular customer {code}"),
    NP_("card after 'with'", "Casual customer {code}"),
    NP_("card after 'with'", "common {spaces}-space field"), NP_("card after 'with'", "Home field"),
    NP_("card after 'with'", "{spaces}-space field"), NP_("card after 'with'", "Book-keeper"),
    NP_("card after 'with'", "Con man"), NP_("card after 'with'", "Deliveryman"),
    NP_("card after 'with'", "Foreman"), NP_("card after 'with'", "Haggler"),
    NP_("card after 'with'", "Harvest helper"), NP_("card after 'with'", "Maid"),
    NP_("card after 'with'", "Market crier"), NP_("card after 'with'", "Market woman"),
    NP_("card after 'with'", "Merchant"), NP_("card after 'with'", "Messenger-boy"),
    NP_("card after 'with'", "Official"), NP_("card after 'with'", "Plough-man"),
    NP_("card after 'with'", "Saleswoman"), NP_("card after 'with'", "Shopper"),
    NP_("card after 'with'", "Squire"), NP_("card after 'with'", "Subsistence farmer"),
    NP_("card after 'with'", "Tout"), NP_("card after 'with'", "Tenant-farmer"),
    NP_("card after 'with'", "Trader"),
    NP_("card after 'at'", "Market stall {code}"),
    NP_("card after 'at'", "Regular customer {code}"),
    NP_("card after 'at'", "Casual customer {code}"),
    NP_("card after 'at'", "common {spaces}-space field"), NP_("card after 'at'", "Home field"),
    NP_("card after 'at'", "{spaces}-space field"), NP_("card after 'at'", "Book-keeper"),
    NP_("card after 'at'", "Con man"), NP_("card after 'at'", "Deliveryman"),
    NP_("card after 'at'", "Foreman"), NP_("card after 'at'", "Haggler"),
    NP_("card after 'at'", "Harvest helper"), NP_("card after 'at'", "Maid"),
    NP_("card after 'at'", "Market crier"), NP_("card after 'at'", "Market woman"),
    NP_("card after 'at'", "Merchant"), NP_("card after 'at'", "Messenger-boy"),
    NP_("card after 'at'", "Official"), NP_("card after 'at'", "Plough-man"),
    NP_("card after 'at'", "Saleswoman"), NP_("card after 'at'", "Shopper"),
    NP_("card after 'at'", "Squire"), NP_("card after 'at'", "Subsistence farmer"),
    NP_("card after 'at'", "Tout"), NP_("card after 'at'", "Tenant-farmer"),
    NP_("card after 'at'", "Trader"),
    NP_("card after 'from'", "Market stall {code}"),
    NP_("card after 'from'", "Regular customer {code}"),
    NP_("card after 'from'", "Casual customer {code}"),
    NP_("card after 'from'", "common {spaces}-space field"), NP_("card after 'from'", "Home field"),
    NP_("card after 'from'", "{spaces}-space field"), NP_("card after 'from'", "Book-keeper"),
    NP_("card after 'from'", "Con man"), NP_("card after 'from'", "Deliveryman"),
    NP_("card after 'from'", "Foreman"), NP_("card after 'from'", "Haggler"),
    NP_("card after 'from'", "Harvest helper"), NP_("card after 'from'", "Maid"),
    NP_("card after 'from'", "Market crier"), NP_("card after 'from'", "Market woman"),
    NP_("card after 'from'", "Merchant"), NP_("card after 'from'", "Messenger-boy"),
    NP_("card after 'from'", "Official"), NP_("card after 'from'", "Plough-man"),
    NP_("card after 'from'", "Saleswoman"), NP_("card after 'from'", "Shopper"),
    NP_("card after 'from'", "Squire"), NP_("card after 'from'", "Subsistence farmer"),
    NP_("card after 'from'", "Tout"), NP_("card after 'from'", "Tenant-farmer"),
    NP_("card after 'from'", "Trader"),
)


def _named(message: str, role: str | None, **values: object) -> str:
    """`message` (a name) bare, or in the form its `role` in a sentence asks for."""
    return pgettext(role, message, **values) if role else _(message, **values)


def veg_words(veg: int) -> str:
    """A vegetable's name (one of them, as on a card)."""
    if not 0 <= veg < len(VEG_WORDS):
        return _("vegetable {number}", number=veg)
    return _(VEG_WORDS[veg])


def veg_list(vegs: Iterable[int]) -> str:
    """Vegetables one after another, as a card shows them: 'Wheat + Bean'."""
    return " + ".join(veg_words(v) for v in vegs)


def helper_words(helper: str, role: str | None = None) -> str:
    """A Helper's name from its id (the registry's key): bare, or in its `role` in a
    sentence (SUBJECT, OBJECT, WITH, AT, FROM)."""
    return _named(HELPER_WORDS[helper], role) if helper in HELPER_WORDS else helper


def card_words(card: int, role: str | None = None) -> str:
    """A card's name: 'Regular customer R4', 'Market stall S13', 'Foreman', 'Home field';
    with a `role` (SUBJECT, OBJECT, WITH, AT, FROM), as a sentence puts it: 'le client
    régulier R4'."""
    if not 0 <= card < len(CARDS):
        return _("card {number}", number=card)
    c = CARDS[card]
    if c.kind == STALL:
        return _named(N_("Market stall {code}"), role, code=c.code)
    if c.kind == REGULAR:
        return _named(N_("Regular customer {code}"), role, code=c.code)
    if c.kind == CASUAL:
        return _named(N_("Casual customer {code}"), role, code=c.code)
    if c.kind == COMMON_FIELD:
        return _named(N_("common {spaces}-space field"), role, spaces=c.spaces)
    if c.kind == HELPER:
        return helper_words(c.name, role)
    if c.kind == PRIVATE_FIELD and c.code == "Home":
        return _named(N_("Home field"), role)
    return _named(N_("{spaces}-space field"), role, spaces=c.spaces)


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
