"""What one language still lacks, section by section, and the text a translator works from:
the one export-po offers as msgid and import-po checks a translation against."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import PurePosixPath

from generator.model import PRESENT, SECTIONS, UNTRANSLATED, Entry, Line
from generator.resolve import Character, Corpus

# The file of each language's content/<lang>/ that import-po writes; never a corpus file.
TRANSLATIONS = "translations.txt"


def is_translation(file: str) -> bool:
    return PurePosixPath(file).name == TRANSLATIONS


@dataclass(frozen=True)
class Lacking:
    character: Character
    section: str
    state: str  # the section's status in the language: missing, placeholder or untranslated
    source: Entry  # the entry whose text the translator works from
    lines: tuple[Line, ...]

    @property
    def context(self) -> str:
        """The PO message's context, naming character and section."""
        return f"{self.character.id}/{self.section}"

    @property
    def text(self) -> str:
        return "\n".join(line.text for line in self.lines)


def source_of(corpus: Corpus, character: Character, lang: str, section: str) -> Entry | None:
    """The entry whose text a translation of the section into lang is made from: the language's
    own text where it is still in another language, else the first other language's (along the
    fallbacks) that has it written. Imported translations into lang do not count."""
    for entry in character.places.get(lang, ()):
        if entry.status[section] == UNTRANSLATED and not is_translation(entry.file):
            return entry
    others = (character.entries[c] for c in corpus.languages.others(lang)
              if c in character.entries)
    return next((e for e in others if e.status[section] == PRESENT), None)


def source_text(corpus: Corpus, character: Character, lang: str, section: str) -> str | None:
    """The text a translation of the section into lang is made from, as a PO msgid holds it."""
    source = source_of(corpus, character, lang, section)
    return "\n".join(line.text for line in source.field_lines(section)) if source else None


def lacking(corpus: Corpus, lang: str) -> Iterator[Lacking]:
    """Every BotC section lang has not written, in corpus order, with its source text."""
    for character in corpus.characters:
        if character.game != "botc":
            continue
        own = character.entries.get(lang)
        for section in SECTIONS:
            state = own.status[section] if own else "missing"
            if state == PRESENT:
                continue
            source = source_of(corpus, character, lang, section)
            if source is not None:
                yield Lacking(character, section, state, source, source.field_lines(section))
