"""The colour-blind check on the table itself (issue 48, item 1): the six vegetables told apart
in a greyscale render of the table, each as it is drawn there, on the table's own grounds (the
Shop's stands, the fields' soil, the Storehouse's crates, the Cart's planks) and at the sizes
the table draws them at 1280x800 and 1024x640 (17 to 40 pixels).

    python -m tests.ui.test_grey_table   (each pair's difference on each ground, in figures)
"""

from __future__ import annotations

import itertools

import numpy as np
import pygame
import pytest

from loyang_game.engine.cards import NONE, VEG_NAMES
from loyang_game.engine.state import FieldSlot
from loyang_game.files.settings import Settings
from loyang_game.play.session import GameSession
from loyang_game.ui import art, render
from loyang_game.ui import theme as t
from loyang_game.ui.director import Director
from loyang_game.ui.scenes import SCENES

from ..engine.helper_scenarios import turn

SIZES = [(1280, 800), (1024, 640)]
GROUNDS = ("shop", "field", "store", "cart")
STEP = 85  # grey levels of 255: a third of the scale
SHARE = 0.10  # of a vegetable's square


def _grey(surf: pygame.Surface) -> np.ndarray:
    """`surf` in greys (luma, 0-255) by x and y: what a player who tells no colours apart
    sees."""
    rgb = pygame.surfarray.array3d(surf).astype(float)
    return 0.299 * rgb[..., 0] + 0.587 * rgb[..., 1] + 0.114 * rgb[..., 2]


class Watched(pygame.Surface):
    """A window that notes where each vegetable of `tokens` (a drawn token's id: its
    vegetable) was blitted."""

    def __init__(self, size, tokens: dict[int, int]) -> None:
        super().__init__(size)
        self.tokens = tokens
        self.placed: list[tuple[int, pygame.Rect]] = []

    def blit(self, source, dest, area=None, special_flags=0):
        r = super().blit(source, dest, area, special_flags)
        veg = self.tokens.get(id(source))
        if veg is not None:
            self.placed.append((veg, pygame.Rect(r)))
        return r


def _frames(size) -> list[tuple[np.ndarray, list[tuple[int, pygame.Rect]], dict]]:
    """Two renders of a 2-player table in the Action phase, as greys (by row and column), with
    where each vegetable went and the grounds' places: the person's Shop and Cart hold every
    vegetable, the Storehouse four of them each time and the fields three."""
    out = []
    for part in (0, 1):
        d = Director(SCENES, Settings(speed="off", hints=False), size=size, fullscreen=False,
                     fps_cap=0)
        state, seat = turn(2, seed=3)
        kinds = ["normal", "normal"]
        kinds[seat] = "person"
        p = state.players[seat]
        p.shop = [1, 2, 1, 2, 1, 2]
        p.cart = [1] * 6
        p.upgraded = True
        p.store = [int(veg in range(part * 2, part * 2 + 4)) for veg in range(6)]
        p.fields = [FieldSlot(card, NONE, veg, 2) for card, veg in zip(
            [p.fields[0].card, *p.pile[:2]], range(part * 3, part * 3 + 3), strict=True)]
        app = d.open("table", game=GameSession(state, kinds, ai_seed=1, autosave=False,
                                               record=False))
        sp = app.sprites
        tokens: dict[int, int] = {}
        veg_of = sp.veg

        def veg(v, px, veg_of=veg_of, tokens=tokens):
            img = veg_of(v, px)
            tokens[id(img)] = v
            return img

        surf = Watched(size, tokens)
        L = app.view.layout()
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(sp, "veg", veg)
            render.draw_table(surf, state, L, sp, app.model().view())
        grounds = {"shop": [L.anchors[("shop", seat, v)] for v in range(6)],
                   "field": [L.cards[slot.card] for slot in p.fields],
                   "store": [L.anchors[("store", seat)]],
                   "cart": [L.anchors[("cartbox", seat)]]}
        out.append((_grey(surf).T, list(surf.placed), grounds))
        d.close()
    return out


def crops(size) -> dict[str, dict[int, np.ndarray]]:
    """Each vegetable's square in grey as the table drew it, by ground: the first one drawn
    there that no other vegetable overlaps."""
    found: dict[str, dict[int, np.ndarray]] = {ground: {} for ground in GROUNDS}
    for luma, placed, grounds in _frames(size):
        for veg, r in placed:
            ground = next((g for g in GROUNDS
                           if any(a.collidepoint(r.center) for a in grounds[g])), None)
            if ground is None or veg in found[ground]:
                continue
            if any(o.colliderect(r) for v, o in placed if o != r):
                continue
            found[ground][veg] = luma[r.top:r.bottom, r.left:r.right]
    return found


def difference(a: np.ndarray, b: np.ndarray) -> float:
    """The share of the square whose grey differs by more than STEP."""
    return float(np.mean(np.abs(a - b) > STEP))


def figures(size) -> dict[str, dict[tuple[int, int], float]]:
    found = crops(size)
    return {ground: {(a, b): difference(found[ground][a], found[ground][b])
                     for a, b in itertools.combinations(range(6), 2)} for ground in GROUNDS}


@pytest.fixture(scope="module", params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def table_figures(request):
    return request.param, figures(request.param)


@pytest.mark.parametrize("ground", GROUNDS)
def test_the_six_vegetables_are_told_apart_in_grey_on_the_table(table_figures, ground):
    """Seen in greys only (no hue), any two vegetables drawn on the same ground of the table
    differ by more than STEP grey levels in at least SHARE of their square.

    STEP, a third of the grey scale: the step between black, dark grey, light grey and white,
    plain at a glance even on a dim screen or in print, where two fills a few levels apart
    (an orange and a green of like lightness) read as one grey. SHARE, a tenth of the
    square: more than both letters' strokes together (each covers 2-6% of its square at
    these sizes), so two vegetables pass only when their shapes (outline, silhouette, ribs)
    differ as well as their letters, as a whole shape does, not by a seam or a few pixels.
    The art of before this test had Pumpkin and Bean 1%, Pumpkin and Turnip 2% apart."""
    size, found = table_figures
    close = {f"{VEG_NAMES[a]}-{VEG_NAMES[b]}": round(share, 3)
             for (a, b), share in found[ground].items() if share < SHARE}
    assert not close, (size, ground)


def test_each_letter_is_inked_far_from_its_fill_in_grey(display):
    """A vegetable's letter is at least half the grey scale (128 levels) from the fill under
    it, at every size the table draws it: dark on the light vegetables, white on the dark."""
    for veg in range(6):
        for px in (17, 22, 28, 34, 40):
            bare = _grey(art.vector(art.VEG_FILES[veg], px))
            lettered = _grey(art.token(veg, px))
            under = bare[np.abs(lettered - bare) > 10]  # the fill where the letter lies
            r, g, b = t.VEG_LETTER_INK[veg]
            ink = 0.299 * r + 0.587 * g + 0.114 * b
            assert abs(ink - float(np.median(under))) > 128, (VEG_NAMES[veg], px)


@pytest.fixture
def display():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))
    yield
    pygame.display.quit()


if __name__ == "__main__":
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    for size in SIZES:
        for ground, pairs in figures(size).items():
            print(f"{size[0]}x{size[1]} {ground}:", "  ".join(
                f"{VEG_NAMES[a][:2]}-{VEG_NAMES[b][:2]} {share:.1%}"
                for (a, b), share in sorted(pairs.items(), key=lambda kv: kv[1])))
