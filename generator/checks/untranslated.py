"""Words of another of the project's languages inside a field: Korean in English text, Latin
words in Korean text."""
from __future__ import annotations

import re

from generator.checks import check
from generator.checks.fields import entries, field_lines
from generator.codes import OTHER_LETTERS
from generator.model import UNTRANSLATED, Corpus
from generator.parse.vocabulary import letter_system

_WORD = re.compile(r"[^\W\d_][^\W\d_'’-]*")


@check(OTHER_LETTERS)
def other_letters(corpus: Corpus):
    known = {word.lower() for term in corpus.glossary.terms for name in term.names.values()
             for word in _WORD.findall(name)}
    known |= {word.lower() for term in corpus.glossary.terms for token in term.reminders
              for label in token.labels.values() for word in _WORD.findall(label)}
    for language in corpus.languages.all:
        # The letters of the other almanacs' languages, less those this language writes itself.
        foreign = {system for other in corpus.languages.all if other is not language
                   and other.almanac for system in other.letters} - language.letters
        for character, entry in entries(corpus, language.code):
            term = corpus.glossary.by_id(character.game, character.id)
            for section, line in field_lines(entry):
                if entry.status[section] == UNTRANSLATED:
                    continue  # whole fields in another language: untranslated-entry says so
                if section == "flavor" and term and \
                        foreign & set(term.flavor_scripts.get(language.code, ())):
                    continue  # the official flavor itself has those letters
                words = [w for w in _WORD.findall(line.text)
                         if letter_system(w[0]) in foreign and w.lower() not in known]
                if words:
                    yield OTHER_LETTERS.at(entry.file, line.line, line.text,
                                           name=character.named(language.code), section=section,
                                           words=tuple(words), language=language.code)
