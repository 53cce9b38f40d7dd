"""`almanac serve`'s site: the working copy built into build/preview/, brought up to date after
every edit by redoing only what the edit touches.

An update reads content/ again but parses only the files whose text changed, runs the checks,
writes only the Markdown pages whose text changed and has MkDocs rebuild only those (its dirty
build), in the languages where something changed; a language whose MkDocs config or theme
changed is rebuilt whole. Error findings leave the preview as it was. `almanac build` neither
reads nor writes build/preview/, so its clean build, lock and swap are untouched by a preview."""
from __future__ import annotations

import fcntl
import json
import logging
import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import replace
from pathlib import Path

from jinja2 import TemplateError, TemplateSyntaxError
from mkdocs.commands.build import build as mkdocs_build
from mkdocs.exceptions import Abort

from generator.checks import run_checks
from generator.errors import AlmanacError
from generator.facts.glossary import Glossary
from generator.facts.languages import Language, Languages
from generator.facts.night_order import NightOrder
from generator.facts.official import OfficialTexts
from generator.facts.site_languages import select_languages
from generator.files import write_failure
from generator.model import ParsedFile, visible
from generator.output.build import print_errors, write_docs
from generator.output.render import (
    CompiledTemplates,
    Docs,
    Known,
    not_found_page,
    redirect_page,
)
from generator.output.site import OwnAlternates, ThemeOnce, show_mkdocs_warnings, site_config
from generator.parse import parse_text
from generator.pipeline import corpus_of, load_facts
from generator.read.corpus import DATA_FILES, Text, read_corpus, read_stores
from generator.resolve import Corpus

FOLDER = Path("build") / "preview"


