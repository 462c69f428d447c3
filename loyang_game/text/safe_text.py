"""Text from a file is only ever text: what a save, a high score, the record of games, the
settings or a file's own name hold is made displayable where it is read.

A font refuses a NUL character and a name's undecodable bytes (a file named in Latin-1 on a
UTF-8 system comes back from the OS with lone surrogates), so a single flipped bit in a name
could keep a scene from opening. Control characters (NUL included) and lone surrogates are
replaced by '?', visibly, rather than dropped: the player sees that something was odd.
"""

from __future__ import annotations

import os
import re
from pathlib import PurePath

# C0 and C1 control characters, DEL, and the surrogates that stand for undecodable bytes.
_UNSHOWABLE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def displayable(value: object) -> str:
    """`value` as text any font can draw: control characters and lone surrogates become '?'."""
    text = value if isinstance(value, str) else str(value)
    return _UNSHOWABLE.sub("?", text) if _UNSHOWABLE.search(text) else text


def file_name_shown(path: str | os.PathLike) -> str:
    """A file's name as the player reads it: its bytes decoded as UTF-8 where they can be,
    each byte that cannot shown as '?' (the file itself keeps its name)."""
    raw = os.fsencode(PurePath(path).name)
    return displayable(raw.decode("utf-8", "replace").replace("\ufffd", "?"))
