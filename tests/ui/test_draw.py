"""A greyed button reads as off at a glance: its words are grey, not the white of one that
works."""

import pygame

from loyang_game.engine import GameConfig, new_game
from loyang_game.ui.draw import GREYED, button
from loyang_game.ui.layout import build


def _colours(enabled: bool) -> set:
    pygame.init()
    surf = pygame.Surface((300, 80))
    L = build(new_game(GameConfig(seats=2, seed=1)), 0, (1280, 800), hand_seat=None,
              bar_buttons=[])
    r = pygame.Rect(10, 10, 200, 44)
    button(surf, r, "Take a Loan (+5)", L, enabled=enabled, hover=True)
    return {tuple(surf.get_at((x, y)))[:3] for x in range(r.x, r.right)
            for y in range(r.y, r.bottom)}


def test_a_greyed_button_has_grey_words_and_ignores_hover():
    on, off = _colours(True), _colours(False)
    def bright(colours: set) -> bool:
        return any(min(c) > 220 for c in colours)  # the white of the words, smoothed

    assert bright(on) and not bright(off)
    assert GREYED in off and GREYED not in on