class _NotDirtyWarning(logging.Filter):
    """MkDocs warns at every dirty build that menus and links may be stale. Here a changed menu
    changes the config, which rebuilds the language whole, and a page whose links change has
    changed Markdown, so the warning says nothing."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "'dirty' build" not in record.getMessage()


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


class Preview:
    """The preview of one project, and what its updates keep between them: parsed texts,
    rendered pages, the theme's files."""

    def __init__(self, root: Path, site_url: str, official: OfficialTexts | None = None,
                 languages: str | None = None, official_dir: str = "",
                 verbose: bool = False) -> None:
        self.root = root
        self.verbose = verbose  # warning findings printed at each update beside the errors
        self.site_url = site_url
        self.official = official
        self.languages, self.official_dir = languages, official_dir  # as build takes them
        self._noticed = False  # the notices of what is not built are said at the first update
        self.folder = root / FOLDER
        self.site = self.folder / "site"
        self.watched = (root / "content", root / "templates", root / "mkdocs.yml")
        self._data: tuple[bytes, ...] = ()  # the data files' bytes the facts below were read from
        self._facts: tuple[Languages, Glossary, NightOrder] | None = None
        self._parsed: dict[Text, ParsedFile] = {}  # by text: a file parses the same if unchanged
        self._templates: dict[Path, bytes] = {}
        self._known: Known = {}
        # Languages this process has built: a page another `serve` wrote but did not get to
        # build is newer than its HTML, and MkDocs' dirty build finds it.
        self._checked: set[str] = set()
        self._theme_once = ThemeOnce(CompiledTemplates(), self.folder / "theme-files")

    def update(self) -> dict[str, int] | None:
        """Bring the preview up to date with the working copy: the pages rebuilt per language
        (none when nothing changed); None, with the reasons printed, when it stays as it was
        (error findings, a data file, template or config that cannot be used)."""
        try:
            corpus = self._corpus()
            diagnostics = run_checks(corpus)
            errors = sum(d.severity == "error" for d in diagnostics)
            if errors or self.verbose:
                print_errors(diagnostics, self.verbose)
            if errors:
                print(f"Preview not updated: {errors} errors above; it shows the last good site."
                      if self.good else f"Nothing served: {errors} errors above. Fix them and "
                      "run `almanac serve` again.", file=sys.stderr)
                return None
            selection = select_languages(corpus.languages, self.official, self.languages,
                                         self.official_dir)
            if not self._noticed:
                for notice in selection.notices:
                    print(visible(notice), file=sys.stderr)
                self._noticed = True
            corpus = replace(corpus, languages=selection.languages)
            templates = self._files(self.root / "templates")
            if templates != self._templates:  # pages rendered with other templates are not known
                self._known.clear()
                self._templates = templates
            written = write_docs(self.root, corpus, diagnostics, self.official, self.folder,
                                 self.site, self.site_url, self._known)
            theme = self._theme()
            rebuilt = {lang: pages for lang, (config, docs) in written.items()
                       if (pages := self._mkdocs(lang, config, docs, theme)) is not None}
            self._write_if_changed(self.site / "index.html",
                                   redirect_page(corpus, self.root / "templates"))
            self._write_if_changed(self.site / "404.html",
                                   not_found_page(corpus, self.root / "templates", ""))
        except (AlmanacError, Abort) as err:
            print(f"{err}\nPreview not updated; it shows the last good site.", file=sys.stderr)
            return None
        except OSError as err:  # a full disk: the last good preview stays, or nothing is served
            if not self.good:
                raise write_failure(err, self.root, "; nothing is served") from err
            print(f"{write_failure(err, self.root)}\nPreview not updated; it shows the last good "
                  "site.", file=sys.stderr)
            return None
        except TemplateError as err:
            where = f"{err.filename}:{err.lineno}: " if isinstance(err, TemplateSyntaxError) \
                else ""
            print(f"{where}error: {err.message}\nPreview not updated; it shows the last good "
                  "site.", file=sys.stderr)
            return None
        return rebuilt

    def rebuild(self) -> bool:
        """update, saying on standard output what it rebuilt and how fast; whether the site
        changed (the live server's builder)."""
        start = time.perf_counter()
        rebuilt = self.update()
        if rebuilt is not None:
            shown = ", ".join(f"{lang} {pages} pages" for lang, pages in rebuilt.items())
            print(f"{time.strftime('%H:%M:%S')} preview updated in "
                  f"{time.perf_counter() - start:.2f} s: {shown or 'no page changed'}",
                  flush=True)
        return bool(rebuilt)

    @staticmethod
    def _write_if_changed(path: Path, text: str) -> None:
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")

    def _corpus(self) -> Corpus:
        """content/ read, each text parsed once for as long as it and the data files stay."""
        content = self.root / "content"
        data = tuple(path.read_bytes() if path.is_file() else b""
                     for path in (content / name for name in DATA_FILES))
        if data != self._data:
            self._facts = load_facts(content)
            self._data = data
            self._parsed = {}
            self._known.clear()
        assert self._facts is not None
        languages, glossary, night_order = self._facts
        texts, diagnostics = read_corpus(content, self.root, languages.codes)
        stores, store_diagnostics = read_stores(content, self.root, languages.codes)
        before, self._parsed = self._parsed, {}

        def parse(text: Text, language: Language) -> ParsedFile:
            self._parsed[text] = before.get(text) or parse_text(text, language)
            return self._parsed[text]
        return corpus_of(texts, languages, glossary, night_order,
                         diagnostics + store_diagnostics, parse, stores)

    @staticmethod
    def _files(folder: Path) -> dict[Path, bytes]:
        return {path: path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}

    def _theme(self) -> bytes:
        """What every page's HTML is made with besides its Markdown: the base MkDocs config and
        the theme overrides."""
        base = self.root / "mkdocs.yml"
        files = {base: base.read_bytes(), **self._files(self.root / "templates" / "theme")}
        return b"\0".join(bytes(str(path), "utf-8") + b"\0" + data
                           for path, data in files.items())

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

    def _mkdocs(self, lang: str, config: Path, docs: Docs, theme: bytes) -> int | None:
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
        loaded = site_config(config)
        loaded.plugins["almanac-theme-once"] = self._theme_once
        loaded.plugins["almanac-own-alternates"] = OwnAlternates()
        mkdocs_build(loaded, dirty=not whole)
        if before is not None:
            _merge_search_index(index, before, {_page_url(path) for path in removed})
        marker.write_bytes(made_with)
        self._checked.add(lang)
        return len(docs.paths) if whole else len(pages & set(docs.paths))


@contextmanager
def preview_lock(root: Path) -> Iterator[None]:
    """The project's preview held by this process alone (two would write the same folder),
    with MkDocs' warnings shown."""
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
        quiet = _NotDirtyWarning()
        logging.getLogger("mkdocs.commands.build").addFilter(quiet)
        try:
            yield
        finally:
            logging.getLogger("mkdocs.commands.build").removeFilter(quiet)
