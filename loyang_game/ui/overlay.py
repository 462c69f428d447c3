"""What is drawn over the still table each frame: lit targets, buttons, the in-place
choice, the Two-pack panel, tooltips, messages, the thinking indicator, the log, and the
'pass to' screen. Each function draws and returns the click targets it made; those with
targets are placed first without drawing (`place_choice`, `place_news`, `pass_button`), so
that the table knows what is under a point without a frame (`TableView.targets`)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ..words import _, ngettext
from . import theme as t
from .draw import button, dim, fit, panel, text, wrap
from .layout import Layout
from .news import Item
from .rules_text import card_help, helper_text
from .sprites import Sprites


def highlights(surf, rects: list[pygame.Rect], clock: float, L: Layout, colour=t.HIGHLIGHT):
    pulse = 0.5 + 0.5 * math.sin(clock * 6)
    width = L.px(2 + pulse * 1.5)
    for r in rects:
        pygame.draw.rect(surf, colour, r.inflate(L.px(4), L.px(4)), width, border_radius=L.px(7))


def picked(surf, rects: list[pygame.Rect], L: Layout):
    for r in rects:
        pygame.draw.rect(surf, (90, 220, 255), r.inflate(L.px(6), L.px(6)), L.px(4),
                         border_radius=L.px(8))


PICKED = (90, 220, 255)


def pick_count(surf, L: Layout, r: pygame.Rect, count: int) -> None:
    """How many times a target is picked ("x2": two of a Cart's vegetables given)."""
    badge = pygame.Rect(0, 0, L.px(30), L.px(20))
    badge.topright = (r.right + L.px(3), r.y - L.px(3))
    pygame.draw.rect(surf, PICKED, badge, border_radius=L.px(6))
    text(surf, f"x{count}", L.px(16), t.INK, center=badge.center, bold=True)


def key_focus(surf, L: Layout, r: pygame.Rect) -> None:
    """The keyboard's place on the table (Tab moves it, Space or Enter clicks it)."""
    pygame.draw.rect(surf, t.WHITE, r.inflate(L.px(10), L.px(10)), L.px(3),
                     border_radius=L.px(9))
    pygame.draw.rect(surf, t.INK, r.inflate(L.px(16), L.px(16)), L.px(2),
                     border_radius=L.px(11))


def shop_plan(surf, L: Layout, sp: Sprites, levels: list[int], first: int) -> None:
    """The Shop as the Book-keeper will set it, drawn over its spaces (vegetables before
    `first` are set already)."""
    for veg in range(first, 6):
        space = 1
        while ("space", veg, space) in L.targets:
            r = L.targets[("space", veg, space)]
            slot = pygame.Rect(0, 0, L.px(28), L.px(28))
            slot.center = r.center
            pygame.draw.ellipse(surf, (200, 180, 140), slot.inflate(L.px(6), L.px(6)))
            pygame.draw.ellipse(surf, (170, 148, 110), slot.inflate(L.px(4), L.px(4)))
            if space <= levels[veg]:
                surf.blit(sp.veg(veg, slot.w), slot)
            space += 1


@dataclass(frozen=True)
class ChoicePlace:
    """Where an in-place choice goes and what it shows (`place_choice`)."""

    box: pygame.Rect
    card: int | None  # the card shown big (None: none)
    card_rect: pygame.Rect | None
    card_lines: list[str]  # the card's words under it
    title_lines: list[str]
    detail_lines: list[str]
    rows: list[tuple[tuple, str, list[str], pygame.Rect]]  # (target, label, lines, button)
    first: int = 0  # the first option shown (a long list scrolls)
    hidden: tuple[int, int] = (0, 0)  # options out of view (above, below)

    def targets(self) -> dict:
        return {target: b for target, _label, _lines, b in self.rows}


SCROLL_UP, SCROLL_DOWN = ("ui", "choice_up"), ("ui", "choice_down")


TITLE_SIZE, DETAIL_SIZE = 24, 18  # the choice's title and detail, in design pixels


def place_choice(L: Layout, title: str, card: int | None, options: list[tuple[tuple, str]],
                 detail: str = "", cancel: bool = True, solo: bool = False,
                 first: int = 0) -> ChoicePlace:
    """Where an in-place choice goes in a window of `L.size`: the card shown big with its
    words (a Helper's as it works in the solo game when `solo`), the title and the `detail`
    wrapped (never cut), one button per option, and Cancel. Its box grows to hold all of
    it, up to the window's height; a longer list scrolls, from option `first`, between a
    row telling how many are above and one telling how many below (each a button that
    scrolls), with Cancel always in view at the foot."""
    shown = card if card is not None and card >= 0 else None
    has_card = shown is not None
    width = L.px(680)
    x_in = L.px(16)
    card_w = L.px(150) + L.px(16) if has_card else 0
    room = width - 2 * x_in - card_w  # the words' and buttons' width beside the card
    title_lines = wrap(title, L.px(TITLE_SIZE), room, True)
    detail_lines = wrap(detail, L.px(DETAIL_SIZE), room) if detail else []
    head = L.px(14) + len(title_lines) * L.px(28) + len(detail_lines) * L.px(22) + L.px(10)
    extra = [(("ui", "cancel"), _("Cancel (Esc or right-click)"))] if cancel else []
    labelled = [(target, label, option_lines(L, label, room))
                for target, label in [*options, *extra]]
    body = head + sum(L.px(44 if len(lines) == 1 else 58) for *_x, lines in labelled) + L.px(14)
    card_lines = wrap(helper_text(shown, solo), L.px(16), L.px(154)) if shown is not None else []
    card_h = L.px(16 + 210 + 6) + len(card_lines) * L.px(15) + L.px(14) if has_card else 0
    screen_h = L.size[1]
    height = min(max(L.px(400) if has_card else 0, body, card_h), screen_h - L.px(20))
    r = L.R(300, 0, 680, 0)
    r.h = height
    r.centery = L.R(0, 400, 0, 0).y
    r.y = max(min(L.R(0, 40, 0, 0).y, screen_h - r.h - L.px(10)), r.y)
    x0 = r.x + x_in
    card_rect = None
    if has_card:
        card_rect = pygame.Rect(x0, r.y + L.px(16), L.px(150), L.px(210))
        fit_rows = max(1, (r.bottom - card_rect.bottom - L.px(14)) // L.px(15))
        if len(card_lines) > fit_rows:  # what does not fit is told as cut, never dropped
            card_lines = [*card_lines[:fit_rows - 1],
                          fit(f"{card_lines[fit_rows - 1]} \u2026", L.px(16),
                              card_rect.w + L.px(4))]
        x0 = card_rect.right + L.px(16)
    y = r.y + L.px(14) + len(title_lines) * L.px(28) + len(detail_lines) * L.px(22) + L.px(10)
    width = r.right - x0 - x_in
    rows: list[tuple[tuple, str, list[str], pygame.Rect]] = []
    if body <= height:  # everything fits
        for target, label, lines in labelled:
            b = pygame.Rect(x0, y, width, L.px(38 if len(lines) == 1 else 52))
            rows.append((target, label, lines, b))
            y += b.h + L.px(6)
        return ChoicePlace(r, shown, card_rect, card_lines, title_lines, detail_lines, rows)
    # A list longer than the window: the options between two scroll rows, Cancel pinned.
    pinned = labelled[len(options):]
    listed = labelled[:len(options)]
    foot = r.bottom - L.px(14)
    for target, label, lines in reversed(pinned):
        b = pygame.Rect(x0, foot - L.px(38), width, L.px(38))
        rows.append((target, label, lines, b))
        foot = b.y - L.px(6)
    scroll_h = L.px(30)
    top, bottom = y + scroll_h + L.px(6), foot - scroll_h - L.px(6)
    heights = [L.px(38 if len(lines) == 1 else 52) + L.px(6) for *_x, lines in listed]
    first = max(0, min(first, len(listed) - 1))
    while first > 0 and sum(heights[first - 1:]) <= bottom - top:  # no blank space at the end
        first -= 1
    shown_rows, at = [], top
    for target, label, lines in listed[first:]:
        h = L.px(38 if len(lines) == 1 else 52)
        if at + h > bottom:
            break
        shown_rows.append((target, label, lines, pygame.Rect(x0, at, width, h)))
        at += h + L.px(6)
    above, below = first, len(listed) - first - len(shown_rows)
    up = pygame.Rect(x0, y, width, scroll_h)
    down = pygame.Rect(x0, bottom + L.px(6), width, scroll_h)
    scrolls: list[tuple[tuple, str, list[str], pygame.Rect]] = [
        (SCROLL_UP, ngettext("{n} more above: the wheel or Up", "{n} more above: the wheel or Up",
                             above) if above else "", [], up),
        (SCROLL_DOWN, ngettext("{n} more below: the wheel or Down",
                               "{n} more below: the wheel or Down", below) if below else "", [],
         down)]
    rows = [*shown_rows, *[row for row in scrolls if row[1]], *reversed(rows)]
    return ChoicePlace(r, shown, card_rect, card_lines, title_lines, detail_lines, rows,
                       first, (above, below))


def choice_dialog(surf, L: Layout, sp: Sprites, place: ChoicePlace, hover,
                  solo: bool = False, focused: tuple | None = None) -> dict:
    """Draw the in-place choice `place_choice` placed (`focused`: the option the keyboard is
    on, ringed); returns its click targets."""
    r = place.box
    dim(surf)
    panel(surf, r, t.PANEL, border=t.GOLD, radius=L.px(14))
    x0 = r.x + L.px(16)
    cr = place.card_rect
    if cr is not None and place.card is not None:
        surf.blit(sp.card(place.card, cr.w, cr.h, solo), cr)
        for i, line in enumerate(place.card_lines):
            text(surf, line, L.px(16), t.INK_SOFT, topleft=(cr.x, cr.bottom + L.px(6 + i * 15)))
        x0 = cr.right + L.px(16)
    y = r.y + L.px(14)
    for line in place.title_lines:
        text(surf, line, L.px(TITLE_SIZE), t.INK, topleft=(x0, y), bold=True)
        y += L.px(28)
    for line in place.detail_lines:
        text(surf, line, L.px(DETAIL_SIZE), t.INK_SOFT, topleft=(x0, y))
        y += L.px(22)
    for target, label, lines, b in place.rows:
        colour = (120, 70, 40) if target[0] == "opt" else (90, 80, 70)
        lit = b.collidepoint(hover) if hover else False
        if target in (SCROLL_UP, SCROLL_DOWN):
            button(surf, b, label, L, hover=lit, colour=(70, 60, 50))
        elif len(lines) == 1:
            button(surf, b, label, L, hover=lit, colour=colour)
        else:  # a long option on two lines, never cut
            button(surf, b, "", L, hover=lit, colour=colour)
            for i, line in enumerate(lines):
                text(surf, line, L.px(16), t.WHITE, bold=True,
                     center=(b.centerx, b.centery + (2 * i - 1) * L.px(10)))
        if target == focused:
            pygame.draw.rect(surf, t.HOVER, b.inflate(L.px(6), L.px(6)), L.px(3),
                             border_radius=L.px(9))
    return place.targets()


def option_lines(L: Layout, label: str, width: int) -> list[str]:
    """An option's label in one line if it fits the button (as `button` draws it), else in
    two smaller ones (the second cut only if even two do not hold it)."""
    room = width - L.px(10)
    if t.font(L.px(16), True).size(label)[0] <= room:
        return [label]
    lines = wrap(label, L.px(16), room, True)
    if len(lines) > 2:
        lines = [lines[0], fit(" ".join(lines[1:]), L.px(16), room, True)]
    return lines


def keep_panel(surf, L: Layout, sp: Sprites, cards: tuple[int, ...], first: int | None):
    board = L.regions["board"]
    dim(surf, board, 150)
    r = L.R(440, 200, 420, 300)
    panel(surf, r.inflate(L.px(20), L.px(50)).move(0, L.px(10)), t.PANEL, border=t.GOLD,
          radius=L.px(14))
    text(surf, _("Two-pack: click the card to keep on top,"), L.px(20), t.INK,
         center=(r.centerx, r.y - L.px(2)), bold=True)
    text(surf, _("then the other to keep under it (or a button below)"), L.px(18), t.INK_SOFT,
         center=(r.centerx, r.y + L.px(18)))
    if not cards:
        text(surf, _("The piles are empty: nothing was drawn."), L.px(20), t.INK, center=r.center)
    for card in cards:
        cr = L.cards.get(card)
        if cr is None:
            continue
        surf.blit(sp.card(card, cr.w, cr.h), cr)
        if first == card:
            text(surf, _("on top"), L.px(20), (20, 120, 200),
                 center=(cr.centerx, cr.bottom + L.px(12)), bold=True)


def tooltip(surf, L: Layout, pos, lines: list[str],
            avoid: pygame.Rect | None = None) -> pygame.Rect | None:
    """`lines` in a dark box by the pointer at `pos`, never over `avoid` (the target it
    tells about); returns where it went."""
    if not lines:
        return None
    size = L.px(18)
    w = max(t.font(size).size(s)[0] for s in lines) + L.px(16)
    h = len(lines) * L.px(20) + L.px(10)
    r = clear_of(surf, L, pygame.Rect(pos[0] + L.px(16), pos[1] + L.px(16), w, h), avoid)
    panel(surf, r, (30, 24, 18), border=t.GOLD, radius=L.px(6), alpha=235)
    for i, s in enumerate(lines):
        text(surf, s, size, t.WHITE, topleft=(r.x + L.px(8), r.y + L.px(6) + i * L.px(20)))
    return r


def clear_of(surf, L: Layout, r: pygame.Rect, avoid: pygame.Rect | None) -> pygame.Rect:
    """`r` kept on the screen and off `avoid`: below it, else above it, else beside it."""
    screen = surf.get_rect()
    r = r.clamp(screen)
    if avoid is None or not r.colliderect(avoid):
        return r
    gap = L.px(6)
    for place in ({"top": avoid.bottom + gap}, {"bottom": avoid.y - gap},
                  {"left": avoid.right + gap}, {"right": avoid.x - gap}):
        moved = r.copy()
        for side, value in place.items():
            setattr(moved, side, value)
        if "left" in place or "right" in place:
            moved.y = max(screen.y, min(r.y, screen.bottom - moved.h))
        else:
            moved.x = max(screen.x, min(r.x, screen.right - moved.w))
        if screen.contains(moved) and not moved.colliderect(avoid):
            return moved
    return r


def raised_card(surf, L: Layout, sp: Sprites, card: int, solo: bool = False) -> pygame.Rect:
    """A small card under the mouse shown whole, never over the board: a Courtyard or Offer
    card big inside the right-hand column (its neighbours are covered while it shows), a hand
    card (big enough to read where it lies) brought in front of the cards overlapping it.
    Returns where it went."""
    r = L.cards[card]
    if r.colliderect(L.regions["bottom"]):
        big = r.copy()
    else:
        big = pygame.Rect(0, 0, L.px(150), L.px(210))
        big.center = r.center
        big.clamp_ip(L.regions["right"].inflate(-L.px(6), -L.px(6)))
    panel(surf, big.move(L.px(4), L.px(5)), (0, 0, 0), radius=L.px(10), alpha=90)
    surf.blit(sp.card(card, big.w, big.h, solo), big)
    return big


def column_note(surf, L: Layout, lines: list[str], big: pygame.Rect) -> pygame.Rect | None:
    """The words of a card raised in the right-hand column (its title first), in that column
    below the card, or above it if there is no room: the board stays clear."""
    if not lines:
        return None
    column = L.regions["right"].inflate(-L.px(6), -L.px(6))
    size, step = L.px(15), L.px(18)
    wrapped = [lines[0], *wrap(" ".join(lines[1:]), size, column.w - L.px(16))]
    r = pygame.Rect(column.x, big.bottom + L.px(6), column.w,
                    len(wrapped) * step + L.px(12))
    if r.bottom > column.bottom:
        r.bottom = big.y - L.px(6)
    r.clamp_ip(column)
    panel(surf, r, (30, 24, 18), border=t.GOLD, radius=L.px(6), alpha=235)
    for i, line in enumerate(wrapped):
        text(surf, line, size, t.GOLD if i == 0 else t.WHITE, bold=i == 0,
             topleft=(r.x + L.px(8), r.y + L.px(6) + i * step))
    return r


def toast(surf, L: Layout, message: str, alpha: float,
          bottom: int | None = None) -> pygame.Rect | None:
    """A message in red over the board's foot (or with its foot at `bottom`); returns where
    it went."""
    if not message:
        return None
    size = L.px(20)
    lines = wrap(message, size, L.px(700))
    w = max(t.font(size).size(s)[0] for s in lines) + L.px(30)
    h = len(lines) * L.px(22) + L.px(16)
    board = L.regions["board"]
    r = pygame.Rect(0, 0, w, h)
    r.midbottom = (board.centerx, board.bottom - L.px(8) if bottom is None else bottom)
    panel(surf, r, (120, 30, 24), border=t.WHITE, radius=L.px(10), alpha=int(230 * alpha))
    for i, s in enumerate(lines):
        text(surf, s, size, t.WHITE, center=(r.centerx, r.y + L.px(18) + i * L.px(22)))
    return r


def thinking(surf, L: Layout, name: str, clock: float):
    """'Bao is thinking…' with a calm light gliding to and fro on a small bar."""
    bottom = L.regions["bottom"]
    r = pygame.Rect(0, 0, L.px(330), L.px(40))
    r.midright = (bottom.right - L.px(12), bottom.centery)
    panel(surf, r, (30, 24, 18), border=t.GOLD, radius=L.px(12), alpha=220)
    text(surf, _("{name} is thinking\u2026", name=name), L.px(19), t.WHITE,
         midleft=(r.x + L.px(14), r.centery))
    bar = pygame.Rect(0, 0, L.px(90), L.px(8))
    bar.midright = (r.right - L.px(14), r.centery)
    pygame.draw.rect(surf, (90, 80, 60), bar, border_radius=bar.h // 2)
    light = pygame.Rect(0, bar.y, bar.w // 3, bar.h)
    light.x = bar.x + round((bar.w - light.w) * (0.5 - 0.5 * math.cos(clock * 2.5)))
    pygame.draw.rect(surf, t.GOLD, light, border_radius=bar.h // 2)


@dataclass(frozen=True)
class CalloutPlace:
    """The call-outs' paper: where it goes, the entries kept on it (oldest first) with their
    lines, and how many earlier ones are left out (told to be in the log)."""

    paper: pygame.Rect
    items: list[Item]
    entries: list[list[str]]
    left_out: int


@dataclass(frozen=True)
class NewsPlace:
    """Where the table's news goes (`place_news`): the AI's moves told, each with its lines
    and strip (from the foot up), and the call-outs' paper above them (None: none shown)."""

    moves: list[tuple[Item, list[str], pygame.Rect]]
    callouts: CalloutPlace | None

    def targets(self) -> dict:
        """A click on the call-outs' paper puts them away."""
        return {("ui", "seen"): self.callouts.paper} if self.callouts is not None else {}


def place_news(L: Layout, items, bottom: int, top: int) -> NewsPlace:
    """Where the table's news (`news.Item`s) goes, stacked up from `bottom` over the board's
    middle column: the AI's latest move at the foot; above it the person's call-outs,
    together on one paper, one entry per move (oldest first). They keep above `top` if they
    can; a long list may reach up to the name plate, and what does not fit even then is said
    to be in the log."""
    column = L.regions["centre"]
    size, step = L.px(17), L.px(18)
    y = bottom
    callouts = [item for item in items if item.to is not None]
    # Room kept for the newest call-out: what touched the person goes before the AI's move,
    # which the log tells too.
    keep = _callout_height(L, callouts[-1:], len(callouts) > 1) + L.px(4) if callouts else 0
    moves = []
    for item in (item for item in items if item.to is None):
        lines = [line for part in item.text.split("\n")
                 for line in wrap(part, size, column.w - L.px(30))]
        while len(lines) > 1 and y - len(lines) * step - L.px(14) - keep < top:
            lines = lines[1:]  # an AI turn's older moves give way (the log has them)
        r = pygame.Rect(column.x, 0, column.w, len(lines) * step + L.px(14))
        r.bottom = y
        if r.y - keep < top:
            break
        moves.append((item, lines, r))
        y = r.y - L.px(4)
    paper = None
    if callouts:
        reach = min(top, L.anchors[("plate", L.focus)].bottom + L.px(4))
        paper = _place_callouts(L, callouts, y, top, reach)
    return NewsPlace(moves, paper)


def news(surf, L: Layout, items, bottom: int, top: int) -> dict:
    """The table's news where `place_news` puts it: the AI's latest move on a dark strip with
    the mover's colour at its side; the call-outs on paper, each entry edged in its mover's
    colour, with one OK (a click on the paper puts them away). Returns the click targets."""
    place = place_news(L, items, bottom, top)
    size, step = L.px(17), L.px(18)
    for item, lines, r in place.moves:
        panel(surf, r, (30, 24, 18), radius=L.px(8), alpha=225)
        _side(surf, L, r, t.SEAT_COLOURS[item.seat])
        for i, line in enumerate(lines):
            text(surf, line, size, t.WHITE, topleft=(r.x + L.px(16), r.y + L.px(7) + i * step))
    if place.callouts is not None:
        _callouts(surf, L, place.callouts)
    return place.targets()


def _side(surf, L: Layout, r: pygame.Rect, colour) -> None:
    """The mover's colour down the left side of a news entry."""
    pygame.draw.rect(surf, colour, (r.x, r.y, L.px(8), r.h), border_top_left_radius=L.px(8),
                     border_bottom_left_radius=L.px(8))


CALLOUT_SIZE, CALLOUT_STEP, CALLOUT_GAP = 17, 18, 6  # design pixels: words, rows, entries


def _callout_lines(L: Layout, item) -> list[str]:
    return wrap(item.text, L.px(CALLOUT_SIZE), L.regions["centre"].w - L.px(30 + 50))


def _callout_height(L: Layout, items, left_out: bool) -> int:
    """The call-outs' paper for `items`, with a row saying some earlier ones are left out."""
    rows = sum(len(_callout_lines(L, item)) for item in items) + (1 if left_out else 0)
    return (rows * L.px(CALLOUT_STEP) + L.px(CALLOUT_GAP) * max(0, len(items) - 1)
            + L.px(14))


def _place_callouts(L: Layout, items, bottom: int, top: int, reach: int) -> CalloutPlace | None:
    """The call-outs' paper with its foot at `bottom`, above `top` if it can, else up to
    `reach`, the oldest left out while it does not fit (None: not even the newest fits)."""
    column = L.regions["centre"]
    step, gap = L.px(CALLOUT_STEP), L.px(CALLOUT_GAP)
    entries = [_callout_lines(L, item) for item in items]
    left_out = 0

    def height(entries, left_out) -> int:
        rows = sum(len(e) for e in entries) + (1 if left_out else 0)
        return rows * step + gap * (len(entries) - 1) + L.px(14)

    if bottom - height(entries, left_out) < top:  # the Cart and Storehouse clear if it can
        top = reach
    while len(entries) > 1 and bottom - height(entries, left_out) < top:
        entries, left_out = entries[1:], left_out + 1  # the oldest are in the log
    r = pygame.Rect(column.x, 0, column.w, height(entries, left_out))
    r.bottom = bottom
    if r.y < top:
        return None
    return CalloutPlace(r, items[left_out:], entries, left_out)


def _callouts(surf, L: Layout, place: CalloutPlace) -> None:
    r, kept = place.paper, place.items
    size, step, gap = L.px(CALLOUT_SIZE), L.px(CALLOUT_STEP), L.px(CALLOUT_GAP)
    panel(surf, r, (252, 244, 222), radius=L.px(8), alpha=245)
    pygame.draw.rect(surf, t.SEAT_COLOURS[kept[-1].seat], r, L.px(3), border_radius=L.px(8))
    y = r.y + L.px(7)
    if place.left_out:
        text(surf, ngettext("{n} earlier: see the game log", "{n} earlier: see the game log",
                            place.left_out), L.px(15), t.INK_SOFT,
             topleft=(r.x + L.px(16), y))
        y += step
    for i, (item, lines) in enumerate(zip(kept, place.entries)):
        if i:  # a rule between two moves
            pygame.draw.line(surf, (214, 198, 164), (r.x + L.px(16), y - gap // 2 - 1),
                             (r.right - L.px(60), y - gap // 2 - 1), max(1, L.px(1)))
        pygame.draw.circle(surf, t.SEAT_COLOURS[item.seat], (r.x + L.px(9), y + step // 2),
                           L.px(4))  # the mover's colour
        for line in lines:
            text(surf, line, size, t.INK, topleft=(r.x + L.px(16), y))
            y += step
        y += gap
    ok = pygame.Rect(0, 0, L.px(44), L.px(28))
    ok.midright = (r.right - L.px(8), r.centery)
    button(surf, ok, "OK", L, colour=(50, 110, 60))


LOG_SIZE, LOG_STEP = 16, 17  # the log's words and rows, in design pixels


def log_wrapped(L: Layout, lines: list[str]) -> list[tuple[str, bool]]:
    """The log's last 200 lines wrapped to the panel: (part, indented)."""
    r = L.regions["log"]
    size = L.px(LOG_SIZE)
    width = r.w - L.px(20)
    wrapped: list[tuple[str, bool]] = []
    for line in lines[-200:]:
        indent = line.startswith("   ")
        for k, part in enumerate(wrap(line.strip(), size, width - (L.px(10) if indent else 0))):
            wrapped.append((part, indent or k > 0))
    return wrapped


def log_rows(L: Layout) -> int:
    """How many wrapped lines the log panel shows at once."""
    return max(1, (L.regions["log"].h - L.px(26)) // L.px(LOG_STEP))


def log_panel(surf, L: Layout, lines: list[str], scroll: int) -> None:
    """The log panel, its newest lines at the foot; `scroll`: wrapped lines scrolled back
    (at most to the first line at the top: never into blank space)."""
    r = L.regions["log"]
    panel(surf, r, (30, 22, 16), radius=L.px(10), alpha=210)
    text(surf, _("GAME LOG (wheel to scroll)"), L.px(15), t.GOLD, topleft=(r.x + L.px(8),
                                                                         r.y + L.px(5)), bold=True)
    size = L.px(LOG_SIZE)
    wrapped = log_wrapped(L, lines)
    rows = log_rows(L)
    scroll = max(0, min(scroll, len(wrapped) - rows))
    end = len(wrapped) - scroll
    shown = wrapped[max(0, end - rows):end]
    y = r.y + L.px(22)
    for part, indent in shown:
        text(surf, part, size, (200, 190, 170) if indent else t.WHITE,
             topleft=(r.x + L.px(8 + (10 if indent else 0)), y))
        y += L.px(LOG_STEP)


def pass_button(L: Layout) -> pygame.Rect:
    """The pass screen's one button, below the window's middle."""
    b = pygame.Rect(0, 0, L.px(320), L.px(56))
    b.center = (L.size[0] // 2, L.size[1] // 2 + L.px(80))
    return b


def pass_screen(surf, L: Layout, name: str, colour) -> dict:
    """The screen that hides the table until `name` is at it; returns its click target."""
    surf.fill((30, 20, 14))
    c = (L.size[0] // 2, L.size[1] // 2)
    text(surf, _("Pass to {name}", name=name), L.px(64), colour,
         center=(c[0], c[1] - L.px(60)), bold=True)
    text(surf, _("{name}'s cards are hidden until {name} is at the screen.", name=name),
         L.px(24),
         t.WHITE, center=(c[0], c[1]))
    b = pass_button(L)
    button(surf, b, _("I am {name}: show my cards", name=name), L, colour=(60, 110, 60))
    return {("ui", "ready"): b}


def card_info(surf, L: Layout, sp: Sprites, card: int, pos, now: str = "",
              solo: bool = False, avoid: pygame.Rect | None = None) -> None:
    """A card's whole text next to the cursor (a long hover on a card); `now`: what it does
    at this moment (a Casual customer's pay), told first."""
    title, body, notes = card_help(card)
    width = L.px(420)
    size = L.px(17)
    lines = wrap(f"{now[0].upper()}{now[1:]}. {body}" if now else body, size,
                 width - L.px(130))
    note_lines = wrap(notes[0], L.px(15), width - L.px(20)) if notes else []
    h = max(L.px(160), L.px(40) + len(lines) * L.px(18)) + len(note_lines) * L.px(16) + L.px(34)
    r = clear_of(surf, L, pygame.Rect(pos[0] + L.px(18), pos[1] + L.px(18), width, h), avoid)
    panel(surf, r, t.PANEL, border=t.GOLD, radius=L.px(8), alpha=245)
    cr = pygame.Rect(r.x + L.px(10), r.y + L.px(10), L.px(100), L.px(140))
    surf.blit(sp.card(card, cr.w, cr.h, solo), cr)
    x = cr.right + L.px(12)
    text(surf, fit(title, L.px(20), r.right - x - L.px(8), True), L.px(20), t.INK,
         topleft=(x, r.y + L.px(10)), bold=True)
    y = r.y + L.px(34)
    for line in lines:
        text(surf, line, size, t.INK, topleft=(x, y))
        y += L.px(18)
    y = max(y, cr.bottom) + L.px(6)
    for line in note_lines:
        text(surf, line, L.px(15), t.INK_SOFT, topleft=(r.x + L.px(10), y))
        y += L.px(16)
    text(surf, _("Right-click: all the rules of this card"), L.px(15), (20, 90, 160),
         topleft=(r.x + L.px(10), r.bottom - L.px(20)), bold=True)
