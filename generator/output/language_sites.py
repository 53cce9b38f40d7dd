"""A language's pages written for MkDocs: every page's Markdown (output/page_kinds.py's kinds)
and the language's MkDocs config, in build/<lang>/ for a site in site/<lang>/."""
from __future__ import annotations

from pathlib import Path, PurePosixPath

from generator.cards import with_roster
from generator.errors import AlmanacError
from generator.facts.interface_words import official_words
from generator.facts.languages import Language
from generator.model import Corpus, Diagnostic
from generator.output.page_kinds import SiteData, site_pages
from generator.output.render import Docs, Known, render_docs
from generator.output.site import nav, write_config
from generator.read.corpus import DATA_FILES, NAME_MAX, page_name_size, store_file
from generator.views.sources import SourceView, source_views


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


def write_language(root: Path, data: SiteData, into: Path, site: Path, site_url: str,
                   language: Language, known: Known | None = None,
                   offline: bool = False) -> tuple[Path, Docs]:
    """A language's Markdown and MkDocs config in into/<lang>/, for a site in site/<lang>/:
    its config and its docs (what changed in them). known: the pages rendered before, reused
    where their data is the same; offline: a site to open from its files."""
    lang, corpus = language.code, data.corpus
    pages = list(site_pages(data, lang))
    docs = render_docs(corpus, lang, root / "templates", into / lang / "docs", pages,
                       known, directory_urls=not offline)
    config = write_config(into / lang, language, corpus.languages, site / lang, site_url,
                          nav(pages, docs.titles, lang, official_words(corpus.official, lang)),
                          root / "mkdocs.yml", offline, search_synonyms(corpus))
    return config, docs


def search_synonyms(corpus: Corpus) -> dict[str, tuple[tuple[str, ...], ...]]:
    """The search's word groups by language: the rules' synonyms, then the players' thesaurus
    (content/search-words.yaml)."""
    rules, thesaurus = corpus.glossary.rules.synonyms, corpus.glossary.search_words.thesaurus
    return {lang: (*rules.get(lang, ()), *thesaurus.get(lang, ()))
            for lang in dict.fromkeys([*rules, *thesaurus])}


def site_of(root: Path, corpus: Corpus,
            diagnostics: tuple[Diagnostic, ...]) -> tuple[Corpus, tuple[SourceView, ...]]:
    """What the site shows: every character of the official data as well as the corpus's,
    and the source views."""
    pages = with_roster(corpus)
    return pages, _sources(root, pages, diagnostics)
