"""`almanac build`: corpus → checks → pages per language → MkDocs sites, swapped in whole."""
from __future__ import annotations

import argparse
import shlex
import shutil
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path

from mkdocs.exceptions import Abort

from generator.checks import run_checks
from generator.commands.arguments import official_data, official_folder
from generator.commands.findings import errors_above, print_errors
from generator.facts.catalogs import catalog_stats
from generator.facts.interface_words import english_count, official_words
from generator.facts.official import OfficialTexts
from generator.facts.site_languages import select_languages
from generator.files import write_failure
from generator.model import visible
from generator.output.glyphs import fonts_unknown, page_gap
from generator.output.language_sites import site_of, write_language
from generator.output.processes import in_processes
from generator.output.publish import build_lock, published, recover, staging_folder, swap_in
from generator.output.render import Docs, keep_compiled, not_found_page, redirect_page
from generator.output.shared_assets import link_alike
from generator.output.site import build_site, show_mkdocs_warnings
from generator.pipeline import load_corpus
from generator.release.store import default_official
from generator.views.counts import counts_line


def run(args: argparse.Namespace) -> int:
    return build(args.root, site_url=args.site_url or "", allow_errors=args.allow_errors,
                 official=official_data(args), offline=args.offline, languages=args.languages,
                 official_dir=official_folder(args), strict=args.strict, command=invoked(),
                 verbose=args.verbose)


def invoked() -> str:
    """This program as the user can type it again: `almanac` where the PATH finds this very
    program, else the path it was started by (`.venv/bin/almanac`, the way scripts/build
    starts it), else the Python module (`python -m generator.cli`)."""
    started = Path(sys.argv[0])
    if started.name != "almanac":
        return f"{shlex.quote(sys.executable)} -m generator.cli"
    found = shutil.which("almanac")
    if found and Path(found).resolve() == started.resolve():
        return "almanac"
    path = started.absolute()
    shown = path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path
    return shlex.quote(str(shown))


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


def build(root: Path, site_url: str = "", *, allow_errors: bool = False,
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
    diagnostics = run_checks(corpus, official)
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
        print(f"Site not built: {errors_above(counts['error'])}; the previous site/ is unchanged. "
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
            pages, sources = site_of(root, corpus, diagnostics, official)
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
    # serve builds its own preview: the same options, or it shows other languages and pages.
    kept = str(default_official() or "")  # serve reads it too where not told otherwise
    same = "".join(f" {option} {shlex.quote(value)}" for option, value in
                   (("--official", "" if official_dir == kept else official_dir),
                    ("--languages", languages)) if value)
    same = " --no-official" + same if kept and not official_dir else same
    print(f"Site built in {root / 'site'}. Open it with: {command}{where} serve{same} "
          f"(then {site_url or 'http://127.0.0.1:8000/'})")
    return 1 if counts["error"] else 0
