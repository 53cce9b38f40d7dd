"""Shape detection: each corpus file is parsed by the one parser its opening lines call for."""
from __future__ import annotations

import re
from pathlib import PurePosixPath

from generator.codes import UNKNOWN_SHAPE
from generator.facts.languages import Language
from generator.model import Line, ParsedFile
from generator.parse import block_almanac, line_almanac, rulebook, summaries
from generator.read.corpus import Text


def source_id(file: str) -> str:
    """A short stable id from the file name: its leading number ("000"), else its stem."""
    stem = PurePosixPath(file).stem
    match = re.match(r"^(\d+)", stem)
    return match.group(1) if match else stem


def parse_text(text: Text, language: Language) -> ParsedFile:
    lines = [Line(raw, number) for number, raw in enumerate(text.lines, 1) if raw.strip()]
    if not lines:
        return ParsedFile(file=text.file, lang=text.lang, shape="empty")
    ident = source_id(text.file)
    if rulebook.matches(lines, language):
        return rulebook.parse(lines, text.file, language, ident)
    if block_almanac.matches(lines, language):
        return block_almanac.parse(lines, text.file, language, ident)
    if line_almanac.matches(lines, language):
        return line_almanac.parse(lines, text.file, language)
    if summaries.matches(lines, language):
        return summaries.parse(lines, text.file, language, ident)
    return ParsedFile(file=text.file, lang=text.lang, shape="unknown", diagnostics=tuple(
        UNKNOWN_SHAPE.at(text.file, line.line, line.text)
        for line in lines))
