"""High scores: the solo challenge's best 20, today's deal marked, games played with the
coach's hints tagged "hint" (they rank with the others, see `highscores`), and a button to
play today's deal."""

from __future__ import annotations

import pygame

from ...files import highscores
from ...play.session import SEAT_NAMES
from ...text.names import NO_NAME, band_words, name_words
from ...words import NP_, _, date_words, pgettext
from .. import theme as t
from ..draw import fit, panel, text
from ..menu import GREEN, GREY, SOFT, MenuScene, message_box, page
from ..scene import frame_layout
from ..start import new_table
from ..widgets import BUTTON, Item

BAND_COLOURS = {"master": (240, 196, 60), "very good": (200, 205, 215), "good": (205, 140, 80),
                "below good": (200, 190, 175)}
HINT_TAG = NP_("tag", "hint")  # the tag's English; hint_tag() is what is drawn
HINT_COLOUR = (120, 200, 235)


def hint_tag() -> str:
    """The mark of a game played with the coach's hints, in the player's language."""
    return pgettext("tag", HINT_TAG)


def long_date(day) -> str:
    return date_words(day, "long")


class HighScoresScene(MenuScene):
    name = "scores"

    def __init__(self, d) -> None:
        super().__init__(d)
        self.today = highscores.daily_seed()
        try:
            table = highscores.load()
            self.results, self.message = table.results, table.problem or ""
        except OSError as error:
            self.results, self.message = [], _("The high-score table cannot be read ({error}).",
                                               error=error)
        f = self.form
        f.add(Item("today", BUTTON, _("Play today's deal"), action=self.play_today,
                   colour=GREEN))
        f.add(Item("back", BUTTON, pgettext("button", "Back"), action=d.pop, colour=GREY))

    def play_today(self) -> None:
        name = self.d.settings.player_name
        new_table(self.d, 1, self.today, ["person"], [name if name != NO_NAME else SEAT_NAMES[0]])

    @staticmethod
    def tag(surf, L, after) -> None:
        """The "hint" mark of a game played with hints, just after its name."""
        label = t.font(L.px(15), True).size(hint_tag())[0]
        pill = pygame.Rect(after.right + L.px(8), 0, label + L.px(10), L.px(18))
        pill.centery = after.centery
        panel(surf, pill, HINT_COLOUR, radius=L.px(9))
        text(surf, hint_tag(), L.px(15), (30, 24, 18), center=pill.center, bold=True)

    def draw(self, surf) -> None:
        L = frame_layout(surf.get_size())
        page(surf, self.d.sprites, L, _("High scores"),
             _("The solo challenge's best 20. Today's deal is seed {seed}, marked here.",
               seed=str(self.today)))
        cols = [("#", 50), ("Name", 230), ("Space", 90), ("Band", 150), ("Cash", 80),
                ("Veg.", 70), ("Seed", 150), ("Date", 150)]
        heads = {"#": "#", "Name": _("Name"), "Space": _("Space"), "Band": _("Band"),
                 "Cash": _("Cash"), "Veg.": pgettext("column: vegetables", "Veg."),
                 "Seed": _("Seed"), "Date": _("Date")}
        x0, y = 150, 118
        x = x0
        for name, w in cols:
            text(surf, fit(heads[name], L.px(20), L.px(w - 8), True), L.px(20), t.GOLD,
                 topleft=L.R(x, y, 0, 0).topleft, bold=True)
            x += w
        y += 30
        if not self.results:
            text(surf, _("No solo games finished yet: try the Solo challenge."), L.px(22), SOFT,
                 center=L.R(640, 300, 0, 0).topleft)
        for i, r in enumerate(self.results):
            today = r.seed == self.today
            if today:
                panel(surf, L.R(x0 - 10, y - 3, 990, 25), (70, 90, 50), radius=L.px(5),
                      alpha=200)
            seed = _("{seed}  today", seed=str(r.seed)) if today else str(r.seed)
            vals = [f"{i + 1}.", name_words(r.name), str(r.score), band_words(r.band), str(r.cash),
                    str(r.vegetables), seed, r.date]
            x = x0
            for (name, w), v in zip(cols, vals):
                colour = BAND_COLOURS.get(r.band, t.WHITE) if name in ("Band", "Space") \
                    else t.WHITE
                tagged = name == "Name" and r.hinted
                room = L.px(w - 8) - (t.font(L.px(15), True).size(hint_tag())[0] + L.px(16)
                                      if tagged else 0)
                drawn = text(surf, fit(v, L.px(20), room), L.px(20), colour,
                             topleft=L.R(x, y, 0, 0).topleft, bold=name in ("Space", "Band"))
                if tagged:
                    self.tag(surf, L, drawn)
                x += w
            y += 26
        if any(r.hinted for r in self.results):
            bands = _("Bands: 17 good, 18 very good, 19 master (the final space after Loans); "
                      "{tag}: played with hints.", tag=hint_tag())
        else:
            bands = _("Bands: 17 good, 18 very good, 19 master (the final space after Loans).")
        text(surf, bands, L.px(18), SOFT, center=L.R(640, 672, 0, 0).topleft)
        self.form.get("today").rect = L.R(390, 690, 260, 46)
        self.form.get("back").rect = L.R(670, 690, 220, 46)
        self.form.draw(surf, L, self.d.mouse)
        message_box(surf, L, self.message)
