"""The same character in two files of one language, with texts that differ."""
from __future__ import annotations

from generator.checks import check
from generator.model import SECTIONS
from generator.resolve import Corpus


@check("duplicate-differs", "warning",
       "A character written in two files of one language whose texts differ; both places shown.")
def duplicate_differs(corpus: Corpus):
    for character in corpus.characters:
        for lang, found in character.places.items():
            first = found[0]
            for other in found[1:]:
                for section in SECTIONS:
                    a, b = first.field_lines(section), other.field_lines(section)
                    if a and b and [x.text for x in a] != [x.text for x in b]:
                        yield (f"{character.name(lang)} {section} differs from "
                               f"{other.file}:{b[0].line}", first.file, a[0].line, a[0].text)
