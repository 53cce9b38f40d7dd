"""The languages (content/languages.yaml): what each is called, the words its almanacs use as
structure, and where its missing names and texts come from."""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cache, cached_property
from operator import attrgetter
from pathlib import Path
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.lists import format_list

from generator.errors import AlmanacError
from generator.facts.catalogs import has_catalog
from generator.facts.language_codes import TAG, language_tag, native_name, script_letters
from generator.read.shapes import Fields, Flag, ListOf, MapOf, Pattern, Text
from generator.read.yaml_data import load_yaml


@dataclass(frozen=True)
class NightWords:
    """The time words of how-to-run steps: set-up, the nights, the day and its moments."""

    setup: re.Pattern[str] | None = None
    first: re.Pattern[str] | None = None
    other: re.Pattern[str] | None = None
    each: re.Pattern[str] | None = None
    day: re.Pattern[str] | None = None
    wake: re.Pattern[str] | None = None  # waking someone: the action of a night


@dataclass(frozen=True)
class TokenWords:
    """How a language's steps name reminder tokens."""

    capitals: bool = False  # KNOW, DEMON NOT VOTED
    not_tokens_before: str = ""  # capitals followed by this are no reminder (" info token")
    before: tuple[str, ...] = ()  # the words a token's name stands before (알림, 리마인더)
    sentence_word: re.Pattern[str] | None = None  # a word of the sentence, not of the name
    numerals: frozenset[str] = frozenset()
    not_names: frozenset[str] = frozenset()


@dataclass(frozen=True)
class RulebookWords:
    """The words that give a One Night rulebook its structure."""

    contents: str  # the first line, over the table of contents
    chapters: tuple[tuple[str, tuple[str, ...]], ...]  # kind → the words its title holds
    team: re.Pattern[str]  # a role's team sentence, naming role and team
    role_group: str  # a sub-heading holding it starts a group of roles …
    not_waking: str  # … that do not wake when it holds this too
    doppelganger: str  # a line starting with it is about the Doppelgänger itself
    became: re.Pattern[str]  # a wake step of a Doppelgänger that became a role: role, became
    turned_into: tuple[str, ...]  # a speech saying the Doppelgänger turned into {role}
    min_players: re.Pattern[str]  # the least players of the role sets below, naming count
    title: re.Pattern[str]  # the opening sentence naming the game, naming title
    pause: re.Pattern[str] | None = None  # how long a role that wakes acts, naming seconds


CARD = "card"  # a fallback source: the official card (game.<code>.json, roles.json)
ALMANAC = "almanac"  # a fallback source: an almanac's text (content/<code>/)
ENGLISH = "en"


@dataclass(frozen=True)
class Source:
    """Where a text shown in another language comes from: a card or an almanac, in lang."""

    kind: str  # CARD | ALMANAC
    lang: str


@dataclass(frozen=True)
class Language:
    code: str
    name: str
    site_name: str
    fallback: tuple[str, ...]  # the languages whose almanacs stand in, in order
    letters: frozenset[str]
    allowed_letters: frozenset[str]
    other_letters: frozenset[str]  # the letters of the project's other languages, not its own
    search_langs: tuple[str, ...]
    search_separator: str | None
    teams: dict[str, str] = field(hash=False)  # heading word → team id
    how_to_run: str | None = None
    examples: str | None = None
    not_written_yet: str | None = None
    script_header: re.Pattern[str] | None = None
    script_note: str | None = None
    subject_particles: tuple[str, ...] = ()
    particles: tuple[str, ...] = ()  # the endings a noun takes in a sentence ("독살범이")
    quotes: str = "\"“”"  # the marks that open and close a quotation
    rewords_quote: bool = False  # its summaries quote the ability reworded, not as printed
    night: NightWords = NightWords()
    tokens: TokenWords = TokenWords()
    rulebook: RulebookWords | None = None  # None: the language has no rulebook shape
    almanac: bool = True  # declared in languages.yaml: it may have almanac texts to report on
    # fallback as written, cards included (`card`: the English card; `card:<code>`): where a
    # text the language lacks comes from, in order.
    sources: tuple[Source, ...] = ()
    pivot: tuple[str, ...] = ()  # the languages its translators read first (PO msgids)


