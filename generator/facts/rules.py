"""The rules of the game, the rules glossary and the search's synonym table (content/rules.yaml):
the setup table and the chapters of the rules page, the game terms with a page each, and the words
searched as one."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from generator.errors import AlmanacError
from generator.read.shapes import Count, Fields, ListOf, MapOf, Text
from generator.read.yaml_data import load_yaml

# A term names its page: lower-case letters, digits and hyphens.
ID = re.compile(r"[a-z0-9][a-z0-9-]{0,49}")
# A fact's source: a page of the official rules wiki, nothing a link could run or leave for.
SOURCE = re.compile(r"https://wiki\.bloodontheclocktower\.com/[A-Za-z0-9_%().,'-]{1,200}")
# The language every text is written in at least: the one a language without its own shows.
FALLBACK = "en"
# The setup table's character types, in the order of its columns (the glossary's team ids).
SETUP_TEAMS = ("townsfolk", "outsider", "minion", "demon")
_BY_LANGUAGE = MapOf(Text(), "a mapping of language codes to text")
_LISTS = MapOf(ListOf(Text()), "a mapping of language codes to lists of words")
_SOURCES = ListOf(Text("the address of a page of the official rules wiki"))
_ROW = Fields(required={"players": Count(), "townsfolk": Count(), "outsiders": Count(),
                        "minions": Count(), "demons": Count()})
SHAPE = Fields(optional={
    "setup": Fields(required={"sources": _SOURCES, "rows": ListOf(_ROW)}),
    "chapters": ListOf(Fields(
        required={"id": Text(), "title": _BY_LANGUAGE,
                  "paragraphs": ListOf(Fields(required={"id": Text(), "sources": _SOURCES,
                                                        "text": _BY_LANGUAGE}))},
        optional={"setup": Text()})),
    "terms": ListOf(Fields(required={"id": Text(), "names": _BY_LANGUAGE,
                                     "definition": _BY_LANGUAGE, "words": _LISTS},
                           optional={"aliases": _LISTS, "official": Text(), "chapter": Text(),
                                     "characters": ListOf(Text()), "sources": _SOURCES})),
    "synonyms": MapOf(ListOf(ListOf(Text())), "a mapping of language codes to word groups")})


def _word(word: str) -> str:
    """A term's word as a pattern: at a word's start (poison: poisoned, 중독: 중독된), or whole
    where it ends in `$` (mad$: not made)."""
    if word.endswith("$"):
        return rf"(?<!\w){re.escape(word[:-1])}(?!\w)"
    return rf"(?<!\w){re.escape(word)}"


@dataclass(frozen=True)
class RuleTerm:
    """A game term (drunk, poisoned, …): its names, the project's own definition, and the words
    that show a text uses it, per language."""

    id: str
    names: dict[str, str] = field(hash=False)
    aliases: dict[str, tuple[str, ...]] = field(hash=False)
    definitions: dict[str, str] = field(hash=False)
    words: dict[str, tuple[str, ...]] = field(hash=False)
    # Where the official data names the term in each language: `reminder:<key>` (a reminder
    # token's label, game.<code>.json) or `word:<key>` (an interface word, script./app.<code>.json)
    official: str = ""
    chapter: str = ""  # the rules page's chapter that explains it
    named: tuple[str, ...] = ()  # the characters the rule itself names (registers: recluse, spy)
    sources: tuple[str, ...] = ()  # the official rules pages its definition was checked against

    def uses(self, text: str, lang: str) -> bool:
        """Whether text has one of the term's words of lang at a word's start; never in a
        language the term gives no words for."""
        pattern = self._patterns.get(lang)
        return pattern is not None and pattern.search(text) is not None

    @cached_property
    def _patterns(self) -> dict[str, re.Pattern[str]]:
        # One pattern a language: every character's texts are matched against each term.
        return {lang: re.compile("|".join(map(_word, given)), re.IGNORECASE)
                for lang, words in self.words.items()
                if (given := [word for word in words if word.strip()])}


@dataclass(frozen=True)
class SetupRow:
    """How many characters of each type a game of so many players has."""

    players: int
    townsfolk: int
    outsiders: int
    minions: int
    demons: int

    @property
    def counts(self) -> tuple[int, ...]:
        """The counts in the order of SETUP_TEAMS."""
        return (self.townsfolk, self.outsiders, self.minions, self.demons)


@dataclass(frozen=True)
class Setup:
    rows: tuple[SetupRow, ...] = ()
    sources: tuple[str, ...] = ()


@dataclass(frozen=True)
class Paragraph:
    """A paragraph of the rules page: the project's text per language, and the official rules
    pages its facts were checked against."""

    id: str
    texts: dict[str, str] = field(hash=False)
    sources: tuple[str, ...] = ()


@dataclass(frozen=True)
class Chapter:
    id: str
    titles: dict[str, str] = field(hash=False)
    paragraphs: tuple[Paragraph, ...] = ()
    setup: str = ""  # the id of the paragraph the setup table follows; "" for none


@dataclass(frozen=True)
class Rules:
    terms: tuple[RuleTerm, ...] = ()
    # lang → groups of words searched as one, each as its first
    synonyms: dict[str, tuple[tuple[str, ...], ...]] = field(default_factory=dict, hash=False)
    setup: Setup = Setup()
    chapters: tuple[Chapter, ...] = ()


def load_rules(path: Path) -> Rules:
    """The file's setup table, chapters, terms and synonyms; none where the project has no such
    file."""
    if not path.is_file():
        return Rules()
    data = load_yaml(path, SHAPE)
    where = str(path)
    setup = _setup(data.get("setup"), where)
    chapters = tuple(_chapter(entry, where) for entry in data.get("chapters", []))
    _once([chapter.id for chapter in chapters], "chapter", where)
    if any(chapter.setup for chapter in chapters) and not setup.rows:
        raise AlmanacError("chapters: a chapter shows the setup table, but setup has no rows",
                           where)
    terms = tuple(RuleTerm(entry["id"], dict(entry["names"]),
                           {lang: tuple(words) for lang, words in entry.get("aliases", {}).items()},
                           dict(entry["definition"]),
                           {lang: tuple(words) for lang, words in entry["words"].items()},
                           entry.get("official", ""), entry.get("chapter", ""),
                           tuple(entry.get("characters", ())),
                           _sources(entry.get("sources", ()), f"term '{entry['id']}'", where))
                  for entry in data.get("terms", []))
    _once([term.id for term in terms], "term", where)
    known = {chapter.id for chapter in chapters}
    for term in terms:
        if term.chapter and term.chapter not in known:
            raise AlmanacError(f"term '{term.id}': no chapter '{term.chapter}' (the chapters "
                               f"are: {', '.join(sorted(known)) or 'none'})", where)
        if bad := [ident for ident in term.named if not ID.fullmatch(ident)]:
            raise AlmanacError(f"term '{term.id}': '{bad[0]}' is not a character's id", where)
    synonyms = {lang: tuple(tuple(group) for group in groups if group)
                for lang, groups in data.get("synonyms", {}).items()}
    return Rules(terms, synonyms, setup, chapters)


def unknown_characters(rules: Rules, characters: set[str]) -> str | None:
    """The first character a term names that is not among characters (the glossary's ids), as
    `term 'x': no character 'y'`; None where every one is known."""
    return next((f"term '{term.id}': no character '{ident}' in the glossary"
                 for term in rules.terms for ident in term.named if ident not in characters),
                None)


def _once(ids: list[str], kind: str, where: str) -> None:
    seen: set[str] = set()
    for ident in ids:
        if not ID.fullmatch(ident) or ident in seen:
            raise AlmanacError(f"{kind} '{ident}': an id is lower-case letters, digits and "
                               "hyphens, each given once", where)
        seen.add(ident)


def _sources(given: list[str] | tuple[str, ...], what: str, where: str) -> tuple[str, ...]:
    for source in given:
        if not SOURCE.fullmatch(source):
            raise AlmanacError(f"{what}: the source '{source}' is not a page of the official "
                               "rules wiki (https://wiki.bloodontheclocktower.com/…)", where)
    return tuple(given)


def _setup(entry: dict[str, Any] | None, where: str) -> Setup:
    """The setup table: a row per number of players, each given once, its counts adding up to
    its players."""
    if entry is None:
        return Setup()
    rows = tuple(SetupRow(row["players"], row["townsfolk"], row["outsiders"], row["minions"],
                          row["demons"]) for row in entry["rows"])
    seen: set[int] = set()
    for row in rows:
        if row.players in seen:
            raise AlmanacError(f"setup: the row of {row.players} players is given twice", where)
        seen.add(row.players)
        if sum(row.counts) != row.players:
            raise AlmanacError(f"setup: the row of {row.players} players has {sum(row.counts)} "
                               "characters", where)
    return Setup(tuple(sorted(rows, key=lambda row: row.players)),
                 _sources(entry["sources"], "setup", where))


def _chapter(entry: dict[str, Any], where: str) -> Chapter:
    """A chapter, its title and every paragraph written in FALLBACK at least."""
    what = f"chapter '{entry['id']}'"
    if FALLBACK not in entry["title"]:
        raise AlmanacError(f"{what}: the title has no '{FALLBACK}' text", where)
    paragraphs = tuple(Paragraph(p["id"], dict(p["text"]),
                                 _sources(p["sources"], f"{what}, paragraph '{p['id']}'", where))
                       for p in entry["paragraphs"])
    _once([p.id for p in paragraphs], f"{what}, paragraph", where)
    for paragraph in paragraphs:
        if FALLBACK not in paragraph.texts:
            raise AlmanacError(f"{what}, paragraph '{paragraph.id}': no '{FALLBACK}' text", where)
        if not paragraph.sources:
            raise AlmanacError(f"{what}, paragraph '{paragraph.id}': no source", where)
    setup = entry.get("setup", "")
    if setup and setup not in {p.id for p in paragraphs}:
        raise AlmanacError(f"{what}: the setup table follows no paragraph '{setup}'", where)
    return Chapter(entry["id"], dict(entry["title"]), paragraphs, setup)
