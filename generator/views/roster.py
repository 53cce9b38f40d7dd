"""The characters a site shows: the corpus's, and with the official data every character it lists,
those without an almanac entry named from the glossary (else the data) and holding no entries."""
from __future__ import annotations

from dataclasses import replace

from generator.facts.official import OfficialTexts
from generator.model import Character, Corpus
from generator.resolve import character_id
from generator.views.official_names import named


def _official_only(corpus: Corpus, official: OfficialTexts) -> list[Character]:
    known = {c.id for c in corpus.characters if c.game == "botc"}
    added = []
    for character in official.characters:
        # An id that is no page name ("../x", a sentence) is not the official data's own.
        if character.id in known or character_id(character.id) != character.id:
            continue
        known.add(character.id)
        term = corpus.glossary.by_id("botc", character.id)
        names = dict(term.names) if term else {
            code: text.text for code in corpus.languages.codes
            if (text := official.name(character.id, code))} or \
            {corpus.languages.default.code: character.id}
        added.append(Character(id=character.id, game="botc",
                               team=term.team if term else character.team, names=names,
                               official=True))
    return added


def with_roster(corpus: Corpus, official: OfficialTexts | None) -> Corpus:
    """The corpus, named as the official data names its characters, teams, tokens and editions in
    each language (official_names), with the data's characters it lacks added (in the corpus's
    order: by team, then id); unchanged without the official data."""
    if official is None:
        return corpus
    corpus = named(corpus, official)
    added = _official_only(corpus, official)
    if not added:
        return corpus
    glossary = corpus.glossary
    characters = sorted((*corpus.characters, *added),
                        key=lambda c: (c.game, glossary.team_order(c.team), c.id))
    return replace(corpus, characters=tuple(characters))
