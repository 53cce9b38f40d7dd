"""Putting a built site in place: one build at a time per project, a private staging folder per
build, and a swap that never leaves the project without a whole site/.

What a build leaves beside the site while it works is named `.<site>.almanac-…`, a name no
person gives a folder, and only such folders are ever removed: a `site.old/` of one's own stays.
A site/ that is a link (to a web root) is published through it: staging and swap happen beside
the folder it points to."""
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
from generator.files import umask

LOCK = ".almanac-build.lock"
STAGING = ".almanac-staging-"  # after ".<site name>"
ASIDE = ".almanac-old"  # after ".<site name>": the previous site, renamed aside mid-swap
_RENAME_EXCHANGE = 2  # linux/fs.h: swap two paths in one step


@contextmanager
def build_lock(root: Path, waiting: str = "Another build of this project is running; waiting "
               "for it to finish.") -> Iterator[None]:
    """Hold the project's lock; a second build (or import of translations) waits for the first,
    saying `waiting` (the kernel frees the lock when its holder dies, so a crashed build never
    blocks the next)."""
    with _project_lock(root, waiting):
        yield


@contextmanager
def lock_if_free(root: Path) -> Iterator[bool]:
    """The project's lock held where no other command holds it (True); else nothing is held
    and nothing waited for (False)."""
    with _project_lock(root, None) as held:
        yield held


@contextmanager
def _project_lock(root: Path, waiting: str | None) -> Iterator[bool]:
    """The project's lock: waited for, saying `waiting`, or (None) only taken where free;
    whether it is held."""
    try:
        handle = (root / LOCK).open("a")
    except OSError as err:
        raise AlmanacError(f"cannot create the build lock: {err.strerror}",
                           str(root / LOCK)) from err
    with handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if waiting is None:
                yield False
                return
            print(waiting, file=sys.stderr)
            fcntl.flock(handle, fcntl.LOCK_EX)
        yield True


def published(site: Path) -> Path:
    """Where site/ really is: the folder a link points to (a deployment's web root), or site/.
    Refused in one line, before any work, where the site could not be swapped in whole there."""
    try:
        target = site.resolve(strict=False) if site.is_symlink() else site
    except (OSError, RuntimeError) as err:  # a link loop
        raise AlmanacError(f"is a link that cannot be followed: {err}", str(site)) from err
    if target.exists() and not target.is_dir():
        raise AlmanacError(f"links to {target}, which is not a folder; the site is a folder",
                           str(site))
    if not target.parent.is_dir():
        raise AlmanacError(f"links to {target}, whose folder {target.parent} does not exist",
                           str(site))
    if not os.access(target.parent, os.W_OK | os.X_OK):
        raise AlmanacError(f"the folder {target.parent} is not writable: a build stages the "
                           f"site beside {target.name} and swaps it in one step", str(site))
    return target


def old_site(site: Path) -> Path:
    return site.with_name(f".{site.name}{ASIDE}")


def staging_prefix(site: Path) -> str:
    return f".{site.name}{STAGING}"


def recover(site: Path) -> None:
    """Undo what a build that died while swapping left behind (call with the lock held): only
    folders of this tool's own names are touched."""
    site = published(site)
    old = old_site(site)
    if old.is_dir() and not site.exists():
        old.rename(site)
    shutil.rmtree(old, ignore_errors=True)
    for leftover in site.parent.glob(staging_prefix(site) + "*"):
        shutil.rmtree(leftover, ignore_errors=True)


def staging_folder(site: Path) -> Path:
    """A folder of this build's own beside site/, so the final move is a rename; readable as a
    folder made under the umask is (mkdtemp's are private, and it becomes site/)."""
    staging = Path(tempfile.mkdtemp(prefix=staging_prefix(site), dir=site.parent))
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
