"""The one resolution's last step: the corpus joined with the official data (--official DIR),
once, for every command. The data's names (characters, teams singular and plural, reminder
tokens, editions) replace the glossary's own or borrowed ones in every language of the site
wherever the data has the language's word; the data's cards go onto the corpus, so that views
read one model and never merge the data in themselves; the roster adds the data's characters
the corpus lacks, for what lists every character (the site, `export-po`)."""
from __future__ import annotations

from dataclasses import replace

from generator.facts.glossary import Edition, Team, Term, Token
from generator.facts.official import ENGLISH, OfficialTexts
from generator.model import Character, Corpus
from generator.resolve import character_id


def _term(term: Term, official: OfficialTexts, codes: tuple[str, ...]) -> Term:
    own = {code: name for code in codes if (name := official.own_name(term.id, code))}
    tokens = tuple(Token({**token.labels, **(found := {
        code: label for code in codes
        if (label := official.reminder(token.labels.get(ENGLISH, ""), code))})},
        tuple(code for code in token.borrowed if code not in found))
        for token in term.reminders)
    return replace(term, names={**term.names, **own}, reminders=tokens,
                   borrowed=tuple(code for code in term.borrowed if code not in own))


def team_words(official: OfficialTexts, team: str, lang: str) -> tuple[str, str] | None:
    """A team's word in the language as the official tools give it: (singular, plural)."""
    word = official.word(f"script:keyword.{team}", lang) or \
        official.word(f"app:grimoire.{team}", lang)
    if not word:
        return None
    singular, _, plural = word.partition("|")
    return singular.strip(), (plural or singular).strip()


def _team(team: Team, official: OfficialTexts, codes: tuple[str, ...]) -> Team:
    words = {code: found for code in codes if (found := team_words(official, team.id, code))}
    return replace(team, labels={**team.labels, **{c: w[1] for c, w in words.items()}},
                   singulars={**team.singulars, **{c: w[0] for c, w in words.items()}},
                   borrowed=tuple(code for code in team.borrowed if code not in words))


def _edition(edition: Edition, official: OfficialTexts, codes: tuple[str, ...]) -> Edition:
    return replace(edition, titles={**edition.titles, **{
        code: title for code in codes if (title := official.edition(edition.id, code))}})


def joined(corpus: Corpus, official: OfficialTexts | None) -> Corpus:
    """The corpus with the official data joined in: the data's names in its glossary and on its
    characters (one table: a character's page and its sheet row read the same names), and the
    data itself on it (Corpus.official) for the views to choose its texts from."""
    if official is None:
        return corpus
    codes = corpus.languages.codes
    old = corpus.glossary
    # replace, not a new Glossary: what the data does not name (the rules terms) stays.
    glossary = replace(
        old,
        teams=tuple(_team(team, official, codes) if team.game == "botc" else team
                    for team in old.teams),
        terms=tuple(_term(term, official, codes) if term.game == "botc" else term
                    for term in old.terms),
        editions=tuple(_edition(edition, official, codes) for edition in old.editions))
    characters = tuple(replace(c, names={**c.names, **{
        code: name for code in codes if (name := official.own_name(c.id, code))}})
        if c.game == "botc" else c for c in corpus.characters)
    return replace(corpus, glossary=glossary, characters=characters, official=official)


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


def with_roster(corpus: Corpus) -> Corpus:
    """The joined corpus with the characters of the official data it lacks added (in the
    corpus's order: by team, then id), for the site's pages and what a team may translate;
    unchanged without the official data."""
    if corpus.official is None:
        return corpus
    added = _official_only(corpus, corpus.official)
    if not added:
        return corpus
    glossary = corpus.glossary
    characters = sorted((*corpus.characters, *added),
                        key=lambda c: (c.game, glossary.team_order(c.team), c.id))
    return replace(corpus, characters=tuple(characters))
