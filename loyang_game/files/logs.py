"""The game's log file: what went wrong, with its traceback, kept for whoever looks into a
problem later, while the player is told in one line.

`loyang.log` in the save folder, rotated at LOG_BYTES with one older file kept, so that it
stays small however long the game is played. The modules log to their own loggers
(`logging.getLogger(__name__)`); `start` sends them to the file once a window is wanted.
Without it (the tests, the lab's tools) Python's default is kept: warnings to stderr.
"""

from __future__ import annotations

import logging
import logging.handlers
from pathlib import Path

from .paths import save_dir

LOG_NAME = "loyang.log"
LOG_BYTES = 256 * 1024
LOGGERS = ("loyang_game", "ai")  # the packages whose records go to the file


def start(folder: Path | None = None) -> Path | None:
    """Send the game's warnings and errors to the log file in `folder` (the save folder by
    default); its path, or None if it cannot be written (then they go to stderr)."""
    path = (folder or save_dir()) / LOG_NAME
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(path, maxBytes=LOG_BYTES, backupCount=1,
                                                       encoding="utf-8", delay=True)
    except OSError:
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.setLevel(logging.INFO)
    for name in LOGGERS:
        logger = logging.getLogger(name)
        logger.setLevel(logging.INFO)
        logger.addHandler(handler)
    return path
