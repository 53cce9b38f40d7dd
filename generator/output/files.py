"""Files the commands write: checked before any work is done, written whole or not at all."""
from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from generator.errors import AlmanacError


def output_path(value: str, option: str) -> Path:
    """The file an option names, refused early when it cannot be written."""
    if not value.strip():
        raise AlmanacError(f"{option} needs a file name")
    path = Path(value)
    if path.is_dir():
        raise AlmanacError(f"is a folder; {option} needs a file name", value)
    if not path.parent.is_dir():
        raise AlmanacError(f"the folder {path.parent} does not exist", value)
    if not os.access(path.parent, os.W_OK):
        raise AlmanacError(f"the folder {path.parent} is not writable", value)
    return path


def write_with(path: Path, write: Callable[[Path], object]) -> None:
    """Let write fill a temporary file beside path, then move it in place in one step."""
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    os.close(handle)
    try:
        write(Path(temporary))
        os.replace(temporary, path)
    except OSError as err:
        raise AlmanacError(f"cannot write: {err.strerror or err}", str(path)) from err
    finally:
        Path(temporary).unlink(missing_ok=True)


def write_text(path: Path, text: str) -> None:
    write_with(path, lambda target: target.write_text(text, encoding="utf-8"))


def write_bytes(path: Path, data: bytes) -> None:
    write_with(path, lambda target: target.write_bytes(data))
