"""What a rules glossary page shows: a game term's names, the project's definition, the team it
names, and the characters whose ability or almanac steps use the term in a language its words are
given in (the same characters on every language's page)."""
from __future__ import annotations

from dataclasses import dataclass

from generator.facts.official import OfficialTexts
from generator.facts.rules import RuleTerm
from generator.resolve import Character, Corpus
from generator.views.characters import other_language


@dataclass(frozen=True)
class RuleTermView:
    id: str
    name: str
    name_lang: str  # the language the name is in: English where lang has none of its own
    other_name: str
    aliases: tuple[str, ...]
    definition: str
    definition_lang: str  # the language the definition is written in
    team: str  # the team the term names, whose page it links; "" for none or no such page
    characters: tuple[tuple[str, str, str], ...]  # (id, name, other-language name)
    # the words players search the term by that the page does not show (search-words.yaml)
    search_words: str = ""


def _texts(character: Character, lang: str, official: OfficialTexts | None) -> list[str]:
    """The character's ability and almanac steps in lang: its entry's, else the card's."""
    entry = character.entries.get(lang)
    texts = [line.text for line in entry.how_to_run] if entry else []
    if entry and entry.ability:
        texts.append(entry.ability.text)
    elif official and (card := official.ability(character.id, lang)) and card.lang == lang:
        texts.append(card.text)
    return texts


def _team(corpus: Corpus, term: RuleTerm) -> str:
    """The BotC team the term names (its id is the team's), where the site has a page for it:
    a team without characters has none."""
    team = corpus.glossary.team(term.id)
    named = team is not None and team.game == "botc"
    return term.id if named and any(c.team == term.id for c in _botc(corpus)) else ""


def _users(corpus: Corpus, term: RuleTerm, official: OfficialTexts | None) -> frozenset[str]:
    """The ids of the characters that use the term: those whose texts in a language the term
    gives words for have one of them, and the members of the team it names. Every language's
    page lists these, so that one site does not know of fewer uses than another."""
    return frozenset(c.id for c in _botc(corpus) if c.team == term.id or
                     any(term.uses(text, lang) for lang in term.words
                         for text in _texts(c, lang, official)))


def _botc(corpus: Corpus) -> list[Character]:
    return [c for c in corpus.characters if c.game == "botc"]


def rule_views(corpus: Corpus, lang: str,
               official: OfficialTexts | None = None) -> tuple[RuleTermView, ...]:
    """Every term of content/rules.yaml in lang; a language without its own name or definition
    takes the English ones."""
    other = other_language(corpus, lang)
    botc = sorted(_botc(corpus), key=lambda c: c.name(lang))
    views = []
    for term in corpus.glossary.rules.terms:
        definition_lang = lang if lang in term.definitions else "en"
        own = term.names.get(lang) or official_name(term, lang, official)
        users = _users(corpus, term, official)
        views.append(RuleTermView(
            id=term.id, name=own or _name(term, "en"), name_lang=lang if own else "en",
            other_name=term.names.get(other) or official_name(term, other, official) or
            _name(term, "en"),
            aliases=term.aliases.get(lang, ()),
            definition=term.definitions.get(definition_lang, ""), definition_lang=definition_lang,
            team=_team(corpus, term),
            characters=tuple((c.id, c.name(lang), c.name(other)) for c in botc
                             if c.id in users),
            search_words=" ".join(corpus.glossary.search_words.of(f"rules/{term.id}",
                                                                  (lang, "en")))))
    return tuple(views)


def official_name(term: RuleTerm, lang: str, official: OfficialTexts | None) -> str:
    """The term's name in lang as the official data gives it (a reminder token's label, or the
    singular of an interface word); "" where it gives none."""
    kind, _, key = term.official.partition(":")
    if official is None or not key:
        return ""
    found = official.reminder(key, lang) if kind == "reminder" else \
        official.word(key, lang) if kind == "word" else None
    return (found or "").split("|")[0].strip()


def _name(term: RuleTerm, lang: str) -> str:
    return term.names.get(lang) or term.names.get("en") or term.id
