"""A script sheet, the one players hold: the script's characters by team with their abilities,
and the jinxes between them."""
from __future__ import annotations

from dataclasses import dataclass, replace

from generator.facts.languages import ALMANAC, CARD, Source
from generator.facts.official import OfficialText, Part, markup_parts
from generator.model import Corpus
from generator.read.script_spec import ScriptSpec
from generator.views.abilities import almanac_ability
from generator.views.collation import sort_key
from generator.views.fallback import in_chain_order
from generator.views.overrides import gives_way, own_text
from generator.views.writing import title_in, written_in

# Teams a script lists apart from the others: they are not in the bag.
APART = ("traveller", "fabled", "loric")
# The group of characters the script defines in a team the format does not have.
OTHER = "other"


@dataclass(frozen=True)
class ScriptCharacter:
    id: str
    name: str
    ability: tuple[Part, ...]
    source: str  # almanac | official | script | none
    text_lang: str
    # The script's own ability where it rewrote the card in another language than the sheet's
    # and the card in the sheet's language stands: beside it.
    changed: tuple[Part, ...] = ()
    changed_lang: str = ""


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
    # The storyteller's house rules, from the script, its token marks as parts.
    bootlegger: tuple[tuple[Part, ...], ...] = ()
    title_lang: str = ""  # the language its title is written in

    @property
    def languages(self) -> tuple[str, ...]:
        """Languages of texts not in the sheet's, for the legend."""
        texts = [c.text_lang for team in self.teams for c in team.characters if c.ability] + \
            [c.changed_lang for team in self.teams for c in team.characters if c.changed] + \
            [j.text_lang for j in self.jinxes if j.text]
        return tuple(dict.fromkeys(code for code in texts if code != self.lang))

    @property
    def changed(self) -> bool:
        """Whether a character has the script's words beside its ability, for the legend."""
        return any(c.changed for team in self.teams for c in team.characters)

    @property
    def reminder_mark(self) -> bool:
        texts = [*(c.ability for team in self.teams for c in team.characters),
                 *(c.changed for team in self.teams for c in team.characters),
                 *(j.text for j in self.jinxes), *self.bootlegger]
        return any(part.kind == "reminder" for text in texts for part in text)

    @property
    def foreign(self) -> int:
        """Abilities and jinxes in another language than the sheet's."""
        return sum(1 for team in self.teams for c in team.characters
                   if c.ability and c.text_lang != self.lang) + \
            sum(1 for j in self.jinxes if j.text and j.text_lang != self.lang)

    @property
    def texts(self) -> int:
        """Abilities and jinxes the sheet prints a text for."""
        return sum(1 for team in self.teams for c in team.characters if c.ability) + \
            sum(1 for j in self.jinxes if j.text)

    @property
    def lacking(self) -> int:
        """Characters on the sheet with no ability."""
        return sum(1 for team in self.teams for c in team.characters if c.source == "none")

    @property
    def jinxes_lacking(self) -> int:
        return sum(1 for j in self.jinxes if j.source == "none")


