"""The language a text is written in where its letters tell, for the `lang` marks of text no
record gives a language to (a title from a script file, a name quoted in a finding, a line in
another language's folder)."""
from __future__ import annotations

from generator.facts.languages import Languages
from generator.parse.vocabulary import letter_system


def written_in(languages: Languages, text: str) -> str | None:
    """The one almanac language whose own letters write every letter of the text; None for a text
    without letters, or one that no language, or more than one, writes alone."""
    # The scripts of its distinct characters: no count needed (asked of every line shown).
    systems = set(map(letter_system, set(text)))
    systems.discard(None)
    # The almanac's languages: those of the data alone would make every Latin text ambiguous.
    found = [language.code for language in languages.all
             if language.almanac and systems and systems <= language.letters]
    return found[0] if len(found) == 1 else None


def title_in(languages: Languages, title: str, shown: str, lang: str,
             written: str | None) -> str:
    """The language of a script's title on a sheet in lang: lang where an edition's title in it
    replaced the title; else the language the script is written in, where known (a corpus
    script's); else the one its letters tell; else the sheet's."""
    if shown != title:
        return lang
    return written or written_in(languages, title) or lang
