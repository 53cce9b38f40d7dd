"""Letters of scripts that have no business in the text: stray Bengali in a Korean step."""
from __future__ import annotations

from generator.checks import check
from generator.checks.fields import entries, field_lines
from generator.codes import CONTROL_CHARACTER, STRAY_SCRIPT
from generator.model import CONTROL, Corpus
from generator.parse.vocabulary import letter_system, writing_systems


@check(STRAY_SCRIPT)
def stray_script(corpus: Corpus):
    for character, entry in entries(corpus):
        term = corpus.glossary.by_id(character.game, character.id)
        language = corpus.languages[entry.lang]
        # Its own letters and those languages.yaml allows it (Latin names, hanja); the letters
        # of the other languages are other-letters' and untranslated-entry's to report.
        allowed = language.letters | language.allowed_letters
        for section, line in field_lines(entry):
            expected = set(allowed)
            if section == "flavor" and term:
                expected |= set(term.flavor_scripts.get(entry.lang, ()))
            stray = sorted(_scripts(line.text) - expected)
            if stray:
                sample = "".join(ch for ch in line.text
                                 if ch.isalpha() and writing_systems(ch) & set(stray))
                yield STRAY_SCRIPT.at(entry.file, line.line, line.text,
                                      name=character.named(entry.lang), section=section,
                                      scripts=tuple(stray), sample=sample)


@check(CONTROL_CHARACTER)
def control_character(corpus: Corpus):
    for character, entry in entries(corpus):
        if CONTROL.search(entry.raw_name):
            yield CONTROL_CHARACTER.at(entry.file, entry.line, entry.raw_name, "name",
                                       characters=_shown(entry.raw_name))
        for section, line in field_lines(entry):
            if CONTROL.search(line.text):
                yield CONTROL_CHARACTER.at(entry.file, line.line, line.text, "field",
                                           name=character.named(entry.lang), section=section,
                                           characters=_shown(line.text))


def _scripts(text: str) -> set[str]:
    """The scripts of the letters in text, each distinct character looked up once: a line
    repeats its letters, and going through every one was most of the checks' time."""
    return {system for char in set(text) if (system := letter_system(char))}


def _shown(text: str) -> str:
    return ", ".join(sorted({f"U+{ord(c):04X}" for c in CONTROL.findall(text)}))
