"""Draw the table's textures (the wood, the paper) and save them under assets/ as PNGs (run
after changing their drawing in art.py; every other sprite is drawn by the game at the size
it is shown at, the card faces in the player's language):

    python3 tools/draw_assets.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from loyang_game.ui import art  # noqa: E402


def main() -> int:
    pygame.display.init()
    pygame.font.init()
    out = ROOT / "assets"
    out.mkdir(exist_ok=True)
    sprites = art.build_all()
    for name, surf in sprites.items():
        pygame.image.save(surf, str(out / f"{name}.png"))
    print(f"{len(sprites)} textures written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
