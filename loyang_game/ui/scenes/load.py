"""Load a game: the saves in the save folder, newest first, each with who plays and how far
the game is; Enter loads one, Delete (pressed twice) deletes it. Each readable save can be
replayed up to its last move, and a finished game a person played can be reviewed. Every row's
buttons sit in the same columns, whether a row has them all or not."""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pygame

from ...engine.cards import ROUNDS
from ...files.locks import forget_game, held_elsewhere
from ...files.paths import save_dir
from ...files.save import SUFFIX, SaveError, SaveInfo, load_with_info
from ...files.save_index import Listing, index_for
from ...play.replay import Replay
from ...words import _, ngettext, pgettext
from .. import theme as t
from ..cache import SurfaceCache
from ..draw import fit, panel, text, wrap
from ..menu import GREEN, GREY, PROBLEM, RED, SOFT, MenuScene, message_box, page
from ..names import level_words
from ..scene import frame_layout
from ..start import resume
from ..widgets import BUTTON, Form, Item, draw_item

ROW_ITEMS = ("row", "replay", "review", "del")  # a row's items, left to right
# Rows and their buttons as last drawn, by what they show and where (over the page, which is
# the same at every frame of a size), bounded by their pixels: a frame of the list shows 24
# pictures, 1.5 MB at 1280x800, and a walk down 30 saves and back (rows lit, a Delete armed)
# about 85, 8 MB; so two windows' worth (8 MB there, and never less) keeps a frame's and the
# looks around it, and the least recently drawn give way (a count of 256 kept, at 100 KB a
# picture, 25 MB of rows scrolled away).
_ROW_PICTURES = SurfaceCache(screens=2, least=8 * 2**20)


def kept(surf: pygame.Surface, L, r: pygame.Rect, look: tuple,
         draw: Callable[[], None]) -> None:
    """Blit the picture kept for `look` at `r`, or `draw` it and keep it (with the strip
    below it where a button's shadow falls)."""
    area = pygame.Rect(r.x, r.y, r.w, r.h + L.px(2) + 1).clip(surf.get_rect())
    key = (*look, tuple(area), surf.get_size(), t.HIGHLIGHT, t.GOLD)
    picture = _ROW_PICTURES.get(key)
    if picture is not None:
        surf.blit(picture, area)
        return
    draw()
    if area.w and area.h:
        _ROW_PICTURES.put(key, surf.subsurface(area).copy())
COLUMNS = (130, 772, 900, 1034)  # their design x: the same in every row


def _date(value) -> str:
    s = str(value or "")
    return s[:16].replace("T", " ")


def _row_item(key: str) -> tuple[str, int] | None:
    """("replay", 3) for the item "replay3" of a save's row; None for any other item."""
    kind = key.rstrip("0123456789")
    if kind in ROW_ITEMS and key[len(kind):]:
        return kind, int(key[len(kind):])
    return None


def persons(info) -> list[int]:
    """The seats of a save played by people."""
    return [seat for seat, kind in enumerate(info.kinds) if kind == "person"]


def reviewable(info) -> bool:
    """A finished game that a person played can be reviewed."""
    return info.error is None and info.over and bool(persons(info))


