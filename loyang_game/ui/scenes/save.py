"""Save the game under a name. The name becomes the file's name by `save_names.slug`, so names
that differ only in case and marks ("Evening game", "evening-GAME!") share a file: when the
file already holds a save, the dialog names that save and saves over it only when Save is
pressed a second time. The name offered is one no save has yet. The dialog shows the real
save folder (`paths.save_dir`), written short enough for its line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path, PurePath

import pygame

from ...files.paths import save_dir
from ...files.save import MAX_NAME, SaveError, save_game
from ...files.save_names import default_save_name, save_path, taken_by
from ...words import _
from .. import theme as t
from ..draw import text
from ..menu import GREEN, GREY, SOFT, DialogScene
from ..scene import frame_layout
from ..widgets import BUTTON, TEXT, Item


class SaveScene(DialogScene):
    name = "save"
    width, height = 620, 330

    def __init__(self, d, game, tell: Callable[[str], None]) -> None:
        """`game`: the table's `GameSession`; `tell`: shows a message on the table."""
        super().__init__(d)
        self.title = _("Save the game")
        self.game = game
        self.tell_table = tell
        self.confirmed: Path | None = None  # the file the player has agreed to replace
        self.folder_line = ""  # the save folder as the last frame showed it
        f = self.form
        self.field = f.add(Item("name", TEXT, value=default_save_name(game.names,
                                                                      game.state.round),
                                max_len=MAX_NAME, placeholder=_("a name for the save"),
                                action=self.save, on_change=self.name_changed))
        self.ok = f.add(Item("ok", BUTTON, _("Save"), action=self.save, colour=GREEN))
        f.add(Item("cancel", BUTTON, _("Cancel"), action=d.pop, colour=GREY))

    def name_changed(self, _item) -> None:
        self.confirmed = None
        self.ok.label = _("Save")
        self.message = ""

    def save(self) -> None:
        title = self.field.value.strip()
        if not title:
            self.message = _("Give the save a name.")
            return
        path = save_path(title)
        if path != self.confirmed and self.ask_before_replacing(title):
            return
        game = self.game
        try:
            save_game(game.state, path, seat_kinds=game.kinds, names=game.names, title=title,
                      hints_used=game.hints_used)
        except SaveError as error:
            self.message = _("Not saved: {reason}", reason=error.reason)
            return
        self.d.back_to("table")
        self.tell_table(_("Saved as \u201c{title}\u201d ({file}).", title=title, file=path.name))

    def ask_before_replacing(self, title: str) -> bool:
        """If saving as `title` would replace a save, ask: name that save, and let Save (now
        "Replace it") replace it when pressed again. False if the name's file is free."""
        other = taken_by(title)
        if other is None:
            return False
        if other.error:
            self.message = _("This name's file already holds a save that cannot be read "
                             "({file}). Replace it with this game, or change the name to keep "
                             "both.", file=other.path.name)
        else:
            self.message = _("This name's file already holds \u201c{title}\u201d. Replace it "
                             "with this game, or change the name to keep both.",
                             title=other.title or other.path.name)
        self.confirmed = other.path
        self.ok.label = _("Replace it")
        return True

    def place(self, L, r) -> None:
        self.field.rect = pygame.Rect(r.x + L.px(30), r.y + L.px(106), r.w - L.px(60),
                                      L.px(44))
        self.ok.rect = pygame.Rect(r.x + L.px(30), r.y + L.px(190), L.px(260), L.px(48))
        self.form.get("cancel").rect = pygame.Rect(r.right - L.px(290), r.y + L.px(190),
                                                   L.px(260), L.px(48))

    def draw(self, surf) -> None:
        super().draw(surf)
        L = frame_layout(surf.get_size())
        r = self.panel_rect(L)
        text(surf, _("Type a name; Enter saves it in the folder"), L.px(18), SOFT,
             topleft=(r.x + L.px(30), r.y + L.px(58)))
        width = r.w - L.px(60)
        face = t.font(L.px(18), True)
        self.folder_line = shown_folder(save_dir(), lambda s: face.size(s)[0] <= width)
        text(surf, self.folder_line, L.px(18), t.GOLD, topleft=(r.x + L.px(30), r.y + L.px(80)),
             bold=True)


def shown_folder(folder: Path, fits: Callable[[str], bool], home: Path | None = None) -> str:
    """`folder` as the player should read it: the home folder written "~", and when the whole
    path does not fit (`fits`), its middle folders replaced by "…" (the first one and the last
    ones, where the saves are, stay whole)."""
    home = Path.home() if home is None else home
    try:
        parts = ["~", *folder.relative_to(home).parts]
    except ValueError:
        parts = list(folder.parts)
    shown = str(PurePath(*parts))
    for keep in range(len(parts) - 2, 0, -1):  # the last `keep` folders after the first
        if fits(shown):
            return shown
        shown = str(PurePath(parts[0], "…", *parts[len(parts) - keep:]))
    return shown
