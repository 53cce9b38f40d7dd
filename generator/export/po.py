"""A gettext PO of what one language still lacks, for Poedit or Weblate: one message per
missing, unwritten or untranslated section, the other language's text as its msgid."""
from __future__ import annotations

from importlib.metadata import version
from typing import BinaryIO

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from generator.model import PRESENT, SECTIONS, UNTRANSLATED
from generator.resolve import Corpus

# Babel guesses these from a '%' or '{' in the text; the texts are prose, not format strings,
# and with the flags `msgfmt -c` rejects a faithful translation.
_FORMAT_FLAGS = frozenset({"python-format", "python-brace-format"})
# No dates (the file stays byte-identical for the same corpus) and no placeholder people.
_OMITTED_HEADERS = frozenset({"Report-Msgid-Bugs-To", "POT-Creation-Date", "PO-Revision-Date",
                              "Last-Translator"})


class _Catalog(Catalog):
    """A catalog whose header leaves out what the export cannot know."""

    @property
    def mime_headers(self) -> list[tuple[str, str]]:
        return [(name, value) for name, value in super().mime_headers
                if name not in _OMITTED_HEADERS]


def lacking_catalog(corpus: Corpus, lang: str) -> Catalog:
    try:
        locale: Locale | None = Locale.parse(lang)
    except (ValueError, UnknownLocaleError):
        locale = None  # a language Babel does not know: named as languages.yaml names it
    language = locale.english_name if locale else corpus.languages[lang].name
    catalog = _Catalog(locale=locale, project="almanac", version=version("almanac"),
                       language_team=language, fuzzy=False,
                       header_comment=f"# Sections the almanac still lacks in {language}, each "
                                      "with the other language's text as its msgid.\n#")
    for character in corpus.characters:
        if character.game != "botc":
            continue
        own = character.entries.get(lang)
        others = [character.entries[c] for c in corpus.languages.others(lang)
                  if c in character.entries]
        for section in SECTIONS:
            state = own.status[section] if own else None
            if state == PRESENT:
                continue
            # Text still in another language where it stands; else the first other language's
            # entry that has it, along the language's fallbacks.
            source = own if state == UNTRANSLATED else \
                next((e for e in others if e.status[section] == PRESENT), None)
            if source is None:
                continue
            lines = source.field_lines(section)
            message = catalog.add(
                "\n".join(line.text for line in lines), string="",
                locations=[(source.file, lines[0].line)], context=f"{character.id}/{section}",
                auto_comments=[" · ".join(character.name(c) for c in corpus.languages.codes) +
                               f" · {section}: {state or 'no ' + lang + ' entry'}"])
            message.flags -= _FORMAT_FLAGS
    return catalog


def write_lacking(corpus: Corpus, lang: str, out: BinaryIO) -> int:
    catalog = lacking_catalog(corpus, lang)
    write_po(out, catalog, width=0, sort_output=False)
    return len(catalog)