class LoadScene(MenuScene):
    name = "load"
    ROWS = 8

    def __init__(self, d) -> None:
        super().__init__(d)
        self.ok = False
        self.armed: Path | None = None  # the file whose Delete was pressed once
        self.copy_armed: Path | None = None  # open elsewhere: choosing it again opens a copy
        self.top = 0
        self.listing: Listing | None = None
        self.saves: list[SaveInfo] = []
        self.refresh(index_for().look())

    def update(self, dt: float) -> None:
        super().update(dt)
        listing = index_for().listing
        if listing is not self.listing:
            self.refresh(listing)

    def refresh(self, listing: Listing | None) -> None:
        """The rows of `listing` (None: the folder is still being read), the focus kept on
        the same save where it is still listed."""
        focused = self.form.focused if self.form.items else None
        row = _row_item(focused.key) if focused else None
        kept = (row[0], self.saves[row[1]].path) if row and row[1] < len(self.saves) else None
        self.listing = listing
        self.saves = list(listing.saves) if listing else []
        where = None
        if kept:
            where = next((i for i, info in enumerate(self.saves) if info.path == kept[1]), None)
        self.build(f"{kept[0]}{where}" if kept and where is not None else
                   focused.key if focused and not row else None)

    def build(self, focus: str | None = None) -> None:
        """The form of the rows on the screen (from `top`, ROWS of them) and Back: a folder
        of a thousand saves costs no more to show, or to draw a frame of, than one of eight.
        `focus`: the key of the item to focus (its row scrolled into view)."""
        n = len(self.saves)
        target = _row_item(focus) if focus else None
        if target:
            i = min(target[1], n - 1)
            self.top = min(self.top, i) if i < self.top else max(self.top, i - self.ROWS + 1)
        self.top = max(0, min(self.top, n - self.ROWS))
        f = self.form = Form()
        for i in range(self.top, min(n, self.top + self.ROWS)):
            info = self.saves[i]
            f.add(Item(f"row{i}", BUTTON, info.shown_name, action=partial(self.load, i),
                       paint=self.paint_row))
            f.add(Item(f"replay{i}", BUTTON, _("Replay"), action=partial(self.replay, i),
                       visible=info.error is None, paint=self.paint_row))
            f.add(Item(f"review{i}", BUTTON, _("Review"), action=partial(self.review, i),
                       visible=reviewable(info), paint=self.paint_row))
            f.add(Item(f"del{i}", BUTTON, _("Delete"), action=partial(self.delete, i),
                       colour=RED, paint=self.paint_row))
        f.add(Item("back", BUTTON, pgettext("button", "Back"), action=self.d.pop,
                   colour=GREY))
        if focus and any(item.key == focus and item.visible for item in f.items):
            f.set_focus(f.get(focus))

    def step(self, delta: int) -> None:
        """Up or Down (Tab, Shift-Tab) through every row's buttons in turn, scrolling the
        list along: the same walk as through a form of all the rows."""
        focused = self.form.focused
        if focused is None:
            return
        order = self.walk()
        at = order.index(focused.key) if focused.key in order else 0
        self.build(order[(at + delta) % len(order)])

    def walk(self) -> list[str]:
        """The keys of every button of every row, in focus order, then Back."""
        keys = [f"{kind}{i}" for i, info in enumerate(self.saves) for kind in ROW_ITEMS
                if kind in ("row", "del") or (kind == "replay" and info.error is None)
                or (kind == "review" and reviewable(info))]
        return [*keys, "back"]

    def scroll(self, rows: int) -> None:
        """The wheel: move the list; the focus stays on its row if it is still in view,
        else goes to the nearest row in view."""
        focused = self.form.focused
        self.top = max(0, min(len(self.saves) - self.ROWS, self.top + rows))
        row = _row_item(focused.key) if focused else None
        if row is None:
            self.build(focused.key if focused else None)
            return
        i = max(self.top, min(row[1], self.top + self.ROWS - 1))
        kind = row[0] if i == row[1] else "row"
        self.build(f"{kind}{i}")

    def load(self, i: int) -> None:
        info = self.saves[i]
        if info.error:
            self.ok = False
            self.message = _("{name} cannot be loaded: {reason}. Delete it?",
                             name=info.shown_name, reason=info.error)
            return
        refusal = resume(self.d, info.path, as_copy=self.copy_armed == info.path)
        self.copy_armed = info.path if refusal and refusal.copy else None
        if refusal:
            self.ok = False
            self.message = refusal.message  # a save that failed its check is relisted as such

    def _replay_of(self, i: int) -> Replay | None:
        """The game saved in row `i`, read and checked in full, to be told again; None, with
        the reason said, if it does not load."""
        try:
            state, info = load_with_info(self.saves[i].path)
        except SaveError as error:
            self.ok, self.message = False, _("That save cannot be replayed: {reason}.",
                                             reason=error.reason)
            return None
        return Replay(state.config, state.moves(), info.names, info.kinds)

    def replay(self, i: int) -> None:
        """Step through row `i`'s game up to its last move; the only person's hand may show."""
        replay = self._replay_of(i)
        if replay is None:
            return
        seats = persons(self.saves[i])
        self.d.open("replay", replay=replay, at=None,
                    viewer=seats[0] if len(seats) == 1 else None)

    def review(self, i: int) -> None:
        """Have the AI go through the decisions of row `i`'s first person seat."""
        replay = self._replay_of(i)
        if replay is not None:
            self.d.open("review", replay=replay, seat=persons(self.saves[i])[0])

    def delete(self, i: int) -> None:
        info = self.saves[i]
        name = info.shown_name
        if self.armed != info.path:
            self.armed = info.path
            self.ok = False
            self.message = _("Press Delete again to delete {name} for good.", name=name)
            return
        self.armed = None
        if info.game_id and held_elsewhere(save_dir(), info.game_id):
            self.ok, self.message = False, _("{name} is not deleted: its game is open in "
                                             "another Loyang window, which saves its moves.",
                                             name=name)
            return
        try:
            os.remove(info.path)
            self.ok, self.message = True, _("Deleted {name}.", name=name)
        except OSError as error:
            self.ok, self.message = False, _("{name} could not be deleted ({reason}).",
                                             name=name, reason=error.strerror)
        else:
            if info.game_id:
                forget_game(save_dir(), info.game_id)
        self.refresh(index_for().wait())

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        focused = self.form.focused
        in_row = _row_item(focused.key) if focused else None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_DELETE:
            if in_row:
                self.delete(in_row[1])
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN,
                                                          pygame.K_TAB):
            back = event.key == pygame.K_UP or (event.key == pygame.K_TAB
                                                and event.mod & pygame.KMOD_SHIFT)
            self.step(-1 if back else 1)
            self.armed = None
            return
        if event.type == pygame.KEYDOWN and in_row and event.key in (pygame.K_LEFT,
                                                                    pygame.K_RIGHT):
            left = event.key == pygame.K_LEFT
            if in_row[0] != ROW_ITEMS[0 if left else -1]:  # along the row, not past its ends
                self.form.move(-1 if left else 1)
            return
        before = self.form.focused
        self.form.handle(event)
        if self.form.focused is not before and event.type == pygame.KEYDOWN:
            self.armed = None

    def paint_row(self, surf, L, item: Item, focused: bool, hover: bool) -> None:
        """A save's row or one of its buttons, drawn once and kept: drawn again only when what
        it shows, where it stands or how it is lit changes (the list shows at once, however
        often it is opened)."""
        row = _row_item(item.key)
        assert row is not None, item.key  # only a row's items are painted here
        info = self.saves[row[1]]
        if row[0] == "row":
            kept(surf, L, item.rect, (info, focused, hover),
                 lambda: self.draw_row(surf, L, info, item.rect, focused, hover))
        else:  # its buttons
            kept(surf, L, item.rect, (item.label, item.colour, focused, hover),
                 lambda: draw_item(surf, L, item, focused, hover))

    def draw_row(self, surf, L, info: SaveInfo, r: pygame.Rect, focused: bool,
                 hover: bool) -> None:
        bad = info.error is not None
        panel(surf, r, (70, 40, 34) if bad else (60, 44, 30), radius=L.px(8), alpha=235)
        pygame.draw.rect(surf, t.HIGHLIGHT if focused else t.GOLD if hover else (120, 95, 60),
                         r, L.px(3) if focused else L.px(1), border_radius=L.px(8))
        x, y = r.x + L.px(14), r.y + L.px(8)
        if bad:
            text(surf, fit(info.shown_name, L.px(22), r.w - L.px(30), True), L.px(22),
                 (255, 150, 130), topleft=(x, y), bold=True)
            text(surf, fit(_("Cannot be read: {reason}", reason=info.error), L.px(19),
                           r.w - L.px(30)), L.px(19), (240, 200, 180), topleft=(x, y + L.px(26)))
            return
        title = info.title or info.shown_name.removesuffix(SUFFIX)
        if info.is_autosave:
            title = _("{title}  (autosave)", title=title)
        text(surf, fit(title, L.px(22), r.w - L.px(220), True), L.px(22), t.WHITE,
             topleft=(x, y), bold=True)
        text(surf, _date(info.date), L.px(19), SOFT, midright=(r.right - L.px(14),
                                                                 r.y + L.px(19)))
        seats = ", ".join(_("{name} (person)", name=n) if k == "person" else
                          _("{name} (AI {level})", name=n, level=level_words(k))
                          for n, k in zip(info.names, info.kinds))
        when = (_("finished") if info.over else
                _("round {round} of {rounds}", round=max(1, info.round), rounds=ROUNDS))
        count = _("solo") if info.seats == 1 else ngettext("{n} player", "{n} players",
                                                          info.seats)
        text(surf, fit(_("{count}: {seats}  -  {when}", count=count, seats=seats, when=when),
                       L.px(19), r.w - L.px(30)), L.px(19), SOFT, topleft=(x, y + L.px(26)))

    def draw(self, surf) -> None:
        L = frame_layout(surf.get_size())
        page(surf, self.d.sprites, L, _("Load a game"),
             _("Enter or click: load   Replay: step through it   Delete: delete (press twice)"
               "   Esc: back"))
        for i in range(self.top, min(len(self.saves), self.top + self.ROWS)):
            items = [self.form.get(f"{kind}{i}") for kind in ROW_ITEMS]
            y = 116 + (i - self.top) * 66  # below the keys line
            for item, x in zip(items, COLUMNS, strict=True):
                item.rect = L.R(x, y, 630, 58) if x == COLUMNS[0] else L.R(x, y + 8, 116, 42)
            items[-1].label = _("Sure?") if self.armed == self.saves[i].path else _("Delete")
        if self.listing is None:
            seen, total = index_for().progress
            text(surf, _("Reading your saves: {seen} of {total}...", seen=seen, total=total)
                 if total else _("Reading your saves..."), L.px(21), SOFT,
                 center=L.R(640, 300, 0, 0).topleft)
        elif not self.saves:
            lines = wrap(_("No saved games yet. Every game is autosaved as you play; save one "
                           "under a name from the table's Menu."), L.px(21), L.px(1000))
            for i, line in enumerate(lines):
                text(surf, line, L.px(21), SOFT, center=L.R(640, 300 + 26 * i, 0, 0).topleft)
        elif len(self.saves) > self.ROWS:
            text(surf, _("{first}-{last} of {count} (wheel or arrows to scroll)",
                         first=self.top + 1, last=min(len(self.saves), self.top + self.ROWS),
                         count=len(self.saves)), L.px(18), SOFT,
                 center=L.R(640, 648, 0, 0).topleft)
        self.form.get("back").rect = L.R(540, 664, 200, 46)
        self.form.draw(surf, L, self.d.mouse)
        message_box(surf, L, self.message, GREEN if self.ok else PROBLEM)
