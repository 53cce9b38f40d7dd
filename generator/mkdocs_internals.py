"""Every use of MkDocs' and Material's internals, in one module: what the project relies on that
neither documents as its interface (private attributes of MkDocs' live-reload server, the hook
through which MkDocs makes its theme's Jinja environment and lists its files, the log line of a
dirty build, where Material keeps its languages and lunr's, the selector of Material's script).
They were read from the versions pyproject.toml pins (READ_FROM); `internals_missing()` says which
of them an installed version no longer has, and a test fails on it, naming both versions."""
from __future__ import annotations

import inspect
import logging
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, cast

import material
import mkdocs
import mkdocs.commands.build as mkdocs_build_module
from jinja2 import Environment
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.livereload import LiveReloadServer
from mkdocs.plugins import BasePlugin
from mkdocs.structure import files as mkdocs_files
from mkdocs.theme import Theme

# Material's templates and assets, as its package lays them out.
MATERIAL_TEMPLATES = Path(material.__file__).parent / "templates"
_LANGUAGES = MATERIAL_TEMPLATES / "partials" / "languages"
_LUNR = MATERIAL_TEMPLATES / "assets" / "javascripts" / "lunr" / "min"
_SCRIPTS = Path("assets") / "javascripts"
# Material's script takes every element this selects for the root of a language's site and
# fetches sitemap.xml beside it; OWN_ALTERNATES leaves the hreflang links, which name each page's
# counterparts, out of it.
ALTERNATES = '"link[rel=alternate]"'
OWN_ALTERNATES = '"link[rel=alternate]:not([hreflang])"'
# What MkDocs logs at every dirty build, and the logger it logs it through.
DIRTY_WARNING = "'dirty' build"
BUILD_LOGGER = "mkdocs.commands.build"
# The private attributes of LiveReloadServer the preview's server uses.
_SERVER_ATTRIBUTES = ("_build_loop", "_serve_request", "_epoch_cond", "_wanted_epoch",
                      "_visible_epoch", "_rebuild_cond", "_want_rebuild", "_inject_js_into_html",
                      "_shutdown", "serve_thread", "observer", "build_delay", "error_handler")
# The versions these internals were read from, by the names pyproject.toml pins them with: a
# new pin is a new reading of them (a test holds the two together).
READ_FROM = {"mkdocs": "1.6.1", "mkdocs-material": "9.7.6"}
INSTALLED = {"mkdocs": mkdocs.__version__, "mkdocs-material": material.__version__}


def material_languages() -> frozenset[str]:
    """The languages Material's own interface is translated into, as this install ships them."""
    return frozenset(page.stem for page in _LANGUAGES.glob("*.html"))


def lunr_languages() -> frozenset[str]:
    """The languages Material's search (lunr) has a stemmer for; English is lunr's own."""
    return frozenset({"en"} | {script.name.split(".")[1] for script in _LUNR.glob("lunr.*.min.js")}
                     - {"multi", "stemmer"})  # lunr's helpers, no languages


def material_bundles(site: Path) -> list[Path]:
    """Material's main script in a built site (one, its name hashed)."""
    return sorted((site / _SCRIPTS).glob("bundle.*.min.js"))


def add_plugin(config: MkDocsConfig, name: str, plugin: BasePlugin) -> None:
    """A plugin of the project's own added to a loaded config (MkDocs loads plugins by entry
    point only)."""
    config.plugins[name] = plugin


def wrap_theme_env(config: MkDocsConfig, wrap: Callable[[Environment], None]) -> None:
    """Every Jinja environment the config's theme makes from now on passed through wrap first:
    MkDocs makes a new one for every build and for the search plugin's language templates."""
    make_env = config.theme.get_env

    def get_env() -> Environment:
        env = make_env()
        wrap(env)
        return env
    config.theme.get_env = get_env  # type: ignore[method-assign]  # the one way in


def list_theme_files_through(env: Environment,
                             listed: Callable[[Any, Callable[[str], bool] | None], list[str]]
                             ) -> None:
    """MkDocs lists its theme's files through the environment's list_templates: listed answers
    in its place (called with list_templates' extensions and filter_func)."""
    env.list_templates = listed  # type: ignore[method-assign,assignment]


def mkdocs_build(config: MkDocsConfig, dirty: bool = False) -> None:
    """MkDocs' build of a loaded config; dirty: only the pages whose Markdown is newer than their
    HTML (as `mkdocs serve --dirty`)."""
    mkdocs_build_module.build(config, dirty=dirty)


