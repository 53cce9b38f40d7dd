"""The glossary (content/glossary.yaml): teams, and every character's id, team, names and tokens
per language, with name lookup. A language the glossary lacks a name in takes it along its
fallback chain (content/languages.yaml), and the term remembers which names it borrowed."""
from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from generator.errors import AlmanacError
from generator.facts.languages import Languages
from generator.facts.rules import Rules
from generator.facts.search_words import SearchWords
from generator.read.shapes import Fields, Flag, ListOf, MapOf, Text
from generator.read.yaml_data import load_yaml


def squash(name: str) -> str:
    """Name as compared: lower case, without spaces, hyphens or punctuation."""
    return re.sub(r"[\W_]", "", name.lower())


def _title_key(title: str) -> str:
    """A title as compared: `Sects and Violets` is the data's `Sects & Violets`."""
    return squash(title.replace("&", " and "))


def _filled(given: dict[str, str], languages: Languages) -> dict[str, str]:
    """Every language's text: its own, else the first of its fallback chain that has one."""
    filled = {}
    for code in languages.codes:
        source = next((c for c in (code, *languages.others(code)) if given.get(c)), None)
        if source:
            filled[code] = given[source]
    return {**given, **filled}


@dataclass(frozen=True)
class Team:
    id: str
    game: str
    alignment: str  # good | evil | other
    colour: str
    labels: dict[str, str] = field(hash=False)  # the team's heading: plural where it has one
    singulars: dict[str, str] = field(default_factory=dict, hash=False)  # one of its characters
    borrowed: tuple[str, ...] = ()  # languages whose label is another's (along the fallbacks)

    def label(self, lang: str) -> str:
        """The team's word in lang; else English's, the game's own (never the bare id)."""
        return self.labels.get(lang) or self.labels.get("en") or self.id

    def singular(self, lang: str) -> str:
        return self.singulars.get(lang) or self.label(lang)


@dataclass(frozen=True)
class Edition:
    """An official edition: its title per language, as the sheets of its script print it."""

    id: str
    titles: dict[str, str] = field(hash=False)


@dataclass(frozen=True)
class Token:
    """A reminder token's label per language."""

    labels: dict[str, str] = field(hash=False)
    borrowed: tuple[str, ...] = ()  # languages whose label is another's (along the fallbacks)

    def label(self, lang: str) -> str:
        return self.labels.get(lang, "")


@dataclass(frozen=True)
class Term:
    """A character (BotC) or role (ONUW) or artifact, with its names per language."""

    id: str
    game: str
    team: str
    names: dict[str, str] = field(hash=False)  # every language, borrowed names included
    borrowed: tuple[str, ...] = ()  # languages whose name comes from another language
    aliases: dict[str, tuple[str, ...]] = field(default_factory=dict, hash=False)
    reminders: tuple[Token, ...] = ()
    edition: str = ""
    wakes: bool | None = None  # ONUW: whether the role wakes at night
    # Scripts other than the language's own that the official flavor text is written in.
    flavor_scripts: dict[str, tuple[str, ...]] = field(default_factory=dict, hash=False)
    # Characters jinxed with this one; each official pair is listed on one of its two only.
    jinxes: tuple[str, ...] = ()

    def name(self, lang: str) -> str:
        return self.names.get(lang) or next(iter(self.names.values()), self.id)


