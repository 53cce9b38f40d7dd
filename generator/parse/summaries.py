"""Summary paragraphs only (002): a title, then paragraphs that open with the quoted ability.

The character is the subject of the sentence after the quote (`요리사는 …`); resolve looks it up.
"""
from __future__ import annotations

import re

from generator.codes import UNPLACED_LINE
from generator.facts.languages import Language
from generator.model import (
    MISSING,
    PRESENT,
    SECTIONS,
    Diagnostic,
    Entry,
    Line,
    ParsedFile,
    ScriptSource,
)
from generator.parse.vocabulary import quoted


def paragraph(language: Language) -> re.Pattern[str] | None:
    """The quote, then the shortest run of words before one of the language's subject endings."""
    if not language.subject_particles:
        return None
    endings = "|".join(map(re.escape, language.subject_particles))
    return re.compile(quoted(language.quotes).pattern + r"\s*(?P<subject>\S.*?)(?:" + endings +
                      r")\s")


def matches(lines: list[Line], language: Language) -> bool:
    return len(lines) > 1 and lines[1].text.strip()[:1] in language.quotes


def parse(lines: list[Line], file: str, language: Language, script_id: str) -> ParsedFile:
    lang = language.code
    pattern = paragraph(language)
    title = lines[0]
    entries: list[Entry] = []
    diagnostics: list[Diagnostic] = []
    for line in lines[1:]:
        text = line.text.strip()
        match = pattern.match(text) if pattern else None
        if not match:
            diagnostics.append(UNPLACED_LINE.at(file, line.line, text, "unquoted"))
            continue
        status = {section: MISSING for section in SECTIONS} | {"summary": PRESENT}
        entries.append(Entry(lang=lang, file=file, line=line.line, name=match.group("subject"),
                             raw_name=match.group("subject"), summary=Line(text, line.line),
                             status=status))
    script = ScriptSource(id=script_id, lang=lang, file=file,
                          title=Line(title.text.strip(), title.line))
    return ParsedFile(file=file, lang=lang, shape="summaries", entries=tuple(entries),
                      scripts=(script,), diagnostics=tuple(diagnostics))
