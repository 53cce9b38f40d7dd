"""Walking the corpus text: every entry as found, and every field line of it."""
from __future__ import annotations

from collections.abc import Iterator

from generator.model import SECTIONS, Character, Corpus, Entry, Line


def entries(corpus: Corpus, lang: str | None = None) -> Iterator[tuple[Character, Entry]]:
    for character in corpus.characters:
        for entry_lang, found in character.places.items():
            if lang is None or entry_lang == lang:
                for entry in found:
                    yield character, entry


def field_lines(entry: Entry, sections=SECTIONS) -> Iterator[tuple[str, Line]]:
    for section in sections:
        for line in entry.field_lines(section):
            yield section, line
