"""Screenshots before and after, side by side: for each name, the picture from the "before"
folder on the left and the one from the "after" folder (docs/ by default) on the right, at
their full size, under a caption, written as one PNG into the output folder.

    python tools/side_by_side.py BEFORE_DIR [--after docs] [--out docs/before-after] [NAME...]

Without names, the pictures issue 48 asks for: the 2-player, 4-player and solo tables, a
hand of six cards, a Helper's rules page and the end panel at 1280x800 and 1024x640, and the
2-player table at 2560x1600. A name missing on either side is said and skipped.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ("table-2seat", "table-4seat", "table-solo", "hand-six", "scene-rules-helper", "end")
NAMES = (*(f"{shot}-{size}.png" for size in ("1280x800", "1024x640") for shot in SHOTS),
         "table-2seat-2560x1600.png")
GAP, CAPTION = 16, 34  # pixels between the two pictures, and the caption's band above them
INK, PAPER = (246, 232, 204), (40, 24, 16)


def pair(before: Path, after: Path, out: Path, label: str) -> None:
    """`before` and `after` side by side under a caption, saved as `out`."""
    import pygame

    left, right = pygame.image.load(str(before)), pygame.image.load(str(after))
    scale = max(1, right.get_height() // 800)  # the caption as large at 2560x1600 as at 1280
    band = CAPTION * scale
    w = left.get_width() + GAP * scale + right.get_width()
    h = band + max(left.get_height(), right.get_height())
    sheet = pygame.Surface((w, h))
    sheet.fill(PAPER)
    font = pygame.font.Font(str(ROOT / "assets" / "fonts" / "Lato-Bold.ttf"), 18 * scale)
    x = 0
    for picture, words in ((left, f"Before: {label}"), (right, f"After: {label}")):
        caption = font.render(words, True, INK)
        sheet.blit(caption, (x + 10 * scale, (band - caption.get_height()) // 2))
        sheet.blit(picture, (x, band))
        x += picture.get_width() + GAP * scale
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(out))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", type=Path, help="the folder of the pictures before")
    parser.add_argument("--after", type=Path, default=ROOT / "docs")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "before-after")
    parser.add_argument("names", nargs="*", default=list(NAMES))
    args = parser.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.init()
    missing = 0
    for name in args.names:
        before, after = args.before / name, args.after / name
        if not before.is_file() or not after.is_file():
            where = before.parent if not before.is_file() else after.parent
            print(f"skipped {name}: not in {where}")
            missing += 1
            continue
        out = args.out / name
        pair(before, after, out, name.removesuffix(".png"))
        print(f"wrote {out} ({out.stat().st_size // 1024} KB)")
    sys.exit(1 if missing else 0)


if __name__ == "__main__":
    main()
