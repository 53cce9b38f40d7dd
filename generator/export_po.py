"""A gettext PO of what one language still lacks, for Poedit or Weblate: one message per
missing, unwritten or untranslated section, the other language's text as its msgid."""
from __future__ import annotations

from datetime import UTC, datetime
from typing import BinaryIO

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from .model import PRESENT, SECTIONS, UNTRANSLATED
from .resolve import Corpus
from .views import OTHER

_FIXED_DATE = datetime(2000, 1, 1, tzinfo=UTC)


def lacking_catalog(corpus: Corpus, lang: str) -> Catalog:
    # A fixed date keeps the file byte-identical for the same corpus.
    catalog = Catalog(locale=lang, project="almanac", fuzzy=False, creation_date=_FIXED_DATE,
                      revision_date=_FIXED_DATE)
    for character in corpus.characters:
        if character.game != "botc":
            continue
        own, other = character.entries.get(lang), character.entries.get(OTHER[lang])
        for section in SECTIONS:
            state = own.status[section] if own else None
            if state == PRESENT:
                continue
            # Text still in the other language where it stands; else the other language's entry.
            source = own if state == UNTRANSLATED else other
            if source is None or source.status[section] not in (PRESENT, UNTRANSLATED):
                continue
            lines = source.field_lines(section)
            catalog.add("\n".join(line.text for line in lines), string="",
                        locations=[(source.file, lines[0].line)],
                        context=f"{character.id}/{section}",
                        auto_comments=[f"{character.name('en')} · {character.name('ko')} · "
                                       f"{section}: {state or 'no ' + lang + ' entry'}"])
    return catalog


def write_lacking(corpus: Corpus, lang: str, out: BinaryIO) -> int:
    catalog = lacking_catalog(corpus, lang)
    write_po(out, catalog, width=0, sort_output=False)
    return len(catalog)
