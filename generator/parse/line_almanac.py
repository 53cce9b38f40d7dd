"""Almanac entries one field a line, steps and notes as `- ` bullets (001 Korean, 004 English)."""
from __future__ import annotations

from generator.model import Line, ParsedFile
from generator.parse.almanac import parse_entries
from generator.parse.vocabulary import TEAM_WORDS


def matches(lines: list[Line], lang: str) -> bool:
    return bool(lines) and lines[0].text.strip() in TEAM_WORDS.get(lang, {})


def parse(lines: list[Line], file: str, lang: str) -> ParsedFile:
    result = parse_entries(lines, file, lang)
    return ParsedFile(file=file, lang=lang, shape="line-almanac", entries=tuple(result.entries),
                      markers=tuple(result.markers), diagnostics=tuple(result.diagnostics))
