"""The solo challenge: today's deal (the same for everyone) or a random one, the player's
name, and the best scores on today's deal."""

from __future__ import annotations

from datetime import date

from ...files import highscores
from ...play.session import SEAT_NAMES
from ...text.names import NO_NAME, name_words
from ...words import _, pgettext
from .. import theme as t
from ..draw import text
from ..menu import GREEN, GREY, SOFT, MenuScene, message_box, page
from ..scene import frame_layout
from ..start import new_table
from ..widgets import BUTTON, TEXT, Item
from .scores import HighScoresScene, band_words, hint_tag, long_date


class SoloScene(MenuScene):
    name = "solo"

    def __init__(self, d) -> None:
        super().__init__(d)
        self.today = highscores.daily_seed()
        f = self.form
        f.add(Item("today", BUTTON, _("Today's deal (seed {seed})", seed=str(self.today)),
                   action=lambda: self.go(self.today), colour=GREEN))
        f.add(Item("random", BUTTON, _("A random deal"), action=lambda: self.go(None)))
        me = d.settings.player_name if d.settings.player_name != NO_NAME else SEAT_NAMES[0]
        f.add(Item("name", TEXT, _("Your name"), value=me, max_len=16))
        f.add(Item("back", BUTTON, pgettext("button", "Back"), action=d.pop, colour=GREY))
        try:
            table = highscores.load()
            self.best = [r for r in table.results if r.seed == self.today][:3]
            self.message = table.problem or ""
        except OSError as error:
            self.best, self.message = [], _("The high-score table cannot be read ({error}).",
                                            error=error)

    def go(self, seed: int | None) -> None:
        name = self.form.get("name").value.strip() or SEAT_NAMES[0]
        if name != self.d.settings.player_name:
            self.d.settings.player_name = name
            self.d.save_settings()
        problem = new_table(self.d, 1, seed, ["person"], [name])
        if problem:
            self.message = problem

    def draw(self, surf) -> None:
        L = frame_layout(surf.get_size())
        page(surf, self.d.sprites, L, _("Solo challenge"),
             _("Nine rounds alone against the Offer: reach space 17 (good), "
               "18 (very good) or 19 (master)"))
        f = self.form
        f.get("today").rect = L.R(390, 150, 500, 56)
        text(surf, _("The same deal for everyone on {date}.", date=long_date(date.today())),
             L.px(19), SOFT,
             center=L.R(640, 224, 0, 0).topleft)
        f.get("random").rect = L.R(390, 260, 500, 56)
        f.get("name").rect = L.R(560, 350, 330, 44)
        f.get("back").rect = L.R(540, 640, 200, 50)
        y = 430
        text(surf, _("Best on today's deal"), L.px(24), t.GOLD,
             center=L.R(640, y, 0, 0).topleft, bold=True)
        if not self.best:
            text(surf, _("nobody yet: be the first"), L.px(20), SOFT,
                 center=L.R(640, y + 34, 0, 0).topleft)
        for i, r in enumerate(self.best):  # a game played with hints marked as on High scores
            line = _("{place}. {name}  space {space} ({band})  Cash {cash}", place=i + 1,
                     name=name_words(r.name), space=r.score, band=band_words(r.band), cash=r.cash)
            extra = (t.font(L.px(15), True).size(hint_tag())[0] + L.px(18)) if r.hinted else 0
            drawn = text(surf, line, L.px(21), t.WHITE,
                         center=L.R(640, y + 34 + i * 28, 0, 0).move(-extra // 2, 0).topleft)
            if r.hinted:
                HighScoresScene.tag(surf, L, drawn)
        if any(r.hinted for r in self.best):
            text(surf, _("{tag}: played with hints", tag=hint_tag()), L.px(17), SOFT,
                 center=L.R(640, y + 34 + len(self.best) * 28, 0, 0).topleft)
        f.draw(surf, L, self.d.mouse)
        message_box(surf, L, self.message)