@dataclass(frozen=True)
class Glossary:
    teams: tuple[Team, ...]
    terms: tuple[Term, ...]
    artifacts: tuple[Term, ...]
    editions: tuple[Edition, ...] = ()
    rules: Rules = Rules()  # content/rules.yaml: the rules terms and the search's synonyms
    # content/search-words.yaml: names as players say them, the thesaurus of their words
    search_words: SearchWords = SearchWords()

    def title(self, title: str, lang: str) -> str:
        """A script's title in the language asked where it is an official edition's, in any
        language, spelt in any case, spacing, or with `&` or `and`; else the title as it is."""
        key = _title_key(title)
        edition = next((e for e in self.editions
                        if any(_title_key(t) == key for t in e.titles.values())), None)
        return edition.titles.get(lang, title) if edition else title

    @cached_property
    def _by_id(self) -> dict[tuple[str, str], Term]:
        return {(t.game, t.id): t for t in (*self.terms, *self.artifacts)}

    @cached_property
    def _by_name(self) -> dict[tuple[str, str, bool, str], Term]:
        """(game, lang, exact, name) → term: official names first, then aliases."""
        index: dict[tuple[str, str, bool, str], Term] = {}
        for term in (*self.terms, *self.artifacts):
            for lang in sorted({*term.names, *term.aliases}):
                names = [term.names.get(lang, ""), *term.aliases.get(lang, ())]
                for exact in (True, False):
                    for name in filter(None, names):
                        index.setdefault((term.game, lang, exact, name if exact else squash(name)),
                                         term)
        return index

    def by_id(self, game: str, ident: str) -> Term | None:
        return self._by_id.get((game, ident))

    @cached_property
    def _teams(self) -> dict[str, tuple[int, Team]]:
        """Team id → (place in the official order, team); the first of an id given twice."""
        index: dict[str, tuple[int, Team]] = {}
        for order, team in enumerate(self.teams):
            index.setdefault(team.id, (order, team))
        return index

    @cached_property
    def _game_terms(self) -> dict[str, tuple[Term, ...]]:
        by_game: dict[str, list[Term]] = {}
        for term in self.terms:
            by_game.setdefault(term.game, []).append(term)
        return {game: tuple(terms) for game, terms in by_game.items()}

    def team(self, ident: str) -> Team | None:
        found = self._teams.get(ident)
        return found[1] if found else None

    def team_order(self, ident: str) -> int:
        found = self._teams.get(ident)
        return found[0] if found else len(self.teams)

    def alignment(self, team: str) -> str:
        found = self.team(team)
        return found.alignment if found else "other"

    def game_terms(self, game: str) -> tuple[Term, ...]:
        return self._game_terms.get(game, ())

    @cached_property
    def _jinxes(self) -> dict[str, frozenset[str]]:
        """Each BotC character's jinx partners, whichever of the two lists the pair."""
        partners: dict[str, set[str]] = {}
        for term in self.game_terms("botc"):
            for other in term.jinxes:
                partners.setdefault(term.id, set()).add(other)
                partners.setdefault(other, set()).add(term.id)
        return {ident: frozenset(found) for ident, found in partners.items()}

    def jinx_pairs(self, ids: Collection[str]) -> tuple[tuple[str, str], ...]:
        """Every BotC jinx pair with both characters among ids, sorted, each as (a, b), a < b."""
        present = set(ids)
        return tuple(sorted({(min(a, b), max(a, b)) for a in present
                             for b in self._jinxes.get(a, ()) if b in present}))

    def jinx_partners(self, ident: str) -> tuple[str, ...]:
        return tuple(sorted(self._jinxes.get(ident, ())))

    def lookup(self, game: str, lang: str, name: str) -> Term | None:
        """Official name first, then aliases, then either compared without spacing or hyphens."""
        return self._by_name.get((game, lang, True, name)) or \
            self._by_name.get((game, lang, False, squash(name)))


# Ids name pages and files: lower-case letters, digits, hyphens (the official ids are such).
ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,49}")


_TEXTS = ListOf(Text())
_BY_LANGUAGE = MapOf(Text(), "a mapping of language codes to text")
_NAMED = {"id": Text(), "names": _BY_LANGUAGE}
_ALIASES = {"aliases": MapOf(_TEXTS, "a mapping of language codes to lists of names")}
# Every field of the glossary and its kind (content/glossary.yaml explains each).
SHAPE = Fields(
    required={"botc": ListOf(Fields(
        required={**_NAMED, "team": Text()},
        optional={**_ALIASES, "edition": Text(), "reminders": ListOf(_BY_LANGUAGE),
                  "setup": Flag(), "flavor_scripts": MapOf(_TEXTS), "jinxes": _TEXTS}))},
    optional={
        "editions": ListOf(Fields(required={"id": Text(), "titles": _BY_LANGUAGE})),
        "teams": ListOf(Fields(required={"id": Text(), "game": Text(), "alignment": Text(),
                                         "colour": Text(), "labels": _BY_LANGUAGE})),
        "onuw": Fields(optional={
            "roles": ListOf(Fields(required={**_NAMED, "team": Text()},
                                   optional={**_ALIASES, "set": Text(), "wakes": Flag()})),
            "artifacts": ListOf(Fields(required=_NAMED, optional=_ALIASES))})})


