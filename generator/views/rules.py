"""What the rules pages show: the rules of the game (its chapters and the setup table), and each
glossary term's names, the project's definition, the team it names, and the characters that use it,
grouped by how: the team's members, the characters the rule names, and those whose ability or
almanac steps use its words in a language they are given in (the same characters on every
language's page)."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import unquote

from generator.facts.language_codes import parent_tags
from generator.facts.rules import FALLBACK, SETUP_TEAMS, Chapter, RuleTerm, SetupRow
from generator.model import Character, Corpus
from generator.views.characters import other_language
from generator.views.collation import collated

# How a term's characters use it, in the order the page lists them.
GROUPS = (TEAM, NAMED, TEXT) = ("team", "named", "text")
Listed = tuple[tuple[str, str, str], ...]  # (id, name, other-language name)


@dataclass(frozen=True)
class CharacterGroup:
    kind: str  # one of GROUPS
    characters: Listed


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
    groups: tuple[CharacterGroup, ...]  # its characters by how they use it, none empty
    chapter: str  # the rules page's chapter that explains it (its anchor); "" for none
    chapter_title: str
    chapter_lang: str
    sources: tuple[tuple[str, str], ...]  # (address, page name) of the official rules pages
    # the words players search the term by that the page does not show (search-words.yaml)
    search_words: str = ""


@dataclass(frozen=True)
class ParagraphView:
    text: str
    lang: str  # the language it is written in: English where lang has none of its own
    setup: bool  # the setup table follows it


@dataclass(frozen=True)
class ChapterView:
    id: str
    title: str
    title_lang: str
    paragraphs: tuple[ParagraphView, ...]
    sources: tuple[tuple[str, str], ...]  # (address, page name), each once, in order


@dataclass(frozen=True)
class RulesView:
    """The rules page: its chapters, the setup table's rows, and the terms it links."""

    chapters: tuple[ChapterView, ...]
    setup_teams: tuple[str, ...]  # the table's columns after the number of players
    setup: tuple[SetupRow, ...]
    setup_sources: tuple[tuple[str, str], ...]


def _texts(corpus: Corpus, character: Character, lang: str) -> list[str]:
    """The character's ability and almanac steps in lang: its entry's, else the card's."""
    official = corpus.official
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


def _users(corpus: Corpus, term: RuleTerm) -> frozenset[str]:
    """The ids of the characters that use the term: those whose texts in a language the term
    gives words for have one of them, and the members of the team it names. Every language's
    page lists these, so that one site does not know of fewer uses than another."""
    return frozenset(c.id for c in _botc(corpus) if c.team == term.id or
                     any(term.uses(text, lang) for lang in term.words
                         for text in _texts(corpus, c, lang)))


def _botc(corpus: Corpus) -> list[Character]:
    return [c for c in corpus.characters if c.game == "botc"]


def _groups(corpus: Corpus, term: RuleTerm, lang: str, other: str) -> tuple[CharacterGroup, ...]:
    """The term's characters by how they use it, each in one group (its first), each group by
    name in lang: a Traveller is listed among the Travellers, not among the characters whose
    text mentions them."""
    botc = collated(_botc(corpus), lang, lambda c: c.name(lang))
    users = _users(corpus, term)
    kinds = {c.id: TEAM if c.team == term.id else NAMED if c.id in term.named else TEXT
             for c in botc if c.id in users or c.id in term.named}
    return tuple(CharacterGroup(kind, found) for kind in GROUPS
                 if (found := tuple((c.id, c.name(lang), c.name(other)) for c in botc
                                    if kinds.get(c.id) == kind)))


