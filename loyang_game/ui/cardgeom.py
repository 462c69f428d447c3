"""Where things sit on a card image, shared by the sprite script (art.py) and the table.

All numbers are in the card images' own pixels (they are drawn at twice the design size);
`scaled` turns one into a rectangle on the screen for a card drawn at `dest`.
"""

from __future__ import annotations

import pygame

TOKEN = 64  # vegetable token sprite size
TILE_W, TILE_H = 360, 120  # landscape tile: played stalls, customers, Helpers
CARD_W, CARD_H = 150, 210  # portrait card: hand, Courtyard, Offer, fields, dialogs
HEADER = 30  # the top line of a tile (what a Two-pack stack shows of its lower card)


def stall_offer(i: int) -> tuple[int, int, int, int]:
    return (10 + i * 116, HEADER + 6, 108, TILE_H - HEADER - 14)


def regular_row(i: int) -> tuple[int, int, int, int]:
    """The price box of the (i+1)-th delivery (left to right: 1st .. 4th)."""
    return (150 + i * 52, HEADER + 10, 48, TILE_H - HEADER - 22)


def regular_marker() -> tuple[int, int, int, int]:
    return (TILE_W - 34, 2, 26, 26)


def field_spaces() -> tuple[int, int, int, int]:
    """The part of a portrait field card where its tokens lie."""
    return (12, 78, CARD_W - 24, CARD_H - 90)


def scaled(part: tuple[int, int, int, int], dest: pygame.Rect, art_w: int) -> pygame.Rect:
    k = dest.w / art_w
    x, y, w, h = part
    return pygame.Rect(dest.x + round(x * k), dest.y + round(y * k), round(w * k), round(h * k))
