"""The live preview's site in build/preview/site/: each language rebuilt by MkDocs where its pages
changed (a dirty build of only those), whole where its config or theme did, and marked once its
build ended. `almanac build` neither reads nor writes build/preview/, so its clean build, lock
and swap are untouched by a preview."""
from __future__ import annotations

import fcntl
import json
import logging
import os
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from generator.errors import AlmanacError
from generator.mkdocs_internals import BUILD_LOGGER, NotDirtyWarning, mkdocs_build
from generator.output.render import COMPILED, Docs
from generator.output.site import ThemeOnce, show_mkdocs_warnings, site_config, with_own_plugins

FOLDER = Path("build") / "preview"


def _page_url(path: str) -> str:
    """The URL of a docs page under directory URLs: teams/demon.md → teams/demon/."""
    stem = path.removesuffix(".md")
    if stem == "index":
        return ""
    return stem.removesuffix("index") if stem.endswith("/index") else stem + "/"


def _merge_search_index(index: Path, before: dict, removed: set[str]) -> None:
    """A dirty build indexes only the pages it rebuilt: put back the entries of the others
    (entries are per page and section, `location` = page URL + `#section`)."""
    after = json.loads(index.read_text(encoding="utf-8"))
    gone = removed | {doc["location"].split("#")[0] for doc in after["docs"]}
    after["docs"] = [doc for doc in before["docs"]
                     if doc["location"].split("#")[0] not in gone] + after["docs"]
    index.write_text(json.dumps(after, ensure_ascii=False, separators=(",", ":")),
                     encoding="utf-8")


def project_files(folder: Path) -> dict[Path, bytes]:
    """Every file under folder, by path, with its bytes."""
    return {path: path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


def watched_files(paths: Iterable[Path]) -> dict[Path, bytes | None]:
    """Every file of paths (folders, files), with its bytes (None: it cannot be read)."""
    found: dict[Path, bytes | None] = {}
    for path in paths:
        for file in sorted(path.rglob("*")) if path.is_dir() else [path]:
            if file.is_file():
                try:
                    found[file] = file.read_bytes()
                except OSError:
                    found[file] = None
    return found


class PreviewSite:
    """The preview's MkDocs sites, one a language, and what their builds keep between them."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.folder = root / FOLDER
        self.site = self.folder / "site"
        # Languages this process has built: a page another `serve` wrote but did not get to
        # build is newer than its HTML, and MkDocs' dirty build finds it.
        self._checked: set[str] = set()

    def theme(self) -> bytes:
        """What every page's HTML is made with besides its Markdown: the base MkDocs config and
        the theme overrides."""
        base = self.root / "mkdocs.yml"
        files = {base: base.read_bytes(), **project_files(self.root / "templates" / "theme")}
        return b"\0".join(bytes(str(path), "utf-8") + b"\0" + data
                           for path, data in files.items())

    def built_here(self, lang: str) -> None:
        """A language built as this process's own (in a process it forked)."""
        self._checked.add(lang)

    def _marker(self, lang: str) -> Path:
        """Written after a language's build ends, with what it was built from: a preview left
        by an earlier `serve` is updated, not rebuilt, and one cut short is rebuilt whole."""
        return self.folder / lang / "built-with"

    @property
    def good(self) -> bool:
        """Whether there is a whole site to serve: every language built to its end."""
        return (self.site / "index.html").is_file() and all(
            self._marker(folder.name).is_file()
            for folder in self.site.iterdir() if folder.is_dir())

    def write_if_changed(self, name: str, text: str) -> None:
        """A file of the site's root (index.html, 404.html), written only when it changes."""
        path = self.site / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")

    def build(self, lang: str, config: Path, docs: Docs, theme: bytes) -> int | None:
        """Rebuild one language where it changed, whole when its config or theme did (or on the
        first update): how many pages were rebuilt, None when none was."""
        made_with = config.read_bytes() + b"\0" + theme
        marker = self._marker(lang)
        whole = not marker.is_file() or marker.read_bytes() != made_with
        if not whole and not docs.changed and lang in self._checked:
            return None
        site = self.site / lang
        index = site / "search" / "search_index.json"
        before = None if whole or not index.is_file() else \
            json.loads(index.read_text(encoding="utf-8"))
        pages = {path for path in docs.changed if path.endswith(".md")}
        removed = pages - set(docs.paths)
        for path in removed:
            (site / _page_url(path) / "index.html").unlink(missing_ok=True)
        for path in docs.changed - removed:
            # MkDocs rebuilds a file only if it is newer than its output: one written in the same
            # clock tick (a file system keeping seconds) would be taken as unchanged.
            with suppress(FileNotFoundError):
                os.utime(site / _page_url(path) / "index.html" if path in pages else site / path,
                         ns=(0, 0))
        marker.unlink(missing_ok=True)  # until this build ends, the language is not known good
        mkdocs_build(with_own_plugins(site_config(config), ThemeOnce(COMPILED, COMPILED.folder)),
                     dirty=not whole)
        # As build's: a missing address is answered by the root's 404 page, not Material's.
        (site / "404.html").unlink(missing_ok=True)
        if before is not None:
            _merge_search_index(index, before, {_page_url(path) for path in removed})
        marker.write_bytes(made_with)
        self._checked.add(lang)
        return len(docs.paths) if whole else len(pages & set(docs.paths))


@contextmanager
def preview_lock(root: Path) -> Iterator[None]:
    """The project's preview held by this process alone (two would write the same folder),
    with MkDocs' warnings shown (but that of every dirty build: here a changed menu changes the
    config, which rebuilds the language whole, and a page whose links change has changed
    Markdown)."""
    folder = root / FOLDER
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle = (folder / ".lock").open("a")
    except OSError as err:
        raise AlmanacError(f"cannot make the preview folder: {err.strerror}",
                           str(folder)) from err
    with handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError as err:
            raise AlmanacError("another `almanac serve` of this project is running",
                               str(folder)) from err
        show_mkdocs_warnings()
        quiet = NotDirtyWarning()
        logging.getLogger(BUILD_LOGGER).addFilter(quiet)
        try:
            yield
        finally:
            logging.getLogger(BUILD_LOGGER).removeFilter(quiet)
