"""The download's program: what `tools/build_download.py` freezes with PyInstaller into
`loyang` (`loyang.exe`, `Loyang.app`). The same `loyang` as the installed command, made fit
for a frozen program:

- `multiprocessing.freeze_support()` first: the AI's worker processes (hard's play-ons, the
  process thinker) are started by "spawn", which runs this very program again with the
  worker's arguments; without it each would open a game of its own;
- a program built without a console (Windows, macOS) has no stdout or stderr at all: they are
  pointed at the null device, so a print or a library's message is lost quietly rather than
  an error (the game's own problems go to loyang.log in the save folder).
"""

from __future__ import annotations

import multiprocessing
import os
import sys


def main() -> int:
    multiprocessing.freeze_support()
    if sys.stdout is None:
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - for the program's whole life
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w")  # noqa: SIM115
    from loyang_game.__main__ import main as loyang

    return loyang()


if __name__ == "__main__":
    sys.exit(main())
