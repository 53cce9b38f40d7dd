"""`almanac serve`: the site assembled as `build` assembles it (commands/assembly.py: the same
checks, messages and site URL), into build/preview/, served on 127.0.0.1 and brought up to date
after every edit by redoing only what the edit touches.

The first build runs the languages side by side as build does, the first language first, and
serving starts once one is built: a page of a language still being built is answered once its
language is. An update reads content/ again but parses only the files whose text changed, runs
the checks, writes only the Markdown pages whose text changed and has MkDocs rebuild only those,
in the languages where something changed (generator/output/preview_site.py). Error findings
leave the preview as it was."""
from __future__ import annotations

import argparse
import errno
import sys
import threading
import time
from collections.abc import Generator
from contextlib import suppress
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jinja2 import TemplateError, TemplateSyntaxError
from mkdocs.exceptions import Abort

from generator.commands.arguments import official_data, official_folder
from generator.commands.assembly import Assembly, Built, Checked
from generator.commands.findings import errors_above, print_errors
from generator.errors import AlmanacError
from generator.facts.official import OfficialTexts
from generator.files import write_failure
from generator.model import Corpus
from generator.output.page_kinds import SiteData
from generator.output.preview_site import (
    PreviewSite,
    preview_lock,
    project_files,
    watched_files,
)
from generator.output.processes import Background
from generator.output.publish import lock_if_free, published, recover
from generator.output.render import Known
from generator.pipeline import CorpusReader

if TYPE_CHECKING:
    from generator.livereload import LiveServer

# What leaves the preview as it was, said in a line or two.
FAILURES = (AlmanacError, Abort, OSError, TemplateError)
Arrivals = Generator[tuple[str, Built], None, None]


def run(args: argparse.Namespace) -> int:
    from generator.livereload import LiveServer
    # A build that died while swapping may have left site/ aside: put back where no build runs
    # (a running one does it first itself; the preview never waits for it).
    with lock_if_free(args.root) as free, suppress(AlmanacError):
        if free:
            recover(published(args.root / "site"))
    live = Preview(args.root, f"http://127.0.0.1:{args.port}/", official_data(args),
                   args.languages, official_folder(args), args.verbose)
    try:
        server = LiveServer(live.rebuild, args.port, live.site, live.watched)
    except OSError as err:
        reason = "is in use; pass another with --port" if err.errno == errno.EADDRINUSE \
            else f"cannot be used: {err.strerror}"
        raise AlmanacError(f"port {args.port} {reason}") from err
    try:
        with preview_lock(args.root):
            return live.serve(server)
    finally:
        server.close()