def _character(corpus: Corpus, script: ScriptSpec, ident: str, lang: str) -> ScriptCharacter:
    official = corpus.official
    term = corpus.glossary.by_id("botc", ident)
    custom = script.custom.get(ident)
    name = custom.name if custom else term.name(lang) if term else ident
    if custom:
        return ScriptCharacter(ident, name, markup_parts(custom.ability), "script",
                               written_in(corpus.languages, custom.ability) or lang)
    written = script.written_out.get(ident)
    own = own_text(corpus, ident, "ability", written.ability) if written else ""
    character = corpus.character("botc", ident)
    found = almanac_ability(corpus, character.entries if character else {}, lang)
    card: OfficialText | None = official.ability(ident, lang) if official else None
    # The script's own ability, where the official data tell it from the card, replaces the
    # character's (the almanac's text is of the card's); written in another language than the
    # sheet's, it goes beside the card (else the almanac's) in the sheet's language. Else the
    # almanac's text first where it is in the sheet's language; then the script's own words
    # for an official character; then whichever of the almanac and the card is in it, else
    # comes first along the chain.
    own_lang = written_in(corpus.languages, own) or lang
    by_card = ScriptCharacter(ident, name, markup_parts(card.text), "official", card.lang) \
        if card else None
    by_almanac = ScriptCharacter(ident, name, (Part("text", found[0]),), "almanac", found[1]) \
        if found else None
    if own and official and gives_way(own_lang, lang, [v.text_lang for v in (by_card, by_almanac)
                                                       if v]):
        stands = next(v for v in (by_card, by_almanac) if v and v.text_lang == lang)
        return replace(stands, changed=markup_parts(own), changed_lang=own_lang)
    if own and official:
        return ScriptCharacter(ident, name, markup_parts(own), "script", own_lang)
    if by_almanac and by_almanac.text_lang == lang:
        return by_almanac
    if own:
        return ScriptCharacter(ident, name, markup_parts(own), "script", own_lang)
    # Neither in the sheet's language: the first along its chain (the English card first).
    if by_card and by_almanac and by_card.text_lang != lang:
        return in_chain_order(corpus.languages, lang, [
            (Source(ALMANAC, by_almanac.text_lang), by_almanac.text_lang, by_almanac),
            (Source(CARD, by_card.text_lang), by_card.text_lang, by_card)])[0]
    return by_card or by_almanac or ScriptCharacter(ident, name, (), "none", lang)


def _jinxes(corpus: Corpus, script: ScriptSpec, lang: str,
            names: dict[str, str]) -> tuple[JinxView, ...]:
    """Every official jinx pair with both characters on the script, and the script's own, each
    pair's names and the pairs in lang's order."""
    official = corpus.official
    own = {tuple(sorted((ident, other))): reason
           for ident, custom in (*script.custom.items(), *script.written_out.items())
           for other, reason in custom.jinxes if other in names and other != ident}
    pairs = sorted(set(corpus.glossary.jinx_pairs(script.characters)) | set(own))
    key = sort_key(lang)
    views = []
    for a, b in pairs:
        text = official.jinx(a, b, lang) if official else None
        if text:
            parts, source, text_lang = markup_parts(text.text), "official", text.lang
        elif (a, b) in own:
            parts, source = markup_parts(own[(a, b)]), "script"
            text_lang = written_in(corpus.languages, own[(a, b)]) or lang
        else:
            parts, source, text_lang = (), "none", lang
        first, second = sorted((names[a], names[b]), key=key)
        views.append(JinxView(f"{a} {b}", (first, second), parts, source, text_lang))
    return tuple(sorted(views, key=lambda view: tuple(map(key, view.names))))


def build_script_sheet(corpus: Corpus, script: ScriptSpec, lang: str) -> ScriptSheet:
    """The players' sheet: the script's characters by team in the official order of teams,
    those the script defines in a team the format lacks in an "other" group after them."""
    characters = {ident: _character(corpus, script, ident, lang)
                  for ident in script.characters}
    known = {team.id for team in corpus.glossary.teams if team.game == "botc"}
    team_of = {}
    for ident in script.characters:
        term = corpus.glossary.by_id("botc", ident)
        custom = script.custom.get(ident)
        team = term.team if term and not custom else custom.team if custom else ""
        team_of[ident] = team if team in known else OTHER if custom else ""
    teams = [ScriptTeam(team.id, team.alignment, team.id in APART,
                        tuple(characters[i] for i in script.characters if team_of[i] == team.id))
             for team in corpus.glossary.teams
             if team.game == "botc" and any(team_of[i] == team.id for i in script.characters)]
    if OTHER in team_of.values():
        teams.append(ScriptTeam(OTHER, "other", True, tuple(
            characters[i] for i in script.characters if team_of[i] == OTHER)))
    unknown = tuple(i for i in script.characters if not team_of[i])
    names = {ident: view.name for ident, view in characters.items()}
    title = corpus.glossary.title(script.title, lang)
    return ScriptSheet(script.id, title, script.author, lang,
                       tuple(teams), _jinxes(corpus, script, lang, names), unknown,
                       tuple(markup_parts(rule) for rule in script.bootlegger),
                       title_in(corpus.languages, script.title, title, lang, script.lang))