@dataclass(frozen=True)
class Languages:
    all: tuple[Language, ...]

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(language.code for language in self.all)

    @property
    def default(self) -> Language:
        return self.all[0]

    def get(self, code: str) -> Language | None:
        return next((language for language in self.all if language.code == code), None)

    def __getitem__(self, code: str) -> Language:
        language = self.get(code)
        if language is None:
            raise AlmanacError(f"unknown language '{code}'; the project has "
                               f"{', '.join(self.codes)}: declare it in content/languages.yaml "
                               "to write or translate in it")
        return language

    def others(self, code: str) -> tuple[str, ...]:
        """The other languages in the order their text stands in for this one's: its fallback
        chain first, then the rest in site order."""
        known = self._others.get(code)
        return known if known is not None else self._others_of(self[code])

    @cached_property
    def _others(self) -> dict[str, tuple[str, ...]]:
        """others of every language, worked out once: the text of every page asks."""
        return {language.code: self._others_of(language) for language in self.all}

    def pivots(self, code: str) -> tuple[str, ...]:
        """The languages whose text (written or translated) a translator into this one reads,
        in order: those its `pivot` names, then the others."""
        chosen = [c for c in self[code].pivot if c != code and self.get(c)]
        return tuple(dict.fromkeys([*chosen, *self.others(code)]))

    def chain(self, code: str) -> tuple[Source, ...]:
        """Where a text this language lacks comes from, in order: the sources its fallback
        names; the English card first where it names no card; then every other language's
        almanac in the order of others, and the English card where it named only others."""
        known = self._chains.get(code)
        return known if known is not None else self._chain_of(self[code])

    @cached_property
    def _chains(self) -> dict[str, tuple[Source, ...]]:
        return {language.code: self._chain_of(language) for language in self.all}

    def _chain_of(self, language: Language) -> tuple[Source, ...]:
        named = [s for s in language.sources if s.kind == CARD or self.get(s.lang)]
        if not any(s.kind == CARD for s in named):
            named.insert(0, Source(CARD, ENGLISH))
        return tuple(dict.fromkeys([
            *named, *(Source(ALMANAC, c) for c in self._others_of(language)),
            Source(CARD, ENGLISH)]))

    def _others_of(self, language: Language) -> tuple[str, ...]:
        chain = [c for c in language.fallback if c != language.code and self.get(c)]
        return tuple(dict.fromkeys([*chain, *(c for c in self.codes if c != language.code)]))


@cache  # asked for every name of another language on every page
def display_name(code: str, in_lang: str) -> str | None:
    """Babel's name of a language in another ("Korean" in English), where it knows both; either
    code in BCP 47's spelling (zh-Hans) or Babel's (zh_Hans)."""
    try:
        return Locale.parse(code, sep="-" if "-" in code else "_").get_display_name(
            Locale.parse(in_lang, sep="-" if "-" in in_lang else "_")) or None
    except (ValueError, UnknownLocaleError):
        return None


# Letter systems (the first word of their letters' Unicode names) whose name is not their script's
# English name in CLDR.
_SCRIPT_CODES = {"BENGALI": "Beng", "CJK": "Hani", "IDEOGRAPHIC": "Hani", "ORIYA": "Orya",
                 "KATAKANA-HIRAGANA": "Hrkt"}


def script_name(system: str, in_lang: str) -> str:
    """A letter system (BENGALI, as parse/vocabulary.py names it) by Babel's name of its script
    in a language ("벵골 문자" in Korean); else as Unicode names it, "Bengali"."""
    try:
        locale, english = Locale.parse(in_lang), Locale("en").scripts
    except (ValueError, UnknownLocaleError):
        return system.title()
    code = _SCRIPT_CODES.get(system) or next(
        (code for code, name in english.items() if name.upper() == system), None)
    return (locale.scripts.get(code) if code else None) or system.title()


def autonyms(languages: Languages, lang: str,
             shown: Callable[[Language], str] = attrgetter("name")) -> str:
    """Every language by its own name, listed as the page's sentence lists (Babel: "한국어,
    English 및 Deutsch"): in its language where it has a UI catalog, else in English. shown: how
    a name is written (in a page, marked with its language)."""
    names = [shown(language) for language in languages.all]
    try:
        return format_list(names, locale=lang.replace("-", "_") if has_catalog(lang) else "en")
    except (ValueError, UnknownLocaleError):
        return format_list(names, locale="en")


def undeclared(tag: str) -> Language:
    """A language content/languages.yaml does not declare (one of the official data, or one a
    team starts translating into): CLDR's name and letters, the default fallbacks, search in
    its language and English, no almanac of its own."""
    return replace(_language(tag, {}), search_langs=(tag.split("-")[0], ENGLISH), almanac=False)


def _pattern(text: str | None, flags: int = 0) -> re.Pattern[str] | None:
    return re.compile(text, flags) if text else None


def _rulebook_words(data: dict[str, Any]) -> RulebookWords:
    return RulebookWords(
        contents=data["contents"],
        chapters=tuple((kind, tuple(words)) for kind, words in data["chapters"].items()),
        team=re.compile(data["team"]), role_group=data["role_group"],
        not_waking=data["not_waking"], doppelganger=data["doppelganger"],
        became=re.compile(data["became"]), turned_into=tuple(data["turned_into"]),
        min_players=re.compile(data["min_players"]), title=re.compile(data["title"]),
        pause=re.compile(data["pause"]) if "pause" in data else None)


