"""Drawing helpers every scene uses: text (rendered once per string, size and colour), text
fitted to a width or wrapped into lines, panels, buttons and a dimming veil."""

from __future__ import annotations

import pygame

from . import theme as t
from .cache import SurfaceCache

GREYED = (80, 70, 60)  # the face of a button that does nothing now
GREYED_EDGE = (125, 112, 95)
GREYED_WORDS = (165, 155, 140)

# The words rendered, kept by their pixels: a frame draws under a fifth of its window's worth
# of words (at 1280x800 the table's about 130 strings are 0.4 MB, a Helper's rules page 0.7
# MB), so two windows' worth (8 MB there, and never less) keeps every frame's words and those
# of the frames around it (the log's lines as it scrolls, the menus gone back to), while the
# words of games long over are let go.
_WORDS = SurfaceCache(screens=2, least=8 * 2**20)


def rendered(s: str, size: int, colour: tuple, bold: bool = False) -> pygame.Surface:
    """`s` drawn in the default font (kept: the same words are drawn every frame)."""
    key = (s, size, colour, bold)
    img = _WORDS.get(key)
    if img is None:
        img = _WORDS.put(key, t.font(size, bold).render(s, True, colour))
    return img


def text(surf, s: str, size: int, colour, *, topleft=None, center=None, midleft=None,
         midright=None, bold=False) -> pygame.Rect:
    """Draw `s` placed by one of its points; returns where it went."""
    img = rendered(s, size, tuple(colour), bold)
    if topleft is not None:
        r = img.get_rect(topleft=topleft)
    elif center is not None:
        r = img.get_rect(center=center)
    elif midleft is not None:
        r = img.get_rect(midleft=midleft)
    elif midright is not None:
        r = img.get_rect(midright=midright)
    else:
        r = img.get_rect()
    surf.blit(img, r)
    return r


def fit(s: str, size: int, width: int, bold=False) -> str:
    """`s`, cut with an ellipsis to be no wider than `width`."""
    f = t.font(size, bold)
    if f.size(s)[0] <= width:
        return s
    low, high = 0, len(s)  # the longest cut that fits lies in low..high-1: found by halving
    while low < high - 1:
        middle = (low + high) // 2
        if f.size(s[:middle] + "…")[0] <= width:
            low = middle
        else:
            high = middle
    return s[:low] + "…"


def wrap(s: str, size: int, width: int, bold=False) -> list[str]:
    """The words of `s` in lines no wider than `width` (a lone long word keeps its own line)."""
    return t.wrap(s, t.font(size, bold), width)


def panel(surf, r: pygame.Rect, colour=t.PANEL, border=None, radius=10, alpha=None) -> None:
    """A rounded rectangle, see-through when `alpha` is given, with an optional border."""
    if alpha is not None:
        tmp = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(tmp, (*colour, alpha), tmp.get_rect(), border_radius=radius)
        surf.blit(tmp, r)
    else:
        pygame.draw.rect(surf, colour, r, border_radius=radius)
    if border:
        pygame.draw.rect(surf, border, r, 2, border_radius=radius)


def button(surf, r: pygame.Rect, label: str, L, *, lit=False, hover=False,
           colour=(120, 70, 40), enabled=True) -> None:
    """A raised button; `lit` (keyboard focus) gets the highlight border; one not `enabled`
    (it does nothing now) is greyed, words and edge too, so it reads as off at a glance."""
    if not enabled:
        colour, hover = GREYED, False
    base = tuple(min(255, c + 30) for c in colour) if hover else colour
    pygame.draw.rect(surf, (20, 12, 8), r.move(0, L.px(2)), border_radius=L.px(8))
    pygame.draw.rect(surf, base, r, border_radius=L.px(8))
    edge = t.HIGHLIGHT if lit else (200, 170, 120) if enabled else GREYED_EDGE
    pygame.draw.rect(surf, edge, r, L.px(2), border_radius=L.px(8))
    room = r.w - L.px(10)
    size = next((L.px(v) for v in (19, 16) if t.font(L.px(v), True).size(label)[0] <= room),
                L.px(14))
    text(surf, fit(label, size, r.w - L.px(10), True), size,
         t.WHITE if enabled else GREYED_WORDS, center=r.center, bold=True)


def dim(surf, r: pygame.Rect | None = None, alpha=140) -> None:
    """Darken `r` (the whole surface if None): what is under a dialog."""
    r = r or surf.get_rect()
    shade = pygame.Surface(r.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    surf.blit(shade, r)
