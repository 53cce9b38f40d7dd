"""The words players search with that no card or almanac text has (content/search-words.yaml):
names as players say them, each leading to its page, and a thesaurus of the words players use
for abilities, searched as the card's."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from generator.errors import AlmanacError
from generator.read.shapes import Fields, ListOf, MapOf, Text
from generator.read.yaml_data import load_yaml

SHAPE = Fields(optional={
    "names": MapOf(MapOf(ListOf(Text()), "a mapping of pages to lists of words"),
                   "a mapping of language codes to pages"),
    "thesaurus": MapOf(ListOf(ListOf(Text())), "a mapping of language codes to word groups")})
# A page the names lead to: a character's or a rules term's.
PAGE = re.compile(r"(characters|rules)/([a-z0-9-]+)")


@dataclass(frozen=True)
class SearchWords:
    # lang → page (characters/monk, rules/mad) → the words it is found by as by its name
    names: dict[str, dict[str, tuple[str, ...]]] = field(default_factory=dict, hash=False)
    # lang → groups of words searched as one, each as its first
    thesaurus: dict[str, tuple[tuple[str, ...], ...]] = field(default_factory=dict, hash=False)

    def of(self, page: str, langs: tuple[str, ...]) -> tuple[str, ...]:
        """The words page is found by on a site that searches langs."""
        return tuple(dict.fromkeys(word for lang in langs
                                   for word in self.names.get(lang, {}).get(page, ())))


def load_search_words(path: Path, pages: dict[str, frozenset[str]]) -> SearchWords:
    """The file's names and thesaurus; none where the project has no such file. pages: the ids
    each kind of page may have (characters, rules): a name for another page is an error at
    its language and page, never dropped in silence."""
    if not path.is_file():
        return SearchWords()
    data = load_yaml(path, SHAPE)
    names: dict[str, dict[str, tuple[str, ...]]] = {}
    for lang, by_page in data.get("names", {}).items():
        for page, words in by_page.items():
            found = PAGE.fullmatch(page)
            if not found or found.group(2) not in pages.get(found.group(1), frozenset()):
                raise AlmanacError(f"names.{lang}.{page}: no such page (characters/<id> of "
                                   "the glossary or rules/<id> of rules.yaml)",
                                   str(path))
            names.setdefault(lang, {})[page] = tuple(w for w in words if w.strip())
    thesaurus = {lang: tuple(tuple(group) for group in groups if group)
                 for lang, groups in data.get("thesaurus", {}).items()}
    return SearchWords(names, thesaurus)
