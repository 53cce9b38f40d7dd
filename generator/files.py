"""Files the commands write: checked before any work is done, written whole or not at all."""
from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Callable
from pathlib import Path

from generator.errors import AlmanacError


def output_path(value: str, option: str) -> Path:
    """The file an option names (a link: the file it points to), refused early when it cannot
    be written as a whole file: a folder, a device, a pipe, a missing folder, a name too long."""
    if not value.strip():
        raise AlmanacError(f"{option} needs a file name")
    try:
        path = Path(value).resolve()
        if path.is_dir():
            raise AlmanacError(f"is a folder; {option} needs a file name", value)
        if path.exists() and not path.is_file():
            raise AlmanacError(f"is not a regular file (a device or a pipe); {option} writes "
                               "whole files only", value)
        if not path.parent.is_dir():
            raise AlmanacError(f"the folder {Path(value).parent} does not exist", value)
    except OSError as err:
        raise AlmanacError(f"cannot be written: {err.strerror or err}", value[:200]) from err
    if not os.access(path.parent, os.W_OK):
        raise AlmanacError(f"the folder {path.parent} is not writable", value)
    writable(path.parent, value)
    return path


def writable(folder: Path, value: str) -> None:
    """Refused unless a file can be made in folder: a file system that takes no new files
    (/proc, one mounted read-only) is found before any work, not when the output is written."""
    try:
        handle, probe = tempfile.mkstemp(prefix=f".almanac-{os.getpid()}-", suffix=".part",
                                         dir=folder)
    except OSError as err:
        raise AlmanacError(f"cannot write in the folder {folder}: {err.strerror or err}",
                           value) from err
    os.close(handle)
    os.unlink(probe)


# A file being written is `.almanac-<pid>-<random>.part` beside its place: a name no person
# gives a file, and the process that writes it, so that a later run can tell it was left.
_PART = re.compile(r"\.almanac-(\d+)-[^/]*\.part")


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process
        return True
    return True


def _remove_leftovers(folder: Path) -> None:
    """Remove the temporary files a killed run of this tool left in folder."""
    for path in folder.glob(".almanac-*.part"):
        match = _PART.fullmatch(path.name)
        if match and int(match.group(1)) != os.getpid() and not alive(int(match.group(1))):
            path.unlink(missing_ok=True)


def write_with(path: Path, write: Callable[[Path], object]) -> None:
    """Let write fill a temporary file beside path, then move it in place in one step; what a
    killed run left there goes first."""
    _remove_leftovers(path.parent)
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".almanac-{os.getpid()}-", suffix=".part",
                                             dir=path.parent)
    except OSError as err:
        raise AlmanacError(f"cannot write: {err.strerror or err}", str(path)) from err
    os.close(handle)
    try:
        write(Path(temporary))
        # mkstemp makes the file private; give it the mode a new file gets under the umask.
        os.chmod(temporary, 0o666 & ~umask())
        os.replace(temporary, path)
    except OSError as err:
        raise AlmanacError(f"cannot write: {err.strerror or err}", str(path)) from err
    finally:
        Path(temporary).unlink(missing_ok=True)


def write_failure(err: OSError, root: Path, then: str = "") -> AlmanacError:
    """A file of a build that could not be written (a full disk, a file system's limits), as
    one line at that file, named from the project folder where it is inside it; `then`: what
    stays as it was."""
    where = err.filename2 or err.filename  # a copy names its target second
    path = Path(os.fsdecode(where)) if where else root
    shown = os.path.relpath(path, root) if path.is_relative_to(root) else str(path)
    return AlmanacError(f"cannot write: {err.strerror or err}{then}", shown)


def umask() -> int:
    """The process's file mode mask (reading it means setting it, so it is set back)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_text(path: Path, text: str) -> None:
    write_with(path, lambda target: target.write_text(text, encoding="utf-8"))


def write_bytes(path: Path, data: bytes) -> None:
    write_with(path, lambda target: target.write_bytes(data))
