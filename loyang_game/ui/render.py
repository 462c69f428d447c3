"""Drawing the table's still picture for one state (the animation layer goes on top).

`draw_table` paints everything into a surface and records what it drew (`Drawn`), so a test
can check that no face-up card of another person's hand was ever on the screen.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field

import pygame

from ..engine import GameState
from ..engine.cards import (
    BUY_PRICE,
    CARDS,
    PATH_END,
    PRIVATE_FIELD,
    ROUNDS,
    SELL_PRICE,
    SHOP_SPACES,
    path_cost,
)
from ..engine.moves import NONE
from ..engine.serving import casual_modifier
from ..engine.solo import ROW_PRICES
from ..engine.state import CARD, COUNT, FIRST_DUE, MASK, RED, ROWS, SERVED, UNDER, VEG
from ..text.names import card_words, veg_words
from ..words import N_, _, pgettext
from . import cardgeom as g
from . import layout
from . import theme as t
from .draw import fit, panel, text, wrap
from .layout import HAND_H, HAND_W, HAND_X, HAND_Y, PATH_STONE, Layout
from .names import level_words
from .sprites import Sprites

PHASE_WORDS = {"setup": N_("Setup"), "harvest": N_("Harvest phase"), "cards": N_("Card phase"),
               "actions": N_("Action phase"), "over": N_("Game over")}


def phase_words(phase: str) -> str:
    """A phase's name, as the top bar heads it."""
    return _(PHASE_WORDS[phase]) if phase in PHASE_WORDS else phase


def round_head(round_: int, phase: str) -> str:
    """The top bar's head: 'Round 4/9 · Action phase'."""
    return _("Round {round}/{rounds} · {phase}", round=max(1, round_), rounds=ROUNDS,
             phase=phase_words(phase))


def seat_label(name: str, kind: str) -> str:
    """A player's name with what plays the seat: 'Bao (AI normal)', a person's alone."""
    if kind == "person":
        return name
    return _("{name} (AI {level})", name=name, level=level_words(kind))


@dataclass
class Drawn:
    """What one picture showed: (place, owner seat, card, face up) for every card."""

    cards: list[tuple[str, int, int, bool]] = field(default_factory=list)


@dataclass
class View:
    """What the picture needs besides the state."""

    names: list[str]
    kinds: list[str]  # "person" or an AI level per seat
    viewer: int | None  # whose private cards may be shown face up (None: nobody's)
    hide: set[int] = field(default_factory=set)  # cards in flight, drawn by the animation
    prompt: str = ""
    prompt_end: int | None = None  # where the top bar's buttons begin (None: room for five)
    due_marks: bool = True
    solo: bool = False  # a solo game: Helpers with a solo rule show its words


def draw_table(surf: pygame.Surface, state: GameState, L: Layout, sp: Sprites,
               view: View) -> Drawn:
    drawn = Drawn()
    surf.blit(sp.tiled("wood", surf.get_size()), (0, 0))
    _top(surf, state, L, view)
    _board(surf, state, L, sp, view, drawn)
    _others(surf, state, L, sp, view, drawn)
    _right(surf, state, L, sp, view, drawn)
    _bottom(surf, state, L, sp, view, drawn)
    return drawn


def _top(surf, state, L, view):
    r = L.regions["top"]
    pygame.draw.rect(surf, (40, 24, 16), (0, r.y, surf.get_width(), r.h))
    size = L.px(22)
    head = round_head(state.round, state.phase)
    end = text(surf, head, size, t.GOLD, midleft=(r.x + L.px(10), r.centery), bold=True)
    # the prompt from the head to the buttons (a gap before them), or as far as the room
    # five buttons of the table take when the scene does not say where its buttons begin
    right = r.right - L.px(610) if view.prompt_end is None else view.prompt_end - L.px(12)
    size, lines = top_prompt(L, view.prompt, right - end.right - L.px(16))
    for line, centre in zip(lines, prompt_lines(L, size, len(lines)), strict=True):
        text(surf, line, size, t.WHITE, midleft=(end.right + L.px(16), centre))


# The top bar's prompt, largest first: one line, then two lines (two of them as large as the
# bar's height holds), down to the log's words (body text), which every prompt of our
# languages fits at 1024x640; smaller only for a longer language (the pseudo-language),
# rather than cut.
PROMPT_SIZES = ((22, 1), (20, 1), (22, 2), (20, 2), (18, 2), (16, 2), (14, 2), (13, 2))


def top_prompt(L: Layout, prompt: str, width: int) -> tuple[int, list[str]]:
    """The top bar's prompt at the largest of `PROMPT_SIZES` that holds it whole in `width`
    (and two of its lines in the bar's height); cut only if none does."""
    for size, most in ((L.px(v), n) for v, n in PROMPT_SIZES):
        if most == 2 and 2 * line_step(size) > L.regions["top"].h:
            continue
        lines = wrap(prompt, size, width)
        if len(lines) <= most:
            return size, balanced(prompt, size, width, lines)
    return size, [lines[0], fit(" ".join(lines[1:]), size, width)]


def line_step(size: int) -> int:
    """From one line of the prompt to the next: as close as the letters allow (Lato's
    height holds room above its capitals)."""
    return t.font(size).get_height() * 7 // 8


