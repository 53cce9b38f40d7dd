"""Putting a built site in place: one build at a time per project, a private staging folder per
build, and a swap that never leaves the project without a whole site/."""
from __future__ import annotations

import ctypes
import ctypes.util
import fcntl
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from generator.errors import AlmanacError
from generator.output.files import umask

LOCK = ".almanac-build.lock"
STAGING_PREFIX = ".site-staging-"
_RENAME_EXCHANGE = 2  # linux/fs.h: swap two paths in one step


@contextmanager
def build_lock(root: Path, waiting: str = "Another build of this project is running; waiting "
               "for it to finish.") -> Iterator[None]:
    """Hold the project's lock; a second build (or import of translations) waits for the first,
    saying `waiting` (the kernel frees the lock when its holder dies, so a crashed build never
    blocks the next)."""
    try:
        handle = (root / LOCK).open("a")
    except OSError as err:
        raise AlmanacError(f"cannot create the build lock: {err.strerror}",
                           str(root / LOCK)) from err
    with handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            print(waiting, file=sys.stderr)
            fcntl.flock(handle, fcntl.LOCK_EX)
        yield


def old_site(site: Path) -> Path:
    return site.with_name(site.name + ".old")


def recover(site: Path) -> None:
    """Undo what a build that died while swapping left behind (call with the lock held)."""
    old = old_site(site)
    if old.exists() and not site.exists():
        old.rename(site)
    shutil.rmtree(old, ignore_errors=True)
    for leftover in site.parent.glob(STAGING_PREFIX + "*"):
        shutil.rmtree(leftover, ignore_errors=True)


def staging_folder(site: Path) -> Path:
    """A folder of this build's own beside site/, so the final move is a rename; readable as a
    folder made under the umask is (mkdtemp's are private, and it becomes site/)."""
    staging = Path(tempfile.mkdtemp(prefix=STAGING_PREFIX, dir=site.parent))
    staging.chmod(0o777 & ~umask())
    return staging


def _exchange(a: Path, b: Path) -> bool:
    """Swap two folders in one system call (Linux renameat2); False where it is not available."""
    libc_name = ctypes.util.find_library("c")
    renameat2 = getattr(ctypes.CDLL(libc_name, use_errno=True), "renameat2", None) \
        if libc_name else None
    if renameat2 is None:
        return False
    at_cwd = -100  # AT_FDCWD: paths are taken as given
    return renameat2(at_cwd, os.fsencode(a), at_cwd, os.fsencode(b), _RENAME_EXCHANGE) == 0


def swap_in(staging: Path, site: Path) -> None:
    """Put staging where site/ is. Where the system can exchange the two folders in one step,
    site/ is never missing; elsewhere site/ is renamed aside first and `recover` puts it back if
    the build dies between the two renames."""
    if not site.exists():
        staging.rename(site)
        return
    if _exchange(staging, site):
        shutil.rmtree(staging)  # it now holds the previous site
        return
    old = old_site(site)
    site.rename(old)
    staging.rename(site)
    shutil.rmtree(old)
