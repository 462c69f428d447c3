"""The title screen: Continue (the newest unfinished autosave), New game, Load, the Solo
challenge, High scores, Rules, Statistics, Settings and Quit."""

from __future__ import annotations

from functools import partial

import pygame

from ...files.save import SaveInfo
from ...files.save_index import Listing, index_for
from ...tutorial import progress as tutorial
from ...words import N_, _, generation
from .. import theme as t
from ..draw import panel, text
from ..menu import GREEN, GREY, PROBLEM, MenuScene, backdrop, message_box
from ..scene import frame_layout
from ..start import resume
from ..widgets import BUTTON, Form, Item

# The tutorial's invitation (tutorial.progress.FIRST_START, whose words the tutorial's layer
# keeps), marked here for the catalogues and shown in the player's language; a test keeps
# the two the same.
FIRST_START = N_("New to Loyang? Learn to play walks you through a first round, step by step "
                 "(about 15 minutes; leave and come back at any time).")

# (key, label, scene opened); Continue comes first when there is a game to continue.
ENTRIES = (("new", N_("New game"), "new"), ("tutorial", N_("Learn to play"), "tutorial"),
           ("load", N_("Load a game"), "load"),
           ("solo", N_("Solo challenge"), "solo"), ("scores", N_("High scores"), "scores"),
           ("rules", N_("Rules"), "rules"), ("stats", N_("Statistics"), "stats"),
           ("settings", N_("Settings"), "settings"))


class TitleScene(MenuScene):
    name = "title"

    def __init__(self, d) -> None:
        super().__init__(d)
        self.continue_info: SaveInfo | None = None  # the game Continue resumes
        self.listing: Listing | None = None
        self.copy_armed: SaveInfo | None = None  # Continue refused: choosing again opens a copy
        self.spoken = generation()  # the language the buttons were made in

    def enter(self) -> None:
        """Continue comes from the save index: a folder read before is listed at once, a
        large new one on the index's thread (a greyed line says how far it is)."""
        self.build(index_for().look())
        notices = self.d.take_notices()
        if notices:
            self.message = " ".join(notices)
        elif tutorial.offer_on_first_start():  # a first start: Learn to play is offered
            self.message = tutorial.FIRST_START
        elif self.message == tutorial.FIRST_START:  # begun, or a game finished since
            self.message = ""

    def update(self, dt: float) -> None:
        super().update(dt)
        index = index_for()
        if (index.listing is not self.listing or (self.listing is None and index.scanning)
                or self.spoken != generation()):  # new saves, or another language
            self.build(index.listing)

    def build(self, listing: Listing | None) -> None:
        """The buttons, with Continue when the listing has a game to continue (while the
        first look at a large folder goes on, a greyed line in its place says how far)."""
        d = self.d
        self.listing = listing
        info = listing.latest_unfinished() if listing else None
        if info is not self.continue_info:
            self.copy_armed = None
        # The focus stays where it was, but starts on Continue when Continue is new.
        focused = self.form.focused
        focus_key = focused.key if focused is not None else None
        if info is not None and (self.continue_info is None or focus_key == "looking"):
            focus_key = "continue"
        self.continue_info = info
        self.form = Form()
        if info is not None:
            names, round_ = ", ".join(info.names), max(1, info.round)
            label = (_("Play on in a copy: {names}, round {round}", names=names, round=round_)
                     if self.copy_armed is info else
                     _("Continue: {names}, round {round}", names=names, round=round_))
            self.form.add(Item("continue", BUTTON, label, action=self.do_continue,
                               colour=GREEN))
        elif listing is None:
            seen, total = index_for().progress
            self.form.add(Item("looking", BUTTON, _("Looking through your saves: {seen} of "
                                                    "{total}", seen=seen, total=total)
                               if total else _("Looking through your saves..."),
                               colour=GREY))
        for key, label, scene in ENTRIES:
            self.form.add(Item(key, BUTTON, _(label), action=partial(d.open, scene)))
        self.form.add(Item("quit", BUTTON, _("Quit"), action=d.quit, colour=GREY))
        self.spoken = generation()
        if focus_key and any(i.key == focus_key for i in self.form.items):
            self.form.set_focus(self.form.get(focus_key))

    def back(self) -> None:
        self.d.quit()

    def do_continue(self) -> None:
        info = self.continue_info
        if info is None:
            return
        refusal = resume(self.d, info.path, as_copy=self.copy_armed is info)
        self.copy_armed = info if refusal and refusal.copy else None
        if refusal:
            self.message = refusal.message
            self.build(self.listing)  # Continue now says it opens a copy

    def draw(self, surf) -> None:
        d = self.d
        L = frame_layout(surf.get_size())
        backdrop(surf, d.sprites)
        # A fan of cards behind the title.
        for i, card in enumerate((48, 14, 0, 28, 57)):
            img = pygame.transform.rotozoom(d.sprites.card(card, L.px(150), L.px(210)),
                                            (2 - i) * 9, 1.0)
            r = img.get_rect(center=L.R(190 + i * 42, 430 + abs(2 - i) * 14, 0, 0).topleft)
            surf.blit(img, r)
        for veg in range(6):
            surf.blit(d.sprites.veg(veg, L.px(44)), L.R(80 + veg * 50, 610, 0, 0).topleft)
        text(surf, _("At the Gates of Loyang"), L.px(64), t.GOLD,
             center=L.R(640, 84, 0, 0).topleft, bold=True)
        text(surf, _("a digital edition of Uwe Rosenberg's game of fields, stalls and "
                     "customers"), L.px(24), (235, 220, 190), center=L.R(640, 130, 0, 0).topleft)
        col = L.R(560, 180, 0, 0)
        pitch = 56 if len(self.form.items) <= 9 else 50  # ten rows clear the message line
        box = pygame.Rect(col.x - L.px(30), col.y - L.px(24), L.px(480),
                          L.px(48 + pitch * len(self.form.items)))
        panel(surf, box, (28, 18, 12), border=t.GOLD, radius=L.px(16), alpha=215)
        for i, item in enumerate(self.form.items):
            item.rect = pygame.Rect(col.x, col.y + i * L.px(pitch), L.px(420), L.px(pitch - 10))
        self.form.draw(surf, L, d.mouse)
        text(surf, _("Arrows or Tab: move   Enter: choose   Esc: quit   F11: full screen"),
             L.px(17), (210, 190, 160), center=L.R(640, 784, 0, 0).topleft)
        # The first start's invitation is news, in green; problems stay red.
        first = self.message == tutorial.FIRST_START
        message_box(surf, L, _(FIRST_START) if first else self.message,
                    GREEN if first else PROBLEM)
