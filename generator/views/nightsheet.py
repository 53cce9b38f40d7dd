"""A night sheet: the script's characters in night order, each with what to do and its tokens."""
from __future__ import annotations

import re
from dataclasses import dataclass

from generator.export.script_json import ScriptSpec
from generator.facts.languages import NightWords
from generator.model import PRESENT, Entry, Line
from generator.parse.vocabulary import quoted_ability
from generator.resolve import Corpus

NIGHTS = ("first", "other")


@dataclass(frozen=True)
class SheetRow:
    id: str  # a character id, or dusk | minioninfo | demoninfo | dawn
    special: bool
    name: str
    team: str
    alignment: str
    instructions: tuple[str, ...]
    source: str  # how-to-run | ability | special | custom | none
    text_lang: str  # language of the instructions
    reminders: tuple[str, ...]


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


def _says(pattern: re.Pattern[str] | None, text: str) -> bool:
    return pattern is not None and pattern.search(text) is not None


def night_of_step(text: str, words: NightWords) -> set[str]:
    """The nights a how-to-run step is for, by its opening clause ("첫날 밤, …", "Each night, …");
    a step that names a night only later on is about set-up."""
    opening = re.split(r"[,.]", text, maxsplit=1)[0]
    if _says(words.other, opening):
        return {"other"}
    if _says(words.first, opening):
        return {"first"}
    if _says(words.each, opening):
        return {"first", "other"}
    return set()


def steps_for_night(steps: tuple[Line, ...], night: str, words: NightWords) -> tuple[str, ...]:
    """The steps for this night that wake someone; preparation steps stay off the sheet."""
    tonight = [s.text for s in steps if night in night_of_step(s.text, words)]
    waking = [text for text in tonight if _says(words.wake, text)]
    chosen = waking or tonight or [s.text for s in steps if _says(words.wake, s.text)]
    return tuple(chosen or (s.text for s in steps))


def _instructions(corpus: Corpus, entries: dict[str, Entry], lang: str, night: str
                  ) -> tuple[tuple[str, ...], str, str]:
    """The how-to-run steps for this night, else the ability (the card's, else the summary's
    quote), in the sheet's language, else along its fallbacks."""
    langs = (lang, *corpus.languages.others(lang))
    for text_lang in langs:
        entry = entries.get(text_lang)
        if entry and entry.status["how_to_run"] == PRESENT:
            return (steps_for_night(entry.how_to_run, night, corpus.languages[text_lang].night),
                    "how-to-run", text_lang)
    for text_lang in langs:
        entry = entries.get(text_lang)
        if entry and entry.ability and entry.status["ability"] == PRESENT:
            return (entry.ability.text,), "ability", text_lang
        quote = quoted_ability(entry.summary.text) if entry and entry.summary else None
        if quote and entry and entry.status["summary"] == PRESENT:
            return (quote,), "ability", text_lang
    return (), "none", lang


def _order(corpus: Corpus, script: ScriptSpec, night: str) -> tuple[str, ...]:
    custom = script.first_night if night == "first" else script.other_night
    if custom is not None:
        return custom
    members = set(script.characters)
    rules = corpus.night_order
    return tuple(i for i in rules.night(night)
                 if i in members or (i in rules.specials and
                                     (night == "first" or i not in rules.first_night_only)))


def build_sheet(corpus: Corpus, script: ScriptSpec, lang: str, night: str) -> NightSheet:
    """The sheet of one night; special rows (dusk, dawn, …) carry their id only: the template
    words them in the sheet's language."""
    order = _order(corpus, script, night)
    rows = []
    for ident in order:
        if ident in corpus.night_order.specials:
            rows.append(SheetRow(ident, True, ident, "", "other", (), "special", lang, ()))
            continue
        rows.append(_character_row(corpus, script, ident, lang, night))
    placed = set(order)
    ordered_by_script = set(script.first_night or ()) | set(script.other_night or ())
    not_waking, not_placed = [], []
    for ident in script.characters:
        if ident in placed:
            continue
        listed = _listed(corpus, script, ident, lang)
        # The official data or the script's own order knows when it wakes: not tonight.
        if corpus.glossary.by_id("botc", ident) or ident in ordered_by_script:
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


def _character_row(corpus: Corpus, script: ScriptSpec, ident: str, lang: str,
                   night: str) -> SheetRow:
    term = corpus.glossary.by_id("botc", ident)
    character = corpus.character("botc", ident)
    if term is None:
        custom = script.custom.get(ident)
        return SheetRow(ident, False, custom.name if custom else ident,
                        custom.team if custom else "",
                        corpus.glossary.alignment(custom.team) if custom else "other",
                        (custom.ability,) if custom and custom.ability else (),
                        "custom" if custom else "none", lang, custom.reminders if custom else ())
    instructions, source, text_lang = _instructions(corpus, character.entries if character else {},
                                                    lang, night)
    return SheetRow(ident, False, term.name(lang), term.team, corpus.glossary.alignment(term.team),
                    instructions,
                    source, text_lang, tuple(dict.fromkeys(t.label(lang) for t in term.reminders)))
