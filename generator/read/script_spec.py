"""A script document read as its author meant it: ids as the official tools read them, official
characters written out in full read as the official ones, team spellings of other tools, its own
night orders kept to its characters; and what was read past, said once."""
from __future__ import annotations

import difflib
import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from babel.lists import format_list

from generator.errors import AlmanacError
from generator.translatable import N_

META = "_meta"
# Team spellings of other tools, read as the official ones.
TEAM_SPELLINGS = {"traveler": "traveller", "travelers": "traveller", "travellers": "traveller"}
# Suggestions look at no more than this many known ids sharing a beginning or an ending, so an
# unknown id costs the same however many the script defines.
_CANDIDATES = 64
_KEY = 3  # letters of the beginning and the ending an id is indexed by
_SUGGESTED_LENGTH = 40  # past this an id is no typo of a character's
_NUMBERS = (("first", "firstNight"), ("other", "otherNight"))  # a night and its number's field
_NIGHT_OF = {key: night for night, key in _NUMBERS}
# The special rows' names in the lines about a script (catalog strings, said in the reader's
# language by views/script_notes.py).
ROW_NAMES = {"dusk": N_("dusk"), "minioninfo": N_("minion info"),
             "demoninfo": N_("demon info"), "dawn": N_("dawn")}


class Note(str):
    """A line about the script, in English; its kind and values let views/script_notes.py say
    it in the reader's language."""

    kind: str
    values: dict[str, Any]

    def __new__(cls, text: str, kind: str, **values: Any) -> Note:
        note = super().__new__(cls, text)
        note.kind, note.values = kind, values
        return note


@dataclass(frozen=True)
class CustomCharacter:
    """A character the script defines itself (an object with name, team and ability)."""

    id: str
    name: str
    team: str
    ability: str
    reminders: tuple[str, ...] = ()
    # Night positions among the official order's indexes (0: does not wake), and what to do.
    first_night: float = 0
    other_night: float = 0
    first_night_reminder: str = ""
    other_night_reminder: str = ""
    jinxes: tuple[tuple[str, str], ...] = ()  # (the other character's id, the rule)
    # The nights whose number the item gives, 0 included: an absent number is no 0 said.
    numbered: tuple[str, ...] = ()

    def position(self, night: str) -> float:
        return self.first_night if night == "first" else self.other_night

    def reminder(self, night: str) -> str:
        return self.first_night_reminder if night == "first" else self.other_night_reminder


@dataclass(frozen=True)
class ScriptSpec:
    """What the sheets need of a script, wherever it came from."""

    id: str
    title: str
    author: str | None
    characters: tuple[str, ...]
    first_night: tuple[str, ...] | None = None  # _meta.firstNight: replaces the official order
    other_night: tuple[str, ...] | None = None
    custom: dict[str, CustomCharacter] = field(default_factory=dict, hash=False)
    # Official characters the script wrote out in full: name and team stay the official ones;
    # what their texts and night numbers replace, views/overrides.py tells.
    written_out: dict[str, CustomCharacter] = field(default_factory=dict, hash=False)
    bootlegger: tuple[str, ...] = ()  # _meta.bootlegger: the storyteller's house rules
    warnings: tuple[str, ...] = ()  # each `path: message`, for the reader to see
    details: tuple[str, ...] = ()  # what `warnings` counts in one line, each for --verbose
    lang: str | None = None  # the language of its title, where known (a corpus script's)


def normalise_id(raw: str) -> str:
    """An id as the official tools compare them: lowercase letters and digits only."""
    return re.sub(r"[^a-z0-9]", "", raw.lower()) or raw


def title_of(path: Path) -> str:
    """A title from a file name: `my_cool-script.json` → `my cool script`."""
    return re.sub(r"[_\-\s]+", " ", path.stem).strip() or path.name


def team_of(raw: str) -> str:
    team = raw.strip().lower()
    return TEAM_SPELLINGS.get(team, team)


