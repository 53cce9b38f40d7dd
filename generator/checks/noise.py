"""Letters of scripts that have no business in the text: stray Bengali in a Korean step."""
from __future__ import annotations

from generator.checks import check
from generator.checks.fields import entries, field_lines
from generator.model import CONTROL
from generator.parse.vocabulary import writing_systems
from generator.resolve import Corpus


@check("stray-script", "warning",
       "Letters of an unexpected script (flavor spared where the official flavor has them).")
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
            stray = sorted(writing_systems(line.text) - expected)
            if stray:
                sample = "".join(ch for ch in line.text
                                 if ch.isalpha() and writing_systems(ch) & set(stray))
                yield (f"{character.name(entry.lang)} {section}: {', '.join(stray).title()} "
                       f"letters '{sample}'", entry.file, line.line, line.text)


@check("control-character", "warning",
       "Control characters (or line separators) inside a name or text: invisible, and they "
       "break lines in other tools.")
def control_character(corpus: Corpus):
    for character, entry in entries(corpus):
        if CONTROL.search(entry.raw_name):
            yield (f"name has control characters: {_shown(entry.raw_name)}", entry.file,
                   entry.line, entry.raw_name)
        for section, line in field_lines(entry):
            if CONTROL.search(line.text):
                yield (f"{character.name(entry.lang)} {section}: control characters: "
                       f"{_shown(line.text)}", entry.file, line.line, line.text)


def _shown(text: str) -> str:
    return ", ".join(sorted({f"U+{ord(c):04X}" for c in CONTROL.findall(text)}))