class Preview:
    """The preview of one project, and what its updates keep between them: parsed texts,
    rendered pages, the theme's files."""

    def __init__(self, root: Path, site_url: str, official: OfficialTexts | None = None,
                 languages: str | None = None, official_dir: str = "",
                 verbose: bool = False) -> None:
        self.root = root
        # At the URL it is served from: its pages and 404 page link as build's would there.
        self.assembly = Assembly(root, site_url, official, languages, official_dir,
                                 verbose=verbose)
        self.preview = PreviewSite(root)
        self.site = self.preview.site
        self.watched = (root / "content", root / "templates", root / "mkdocs.yml")
        self._reader = CorpusReader(root)
        self._templates: dict[Path, bytes] = {}
        self._known: Known = {}
        # The first build's languages arriving after the first one, and what stopped them.
        self._languages: tuple[str, ...] = ()
        self._background: Background | None = None
        self._rest: threading.Thread | None = None
        self._failure: Exception | None = None
        self._closing = False
        self._seen: dict[Path, bytes | None] = {}

    def serve(self, server: LiveServer) -> int:
        """The first build, then the site served and updated after every edit until Ctrl-C:
        the exit status."""
        start = time.perf_counter()
        state = self._first_build(server, start)
        if state is None:
            if not self.preview.good:
                return 1
            state = f"the last good one, in {self.site}"
        print(f"Serving the live preview at {server.url} ({state}; edits to content/, "
              "templates/ and mkdocs.yml show in the open page; Ctrl-C stops)", flush=True)
        if self._rest is None:  # else once its languages are built
            server.begin_watching(self._seen)
        try:
            with suppress(KeyboardInterrupt):
                server.run()
        finally:
            self._closing = True
            if self._background is not None:
                self._background.stop()  # the languages still being built
            if self._rest is not None:
                self._rest.join()
        if self._failure is not None:  # the first build failed and nothing whole is left
            self._say_failure(self._failure)
            return 1
        return 0

    def _first_build(self, server: LiveServer, start: float) -> str | None:
        """The first build, the languages side by side: once one is built, what was built
        (`built in 3.1 s into …`), the others left to arrive; None where nothing was built
        (error findings or a failure, said)."""
        arrivals = self._start()
        if arrivals is None:
            return None
        try:
            lang, built = next(arrivals)
        except FAILURES as err:
            self._say_failure(err)
            return None
        self._arrived(lang, built)
        took = f"{time.perf_counter() - start:.1f} s"
        rest = [code for code in self._languages if code != lang]
        if not rest:
            arrivals.close()  # the process that ran it ends
            return f"built in {took} into {self.site}"
        server.hold(rest)
        self._rest = threading.Thread(target=self._arrive, name="languages", daemon=True,
                                      args=(arrivals, server, start, {lang: built.pages}))
        self._rest.start()
        return f"{lang} built in {took} into {self.site}, {', '.join(rest)} to follow"

    def _start(self) -> Arrivals | None:
        """What build says and checks, then every language built in processes of their own
        (as they end); None, with the reasons said, where nothing is to be built."""
        self._seen = watched_files(self.watched)  # what an edit during the build changes
        try:
            checked = self.assembly.checked(self._corpus())
            self.assembly.say(checked)
            if checked.errors:
                self._say_errors(checked.errors)
                return None
            self.assembly.fonts_known()
            data = self._site_data(checked)
            jobs = self.assembly.jobs(data, self.preview.folder, self.site,
                                      partial(self.preview.build, theme=self.preview.theme()),
                                      keep=True)
        except FAILURES as err:
            self._say_failure(err)
            return None
        self._languages = tuple(jobs)
        self._background = Background(jobs)
        return self._background.arrivals()

    def _arrive(self, arrivals: Arrivals, server: LiveServer, start: float,
                rebuilt: dict[str, int | None]) -> None:
        """The first build's other languages, each served once it is built (in a thread)."""
        try:
            for lang, built in arrivals:
                self._arrived(lang, built)
                server.release(lang)
                rebuilt[lang] = built.pages
        except FAILURES as err:
            if self._closing:  # stopped by Ctrl-C
                return
            if self.preview.good:
                self._say_failure(err)
            else:  # a part of a site: serving stops, saying why
                self._failure = err
                server.stop()
            return
        finally:
            server.release()
            if not self._closing:
                server.begin_watching(self._seen)
        shown = ", ".join(f"{lang} {pages} pages" for lang, pages in rebuilt.items())
        print(f"{time.strftime('%H:%M:%S')} every language built in "
              f"{time.perf_counter() - start:.1f} s: {shown}", flush=True)

    def _arrived(self, lang: str, built: Built) -> None:
        """A language the first build built in a process of its own: its pages kept for the
        updates, as if built here."""
        self._known.update(built.known)
        self.preview.built_here(lang)

    def update(self) -> dict[str, int] | None:
        """Bring the preview up to date with the working copy: the pages rebuilt per language
        (none when nothing changed); None, with the reasons printed, when it stays as it was
        (error findings, a data file, template or config that cannot be used)."""
        try:
            checked = self.assembly.checked(self._corpus())
            if checked.errors or self.assembly.verbose:
                print_errors(checked.diagnostics, self.assembly.verbose)
            if checked.errors:
                self._say_errors(checked.errors)
                return None
            data = self._site_data(checked)
            mkdocs = partial(self.preview.build, theme=self.preview.theme())
            rebuilt = {}
            for language in data.corpus.languages.all:
                built = self.assembly.language(data, self.preview.folder, self.site, language,
                                               mkdocs, self._known, whole=False)
                if built.pages is not None:
                    rebuilt[language.code] = built.pages
        except FAILURES as err:
            self._say_failure(err, first=False)
            return None
        return rebuilt

    def rebuild(self) -> bool:
        """update, saying on standard output what it rebuilt and how fast; whether the site
        changed (the live server's builder). After the first build's last language."""
        if self._rest is not None:
            self._rest.join()
        start = time.perf_counter()
        rebuilt = self.update()
        if rebuilt is not None:
            shown = ", ".join(f"{lang} {pages} pages" for lang, pages in rebuilt.items())
            print(f"{time.strftime('%H:%M:%S')} preview updated in "
                  f"{time.perf_counter() - start:.2f} s: {shown or 'no page changed'}",
                  flush=True)
        return bool(rebuilt)

    def _corpus(self) -> Corpus:
        """content/ read again; the pages rendered before are not known when a data file
        changed, for they may show it."""
        corpus, facts_changed = self._reader.read()
        if facts_changed:
            self._known.clear()
        return corpus

    def _site_data(self, checked: Checked) -> SiteData:
        """What the pages show, the site root's pages written; the pages rendered before are
        not known when the templates changed."""
        templates = project_files(self.root / "templates")
        if templates != self._templates:
            self._known.clear()
            self._templates = templates
        for name, text in self.assembly.root_pages(checked.corpus):
            self.preview.write_if_changed(name, text)
        return self.assembly.site_data(checked)

    def _say_errors(self, errors: int) -> None:
        print(f"Preview not updated: {errors_above(errors)}; it shows the last good site."
              if self.preview.good else f"Nothing served: {errors_above(errors)}. Fix them and "
              "run `almanac serve` again.", file=sys.stderr)

    def _say_failure(self, err: Any, first: bool = True) -> None:
        """What left the preview as it was; at the first build (first), a full disk with nothing
        whole to serve raised."""
        whole = self.preview.good
        if isinstance(err, OSError):
            if first and not whole:
                raise write_failure(err, self.root, "; nothing is served") from err
            said = str(write_failure(err, self.root))
        elif isinstance(err, TemplateError):
            where = f"{err.filename}:{err.lineno}: " if isinstance(err, TemplateSyntaxError) \
                else ""
            said = f"{where}error: {err.message}"
        else:
            said = str(err)
        print(f"{said}\nNo whole preview to serve: fix it and run `almanac serve` again."
              if first and not whole else
              f"{said}\nPreview not updated; it shows the last good site.", file=sys.stderr)
