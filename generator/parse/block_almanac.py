"""A script's almanac (000): title, `해설서 · AUTHOR · N개 캐릭터`, `메모` and its note, then entries."""
from __future__ import annotations

from generator.model import Diagnostic, Line, ParsedFile, ScriptSource
from generator.parse.almanac import parse_entries
from generator.parse.vocabulary import SCRIPT_HEADER, SCRIPT_NOTE, TEAM_WORDS


def matches(lines: list[Line]) -> bool:
    return len(lines) > 1 and SCRIPT_HEADER.match(lines[1].text.strip()) is not None


def parse(lines: list[Line], file: str, lang: str, script_id: str) -> ParsedFile:
    title, header = lines[0], lines[1]
    head = SCRIPT_HEADER.match(header.text.strip())
    teams = TEAM_WORDS.get(lang, {})
    start = next((i for i, line in enumerate(lines) if i > 1 and line.text.strip() in teams),
                 len(lines))
    markers = [header]
    notes: list[Line] = []
    for line in lines[2:start]:
        if line.text.strip() == SCRIPT_NOTE and not notes:
            markers.append(line)
        else:
            notes.append(Line(line.text.strip(), line.line))
    result = parse_entries(lines[start:], file, lang)
    declared = int(head.group("count")) if head else None
    diagnostics = list(result.diagnostics)
    if declared is not None and declared != len(result.entries):
        diagnostics.append(Diagnostic(
            "warning", "script-count", file, header.line,
            f"header declares {declared} characters, the text has {len(result.entries)}"))
    script = ScriptSource(id=script_id, lang=lang, file=file,
                          title=Line(title.text.strip(), title.line),
                          author=head.group("author") if head else None,
                          declared_count=declared, notes=tuple(notes))
    return ParsedFile(file=file, lang=lang, shape="script-almanac", entries=tuple(result.entries),
                      scripts=(script,), markers=tuple(markers + result.markers),
                      diagnostics=tuple(diagnostics))