class NotDirtyWarning(logging.Filter):
    """Drops MkDocs' warning at every dirty build that menus and links may be stale (for a
    builder that rebuilds whole wherever those can change)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return DIRTY_WARNING not in record.getMessage()


class ReloadServer(LiveReloadServer):
    """MkDocs' live-reload server (a page it serves reloads once the site is rebuilt), through
    public methods of its own: `answer` decides every request (serve_file, MkDocs' own
    answer, by default); `builder` runs after every change and returns whether the site changed,
    and runs again, up to `redo` times, before pages are shown, while watched files changed as it
    ran; `error_page` answers a missing file (None: MkDocs' own page)."""

    def __init__(self, builder: Callable[[], bool], host: str, port: int, root: Path,
                 polling_interval: float, build_delay: float, redo: int,
                 error_page: Callable[[int], bytes | None]) -> None:
        super().__init__(builder=self._build_and_show, host=host, port=port, root=str(root),
                         polling_interval=polling_interval)
        self._builder, self._redo, self._error_page = builder, redo, error_page
        self.build_delay = build_delay  # how long a rebuild waits for more changes
        self.error_handler = self._reloading_error_page

    def watch_paths(self, paths: Iterable[Path]) -> None:
        """The paths watched once start_watching is called; the pages served from now on carry
        the reload script."""
        for path in paths:
            self.watch(str(path))

    def start_watching(self) -> None:
        """Watching from now on (a thread: the watched files as they are now are the start)."""
        self.observer.start()

    def stop_watching(self) -> None:
        self.observer.stop()

    def start_serving(self) -> None:
        """Answer requests, in a thread of their own, until shutdown."""
        self.serve_thread.start()

    def stop(self) -> None:
        """Make run return, from another thread (at once if run has not started)."""
        with self._rebuild_cond:
            self._shutdown = True
            self._rebuild_cond.notify_all()

    def want_rebuild(self) -> None:
        """Rebuild as after a change of a watched path."""
        with self._rebuild_cond:
            self._want_rebuild = True
            self._rebuild_cond.notify_all()

    def run(self) -> None:
        """Serve and rebuild until interrupted (Ctrl-C) or stopped."""
        self.start_serving()
        try:
            self._build_loop()
        finally:
            # MkDocs' shutdown joins the watching thread: not where it never started.
            self.shutdown(wait=self.observer.is_alive())

    def answer(self, environ: dict[str, Any],
               start_response: Callable[..., Any]) -> Iterable[bytes] | None:
        return self.serve_file(environ, start_response)

    def serve_file(self, environ: dict[str, Any],
                   start_response: Callable[..., Any]) -> Iterable[bytes] | None:
        """MkDocs' answer: the file, a page with the reload script, or None for a missing one."""
        answer: Iterable[bytes] | None = super()._serve_request(environ, start_response)
        return answer

    def _serve_request(self, environ: dict[str, Any],
                       start_response: Callable[..., Any]) -> Iterable[bytes] | None:
        return self.answer(environ, start_response)

    def _reloading_error_page(self, code: int) -> bytes | None:
        page = self._error_page(code)
        # With the reload script: a page whose file an update removed comes back by itself.
        return None if page is None else \
            cast(bytes, self._inject_js_into_html(page, self._visible_epoch))

    def _build_and_show(self) -> None:
        changed = False
        for done in range(1, self._redo + 1):
            changed = self._builder() or changed
            with self._rebuild_cond:
                # A watched file changed while this update read it (perhaps half written, empty
                # between an editor's truncate and write): update again before pages are shown.
                if not self._want_rebuild or done == self._redo:  # the last: the loop updates again
                    break
                while self._rebuild_cond.wait(timeout=self.build_delay):
                    pass  # until the changes stop, as MkDocs' loop waits
                self._want_rebuild = False
        if not changed:
            # The server holds pages back while a newer site is wanted: say the one shown is it,
            # so pages are answered again and open ones are not reloaded.
            with self._epoch_cond:
                self._wanted_epoch = self._visible_epoch
                self._epoch_cond.notify_all()


def internals_missing() -> list[str]:
    """What of the internals above the installed MkDocs and Material no longer have, one line
    each; [] while they are as this module was written against."""
    missing = []
    server = LiveReloadServer(builder=lambda: None, host="127.0.0.1", port=0, root=".")
    try:
        missing += [f"mkdocs.livereload.LiveReloadServer.{name}"
                    for name in _SERVER_ATTRIBUTES if not hasattr(server, name)]
    finally:
        server.server_close()
    if not callable(getattr(Theme, "get_env", None)):
        missing.append("mkdocs.theme.Theme.get_env")
    if "list_templates" not in inspect.getsource(mkdocs_files):
        missing.append("mkdocs.structure.files: the theme's files listed by list_templates")
    if DIRTY_WARNING not in inspect.getsource(mkdocs_build_module):
        missing.append(f"mkdocs.commands.build: the warning of a dirty build ({DIRTY_WARNING})")
    if "dirty" not in inspect.signature(mkdocs_build_module.build).parameters:
        missing.append("mkdocs.commands.build.build(dirty=)")
    if "en" not in material_languages():
        missing.append(f"material: its interface's languages in {_LANGUAGES}")
    if "de" not in lunr_languages():
        missing.append(f"material: lunr's languages in {_LUNR}")
    bundles = material_bundles(MATERIAL_TEMPLATES)
    if not bundles or ALTERNATES not in bundles[0].read_text(encoding="utf-8"):
        missing.append(f"material: its script's selector of alternate links ({ALTERNATES})")
    return missing
