"""A night sheet: the script's characters in night order, each with what to do and its tokens."""
from __future__ import annotations

import re
from dataclasses import dataclass

from generator.facts.official import (
    OfficialText,
    OfficialTexts,
    Part,
    PartKind,
    markup_parts,
)
from generator.model import PRESENT, Entry
from generator.parse.vocabulary import letter_system
from generator.read.script_spec import ScriptSpec
from generator.resolve import Corpus
from generator.views.abilities import almanac_ability
from generator.views.night_steps import steps_for_night

NIGHTS = ("first", "other")


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
    reminders: tuple[str, ...]
    no_step_tonight: bool = False  # the almanac has steps, none of them for this night


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


def stray_parts(text: str, letters: frozenset[str]) -> tuple[Part, ...]:
    """The text, with each run of letters of a script outside `letters` as a stray part."""
    parts: list[Part] = []
    for run in _RUNS.finditer(text):
        system = letter_system(run.group(0)[0])
        kind: PartKind = "stray" if system and system not in letters else "text"
        if parts and parts[-1].kind == kind == "text":
            parts[-1] = Part("text", parts[-1].text + run.group(0))
        else:
            parts.append(Part(kind, run.group(0)))
    return tuple(parts)


# Runs of letters of one script, and runs of everything else.
_RUNS = re.compile(r"[^\W\d_]+|[\W\d_]+")


def _letters(corpus: Corpus) -> frozenset[str]:
    """The scripts a sheet can print: those its languages write or allow."""
    return frozenset().union(*(language.letters | language.allowed_letters
                               for language in corpus.languages.all))


def _first_in(lang: str, candidates: tuple[_Text | None, ...]) -> _Text | None:
    """The first text in the sheet's language, else the first at all."""
    found = [text for text in candidates if text]
    return next((text for text in found if text.lang == lang), found[0] if found else None)


def _official(text: OfficialText | None, source: str) -> _Text | None:
    return _Text((text.text,), source, text.lang) if text else None


def _tonight(corpus: Corpus, entries: dict[str, Entry], lang: str, night: str) -> _Text | None:
    """The almanac's steps for this night, in the sheet's language, else along its fallbacks."""
    written = False
    for text_lang in (lang, *corpus.languages.others(lang)):
        entry = entries.get(text_lang)
        if entry and entry.status["how_to_run"] == PRESENT:
            written = True
            steps = steps_for_night(entry.how_to_run, night, corpus.languages[text_lang].night)
            if steps:
                return _Text(steps, "how-to-run", text_lang)
    return _Text((), "none", lang, no_step_tonight=True) if written else None


def _ability(corpus: Corpus, entries: dict[str, Entry], lang: str) -> _Text | None:
    found = almanac_ability(corpus, entries, lang)
    return _Text((found[0],), "ability", found[1]) if found else None


def _order(corpus: Corpus, script: ScriptSpec, night: str) -> tuple[str, ...]:
    """The script's own order when it has one; else the official order of its characters, with
    its homebrew characters placed by their positions among the official indexes."""
    custom = script.first_night if night == "first" else script.other_night
    if custom is not None:
        return custom
    members = set(script.characters)
    rules = corpus.night_order
    placed = [(float(index), 0, ident) for index, ident in enumerate(rules.night(night))
              if ident in members or (ident in rules.specials and
                                      (night == "first" or ident not in rules.first_night_only))]
    placed += [(character.position(night), 1, ident) for ident, character in script.custom.items()
               if character.position(night) > 0 and ident in members]
    return tuple(ident for _, _, ident in sorted(placed))


def build_sheet(corpus: Corpus, script: ScriptSpec, lang: str, night: str,
                official: OfficialTexts | None = None) -> NightSheet:
    """The sheet of one night; special rows (dusk, dawn, …) carry their id only: the template
    words them in the sheet's language. `official`: the official data files, where the user
    gave them, fill what the almanac and the script lack."""
    order = _order(corpus, script, night)
    rows = []
    for ident in order:
        if ident in corpus.night_order.specials:
            rows.append(SheetRow(ident, True, ident, "", "other", (), "special", lang, ()))
            continue
        rows.append(_character_row(corpus, script, ident, lang, night, official))
    placed = set(order)
    ordered_by_script = set(script.first_night or ()) | set(script.other_night or ())
    not_waking, not_placed = [], []
    for ident in script.characters:
        if ident in placed:
            continue
        listed = _listed(corpus, script, ident, lang)
        # The official data, the script's order or its own character knows when it wakes.
        if corpus.glossary.by_id("botc", ident) or ident in ordered_by_script or \
                ident in script.custom:
            not_waking.append(listed)
        else:
            not_placed.append(listed)
    return NightSheet(script.id, script.title, script.author, lang, night, tuple(rows),
                      tuple(not_waking), tuple(not_placed))


def _listed(corpus: Corpus, script: ScriptSpec, ident: str, lang: str) -> Listed:
    term = corpus.glossary.by_id("botc", ident)
    if term:
        return Listed(ident, term.name(lang), corpus.glossary.alignment(term.team))
    custom = script.custom.get(ident)
    return Listed(ident, custom.name if custom else ident,
                  corpus.glossary.alignment(custom.team) if custom else "other")


def _character_row(corpus: Corpus, script: ScriptSpec, ident: str, lang: str, night: str,
                   official: OfficialTexts | None) -> SheetRow:
    """A character's row; its text from the first that has it: the almanac's steps for tonight,
    the script's own night reminder, the official night reminder, the ability (the almanac's,
    the official card's, the script's); text in the sheet's language before text in another."""
    term = corpus.glossary.by_id("botc", ident)
    custom = script.custom.get(ident)
    character = corpus.character("botc", ident)
    entries = character.entries if character else {}
    tonight = _tonight(corpus, entries, lang, night)
    reminder = (official.first_night if night == "first" else official.other_night) \
        if official and not custom else None
    text = _first_in(lang, (
        tonight if tonight and tonight.lines else None,
        _Text((custom.reminder(night),), "script", lang) if custom and custom.reminder(night)
        else None,
        _official(reminder(ident, lang), "official") if reminder else None))
    if text is None:
        text = _first_in(lang, (
            _ability(corpus, entries, lang),
            _official(official.ability(ident, lang), "official-ability")
            if official and not custom else None,
            _Text((custom.ability,), "ability", lang) if custom and custom.ability else None)) \
            or _Text((), "none", lang)
    no_step = bool(tonight and tonight.no_step_tonight)
    if term:
        name, team = term.name(lang), term.team
        reminders = tuple(dict.fromkeys(t.label(lang) for t in term.reminders))
    else:
        name, team = (custom.name, custom.team) if custom else (ident, "")
        reminders = custom.reminders if custom else ()
    return SheetRow(ident, False, name, team, corpus.glossary.alignment(team),
                    text.parts(_letters(corpus)),
                    text.source, text.lang, reminders, no_step)
