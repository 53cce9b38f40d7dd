"""A night sheet: the script's characters in night order, each with what to do and its tokens."""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, partial
from itertools import groupby
from operator import attrgetter

from generator.facts.catalogs import has_catalog
from generator.facts.languages import ALMANAC, CARD, Source
from generator.facts.official import (
    OfficialText,
    OfficialTexts,
    Part,
    markup_parts,
)
from generator.model import PRESENT, Corpus, Entry
from generator.parse.vocabulary import letter_system
from generator.read.script_spec import ScriptSpec
from generator.views.abilities import almanac_ability
from generator.views.collation import collated
from generator.views.fallback import in_chain_order
from generator.views.overrides import Overrides, given, gives_way, overrides, own_text
from generator.views.sheet_kinds import NIGHTS
from generator.views.writing import title_in, written_in


@dataclass(frozen=True)
class SheetRow:
    id: str  # a character id, or dusk | minioninfo | demoninfo | dawn
    special: bool
    name: str
    team: str
    alignment: str
    instructions: tuple[tuple[Part, ...], ...]  # each line as text and token marks
    # Where the text comes from: how-to-run | script | official | ability | official-ability
    # | special | none
    source: str
    text_lang: str  # language of the instructions
    reminders: tuple[tuple[str, int], ...]  # (label, how many of that token), each once
    no_step_tonight: bool = False  # the almanac has steps, none of them for this night
    # The script's own words for tonight where it rewrote an official character's and the row
    # shows another text (the card in the sheet's language, the almanac's steps): beside it.
    changed: tuple[tuple[Part, ...], ...] = ()
    changed_lang: str = ""


@dataclass(frozen=True)
class Listed:
    id: str
    name: str
    alignment: str


@dataclass(frozen=True)
class NightSheet:
    script_id: str
    title: str
    author: str | None
    lang: str
    night: str
    rows: tuple[SheetRow, ...]
    not_waking: tuple[Listed, ...]
    not_placed: tuple[Listed, ...]
    # The script's homebrew night numbers could not be the official order's indexes: its
    # characters are placed among themselves, after the information rows.
    placed_apart: bool = False
    # Characters that do not wake but whose almanac has steps for tonight (the Goon when a
    # player acts on it): their steps, apart from the rows.
    also: tuple[SheetRow, ...] = ()
    title_lang: str = ""  # the language its title is written in

    @property
    def sources(self) -> tuple[str, ...]:
        """The sources the rows' marks stand for, each once, for the legend."""
        return tuple(dict.fromkeys(row.source for row in (*self.rows, *self.also)
                                   if not row.special))

    @property
    def languages(self) -> tuple[str, ...]:
        """Languages of rows (and of the script's words beside them) not in the sheet's, for
        the legend."""
        rows = (*self.rows, *self.also)
        shown = [row.text_lang for row in rows if not row.special and row.instructions] + \
            [row.changed_lang for row in rows if row.changed]
        return tuple(dict.fromkeys(code for code in shown if code != self.lang))

    @property
    def changed(self) -> bool:
        """Whether a row has the script's words beside it, for the legend."""
        return any(row.changed for row in (*self.rows, *self.also))

    @property
    def reminder_mark(self) -> bool:
        return any(part.kind == "reminder" for row in (*self.rows, *self.also)
                   for line in row.instructions for part in line)

    @property
    def lacking(self) -> int:
        """Character rows with no instruction at all."""
        return sum(1 for row in self.rows if not row.special and row.source == "none")

    @property
    def texts(self) -> int:
        """Character rows with an instruction."""
        return sum(1 for row in (*self.rows, *self.also) if not row.special and row.instructions)

    @property
    def foreign(self) -> int:
        """Character rows whose instruction is in another language than the sheet's."""
        return sum(1 for row in (*self.rows, *self.also) if not row.special and row.instructions
                   and row.text_lang != self.lang)


@dataclass(frozen=True)
class _Text:
    lines: tuple[str, ...]
    source: str
    lang: str
    no_step_tonight: bool = False

    def parts(self, letters: frozenset[str]) -> tuple[tuple[Part, ...], ...]:
        """Official and script texts (the official format) mark tokens (*DEAD*) and reminders
        (:reminder:); in the almanac's, letters of a script
        outside `letters` are marked stray (no font here has them: they would print as boxes);
        the rest is text."""
        if self.source.startswith("official") or self.source == "script":
            return tuple(markup_parts(line) for line in self.lines)
        return tuple(stray_parts(line, letters) for line in self.lines)


