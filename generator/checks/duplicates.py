"""The same character in two files of one language, with texts that differ."""
from __future__ import annotations

from generator.checks import check
from generator.codes import DUPLICATE_DIFFERS
from generator.model import SECTIONS, Corpus


@check(DUPLICATE_DIFFERS)
def duplicate_differs(corpus: Corpus):
    for character in corpus.characters:
        for lang, found in character.places.items():
            first = found[0]
            for other in found[1:]:
                for section in SECTIONS:
                    a, b = first.field_lines(section), other.field_lines(section)
                    # A translation superseding untranslated text differs by design.
                    if a and b and first.status[section] == other.status[section] and \
                            [x.text for x in a] != [x.text for x in b]:
                        yield DUPLICATE_DIFFERS.at(first.file, a[0].line, a[0].text,
                                                   name=character.named(lang), section=section,
                                                   place=f"{other.file}:{b[0].line}")
