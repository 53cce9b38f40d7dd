"""Text in the wrong script for its field's language."""
from __future__ import annotations

import re

from generator.model import UNTRANSLATED
from generator.parse.vocabulary import hangul_count
from generator.resolve import Corpus
from generator.checks import check
from generator.checks.fields import entries, field_lines

_LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")


@check("hangul-in-english", "warning", "Korean letters inside an English field.")
def hangul_in_english(corpus: Corpus):
    for character, entry in entries(corpus, "en"):
        for section, line in field_lines(entry):
            # Whole fields in Korean are reported once per entry as untranslated-entry.
            if hangul_count(line.text) and entry.status[section] != UNTRANSLATED:
                yield (f"{character.name('en')} {section}: Korean letters in English text",
                       entry.file, line.line, line.text)


@check("latin-in-korean", "warning",
       "Latin words inside a Korean field that are neither character names nor tokens.")
def latin_in_korean(corpus: Corpus):
    known = {word.lower() for term in corpus.glossary.terms for name in term.names.values()
             for word in _LATIN_WORD.findall(name)}
    known |= {word.lower() for term in corpus.glossary.terms for token in term.reminders
              for word in _LATIN_WORD.findall(token.en)}
    for character, entry in entries(corpus, "ko"):
        for section, line in field_lines(entry):
            words = [w for w in _LATIN_WORD.findall(line.text) if w.lower() not in known]
            term = corpus.glossary.by_id(character.game, character.id)
            if section == "flavor" and term and "LATIN" in term.flavor_scripts.get("ko", ()):
                continue  # the official flavor itself has Latin letters
            if words and entry.status[section] != UNTRANSLATED:
                yield (f"{character.name('ko')} {section}: Latin words {', '.join(words)} in "
                       f"Korean text", entry.file, line.line, line.text)
