"""The rules glossary and the search's synonym table (content/rules.yaml): the game terms with a
page each, and the words searched as one."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from generator.errors import AlmanacError
from generator.read.shapes import Fields, ListOf, MapOf, Text
from generator.read.yaml_data import load_yaml

# A term names its page: lower-case letters, digits and hyphens.
ID = re.compile(r"[a-z0-9][a-z0-9-]{0,49}")
_BY_LANGUAGE = MapOf(Text(), "a mapping of language codes to text")
_LISTS = MapOf(ListOf(Text()), "a mapping of language codes to lists of words")
SHAPE = Fields(optional={
    "terms": ListOf(Fields(required={"id": Text(), "names": _BY_LANGUAGE,
                                     "definition": _BY_LANGUAGE, "words": _LISTS},
                           optional={"aliases": _LISTS, "official": Text()})),
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
class Rules:
    terms: tuple[RuleTerm, ...] = ()
    # lang → groups of words searched as one, each as its first
    synonyms: dict[str, tuple[tuple[str, ...], ...]] = field(default_factory=dict, hash=False)


def load_rules(path: Path) -> Rules:
    """The file's terms and synonyms; none where the project has no such file."""
    if not path.is_file():
        return Rules()
    data = load_yaml(path, SHAPE)
    terms = tuple(RuleTerm(entry["id"], dict(entry["names"]),
                           {lang: tuple(words) for lang, words in entry.get("aliases", {}).items()},
                           dict(entry["definition"]),
                           {lang: tuple(words) for lang, words in entry["words"].items()},
                           entry.get("official", ""))
                  for entry in data.get("terms", []))
    seen: set[str] = set()
    for term in terms:
        if not ID.fullmatch(term.id) or term.id in seen:
            raise AlmanacError(f"term '{term.id}': an id is lower-case letters, digits and "
                               "hyphens, each given once", str(path))
        seen.add(term.id)
    synonyms = {lang: tuple(tuple(group) for group in groups if group)
                for lang, groups in data.get("synonyms", {}).items()}
    return Rules(terms, synonyms)
