"""`almanac build`: corpus → checks → pages per language → MkDocs sites, swapped in whole."""
from __future__ import annotations

import os
import shlex
import shutil
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path, PurePosixPath

from mkdocs.exceptions import Abort

from generator.checks import run_checks
from generator.errors import AlmanacError
from generator.facts.catalogs import catalog_stats
from generator.facts.interface_words import english_count, official_words
from generator.facts.languages import Language
from generator.facts.official import OfficialTexts
from generator.facts.site_languages import select_languages
from generator.files import write_failure
from generator.model import SECTIONS, Diagnostic, visible
from generator.output.glyphs import fonts_unknown, page_gap
from generator.output.processes import in_processes
from generator.output.publish import build_lock, published, recover, staging_folder, swap_in
from generator.output.render import (
    Docs,
    Known,
    Page,
    keep_compiled,
    not_found_page,
    redirect_page,
    render_docs,
)
from generator.output.shared_assets import link_alike
from generator.output.site import build_site, nav, show_mkdocs_warnings, write_config
from generator.pipeline import load_corpus
from generator.read.corpus import DATA_FILES, store_file
from generator.resolve import Corpus
from generator.views.corpus_script import from_corpus
from generator.views.counts import counts_line
from generator.views.messages import message
from generator.views.narration import build_narration
from generator.views.nightsheet import NIGHTS, build_sheet
from generator.views.onuw import rulebook
from generator.views.report import report_view
from generator.views.roster import with_roster
from generator.views.scriptsheet import build_script_sheet
from generator.views.sources import SourceView, source_views


def extra_pages(corpus: Corpus, diagnostics: tuple[Diagnostic, ...], lang: str,
                official: OfficialTexts | None = None,
                sources: tuple[SourceView, ...] = ()) -> list[Page]:
    shown = frozenset(source.file for source in sources)
    pages = [Page("report.md", "report.md.j2",
                  {"report": report_view(corpus, diagnostics, lang, shown, official),
                   "sections": SECTIONS})]
    pages += [Page(source.page, "source.md.j2", {"source": source}) for source in sources]
    for script in corpus.scripts:
        spec = from_corpus(script)
        pages.append(Page(f"scriptsheets/{script.id}.md", "scriptsheet/page.md.j2",
                          {"sheet": build_script_sheet(corpus, spec, lang, official)}))
        for night in NIGHTS:
            sheet = build_sheet(corpus, spec, lang, night, official)
            pages.append(Page(f"nightsheets/{script.id}-{night}.md", "nightsheet/page.md.j2",
                              {"sheet": sheet}))
    book = rulebook(corpus)
    if book:
        for index, role_set in enumerate(book.role_sets, 1):
            narration = build_narration(corpus, book, role_set.name, list(role_set.roles), lang,
                                        book.lang)
            pages.append(Page(f"nightsheets/onuw-set-{index}.md", "narration/page.md.j2",
                              {"sheet": narration}))
    return pages


def print_errors(diagnostics: tuple[Diagnostic, ...], warnings: bool = False) -> None:
    """Every error finding (and with warnings, every warning finding) on standard error, as
    `file:line: code: message`."""
    shown = ("error", "warning") if warnings else ("error",)
    for error in (d for d in diagnostics if d.severity in shown):
        print(visible(f"{error.file}:{error.line}: {error.code}: {message(error, 'en')}"),
              file=sys.stderr)


# The bytes a file name can have on Linux's file systems.
NAME_MAX = 255


def _sources(root: Path, corpus: Corpus,
             diagnostics: tuple[Diagnostic, ...]) -> tuple[SourceView, ...]:
    """The source views, each file's name short enough for its page (its name and `.md`)."""
    # Views of the texts parsed, and of the data files and stores findings point at: files
    # the tool read, no other.
    read = {f"content/{name}" for name in DATA_FILES} | \
        {store_file(lang) for lang in corpus.languages.codes}
    views = tuple(source_views(root, {pf.file for pf in corpus.parsed} |
                               (read & {d.file for d in diagnostics}), corpus.languages.codes))
    for view in views:
        over = len(os.fsencode(PurePosixPath(view.page).name)) - NAME_MAX
        if over > 0:
            raise AlmanacError(f"the name is too long for its page in the site (the name and "
                               f"`.md`): shorten it by {over} bytes or more", view.file)
    return views


def write_language(root: Path, corpus: Corpus, diagnostics: tuple[Diagnostic, ...],
                   official: OfficialTexts | None, into: Path, site: Path, site_url: str,
                   sources: tuple[SourceView, ...], language: Language,
                   known: Known | None = None, offline: bool = False) -> tuple[Path, Docs]:
    """A language's Markdown and MkDocs config in into/<lang>/, for a site in site/<lang>/:
    its config and its docs (what changed in them). offline: a site to open from its files."""
    lang = language.code
    docs = render_docs(corpus, lang, root / "templates", into / lang / "docs",
                       extra_pages(corpus, diagnostics, lang, official, sources), official, known,
                       directory_urls=not offline)
    config = write_config(into / lang, language, corpus.languages, site / lang, site_url,
                          nav(corpus, lang, docs.titles, official_words(official, lang)),
                          root / "mkdocs.yml", offline, corpus.glossary.rules.synonyms)
    return config, docs


