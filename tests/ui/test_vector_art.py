"""The pieces drawn from their vectors (issue 48, item 1): the six vegetables, the coins, the
start-player markers, the pawns and the satisfaction markers come from assets/art/*.svg at the
size they are shown at, kept within the sprites' budget, and the vegetables are told apart
without colour."""

from __future__ import annotations

import itertools

import pygame
import pytest

from loyang_game.engine.cards import VEG_NAMES
from loyang_game.ui import art
from loyang_game.ui.sprites import Sprites


@pytest.fixture(scope="module")
def sprites():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1280, 800))
    yield Sprites()
    pygame.display.quit()


def grey(surf: pygame.Surface) -> list[list[int]]:
    """`surf` on white paper, in greys (luma), as rows of 0-255: what a player who tells no
    colours apart sees."""
    w, h = surf.get_size()
    paper = pygame.Surface((w, h))
    paper.fill((255, 255, 255))
    paper.blit(surf, (0, 0))
    return [[round(0.299 * c.r + 0.587 * c.g + 0.114 * c.b)
             for c in (paper.get_at((x, y)) for x in range(w))] for y in range(h)]


def difference(a: list[list[int]], b: list[list[int]]) -> float:
    """The share of pixels whose grey differs by more than a third of the scale."""
    cells = [abs(p - q) > 85 for ra, rb in zip(a, b) for p, q in zip(ra, rb)]
    return sum(cells) / len(cells)


@pytest.mark.parametrize("size", [18, 28, 48])
def test_the_six_vegetables_are_told_apart_in_grey(sprites, size):
    """Each vegetable keeps a shape and a letter of its own: in a greyscale render any two of
    them differ in a good part of their pixels (their outlines and letters, not their hue)."""
    greys = [grey(sprites.veg(veg, size)) for veg in range(6)]
    for a, b in itertools.combinations(range(6), 2):
        assert difference(greys[a], greys[b]) > 0.08, (VEG_NAMES[a], VEG_NAMES[b], size)


def test_each_vegetable_letter_is_drawn_on_its_shape(sprites):
    """The letter alone (the token with and without it) covers pixels of its own in grey."""
    for veg in range(6):
        bare = grey(art.vector(art.VEG_FILES[veg], 48))
        lettered = grey(sprites.veg(veg, 48))
        assert difference(bare, lettered) > 0.015, VEG_NAMES[veg]


@pytest.mark.parametrize("size", [14, 40, 120])
def test_pieces_are_drawn_at_the_size_shown_not_scaled(sprites, size):
    """A piece asked for at a size is the vector drawn at that size: the same pixels as
    drawing the file there, with hard edges (a PNG scaled up would be blurred)."""
    for name in art.VECTORS:
        img = sprites.get(name, (size, size))
        assert img.get_size() == (size, size)
        direct = art.piece(name, size, size)
        assert pygame.image.tobytes(img, "RGBA") == pygame.image.tobytes(
            direct.convert_alpha(), "RGBA"), name
    # crisp: at 120 pixels the coin's rim goes from clear to opaque within two pixels
    coin = sprites.get("coin", (120, 120))
    row = [coin.get_at((x, 62))[3] for x in range(0, 20)]
    first = next(x for x, a in enumerate(row) if a > 10)
    assert row[first + 2] > 200


def test_pawns_and_satisfaction_markers_follow_the_palette(sprites):
    from loyang_game.ui import theme as t

    blue = sprites.satisfaction(False, 40)
    red = sprites.satisfaction(True, 40)
    assert blue.get_at((8, 20))[:3] != red.get_at((8, 20))[:3]
    assert difference(grey(blue), grey(red)) > 0.05  # the ring and the "!" differ in grey
    pawn = sprites.pawn(0, 40)
    t.set_palette(True)
    try:
        assert pygame.image.tobytes(sprites.pawn(0, 40), "RGBA") != pygame.image.tobytes(
            pawn, "RGBA")
    finally:
        t.set_palette(False)


def test_the_pieces_stay_within_the_sprite_budget(sprites):
    """Drawn at many sizes (a window resized again and again) the pieces kept never pass the
    sprites' budget of bytes."""
    cache = sprites._scaled
    for size in range(10, 160, 3):
        for veg in range(6):
            sprites.veg(veg, size)
        sprites.get("coin", (size, size))
        sprites.pawn(1, size)
        assert cache.bytes <= cache.budget


def test_every_vector_is_shipped():
    from tests.test_download import build_download

    listed = {path.name for path, _ in build_download.bundled_data()}
    files = {p.name for p in art.art_dir().glob("*.svg")}
    needed = {"pawn", "satisfied", "unsatisfied", "back", "frame_portrait", "frame_tile",
              *(name for name in art.VECTORS if not name.startswith("back_"))}
    assert {f"{name}.svg" for name in needed} <= files
    assert files <= listed


@pytest.mark.parametrize("size", [(18, 25), (75, 105), (150, 210), (300, 420)])
def test_card_backs_are_drawn_at_their_size(sprites, size):
    """The backs of the decks (the action cards' brown, the private fields' green) drawn from
    their vector at the size shown, and told apart."""
    action, field = sprites.back(False, *size), sprites.back(True, *size)
    assert action.get_size() == field.get_size() == size
    centre = (size[0] // 5, size[1] // 2)
    assert action.get_at(centre)[:3] != field.get_at(centre)[:3]
    assert pygame.image.tobytes(action, "RGBA") == pygame.image.tobytes(
        art.back(False, *size).convert_alpha(), "RGBA")


@pytest.mark.parametrize("size", [(60, 84), (75, 105), (300, 420)])
def test_card_faces_are_drawn_at_the_size_shown(sprites, size):
    """A card's face asked for at a size is drawn there (its words in the game's font at
    their size, its pieces from their vectors), not its design-size face scaled; at the
    design size the drawing is the one `base` holds."""
    from loyang_game.engine.cards import CARDS
    from loyang_game.ui.cardgeom import CARD_H, CARD_W, TILE_H, TILE_W

    for card in (0, 30, 50, 60, 80, 100):
        face = sprites.card(card, *size)
        assert pygame.image.tobytes(face, "RGBA") == pygame.image.tobytes(
            art.portrait(card, False, *size).convert_alpha(), "RGBA"), CARDS[card].name
        scaled = pygame.transform.smoothscale(sprites.base[f"card_{card}"], size)
        assert pygame.image.tobytes(face, "RGBA") != pygame.image.tobytes(scaled, "RGBA")
    tile_size = (size[0] * 2, round(size[0] * 2 * TILE_H / TILE_W))
    for card in (20, 35, 40, 60):
        face = sprites.tile(card, *tile_size)
        assert pygame.image.tobytes(face, "RGBA") == pygame.image.tobytes(
            art.tile(card, False, *tile_size).convert_alpha(), "RGBA"), CARDS[card].name
    at_png = art.portrait(30, False, CARD_W, CARD_H).convert_alpha()
    assert pygame.image.tobytes(at_png, "RGBA") == pygame.image.tobytes(
        sprites.base["card_30"], "RGBA")
