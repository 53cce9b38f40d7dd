"""The names the official data gives (--official DIR), in every language of the site: characters,
teams (singular and plural), reminder tokens and editions, in place of the glossary's own or
borrowed ones wherever the data has the language's word."""
from __future__ import annotations

from dataclasses import replace

from generator.facts.glossary import Edition, Team, Term, Token
from generator.facts.official import ENGLISH, OfficialTexts
from generator.model import Corpus


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


def named(corpus: Corpus, official: OfficialTexts | None) -> Corpus:
    """The corpus with the data's names in its glossary and on its characters."""
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
    return replace(corpus, glossary=glossary, characters=characters)