def write_docs(root: Path, corpus: Corpus, diagnostics: tuple[Diagnostic, ...],
               official: OfficialTexts | None, into: Path, site: Path, site_url: str,
               known: Known | None = None, offline: bool = False) -> dict[str, tuple[Path, Docs]]:
    """Every language's Markdown and MkDocs config (write_language), by language, every
    character of the official data with a page. `known`: the pages rendered before, reused
    where their data is the same."""
    corpus, sources = _site_of(root, corpus, diagnostics, official)
    return {language.code: write_language(root, corpus, diagnostics, official, into, site,
                                           site_url, sources, language, known, offline)
            for language in corpus.languages.all}


def _site_of(root: Path, corpus: Corpus, diagnostics: tuple[Diagnostic, ...],
             official: OfficialTexts | None) -> tuple[Corpus, tuple[SourceView, ...]]:
    """What the site shows: every character of the official data as well as the corpus's,
    and the source views."""
    pages = with_roster(corpus, official)
    return pages, _sources(root, pages, diagnostics)


_UNCHANGED = "; the previous site/ is unchanged"


def _build_language(write: Callable[[], tuple[Path, Docs]], root: Path, lang: str,
                    strict: bool) -> None:
    """A language written (a write_language), its letters looked up in the installed fonts
    (a page that would show a box is one line; with strict, no build), and built by MkDocs."""
    try:
        config, _ = write()
        gap = page_gap(config.parent / "docs", lang, root)
        if gap:
            print(gap, file=sys.stderr)
            if strict:
                raise Abort(f"--strict: the {lang} pages show letters no installed font has "
                            "(the line above)")
        build_site(config)
    except OSError as err:
        raise write_failure(err, root, _UNCHANGED) from err


def build(root: Path, site_url: str = "", allow_errors: bool = False,
          official: OfficialTexts | None = None, offline: bool = False,
          languages: str | None = None, official_dir: str = "", strict: bool = False,
          command: str = "almanac", verbose: bool = False) -> int:
    """Build site/ from the corpus. With error findings the previous site/ stays unless
    allow_errors; either way the errors are printed and the exit status is 1. site_url: where
    the site will be served, "" if not known; offline: a site to open from its files;
    languages: `all` or codes (--languages; None: languages.yaml's), official_dir: where the
    official data was read, for the notices of what it holds and is not built; strict: letters
    no installed font has (or fonts that cannot be asked) keep the previous site/ too; command:
    the almanac as the user can type it, for the last line; verbose: warnings listed too."""
    site = published(root / "site")
    corpus = load_corpus(root)
    selection = select_languages(corpus.languages, official, languages, official_dir)
    diagnostics = run_checks(corpus)
    # The checks see the almanac's languages; the site, those asked for.
    corpus = replace(corpus, languages=selection.languages)
    counts = Counter(d.severity for d in diagnostics)
    print(counts_line(corpus, diagnostics, "en"))
    for lang in corpus.languages.codes:
        stats = catalog_stats(lang)
        words = official_words(official, lang)
        # A language without a catalog shows the official tools' words where they have them.
        worded = f", {len(words)} in the official tools' words, " \
            f"{english_count(lang, words)} in English" if words else ""
        print(f"UI strings ({lang}): {stats.total}, {len(stats.untranslated)} untranslated, "
              f"{len(stats.fuzzy)} fuzzy{worded}")
    for notice in selection.notices:
        print(visible(notice), file=sys.stderr)
    print_errors(diagnostics, verbose)
    if counts["error"] and not allow_errors:
        print(f"Site not built: {counts['error']} errors above; the previous site/ is unchanged. "
              "Fix them, or pass --allow-errors to build anyway.", file=sys.stderr)
        return 1
    # The installed fonts asked once, before the languages' processes inherit the answer.
    if unknown := fonts_unknown():
        print(unknown, file=sys.stderr)
        if strict:
            print(f"Site not built (--strict): letters cannot be looked up{_UNCHANGED}.",
                  file=sys.stderr)
            return 1
    show_mkdocs_warnings()
    with build_lock(root):
        try:
            recover(site)
            staging = staging_folder(site)
        except OSError as err:
            raise write_failure(err, root, _UNCHANGED) from err
        try:
            pages, sources = _site_of(root, corpus, diagnostics, official)
            keep_compiled(root / "build" / "compiled-templates")
            # The languages side by side, each in a process of its own (bounded by the cores).
            in_processes({language.code: partial(
                _build_language, partial(write_language, root, pages, diagnostics, official,
                                         root / "build", staging, site_url, sources, language,
                                         None, offline),
                root, language.code, strict) for language in pages.languages.all})
            link_alike(staging, list(pages.languages.codes))
            templates = root / "templates"
            (staging / "index.html").write_text(
                redirect_page(corpus, templates, directory_urls=not offline), encoding="utf-8")
            (staging / "404.html").write_text(
                not_found_page(corpus, templates, site_url, directory_urls=not offline),
                encoding="utf-8")
            swap_in(staging, site)
        except Abort as abort:
            print(f"Site not built (the previous site/ is unchanged): {abort}", file=sys.stderr)
            return 1
        except OSError as err:
            raise write_failure(err, root, _UNCHANGED) from err
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    if offline:
        print(f"Site built in {site} to open from its files: {(site / 'index.html').as_uri()}")
        return 1 if counts["error"] else 0
    where = "" if root.resolve() == Path.cwd().resolve() else f" --root {shlex.quote(str(root))}"
    print(f"Site built in {root / 'site'}. Open it with: {command}{where} serve "
          f"(then {site_url or 'http://127.0.0.1:8000/'})")
    return 1 if counts["error"] else 0
