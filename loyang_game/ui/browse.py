"""Menus that show what is kept: the saves (Load), the high scores, the statistics, and the
rules help (every card's text, the Helper Reference notes and how a round works)."""

from __future__ import annotations

import os

import pygame

from .. import highscores, records
from ..engine.cards import (
    CARDS,
    CASUAL,
    COMMON_FIELD,
    HELPER,
    PRIVATE_FIELD,
    REGULAR,
    ROUNDS,
    STALL,
    home_field,
)
from ..save import list_saves
from . import theme as t
from .overlay import _wrap
from .render import fit, panel, text
from .rules_text import ROUND_OVERVIEW, card_help
from .scenes import Director, Scene, frame_layout, message_box, page
from .widgets import BUTTON, Form, Item

GREY = (90, 80, 70)
SOFT = (225, 210, 185)
BAND_COLOURS = {"master": (240, 196, 60), "very good": (200, 205, 215), "good": (205, 140, 80),
                "below good": (200, 190, 175)}


# The save folder also keeps these documents; they are not games.
NOT_SAVES = {"settings.msgpack", "highscores.msgpack", "records.msgpack"}


def game_saves() -> list:
    return [info for info in list_saves() if info.path.name not in NOT_SAVES]


def _date(value) -> str:
    s = str(value or "")
    return s[:16].replace("T", " ")


# --- Load ----------------------------------------------------------------------------------------

