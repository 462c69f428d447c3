"""Settings, remembered between runs (settings.msgpack in the save folder): every change is
saved at once."""

from __future__ import annotations

import pygame

from ... import words
from ...text.names import NO_NAME, name_words
from ...words import LANGUAGES, NATIVE_NAMES, NP_, _, pgettext
from .. import theme as t
from ..menu import GREEN, GREY, PROBLEM, MenuScene, message_box, page
from ..scene import frame_layout
from ..widgets import BUTTON, CHOICE, TEXT, TOGGLE, Form, Item

SPEED_CHOICES = ["slow", "normal", "fast", "off"]  # the order Right steps through
SPEED_WORDS = {"slow": NP_("speed", "slow"), "normal": NP_("speed", "normal"),
               "fast": NP_("speed", "fast"), "off": NP_("speed", "off")}
ROW = 42  # design pixels from one setting to the next
VOLUMES = list(range(0, 101, 10))  # the effects' volume, percent
SAMPLE = "coins_get"  # the effect played when the volume changes, to hear it by
SIZES = [(1024, 640), (1280, 800), (1440, 900), (1600, 1000), (1920, 1200)]


class SettingsScene(MenuScene):
    name = "settings"

    def __init__(self, d) -> None:
        super().__init__(d)
        self.ok = True
        self.message_rect: pygame.Rect | None = None  # where the last frame told the message
        self.build()

    def build(self) -> None:
        """The rows, in the language spoken now (made again when it changes), the focus
        kept on the row it was on."""
        d, s = self.d, self.d.settings
        focused = self.form.focused
        # The window as it is (fitted to a smaller screen, or resized by hand), not only as
        # asked for: what the player sees is what the row says.
        size = tuple(d.size) if not d.fullscreen else (s.width, s.height)
        sizes = SIZES if size in SIZES else sorted([*SIZES, size])
        f = self.form = Form()
        spoken = words.language()  # the pseudo-language is shown only while it is spoken
        f.add(Item("language", CHOICE, _("Language"), value=spoken,
                   options=[*LANGUAGES, *([spoken] if spoken not in LANGUAGES else [])],
                   show=lambda code: NATIVE_NAMES.get(code, "[Ƥšéüďö]"),
                   on_change=self.changed))
        f.add(Item("size", CHOICE, _("Window size"), value=size, options=sizes,
                   show=lambda v: f"{v[0]} x {v[1]}", on_change=self.changed))
        f.add(Item("fullscreen", TOGGLE, _("Full screen (F11)"), value=s.fullscreen,
                   on_change=self.changed))
        f.add(Item("speed", CHOICE, _("Animation speed"), value=s.speed,
                   options=SPEED_CHOICES, show=lambda v: pgettext("speed", SPEED_WORDS[v]),
                   on_change=self.changed))
        f.add(Item("colour_blind", TOGGLE, _("Colour-blind palette"), value=s.colour_blind,
                   on_change=self.changed))
        f.add(Item("confirm_unserved", TOGGLE, _("Ask before ending with an unserved customer"),
                   value=s.confirm_unserved, on_change=self.changed))
        f.add(Item("hints", TOGGLE, _("First-game hints"), value=s.hints,
                   on_change=self.changed))
        f.add(Item("again", BUTTON, _("Show every hint again"), action=self.hints_again))
        f.add(Item("hints_ahead", TOGGLE, _("Hints ahead (the Hint thinks on your turn)"),
                   value=s.hints_ahead, on_change=self.changed))
        f.add(Item("player_name", TEXT, _("Your name"),
                   value="" if s.player_name == NO_NAME else s.player_name, max_len=16,
                   placeholder=name_words(NO_NAME), on_change=self.changed))
        volumes = VOLUMES if s.volume in VOLUMES else sorted([*VOLUMES, s.volume])
        f.add(Item("volume", CHOICE, _("Sound effects"), value=s.volume, options=volumes,
                   show=lambda v: _("{percent}%", percent=v) if v else _("0% (silent)"),
                   on_change=self.changed))
        f.add(Item("mute", TOGGLE, _("Mute (M at the table)"), value=s.mute,
                   on_change=self.changed))
        f.add(Item("back", BUTTON, pgettext("button", "Back"), action=d.pop, colour=GREY))
        if focused is not None:
            f.set_focus(f.get(focused.key))

    def changed(self, item: Item) -> None:
        s = self.d.settings
        display = False
        if item.key == "size":
            s.width, s.height = item.value
            display = not s.fullscreen
        elif item.key == "fullscreen":
            s.fullscreen = item.value
            display = True
        elif item.key == "language":
            s.language = words.set_language(item.value)
            self.build()  # this page's words at once; the other scenes make theirs anew
        elif item.key == "player_name":
            if not item.value.strip():
                return
            s.player_name = item.value.strip()
        else:
            setattr(s, item.key, item.value)
        news = _("Saved.")
        if item.key in ("volume", "mute"):
            self.d.sound.play(SAMPLE)  # heard at the new volume (nothing when muted)
            if self.d.sound.problem:
                news = _("Saved. There is no sound here: {problem}.",
                         problem=self.d.sound.problem)
        if item.key == "colour_blind":
            t.set_palette(s.colour_blind)
        if display:
            self.d.apply_display()
        self.report(self.d.save_settings(), news)

    def hints_again(self) -> None:
        self.d.settings.hints_seen = []
        self.d.settings.hints = True
        self.form.get("hints").value = True
        self.report(self.d.save_settings(), _("Every first-game hint will show again."))

    def report(self, problem: str | None, news: str | None = None) -> None:
        self.ok = problem is None
        self.message = problem or news or _("Saved.")

    def draw(self, surf) -> None:
        L = frame_layout(surf.get_size())
        page(surf, self.d.sprites, L, _("Settings"),
             _("Kept between runs in {place}",
               place=self.d.settings.path or _("the save folder")))
        y = 116
        for item in self.form.items:  # rows close enough for Back to stay clear of a message
            if item.key in ("again", "back"):
                continue
            item.rect = L.R(700, y, 330, 37)
            y += ROW
            if item.key == "hints":
                self.form.get("again").rect = L.R(700, y, 330, 37)
                y += ROW
        self.form.get("back").rect = L.R(540, y + 6, 200, 50)
        # Swatches of the seat colours, so the palette change shows here already.
        for i, colour in enumerate(t.SEAT_COLOURS):
            pygame.draw.circle(surf, colour, (L.R(1060 + i * 28, 0, 0, 0).x,
                                              self.form.get("colour_blind").rect.centery),
                               L.px(11))
        self.form.draw(surf, L, self.d.mouse)
        self.message_rect = message_box(surf, L, self.message, GREEN if self.ok else PROBLEM)
