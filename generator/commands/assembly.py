"""The site as `build` and `serve` both assemble it: the corpus checked and what it holds said,
each language's pages written, looked up in the installed fonts and built by MkDocs (side by
side, each in a process of its own, the first language first), and the root's own pages. build
builds into a staging folder it swaps in, serve into its preview, and updates that after edits."""
from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

from mkdocs.exceptions import Abort

from generator.cards import joined
from generator.checks import run_checks
from generator.commands.findings import print_errors
from generator.facts.catalogs import catalog_stats
from generator.facts.interface_words import english_count, official_words
from generator.facts.languages import Language
from generator.facts.official import OfficialTexts
from generator.facts.site_languages import select_languages
from generator.model import Corpus, Diagnostic, visible
from generator.output.glyphs import fonts_unknown, page_gap
from generator.output.language_sites import site_of, write_language
from generator.output.page_kinds import SiteData
from generator.output.render import Docs, Known, keep_compiled, not_found_page, redirect_page
from generator.views.counts import counts_line

# MkDocs' build of one language, where its config says: (language, config, its docs as
# written) → how many pages it built, None for none.
MkDocsBuild = Callable[[str, Path, Docs], int | None]


@dataclass(frozen=True)
class Checked:
    """The corpus with the languages to build, its findings, and what selecting those said."""

    corpus: Corpus
    diagnostics: tuple[Diagnostic, ...]
    notices: tuple[str, ...]

    @property
    def errors(self) -> int:
        return sum(d.severity == "error" for d in self.diagnostics)


@dataclass(frozen=True)
class Built:
    """A language built: how many pages MkDocs built (None: none), and the pages rendered
    (when asked to keep them), for an update to reuse."""

    pages: int | None
    known: Known


@dataclass(frozen=True)
class Assembly:
    """A site as the command line asks for it. site_url: where it is served, "" where not known
    (its sitemap, canonical links and the 404 page's links); languages: `all` or codes
    (--languages; None: languages.yaml's); official_dir: where the official data was read, for
    the notices; offline: a site to open from its files; strict: letters no installed font has
    (or fonts that cannot be asked) stop it; verbose: warning findings listed too."""

    root: Path
    site_url: str = ""
    official: OfficialTexts | None = None
    languages: str | None = None
    official_dir: str = ""
    offline: bool = False
    strict: bool = False
    verbose: bool = False

    def checked(self, corpus: Corpus) -> Checked:
        """The languages to build selected (an unknown one is an error) and the checks run."""
        selection = select_languages(corpus.languages, self.official, self.languages,
                                     self.official_dir)
        diagnostics = run_checks(corpus, self.official)
        # The checks see the almanac's languages; the site, those asked for.
        return Checked(joined(replace(corpus, languages=selection.languages), self.official),
                       diagnostics, selection.notices)

    def say(self, checked: Checked) -> None:
        """What the corpus and each language's interface hold (standard output), the languages
        left out and the error findings (standard error: what -q keeps)."""
        print(counts_line(checked.corpus, checked.diagnostics, "en"))
        for lang in checked.corpus.languages.codes:
            stats = catalog_stats(lang)
            words = official_words(self.official, lang)
            # A language without a catalog shows the official tools' words where they have them.
            worded = f", {len(words)} in the official tools' words, " \
                f"{english_count(lang, words)} in English" if words else ""
            print(f"UI strings ({lang}): {stats.total}, {len(stats.untranslated)} untranslated, "
                  f"{len(stats.fuzzy)} fuzzy{worded}")
        for notice in checked.notices:
            print(visible(notice), file=sys.stderr)
        print_errors(checked.diagnostics, self.verbose)

    def fonts_known(self) -> bool:
        """Whether letters can be looked up in the installed fonts, or need not be (not
        strict); where they cannot, one line says so. Asked once, before the languages'
        processes inherit the answer."""
        unknown = fonts_unknown()
        if unknown:
            print(unknown, file=sys.stderr)
        return not (unknown and self.strict)

    def site_data(self, checked: Checked) -> SiteData:
        """What the pages show: every character of the official data too, the source views."""
        corpus, sources = site_of(self.root, checked.corpus, checked.diagnostics)
        return SiteData(corpus, checked.diagnostics, sources)

    def language(self, data: SiteData, into: Path, site: Path, language: Language,
                 mkdocs: MkDocsBuild, known: Known | None = None, whole: bool = True) -> Built:
        """A language's pages and config written into into/<lang>/ for a site in site/<lang>/,
        their letters looked up in the installed fonts (all its pages', or, not whole, those
        written anew: a page that would show a box is one line; with strict, no build), and
        built by mkdocs. known: the pages rendered before, reused where their data is the same,
        and kept with the new ones."""
        lang = language.code
        config, docs = write_language(self.root, data, into, site, self.site_url, language,
                                      known, self.offline)
        gap = page_gap(config.parent / "docs", lang, self.root,
                       None if whole else sorted(docs.changed))
        if gap:
            print(gap, file=sys.stderr)
            if self.strict:
                raise Abort(f"--strict: the {lang} pages show letters no installed font has "
                            "(the line above)")
        return Built(mkdocs(lang, config, docs), {} if known is None else known)

    def jobs(self, data: SiteData, into: Path, site: Path, mkdocs: MkDocsBuild,
             keep: bool = False) -> dict[str, Callable[[], Built]]:
        """Every language's job (`language`), by code, in the site's order: the first language
        first. keep: each job's pages rendered kept in what it returns."""
        # The templates compiled (the pages' and the theme's) kept for every job, build or serve.
        keep_compiled(self.root / "build" / "compiled-templates")
        return {language.code: partial(self.language, data, into, site, language, mkdocs,
                                       {} if keep else None)
                for language in data.corpus.languages.all}

    def root_pages(self, corpus: Corpus) -> Iterable[tuple[str, str]]:
        """The site root's own pages: index.html sends a browser to its language; 404.html,
        which static hosts (and serve) answer for a missing address, links from the path of
        site_url."""
        templates = self.root / "templates"
        yield "index.html", redirect_page(corpus, templates, directory_urls=not self.offline)
        yield "404.html", not_found_page(corpus, templates, self.site_url,
                                         directory_urls=not self.offline)