# The same steps are on the sheets of every script that has their character.
@lru_cache(maxsize=4096)
def stray_parts(text: str, letters: frozenset[str]) -> tuple[Part, ...]:
    """The text, with each run of letters of a script outside `letters` as a stray part."""
    parts: list[Part] = []
    for stray, runs in groupby(_RUNS.findall(text), key=lambda run: _is_stray(run, letters)):
        if stray:
            parts += (Part("stray", run) for run in runs)
        else:  # the runs between strays as one text part
            parts.append(Part("text", "".join(runs)))
    return tuple(parts)


def _is_stray(run: str, letters: frozenset[str]) -> bool:
    system = letter_system(run[0])
    return bool(system) and system not in letters


# Runs of letters of one script, and runs of everything else.
_RUNS = re.compile(r"[^\W\d_]+|[\W\d_]+")


def _letters(corpus: Corpus) -> frozenset[str]:
    """The scripts a sheet can print: those its languages write or allow."""
    return frozenset().union(*(language.letters | language.allowed_letters
                               for language in corpus.languages.all))


def _first_in(corpus: Corpus, lang: str, candidates: tuple[_Text | None, ...]) -> _Text | None:
    """The first text in the sheet's language, else the first along its chain (the English
    card before another language's almanac, unless languages.yaml orders it otherwise)."""
    found = [(_SOURCES[text.source](text.lang) if text.source in _SOURCES else None, text.lang,
              text) for text in candidates if text]
    ordered = in_chain_order(corpus.languages, lang, found)
    return ordered[0] if ordered else None


# Where each kind of row text comes from, for the chain; a script's own words are neither.
_SOURCES = {"how-to-run": partial(Source, ALMANAC), "ability": partial(Source, ALMANAC),
            "official": partial(Source, CARD), "official-ability": partial(Source, CARD)}


def _official(text: OfficialText | None, source: str) -> _Text | None:
    return _Text((text.text,), source, text.lang) if text else None


def _tonight(corpus: Corpus, entries: dict[str, Entry], lang: str, night: str) -> _Text | None:
    """The almanac's steps for this night, in the sheet's language, else along its fallbacks."""
    written = False
    for text_lang in (lang, *corpus.languages.others(lang)):
        entry = entries.get(text_lang)
        if entry and entry.status["how_to_run"] == PRESENT:
            written = True
            steps = entry.nights.get(night, ())
            if steps:
                return _Text(steps, "how-to-run", text_lang)
    return _Text((), "none", lang, no_step_tonight=True) if written else None


def _ability(corpus: Corpus, entries: dict[str, Entry], lang: str) -> _Text | None:
    found = almanac_ability(corpus, entries, lang)
    return _Text((found[0],), "ability", found[1]) if found else None


def placed_apart(corpus: Corpus, script: ScriptSpec) -> bool:
    """Whether the script's homebrew night numbers are on a scale of their own (1…N among
    themselves, or an older one): every waking character is homebrew, or a number lies past
    the official order's last index."""
    rules = corpus.night_order
    numbers = [(c.position(night), len(rules.night(night))) for c in script.custom.values()
               for night in NIGHTS if c.position(night) > 0]
    if not numbers:
        return False
    official = set(rules.first_night) | set(rules.other_night)
    waking = any(ident in official and ident not in rules.specials for ident in script.characters)
    return not waking or any(number >= length for number, length in numbers)


# The information rows and the team each shows: a script without one has nobody to wake.
_INFO_FOR = {"minioninfo": "minion", "demoninfo": "demon"}


def _has_info(corpus: Corpus, script: ScriptSpec, ident: str) -> bool:
    """Whether an information row has a team to show on this script (any other row has)."""
    team = _INFO_FOR.get(ident)
    if team is None:
        return True
    for character in script.characters:
        custom = script.custom.get(character)
        term = corpus.glossary.by_id("botc", character)
        if (custom.team if custom else term.team if term else "") == team:
            return True
    return False


def _order(corpus: Corpus, script: ScriptSpec, night: str, apart: bool,
           replaced: Overrides) -> tuple[str, ...]:
    """The script's own order when it has one; else the official order of its characters, with
    its homebrew characters placed by their positions among the official indexes, or, on a scale
    of their own, in their own order after the information rows; an official character whose
    number the script replaces, placed there as a homebrew one would be."""
    custom = script.first_night if night == "first" else script.other_night
    if custom is not None:
        return tuple(ident for ident in custom if _has_info(corpus, script, ident))
    members = set(script.characters)
    rules = corpus.night_order
    tonight = rules.night(night)
    moved = {override.id: place for override in replaced.characters
             if (place := override.place(night)) is not None}
    placed = [(float(index), 0, ident) for index, ident in enumerate(tonight)
              if (ident in members and ident not in moved) or
              (ident in rules.specials and _has_info(corpus, script, ident) and
               (night == "first" or ident not in rules.first_night_only))]
    homebrew = sorted((character.position(night), ident)
                      for ident, character in script.custom.items()
                      if character.position(night) > 0 and ident in members)
    if apart:
        # Just after the night's last special row but dawn (the data list them dusk to dawn):
        # the Demon's info on the first night, dusk on the others.
        anchor = max((index for index, ident in enumerate(tonight)
                      if ident in rules.specials[:-1] and (night == "first" or
                                                           ident not in rules.first_night_only)),
                     default=-1)
        homebrew = [(anchor + (rank + 1) / (len(homebrew) + 1), ident)
                    for rank, (_, ident) in enumerate(homebrew)]
    placed += [(position, 1, ident) for position, ident in homebrew]
    placed += [(position, 1, ident) for ident, position in moved.items()
               if position and ident in members]
    return tuple(ident for _, _, ident in sorted(placed))


