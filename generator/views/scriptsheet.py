"""A script sheet, the one players hold: the script's characters by team with their abilities,
and the jinxes between them."""
from __future__ import annotations

from dataclasses import dataclass

from generator.facts.official import OfficialText, OfficialTexts, Part, markup_parts
from generator.read.script_spec import ScriptSpec
from generator.resolve import Corpus
from generator.views.abilities import almanac_ability

# Teams a script lists apart from the others: they are not in the bag.
APART = ("traveller", "fabled", "loric")


@dataclass(frozen=True)
class ScriptCharacter:
    id: str
    name: str
    ability: tuple[Part, ...]
    source: str  # almanac | official | script | none
    text_lang: str


@dataclass(frozen=True)
class ScriptTeam:
    team: str
    alignment: str
    apart: bool  # travellers, fabled, loric
    characters: tuple[ScriptCharacter, ...]


@dataclass(frozen=True)
class JinxView:
    ids: str  # "a b", as the data-jinx attribute carries it
    names: tuple[str, str]
    text: tuple[Part, ...]  # empty: the sheet says "see the rules"
    source: str  # official | script | none
    text_lang: str


@dataclass(frozen=True)
class ScriptSheet:
    script_id: str
    title: str
    author: str | None
    lang: str
    teams: tuple[ScriptTeam, ...]
    jinxes: tuple[JinxView, ...]
    unknown: tuple[str, ...]  # ids neither the glossary nor the script knows


def _character(corpus: Corpus, script: ScriptSpec, ident: str, lang: str,
               official: OfficialTexts | None) -> ScriptCharacter:
    term = corpus.glossary.by_id("botc", ident)
    custom = script.custom.get(ident)
    name = custom.name if custom else term.name(lang) if term else ident
    if custom:
        return ScriptCharacter(ident, name, markup_parts(custom.ability), "script", lang)
    character = corpus.character("botc", ident)
    found = almanac_ability(corpus, character.entries if character else {}, lang)
    card: OfficialText | None = official.ability(ident, lang) if official else None
    # The almanac's text first, unless only the official card is in the sheet's language.
    if found and (found[1] == lang or not (card and card.lang == lang)):
        return ScriptCharacter(ident, name, (Part("text", found[0]),), "almanac", found[1])
    if card:
        return ScriptCharacter(ident, name, markup_parts(card.text), "official", card.lang)
    return ScriptCharacter(ident, name, (), "none", lang)


def _jinxes(corpus: Corpus, script: ScriptSpec, lang: str, official: OfficialTexts | None,
            names: dict[str, str]) -> tuple[JinxView, ...]:
    """Every official jinx pair with both characters on the script, and the script's own."""
    own = {tuple(sorted((ident, other))): reason for ident, custom in script.custom.items()
           for other, reason in custom.jinxes if other in names}
    pairs = sorted(set(corpus.glossary.jinx_pairs(script.characters)) | set(own))
    views = []
    for a, b in pairs:
        text = official.jinx(a, b, lang) if official else None
        if text:
            parts, source, text_lang = markup_parts(text.text), "official", text.lang
        elif (a, b) in own:
            parts, source, text_lang = (Part("text", own[(a, b)]),), "script", lang
        else:
            parts, source, text_lang = (), "none", lang
        views.append(JinxView(f"{a} {b}", (names[a], names[b]), parts, source, text_lang))
    return tuple(views)


def build_script_sheet(corpus: Corpus, script: ScriptSpec, lang: str,
                       official: OfficialTexts | None = None) -> ScriptSheet:
    characters = {ident: _character(corpus, script, ident, lang, official)
                  for ident in script.characters}
    team_of = {ident: (script.custom[ident].team if ident in script.custom else
                       term.team if (term := corpus.glossary.by_id("botc", ident)) else "")
               for ident in script.characters}
    teams = tuple(
        ScriptTeam(team.id, team.alignment, team.id in APART,
                   tuple(characters[i] for i in script.characters if team_of[i] == team.id))
        for team in corpus.glossary.teams
        if team.game == "botc" and any(team_of[i] == team.id for i in script.characters))
    known = {team.id for team in corpus.glossary.teams}
    unknown = tuple(i for i in script.characters if team_of[i] not in known)
    names = {ident: view.name for ident, view in characters.items()}
    return ScriptSheet(script.id, script.title, script.author, lang, teams,
                       _jinxes(corpus, script, lang, official, names), unknown)
