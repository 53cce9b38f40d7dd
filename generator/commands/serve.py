"""`almanac serve`: the working copy built into build/preview/ and served on 127.0.0.1, brought
up to date after every edit by redoing only what the edit touches.

An update reads content/ again but parses only the files whose text changed, runs the checks,
writes only the Markdown pages whose text changed and has MkDocs rebuild only those, in the
languages where something changed (generator/output/preview_site.py). Error findings leave the
preview as it was."""
from __future__ import annotations

import argparse
import errno
import sys
import time
from contextlib import suppress
from dataclasses import replace
from pathlib import Path

from jinja2 import TemplateError, TemplateSyntaxError
from mkdocs.exceptions import Abort

from generator.checks import run_checks
from generator.commands.arguments import official_data, official_folder
from generator.commands.findings import errors_above, print_errors
from generator.errors import AlmanacError
from generator.facts.official import OfficialTexts
from generator.facts.site_languages import select_languages
from generator.files import write_failure
from generator.model import Corpus, visible
from generator.output.language_sites import write_docs
from generator.output.preview_site import PreviewSite, preview_lock, project_files
from generator.output.publish import lock_if_free, published, recover
from generator.output.render import Known, not_found_page, redirect_page
from generator.pipeline import CorpusReader


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
            start = time.perf_counter()
            built = live.update() is not None
            if not built and not live.preview.good:
                return 1
            state = f"built in {time.perf_counter() - start:.1f} s into" if built else \
                "the last good one, in"
            print(f"Serving the live preview at {server.url} ({state} {live.site}; edits to "
                  "content/, templates/ and mkdocs.yml show in the open page; Ctrl-C stops)",
                  flush=True)
            with suppress(KeyboardInterrupt):
                server.run()
    finally:
        server.close()
    return 0


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
        self.preview = PreviewSite(root)
        self.site = self.preview.site
        self.watched = (root / "content", root / "templates", root / "mkdocs.yml")
        self._reader = CorpusReader(root)
        self._templates: dict[Path, bytes] = {}
        self._known: Known = {}

    def update(self) -> dict[str, int] | None:
        """Bring the preview up to date with the working copy: the pages rebuilt per language
        (none when nothing changed); None, with the reasons printed, when it stays as it was
        (error findings, a data file, template or config that cannot be used)."""
        try:
            corpus = self._corpus()
            diagnostics = run_checks(corpus, self.official)
            errors = sum(d.severity == "error" for d in diagnostics)
            if errors or self.verbose:
                print_errors(diagnostics, self.verbose)
            if errors:
                print(f"Preview not updated: {errors_above(errors)}; it shows the last good site."
                      if self.preview.good else f"Nothing served: {errors_above(errors)}. Fix "
                      "them and run `almanac serve` again.", file=sys.stderr)
                return None
            selection = select_languages(corpus.languages, self.official, self.languages,
                                         self.official_dir)
            if not self._noticed:
                for notice in selection.notices:
                    print(visible(notice), file=sys.stderr)
                self._noticed = True
            corpus = replace(corpus, languages=selection.languages)
            templates = project_files(self.root / "templates")
            if templates != self._templates:  # pages rendered with other templates are not known
                self._known.clear()
                self._templates = templates
            written = write_docs(self.root, corpus, diagnostics, self.official,
                                 self.preview.folder, self.site, self.site_url, self._known)
            theme = self.preview.theme()
            rebuilt = {lang: pages for lang, (config, docs) in written.items()
                       if (pages := self.preview.build(lang, config, docs, theme)) is not None}
            self.preview.write_if_changed("index.html",
                                          redirect_page(corpus, self.root / "templates"))
            self.preview.write_if_changed("404.html",
                                          not_found_page(corpus, self.root / "templates", ""))
        except (AlmanacError, Abort) as err:
            print(f"{err}\nPreview not updated; it shows the last good site.", file=sys.stderr)
            return None
        except OSError as err:  # a full disk: the last good preview stays, or nothing is served
            if not self.preview.good:
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

    def _corpus(self) -> Corpus:
        """content/ read again; the pages rendered before are not known when a data file
        changed, for they may show it."""
        corpus, facts_changed = self._reader.read()
        if facts_changed:
            self._known.clear()
        return corpus
