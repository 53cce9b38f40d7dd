"""The files of the official release the almanac takes (official_release.json beside this
module): each repository at a pinned commit, each file's path, size and SHA-256."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.errors import AlmanacError
from generator.model import visible

MANIFEST = Path(__file__).with_name("official_release.json")
RAW = "https://raw.githubusercontent.com"  # <owner>/<repo>/<commit>/<path> below it
URL_VARIABLE = "ALMANAC_OFFICIAL_URL"  # another base URL (a mirror, a test's server)
# The folders of botc-translations whose <code>.json the flat folder names <kind>.<code>.json.
LANGUAGE_KINDS = ("game", "script", "app")
_SHA256 = re.compile(r"[0-9a-f]{64}")
_COMMIT = re.compile(r"[0-9a-f]{40}")
_PART = re.compile(r"[A-Za-z0-9_@.-]+")
_NAME = re.compile(r"[A-Za-z0-9_.-]+")


@dataclass(frozen=True)
class Repository:
    owner: str
    name: str
    commit: str  # 40 hex digits
    date: str  # the commit's day, YYYY-MM-DD

    @property
    def short(self) -> str:
        return self.commit[:7]

    @property
    def slug(self) -> str:
        return f"{self.owner}/{self.name}"

    @property
    def archive(self) -> str:
        """The address of GitHub's archive of the repository at the commit."""
        return f"https://github.com/{self.slug}/archive/{self.commit}.zip"


@dataclass(frozen=True)
class PinnedFile:
    repository: Repository
    path: str  # in its repository: resources/data/roles.json, game/ko.json
    size: int
    sha256: str

    @property
    def name(self) -> str:
        """Its name in the flat folder every command reads: roles.json, game.ko.json."""
        return flat_name(self.path)

    def url(self, base: str) -> str:
        return f"{base.rstrip('/')}/{self.repository.slug}/{self.repository.commit}/{self.path}"


@dataclass(frozen=True)
class Release:
    repositories: tuple[Repository, ...]
    files: tuple[PinnedFile, ...]

    def file(self, name: str) -> PinnedFile | None:
        return next((f for f in self.files if f.name == name), None)

    def languages(self) -> tuple[str, ...]:
        """The codes of the languages it has files of, as the files spell them."""
        return tuple(sorted({f.name.split(".")[1] for f in self.files
                             if f.name.split(".")[0] in LANGUAGE_KINDS}))

    @property
    def size(self) -> int:
        return sum(f.size for f in self.files)


def flat_name(path: str) -> str:
    """game/ko.json → game.ko.json; resources/data/roles.json → roles.json."""
    parts = path.split("/")
    if len(parts) >= 2 and parts[-2] in LANGUAGE_KINDS:
        return f"{parts[-2]}.{parts[-1]}"
    return parts[-1]


def load_release(manifest: Path | None = None) -> Release:
    """The release official_release.json pins (manifest: another file of that form); a file out
    of that form is one line naming it and the key."""
    path = manifest or MANIFEST
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise AlmanacError(f"cannot read the pinned release: {err}", str(path)) from err
    try:
        repositories = {raw["name"]: _repository(raw) for raw in document["repositories"]}
        files = tuple(_file(raw, repositories) for raw in document["files"])
    except (KeyError, TypeError, ValueError) as err:
        raise AlmanacError(f"not a pinned release: {visible(str(err))}", str(path)) from err
    names = [f.name for f in files]
    if len(set(names)) != len(names):
        raise AlmanacError("not a pinned release: two files have one name", str(path))
    return Release(tuple(repositories.values()), files)


def _repository(raw: dict[str, Any]) -> Repository:
    repository = Repository(raw["owner"], raw["name"], raw["commit"], raw["date"])
    if not (_NAME.fullmatch(repository.owner) and _NAME.fullmatch(repository.name)):
        raise ValueError(f"repositories: '{repository.slug}' is no owner/name")
    if not _COMMIT.fullmatch(repository.commit):
        raise ValueError(f"repositories: {repository.name}: commit is not 40 hex digits")
    return repository


def _file(raw: dict[str, Any], repositories: dict[str, Repository]) -> PinnedFile:
    path, size, digest = raw["path"], raw["size"], raw["sha256"]
    if not isinstance(path, str) or not all(_PART.fullmatch(p) and p not in (".", "..")
                                            for p in path.split("/")):
        raise ValueError(f"files: path '{path}' is no relative path of plain names")
    if not isinstance(size, int) or size < 0 or not _SHA256.fullmatch(str(digest)):
        raise ValueError(f"files: {path}: size or sha256 out of form")
    return PinnedFile(repositories[raw["repository"]], path, size, digest)