class LoadScene(Scene):
    name = "load"
    ROWS = 8

    def __init__(self, d: Director) -> None:
        super().__init__(d)
        self.message = ""
        self.ok = False
        self.armed: str | None = None  # the file whose Delete was pressed once
        self.top = 0
        self.refresh()

    def refresh(self) -> None:
        try:
            self.saves = game_saves()
        except OSError as error:
            self.saves = []
            self.message = f"The save folder cannot be read ({error})."
        f = self.form = Form()
        for i, info in enumerate(self.saves):
            f.add(Item(f"row{i}", BUTTON, info.path.name, action=lambda i=i: self.load(i),
                       paint=self.paint_row))
            f.add(Item(f"del{i}", BUTTON, "Delete", action=lambda i=i: self.delete(i),
                       colour=(140, 50, 40)))
        f.add(Item("back", BUTTON, "Back", action=self.d.pop, colour=GREY))

    def load(self, i: int) -> None:
        from .menus import resume

        info = self.saves[i]
        if info.error:
            self.ok = False
            self.message = f"{info.path.name} cannot be loaded: {info.error}. Delete it?"
            return
        error = resume(self.d, info.path)
        if error:
            self.ok = False
            self.message = error

    def delete(self, i: int) -> None:
        info = self.saves[i]
        name = info.path.name
        if self.armed != name:
            self.armed = name
            self.ok = False
            self.message = f"Press Delete again to delete {name} for good."
            return
        self.armed = None
        try:
            os.remove(info.path)
            self.ok, self.message = True, f"Deleted {name}."
        except OSError as error:
            self.ok, self.message = False, f"{name} could not be deleted ({error.strerror})."
        self.refresh()

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.d.pop()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_DELETE:
            item = self.form.focused
            if item and item.key.startswith(("row", "del")):
                self.delete(int(item.key[3:]))
            return
        if event.type == pygame.MOUSEWHEEL:
            self.top = max(0, min(len(self.saves) - self.ROWS, self.top - event.y))
            return
        if event.type == pygame.KEYDOWN:
            item = self.form.focused
            if item and item.key.startswith("row") and event.key == pygame.K_RIGHT:
                self.form.move(1)
                return
            if item and item.key.startswith("del") and event.key == pygame.K_LEFT:
                self.form.move(-1)
                return
        before = self.form.focused
        self.form.handle(event)
        if self.form.focused is not before and event.type == pygame.KEYDOWN:
            self.armed = None

    def paint_row(self, surf, L, item: Item, focused: bool, hover: bool) -> None:
        info = self.saves[int(item.key[3:])]
        r = item.rect
        bad = info.error is not None
        panel(surf, r, (70, 40, 34) if bad else (60, 44, 30), radius=L.px(8), alpha=235)
        pygame.draw.rect(surf, t.HIGHLIGHT if focused else t.GOLD if hover else (120, 95, 60),
                         r, L.px(3) if focused else L.px(1), border_radius=L.px(8))
        x, y = r.x + L.px(14), r.y + L.px(8)
        if bad:
            text(surf, fit(info.path.name, L.px(22), r.w - L.px(30), True), L.px(22),
                 (255, 150, 130), topleft=(x, y), bold=True)
            text(surf, fit(f"Cannot be read: {info.error}", L.px(19), r.w - L.px(30)), L.px(19),
                 (240, 200, 180), topleft=(x, y + L.px(26)))
            return
        title = info.title or info.path.stem
        tag = "  (autosave)" if info.is_autosave else ""
        text(surf, fit(title + tag, L.px(22), r.w - L.px(220), True), L.px(22), t.WHITE,
             topleft=(x, y), bold=True)
        text(surf, _date(info.date), L.px(19), SOFT, midright=(r.right - L.px(14),
                                                                 r.y + L.px(19)))
        seats = ", ".join(f"{n} ({'person' if k == 'person' else 'AI ' + k})"
                          for n, k in zip(info.names, info.kinds))
        when = "finished" if info.over else f"round {max(1, info.round)} of {ROUNDS}"
        count = "solo" if info.seats == 1 else f"{info.seats} players"
        text(surf, fit(f"{count}: {seats}  -  {when}", L.px(19), r.w - L.px(30)), L.px(19),
             SOFT, topleft=(x, y + L.px(26)))

    def draw(self, surf) -> None:
        L = frame_layout(surf.get_size())
        page(surf, self.d.sprites, L, "Load a game",
             "Enter or click: load   Delete: delete (press twice)   Esc: back")
        focused = self.form.focused
        if focused and focused.key[3:].isdigit():
            i = int(focused.key[3:])
            if i < self.top:
                self.top = i
            elif i >= self.top + self.ROWS:
                self.top = i - self.ROWS + 1
        for i in range(len(self.saves)):
            row, dele = self.form.get(f"row{i}"), self.form.get(f"del{i}")
            if self.top <= i < self.top + self.ROWS:
                y = 110 + (i - self.top) * 66
                row.rect = L.R(130, y, 890, 58)
                dele.rect = L.R(1034, y + 8, 116, 42)
                dele.label = "Sure?" if self.armed == self.saves[i].path.name else "Delete"
            else:
                row.rect = dele.rect = pygame.Rect(0, 0, 0, 0)
        if not self.saves:
            text(surf, "No saved games yet. Every game is autosaved as you play; save one "
                 "under a name from the table's Menu.", L.px(21), SOFT,
                 center=L.R(640, 300, 0, 0).topleft)
        elif len(self.saves) > self.ROWS:
            text(surf, f"{self.top + 1}-{min(len(self.saves), self.top + self.ROWS)} of "
                 f"{len(self.saves)} (wheel or arrows to scroll)", L.px(18), SOFT,
                 center=L.R(640, 648, 0, 0).topleft)
        self.form.get("back").rect = L.R(540, 664, 200, 46)
        self.form.draw(surf, L, self.d.mouse)
        message_box(surf, L, self.message, (50, 110, 60) if self.ok else (150, 40, 30))


# --- High scores ---------------------------------------------------------------------------------