def _sources(addresses: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """Each address once, with the name of its page (Rules_Explanation: Rules Explanation)."""
    return tuple((address, unquote(address.rsplit("/", 1)[1]).replace("_", " "))
                 for address in dict.fromkeys(addresses))


def _written_in(texts: Mapping[str, str], lang: str) -> str | None:
    """The language of texts that lang reads as its own: lang's, else a language it builds on
    (de-CH on de; the texts are keyed by BCP 47 tags)."""
    return next((code for code in (lang, *parent_tags(lang)) if code in texts), None)


def _text(texts: Mapping[str, str], lang: str) -> tuple[str, str]:
    """The text in lang, else in FALLBACK (which every text is written in), with its language."""
    found = _written_in(texts, lang) or FALLBACK
    return texts[found], found


def _chapter(chapter: Chapter, lang: str) -> ChapterView:
    title, title_lang = _text(chapter.titles, lang)
    return ChapterView(chapter.id, title, title_lang,
                       tuple(ParagraphView(*_text(p.texts, lang), p.id == chapter.setup)
                             for p in chapter.paragraphs),
                       _sources(tuple(s for p in chapter.paragraphs for s in p.sources)))


def rules_view(corpus: Corpus, lang: str) -> RulesView | None:
    """The rules page in lang; None where content/rules.yaml has no chapters."""
    rules = corpus.glossary.rules
    if not rules.chapters:
        return None
    return RulesView(tuple(_chapter(chapter, lang) for chapter in rules.chapters), SETUP_TEAMS,
                     rules.setup.rows, _sources(rules.setup.sources))


def rule_views(corpus: Corpus, lang: str) -> tuple[RuleTermView, ...]:
    """Every term of content/rules.yaml in lang, in lang's order of their names; a language
    without its own name or definition takes the English ones."""
    other = other_language(corpus, lang)
    chapters = {chapter.id: chapter for chapter in corpus.glossary.rules.chapters}
    views = []
    for term in corpus.glossary.rules.terms:
        definition_lang = _written_in(term.definitions, lang) or FALLBACK
        named_in = _written_in(term.names, lang)
        own = (term.names[named_in] if named_in else "") or official_name(corpus, term, lang)
        chapter = chapters.get(term.chapter)
        chapter_title, chapter_lang = _text(chapter.titles, lang) if chapter else ("", lang)
        views.append(RuleTermView(
            id=term.id, name=own or _name(term, "en"), name_lang=lang if own else "en",
            other_name=term.names.get(other) or official_name(corpus, term, other) or
            _name(term, "en"),
            aliases=tuple(collated(term.aliases.get(lang, ()), lang, str)),
            definition=term.definitions.get(definition_lang, ""), definition_lang=definition_lang,
            team=_team(corpus, term), groups=_groups(corpus, term, lang, other),
            chapter=term.chapter, chapter_title=chapter_title, chapter_lang=chapter_lang,
            sources=_sources(term.sources),
            search_words=" ".join(corpus.glossary.search_words.of(f"rules/{term.id}",
                                                                  (lang, "en")))))
    return tuple(collated(views, lang, lambda view: view.name))


def official_name(corpus: Corpus, term: RuleTerm, lang: str) -> str:
    """The term's name in lang as the official data gives it (a reminder token's label, or the
    singular of an interface word); "" where it gives none."""
    official = corpus.official
    kind, _, key = term.official.partition(":")
    if official is None or not key:
        return ""
    found = official.reminder(key, lang) if kind == "reminder" else \
        official.word(key, lang) if kind == "word" else None
    return (found or "").split("|")[0].strip()


def _name(term: RuleTerm, lang: str) -> str:
    return term.names.get(lang) or term.names.get("en") or term.id


def rules_texts(corpus: Corpus, lang: str) -> tuple[int, int]:
    """(written in lang, of all) of content/rules.yaml's texts: the chapters' titles and
    paragraphs, the terms' names and definitions; a name the official data gives lang counts
    as written (the page shows it)."""
    rules = corpus.glossary.rules
    texts = [*(chapter.titles for chapter in rules.chapters),
             *(p.texts for chapter in rules.chapters for p in chapter.paragraphs),
             *(term.definitions for term in rules.terms)]
    written = sum(1 for given in texts if _written_in(given, lang)) + \
        sum(1 for term in rules.terms
            if _written_in(term.names, lang) or official_name(corpus, term, lang))
    return written, len(texts) + len(rules.terms)
