"""The front of the pipeline: content/ → read → parse → resolve, as one call."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from generator.errors import AlmanacError
from generator.facts.glossary import Glossary, load_glossary
from generator.facts.language_codes import TAG, known_to_babel, language_tag
from generator.facts.languages import Language, Languages, load_languages, undeclared
from generator.facts.night_order import NightOrder, load_night_order
from generator.facts.rules import load_rules, unknown_characters
from generator.facts.search_words import load_search_words
from generator.facts.step_nights import load_step_nights
from generator.model import Corpus, Diagnostic, ParsedFile
from generator.parse import parse_text
from generator.read.corpus import DATA_FILES, STORE, Text, read_corpus, read_stores
from generator.read.po import PoFile
from generator.resolve import resolve

Facts = tuple[Languages, Glossary, NightOrder]


def load_facts(content: Path) -> Facts:
    """The data files of content/: the languages, the glossary (with the rules terms), the
    night order and the editors' nights of steps."""
    return _facts(content, data_files(content), translated(content))


def data_files(content: Path) -> tuple[bytes, ...]:
    """The bytes of content/'s data files (DATA_FILES; b"" for one that is not there)."""
    return tuple(path.read_bytes() if path.is_file() else b""
                 for path in (content / name for name in DATA_FILES))


# Read once a process for as long as the files' bytes stay the same: the preview reads content/
# at every edit, and a test session runs hundreds of commands on a few projects.
@lru_cache(maxsize=4)
def _facts(content: Path, data: tuple[bytes, ...], also: tuple[str, ...] = ()) -> Facts:
    languages = with_translated(load_languages(content / "languages.yaml"), also)
    glossary = replace(load_glossary(content / "glossary.yaml", languages),
                       rules=load_rules(content / "rules.yaml"))
    botc = {term.id for term in glossary.game_terms("botc")}
    if problem := unknown_characters(glossary.rules, botc):
        raise AlmanacError(problem, str(content / "rules.yaml"))
    pages = {"characters": frozenset(botc),
             "rules": frozenset(t.id for t in glossary.rules.terms)}
    glossary = replace(glossary, search_words=load_search_words(content / "search-words.yaml",
                                                                pages))
    steps = load_step_nights(content / "night-steps.yaml", botc, languages.codes)
    return (languages, glossary,
            replace(load_night_order(content / "night-order.yaml"), step_nights=steps))


def load_corpus(root: Path, also: tuple[str, ...] = ()) -> Corpus:
    """content/ read, parsed and resolved with the translation stores. also: languages a
    command asks for (`update-po --lang ja`) that need no entry in languages.yaml."""
    return CorpusReader(root, also).read()[0]


def translated(content: Path, also: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The languages a team may translate into without declaring them: each of `also` and each
    folder of content/ holding a store (a folder named other than its tag, zh_Hans, is not read,
    as a text in it is not)."""
    folders = sorted(path.parent.name for path in content.glob(f"*/{STORE}"))
    return tuple(dict.fromkeys((*map(language_tag, also), *folders)))


def with_translated(languages: Languages, tags: tuple[str, ...]) -> Languages:
    """The declared languages, then those of tags they do not declare that CLDR knows (its
    name, letters and the default fallbacks)."""
    extra = [tag for tag in tags
             if languages.get(tag) is None and TAG.fullmatch(tag) and known_to_babel(tag)]
    return Languages((*languages.all, *map(undeclared, extra))) if extra else languages


def corpus_of(texts: list[Text], languages: Languages, glossary: Glossary,
              night_order: NightOrder, read_diagnostics: list[Diagnostic],
              parse: Callable[[Text, Language], ParsedFile] = parse_text,
              stores: dict[str, PoFile] | None = None) -> Corpus:
    """Texts already read → parsed (by `parse`: the live preview's keeps what it parsed
    before) → resolved with the translation stores."""
    parsed = [parse(text, languages[text.lang]) for text in texts]
    return replace(resolve(parsed, languages, glossary, night_order, read_diagnostics,
                           stores or {}), texts=tuple(texts))


class CorpusReader:
    """load_corpus for a process that reads content/ again and again (the live preview): each
    text parsed once for as long as it and the data files stay the same."""

    def __init__(self, root: Path, also: tuple[str, ...] = ()) -> None:
        self.root = root
        self.also = also
        self._data: tuple[bytes, ...] | None = None  # the data files' bytes last read
        self._parsed: dict[Text, ParsedFile] = {}  # by text: a file parses the same if unchanged

    def read(self) -> tuple[Corpus, bool]:
        """The corpus, and whether the data files changed since the last read (or this is the
        first): then whatever was made from the last corpus may differ though its texts do not."""
        content = self.root / "content"
        data = data_files(content)
        languages, glossary, night_order = _facts(content, data, translated(content, self.also))
        facts_changed, self._data = data != self._data, data
        if facts_changed:
            self._parsed = {}
        texts, diagnostics = read_corpus(content, self.root, languages.codes)
        stores, store_diagnostics = read_stores(content, self.root, languages.codes)
        before, self._parsed = self._parsed, {}

        def parse(text: Text, language: Language) -> ParsedFile:
            self._parsed[text] = before.get(text) or parse_text(text, language)
            return self._parsed[text]
        return corpus_of(texts, languages, glossary, night_order,
                         diagnostics + store_diagnostics, parse, stores), facts_changed
