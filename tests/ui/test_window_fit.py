"""The window opens whole on the player's screen: a size from the settings that would not
fit with the title bar and the desktop's panels is shrunk, keeping its shape."""

from __future__ import annotations

import pytest

from loyang_game.files.settings import MIN_SIZE
from loyang_game.ui.director import SCREEN_MARGIN, fit_window


@pytest.mark.parametrize(("size", "desktop", "fitted"), [
    ((1280, 800), (1280, 800), (1120, 700)),  # the default on a screen of its own size
    ((1280, 800), (1366, 768), (1068, 668)),
    ((1280, 800), (1920, 1080), (1280, 800)),  # room enough: as it is
    ((1280, 800), (1024, 768), MIN_SIZE),  # never below the smallest layout
    ((7680, 4320), (3840, 2160), (3662, 2060)),
])
def test_a_window_from_the_settings_fits_the_screen(size, desktop, fitted):
    result = fit_window(size, desktop)
    assert result == fitted
    if result != MIN_SIZE:
        assert result[0] <= desktop[0] - SCREEN_MARGIN[0]
        assert result[1] <= desktop[1] - SCREEN_MARGIN[1]
        assert abs(result[0] / result[1] - size[0] / size[1]) < 0.01
