"""The glossary (content/glossary.yaml): every character's id, team and names, and name lookup."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.read.yaml_data import load_yaml, malformed


@dataclass(frozen=True)
class Token:
    en: str
    ko: str

    def label(self, lang: str) -> str:
        return self.ko if lang == "ko" else self.en


@dataclass(frozen=True)
class Term:
    """A character (BotC) or role (ONUW) or artifact, with its names in both languages."""

    id: str
    game: str
    team: str
    names: dict[str, str] = field(hash=False)
    aliases: dict[str, tuple[str, ...]] = field(default_factory=dict, hash=False)
    reminders: tuple[Token, ...] = ()
    edition: str = ""
    wakes: bool | None = None  # ONUW: whether the role wakes at night
    # Scripts other than the language's own that the official flavor text is written in.
    flavor_scripts: dict[str, tuple[str, ...]] = field(default_factory=dict, hash=False)

    def name(self, lang: str) -> str:
        return self.names.get(lang) or self.names["en"]


def squash(name: str) -> str:
    """Name as compared: lower case, without spaces, hyphens or punctuation."""
    return re.sub(r"[\W_]", "", name.lower())


@dataclass(frozen=True)
class Glossary:
    terms: tuple[Term, ...]
    artifacts: tuple[Term, ...]

    def by_id(self, game: str, ident: str) -> Term | None:
        return next((t for t in self.terms if t.game == game and t.id == ident), None)

    def game_terms(self, game: str) -> tuple[Term, ...]:
        return tuple(t for t in self.terms if t.game == game)

    def lookup(self, game: str, lang: str, name: str) -> Term | None:
        """Official name first, then aliases, then either compared without spacing or hyphens."""
        terms = self.artifacts if game == "onuw-artifact" else self.game_terms(game)
        for exact in (True, False):
            key = name if exact else squash(name)
            for term in terms:
                names = [term.names.get(lang, ""), *term.aliases.get(lang, ())]
                if any((n if exact else squash(n)) == key for n in names if n):
                    return term
        return None


def load_glossary(path: Path) -> Glossary:
    data = load_yaml(path)
    try:
        return _glossary(data)
    except (KeyError, TypeError, AttributeError, ValueError) as err:
        raise malformed(path, err) from err


def _glossary(data: dict[str, Any]) -> Glossary:
    terms = [Term(id=c["id"], game="botc", team=c["team"], names=c["names"],
                  aliases={k: tuple(v) for k, v in c.get("aliases", {}).items()},
                  reminders=tuple(Token(t["en"], t["ko"]) for t in c.get("reminders", [])),
                  edition=c.get("edition", ""),
                  flavor_scripts={k: tuple(v) for k, v in c.get("flavor_scripts", {}).items()})
             for c in data["botc"]]
    onuw = data.get("onuw", {})
    terms += [Term(id=r["id"], game="onuw", team=r["team"], names=r["names"],
                   aliases={k: tuple(v) for k, v in r.get("aliases", {}).items()},
                   edition=r.get("set", ""), wakes=r.get("wakes"))
              for r in onuw.get("roles", [])]
    artifacts = tuple(Term(id=a["id"], game="onuw-artifact", team="", names=a["names"])
                      for a in onuw.get("artifacts", []))
    return Glossary(tuple(terms), artifacts)
