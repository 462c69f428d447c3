"""The game menu over the table: back to the game, save, rules, settings, the title screen
(the game is kept: it is autosaved), quit."""

from __future__ import annotations

from ..menu import GREEN, GREY, DialogScene
from ..widgets import BUTTON, Item


class PauseScene(DialogScene):
    name = "pause"
    title = "Game menu"
    height = 410

    def __init__(self, d, game, tell) -> None:
        """`game`: the table's `GameSession`; `tell`: shows a message on the table."""
        super().__init__(d)
        f = self.form
        f.add(Item("resume", BUTTON, "Back to the game", action=d.pop, colour=GREEN))
        f.add(Item("save", BUTTON, "Save the game...",
                   action=lambda: d.open("save", game=game, tell=tell)))
        f.add(Item("rules", BUTTON, "Rules", action=lambda: d.open("rules")))
        f.add(Item("settings", BUTTON, "Settings", action=lambda: d.open("settings")))
        f.add(Item("title", BUTTON, "Title screen (the game is kept)",
                   action=lambda: d.back_to("title")))
        f.add(Item("quit", BUTTON, "Quit", action=d.quit, colour=GREY))
