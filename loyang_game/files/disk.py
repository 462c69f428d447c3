"""The one way the game reads and writes the files it keeps (saves, the index cache, the
settings, high scores, the record of games, the tutorial's place, the log).

The save folder is the player's, and anything may turn up in it: a link to another file, a
pipe, a device, a folder where a file should be, a file of gigabytes. So:

- a read opens the file itself, never a link (`O_NOFOLLOW`), without blocking (a pipe with
  no writer would hold the window for ever), refuses what is not a regular file, and reads
  no more than its caller's stated size;
- a write goes to a new temporary file beside the old one, which is then renamed over it:
  at every moment the old file or the whole new one is there, and a link in the way is
  replaced, its target never touched;
- the game's own folders inside the save folder (`.cache`, `.locks`) are used only when they
  are real folders (`own_folder`): a link or a file of that name is reported, not followed.

The save folder itself may be a link (the player's choice, through `LOYANG_SAVE_DIR`): it is
the files in it that are never followed. On a system without `O_NOFOLLOW` or descriptors for
folders (Windows), the same checks are made on the names just before use.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import stat
import time
from collections.abc import Iterator
from pathlib import Path

from ..words import _

# The temporary files `write_atomically` makes: ".<name>.<8 random characters>.tmp".
_TEMPORARY = re.compile(r"\..+\.[a-z0-9_]{8}\.tmp")
# A write takes milliseconds; a temporary file older than this belongs to no running write.
LEFTOVER_AGE = 60.0

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
# Opening a FIFO for reading blocks until a writer comes; without blocking it opens at once
# and the descriptor is then seen to be no regular file.
_READ_FLAGS = (os.O_RDONLY | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0)
               | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0))
_NEW_FLAGS = (os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | getattr(os, "O_BINARY", 0)
              | getattr(os, "O_CLOEXEC", 0))
# Names relative to a descriptor of their folder: nothing can swap the folder between a
# check and a use. Where the system has none (Windows), whole paths.
_AT_FOLDER = {os.open, os.stat, os.rename, os.unlink} <= os.supports_dir_fd
_LINK_ERRORS = (errno.ELOOP, getattr(errno, "EMLINK", errno.ELOOP))


class NotKept(OSError):
    """The path holds something the game does not read or write (a link, a pipe, a device,
    a folder, a file larger than its cap); the message says which, in a player's words."""


def read_bounded(path: str | os.PathLike, limit: int) -> bytes | None:
    """The bytes of the regular file at `path`, None if there is none. A link, a folder, a
    FIFO or a device is refused at once rather than read, and no more than `limit` + 1 bytes
    are ever read. Raises NotKept with the reason."""
    try:
        if not _NOFOLLOW and os.path.islink(path):
            raise OSError(errno.ELOOP, "a link")
        fd = os.open(path, _READ_FLAGS)
    except FileNotFoundError:
        return None
    except OSError as error:
        if error.errno in _LINK_ERRORS:
            raise NotKept(_("it is a link to another file, which Loyang does not follow")) \
                from None
        raise NotKept(_("the file cannot be opened ({error})",
                        error=error.strerror or error)) from None
    except ValueError:  # a NUL character in the path
        raise NotKept(_("that is not a valid file name")) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotKept(_("it is not a regular file (a folder, a pipe or a device)"))
        with open(fd, "rb", closefd=False) as file:
            data = file.read(limit + 1)
    except NotKept:
        raise
    except OSError as error:
        raise NotKept(_("the file cannot be read ({error})", error=error.strerror or error)) \
            from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise NotKept(_("it is larger than {size}, far larger than any Loyang file of its kind",
                        size=_size(limit)))
    return data


