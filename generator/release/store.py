"""The user's copy of the release: where it is kept (XDG's data folder), what is there, and a
new copy swapped in whole, never half-written."""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from generator.errors import AlmanacError
from generator.release.pinned import PinnedFile, Release

# What the folder was made from: the commits and the source, beside the files.
STAMP = "almanac-release.json"
# A copy being made, or one set aside while the new one moves in: `.official-<pid>.part|old`.
_ASIDE = re.compile(r"\.official-(\d+)\.(part|old)")


def official_home() -> Path:
    """$XDG_DATA_HOME/almanac/official, or ~/.local/share/almanac/official (the XDG spec ignores
    a relative $XDG_DATA_HOME)."""
    data = os.environ.get("XDG_DATA_HOME", "")
    home = Path(data) if data and Path(data).is_absolute() else \
        Path.home() / ".local" / "share"
    return home / "almanac" / "official"


def default_official() -> Path | None:
    """The copy every command reads when not told --official DIR or --no-official: there once
    it holds roles.json."""
    folder = official_home()
    return folder if (folder / "roles.json").is_file() else None


@dataclass(frozen=True)
class Installed:
    """What the folder holds: the commits and source it was made from, and the pinned files
    missing from it or changed since (their sums differ)."""

    folder: Path
    commits: Mapping[str, str] = field(hash=False)  # repository name → commit, as stamped
    fetched: str  # when it was made, ISO 8601 UTC
    source: str  # the base URL or the files it was taken from
    changed: tuple[str, ...]


def installed(release: Release, folder: Path) -> Installed | None:
    """The copy in folder, None where there is none."""
    if not (folder / STAMP).is_file() and not (folder / "roles.json").is_file():
        return None
    try:
        stamp = json.loads((folder / STAMP).read_text(encoding="utf-8"))
        commits = {str(k): str(v) for k, v in dict(stamp["repositories"]).items()}
        fetched, source = str(stamp["fetched"]), str(stamp["from"])
    except (OSError, ValueError, KeyError, TypeError):  # files put there by hand, or damaged
        commits, fetched, source = {}, "", ""
    changed = tuple(f.name for f in release.files if not matches(folder / f.name, f))
    return Installed(folder, commits, fetched, source, changed)


def matches(path: Path, pinned: PinnedFile) -> bytes | None:
    """The file's bytes where it is the pinned one (its size and SHA-256), else None."""
    try:
        if not path.is_file() or path.is_symlink() or path.stat().st_size != pinned.size:
            return None
        data = path.read_bytes()
    except OSError:
        return None
    return data if hashlib.sha256(data).hexdigest() == pinned.sha256 else None


def staging(folder: Path) -> Path:
    """An empty folder beside `folder` to make the new copy in; what a killed run left there
    is cleared (or, where it had set the old copy aside, put back) first."""
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        _recover(folder)
        made = folder.with_name(f".official-{os.getpid()}.part")
        shutil.rmtree(made, ignore_errors=True)
        made.mkdir()
    except OSError as err:
        raise AlmanacError(f"cannot write: {err.strerror or err}", str(folder.parent)) from err
    return made


def swap_in(made: Path, folder: Path, release: Release, source: str) -> None:
    """The new copy stamped and moved into place in one step; the old one then removed."""
    stamp = {"repositories": {r.name: r.commit for r in release.repositories},
             "fetched": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"), "from": source}
    old = folder.with_name(f".official-{os.getpid()}.old")
    try:
        (made / STAMP).write_text(json.dumps(stamp, indent=1) + "\n", encoding="utf-8")
        if folder.exists():
            os.replace(folder, old)
        try:
            os.replace(made, folder)
        except OSError:
            if old.exists():
                os.replace(old, folder)
            raise
    except OSError as err:
        shutil.rmtree(made, ignore_errors=True)
        raise AlmanacError(f"cannot write: {err.strerror or err}", str(folder)) from err
    shutil.rmtree(old, ignore_errors=True)


def write_file(made: Path, name: str, data: bytes) -> None:
    (made / name).write_bytes(data)


def discard(made: Path) -> None:
    shutil.rmtree(made, ignore_errors=True)


def _recover(folder: Path) -> None:
    for path in sorted(folder.parent.glob(".official-*")):
        match = _ASIDE.fullmatch(path.name)
        if match is None or _alive(int(match.group(1))):
            continue
        if match.group(2) == "old" and not folder.exists():
            os.replace(path, folder)  # killed between setting the old copy aside and the swap
        else:
            shutil.rmtree(path, ignore_errors=True)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
