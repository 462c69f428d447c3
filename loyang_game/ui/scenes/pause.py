"""The game menu over the table: back to the game, save, rules, settings, the title screen
(the game is kept: it is autosaved), quit."""

from __future__ import annotations

from ...words import _, generation, reword
from ..menu import GREEN, GREY, DialogScene
from ..widgets import BUTTON, Form, Item


class PauseScene(DialogScene):
    name = "pause"
    height = 410

    def __init__(self, d, game, tell) -> None:
        """`game`: the table's `GameSession`; `tell`: shows a message on the table."""
        super().__init__(d)
        self.game, self.tell_table = game, tell
        self.words()

    def words(self) -> None:
        """The buttons in the language spoken now (again after Settings changed it)."""
        d, game, tell = self.d, self.game, self.tell_table
        self.title = _("Game menu")
        self.spoken = generation()
        f = self.form = Form()
        f.add(Item("resume", BUTTON, _("Back to the game"), action=d.pop, colour=GREEN))
        f.add(Item("save", BUTTON, _("Save the game..."),
                   action=lambda: d.open("save", game=game, tell=tell)))
        f.add(Item("rules", BUTTON, _("Rules"), action=lambda: d.open("rules")))
        f.add(Item("settings", BUTTON, _("Settings"), action=lambda: d.open("settings")))
        f.add(Item("title", BUTTON, _("Title screen (the game is kept)"),
                   action=lambda: d.back_to("title")))
        f.add(Item("quit", BUTTON, _("Quit"), action=d.quit, colour=GREY))

    def enter(self) -> None:
        if self.spoken != generation():  # Settings switched the language
            reword(self.game.log)  # the table's log, made again in it (drawn anew on return)
            reword(self.game.end_lines)
            focused = self.form.focused
            self.words()
            if focused is not None:
                self.form.set_focus(self.form.get(focused.key))