def prompt_lines(L: Layout, size: int, n: int) -> list[int]:
    """The centres (y) of the prompt's `n` lines at `size` in the top bar, centred; two a
    little above the middle (Lato's height holds more room over its capitals, for accents,
    than under its descenders)."""
    step = line_step(size)
    top = L.regions["top"]
    middle = top.centery - (step // 12 if n > 1 else 0)
    centres = [middle + (2 * i + 1 - n) * step // 2 for i in range(n)]
    # never above the window's edge, where an accent on a capital would be cut
    below = max(0, top.y - (centres[0] - t.font(size).get_height() // 2))
    return [centre + below for centre in centres]


def balanced(words: str, size: int, width: int, lines: list[str]) -> list[str]:
    """Two lines made about as long as each other (no last word alone on the second): the
    narrowest of a few widths that still takes two lines; one line as it is."""
    if len(lines) != 2:
        return lines
    for w in range(width // 2, width, max(1, width // 24)):
        even = wrap(words, size, w)
        if len(even) <= 2:
            return even
    return lines


def _board(surf, state, L, sp, view, drawn):
    seat = L.focus
    p = state.players[seat]
    board = L.regions["board"]
    panel(surf, board.inflate(4, 4), (50, 32, 20), radius=14)
    surf.blit(sp.tiled("paper", board.size), board)
    pygame.draw.rect(surf, t.SEAT_COLOURS[seat], board, L.px(3), border_radius=12)
    centre = L.regions["centre"]
    pygame.draw.rect(surf, (226, 212, 182), centre.inflate(L.px(8), L.px(4)),
                     border_radius=L.px(10))
    _fields(surf, state, p, L, sp, view)
    for slot in p.stalls:
        _stall(surf, slot, L, sp, view)
    for slot in p.helpers:
        _tile(surf, slot, L, sp, view)
    for slot in p.regulars:
        _regular(surf, state, slot, L, sp, view)
    for slot in p.casuals:
        _casual(surf, state, p, slot, L, sp, view)
    # empty-column hints
    if not p.stalls and not p.helpers:
        text(surf, _("Market stalls & Helpers"), L.px(17), t.INK_SOFT,
             center=L.R(232 + 96, 190, 0, 0).topleft)
    if not p.regulars and not p.casuals:
        text(surf, _("Customers"), L.px(17), t.INK_SOFT,
             center=L.R(842 + 96, 190, 0, 0).topleft)
    _plate(surf, state, p, L, view)
    _shop(surf, state, p, L, sp)
    _path(surf, state, L, sp, view)
    _cart(surf, p, L, sp)
    _store(surf, p, L, sp)
    _purse(surf, state, p, L, sp)


def _plate(surf, state, p, L, view):
    r = L.anchors[("plate", p.seat)]
    pygame.draw.rect(surf, t.SEAT_COLOURS[p.seat], r, border_radius=L.px(8))
    kind = view.kinds[p.seat]
    label = seat_label(view.names[p.seat], kind)
    if p.seat == view.viewer and kind == "person" and view.kinds.count("person") == 1:
        label = _("{name}  (you)", name=view.names[p.seat])
    text(surf, label, L.px(24), t.WHITE, midleft=(r.x + L.px(10), r.centery), bold=True)
    info = _("Path {space}", space=p.path)
    if state.current_player == p.seat:
        info = _("to play · Path {space}", space=p.path)
    text(surf, info, L.px(20), t.WHITE, midright=(r.right - L.px(10), r.centery))


def _fields(surf, state, p, L, sp, view):
    pile = L.anchors[("pile", p.seat)]
    if p.pile:
        for k in range(min(3, len(p.pile)) - 1, -1, -1):
            surf.blit(sp.back(True, pile.w, pile.h), pile.move(-k * L.px(2), -k * L.px(2)))
        text(surf, _("{n} left", n=len(p.pile)), L.px(17), t.INK, center=(pile.centerx,
                                                                  pile.bottom + L.px(8)))
    else:
        pygame.draw.rect(surf, t.PANEL_DARK, pile, 1, border_radius=L.px(6))
        lines = wrap(_("no fields left"), L.px(15), pile.w - L.px(6))  # two lines if need be
        step = t.font(L.px(15)).get_linesize()
        for i, line in enumerate(lines):
            text(surf, line, L.px(15), t.INK_SOFT,
                 center=(pile.centerx, pile.centery + (2 * i + 1 - len(lines)) * step // 2))
    for slot in p.fields:
        card = slot[CARD]
        if card in view.hide:
            continue
        r = L.cards[card]
        surf.blit(sp.card(card, r.w, r.h), r)
        spaces = g.scaled(g.field_spaces(), r, g.CARD_W)
        _furrows(surf, L, spaces)
        veg, count = slot[VEG], slot[COUNT]
        if veg == NONE:
            lines = wrap(_("not sown"), L.px(16), spaces.w)  # two lines if need be
            step = t.font(L.px(16)).get_linesize()
            for i, line in enumerate(lines):
                text(surf, line, L.px(16), t.WHITE, center=(
                    spaces.centerx, spaces.centery + (2 * i + 1 - len(lines)) * step // 2))
            continue
        _token_grid(surf, sp, veg, count, spaces, L)


def _furrows(surf, L, box):
    """A field's soil ploughed in rows: a dark furrow and a light ridge each."""
    rows = 5
    inner = box.inflate(-L.px(8), 0)
    for k in range(1, rows + 1):
        y = box.y + round(k * box.h / (rows + 1))
        pygame.draw.line(surf, (146, 112, 68), (inner.x, y), (inner.right, y), max(1, L.px(2)))
        pygame.draw.line(surf, (204, 176, 124), (inner.x, y + max(1, L.px(2))),
                         (inner.right, y + max(1, L.px(2))))


def _token_grid(surf, sp, veg, count, box, L):
    cols = 3
    size = min(box.w // cols, L.px(22))
    rows = max(1, -(-count // cols))
    gap_y = min(size, (box.h - size) / max(1, rows - 1)) if rows > 1 else 0
    for i in range(count):
        row, col = divmod(i, cols)
        x = box.x + (box.w - cols * size) // 2 + col * size
        y = box.y + L.px(3) + row * gap_y
        surf.blit(sp.veg(veg, size), (x, y))
    text(surf, str(count), L.px(18), t.WHITE, midright=(box.right - L.px(2),
                                                        box.bottom - L.px(8)), bold=True)


def _under_strip(surf, slot, L, sp):
    if slot[UNDER] == NONE:
        return
    ur = L.unders.get(slot[UNDER])
    if ur is None:
        return
    img = sp.tile(slot[UNDER], ur.w, ur.h) if f"tile_{slot[UNDER]}" in sp.base else None
    if img:
        surf.blit(img, ur)


def _tile(surf, slot, L, sp, view):
    card = slot[CARD]
    if card in view.hide or card not in L.cards:
        return
    _under_strip(surf, slot, L, sp)
    r = L.cards[card]
    surf.blit(sp.tile(card, r.w, r.h, view.solo), r)


def _stall(surf, slot, L, sp, view):
    _tile(surf, slot, L, sp, view)
    card = slot[CARD]
    if card in view.hide or card not in L.cards:
        return
    r = L.cards[card]
    for i in range(3):
        if not slot[MASK] & (1 << i):
            box = g.scaled(g.stall_offer(i), r, g.TILE_W)
            panel(surf, box, (120, 90, 60), radius=L.px(4), alpha=200)
            text(surf, _("taken"), L.px(15), t.WHITE, center=box.center)


def _regular(surf, state, slot, L, sp, view):
    _tile(surf, slot, L, sp, view)
    card = slot[CARD]
    if card in view.hide or card not in L.cards:
        return
    regular_marks(surf, state, slot, L.cards[card], L, sp, view)


def regular_marks(surf, state, slot, r, L, sp, view, badges: bool = True):
    """What a played Regular customer shows over its face: its rows delivered ticked, the
    price of the next delivery ringed in gold (what it pays now, at a glance), its
    Satisfaction marker, and in the Action phase whether it is due or served."""
    rows = slot[ROWS]
    if rows < len(CARDS[slot[CARD]].pays):
        box = g.scaled(g.regular_row(rows), r, g.TILE_W)
        pygame.draw.rect(surf, t.GOLD, box.inflate(L.px(4), L.px(4)), max(2, L.px(3)),
                         border_radius=L.px(5))
    for i in range(rows):
        box = g.scaled(g.regular_row(i), r, g.TILE_W)
        panel(surf, box, (60, 90, 140), radius=L.px(3), alpha=170)
        c = box.center
        k = L.px(1)
        pygame.draw.lines(surf, t.WHITE, False, [(c[0] - 8 * k, c[1]), (c[0] - 2 * k, c[1] + 6 * k),
                                                 (c[0] + 9 * k, c[1] - 8 * k)], max(2, L.px(3)))
    m = g.scaled(g.regular_marker(), r, g.TILE_W)
    surf.blit(sp.satisfaction(bool(slot[RED]), m.w), m.topleft)
    if badges and state.phase == "actions" and view.due_marks:
        if slot[SERVED] == state.round:
            _badge(surf, L, r, _("served"), t.GOOD)
        elif slot[FIRST_DUE] <= state.round:
            _badge(surf, L, r, _("due"), (230, 120, 20))


def _casual(surf, state, p, slot, L, sp, view):
    """A played Casual customer; with the +2/-2 modifier in force (more Regular customers
    than Casual ones, or fewer, or the Saleswoman's bonus) a tag on its header says what it
    pays if served now, the price printed on the card changed by the modifier."""
    _tile(surf, slot, L, sp, view)
    card = slot[CARD]
    if card in view.hide or card not in L.cards:
        return
    casual_mark(surf, p, card, L.cards[card], L)


def casual_mark(surf, p, card: int, r: pygame.Rect, L) -> None:
    """The tag on a Casual customer's header (at `r`) saying what it pays served now, when
    the +2/-2 modifier is in force for its owner `p`."""
    change = casual_modifier(p)
    if change:
        colour = t.GOOD if change > 0 else t.MARKER_RED
        _badge(surf, L, r, casual_words(CARDS[card].pays[0], change), colour, right=L.px(4))


def casual_words(price: int, change: int) -> str:
    """A Casual customer's price now: 'pays 9 (+2)'."""
    signed = f"{change:+d}"  # outside the call, where the catalogue's extraction looks
    return _("pays {cash} ({change})", cash=price + change, change=signed)


def _badge(surf, L, r, word, colour, right=None):
    b = pygame.Rect(0, 0, max(L.px(46), t.font(L.px(15), True).size(word)[0] + L.px(8)),
                    L.px(16))
    b.topright = (r.right - (L.px(30) if right is None else right), r.y + L.px(1))
    pygame.draw.rect(surf, colour, b, border_radius=L.px(6))
    text(surf, word, L.px(15), t.WHITE, center=b.center, bold=True)


AWNING_RED, AWNING_CREAM = (176, 56, 42), (246, 232, 204)
WOOD, WOOD_DARK, WOOD_LINE = (150, 110, 70), (96, 66, 40), (128, 92, 58)


def _shop(surf, state, p, L, sp):
    """The Shop as a market stall: a striped awning over six stands on a wooden counter, each
    stand with its spaces, its vegetable's name and its prices (buy dark, sell light, as the
    sign on the awning says)."""
    first, last = L.anchors[("shop", p.seat, 0)], L.anchors[("shop", p.seat, 5)]
    counter = first.union(last).inflate(L.px(4), L.px(4))
    pygame.draw.rect(surf, WOOD_DARK, counter, border_radius=L.px(6))
    for veg in range(6):
        r = L.anchors[("shop", p.seat, veg)]
        pygame.draw.rect(surf, (200, 180, 140), r, border_radius=L.px(6))
        pygame.draw.rect(surf, (150, 120, 80), r, 1, border_radius=L.px(6))
        n = SHOP_SPACES[veg]
        size = L.px(28)
        for i in range(n):
            cx = r.x + (r.w - n * (size + L.px(3))) // 2 + i * (size + L.px(3))
            slot = pygame.Rect(cx, r.y + L.px(8), size, size)
            pygame.draw.ellipse(surf, (170, 148, 110), slot.inflate(L.px(4), L.px(4)))
            if i < p.shop[veg]:
                surf.blit(sp.veg(veg, size), slot)
        text(surf, veg_words(veg), L.px(16), t.INK, center=(r.centerx, r.y + L.px(50)))
        buy, sell = _price_boxes(L, r)
        pygame.draw.rect(surf, (70, 50, 30), buy, border_radius=L.px(4))
        pygame.draw.rect(surf, (240, 228, 200), sell, border_radius=L.px(4))
        text(surf, str(BUY_PRICE[veg]), L.px(20), t.WHITE, center=buy.center, bold=True)
        text(surf, str(SELL_PRICE[veg]), L.px(20), t.INK, center=sell.center, bold=True)
    _awning(surf, L, L.anchors[("awning", p.seat)])  # its scallops over the stands' tops


def _price_boxes(L, r):
    """A stand's two price boxes: what it costs to buy there, what selling there brings."""
    buy = pygame.Rect(r.x + L.px(4), r.bottom - L.px(30), r.w // 2 - L.px(6), L.px(24))
    sell = pygame.Rect(r.centerx + L.px(2), buy.y, r.w // 2 - L.px(6), L.px(24))
    return buy, sell


def _awning(surf, L, r):
    """The stall's awning over the stands: red and cream stripes with a scalloped edge, and
    a sign on it: SHOP, and which price is the buying one and which the selling one."""
    stripe = L.px(20)
    lip = L.px(4)
    for i, x in enumerate(range(r.x, r.right, stripe)):
        colour = AWNING_RED if i % 2 == 0 else AWNING_CREAM
        w = min(stripe, r.right - x)
        pygame.draw.rect(surf, colour, (x, r.y, w, r.h))
        pygame.draw.ellipse(surf, colour, (x, r.bottom - lip, w, 2 * lip))  # the scallop
    pygame.draw.line(surf, (120, 36, 28), r.topleft, (r.right - 1, r.y), max(1, L.px(2)))
    size = L.px(13)
    buy_word, sell_word = pgettext("shop price", "buy"), pgettext("shop price", "sell")
    swatch = L.px(11)
    gap = L.px(6)
    f, fb = t.font(size), t.font(size, True)
    head = _("SHOP")
    width = (fb.size(head)[0] + 3 * gap + 2 * (swatch + L.px(3)) + f.size(buy_word)[0]
             + f.size(sell_word)[0] + L.px(12))
    sign = pygame.Rect(0, 0, width, r.h - L.px(2))
    sign.center = (r.centerx, r.centery)
    pygame.draw.rect(surf, (252, 244, 224), sign, border_radius=L.px(4))
    pygame.draw.rect(surf, (120, 36, 28), sign, 1, border_radius=L.px(4))
    x = sign.x + L.px(6)
    x = text(surf, head, size, (120, 36, 28), midleft=(x, sign.centery), bold=True).right + gap
    for word, colour in ((buy_word, (70, 50, 30)), (sell_word, (240, 228, 200))):
        box = pygame.Rect(x, sign.centery - swatch // 2, swatch, swatch)
        pygame.draw.rect(surf, colour, box, border_radius=L.px(2))
        pygame.draw.rect(surf, (70, 50, 30), box, 1, border_radius=L.px(2))
        x = text(surf, word, size, t.INK, midleft=(box.right + L.px(3), sign.centery)).right + gap


def _path(surf, state, L, sp, view):
    """The Path of Prosperity: its road and numbered stones (one picture per window size),
    what the next steps of the player whose board this is would cost, and the markers."""
    pic, at = path_picture(L)
    surf.blit(pic, at)
    me = state.players[L.focus]
    for space, cost in next_steps(me.path, me.cash):
        r = L.anchors[("path", space)]
        _price_tag(surf, L, r, cost, cost <= me.cash)
    by_space: dict[int, list[int]] = {}
    for q in state.players:
        by_space.setdefault(q.path, []).append(q.seat)
    for space, seats in by_space.items():
        r = L.anchors.get(("path", space))
        if r is None:
            continue
        shown = [seat for seat in seats if ("marker", seat) not in view.hide]
        shown.sort(key=lambda seat: seat == L.focus)  # the board's own marker in front
        for i, seat in enumerate(shown):
            place = pawn_place(L, r, i, len(shown), seat == L.focus)
            surf.blit(sp.pawn(seat, place.w), place)


def pawn_place(L: Layout, space: pygame.Rect, i: int, n: int, own: bool) -> pygame.Rect:
    """Where the `i`-th of `n` markers on the Path's `space` stands (`own`: the marker of
    the board shown, bigger): on its stone, side by side with the others there."""
    size = L.px(30 if own else 24)
    x = space.centerx - size // 2 + round((i - (n - 1) / 2) * L.px(9))
    return pygame.Rect(x, space.centery + L.px(PATH_STONE) - size, size, size)


MOST_STEPS_SHOWN = 4  # the next spaces whose price the Path shows


def next_steps(space: int, cash: int) -> list[tuple[int, int]]:
    """The spaces ahead of `space` whose price (what walking there this round costs in all)
    the Path shows: the next few, up to the first that costs more than `cash`."""
    out = []
    for steps in range(1, MOST_STEPS_SHOWN + 1):
        if space + steps > PATH_END:
            break
        cost = path_cost(space, steps)
        out.append((space + steps, cost))
        if cost > cash:
            break
    return out


def _price_tag(surf, L, r, cost, affordable):
    """What walking to the stone in `r` costs: a coin with the sum, gold if it can be paid."""
    radius = L.px(10)
    c = (r.right - L.px(4), r.y + L.px(5))
    face, rim, ink = (((236, 196, 80), (150, 104, 20), t.INK) if affordable
                      else ((190, 182, 168), (120, 112, 100), (80, 72, 64)))
    pygame.draw.circle(surf, rim, c, radius)
    pygame.draw.circle(surf, face, c, radius - max(1, L.px(2)))
    label = str(cost)
    size = L.px(13 if len(label) < 3 else 11)
    text(surf, label, size, ink, center=c, bold=True)


_PATHS: dict[tuple, tuple[pygame.Surface, tuple[int, int]]] = {}


def path_picture(L: Layout) -> tuple[pygame.Surface, tuple[int, int]]:
    """The Path's road and its twenty stones, drawn once for a window size: (the picture,
    where it goes)."""
    centres = [L.anchors[("path", space)].center for space in range(1, PATH_END + 1)]
    key = (L.size, tuple(centres))
    if key in _PATHS:
        return _PATHS[key]
    stone = L.px(PATH_STONE)
    xs = [x for x, _y in centres]
    ys = [y for _x, y in centres]
    box = pygame.Rect(min(xs) - 2 * stone, min(ys) - stone - L.px(4), 0, 0)
    box.w = max(xs) + 2 * stone + L.px(6) - box.x
    box.h = max(ys) + stone + L.px(4) - box.y
    k = 2  # drawn twice as big and smoothed down: round stones and a road with soft edges
    big = pygame.Surface((box.w * k, box.h * k), pygame.SRCALPHA)
    at = [((x - box.x) * k, (y - box.y) * k) for x, y in centres]
    # the road: in at the left of space 1, along the first row, round the bend at the right,
    # back along the second row
    bend_x = at[9][0]
    mid_y, radius = (at[9][1] + at[10][1]) / 2, (at[10][1] - at[9][1]) / 2
    bend = [(bend_x + radius * math.cos(a), mid_y + radius * math.sin(a))
            for a in (math.pi * (i / 16 - 0.5) for i in range(17))]
    road = [(at[0][0] - 1.1 * stone * k, at[0][1]), *at[:10], *bend, *at[10:]]
    for width, colour in ((L.px(20) * k, (150, 120, 78)), (L.px(15) * k, (214, 192, 146))):
        pygame.draw.lines(big, colour, False, road, width)
        for point in road:
            pygame.draw.circle(big, colour, point, width / 2)
    for space, c in enumerate(at, start=1):
        warm = (space - 1) / (PATH_END - 1)  # the stones turn golden towards the end
        fill = (round(232 - 12 * warm), round(222 - 30 * warm), round(200 - 110 * warm))
        pygame.draw.circle(big, (70, 50, 30, 90), (c[0] + k * L.px(1), c[1] + k * L.px(2)),
                           stone * k)
        pygame.draw.circle(big, (120, 92, 56), c, stone * k)
        pygame.draw.circle(big, fill, c, (stone - max(1, L.px(2))) * k)
    pic = pygame.transform.smoothscale(big, box.size)
    for space, (x, y) in enumerate(centres, start=1):
        text(pic, str(space), L.px(16), t.INK, center=(x - box.x, y - box.y - L.px(3)),
             bold=True)
    if len(_PATHS) > 8:
        _PATHS.clear()
    _PATHS[key] = (pic, box.topleft)
    return _PATHS[key]


def _cart(surf, p, L, sp):
    """The Cart: a bed of planks on two wheels, the vegetables on it."""
    box = L.anchors[("cartbox", p.seat)]
    bed = pygame.Rect(box.x, box.y, box.w, box.h - L.px(10))
    wheel = L.px(15)
    clip = surf.get_clip()
    surf.set_clip(pygame.Rect(box.x, box.y, box.w, box.h + L.px(4)).clip(clip) if clip
                  else pygame.Rect(box.x, box.y, box.w, box.h + L.px(4)))
    for x in (box.x + L.px(60), box.right - L.px(60)):
        c = (x, bed.bottom)
        pygame.draw.circle(surf, WOOD_DARK, c, wheel)
        pygame.draw.circle(surf, (176, 140, 96), c, wheel - L.px(3))
        for k in range(4):
            a = k * math.pi / 4
            d = (wheel - L.px(3)) * math.cos(a), (wheel - L.px(3)) * math.sin(a)
            pygame.draw.line(surf, WOOD_DARK, (c[0] - d[0], c[1] - d[1]),
                             (c[0] + d[0], c[1] + d[1]), max(1, L.px(2)))
        pygame.draw.circle(surf, WOOD_DARK, c, L.px(3))
    surf.set_clip(clip)
    _planks(surf, L, bed, horizontal=True)
    text(surf, _("CART"), L.px(15), t.WHITE, topleft=(box.x + L.px(8), box.y + L.px(2)),
         bold=True)
    for veg in range(6):
        r = L.anchors[("cart", p.seat, veg)]
        n = p.cart[veg]
        size = L.px(40)
        img = sp.veg(veg, size)
        if not n:
            img = img.copy()
            img.set_alpha(60)
        surf.blit(img, (r.x + L.px(4), r.y + L.px(6)))
        if n:
            text(surf, f"×{n}", L.px(24), t.WHITE, midleft=(r.x + L.px(44), r.y + L.px(28)),
                 bold=True)


def _planks(surf, L, r, horizontal: bool, colour=WOOD) -> None:
    """`r` as wooden planks in a darker frame."""
    pygame.draw.rect(surf, colour, r, border_radius=L.px(8))
    step = L.px(16)
    line = tuple(max(0, v - 22) for v in colour)
    if horizontal:
        for y in range(r.y + step, r.bottom - L.px(4), step):
            pygame.draw.line(surf, line, (r.x + L.px(3), y), (r.right - L.px(4), y))
    else:
        for x in range(r.x + step, r.right - L.px(4), step):
            pygame.draw.line(surf, line, (x, r.y + L.px(3)), (x, r.bottom - L.px(4)))
    pygame.draw.rect(surf, WOOD_DARK, r, max(1, L.px(3)), border_radius=L.px(8))


def _store(surf, p, L, sp):
    """The Storehouse: a shed under a roof that bears its name, its spaces as crates."""
    r = L.anchors[("store", p.seat)]
    walls = pygame.Rect(r.x + L.px(4), r.y + L.px(12), r.w - L.px(8), r.h - L.px(12))
    _planks(surf, L, walls, horizontal=False, colour=(128, 106, 84))
    roof_h = L.px(22)
    pygame.draw.polygon(surf, (112, 52, 38), [
        (r.x, r.y + roof_h), (r.x + L.px(10), r.y), (r.right - L.px(10), r.y),
        (r.right, r.y + roof_h)])
    for k in range(1, 3):  # rows of shingles
        y = r.y + k * roof_h // 3
        pygame.draw.line(surf, (86, 38, 28), (r.x + L.px(10) - k * L.px(3), y),
                         (r.right - L.px(10) + k * L.px(3), y))
    text(surf, _("STOREHOUSE {stored}/{capacity}", stored=sum(p.store), capacity=p.capacity),
         L.px(15), t.WHITE,
         midleft=(r.x + L.px(12), r.y + roof_h // 2), bold=True)
    if not p.upgraded:
        text(surf, _("upgrade for 2: holds 4"), L.px(14), (240, 222, 200),
             midright=(r.right - L.px(12), r.y + roof_h // 2))
    size = L.px(34)
    stored = [veg for veg in range(6) for _ in range(p.store[veg])]
    for i in range(p.capacity):
        slot = pygame.Rect(r.x + L.px(12) + i * (size + L.px(6)), r.y + roof_h + L.px(6),
                           size, size)
        # straw in the crates: light under the dark outlines, as the Shop's stands are, so
        # that every vegetable stored shows its shape in grey too
        pygame.draw.rect(surf, (214, 190, 140), slot, border_radius=L.px(4))
        pygame.draw.rect(surf, (96, 66, 40), slot, max(1, L.px(2)), border_radius=L.px(4))
        if i < len(stored):
            surf.blit(sp.veg(stored[i], size), slot)


def _purse(surf, state, p, L, sp):
    r = L.anchors[("purse", p.seat)]
    pygame.draw.rect(surf, (90, 70, 40), r, border_radius=L.px(8))
    pygame.draw.rect(surf, (60, 44, 24), r, max(1, L.px(2)), border_radius=L.px(8))
    size = L.px(40)
    surf.blit(sp.get("coin_big", (size, size)), (r.x + L.px(8), r.centery - size // 2))
    text(surf, f"{p.cash}", L.px(40), t.GOLD, midleft=(r.x + L.px(54), r.centery), bold=True)
    text(surf, _("Cash"), L.px(16), t.WHITE, midright=(r.right - L.px(8), r.centery))
    lr = L.anchors[("loans", p.seat)]
    loans = (_("Loans: {n}  (-1 space each at the end)", n=p.loans) if p.loans
             else _("Loans: {n}", n=p.loans))
    text(surf, loans, L.px(16), t.INK, topleft=(lr.x, lr.y + L.px(2)))
    for i in range(p.loans):
        surf.blit(sp.get("loan", (L.px(60), L.px(40))), (lr.x + i * L.px(22), lr.y + L.px(22)))
    tr = L.anchors[("tokens", p.seat)]
    y = tr.y + L.px(2)
    if state.start_seat == p.seat and not state.config.solo:  # no start tokens in solo (R14)
        surf.blit(sp.get("start_big", (L.px(38), L.px(38))), (tr.x, y))
        text(surf, _("Starting player"), L.px(15), t.INK, midleft=(tr.x + L.px(44), y + L.px(19)))
        y += L.px(40)
    if state.second_seat == p.seat:
        surf.blit(sp.get("start_small", (L.px(38), L.px(38))), (tr.x, y))
        text(surf, _("Second player"), L.px(15), t.INK, midleft=(tr.x + L.px(44), y + L.px(19)))


# --- the others --------------------------------------------------------------------------------

def _others(surf, state, L, sp, view, drawn):
    if state.opponent is not None:
        r = L.panels[-1]
        panel(surf, r, (70, 50, 34), radius=10, alpha=200)
        text(surf, _("Imaginary opponent"), L.px(20), t.GOLD,
             topleft=(r.x + L.px(8), r.y + L.px(8)), bold=True)
        o = state.opponent
        for slot in [*o.stalls, *o.regulars, *o.casuals]:
            if slot[CARD] in view.hide or slot[CARD] not in L.cards:
                continue
            cr = L.cards[slot[CARD]]
            surf.blit(sp.tile(slot[CARD], cr.w, cr.h), cr)
            if len(slot) > MASK and CARDS[slot[CARD]].kind == "stall":
                for i in range(3):
                    if not slot[MASK] & (1 << i):
                        box = g.scaled(g.stall_offer(i), cr, g.TILE_W)
                        panel(surf, box, (120, 90, 60), radius=4, alpha=200)
        return
    for seat, r in L.panels.items():
        _compact(surf, state, state.players[seat], r, L, sp, view, drawn)


def _compact(surf, state, p, r, L, sp, view, drawn):
    panel(surf, r, (244, 234, 210), radius=L.px(10))
    pygame.draw.rect(surf, t.SEAT_COLOURS[p.seat], r, L.px(3), border_radius=L.px(10))
    head = pygame.Rect(r.x, r.y, r.w, L.px(26))
    pygame.draw.rect(surf, t.SEAT_COLOURS[p.seat], head, border_top_left_radius=L.px(10),
                     border_top_right_radius=L.px(10))
    kind = view.kinds[p.seat]
    label = seat_label(view.names[p.seat], kind)
    if state.current_player == p.seat:
        label = "> " + label
    text(surf, fit(label, L.px(19), r.w - L.px(40), True), L.px(19), t.WHITE,
         midleft=(r.x + L.px(8), head.centery), bold=True)
    for i, big in enumerate((state.start_seat == p.seat, state.second_seat == p.seat)):
        if big:
            name = "start_big" if i == 0 else "start_small"
            surf.blit(sp.get(name, (L.px(22), L.px(22))), (r.right - L.px(26 + 24 * i),
                                                            head.y + L.px(2)))
    places = L.seats[p.seat]
    _stats(surf, p, places.stats, L)
    _cart_line(surf, p, places.cart, L, sp)
    _field_chips(surf, p, places.fields, L, sp, view)
    _played_tiles(surf, state, p, places.played, L, sp, view)
    _played_chips(surf, places.chips, L, view)
    for card, row in places.customers:
        _customer_row(surf, state, p, card, row, L, sp, view)
    # hand: backs only (it is another seat's)
    n = len(p.hand) + (1 if p.intro != NONE else 0)
    if n:
        y = r.bottom - L.px(30)
        for i in range(n):
            surf.blit(sp.back(False, L.px(18), L.px(25)), (r.x + L.px(8) + i * L.px(12), y))
            drawn.cards.append(("hand", p.seat, -1, False))
        text(surf, _("{n} in hand", n=n), L.px(15), t.INK_SOFT,
             midleft=(r.x + L.px(20) + n * L.px(12), y + L.px(12)))
    text(surf, _("click to view"), L.px(13), t.INK_SOFT, midright=(r.right - L.px(6),
                                                                r.bottom - L.px(10)))


def _played_tiles(surf, state, p, played: list[tuple[tuple, pygame.Rect, bool]], L, sp,
                  view) -> None:
    """A seat's played cards as their tiles in its panel (`layout.played_places`): a
    Regular customer with its rows, next price and marker, a stall's taken offers, a Casual
    customer's tag."""
    for slot, place, whole in played:
        card = slot[CARD]
        if card in view.hide:
            continue
        w = place.w
        h = w * g.TILE_H // g.TILE_W
        img = sp.tile(card, w, h, view.solo)
        tr = pygame.Rect(place.x, place.y, w, h)
        kind = CARDS[card].kind
        if not whole:  # its header band alone (a Regular customer's marker on it)
            surf.blit(img, place.topleft, pygame.Rect(0, 0, w, place.h))
            if kind == "regular":
                m = g.scaled(g.regular_marker(), tr, g.TILE_W)
                surf.blit(sp.satisfaction(bool(slot[RED]), m.w), m.topleft)
            continue
        surf.blit(img, tr)
        if kind == "stall":
            for k in range(3):
                if not slot[MASK] & (1 << k):
                    box = g.scaled(g.stall_offer(k), tr, g.TILE_W)
                    panel(surf, box, (120, 90, 60), radius=L.px(4), alpha=200)
        elif kind == "regular":
            regular_marks(surf, state, slot, tr, L, sp, view, badges=False)
        elif kind == "casual":
            casual_mark(surf, p, card, tr, L)


def _stats(surf, p, r: pygame.Rect, L) -> None:
    """A seat's Cash, Loans and place on the Path, as tall as `r`, smaller where a
    language's words need it to fit the panel's width whole."""
    words = _("Cash {cash}   Loans {loans}   Path {space}", cash=p.cash, loans=p.loans,
              space=p.path)
    size = r.h * 17 // 18
    while size > L.px(13) and t.font(size).size(words)[0] > r.w:
        size -= 1
    text(surf, words, size, t.INK, midleft=(r.x, r.centery))


def _cart_line(surf, p, r: pygame.Rect, L, sp) -> None:
    """What a seat has in its Cart and Storehouse: each vegetable and how many."""
    icon = r.h * 9 // 11
    x = r.x
    for veg in range(6):
        if p.cart[veg] or p.store[veg]:
            surf.blit(sp.veg(veg, icon), (x, r.centery - icon // 2))
            text(surf, str(p.cart[veg] + p.store[veg]), r.h * 8 // 11, t.INK,
                 midleft=(x + icon + L.px(1), r.centery))
            x += icon * 17 // 9
    if x == r.x:
        text(surf, _("Cart empty"), r.h * 15 // 22, t.INK_SOFT, midleft=(x, r.centery))


def _field_chips(surf, p, chips: list[pygame.Rect], L, sp, view) -> None:
    """A seat's fields as chips: the vegetable sown and how many tokens are left."""
    for slot, chip in zip(p.fields, chips, strict=True):
        if slot[CARD] in view.hide:
            continue
        pygame.draw.rect(surf, t.KIND_COLOURS[PRIVATE_FIELD][0], chip, border_radius=L.px(3))
        if slot[VEG] == NONE:
            continue
        icon = min(chip.h - L.px(6), chip.w * 3 // 5)
        surf.blit(sp.veg(slot[VEG], icon), (chip.x + L.px(2), chip.centery - icon // 2))
        size = max(L.px(14), chip.h * 5 // 8)
        text(surf, str(slot[COUNT]), size, t.WHITE, midright=(chip.right - L.px(2),
                                                               chip.centery), bold=True)


def _played_chips(surf, chips: list[tuple[int, pygame.Rect]], L, view) -> None:
    """A seat's stalls and Helpers as chips (their codes, a Helper's name)."""
    for card, chip in chips:
        if card in view.hide:
            continue
        pygame.draw.rect(surf, t.KIND_COLOURS[CARDS[card].kind][0], chip,
                         border_radius=L.px(3))
        size = round(L.px(14) * (chip.h + L.px(2)) / L.px(layout.CHIP_ROW))
        text(surf, layout.chip_label(card), size, t.WHITE, center=chip.center)


def _customer_row(surf, state, p, card: int, row: pygame.Rect, L, sp, view) -> None:
    """One customer of another seat in a row: its code, the vegetables it wants, and what it
    pays now (a Regular customer: the next delivery's price ringed in gold after its
    Satisfaction marker, and in the Action phase whether it is due or served, said on a
    badge where the row has room, else by the row's colour; a Casual customer: its price,
    with the +2/-2 in force beside it)."""
    c = CARDS[card]
    if card in view.hide:
        return
    slot = next((s for s in p.regulars if s[CARD] == card), None)
    due = None
    if slot is not None and state.phase == "actions" and view.due_marks:
        if slot[SERVED] == state.round:
            due = (_("served"), t.GOOD)
        elif slot[FIRST_DUE] <= state.round:
            due = (_("due"), (230, 120, 20))
    wide = row.w >= L.px(150)  # one customer across the panel (else two side by side)
    tint = (228, 214, 186) if wide or due is None else tuple(
        (a + 2 * b) // 3 for a, b in zip((228, 214, 186), due[1], strict=True))
    panel(surf, row, tint, radius=L.px(4))
    size = L.px(14)
    label = pygame.Rect(row.x, row.y, t.font(size).size(c.code)[0] + L.px(8), row.h)
    pygame.draw.rect(surf, t.KIND_COLOURS[c.kind][0], label, border_radius=L.px(4))
    text(surf, c.code, size, t.WHITE, center=label.center)
    box_w = min(row.h + L.px(4), L.px(30))
    rest = box_w + L.px(10) + (row.h - L.px(1) if slot is not None else 0) \
        + (L.px(52) if wide and due is not None else 0)
    icon = max(L.px(8), min(row.h - L.px(4), L.px(24),
                            (row.w - label.w - rest) // len(c.wants) - L.px(1)))
    x = label.right + L.px(4)
    for veg in c.wants:
        surf.blit(sp.veg(veg, icon), (x, row.centery - icon // 2))
        x += icon + L.px(1)
    x += L.px(4)
    box = pygame.Rect(x, row.y + L.px(1), box_w, row.h - L.px(2))
    number = max(L.px(14), row.h * 2 // 3)
    if slot is not None:
        mark = row.h - L.px(4)
        surf.blit(sp.satisfaction(bool(slot[RED]), mark), (x, row.y + L.px(2)))
        box.x += mark + L.px(3)
        if slot[ROWS] < len(c.pays):
            pygame.draw.rect(surf, t.WHITE, box, border_radius=L.px(4))
            pygame.draw.rect(surf, t.GOLD, box, max(2, L.px(2)), border_radius=L.px(4))
            text(surf, str(c.pays[slot[ROWS]]), number, t.INK, center=box.center, bold=True)
        if wide and due is not None:
            _badge(surf, L, row, due[0], due[1], right=L.px(2))
        return
    change = casual_modifier(p)
    pygame.draw.circle(surf, t.GOLD, box.center, box.h // 2)
    text(surf, str(c.pays[0] + change), number, t.INK, center=box.center, bold=True)
    if change:
        text(surf, f"{change:+d}", L.px(15), t.GOOD if change > 0 else t.MARKER_RED,
             midleft=(box.right + L.px(3), box.centery), bold=True)


# --- Courtyard / Offer, piles ------------------------------------------------------------------

def _right(surf, state, L, sp, view, drawn):
    court = L.regions["court"]
    panel(surf, court, (60, 40, 26), radius=10, alpha=170)
    if state.config.solo:
        text(surf, _("THE OFFER"), L.px(19), t.GOLD, topleft=(court.x + L.px(8), court.y + L.px(4)),
             bold=True)
        strips = L.regions["log"].x < court.x  # the column the Offer's alone: big cards
        for row in range(4):
            r0 = L.anchors[("offerslot", row * 3)]
            if strips:  # the row's price on a strip above its cards: a coin and the price
                size = L.px(16)
                y = r0.y - L.px(layout.OFFER_PRICE) // 2
                surf.blit(sp.get("coin", (size, size)), (r0.x, y - size // 2))
                text(surf, f"{ROW_PRICES[row]}", L.px(18), t.GOLD,
                     midleft=(r0.x + size + L.px(4), y), bold=True)
            else:
                text(surf, f"{ROW_PRICES[row]}", L.px(22), t.GOLD,
                     center=(court.x + L.px(14), r0.centery), bold=True)
        for index, card in enumerate(state.offer):
            r = L.anchors[("offerslot", index)]
            if card == NONE or card in view.hide:
                pygame.draw.rect(surf, (90, 70, 50), r, 1, border_radius=L.px(6))
                continue
            surf.blit(sp.card(card, r.w, r.h, view.solo), r)
            drawn.cards.append(("offer", -1, card, True))
        if state.phase == "cards":
            text(surf, _("bought {bought}/{limit}", bought=len(state.bought),
                         limit=state.buy_limit), L.px(16), t.WHITE,
                 midright=(court.right - L.px(8), court.y + L.px(14)))
    else:
        text(surf, _("COURTYARD ({n})", n=len(state.courtyard)), L.px(19), t.GOLD,
             topleft=(court.x + L.px(8), court.y + L.px(4)), bold=True)
        for card in state.courtyard:
            if card in view.hide:
                continue
            r = L.cards[card]
            surf.blit(sp.card(card, r.w, r.h), r)
            drawn.cards.append(("court", -1, card, True))
    piles = L.regions["piles"]
    panel(surf, piles, (60, 40, 26), radius=10, alpha=170)
    d, x = L.anchors["draw"], L.anchors["discard"]
    for pile, cards, faces in ((d, state.draw, False), (x, state.discard, True)):
        if not cards:
            pygame.draw.rect(surf, (90, 70, 50), pile, 1, border_radius=L.px(6))
        elif faces:
            surf.blit(sp.card(cards[-1], pile.w, pile.h, view.solo), pile)
        else:
            surf.blit(sp.back(False, pile.w, pile.h), pile)
    for label, y in pile_labels(L, len(state.draw), len(state.discard)):
        text(surf, label, L.px(16 if label[0].isalpha() else 22), t.WHITE,
             center=((d.right + x.x) // 2, y), bold=not label[0].isalpha())


def pile_labels(L: Layout, draw: int, discard: int) -> list[tuple[str, int]]:
    """The piles' names and counts, between the two piles: the draw pile's at the top,
    the discard pile's at the bottom (label, y of its centre)."""
    d = L.anchors["draw"]
    return [(_("draw"), d.y + L.px(10)), (str(draw), d.y + L.px(30)),
            (_("discard"), d.bottom - L.px(30)), (str(discard), d.bottom - L.px(10))]


def _bottom(surf, state, L, sp, view, drawn):
    bottom = L.regions["bottom"]
    panel(surf, bottom, (60, 40, 26), radius=10, alpha=170)
    hand_cards = [(target[1], L.cards[target[1]]) for target in L.targets
                  if target[0] == "hand"]
    hand_cards.sort(key=lambda cr: cr[1].x)
    seat = None
    for p in state.players:
        if any(c in p.hand or c == p.intro for c, _ in hand_cards):
            seat = p.seat
    for card, r in hand_cards:
        if card in view.hide:
            continue
        face_up = seat is not None and seat == view.viewer
        if face_up:
            surf.blit(sp.card(card, r.w, r.h), r)
        else:
            surf.blit(sp.back(False, r.w, r.h), r)
        drawn.cards.append(("hand", seat if seat is not None else -1, card, face_up))
    for (card, r), (_next, nr) in itertools.pairwise(hand_cards):
        if card not in view.hide and seat is not None and seat == view.viewer and nr.x < r.right:
            hand_tag(surf, L, card, pygame.Rect(r.x, r.y, nr.x - r.x, r.h))
    if hand_cards and seat is not None:
        label = _("{name}'s hand", name=view.names[seat])
        tab = hand_tab(L, label)
        panel(surf, tab, (60, 40, 26), radius=L.px(6))
        text(surf, label, L.px(15), t.WHITE, center=tab.center)
    elif view.viewer is not None:
        # the hand's place, said empty (the prompt is the top bar's alone)
        place = L.R(HAND_X, HAND_Y, HAND_W, HAND_H)
        pygame.draw.rect(surf, (120, 96, 70), place, max(1, L.px(2)), border_radius=L.px(8))
        lines = wrap(_("no cards in hand"), L.px(15), place.w - L.px(10))
        step = t.font(L.px(15)).get_linesize()
        for i, line in enumerate(lines):
            text(surf, line, L.px(15), (200, 184, 160), center=(
                place.centerx, place.centery + (2 * i + 1 - len(lines)) * step // 2))


def hand_tag_label(L: Layout, card: int, width: int) -> str:
    """What an overlapped hand card's visible strip says in its header: its whole title if
    that fits, else its code ("R14": a title cut to "Regular R1" would name another card);
    a Helper its name, cut with an ellipsis only if even that does not fit."""
    c = CARDS[card]
    size = L.px(13)
    title = {"stall": _("Stall {code}", code=c.code),
             "regular": _("Regular {code}", code=c.code),
             "casual": _("Casual {code}", code=c.code)}.get(c.kind, card_words(card))
    if t.font(size, True).size(title)[0] <= width:
        return title
    if c.kind == "helper":
        return fit(card_words(card), size, width, True)
    return c.code


def hand_tag(surf, L: Layout, card: int, strip: pygame.Rect) -> None:
    """The header of an overlapped hand card's visible `strip`, said so that it reads whole."""
    header = pygame.Rect(strip.x, strip.y, strip.w, max(L.px(15), strip.h * g.HEADER // g.CARD_H))
    dark = t.KIND_COLOURS[CARDS[card].kind][0]
    pygame.draw.rect(surf, dark, header, border_top_left_radius=L.px(5))
    label = hand_tag_label(L, card, strip.w - L.px(5))
    text(surf, label, L.px(13), t.WHITE, midleft=(header.x + L.px(3), header.centery), bold=True)


def hand_tab(L: Layout, label: str) -> pygame.Rect:
    """The hand's name tab: on the bar's top edge, over the board's border rather than
    crossed by it, below the board's columns (`layout.COLUMN_BOTTOM`)."""
    bottom = L.regions["bottom"]
    w, h = t.font(L.px(15)).size(label)
    return pygame.Rect(bottom.x + L.px(4), bottom.y - h - L.px(6), w + L.px(14), h + L.px(8))