class HighScoresScene(Scene):
    name = "scores"

    def __init__(self, d: Director) -> None:
        super().__init__(d)
        self.today = highscores.daily_seed()
        try:
            table = highscores.load()
            self.results, self.problem = table.results, table.problem or ""
        except OSError as error:
            self.results, self.problem = [], f"The high-score table cannot be read ({error})."
        f = self.form = Form()
        f.add(Item("today", BUTTON, "Play today's deal", action=self.play_today,
                   colour=(50, 110, 60)))
        f.add(Item("back", BUTTON, "Back", action=d.pop, colour=GREY))

    def play_today(self) -> None:
        from .menus import new_table

        new_table(self.d, 1, self.today, ["person"], [self.d.settings.player_name])

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.d.pop()
            return
        self.form.handle(event)

    def draw(self, surf) -> None:
        L = frame_layout(surf.get_size())
        page(surf, self.d.sprites, L, "High scores",
             f"The solo challenge's best 20. Today's deal is seed {self.today}, marked here.")
        cols = [("#", 50), ("Name", 230), ("Space", 90), ("Band", 150), ("Cash", 80),
                ("Veg.", 70), ("Seed", 150), ("Date", 150)]
        x0, y = 150, 118
        x = x0
        for name, w in cols:
            text(surf, name, L.px(20), t.GOLD, topleft=L.R(x, y, 0, 0).topleft, bold=True)
            x += w
        y += 30
        if not self.results:
            text(surf, "No solo games finished yet: try the Solo challenge.", L.px(22), SOFT,
                 center=L.R(640, 300, 0, 0).topleft)
        for i, r in enumerate(self.results):
            today = r.seed == self.today
            if today:
                panel(surf, L.R(x0 - 10, y - 3, 990, 25), (70, 90, 50), radius=L.px(5),
                      alpha=200)
            vals = [f"{i + 1}.", r.name, str(r.score), r.band, str(r.cash), str(r.vegetables),
                    f"{r.seed}{'  today' if today else ''}", r.date]
            x = x0
            for (name, w), v in zip(cols, vals):
                colour = BAND_COLOURS.get(r.band, t.WHITE) if name in ("Band", "Space") \
                    else t.WHITE
                text(surf, fit(v, L.px(20), L.px(w - 8)), L.px(20), colour,
                     topleft=L.R(x, y, 0, 0).topleft, bold=name in ("Space", "Band"))
                x += w
            y += 26
        text(surf, "Bands: 17 good, 18 very good, 19 master (the final space after Loans).",
             L.px(18), SOFT, center=L.R(640, 672, 0, 0).topleft)
        self.form.get("today").rect = L.R(390, 690, 260, 46)
        self.form.get("back").rect = L.R(670, 690, 220, 46)
        self.form.draw(surf, L, self.d.mouse)
        message_box(surf, L, self.problem)


# --- Statistics ----------------------------------------------------------------------------------

