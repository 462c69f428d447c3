"""Colours, sizes and fonts of the table: the one place the look is decided."""

from __future__ import annotations

import re

from ..engine.cards import CASUAL, COMMON_FIELD, HELPER, PRIVATE_FIELD, REGULAR, STALL
from ..words import N_
from . import fonts
from .fonts import Face

DESIGN_W, DESIGN_H = 1280, 800  # the layout is drawn for this size and scaled

TABLE = (92, 58, 36)
TABLE_DARK = (62, 38, 24)
PANEL = (238, 226, 200)
PANEL_DARK = (206, 190, 160)
INK = (40, 30, 22)
INK_SOFT = (95, 80, 64)
WHITE = (250, 248, 240)
GOLD = (232, 186, 64)
HIGHLIGHT = (255, 230, 90)
HOVER = (255, 255, 255)
GOOD = (60, 150, 80)

# The vegetables are drawn from assets/art/veg_*.svg, each outlined near black, their fills
# set apart in grey (Cabbage and Wheat light, Bean and Pumpkin between, Turnip and Leek
# dark), and their letters in these inks (Wheat, Pumpkin, Turnip, Cabbage, Bean, Leek):
# near black on a light fill, white on a dark one, so that a player who sees no colour reads
# each by its shape and letter (tests/ui/test_grey_table.py).
VEG_LETTER_INK = ((40, 28, 4), (46, 16, 0), (255, 240, 236), (28, 34, 24), (18, 36, 6),
                  (240, 252, 232))

# Card frames in their physical colours.
KIND_COLOURS = {
    STALL: ((226, 120, 36), (252, 226, 190)),
    REGULAR: ((46, 98, 176), (214, 228, 248)),
    CASUAL: ((190, 50, 46), (250, 218, 210)),
    HELPER: ((176, 150, 104), (246, 236, 212)),
    COMMON_FIELD: ((66, 136, 62), (214, 236, 196)),
    PRIVATE_FIELD: ((54, 116, 52), (206, 230, 186)),
}

SEAT_COLOURS = ((200, 50, 50), (50, 100, 210), (140, 70, 180), (30, 150, 140))

MARKER_BLUE = (40, 90, 200)
MARKER_RED = (210, 40, 40)

# Short texts for the Helper tiles (the whole text is in the dialog and on the big card), by
# the Helper's id; translated where the face is drawn (art.short_text).
HELPER_SHORT = {
    "Book-keeper": N_("Set your Shop as you like; +1 Cash per field of one vegetable"),
    "Con man": N_("Swap him for a Helper of a player who has finished"),
    "Deliveryman": N_("Deliver to another's Regular customer, keep the pay"),
    "Foreman": N_("Take a Helper as soon as it is discarded"),
    "Haggler": N_("Buy 2 of a kind for the price of 1"),
    "Harvest helper": N_("Harvest 2 from fields of 4+, or +1 token on sowing"),
    "Maid": N_("Trade 1:1 at 2-bowl stall offers"),
    "Market crier": N_("Refill your stalls, or sell 1-3 of their goods"),
    "Market woman": N_("Swap a stall with another player's, refill both"),
    "Merchant": N_("Buy for 1 a vegetable you owe twice"),
    "Messenger-boy": N_("Deliver twice to Regular customers"),
    "Official": N_("The Two-pack is free this phase"),
    "Plough-man": N_("Plough a field under, or harvest all 1-token fields"),
    "Saleswoman": N_("All markers blue, or Casual customers pay +2"),
    "Shopper": N_("Buy 1 from the Supply, 2 Cash off"),
    "Squire": N_("Card phase: take up to 3 from the Courtyard"),
    "Subsistence farmer": N_("Take 1 vegetable from another's field for 1"),
    "Tenant-farmer": N_("Choose a field from your pile"),
    "Tout": N_("Swap or buy another player's Casual customer"),
    "Trader": N_("Trade at another player's Market stall"),
}
# The Helpers that follow a rule of their own in the solo game, as their faces say it there.
HELPER_SHORT_SOLO = {
    "Con man": N_("Solo: swap him for a Helper of the Offer"),
    "Squire": N_("Solo: buy up to 4 cards from the Offer"),
    "Subsistence farmer": N_("Solo: buy a Wheat, Pumpkin or Turnip for 1"),
}

# The colour-blind-friendly palette (Okabe and Ito): seats, Satisfaction markers and the
# good/bad signals are told apart by more than red against green.
_NORMAL = {"SEAT_COLOURS": SEAT_COLOURS, "MARKER_BLUE": MARKER_BLUE, "MARKER_RED": MARKER_RED,
           "GOOD": GOOD}
_COLOUR_BLIND = {"SEAT_COLOURS": ((230, 159, 0), (0, 114, 178), (204, 121, 167), (0, 158, 115)),
                 "MARKER_BLUE": (0, 114, 178), "MARKER_RED": (230, 120, 0),
                 "GOOD": (0, 114, 178)}


def set_palette(colour_blind: bool) -> None:
    """Switch the module's colours (everything reads them as `t.NAME` when drawing)."""
    globals().update(_COLOUR_BLIND if colour_blind else _NORMAL)


def font(size: int, bold: bool = False) -> Face:
    """The game's typeface (Lato, shipped in assets/fonts/, `fonts.py`) at `size`, drawn at
    its own size."""
    return fonts.face(max(8, int(size)), bool(bold))


# Where a line may break: any white space but the no-break space, which French sets before
# its colons, semicolons, question and exclamation marks and inside its guillemets.
_BREAKS = re.compile(r"[^\S\u00a0]+")


def wrap(text: str, face: Face, width: int) -> list[str]:
    """Words of `text` in lines no wider than `width` in `face` (a lone long word keeps its
    own line)."""
    lines, line = [], ""
    for word in _BREAKS.split(text.strip()):
        trial = f"{line} {word}".strip()
        if face.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines
