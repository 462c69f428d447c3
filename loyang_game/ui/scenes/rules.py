"""The rules help: every card's text with the Helper Reference notes, how a round works and
how to play on the screen; opened from the menus or by a right-click on a card."""

from __future__ import annotations

import unicodedata

import pygame

from ...engine.cards import (
    CARDS,
    CASUAL,
    COMMON_FIELD,
    HELPER,
    PRIVATE_FIELD,
    REGULAR,
    STALL,
    home_field,
)
from ...text.names import helper_words
from ...words import N_, _
from .. import theme as t
from ..draw import button, fit, panel, text, wrap
from ..menu import GREY, page
from ..rules_text import ROUND_OVERVIEW, card_help, field_title
from ..scene import Scene, frame_layout


def _first_of_each(kind: str) -> list[int]:
    seen, out = set(), []
    for c in CARDS:
        if c.kind == kind and c.name not in seen:
            seen.add(c.name)
            out.append(c.id)
    return out


CATEGORIES: list[tuple[str, list]] = [
    (N_("Overview"), ["round", "screen"]),
    (N_("Helpers"), _first_of_each(HELPER)),  # listed by their names in the language
    (N_("Market stalls"), [c.id for c in CARDS if c.kind == STALL]),
    (N_("Regular customers"), [c.id for c in CARDS if c.kind == REGULAR]),
    (N_("Casual customers"), [c.id for c in CARDS if c.kind == CASUAL]),
    (N_("Fields"), [c.id for c in CARDS if c.kind == COMMON_FIELD]
     + [home_field(0) + i for i in range(5)]),
]
PAGE_TITLES = {"round": N_("How a round works"), "screen": N_("Playing on the screen")}
SCREEN_HELP = (
    (N_("Pick up, then put down"),
     N_("Click a vegetable in your Cart, then where it goes: the Shop (sell), an empty field "
        "(sow), a stall offer (trade) or a customer (deliver). Click a Shop vegetable to buy "
        "it. What can take it lights up. Right-click or Esc puts it back.")),
    (N_("Cards"),
     N_("Card phase: click a hand card, then the Courtyard (place it) or a Courtyard card "
        "(take both). Click a Helper to use or discard it.")),
    (N_("Rules of a card"),
     N_("Right-click any card on the table for its page here; rest the mouse on a card for a "
        "moment to see its text.")),
    (N_("Hint"),
     N_("The Hint button or H asks the AI coach about your decision: what to click lights up, "
        "numbered in order, with the reason under the board. H again stops it or puts it "
        "away. A solo game played with hints is marked on the high scores.")),
    (N_("Menu and keys"),
     N_("Esc or the Menu button: save, rules, settings, the title screen. H: a hint. Undo (U "
        "or Ctrl+Z) takes back your own moves this turn. Space skips an animation. M turns "
        "the sound off or on. F11: full screen.")),
)


def sort_key(name: str) -> str:
    """A name as the languages' dictionaries order it: by its letters, accents and case
    aside ('Écuyer' among the E, 'Öl' among the O)."""
    letters = unicodedata.normalize("NFKD", name.casefold())
    return "".join(c for c in letters if not unicodedata.combining(c))


def category_entries(ci: int) -> list:
    """The pages of category `ci`: the Helpers by their names in the player's language."""
    entries = CATEGORIES[ci][1]
    if CATEGORIES[ci][0] == "Helpers":
        return sorted(entries, key=lambda c: sort_key(helper_words(CARDS[c].name)))
    return entries


def category_of(card: int) -> tuple[int, int]:
    """(category, entry) of the rules page for `card`."""
    c = CARDS[card]
    if c.kind == PRIVATE_FIELD:
        card = next(e for e in CATEGORIES[5][1] if CARDS[e].code == c.code)
    elif c.kind == HELPER:
        card = next(e for e in CATEGORIES[1][1] if CARDS[e].name == c.name)
    for ci in range(len(CATEGORIES)):
        entries = category_entries(ci)
        if card in entries:
            return ci, entries.index(card)
    return 0, 0


def entry_title(entry) -> str:
    if isinstance(entry, str):
        return _(PAGE_TITLES[entry])
    c = CARDS[entry]
    if c.kind == HELPER:
        return helper_words(c.name)
    if c.kind == PRIVATE_FIELD:
        return field_title(entry)
    if c.kind == COMMON_FIELD:
        return _("Common field {code}", code=c.code)
    return card_help(entry)[0]


class RulesScene(Scene):
    """Categories along the top (Left/Right), their pages down the left (Up/Down), the page
    on the right (wheel or Page Up/Down to scroll)."""

    name = "rules"

    def __init__(self, d, card: int | None = None) -> None:
        super().__init__(d)
        self.cat, self.entry = category_of(card) if card is not None else (0, 0)
        self.scroll = 0
        # where the page's text shows; the tag below it
        self.text_rect: pygame.Rect | None = None
        self.more_rect: pygame.Rect | None = None
        self.tab_rects: list[pygame.Rect] = []
        self.entry_rects: list[pygame.Rect] = []
        self.back_rect = pygame.Rect(0, 0, 0, 0)
        self.page_rect = pygame.Rect(0, 0, 0, 0)

    @property
    def entries(self) -> list:
        return category_entries(self.cat)

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
        L = frame_layout(surf.get_size())
        page(surf, self.d.sprites, L, _("Rules"), "",
             footer=_("Left/Right or Tab: category   Up/Down: page   PgUp/PgDn or wheel: "
                      "scroll   Esc: back"))
        mouse = self.d.mouse
        # Categories.
        self.tab_rects = []
        x: float = 120
        for i, (english, _entries) in enumerate(CATEGORIES):
            name = _(english)
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
        button(surf, self.back_rect, _("Back (Esc)"), L, colour=GREY,
               hover=self.back_rect.collidepoint(mouse))
        # The page.
        pr = self.page_rect = L.R(390, 126, 770, 614)
        panel(surf, pr, t.PANEL, border=t.GOLD, radius=L.px(12))
        clip = surf.get_clip()
        view = self.text_rect = pr.inflate(-L.px(8), -L.px(8))
        view.h -= L.px(26)  # the foot of the page is kept for the "more below" tag
        surf.set_clip(view)
        bottom = self._draw_page(surf, L, pr)
        surf.set_clip(clip)
        self.more_rect = None
        if bottom > view.bottom:
            tag = self.more_rect = pygame.Rect(0, 0, L.px(230), L.px(24))
            tag.midbottom = (pr.centerx, pr.bottom - L.px(3))
            panel(surf, tag, (120, 60, 20), radius=L.px(8))
            text(surf, fit(_("more below: wheel or PgDn"), L.px(17), tag.w - L.px(8), True),
                 L.px(17), t.WHITE, center=tag.center, bold=True)

    def _draw_page(self, surf, L, pr: pygame.Rect) -> int:
        """Draw the page; returns where its text ends (below the panel: more to scroll)."""
        entry = self.current
        x = pr.x + L.px(20)
        y = pr.y + L.px(16) - self.scroll * L.px(20)
        if isinstance(entry, str):
            sections = ROUND_OVERVIEW if entry == "round" else SCREEN_HELP
            text(surf, _(PAGE_TITLES[entry]), L.px(30), t.INK, topleft=(x, y), bold=True)
            y += L.px(42)
            for head, body in sections:
                text(surf, _(head), L.px(22), (120, 60, 20), topleft=(x, y), bold=True)
                y += L.px(24)
                for line in wrap(_(body), L.px(20), pr.w - L.px(40)):
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
        for line in wrap(body, L.px(21), width):
            text(surf, line, L.px(21), t.INK, topleft=(tx, ty))
            ty += L.px(23)
        y = max(ty, cr.bottom) + L.px(16)
        if notes:
            head = (_("From the rulebook's Helper Reference") if CARDS[entry].kind == HELPER
                    else _("How it works"))
            text(surf, head, L.px(21), (120, 60, 20), topleft=(x, y), bold=True)
            y += L.px(26)
        for note in notes:
            lines = wrap(note, L.px(19), pr.w - L.px(64))
            pygame.draw.circle(surf, (120, 60, 20), (x + L.px(8), y + L.px(9)), L.px(3))
            for line in lines:
                text(surf, line, L.px(19), t.INK_SOFT if note.startswith(_("Example"))
                     else t.INK, topleft=(x + L.px(22), y))
                y += L.px(20)
            y += L.px(6)
        return y
