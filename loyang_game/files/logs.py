"""The game's log file: what went wrong, with its traceback, kept for whoever looks into a
problem later, while the player is told in one line.

`loyang.log` in the save folder, rotated at LOG_BYTES with one older file kept, so that it
stays small however long the game is played. The modules log to their own loggers
(`logging.getLogger(__name__)`); `start` sends them to the file once a window is wanted.
Without it (the tests, the lab's tools) Python's default is kept: warnings to stderr.

The file is opened as every kept file is (`disk`): never through a link, never blocking on a
pipe, only a regular file. When it cannot be written, the records go to stderr instead,
said there once, and the game goes on.
"""

from __future__ import annotations

import io
import logging
import logging.handlers
import os
import stat
import sys
from pathlib import Path

from .disk import is_regular_or_absent
from .paths import save_dir

LOG_NAME = "loyang.log"
LOG_BYTES = 256 * 1024
LOGGERS = ("loyang_game", "ai")  # the packages whose records go to the file
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # a pipe with no reader: refused, not waited on
_FLAGS = (os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | _NONBLOCK
          | getattr(os, "O_CLOEXEC", 0))


class KeptLog(logging.handlers.RotatingFileHandler):
    """The rotating log file, opened without following a link or waiting on a pipe; if it
    cannot be opened or written, its records go to stderr (said once) rather than lost."""

    def __init__(self, path: Path) -> None:
        super().__init__(path, maxBytes=LOG_BYTES, backupCount=1, encoding="utf-8", delay=True)
        self.failed = False

    def _open(self) -> io.TextIOWrapper:
        fd = os.open(self.baseFilename, _FLAGS, 0o600)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise OSError(f"{self.baseFilename} is not a regular file")
            if _NONBLOCK:
                os.set_blocking(fd, True)
            return open(fd, "a", encoding="utf-8", errors="replace")
        except BaseException:
            os.close(fd)
            raise

    def emit(self, record: logging.LogRecord) -> None:
        if self.failed:
            sys.stderr.write(self.format(record) + "\n")
            return
        try:
            if self.shouldRollover(record):
                self.doRollover()
            logging.FileHandler.emit(self, record)
        except OSError as error:
            self.failed = True
            sys.stderr.write(f"loyang: the log file cannot be written ({error}); "
                             "its records go here\n")
            sys.stderr.write(self.format(record) + "\n")

    def handleError(self, record: logging.LogRecord) -> None:
        """FileHandler.emit reports its own failures here: to stderr, once."""
        if not self.failed:
            self.failed = True
            sys.stderr.write("loyang: the log file cannot be written; its records go here\n")
        sys.stderr.write(self.format(record) + "\n")


def start(folder: Path | None = None) -> Path | None:
    """Send the game's warnings and errors to the log file in `folder` (the save folder by
    default); its path, or None if it cannot be written (then they go to stderr)."""
    path = (folder or save_dir()) / LOG_NAME
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if not is_regular_or_absent(path):  # a link, a pipe, a folder: not ours to write
            return None
        handler = KeptLog(path)
    except OSError:
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.setLevel(logging.INFO)
    for name in LOGGERS:
        logger = logging.getLogger(name)
        logger.setLevel(logging.INFO)
        logger.addHandler(handler)
    return path
