"""A language's pages written for MkDocs: every page's Markdown (the characters', teams', the
report, the source views, the scripts' sheets) and the language's MkDocs config, in
build/<lang>/ for a site in site/<lang>/."""
from __future__ import annotations

from operator import attrgetter
from pathlib import Path, PurePosixPath

from generator.errors import AlmanacError
from generator.facts.interface_words import official_words
from generator.facts.languages import Language
from generator.facts.official import OfficialTexts
from generator.model import SECTIONS, Corpus, Diagnostic
from generator.output.render import Docs, Known, Page, render_docs
from generator.output.site import RULES_PAGE, nav, write_config
from generator.read.corpus import DATA_FILES, NAME_MAX, page_name_size, store_file
from generator.views.collation import collated
from generator.views.corpus_script import from_corpus
from generator.views.narration import build_narration, set_title
from generator.views.nightsheet import build_sheet
from generator.views.onuw import rulebook
from generator.views.report import report_view
from generator.views.report_pages import (
    COVERAGE,
    FINDINGS,
    SUMMARY,
    TRANSLATABLE,
    report_pages,
)
from generator.views.roster import with_roster
from generator.views.rules import rules_view
from generator.views.scriptsheet import build_script_sheet
from generator.views.sheet_kinds import NIGHTS
from generator.views.sources import SourceView, source_views

# The template of each kind of the report's pages (views/report_pages.py).
REPORT_TEMPLATES = {SUMMARY: "report.md.j2", COVERAGE: "report/coverage.md.j2",
                     TRANSLATABLE: "report/translatable.md.j2", FINDINGS: "report/findings.md.j2"}


def extra_pages(corpus: Corpus, diagnostics: tuple[Diagnostic, ...], lang: str,
                official: OfficialTexts | None = None,
                sources: tuple[SourceView, ...] = ()) -> list[Page]:
    """A language's pages beside those of characters, teams and rules terms: the rules of the
    game, the report, the source views, each corpus script's sheets and One Night's
    narrations."""
    shown = frozenset(source.file for source in sources)
    report = report_view(corpus, diagnostics, lang, shown, official)
    parts = report_pages(report)
    pages = [Page(part.path, REPORT_TEMPLATES[part.kind],
                  {"report": report, "part": part, "pages": parts, "sections": SECTIONS})
             for part in parts]
    if rules := rules_view(corpus, lang):
        pages.insert(0, Page(RULES_PAGE, "rules/game.md.j2", {"rules": rules}))
    pages += [Page(source.page, "source.md.j2", {"source": source}) for source in sources]
    for script in collated(corpus.scripts, lang, attrgetter("title")):
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
            title, title_lang = set_title(corpus, book, index, lang)
            narration = build_narration(corpus, book, title, list(role_set.roles), lang,
                                        title_lang)
            pages.append(Page(f"nightsheets/onuw-set-{index}.md", "narration/page.md.j2",
                              {"sheet": narration}))
    return pages


def _sources(root: Path, corpus: Corpus,
             diagnostics: tuple[Diagnostic, ...]) -> tuple[SourceView, ...]:
    """The source views, each file's name short enough for its page (its name and `.md`)."""
    # Views of the texts parsed, and of the data files and stores findings point at: files
    # the tool read, no other.
    read = {f"content/{name}" for name in DATA_FILES} | \
        {store_file(lang) for lang in corpus.languages.codes}
    views = tuple(source_views(root, {pf.file for pf in corpus.parsed} |
                               (read & {d.file for d in diagnostics}), corpus.languages.codes,
                               corpus.texts))
    for view in views:  # a name-too-long finding, built with --allow-errors
        if page_name_size(PurePosixPath(view.file).name) > NAME_MAX:
            raise AlmanacError("the name is too long for its page in the site (name-too-long "
                               "above): rename it to build the site", view.file)
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
                          root / "mkdocs.yml", offline, search_synonyms(corpus))
    return config, docs


def search_synonyms(corpus: Corpus) -> dict[str, tuple[tuple[str, ...], ...]]:
    """The search's word groups by language: the rules' synonyms, then the players' thesaurus
    (content/search-words.yaml)."""
    rules, thesaurus = corpus.glossary.rules.synonyms, corpus.glossary.search_words.thesaurus
    return {lang: (*rules.get(lang, ()), *thesaurus.get(lang, ()))
            for lang in dict.fromkeys([*rules, *thesaurus])}


def write_docs(root: Path, corpus: Corpus, diagnostics: tuple[Diagnostic, ...],
               official: OfficialTexts | None, into: Path, site: Path, site_url: str,
               known: Known | None = None, offline: bool = False) -> dict[str, tuple[Path, Docs]]:
    """Every language's Markdown and MkDocs config (write_language), by language, every
    character of the official data with a page. `known`: the pages rendered before, reused
    where their data is the same."""
    corpus, sources = site_of(root, corpus, diagnostics, official)
    return {language.code: write_language(root, corpus, diagnostics, official, into, site,
                                           site_url, sources, language, known, offline)
            for language in corpus.languages.all}


def site_of(root: Path, corpus: Corpus, diagnostics: tuple[Diagnostic, ...],
             official: OfficialTexts | None) -> tuple[Corpus, tuple[SourceView, ...]]:
    """What the site shows: every character of the official data as well as the corpus's,
    and the source views."""
    pages = with_roster(corpus, official)
    return pages, _sources(root, pages, diagnostics)