def write_atomically(path: Path, data: bytes) -> None:
    """Write `data` to `path` through a temporary file beside it that is flushed and fsynced
    before it is renamed over `path`: at every moment `path` is either the old file or the
    whole new one. A link at `path` is replaced by the file, its target left as it was. A
    regular file's permissions are kept; a new file is private to its owner. Raises OSError
    (NotKept for a folder in the way)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with _folder(path.parent) as at:
        name, temporary = _name(path, at), _name(path.with_name(_temporary_name(path)), at)
        try:
            old = os.stat(name, dir_fd=at, follow_symlinks=False)
        except FileNotFoundError:
            old = None
        if old is not None and stat.S_ISDIR(old.st_mode):
            raise NotKept(_("{name} is a folder, not a file", name=path.name))
        fd = os.open(temporary, _NEW_FLAGS, 0o600, dir_fd=at)
        try:
            with os.fdopen(fd, "wb") as file:
                file.write(data)
                file.flush()
                os.fsync(file.fileno())
                if old is not None and stat.S_ISREG(old.st_mode):
                    os.chmod(file.fileno() if os.chmod in os.supports_fd else temporary,
                             stat.S_IMODE(old.st_mode))
            os.replace(temporary, name, src_dir_fd=at, dst_dir_fd=at)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary, dir_fd=at)
            raise
        # The rename itself made durable too. Best effort: the new file is already in place,
        # and not every file system can sync a folder.
        if at is not None:
            with contextlib.suppress(OSError):
                os.fsync(at)


def own_folder(folder: Path, name: str) -> Path:
    """The game's own folder `name` (".cache", ".locks") inside `folder`, made if need be.
    Raises NotKept if something else has that name (a file, or a link that would take the
    game's files elsewhere), OSError if it cannot be made."""
    inner = folder / name
    with contextlib.suppress(FileExistsError):
        inner.mkdir(parents=True)
    found = os.lstat(inner)
    if stat.S_ISLNK(found.st_mode):
        raise NotKept(_("{path} is a link; Loyang keeps its {name} folder only as a real folder",
                        path=inner, name=name))
    if not stat.S_ISDIR(found.st_mode):
        raise NotKept(_("{path} is a file, where Loyang keeps its {name} folder", path=inner,
                        name=name))
    return inner


def is_regular_or_absent(path: Path) -> bool:
    """Nothing is at `path`, or a regular file (not a link, a pipe, a device, a folder)."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except FileNotFoundError:
        return True


def remove_leftovers(folder: Path, now: float | None = None) -> list[str]:
    """Delete the temporary files that writes interrupted by a crash left in `folder`; the
    names removed. Only files last written more than `LEFTOVER_AGE` seconds before `now`
    (`time.time()` by default) go, so that another copy of the game saving at this moment
    keeps its own.
    """
    now = time.time() if now is None else now
    removed: list[str] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:  # no folder yet, or it cannot be read: nothing to tidy
        return removed
    for entry in entries:
        if not _TEMPORARY.fullmatch(entry.name):
            continue
        with contextlib.suppress(OSError):
            if entry.is_file(follow_symlinks=False) and (
                    now - entry.stat(follow_symlinks=False).st_mtime > LEFTOVER_AGE):
                os.unlink(entry.path)
                removed.append(entry.name)
    return removed


@contextlib.contextmanager
def _folder(folder: Path) -> Iterator[int | None]:
    """A descriptor of `folder` to name its files by (None where the system has none)."""
    if not _AT_FOLDER:
        yield None
        return
    fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
                 | getattr(os, "O_CLOEXEC", 0))
    try:
        yield fd
    finally:
        os.close(fd)


def _name(path: Path, at: int | None) -> str:
    """`path` as `os` functions take it with `dir_fd=at`."""
    return path.name if at is not None else str(path)


def _temporary_name(path: Path) -> str:
    token = "".join(secrets.choice("abcdefghijklmnopqrstuvwxyz0123456789_") for _char in range(8))
    return f".{path.name}.{token}.tmp"


def _size(limit: int) -> str:
    return f"{limit // (1 << 20)} MB" if limit >= 1 << 20 else f"{limit // 1024} KB"