class StatsScene(Scene):
    name = "stats"

    def __init__(self, d: Director) -> None:
        super().__init__(d)
        try:
            self.book = records.load()
            self.problem = self.book.problem or ""
        except OSError as error:
            self.book, self.problem = None, f"The record of games cannot be read ({error})."
        self.form = Form()
        self.form.add(Item("back", BUTTON, "Back", action=d.pop, colour=GREY))

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.d.pop()
            return
        self.form.handle(event)

    def draw(self, surf) -> None:
        L = frame_layout(surf.get_size())
        games = self.book.games if self.book else []
        page(surf, self.d.sprites, L, "Statistics",
             f"{len(games)} finished game{'s' if len(games) != 1 else ''} on record")
        y = 110
        text(surf, "Wins against each AI level", L.px(26), t.GOLD,
             topleft=L.R(150, y, 0, 0).topleft, bold=True)
        tally = self.book.wins_by_level() if self.book else {}
        y += 40
        if not tally:
            text(surf, "No games against the AI finished yet.", L.px(20), SOFT,
                 topleft=L.R(170, y, 0, 0).topleft)
            y += 28
        for level, (n, won) in tally.items():
            share = f"{100 * won // n}%" if n else "-"
            text(surf, f"{level:<8}", L.px(21), t.WHITE, topleft=L.R(170, y, 0, 0).topleft,
                 bold=True)
            text(surf, f"{won} won of {n} ({share})", L.px(21), t.WHITE,
                 topleft=L.R(300, y, 0, 0).topleft)
            bar = L.R(520, y + 2, 200, 16)
            pygame.draw.rect(surf, (70, 55, 40), bar)
            if n:
                pygame.draw.rect(surf, (90, 170, 90), (bar.x, bar.y, bar.w * won // n, bar.h))
            y += 28
        best = self.book.best_solo() if self.book else None
        text(surf, "Solo challenge", L.px(26), t.GOLD, topleft=L.R(780, 110, 0, 0).topleft,
             bold=True)
        solos = [g for g in games if g["seats"] == 1]
        text(surf, f"{len(solos)} played; best score: "
             f"{'space ' + str(best) if best is not None else 'none yet'}", L.px(21), t.WHITE,
             topleft=L.R(800, 150, 0, 0).topleft)
        y = max(y, 200) + 20
        text(surf, "Recent games", L.px(26), t.GOLD, topleft=L.R(150, y, 0, 0).topleft,
             bold=True)
        y += 40
        for g in reversed(games[-12:]):
            winner = [g["names"][i] for i, p in enumerate(g["places"]) if p == 1]
            people = ", ".join(f"{n}{'' if k == 'person' else ' (AI ' + k + ')'} at {pos}"
                               for n, k, pos in zip(g["names"], g["kinds"], g["positions"]))
            line = (f"{g['date']}  seed {g['seed']}:  {people}  -  "
                    + (f"solo score {g['positions'][0]}" if g["seats"] == 1
                       else f"won by {' and '.join(winner)}"))
            text(surf, fit(line, L.px(19), L.px(960)), L.px(19), SOFT,
                 topleft=L.R(170, y, 0, 0).topleft)
            y += 25
        self.form.get("back").rect = L.R(540, 690, 200, 46)
        self.form.draw(surf, L, self.d.mouse)
        message_box(surf, L, self.problem)


# --- Rules ---------------------------------------------------------------------------------------

def _first_of_each(kind: str) -> list[int]:
    seen, out = set(), []
    for c in CARDS:
        if c.kind == kind and c.name not in seen:
            seen.add(c.name)
            out.append(c.id)
    return out


CATEGORIES: list[tuple[str, list]] = [
    ("Overview", ["round", "screen"]),
    ("Helpers", sorted(_first_of_each(HELPER), key=lambda c: CARDS[c].name)),
    ("Market stalls", [c.id for c in CARDS if c.kind == STALL]),
    ("Regular customers", [c.id for c in CARDS if c.kind == REGULAR]),
    ("Casual customers", [c.id for c in CARDS if c.kind == CASUAL]),
    ("Fields", [c.id for c in CARDS if c.kind == COMMON_FIELD]
     + [home_field(0) + i for i in range(5)]),
]
PAGE_TITLES = {"round": "How a round works", "screen": "Playing on the screen"}
SCREEN_HELP = (
    ("Pick up, then put down", "Click a vegetable in your Cart, then where it goes: the Shop "
     "(sell), an empty field (sow), a stall offer (trade) or a customer (deliver). Click a "
     "Shop vegetable to buy it. What can take it lights up. Right-click or Esc puts it back."),
    ("Cards", "Card phase: click a hand card, then the Courtyard (place it) or a Courtyard "
     "card (take both). Click a Helper to use or discard it."),
    ("Rules of a card", "Right-click any card on the table for its page here; rest the mouse "
     "on a card for a moment to see its text."),
    ("Menu and keys", "Esc or the Menu button: save, rules, settings, the title screen. "
     "Undo (U or Ctrl+Z) takes back your own moves this turn. Space skips an animation. "
     "F11: full screen."),
)


def category_of(card: int) -> tuple[int, int]:
    """(category, entry) of the rules page for `card`."""
    c = CARDS[card]
    if c.kind == PRIVATE_FIELD:
        card = next(e for e in CATEGORIES[5][1] if CARDS[e].code == c.code)
    elif c.kind == HELPER:
        card = next(e for e in CATEGORIES[1][1] if CARDS[e].name == c.name)
    for ci, (_name, entries) in enumerate(CATEGORIES):
        if card in entries:
            return ci, entries.index(card)
    return 0, 0


def entry_title(entry) -> str:
    if isinstance(entry, str):
        return PAGE_TITLES[entry]
    c = CARDS[entry]
    if c.kind == HELPER:
        return c.name
    if c.kind == PRIVATE_FIELD:
        return c.name[0].upper() + c.name[1:]
    if c.kind == COMMON_FIELD:
        return f"Common field {c.code}"
    return c.name


class RulesScene(Scene):
    """Categories along the top (Left/Right), their pages down the left (Up/Down), the page
    on the right (wheel or Page Up/Down to scroll)."""

    name = "rules"

    def __init__(self, d: Director, card: int | None = None) -> None:
        super().__init__(d)
        self.cat, self.entry = category_of(card) if card is not None else (0, 0)
        self.scroll = 0
        self.tab_rects: list[pygame.Rect] = []
        self.entry_rects: list[pygame.Rect] = []
        self.back_rect = pygame.Rect(0, 0, 0, 0)
        self.page_rect = pygame.Rect(0, 0, 0, 0)

    @property
    def entries(self) -> list:
        return CATEGORIES[self.cat][1]

    @property
    def current(self):
        return self.entries[self.entry]

    def select(self, cat: int | None = None, entry: int = 0) -> None:
        if cat is not None:
            self.cat = cat % len(CATEGORIES)
        self.entry = max(0, min(len(self.entries) - 1, entry))
        self.scroll = 0

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            k = event.key
            shift = event.mod & pygame.KMOD_SHIFT
            if k == pygame.K_ESCAPE:
                self.d.pop()
            elif k == pygame.K_RIGHT or (k == pygame.K_TAB and not shift):
                self.select(self.cat + 1)
            elif k == pygame.K_LEFT or (k == pygame.K_TAB and shift):
                self.select(self.cat - 1)
            elif k == pygame.K_DOWN:
                self.select(None, (self.entry + 1) % len(self.entries))
            elif k == pygame.K_UP:
                self.select(None, (self.entry - 1) % len(self.entries))
            elif k == pygame.K_PAGEDOWN:
                self.scroll += 8
            elif k == pygame.K_PAGEUP:
                self.scroll = max(0, self.scroll - 8)
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.d.pop()
        elif event.type == pygame.MOUSEWHEEL:
            if self.page_rect.collidepoint(self.d.mouse):
                self.scroll = max(0, self.scroll - 3 * event.y)
            else:
                self.select(None, (self.entry - event.y) % len(self.entries))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, r in enumerate(self.tab_rects):
                if r.collidepoint(event.pos):
                    self.select(i)
                    return
            for i, r in enumerate(self.entry_rects):
                if r.collidepoint(event.pos):
                    self.select(None, i)
                    return
            if self.back_rect.collidepoint(event.pos):
                self.d.pop()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.d.pop()

    def draw(self, surf) -> None:
        from .overlay import button

        L = frame_layout(surf.get_size())
        page(surf, self.d.sprites, L, "Rules", "",
             footer="Left/Right or Tab: category   Up/Down: page   PgUp/PgDn or wheel: scroll"
                    "   Esc: back")
        mouse = self.d.mouse
        # Categories.
        self.tab_rects = []
        x = 120
        for i, (name, _entries) in enumerate(CATEGORIES):
            w = 26 + t.font(L.px(20), True).size(name)[0] / L.s
            r = L.R(x, 78, w, 34)
            self.tab_rects.append(r)
            on = i == self.cat
            panel(surf, r, t.GOLD if on else (70, 52, 36), radius=L.px(8))
            if r.collidepoint(mouse) and not on:
                pygame.draw.rect(surf, t.WHITE, r, L.px(1), border_radius=L.px(8))
            text(surf, name, L.px(20), t.INK if on else t.WHITE, center=r.center, bold=True)
            x += w + 8
        # Pages of the category.
        self.entry_rects = []
        rows = len(self.entries)
        step = min(30, 560 / max(1, rows))
        for i, entry in enumerate(self.entries):
            r = L.R(120, 126 + i * step, 250, step - 3)
            self.entry_rects.append(r)
            on = i == self.entry
            if on:
                panel(surf, r, (235, 215, 160), radius=L.px(5))
            elif r.collidepoint(mouse):
                panel(surf, r, (80, 60, 40), radius=L.px(5))
            text(surf, fit(entry_title(entry), L.px(19), r.w - L.px(12)), L.px(19),
                 t.INK if on else t.WHITE, midleft=(r.x + L.px(8), r.centery), bold=on)
        self.back_rect = L.R(120, 700, 250, 44)
        button(surf, self.back_rect, "Back (Esc)", L, colour=GREY,
               hover=self.back_rect.collidepoint(mouse))
        # The page.
        pr = self.page_rect = L.R(390, 126, 770, 614)
        panel(surf, pr, t.PANEL, border=t.GOLD, radius=L.px(12))
        clip = surf.get_clip()
        surf.set_clip(pr.inflate(-L.px(8), -L.px(8)))
        bottom = self._draw_page(surf, L, pr)
        surf.set_clip(clip)
        if bottom > pr.bottom - L.px(6):
            tag = pygame.Rect(0, 0, L.px(230), L.px(24))
            tag.midbottom = (pr.centerx, pr.bottom - L.px(2))
            panel(surf, tag, (120, 60, 20), radius=L.px(8))
            text(surf, "more below: wheel or PgDn", L.px(17), t.WHITE, center=tag.center,
                 bold=True)

    def _draw_page(self, surf, L, pr: pygame.Rect) -> int:
        """Draw the page; returns where its text ends (below the panel: more to scroll)."""
        entry = self.current
        x = pr.x + L.px(20)
        y = pr.y + L.px(16) - self.scroll * L.px(20)
        if isinstance(entry, str):
            sections = ROUND_OVERVIEW if entry == "round" else SCREEN_HELP
            text(surf, PAGE_TITLES[entry], L.px(30), t.INK, topleft=(x, y), bold=True)
            y += L.px(42)
            for head, body in sections:
                text(surf, head, L.px(22), (120, 60, 20), topleft=(x, y), bold=True)
                y += L.px(24)
                for line in _wrap(body, L.px(20), pr.w - L.px(40)):
                    text(surf, line, L.px(20), t.INK, topleft=(x, y))
                    y += L.px(21)
                y += L.px(10)
            return y
        title, body, notes = card_help(entry)
        cr = pygame.Rect(x, y, L.px(180), L.px(252))
        surf.blit(self.d.sprites.card(entry, cr.w, cr.h), cr)
        tx = cr.right + L.px(20)
        width = pr.right - tx - L.px(20)
        text(surf, fit(title, L.px(28), width, True), L.px(28), t.INK, topleft=(tx, y),
             bold=True)
        ty = y + L.px(38)
        for line in _wrap(body, L.px(21), width):
            text(surf, line, L.px(21), t.INK, topleft=(tx, ty))
            ty += L.px(23)
        y = max(ty, cr.bottom) + L.px(16)
        if notes:
            head = ("From the rulebook's Helper Reference" if CARDS[entry].kind == HELPER
                    else "How it works")
            text(surf, head, L.px(21), (120, 60, 20), topleft=(x, y), bold=True)
            y += L.px(26)
        for note in notes:
            lines = _wrap(note, L.px(19), pr.w - L.px(64))
            pygame.draw.circle(surf, (120, 60, 20), (x + L.px(8), y + L.px(9)), L.px(3))
            for line in lines:
                text(surf, line, L.px(19), t.INK_SOFT if note.startswith("Example")
                     else t.INK, topleft=(x + L.px(22), y))
                y += L.px(20)
            y += L.px(6)
        return y