def _apart(corpus: Corpus, script: ScriptSpec, night: str) -> bool:
    """Whether the night's homebrew characters are placed apart (placed_apart), the script not
    ordering the night itself."""
    return placed_apart(corpus, script) and \
        (script.first_night if night == "first" else script.other_night) is None


def woken(corpus: Corpus, script: ScriptSpec, night: str) -> tuple[str, ...]:
    """The characters a night's sheet wakes, in order: its rows but the special ones, without
    working out their texts."""
    order = _order(corpus, script, night, _apart(corpus, script, night),
                   overrides(script, corpus))
    return tuple(ident for ident in order if ident not in corpus.night_order.specials)


def build_sheet(corpus: Corpus, script: ScriptSpec, lang: str, night: str,
                detail: str = "full") -> NightSheet:
    """The sheet of one night; special rows (dusk, dawn, …) carry their id only: the template
    words them in the sheet's language. The official data joined to the corpus, where the user
    gave them, fill what the almanac and the script lack. `detail`: one of sheet_kinds.DETAILS."""
    apart = _apart(corpus, script, night)
    order = _order(corpus, script, night, apart,
                   overrides(script, corpus))
    rows = []
    for ident in order:
        if ident in corpus.night_order.specials:
            rows.append(_special_row(corpus, ident, lang, night))
            continue
        rows.append(_character_row(corpus, script, ident, lang, night, detail))
    placed = set(order)
    ordered_by_script = set(script.first_night or ()) | set(script.other_night or ())
    not_waking, not_placed, also = [], [], []
    for ident in script.characters:
        if ident in placed:
            continue
        character = corpus.character("botc", ident)
        steps = _tonight(corpus, character.entries if character else {}, lang, night)
        # Not woken by the official order, yet acting tonight by the almanac's steps.
        if steps and steps.lines and ident not in corpus.night_order.night(night):
            also.append(_character_row(corpus, script, ident, lang, night, "full"))
            continue
        listed = _listed(corpus, script, ident, lang)
        # The official data, the script's order or its own character knows when it wakes.
        if corpus.glossary.by_id("botc", ident) or ident in ordered_by_script or \
                ident in script.custom:
            not_waking.append(listed)
        else:
            not_placed.append(listed)
    title = corpus.glossary.title(script.title, lang)
    return NightSheet(script.id, title, script.author, lang,
                      night, tuple(rows), tuple(collated(not_waking, lang, attrgetter("name"))),
                      tuple(collated(not_placed, lang, attrgetter("name"))), apart,
                      tuple(also),
                      title_in(corpus.languages, script.title, title, lang, script.lang))


def _listed(corpus: Corpus, script: ScriptSpec, ident: str, lang: str) -> Listed:
    term = corpus.glossary.by_id("botc", ident)
    if term:
        return Listed(ident, term.name(lang), corpus.glossary.alignment(term.team))
    custom = script.custom.get(ident)
    return Listed(ident, custom.name if custom else ident,
                  corpus.glossary.alignment(custom.team) if custom else "other")


def _night_reminder(official: OfficialTexts, night: str
                    ) -> Callable[[str, str], OfficialText | None]:
    """The official data's night reminder of that night, by character and language."""
    return official.first_night if night == "first" else official.other_night


def _special_row(corpus: Corpus, ident: str, lang: str, night: str) -> SheetRow:
    """Dusk, dawn and the info rows: in a language without a catalog, the official data's words
    for them where it has them in the sheet's language; else the template's, in the catalog's
    language (or English, marked)."""
    official = corpus.official
    card = _official(_night_reminder(official, night)(ident, lang), "official") \
        if official and not has_catalog(lang) else None
    if card and card.lang == lang:
        return SheetRow(ident, True, ident, "", "other", card.parts(_letters(corpus)),
                        "official", lang, ())
    return SheetRow(ident, True, ident, "", "other", (), "special", lang, ())


