"""Almanac entries one field a line, steps and notes as `- ` bullets (001 Korean, 004 English)."""
from __future__ import annotations

from generator.facts.languages import Language
from generator.model import Line, ParsedFile
from generator.parse.almanac import parse_entries


def matches(lines: list[Line], language: Language) -> bool:
    return bool(lines) and lines[0].text.strip() in language.teams


def parse(lines: list[Line], file: str, language: Language) -> ParsedFile:
    result = parse_entries(lines, file, language)
    return ParsedFile(file=file, lang=language.code, shape="line-almanac",
                      entries=tuple(result.entries),
                      markers=tuple(result.markers), diagnostics=tuple(result.diagnostics))
