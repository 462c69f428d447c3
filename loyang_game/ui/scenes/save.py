"""Save the game under a name. The file's name is the slug of the title; a title whose file
already holds a save (another game's, or one whose title differs only in case and marks, as
"Evening game" and "evening-GAME!") is saved only when Save is pressed a second time."""

from __future__ import annotations

import re

import pygame

from ...paths import save_dir
from ...save import AUTOSAVE_PREFIX, SUFFIX, SaveError, save_game
from ..draw import text
from ..menu import GREEN, GREY, SOFT, DialogScene
from ..scene import frame_layout
from ..widgets import BUTTON, TEXT, Item


def file_name_for(title: str) -> str:
    """The save file's name for `title` (never one an autosave could have)."""
    slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")[:48] or "save"
    if slug.startswith(AUTOSAVE_PREFIX.rstrip("-")):
        slug = "save-" + slug
    return slug + SUFFIX


def unique_title(title: str, max_len: int = 40) -> str:
    """`title`, or `title (2)`, `(3)`... : the first whose file is not taken yet."""
    folder = save_dir()
    candidate, n = title[:max_len], 1
    while (folder / file_name_for(candidate)).exists():
        n += 1
        tag = f" ({n})"
        candidate = title[: max_len - len(tag)] + tag
    return candidate


class SaveScene(DialogScene):
    name = "save"
    title = "Save the game"
    width, height = 620, 285

    def __init__(self, d, game, tell) -> None:
        """`game`: the table's `GameSession`; `tell`: shows a message on the table."""
        super().__init__(d)
        self.game = game
        self.tell = tell
        self.confirmed: str | None = None  # the file that Save was pressed for once already
        st = game.state
        default = (f"{' vs '.join(game.names)}, round {max(1, st.round)}" if st.config.seats > 1
                   else f"{game.names[0]} solo, round {max(1, st.round)}")
        f = self.form
        self.field = f.add(Item("name", TEXT, value=unique_title(default), max_len=40,
                                placeholder="a name for the save", action=self.save,
                                on_change=self.name_changed))
        self.ok = f.add(Item("ok", BUTTON, "Save", action=self.save, colour=GREEN))
        f.add(Item("cancel", BUTTON, "Cancel", action=d.pop, colour=GREY))

    def name_changed(self, _item) -> None:
        self.confirmed = None
        self.ok.label = "Save"
        self.message = ""

    def save(self) -> None:
        title = self.field.value.strip()
        if not title:
            self.message = "Give the save a name."
            return
        path = save_dir() / file_name_for(title)
        if path.exists() and self.confirmed != path.name:
            self.confirmed = path.name
            self.ok.label = "Replace it"
            self.message = f"{path.name} is taken: Save again replaces it."
            return
        game = self.game
        try:
            save_game(game.state, path, seat_kinds=game.kinds, names=game.names, title=title)
        except SaveError as error:
            self.message = f"Not saved: {error.reason}"
            return
        self.d.back_to("table")
        self.tell(f"Saved as \u201c{title}\u201d ({path.name}).")

    def place(self, L, r) -> None:
        text_y = r.y + L.px(62)
        self.field.rect = pygame.Rect(r.x + L.px(30), text_y + L.px(30), r.w - L.px(60),
                                      L.px(44))
        self.ok.rect = pygame.Rect(r.x + L.px(30), r.y + L.px(190), L.px(260), L.px(48))
        self.form.get("cancel").rect = pygame.Rect(r.right - L.px(290), r.y + L.px(190),
                                                   L.px(260), L.px(48))

    def draw(self, surf) -> None:
        super().draw(surf)
        L = frame_layout(surf.get_size())
        r = self.panel_rect(L)
        text(surf, f"Type a name; Enter saves it to the save folder ({save_dir().name}/).",
             L.px(18), SOFT, topleft=(r.x + L.px(30), r.y + L.px(62)))