def _character_row(corpus: Corpus, script: ScriptSpec, ident: str, lang: str, night: str,
                   detail: str) -> SheetRow:
    """A character's row; its text from the first that has it: the almanac's steps for tonight,
    the script's own night reminder, the official night reminder, the ability (the almanac's,
    the official card's, the script's); text in the sheet's language before text in another.
    Short rows put the one-line reminders before the almanac's steps."""
    character = corpus.character("botc", ident)
    entries = character.entries if character else {}
    tonight = _tonight(corpus, entries, lang, night)
    text, changed = _chosen(corpus, script, ident, lang, night, detail, tonight, entries)
    name, team, reminders = _named(corpus, script, ident, lang)
    return SheetRow(ident, False, name, team, corpus.glossary.alignment(team),
                    text.parts(_letters(corpus)),
                    text.source, text.lang, reminders, bool(tonight and tonight.no_step_tonight),
                    changed.parts(_letters(corpus)) if changed else (),
                    changed.lang if changed else "")


def _chosen(corpus: Corpus, script: ScriptSpec, ident: str, lang: str, night: str, detail: str,
            tonight: _Text | None, entries: dict[str, Entry]) -> tuple[_Text, _Text | None]:
    """The row's text, and the script's words printed beside it where they give way."""
    official = corpus.official
    custom = ident in script.custom
    # An official character's words the script rewrote: known only when the official data
    # tell them from the card.
    rewrites = ident in script.written_out and official is not None
    steps = tonight if tonight and tonight.lines else None
    mine = _script_text(corpus, script, ident, night, lang)
    card = _official(_night_reminder(official, night)(ident, lang), "official") \
        if official and not custom else None
    in_language = card if card and card.lang == lang else None
    rewritten = mine if rewrites else None
    # In another language than the sheet's, the card or the almanac's steps in the sheet's
    # language stand, the script's words beside them.
    if rewritten and gives_way(rewritten.lang, lang, [t.lang for t in (in_language, steps) if t]):
        mine = None
    # A homebrew character's words, or an official one's the script rewrote, come first in a
    # short row, in whatever language they are written in: the script's author chose them
    # over the card.
    first_mine = mine if custom or rewrites else None
    text = (first_mine or _first_in(corpus, lang, (in_language, steps, mine, card))) \
        if detail == "short" else _first_in(corpus, lang, (steps, mine, card))
    # The abilities: the row's text where it has none for tonight, or none in the sheet's
    # language (steps in another tell a storyteller less than the ability in theirs).
    card_ability = _official(official.ability(ident, lang), "official-ability") \
        if official and not custom else None
    almanac = _ability(corpus, entries, lang) if text is None or text.lang != lang else None
    if text is None:
        text, rewritten = _ability_text(corpus, script, ident, lang, (almanac, card_ability),
                                        rewrites, rewritten)
    elif text.lang != lang and not custom:
        ability = _first_in(corpus, lang, (almanac, card_ability))
        text = ability if ability and ability.lang == lang else text
    return text, rewritten if rewritten and text is not rewritten else None


def _ability_text(corpus: Corpus, script: ScriptSpec, ident: str, lang: str,
                  abilities: tuple[_Text | None, _Text | None], rewrites: bool,
                  rewritten: _Text | None) -> tuple[_Text, _Text | None]:
    """A row with nothing for tonight: an ability, (the almanac's, the card's) or the script's,
    and the script's rewritten words (which replace the card's; in another language than the
    sheet's, they go beside the ability in the sheet's)."""
    almanac, card = abilities
    own = _script_text(corpus, script, ident, "ability", lang)
    if own and rewrites:
        rewritten = own
        if gives_way(own.lang, lang, [a.lang for a in abilities if a]):
            own = None
    text = (own if own and rewrites else None) or \
        _first_in(corpus, lang, (almanac, own, card)) or _Text((), "none", lang)
    return text, rewritten


def _script_text(corpus: Corpus, script: ScriptSpec, ident: str, field: str,
                 lang: str) -> _Text | None:
    """The script's own words for a field (one of overrides.TEXTS): a homebrew character's, or
    an official one's where they are not the card's; in whatever language their letters tell."""
    custom, written = script.custom.get(ident), script.written_out.get(ident)
    own = given(custom, field) if custom else \
        own_text(corpus, ident, field, given(written, field)) if written else ""
    return _Text((own,), "script", written_in(corpus.languages, own) or lang) if own else None


def _named(corpus: Corpus, script: ScriptSpec, ident: str,
           lang: str) -> tuple[str, str, tuple[tuple[str, int], ...]]:
    """The row's name, team and reminder tokens (each with how many): the glossary's, else the
    script's own character's."""
    term = corpus.glossary.by_id("botc", ident)
    if term:
        return term.name(lang), term.team, \
            tuple(Counter(t.label(lang) for t in term.reminders).items())
    custom = script.custom.get(ident)
    if custom:
        return custom.name, custom.team, tuple(Counter(custom.reminders).items())
    return ident, "", ()
