"""What each page shows, worked out in Python so templates only lay it out."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from generator.facts.glossary import Term
from generator.facts.official import OfficialText, OfficialTexts, Part, markup_parts
from generator.model import MISSING, PLACEHOLDER, PRESENT, SECTIONS, UNTRANSLATED, Entry
from generator.resolve import Character, Corpus, Script


def other_language(corpus: Corpus, lang: str) -> str:
    """The language whose name a page shows beside its own: the first of its fallbacks."""
    others = corpus.languages.others(lang)
    return others[0] if others else lang


@dataclass(frozen=True)
class SectionView:
    key: str  # ability, flavor, summary, how_to_run, examples
    lines: tuple[str, ...]
    text_lang: str  # language the shown text is written in
    state: str  # present | other-language | untranslated | unwritten
    source: str  # file:line of the first shown line


@dataclass(frozen=True)
class CharacterView:
    id: str
    game: str
    team: str
    alignment: str
    name: str
    other_name: str
    lang: str
    has_entry: bool  # an entry in the page's language exists
    sections: tuple[SectionView, ...]
    reminders: tuple[tuple[str, int], ...]  # (label, how many of that token)
    scripts: tuple[tuple[str, str], ...]  # (script id, title)
    first_night: int | None  # position among the characters that wake, 1-based
    other_night: int | None
    sources: tuple[str, ...]
    jinxes: tuple[JinxPartner, ...] = ()


def _section(key: str, entry: Entry, text_lang: str, lang: str) -> SectionView | None:
    lines = entry.field_lines(key)
    if not lines:
        return None
    state = entry.status[key]
    return SectionView(key, tuple(line.text for line in lines), text_lang,
                       "untranslated" if state == UNTRANSLATED and entry.lang == lang else
                       "present" if entry.lang == lang else "other-language",
                       f"{entry.file}:{lines[0].line}")


def sections_for(corpus: Corpus, character: Character, lang: str,
                 official: OfficialTexts | None = None) -> tuple[SectionView, ...]:
    """Each section in the page's language: the almanac's, else the official card's (ability,
    flavor; where the site is built with the official data); else another language's text,
    marked, along the language's fallbacks; else a notice."""
    own = character.entries.get(lang)
    others = [character.entries[c] for c in corpus.languages.others(lang) if c in character.entries]
    shown = []
    for key in SECTIONS:
        state = own.status[key] if own else MISSING
        other = next((entry for entry in others if entry.status[key] == PRESENT), None)
        card = _card(official, character.id, key, lang)
        view = None
        if own and state == PRESENT:
            view = _section(key, own, lang, lang)
        elif card and card.lang == lang:  # the official card in the page's own language
            view = SectionView(key, (card.text,), card.lang, "official", "official data")
        elif own and state == UNTRANSLATED:
            # Untranslated text is still in another language: the first it falls back to.
            view = _section(key, own, other_language(corpus, lang), lang)
        elif other:
            view = _section(key, other, other.lang, lang)
        elif card:
            view = SectionView(key, (card.text,), card.lang, "official", "official data")
        elif own and state == PLACEHOLDER:
            view = SectionView(key, (), lang, "unwritten", f"{own.file}:{own.line}")
        if view:
            shown.append(view)
    return tuple(shown)


def _card(official: OfficialTexts | None, ident: str, key: str,
          lang: str) -> OfficialText | None:
    if official is None or key not in ("ability", "flavor"):
        return None
    return official.ability(ident, lang) if key == "ability" else official.flavor(ident, lang)


def night_position(order: tuple[str, ...], ident: str, specials: tuple[str, ...]) -> int | None:
    waking = [i for i in order if i not in specials]
    return waking.index(ident) + 1 if ident in waking else None


@dataclass(frozen=True)
class JinxPartner:
    ids: str  # "a b", sorted, as data-jinx carries it
    id: str
    name: str
    has_page: bool
    text: tuple[Part, ...]  # the official jinx text where the site is built with it
    text_lang: str


def jinx_partners(corpus: Corpus, ident: str, lang: str,
                  official: OfficialTexts | None) -> tuple[JinxPartner, ...]:
    partners = []
    for other in corpus.glossary.jinx_partners(ident):
        term = corpus.glossary.by_id("botc", other)
        text = official.jinx(ident, other, lang) if official else None
        partners.append(JinxPartner(" ".join(sorted((ident, other))), other,
                                    term.name(lang) if term else other,
                                    corpus.character("botc", other) is not None,
                                    markup_parts(text.text) if text else (),
                                    text.lang if text else lang))
    return tuple(partners)


def character_view(corpus: Corpus, character: Character, lang: str,
                   official: OfficialTexts | None = None) -> CharacterView:
    term: Term | None = corpus.glossary.by_id(character.game, character.id)
    scripts = tuple((s.id, s.title) for s in corpus.scripts if character.id in s.characters)
    sources = tuple(f"{e.file}:{e.line}" for es in character.places.values() for e in es)
    return CharacterView(
        id=character.id, game=character.game, team=character.team,
        alignment=corpus.glossary.alignment(character.team), name=character.name(lang),
        other_name=character.name(other_language(corpus, lang)), lang=lang,
        has_entry=lang in character.entries,
        sections=sections_for(corpus, character, lang, official),
        reminders=tuple(Counter(t.label(lang) for t in term.reminders).items()) if term else (),
        scripts=scripts,
        first_night=night_position(corpus.night_order.first_night, character.id,
                                   corpus.night_order.specials),
        other_night=night_position(corpus.night_order.other_night, character.id,
                                   corpus.night_order.specials),
        sources=sources, jinxes=jinx_partners(corpus, character.id, lang, official))


@dataclass(frozen=True)
class TeamView:
    team: str
    alignment: str
    characters: tuple[tuple[str, str, str], ...]  # (id, name, other-language name)


def by_team(corpus: Corpus, characters: list[Character], lang: str) -> tuple[TeamView, ...]:
    """The characters grouped by team in the official team order, each group in given order."""
    other = other_language(corpus, lang)
    return tuple(
        TeamView(team.id, team.alignment, tuple((c.id, c.name(lang), c.name(other))
                                                for c in characters if c.team == team.id))
        for team in corpus.glossary.teams
        if team.game == "botc" and any(c.team == team.id for c in characters))


def team_views(corpus: Corpus, lang: str) -> tuple[TeamView, ...]:
    botc = [c for c in corpus.characters if c.game == "botc"]
    return by_team(corpus, sorted(botc, key=lambda c: c.name(lang)), lang)


@dataclass(frozen=True)
class ScriptView:
    id: str
    title: str
    author: str | None
    notes: tuple[str, ...]
    source: str
    teams: tuple[TeamView, ...] = field(default=())  # characters in script order, by team


def script_view(corpus: Corpus, script: Script, lang: str) -> ScriptView:
    members = [c for c in (corpus.character("botc", i) for i in script.characters) if c]
    return ScriptView(script.id, script.title, script.author,
                      tuple(n.text for n in script.notes), f"{script.file}:{script.line}",
                      by_team(corpus, members, lang))
