"""Drawing the sprites: vegetable tokens, coins, markers, card faces and backs, textures.

Run by `tools/draw_assets.py`, which saves them under `assets/`; the game loads the PNGs
(`sprites.py`). The pawns alone are drawn at run time (`Sprites.pawn`): they take their
seat's colour from the palette in use.
"""

from __future__ import annotations

import math
import random

import pygame

from ..engine.cards import (
    CARDS,
    CASUAL,
    COMMON_FIELD,
    HELPER,
    REGULAR,
    STALL,
    VEG_LETTERS,
    VEG_NAMES,
    CardKind,
)
from . import cardgeom as g
from . import theme as t
from .draw import text, wrap


def _text(surf, s, size, colour, center=None, topleft=None, bold=True):
    """Card lettering: bold unless told otherwise."""
    return text(surf, s, size, colour, center=center, topleft=topleft, bold=bold)


def _darker(c, k=0.6):
    return tuple(int(v * k) for v in c[:3])


# --- tokens ------------------------------------------------------------------------------------

def token(veg: int, size: int = g.TOKEN) -> pygame.Surface:
    """A wooden vegetable token: its own shape, colour and letter."""
    s = size
    surf = pygame.Surface((s, s), pygame.SRCALPHA)
    col, edge = t.VEG_COLOURS[veg], _darker(t.VEG_COLOURS[veg], 0.55)
    m = s * 0.08
    if veg == 0:  # Wheat: a diamond (a sheaf)
        pts = [(s / 2, m), (s - m, s / 2), (s / 2, s - m), (m, s / 2)]
    elif veg == 1:  # Pumpkin: a wide ribbed disc
        pts = None
    elif veg == 2:  # Turnip: a drop pointing down
        arc = [math.pi * (1 + i / 10) for i in range(11)]
        pts = [(s * 0.5, s - m)] + [
            (s / 2 + s * 0.4 * math.cos(a), s * 0.42 + s * 0.34 * math.sin(a)) for a in arc]
    elif veg == 3:  # Cabbage: a hexagon
        pts = [(s / 2 + (s / 2 - m) * math.cos(math.pi / 6 + i * math.pi / 3),
                s / 2 + (s / 2 - m) * math.sin(math.pi / 6 + i * math.pi / 3)) for i in range(6)]
    elif veg == 4:  # Bean: a pill lying down
        pts = None
    else:  # Leek: a tall bar
        pts = [(s * 0.3, m), (s * 0.7, m), (s * 0.7, s - m), (s * 0.3, s - m)]
    shadow = pygame.Surface((s, s), pygame.SRCALPHA)
    if pts:
        pygame.draw.polygon(shadow, (0, 0, 0, 80), [(x + s * 0.04, y + s * 0.05) for x, y in pts])
        surf.blit(shadow, (0, 0))
        pygame.draw.polygon(surf, col, pts)
        pygame.draw.polygon(surf, edge, pts, max(2, s // 20))
    elif veg == 1:
        r = pygame.Rect(m, s * 0.14, s - 2 * m, s * 0.76)
        pygame.draw.ellipse(shadow, (0, 0, 0, 80), r.move(s * 0.04, s * 0.05))
        surf.blit(shadow, (0, 0))
        pygame.draw.ellipse(surf, col, r)
        for k in (0.3, 0.5, 0.7):
            pygame.draw.line(surf, _darker(col, 0.8), (s * k, r.top + 4), (s * k, r.bottom - 4),
                             max(1, s // 40))
        pygame.draw.ellipse(surf, edge, r, max(2, s // 20))
        pygame.draw.rect(surf, (90, 120, 40), (s * 0.44, s * 0.04, s * 0.12, s * 0.14))
    else:  # Bean
        r = pygame.Rect(m, s * 0.26, s - 2 * m, s * 0.48)
        rad = int(s * 0.24)
        pygame.draw.rect(shadow, (0, 0, 0, 80), r.move(s * 0.04, s * 0.05), border_radius=rad)
        surf.blit(shadow, (0, 0))
        pygame.draw.rect(surf, col, r, border_radius=int(s * 0.24))
        pygame.draw.rect(surf, edge, r, max(2, s // 20), border_radius=int(s * 0.24))
    # a soft highlight, then the letter
    hl = pygame.Surface((s, s), pygame.SRCALPHA)
    pygame.draw.ellipse(hl, (255, 255, 255, 60), (s * 0.3, s * 0.22, s * 0.3, s * 0.18))
    surf.blit(hl, (0, 0))
    _text(surf, VEG_LETTERS[veg], int(s * 0.52), t.VEG_LETTER_INK[veg], center=(s / 2, s * 0.53))
    return surf


def coin(size: int = 48, big: bool = False) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size / 2, size / 2)
    pygame.draw.circle(surf, (0, 0, 0, 70), (c[0] + 2, c[1] + 3), size / 2 - 2)
    pygame.draw.circle(surf, (212, 168, 60) if not big else (196, 150, 50), c, size / 2 - 2)
    pygame.draw.circle(surf, (150, 110, 30), c, size / 2 - 2, max(2, size // 16))
    pygame.draw.circle(surf, (240, 210, 110), c, size / 2 - size * 0.14, max(1, size // 24))
    hole = size * 0.16
    pygame.draw.rect(surf, (90, 60, 20), (c[0] - hole, c[1] - hole, 2 * hole, 2 * hole))
    return surf


def marker(col: tuple, size: int = 48) -> pygame.Surface:
    """A scoring marker: a pawn in a seat's colour `col`, outlined in a darker shade."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    edge = max(1, round(size / 24))
    body = [(size * 0.3, size * 0.86), (size * 0.7, size * 0.86), (size * 0.58, size * 0.4),
            (size * 0.42, size * 0.4)]
    pygame.draw.ellipse(surf, (0, 0, 0, 80), (size * 0.18, size * 0.78, size * 0.68, size * 0.18))
    pygame.draw.polygon(surf, col, body)
    pygame.draw.circle(surf, col, (size * 0.5, size * 0.3), size * 0.18)
    pygame.draw.circle(surf, _darker(col), (size * 0.5, size * 0.3), size * 0.18, edge)
    pygame.draw.polygon(surf, _darker(col), body, edge)
    return surf


def start_token(big: bool, size: int = 56) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    r = size / 2 - 2 if big else size * 0.36
    c = (size / 2, size / 2)
    pygame.draw.circle(surf, (0, 0, 0, 80), (c[0] + 2, c[1] + 3), r)
    pygame.draw.circle(surf, (170, 40, 40), c, r)
    pygame.draw.circle(surf, (250, 210, 90), c, r, max(2, size // 18))
    _text(surf, "1" if big else "2", int(r * 1.3), (250, 220, 120), center=c)
    return surf


def bowl(size: int = 26) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.ellipse(surf, (120, 80, 40), (0, size * 0.25, size, size * 0.7))
    pygame.draw.ellipse(surf, (170, 120, 70), (size * 0.12, size * 0.25, size * 0.76, size * 0.3))
    return surf


# --- textures ----------------------------------------------------------------------------------

def wood(size: int = 256) -> pygame.Surface:
    rng = random.Random(7)
    surf = pygame.Surface((size, size))
    surf.fill(t.TABLE)
    for y in range(size):
        k = 0.9 + 0.1 * math.sin(y * 0.21 + 2 * math.sin(y * 0.037))
        shade = tuple(min(255, int(c * k)) for c in t.TABLE)
        pygame.draw.line(surf, shade, (0, y), (size, y))
    for _ in range(40):
        y = rng.randrange(size)
        x = rng.randrange(size)
        pygame.draw.line(surf, t.TABLE_DARK, (x, y), (x + rng.randrange(20, 90), y), 1)
    return surf


def paper(size: int = 256) -> pygame.Surface:
    rng = random.Random(3)
    surf = pygame.Surface((size, size))
    surf.fill(t.PANEL)
    for _ in range(1400):
        x, y = rng.randrange(size), rng.randrange(size)
        d = rng.randrange(-10, 8)
        surf.set_at((x, y), tuple(max(0, min(255, c + d)) for c in t.PANEL))
    return surf


# --- cards -------------------------------------------------------------------------------------

def _frame(w: int, h: int, kind: CardKind) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    dark, light = t.KIND_COLOURS[kind]
    pygame.draw.rect(surf, dark, (0, 0, w, h), border_radius=12)
    pygame.draw.rect(surf, light, (6, g.HEADER, w - 12, h - g.HEADER - 6), border_radius=8)
    return surf


def _veg_row(surf, vegs, x, y, size, gap=4):
    for i, veg in enumerate(vegs):
        surf.blit(token(veg, size), (x + i * (size + gap), y))


def short_text(name: str, solo: bool) -> str:
    """A Helper's few words on its face (as it works in the solo game when `solo`)."""
    return (t.HELPER_SHORT_SOLO.get(name) if solo else None) or t.HELPER_SHORT[name]


def tile(card_id: int, solo: bool = False) -> pygame.Surface:
    """The landscape face of a played card (stall, customer, Helper); `solo`: a Helper's
    face as it works in the solo game."""
    card = CARDS[card_id]
    surf = _frame(g.TILE_W, g.TILE_H, card.kind)
    white = t.WHITE
    if card.kind == STALL:
        _text(surf, f"Market stall {card.code}", 26, white, topleft=(14, 5))
        for i, (veg, bowls) in enumerate(card.offers):
            x, y, w, h = g.stall_offer(i)
            pygame.draw.rect(surf, (255, 244, 226), (x, y, w, h), border_radius=8)
            surf.blit(token(veg, 60), (x + 4, y + (h - 60) // 2))
            for b in range(bowls):
                surf.blit(bowl(30), (x + 68, y + 8 + b * 30))
    elif card.kind == REGULAR:
        _text(surf, f"Regular {card.code}", 26, white, topleft=(14, 5))
        if card.start:
            pygame.draw.circle(surf, (120, 180, 255), (g.TILE_W - 60, 15), 7)
        _veg_row(surf, card.wants, 12, 44, 62, 6)
        for i, pay in enumerate(card.pays):
            x, y, w, h = g.regular_row(i)
            pygame.draw.rect(surf, (255, 255, 255), (x, y, w, h), border_radius=6)
            pygame.draw.rect(surf, (46, 98, 176), (x, y, w, h), 2, border_radius=6)
            _text(surf, str(pay), 40, t.INK, center=(x + w / 2, y + h / 2 - 6))
            _text(surf, ("1st", "2nd", "3rd", "4th")[i], 20, t.INK_SOFT,
                  center=(x + w / 2, y + h - 12), bold=False)
    elif card.kind == CASUAL:
        _text(surf, f"Casual {card.code}", 26, white, topleft=(14, 5))
        _veg_row(surf, card.wants, 12, 42, 66, 6)
        surf.blit(coin(70), (240, 38))
        _text(surf, str(card.pays[0]), 52, t.INK, center=(330, 74))
    elif card.kind == HELPER:
        _text(surf, card.name, 28, white, topleft=(14, 4))
        lines = wrap(short_text(card.name, solo), 27, g.TILE_W - 36)
        for i, line in enumerate(lines[:3]):
            _text(surf, line, 27, t.INK, topleft=(18, g.HEADER + 8 + i * 24), bold=False)
    else:
        _text(surf, card.name, 26, white, topleft=(14, 5))
    return surf


def portrait(card_id: int, solo: bool = False) -> pygame.Surface:
    """The upright face of a card (hand, Courtyard, Offer, fields, dialogs); `solo`: a
    Helper's face as it works in the solo game."""
    card = CARDS[card_id]
    w, h = g.CARD_W, g.CARD_H
    surf = _frame(w, h, card.kind)
    white, ink = t.WHITE, t.INK
    if card.kind == STALL:
        _text(surf, f"Stall {card.code}", 26, white, topleft=(10, 6))
        for i, (veg, bowls) in enumerate(card.offers):
            y = g.HEADER + 6 + i * 58
            pygame.draw.rect(surf, (255, 244, 226), (12, y, w - 24, 52), border_radius=8)
            surf.blit(token(veg, 48), (18, y + 2))
            for b in range(bowls):
                surf.blit(bowl(28), (76 + b * 30, y + 14))
    elif card.kind == REGULAR:
        _text(surf, f"Regular {card.code}", 26, white, topleft=(10, 6))
        if card.start:
            pygame.draw.circle(surf, (120, 180, 255), (w - 14, 15), 7)
        _veg_row(surf, card.wants, 14, g.HEADER + 6, 56, 8)
        for i, pay in enumerate(card.pays):  # the 1st delivery at the bottom, as printed
            y = h - 34 - i * 28
            pygame.draw.rect(surf, (255, 255, 255), (24, y, w - 48, 24), border_radius=5)
            _text(surf, f"{('1st', '2nd', '3rd', '4th')[i]}   {pay}", 24, ink,
                  center=(w / 2, y + 12))
    elif card.kind == CASUAL:
        _text(surf, f"Casual {card.code}", 26, white, topleft=(10, 6))
        _veg_row(surf, card.wants, 10, g.HEADER + 10, 40, 4)
        pygame.draw.circle(surf, (150, 110, 30), (76, 142), 40)
        pygame.draw.circle(surf, (236, 196, 90), (75, 140), 38)
        _text(surf, str(card.pays[0]), 60, ink, center=(75, 142))
    elif card.kind == HELPER:
        _text(surf, "Helper", 24, white, topleft=(10, 7))
        y = g.HEADER + 6
        for line in wrap(card.name, 27, w - 24, bold=True):
            _text(surf, line, 27, ink, topleft=(12, y))
            y += 26
        for line in wrap(short_text(card.name, solo), 23, w - 24)[:6]:
            _text(surf, line, 23, t.INK_SOFT, topleft=(12, y + 4), bold=False)
            y += 20
    else:  # fields
        common = card.kind == COMMON_FIELD
        title = "Home field" if card.code == "Home" else ("Common" if common else "Field")
        _text(surf, title, 25, white, topleft=(10, 6))
        _text(surf, str(card.spaces), 40, ink, topleft=(14, g.HEADER + 6))
        for i, veg in enumerate(card.sowable):
            surf.blit(token(veg, 26), (54 + (i % 3) * 28, g.HEADER + 4 + (i // 3) * 24))
        if common:
            surf.blit(coin(30), (w - 40, 3))
            _text(surf, "2", 22, ink, center=(w - 25, 18))
        x, y, fw, fh = g.field_spaces()
        pygame.draw.rect(surf, (180, 150, 100), (x, y, fw, fh), border_radius=8)
        pygame.draw.rect(surf, (140, 110, 70), (x, y, fw, fh), 2, border_radius=8)
    return surf


def back(private_field: bool) -> pygame.Surface:
    w, h = g.CARD_W, g.CARD_H
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    col = (60, 110, 56) if private_field else (120, 78, 44)
    pygame.draw.rect(surf, col, (0, 0, w, h), border_radius=12)
    pygame.draw.rect(surf, _darker(col, 0.7), (8, 8, w - 16, h - 16), 3, border_radius=8)
    for i in range(-h, w, 18):
        pygame.draw.line(surf, _darker(col, 0.85), (i, 8), (i + h, h - 8), 2)
    pygame.draw.circle(surf, (230, 200, 120), (w / 2, h / 2), 26)
    pygame.draw.circle(surf, _darker(col, 0.7), (w / 2, h / 2), 26, 3)
    _text(surf, "L", 40, _darker(col, 0.6), center=(w / 2, h / 2 + 2))
    return surf


def loan_card() -> pygame.Surface:
    surf = pygame.Surface((90, 60), pygame.SRCALPHA)
    pygame.draw.rect(surf, (230, 220, 200), (0, 0, 90, 60), border_radius=8)
    pygame.draw.rect(surf, (150, 40, 40), (0, 0, 90, 60), 3, border_radius=8)
    _text(surf, "Loan", 26, (150, 40, 40), center=(45, 20))
    _text(surf, "+5 / -1", 22, t.INK, center=(45, 44))
    return surf


def build_all() -> dict[str, pygame.Surface]:
    """Every sprite by its file name (without .png)."""
    out: dict[str, pygame.Surface] = {}
    for veg in range(6):
        out[f"veg_{VEG_NAMES[veg].lower()}"] = token(veg)
    out["coin"] = coin(48)
    out["coin_big"] = coin(64, big=True)
    out["start_big"] = start_token(True)
    out["start_small"] = start_token(False)
    out["wood"] = wood()
    out["paper"] = paper()
    out["back_action"] = back(False)
    out["back_field"] = back(True)
    out["loan"] = loan_card()
    for card in CARDS:
        out[f"card_{card.id}"] = portrait(card.id)
        if card.kind in (STALL, REGULAR, CASUAL, HELPER):
            out[f"tile_{card.id}"] = tile(card.id)
    return out

