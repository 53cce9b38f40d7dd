"""The glossary (content/glossary.yaml): teams, and every character's id, team, names and tokens
per language, with name lookup. A language the glossary lacks a name in takes it along its
fallback chain (content/languages.yaml), and the term remembers which names it borrowed."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from generator.facts.languages import Languages
from generator.read.yaml_data import load_yaml, malformed


def squash(name: str) -> str:
    """Name as compared: lower case, without spaces, hyphens or punctuation."""
    return re.sub(r"[\W_]", "", name.lower())


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
    labels: dict[str, str] = field(hash=False)

    def label(self, lang: str) -> str:
        return self.labels.get(lang, self.id)


@dataclass(frozen=True)
class Token:
    """A reminder token's label per language."""

    labels: dict[str, str] = field(hash=False)

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

    def name(self, lang: str) -> str:
        return self.names.get(lang) or next(iter(self.names.values()), self.id)


@dataclass(frozen=True)
class Glossary:
    teams: tuple[Team, ...]
    terms: tuple[Term, ...]
    artifacts: tuple[Term, ...]

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

    def team(self, ident: str) -> Team | None:
        return next((team for team in self.teams if team.id == ident), None)

    def team_order(self, ident: str) -> int:
        return next((i for i, team in enumerate(self.teams) if team.id == ident), len(self.teams))

    def alignment(self, team: str) -> str:
        found = self.team(team)
        return found.alignment if found else "other"

    def game_terms(self, game: str) -> tuple[Term, ...]:
        return tuple(t for t in self.terms if t.game == game)

    def lookup(self, game: str, lang: str, name: str) -> Term | None:
        """Official name first, then aliases, then either compared without spacing or hyphens."""
        return self._by_name.get((game, lang, True, name)) or \
            self._by_name.get((game, lang, False, squash(name)))


def load_glossary(path: Path, languages: Languages) -> Glossary:
    data = load_yaml(path)
    try:
        return _glossary(data, languages)
    except (KeyError, TypeError, AttributeError, ValueError) as err:
        raise malformed(path, err) from err


def _term(entry: dict[str, Any], game: str, team: str, languages: Languages,
          **facts: Any) -> Term:
    names = {str(k): str(v) for k, v in entry["names"].items()}
    return Term(id=str(entry["id"]), game=game, team=team, names=_filled(names, languages),
                borrowed=tuple(c for c in languages.codes if not names.get(c)),
                aliases={k: tuple(v) for k, v in entry.get("aliases", {}).items()}, **facts)


def _glossary(data: dict[str, Any], languages: Languages) -> Glossary:
    teams = tuple(Team(id=t["id"], game=t["game"], alignment=t["alignment"], colour=t["colour"],
                       labels=_filled(dict(t["labels"]), languages))
                  for t in data.get("teams", []))
    terms = [_term(c, "botc", c["team"], languages,
                   reminders=tuple(Token(_filled(dict(t), languages))
                                   for t in c.get("reminders", [])),
                   edition=c.get("edition", ""),
                   flavor_scripts={k: tuple(v) for k, v in c.get("flavor_scripts", {}).items()})
             for c in data["botc"]]
    onuw = data.get("onuw", {})
    terms += [_term(r, "onuw", r["team"], languages, edition=r.get("set", ""),
                    wakes=r.get("wakes"))
              for r in onuw.get("roles", [])]
    artifacts = tuple(_term(a, "onuw-artifact", "", languages) for a in onuw.get("artifacts", []))
    return Glossary(teams, tuple(terms), artifacts)
