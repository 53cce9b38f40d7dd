"""Translated sections written as almanac text in the line shape (one field a line, steps and
notes as `- ` bullets, like content/en/004 and content/ko/001), and read back by its parser."""
from __future__ import annotations

from dataclasses import dataclass, field

from generator.errors import AlmanacError
from generator.facts.languages import Language
from generator.model import PRESENT, SECTIONS, UNTRANSLATED, Entry
from generator.parse import parse_text
from generator.parse.vocabulary import BULLET
from generator.read.corpus import Text

LISTS = ("how_to_run", "examples")  # the sections of several lines


@dataclass(frozen=True)
class Translated:
    """One character's translated sections in one language: section → its lines."""

    id: str
    team: str
    name: str  # the heading: the character's name in the language
    sections: dict[str, tuple[str, ...]] = field(hash=False)


def _team_heading(language: Language, team: str) -> str:
    heading = next((word for word, ident in language.teams.items() if ident == team), None)
    if heading is None:
        raise AlmanacError(f"content/languages.yaml gives {language.code} no heading for the "
                           f"team '{team}'; the translations cannot be written")
    return heading


def entry_lines(entry: Translated, language: Language) -> list[str]:
    """The entry as the line shape writes it: team, name, the one-line sections in their
    order, then each list under its header."""
    sections = entry.sections
    lines = [_team_heading(language, entry.team), entry.name]
    lines += [sections[s][0] for s in ("ability", "flavor", "summary") if s in sections]
    for section, header in (("how_to_run", language.how_to_run),
                            ("examples", language.examples)):
        if section in sections:
            if header is None:
                raise AlmanacError(f"content/languages.yaml gives {language.code} no heading "
                                   f"for {section}; the translations cannot be written")
            lines += [header, *(BULLET + step for step in sections[section])]
    return lines


def file_text(entries: list[Translated], language: Language) -> str:
    return "".join(line + "\n" for entry in entries for line in entry_lines(entry, language))


def read_back(entry: Translated, language: Language, file: str) -> Entry | None:
    """The entry as the parser reads the text written for it (None: not as one entry)."""
    text = Text(file, language.code, tuple(entry_lines(entry, language)))
    parsed = parse_text(text, language)
    if parsed.diagnostics or len(parsed.entries) != 1:
        return None
    return parsed.entries[0]


def misread(entry: Translated, language: Language, file: str) -> dict[str, str]:
    """The sections that would not come back as written and present: section → why, either
    `other-language` (its letters are mostly another language's: read as untranslated) or
    `misread` (read as another section, or not read)."""
    back = read_back(entry, language, file)
    if back is None:
        return dict.fromkeys(entry.sections, "misread")
    return {s: "other-language" if back.status[s] == UNTRANSLATED else "misread"
            for s in entry.sections
            if back.status[s] != PRESENT or
            tuple(line.text for line in back.field_lines(s)) != entry.sections[s]}


def translated_of(entry: Entry, ident: str, team: str) -> Translated:
    """An entry of the translations file as it stands, its present sections only."""
    return Translated(ident, team, entry.name,
                      {s: tuple(line.text for line in entry.field_lines(s))
                       for s in SECTIONS if entry.status[s] == PRESENT})