class _Notes:
    """Warnings in order, and the kinds of note summarised in one line each."""

    def __init__(self, warnings: Iterable[str]) -> None:
        self.warnings = list(warnings)
        self.details: dict[str, list[str]] = defaultdict(list)

    def detail(self, kind: str, line: str) -> None:
        self.details[kind].append(line)

    def summarised(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        summaries: list[str] = [
            Note(_SUMMARIES[kind][len(lines) > 1].format(n=len(lines)), kind, count=len(lines))
            for kind, lines in self.details.items()]
        return (tuple(self.warnings + summaries),
                tuple(line for lines in self.details.values() for line in lines))


# Each kind of note summarised: (one, more than one).
_SUMMARIES = {
    "spelling": ("{n} id read as the official tools read it (capitals, spaces, '_' and '-' "
                 "dropped); --verbose shows it",
                 "{n} ids read as the official tools read them (capitals, spaces, '_' and '-' "
                 "dropped); --verbose lists each"),
    "team": ("{n} team spelt otherwise read as the official one; --verbose shows it",
             "{n} teams spelt otherwise read as the official ones; --verbose lists each"),
    "fields": ("{n} item carries fields the official format does not define, read past; "
               "--verbose shows it",
               "{n} items carry fields the official format does not define, read past; "
               "--verbose lists each"),
}


class _Suggestions:
    """The closest known id to an unknown one, among known ids sharing its first or last
    letters: a bounded number of comparisons each, so unknown ids cost linear time."""

    def __init__(self, known: Iterable[str]) -> None:
        self.index: dict[str, list[str]] = defaultdict(list)
        for ident in sorted(known):
            for key in {("^", ident[:_KEY]), ("$", ident[-_KEY:])}:
                bucket = self.index["".join(key)]
                if len(bucket) < _CANDIDATES:
                    bucket.append(ident)
        self.found: dict[str, str | None] = {}

    def __call__(self, ident: str) -> str | None:
        if ident not in self.found:
            candidates = sorted(set(self.index.get("^" + ident[:_KEY], ()))
                                | set(self.index.get("$" + ident[-_KEY:], ())))
            # 0.8: as close as a typo ('fangu'), not merely sharing letters ('snakecharmer').
            close = difflib.get_close_matches(ident, candidates, n=1, cutoff=0.8) \
                if len(ident) <= _SUGGESTED_LENGTH else []
            self.found[ident] = close[0] if close else None
        return self.found[ident]


@dataclass
class _Reading:
    official: frozenset[str]
    known: frozenset[str]
    notes: _Notes
    suggest: _Suggestions

    def resolve(self, raw: str, where: str, quiet: bool = False,
                also: frozenset[str] = frozenset()) -> str:
        """The id normalised; a note when that changed it, a warning when it is unknown (not
        when quiet). `also`: more ids known here."""
        ident = normalise_id(raw)
        if ident in self.known or ident in also:
            # A homebrew id is the script's own whatever its spelling: nothing to say of it.
            if ident != raw and (ident in self.official or ident in also):
                self.notes.detail("spelling", Note(f"{where}: '{raw}' read as '{ident}'",
                                                   "read-as", where=where, raw=raw, read=ident))
            return ident
        if not quiet:
            close = self.suggest(ident)
            self.notes.warnings.append(Note(
                f"{where}: unknown id '{raw}'" + (f"; did you mean '{close}'?" if close else ""),
                "unknown-close" if close else "unknown", where=where, raw=raw, close=close))
        return ident


def build_spec(path: Path, document: list[Any], official: frozenset[str],
               specials: tuple[str, ...], orders: tuple[Sequence[str], Sequence[str]],
               warnings: Iterable[str], fields: Iterable[str]) -> ScriptSpec:
    """The spec of a document the schema lets through. `orders`: the official first and other
    nights (empty where unknown); `warnings`: the schema's, each shown; `fields`: its breaches
    for fields the format lacks, summarised. Raises AlmanacError when it names no character."""
    notes = _Notes(warnings)
    for line in fields:
        notes.detail("fields", line)
    homebrew = {normalise_id(item["id"]) for item in document
                if _is_defined(item) and normalise_id(item["id"]) not in official}
    known = official | homebrew
    reading = _Reading(official, known, notes, _Suggestions(known))
    first = _unique(((f"[{i}]", _item_id(item, f"[{i}]", reading), i)
                     for i, item in enumerate(document)), notes)
    meta_index = first.pop(META, None)
    meta = document[meta_index] if meta_index is not None else {}
    members = tuple(first)
    if not members:
        raise AlmanacError("the script names no character", file=str(path))
    nights = {key: _night(key, meta_index, meta.get(key), members, specials, order, reading)
              for (_, key), order in zip(_NUMBERS, orders, strict=True)}
    defined = {ident: _custom(ident, document[i], f"[{i}]", notes) for ident, i in first.items()
               if _is_defined(document[i])}
    _unnumbered({i: c for i, c in defined.items() if i not in official}, nights, notes)
    name = _text(meta.get("name")).strip()
    shown, details = notes.summarised()
    return ScriptSpec(
        id=path.stem, title=name or title_of(path), author=meta.get("author") or None,
        characters=members,
        first_night=nights["firstNight"], other_night=nights["otherNight"],
        custom={i: c for i, c in defined.items() if i not in official},
        written_out={i: c for i, c in defined.items() if i in official},
        bootlegger=tuple(unicodedata.normalize("NFC", rule).strip()
                         for rule in meta.get("bootlegger", ()) if rule.strip()),
        warnings=shown, details=details)


def _is_defined(item: Any) -> bool:
    """An item the script defines as a character: an object with a name (and the rest the
    schema asks of it)."""
    return isinstance(item, dict) and item["id"] != META and "name" in item


def _item_id(item: str | dict[str, Any], where: str, reading: _Reading) -> str:
    if isinstance(item, dict):
        return META if item["id"] == META else reading.resolve(item["id"], where)
    return reading.resolve(item, where)


def _night(key: str, meta_index: int | None, ids: Any, members: tuple[str, ...],
           specials: tuple[str, ...], official: Sequence[str], reading: _Reading
           ) -> tuple[str, ...] | None:
    """The script's own order of a night (`key`, a field of _meta), kept to its characters and
    the special rows, from dusk to dawn (the night-order data lists its special rows in that
    order), the rows the official order of that night has added at their places."""
    # Not a list when absent, or when a character-shaped _meta gives it a number.
    if not isinstance(ids, list):
        return None
    where = f"[{meta_index}].{key}"
    allowed = set(members) | set(specials)
    entries = _unique(((f"{where}[{k}]", reading.resolve(raw, f"{where}[{k}]", True,
                                                         frozenset(specials)),
                        k) for k, raw in enumerate(ids)), reading.notes)
    # Quoted as the file writes them: the normalised id may be no text of the file.
    foreign = [str(ids[k]) for ident, k in entries.items() if ident not in allowed]
    kept = [ident for ident in entries if ident in allowed]
    added = [row for row in _needed(specials, official) if row not in kept]
    kept = _placed(kept, added, specials, official)
    listed = _few(foreign)
    rows = format_list([ROW_NAMES.get(row, row) for row in added], locale="en")
    said = ([f"left out {len(foreign)} {'id' if len(foreign) == 1 else 'ids'} not on the "
             f"script ({listed})"] if foreign else []) + ([f"added {rows}"] if added else [])
    if said:
        kind = "left-out-added" if foreign and added else "left-out" if foreign else "added"
        reading.notes.warnings.append(Note(
            f"{where}: {'; '.join(said)}", kind, where=where, count=len(foreign), ids=listed,
            rows=rows, added=tuple(added)))
    left = [ident for ident in members
            if ident in official and ident not in kept and ident not in specials]
    if left:
        reading.notes.warnings.append(_unordered(where, key, left))
    return tuple(kept)


def _needed(specials: tuple[str, ...], official: Sequence[str]) -> list[str]:
    """The special rows a night must have: those of its official order; without it, dusk and
    dawn."""
    if official:
        return [row for row in specials if row in official]
    return list(dict.fromkeys((specials[0], specials[-1]))) if specials else []


def _placed(kept: list[str], added: list[str], specials: tuple[str, ...],
            official: Sequence[str]) -> list[str]:
    """The order with each added row at its official place: dusk first, dawn last, another
    just after the last row of the order that the official order puts before it."""
    index = {ident: place for place, ident in enumerate(official)}
    order = list(kept)
    for row in added:  # from dusk to dawn, so the Demon's info follows the Minions'
        if row == specials[0]:
            order.insert(0, row)
        elif row == specials[-1]:
            order.append(row)
        else:
            # A homebrew character has no official place: it puts no row after it.
            before = [k for k, ident in enumerate(order)
                      if index.get(ident, len(index)) < index[row]]
            order.insert(before[-1] + 1 if before else 0, row)
    return order


def _unordered(where: str, key: str, left: list[str]) -> Note:
    """The line naming the script's characters that wake on the official night but that its
    own order leaves out: the author's order stands, listing them as not waking."""
    one, ids, night = len(left) == 1, _few(left, quoted=False), _NIGHT_OF[key]
    return Note(f"{where}: {ids} {'wakes' if one else 'wake'} on the official "
                f"{'first night' if night == 'first' else 'other nights'} but "
                f"{'is' if one else 'are'} not in the script's order; listed as not waking",
                f"unordered-{night}", where=where, count=len(left), ids=ids)


def _unnumbered(custom: dict[str, CustomCharacter], nights: dict[str, tuple[str, ...] | None],
                notes: _Notes) -> None:
    """A line for each night whose homebrew characters give its reminder but no number for it
    (nor does the script order that night): they are listed as not waking."""
    for night, key in _NUMBERS:
        silent = [c.id for c in custom.values()
                  if c.reminder(night).strip() and c.position(night) <= 0]
        if nights[key] is not None or not silent:
            continue
        one, ids = len(silent) == 1, _few(silent, quoted=False)
        reminder = "a first-night" if night == "first" else "an other-night"
        notes.warnings.append(Note(
            f"{ids}: {'has' if one else 'have'} {reminder} reminder but no {key} number; "
            "listed as not waking", f"unnumbered-{night}", count=len(silent), ids=ids))


def _few(ids: list[str], quoted: bool = True) -> str:
    """The first five ids, comma-separated, `…` for more."""
    shown = [f"'{ident}'" if quoted else ident for ident in ids[:5]]
    return ", ".join(shown) + (", …" if len(ids) > 5 else "")


def _unique(entries: Iterable[tuple[str, str, int]], notes: _Notes) -> dict[str, int]:
    """id → position of its first entry, in order; each repeat warned of and dropped."""
    first: dict[str, tuple[str, int]] = {}
    for where, ident, position in entries:
        if ident in first:
            earlier = first[ident][0]
            notes.warnings.append(Note(
                f"{where}: duplicate id '{ident}' (first at {earlier}); ignored", "duplicate",
                where=where, ident=ident, earlier=earlier))
        else:
            first[ident] = (where, position)
    return {ident: position for ident, (_, position) in first.items()}


def _text(value: Any) -> str:
    return unicodedata.normalize("NFC", value) if isinstance(value, str) else ""


def _custom(ident: str, item: dict[str, Any], where: str, notes: _Notes) -> CustomCharacter:
    team = team_of(item["team"])
    if team != item["team"]:
        notes.detail("team", Note(f"{where}.team: '{item['team']}' read as '{team}'", "read-as",
                                  where=f"{where}.team", raw=item["team"], read=team))
    return CustomCharacter(ident, _text(item["name"]), team, _text(item["ability"]),
                           tuple(_text(r) for r in item.get("reminders", ())),
                           first_night=item.get("firstNight", 0) or 0,
                           other_night=item.get("otherNight", 0) or 0,
                           first_night_reminder=_text(item.get("firstNightReminder", "")),
                           other_night_reminder=_text(item.get("otherNightReminder", "")),
                           jinxes=tuple((normalise_id(j["id"]), _text(j["reason"]))
                                        for j in item.get("jinxes", ())),
                           numbered=tuple(night for night, key in _NUMBERS
                                          if isinstance(item.get(key), int | float)))