def _source(item: str) -> Source:
    """A fallback item: a language code (its almanac), `card` or `card:<code>`."""
    if item == CARD:
        return Source(CARD, ENGLISH)
    if item.startswith(f"{CARD}:"):
        return Source(CARD, language_tag(item.removeprefix(f"{CARD}:")))
    return Source(ALMANAC, language_tag(item))


def _language(code: str, data: dict[str, Any]) -> Language:
    # Unsaid, every language falls back alike: its card, the English card, English, the rest.
    sources = tuple(_source(item) for item in data.get(
        "fallback", [] if code == ENGLISH else [ENGLISH]))
    night = data.get("night", {})
    tokens = data.get("reminder_tokens", {})
    search = data.get("search", {})
    return Language(
        code=code, name=data.get("name") or native_name(code) or code,
        site_name=data.get("site_name", "Almanac"),
        fallback=tuple(s.lang for s in sources if s.kind == ALMANAC), sources=sources,
        pivot=tuple(language_tag(c) for c in data.get("pivot", [])),
        letters=frozenset(data.get("letters", ())) or script_letters(code),
        allowed_letters=frozenset(data.get("allowed_letters", [])), other_letters=frozenset(),
        search_langs=tuple(search.get("lang", [code])),
        search_separator=search.get("separator"),
        teams=dict(data.get("teams", {})),
        how_to_run=data.get("how_to_run"), examples=data.get("examples"),
        not_written_yet=data.get("not_written_yet"),
        script_header=_pattern(data.get("script_header")),
        script_note=data.get("script_note"),
        subject_particles=tuple(data.get("subject_particles", [])),
        particles=tuple(data.get("particles", [])),
        quotes=data.get("quotes", "\"“”"),
        rewords_quote=bool(data.get("rewords_quote")),
        night=NightWords(**{key: _pattern(night.get(key), re.IGNORECASE)
                            for key in ("setup", "first", "other", "each", "day", "wake")}),
        tokens=TokenWords(
            capitals=bool(tokens.get("capitals")),
            not_tokens_before=tokens.get("not_tokens_before", ""),
            before=tuple(tokens.get("before", [])),
            sentence_word=_pattern(tokens.get("sentence_word")),
            numerals=frozenset(tokens.get("numerals", [])),
            not_names=frozenset(tokens.get("not_names", []))),
        rulebook=_rulebook_words(data["rulebook"]) if "rulebook" in data else None)


_TEXTS = ListOf(Text())
_NIGHT = Pattern(re.IGNORECASE)
# Every field of a language and its kind (content/languages.yaml explains each).
SHAPE = MapOf(Fields(optional={
    "name": Text(), "site_name": Text(), "fallback": _TEXTS, "pivot": _TEXTS, "letters": _TEXTS,
    "allowed_letters": _TEXTS,
    "search": Fields(optional={"lang": _TEXTS, "separator": Text()}),
    "teams": MapOf(Text()), "how_to_run": Text(), "examples": Text(),
    "not_written_yet": Text(), "script_header": Pattern(), "script_note": Text(),
    "subject_particles": _TEXTS, "particles": _TEXTS, "quotes": Text(), "rewords_quote": Flag(),
    "night": Fields(optional=dict.fromkeys(("setup", "first", "other", "each", "day", "wake"),
                                           _NIGHT)),
    "reminder_tokens": Fields(optional={
        "capitals": Flag(), "not_tokens_before": Text(), "before": _TEXTS,
        "sentence_word": Pattern(), "numerals": _TEXTS, "not_names": _TEXTS}),
    "rulebook": Fields(required={
        "contents": Text(), "chapters": MapOf(_TEXTS), "team": Pattern(), "role_group": Text(),
        "not_waking": Text(), "doppelganger": Text(), "became": Pattern(),
        "turned_into": _TEXTS, "min_players": Pattern(), "title": Pattern()},
        optional={"pause": Pattern()})}),
    "a mapping of language codes")


def load_languages(path: Path) -> Languages:
    data = load_yaml(path, SHAPE)
    # Either spelling of a code (zh_Hans as the official data writes it, zh-Hans): the tag.
    languages = tuple(_language(language_tag(code), entry) for code, entry in data.items())
    if not languages:
        raise AlmanacError("no language declared", str(path))
    for language in languages:
        if not TAG.fullmatch(language.code):
            raise AlmanacError(f"'{language.code}' is no language code (such as ko, en, pt-BR, "
                               "zh_Hans): it names folders and pages", str(path))
    twice = [code for code, n in Counter(language.code for language in languages).items()
             if n > 1]
    if twice:
        raise AlmanacError(f"'{twice[0]}' is declared twice (in both spellings, such as zh_Hans "
                           "and zh-Hans)", str(path))
    return Languages(tuple(
        replace(language, other_letters=frozenset().union(
            *(other.letters for other in languages if other is not language)) - language.letters)
        for language in languages))