def load_glossary(path: Path, languages: Languages) -> Glossary:
    glossary = _glossary(load_yaml(path, SHAPE), languages)
    problem = _problem(glossary)
    if problem:
        raise AlmanacError(problem, str(path))
    return glossary


def _problem(glossary: Glossary) -> str | None:
    """The first fault of a glossary whose fields have their kinds (SHAPE): an id that is no
    slug, an id twice, an empty name, label or title, a team no team entry declares."""
    for edition in glossary.editions:
        if not ID.fullmatch(edition.id):
            return f"edition '{edition.id}': an id is lower-case letters, digits and hyphens"
        if not edition.titles or not all(t.strip() for t in edition.titles.values()):
            return f"edition '{edition.id}': titles are text, one per language"
    for team in glossary.teams:
        if not ID.fullmatch(team.id):
            return f"team '{team.id}': an id is lower-case letters, digits and hyphens"
        if not all(team.labels.values()):
            return f"team '{team.id}': a label is empty"
    teams = {team.id for team in glossary.teams}
    seen: set[tuple[str, str]] = set()
    for term in (*glossary.terms, *glossary.artifacts):
        where = f"{term.game} '{term.id}'"
        if not ID.fullmatch(term.id):
            return f"{where}: an id is lower-case letters, digits and hyphens (at most 50)"
        if (term.game, term.id) in seen:
            return f"{where}: the id is given twice"
        seen.add((term.game, term.id))
        if term.game in ("botc", "onuw") and teams and term.team not in teams:
            return f"{where}: team '{term.team}' is not among the teams"
        texts = [*term.names.values(),
                 *(label for token in term.reminders for label in token.labels.values()),
                 *(alias for aliases in term.aliases.values() for alias in aliases)]
        if not all(texts):
            return f"{where}: a name, alias or label is empty"
    return None


def _term(entry: dict[str, Any], game: str, team: str, languages: Languages,
          **facts: Any) -> Term:
    names = dict(entry["names"])
    return Term(id=entry["id"], game=game, team=team, names=_filled(names, languages),
                borrowed=tuple(c for c in languages.codes if not names.get(c)),
                aliases={k: tuple(v) for k, v in entry.get("aliases", {}).items()}, **facts)


def _glossary(data: dict[str, Any], languages: Languages) -> Glossary:
    teams = tuple(Team(id=t["id"], game=t["game"], alignment=t["alignment"], colour=t["colour"],
                       labels=_filled(dict(t["labels"]), languages),
                       borrowed=tuple(c for c in languages.codes if not t["labels"].get(c)))
                  for t in data.get("teams", []))
    terms = [_term(c, "botc", c["team"], languages,
                   reminders=tuple(Token(_filled(dict(t), languages), tuple(
                       code for code in languages.codes if not t.get(code)))
                                   for t in c.get("reminders", [])),
                   edition=c.get("edition", ""),
                   flavor_scripts={k: tuple(v) for k, v in c.get("flavor_scripts", {}).items()},
                   jinxes=tuple(c.get("jinxes", [])))
             for c in data["botc"]]
    onuw = data.get("onuw", {})
    terms += [_term(r, "onuw", r["team"], languages, edition=r.get("set", ""),
                    wakes=r.get("wakes"))
              for r in onuw.get("roles", [])]
    artifacts = tuple(_term(a, "onuw-artifact", "", languages) for a in onuw.get("artifacts", []))
    editions = tuple(Edition(id=e["id"], titles={str(k): v for k, v in dict(e["titles"]).items()})
                     for e in data.get("editions", []))
    return Glossary(teams, tuple(terms), artifacts, editions)
