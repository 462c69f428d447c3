"""New game: how many players, who plays each seat (a person with a name, or an AI level),
the Introductory variant, the seed and the starting player."""

from __future__ import annotations

import pygame

from ai.agents import PLAYER_LEVELS

from ...files import records
from ...play.session import SEAT_NAMES
from ...text.names import NO_NAME
from ...words import _, ngettext, pgettext
from .. import theme as t
from ..draw import text, wrap
from ..menu import GREEN, GREY, SOFT, MenuScene, message_box, page
from ..names import level_words
from ..scene import frame_layout
from ..start import new_table
from ..widgets import BUTTON, CHOICE, TEXT, TOGGLE, Item

NOWHERE = pygame.Rect(0, 0, 0, 0)


class NewGameScene(MenuScene):
    name = "new"
    clears_message = True

    def __init__(self, d) -> None:
        super().__init__(d)
        first_game = not records.load().games
        f = self.form
        f.add(Item("seats", CHOICE, _("Players"), value=2, options=[1, 2, 3, 4],
                   show=lambda n: _("1 (solo game)") if n == 1 else
                   ngettext("{n} player", "{n} players", n),
                   on_change=lambda _i: self.seats_changed()))
        me = d.settings.player_name if d.settings.player_name != NO_NAME else SEAT_NAMES[0]
        for seat in range(4):
            f.add(Item(f"kind{seat}", CHOICE, _("Seat {seat}", seat=seat + 1),
                       value="person" if seat == 0 else "normal",
                       options=["person", *PLAYER_LEVELS],
                       show=lambda k: _("Person") if k == "person" else
                       _("AI: {level}", level=level_words(k)),
                       on_change=lambda _i: self.seats_changed()))
            f.add(Item(f"name{seat}", TEXT, value=me if seat == 0 else SEAT_NAMES[seat],
                       max_len=16, placeholder=_("name")))
        f.add(Item("intro", TOGGLE, _("Introductory variant"), value=first_game))
        f.add(Item("seed", TEXT, _("Seed"), value="", digits=True, max_len=20,
                   placeholder=_("random (type a number for a chosen deal)")))
        f.add(Item("starter", CHOICE, _("Starting player"), value="random",
                   options=["random"], show=self.starter_words))
        self.start = f.add(Item("start", BUTTON, _("Start the game"), action=self.go,
                                colour=GREEN))
        f.add(Item("back", BUTTON, pgettext("button", "Back"), action=d.pop, colour=GREY))
        self.remembered(d.settings.last_setup)
        self.seats_changed()
        f.set_focus(self.start)

    def remembered(self, setup: dict) -> None:
        """Start from the last game's table (who sat where, the variant); a seat whose level
        this version no longer has keeps the default."""
        if not setup:
            return
        f = self.form
        f.get("seats").value = setup["seats"]
        for seat in range(4):
            kind, name = setup["kinds"][seat], setup["names"][seat]
            if kind in f.get(f"kind{seat}").options:
                f.get(f"kind{seat}").value = kind
            if name.strip():
                f.get(f"name{seat}").value = name[:16]
        f.get("intro").value = setup["intro"]

    def seats(self) -> int:
        return self.form.get("seats").value

    def starter_words(self, v) -> str:
        if v == "random":
            return _("Random (as dealt)")
        return self.form.get(f"name{v}").value or _("Seat {seat}", seat=v + 1)

    def seats_changed(self) -> None:
        n = self.seats()
        f = self.form
        for seat in range(4):
            f.get(f"kind{seat}").visible = seat < n
            f.get(f"name{seat}").visible = seat < n
        if n == 1:
            f.get("kind0").value = "person"
        starter = f.get("starter")
        starter.options = ["random", *range(n)] if n > 1 else ["random"]
        if starter.value not in starter.options:
            starter.value = "random"
        starter.visible = n > 1
        f.get("intro").visible = n > 1  # the Introductory version is for 2 to 4 players

    def go(self) -> None:
        f = self.form
        n = self.seats()
        kinds = [f.get(f"kind{s}").value for s in range(n)]
        if n == 1 and kinds[0] != "person":
            kinds = ["person"]
        names = [(f.get(f"name{s}").value.strip() or SEAT_NAMES[s])[:16] for s in range(n)]
        if len(set(names)) < n:
            self.message = _("Every player needs a different name.")
            return
        seed = f.get("seed").value or None
        starter = f.get("starter").value
        settings = self.d.settings
        if kinds[0] == "person":
            settings.player_name = names[0]
        settings.last_setup = {
            "seats": n, "intro": bool(f.get("intro").value),
            "kinds": [f.get(f"kind{s}").value for s in range(4)],
            "names": [(f.get(f"name{s}").value.strip() or SEAT_NAMES[s])[:16] for s in range(4)]}
        self.d.save_settings()
        problem = new_table(self.d, n, seed, kinds, names, intro=f.get("intro").value and n > 1,
                            starter=None if starter == "random" else starter)
        if problem:
            self.message = problem

    def draw(self, surf) -> None:
        L = frame_layout(surf.get_size())
        page(surf, self.d.sprites, L, _("New game"),
             _("Who plays? A person at this screen (with a name) or an AI at a level"))
        f = self.form
        f.get("seats").rect = L.R(440, 122, 300, 44)
        n = self.seats()
        for seat in range(4):
            y = 186 + seat * 56
            f.get(f"kind{seat}").rect = L.R(440, y, 300, 44) if seat < n else NOWHERE
            f.get(f"name{seat}").rect = L.R(760, y, 260, 44) if seat < n else NOWHERE
            if seat < n:
                pygame.draw.circle(surf, t.SEAT_COLOURS[seat], L.R(1050, y + 22, 0, 0).topleft,
                                   L.px(12))
        y = 186 + 4 * 56 + 10
        if n > 1:
            f.get("intro").rect = L.R(440, y, 300, 44)
            for i, line in enumerate(lines := wrap(
                    _("suggested for a first game: start cards, easier openings"), L.px(18),
                    L.px(300))):
                text(surf, line, L.px(18), SOFT, midleft=L.R(
                    760, y + 22 + 20 * (i - (len(lines) - 1) / 2), 0, 0).topleft)
        f.get("seed").rect = L.R(440, y + 60, 580, 44)
        f.get("starter").rect = L.R(440, y + 120, 300, 44) if n > 1 else NOWHERE
        if n == 1:
            text(surf, _("One seat is the solo game (its score goes to the high-score table)."),
                 L.px(19), SOFT, midleft=L.R(440, y + 142, 0, 0).topleft)
        self.start.rect = L.R(440, y + 200, 300, 52)
        f.get("back").rect = L.R(760, y + 200, 200, 52)
        f.draw(surf, L, self.d.mouse)
        message_box(surf, L, self.message)
