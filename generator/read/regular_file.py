"""A file the tool reads: a regular file within a size bound, or one line saying why not. A FIFO,
a device or a folder is refused before a byte is read (a FIFO would block the read forever)."""
from __future__ import annotations

import os
import stat
from pathlib import Path

from generator.errors import AlmanacError

# What a path is when it is no regular file, in words.
_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISSOCK, "a socket"))


def not_regular(mode: int) -> str | None:
    """Why a file of this mode is not read, None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
    return f"{kind}, not a file"


def read_regular(path: Path, limit: int, what: str = "file", reading: str = "cannot read",
                 note: str = "") -> bytes:
    """The bytes of a regular file of at most `limit` bytes, else one line: `reading: why`, or
    that it is larger than a `what` may be (and `note`). Opened without blocking and asked what it
    is through the open descriptor, so that no FIFO put in its place meanwhile is read."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as err:
        raise AlmanacError(f"{reading}: {err.strerror or err}", str(path)) from err
    try:
        reason = not_regular(os.fstat(fd).st_mode)
        if reason:
            raise AlmanacError(f"{reading}: {reason}", str(path))
        with os.fdopen(os.dup(fd), "rb") as file:
            data = file.read(limit + 1)
    except OSError as err:
        raise AlmanacError(f"{reading}: {err.strerror or err}", str(path)) from err
    finally:
        os.close(fd)
    if len(data) > limit:
        raise AlmanacError(f"larger than {_size(limit)}, the most a {what} may be{note}",
                           str(path))
    return data


def _size(count: int) -> str:
    return f"{count // 2**20} MiB" if count >= 2**20 and count % 2**20 == 0 \
        else f"{count // 1000} KB"
