"""The release's files the user already has (`--from`): a folder or a .zip/.tar.gz/.tar of the
two repositories' files (as GitHub's archives lay them out, or flat as the almanac keeps them),
or one file; each file known by its name in the flat folder (game/ko.json: game.ko.json) and
taken only where it has the pinned sum."""
from __future__ import annotations

import hashlib
import tarfile
import zipfile
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from generator.errors import AlmanacError
from generator.read.regular_file import read_regular
from generator.release.pinned import Release, flat_name

_TAR = (".tar.gz", ".tgz", ".tar")


@dataclass(frozen=True)
class Given:
    """What the sources held: the pinned files found (name → bytes), those found only with
    another sum (name → where), and the files that are no part of the release (where)."""

    found: Mapping[str, bytes] = field(hash=False)
    wrong: Mapping[str, str] = field(hash=False)
    unknown: tuple[str, ...]


def given_files(sources: list[str], release: Release) -> Given:
    found: dict[str, bytes] = {}
    wrong: dict[str, str] = {}
    unknown: list[str] = []
    for source in sources:
        for where, path, read in _members(Path(source)):
            pinned = release.file(flat_name(path))
            if pinned is None:
                unknown.append(where)
                continue
            if pinned.name in found:
                continue
            data = read(pinned.size)
            if len(data) == pinned.size and hashlib.sha256(data).hexdigest() == pinned.sha256:
                found[pinned.name] = data
                wrong.pop(pinned.name, None)
            else:
                wrong.setdefault(pinned.name, where)
    return Given(found, wrong, tuple(unknown))


Reader = Callable[[int], bytes]  # the member's bytes, at most one more than the size given


def _members(source: Path) -> Iterator[tuple[str, str, Reader]]:
    """(where, its path inside the source, reader) of every regular file of the source."""
    name = source.name.lower()
    if source.is_dir():
        for path in sorted(source.rglob("*")):
            if path.is_file() and not path.is_symlink():
                yield str(path), path.relative_to(source).as_posix(), _file_reader(path)
    elif not source.exists():
        raise AlmanacError("no such file or folder", str(source))
    elif name.endswith(".zip"):
        yield from _zip(source)
    elif name.endswith(_TAR):
        yield from _tar(source)
    else:
        yield str(source), source.name, _file_reader(source)


def _file_reader(path: Path) -> Reader:
    def read(size: int) -> bytes:
        try:
            return read_regular(path, size + 1)
        except AlmanacError:  # larger than the pinned file: not it
            return b""
    return read


def _zip(source: Path) -> Iterator[tuple[str, str, Reader]]:
    try:
        with zipfile.ZipFile(source) as archive:
            for info in archive.infolist():
                if not info.is_dir():
                    yield f"{source}:{info.filename}", info.filename, \
                        _zip_reader(archive, info)
    except (zipfile.BadZipFile, OSError, EOFError) as err:
        raise AlmanacError(f"not a readable .zip archive: {err}", str(source)) from err


def _zip_reader(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> Reader:
    def read(size: int) -> bytes:
        if info.file_size > size:
            return b""
        with archive.open(info) as member:
            return member.read(size + 1)
    return read


def _tar(source: Path) -> Iterator[tuple[str, str, Reader]]:
    try:
        with tarfile.open(source) as archive:
            for member in archive:
                if member.isfile():
                    yield f"{source}:{member.name}", member.name, _tar_reader(archive, member)
    except (tarfile.TarError, OSError, EOFError) as err:
        raise AlmanacError(f"not a readable .tar.gz or .tar archive: {err}", str(source)) \
            from err


def _tar_reader(archive: tarfile.TarFile, member: tarfile.TarInfo) -> Reader:
    def read(size: int) -> bytes:
        if member.size > size:
            return b""
        handle = archive.extractfile(member)
        return handle.read(size + 1) if handle else b""
    return read
