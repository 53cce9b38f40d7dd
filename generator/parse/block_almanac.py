"""A script's almanac (000): title, a header line (`해설서 · AUTHOR · N개 캐릭터`), the script's
note under its heading (`메모`), then entries; the words come from content/languages.yaml."""
from __future__ import annotations

from generator.codes import SCRIPT_COUNT
from generator.facts.languages import Language
from generator.model import Line, ParsedFile, ScriptSource
from generator.parse.almanac import parse_entries


def matches(lines: list[Line], language: Language) -> bool:
    return len(lines) > 1 and language.script_header is not None and \
        language.script_header.match(lines[1].text.strip()) is not None


def parse(lines: list[Line], file: str, language: Language, script_id: str) -> ParsedFile:
    lang = language.code
    title, header = lines[0], lines[1]
    head = language.script_header.match(header.text.strip()) if language.script_header else None
    teams = language.teams
    start = next((i for i, line in enumerate(lines) if i > 1 and line.text.strip() in teams),
                 len(lines))
    markers = [header]
    notes: list[Line] = []
    for line in lines[2:start]:
        if line.text.strip() == language.script_note and not notes:
            markers.append(line)
        else:
            notes.append(Line(line.text.strip(), line.line))
    result = parse_entries(lines[start:], file, language)
    declared = int(head.group("count")) if head else None
    diagnostics = list(result.diagnostics)
    if declared is not None and declared != len(result.entries):
        diagnostics.append(SCRIPT_COUNT.at(file, header.line, declared=declared,
                                           found=len(result.entries)))
    script = ScriptSource(id=script_id, lang=lang, file=file,
                          title=Line(title.text.strip(), title.line),
                          author=head.group("author") if head else None,
                          declared_count=declared, notes=tuple(notes))
    return ParsedFile(file=file, lang=lang, shape="script-almanac", entries=tuple(result.entries),
                      scripts=(script,), markers=tuple(markers + result.markers),
                      diagnostics=tuple(diagnostics))
