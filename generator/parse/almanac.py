"""Almanac entries in both line shapes: blank-separated blocks (000) and `- ` bullets (001, 004).

An entry is: team line, name, ability, flavor, quoted summary paragraph, the how-to-run header
and its steps, then optionally the examples header and its notes. The placeholder line marks
every section not yet written.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from generator.codes import ENTRY_WITHOUT_NAME, UNPLACED_LINE
from generator.facts.languages import Language
from generator.model import (
    MISSING,
    PLACEHOLDER,
    PRESENT,
    SECTIONS,
    UNTRANSLATED,
    Diagnostic,
    Entry,
    Line,
)
from generator.parse.vocabulary import BULLET, is_other_language, repair_name


@dataclass
class _Draft:
    team: str
    team_line: int
    name: Line | None = None
    ability: Line | None = None
    flavor: Line | None = None
    summary: Line | None = None
    how_to_run: list[Line] = field(default_factory=list)
    examples: list[Line] = field(default_factory=list)
    placeholder: bool = False
    section: str = "head"  # head | how_to_run | examples | done


@dataclass
class EntriesResult:
    entries: list[Entry]
    markers: list[Line]
    diagnostics: list[Diagnostic]


def parse_entries(lines: list[Line], file: str, language: Language) -> EntriesResult:
    """Entries from non-blank lines that start at the first team line."""
    teams = language.teams
    result = EntriesResult([], [], [])
    draft: _Draft | None = None
    for line in lines:
        text = line.text.strip()
        if text in teams and (draft is None or draft.name is not None):
            _close(draft, file, language, result)
            draft = _Draft(teams[text], line.line)
            result.markers.append(line)
        elif draft is None:
            result.diagnostics.append(_stray(file, line, "before-team"))
        else:
            _take(draft, line, text, file, language, result)
    _close(draft, file, language, result)
    return result


def _close(draft: _Draft | None, file: str, language: Language, result: EntriesResult) -> None:
    if draft is None:
        return
    if draft.name is None:
        result.diagnostics.append(ENTRY_WITHOUT_NAME.at(file, draft.team_line))
        return
    result.entries.append(_finish(draft, draft.name, file, language))


def _take(draft: _Draft, line: Line, text: str, file: str, language: Language,
          result: EntriesResult) -> None:
    if draft.name is None:
        draft.name = Line(text, line.line)
    elif text == language.not_written_yet:
        draft.placeholder = True
        draft.section = "done"
        result.markers.append(line)
    elif text == language.how_to_run and draft.section == "head":
        draft.section = "how_to_run"
        result.markers.append(line)
    elif text == language.examples and draft.section in ("head", "how_to_run"):
        draft.section = "examples"
        result.markers.append(line)
    elif draft.section in ("how_to_run", "examples"):
        bulleted = text.startswith(BULLET)
        item = Line(text[len(BULLET):].strip() if bulleted else text, line.line,
                    BULLET if bulleted else "")
        getattr(draft, draft.section).append(item)
    elif draft.section == "head" and text[0] in language.quotes and draft.summary is None:
        draft.summary = Line(text, line.line)
    elif draft.section == "head" and draft.summary is None and draft.ability is None:
        draft.ability = Line(text, line.line)
    elif draft.section == "head" and draft.summary is None and draft.flavor is None:
        draft.flavor = Line(text, line.line)
    else:
        where = "after-placeholder" if draft.placeholder else "unexpected"
        result.diagnostics.append(_stray(file, line, where))


def _stray(file: str, line: Line, where: str) -> Diagnostic:
    return UNPLACED_LINE.at(file, line.line, line.text, where, start=line.text.strip()[:60])


def _finish(draft: _Draft, name_line: Line, file: str, language: Language) -> Entry:
    name = repair_name(name_line.text)  # resolve reports the repair with the proper spelling
    status: dict[str, str] = {}
    for section in SECTIONS:
        value = getattr(draft, section)
        if value:
            texts = value if isinstance(value, list) else [value]
            foreign = any(is_other_language(item.text, language) for item in texts)
            status[section] = UNTRANSLATED if foreign else PRESENT
        else:
            status[section] = PLACEHOLDER if draft.placeholder else MISSING
    return Entry(lang=language.code, file=file, line=name_line.line, name=name,
                 raw_name=name_line.text,
                 team=draft.team, ability=draft.ability, flavor=draft.flavor, summary=draft.summary,
                 how_to_run=tuple(draft.how_to_run), examples=tuple(draft.examples), status=status)
