"""A gettext PO of what one language still lacks, for Poedit or Weblate: one message per
missing, unwritten or untranslated section, the other language's text as its msgid, with the
official terms its text uses in translator comments. `almanac import-po` brings it back."""
from __future__ import annotations

from collections.abc import Iterator
from difflib import get_close_matches
from importlib.metadata import version
from typing import BinaryIO

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog

from generator.cards import with_roster
from generator.errors import AlmanacError
from generator.facts.official import OfficialTexts
from generator.model import SECTIONS, Corpus
from generator.read.po import PoFile, PoMessage
from generator.translation.comments import Address, message_comments
from generator.translation.lacking import (
    Lacking,
    lacking,
    lacking_roles,
    lacking_titles,
    revision,
    store_message,
)
from generator.translation.po_text import po_text

# Babel guesses these from a '%' or '{' in the text; the texts are prose, not format strings,
# and with the flags `msgfmt -c` rejects a faithful translation.
_FORMAT_FLAGS = frozenset({"python-format", "python-brace-format"})
# No dates (the file stays byte-identical for the same corpus) and no placeholder people.
_OMITTED_HEADERS = frozenset({"Report-Msgid-Bugs-To", "POT-Creation-Date", "PO-Revision-Date",
                              "Last-Translator"})
# The sections the official card has: with --official, a section its card gives in lang is no
# message (lacking.covered), and the card of another language (English) is a comment beside a
# lacking one, never its msgstr: an official text is never copied into the store.
_CARD = {"ability": OfficialTexts.ability, "flavor": OfficialTexts.flavor}


class _Catalog(Catalog):
    """A catalog whose header leaves out what the export cannot know, and names its language
    even where Babel does not know it (import-po reads the language from there)."""

    code = ""

    @property
    def mime_headers(self) -> list[tuple[str, str]]:
        headers = [(name, value) for name, value in super().mime_headers
                   if name not in _OMITTED_HEADERS]
        if not any(name == "Language" for name, _ in headers):
            headers.insert(3, ("Language", self.code))
        return headers


def _wanted(corpus: Corpus, lang: str, official: OfficialTexts | None,
            characters: set[str] | None, sections: set[str] | None) -> Iterator[Lacking]:
    for item in lacking(corpus, lang, official):
        if (characters is None or item.character.id in characters) and \
                (sections is None or item.section in sections):
            yield item


def lacking_catalog(corpus: Corpus, lang: str, official: OfficialTexts | None = None,
                    characters: set[str] | None = None,
                    sections: set[str] | None = None, address: Address | None = None) -> Catalog:
    try:
        locale: Locale | None = Locale.parse(lang)
    except (ValueError, UnknownLocaleError):
        locale = None  # a language Babel does not know: named as languages.yaml names it
    language = locale.english_name if locale else corpus.languages[lang].name
    if sections is not None and sections - set(SECTIONS):
        raise AlmanacError(f"no section {', '.join(sorted(sections - set(SECTIONS)))}; "
                           f"the sections are {', '.join(SECTIONS)}")
    roster = with_roster(corpus)  # --character may name any card of the data
    if characters is not None:
        known = {c.id for c in roster.characters if c.game == "botc"}
        for unknown in sorted(characters - known):
            close = get_close_matches(unknown, sorted(known), n=3)
            raise AlmanacError(f"no character '{unknown}' in the corpus" +
                               (" nor the official data" if official else "") +
                               (f"; did you mean {', '.join(close)}?" if close else
                                " (ids as in the records: noble, fortuneteller …)"))
    catalog = _Catalog(locale=locale, project="almanac", version=version("almanac"),
                       language_team=f"{language} <{lang}>", fuzzy=False,
                       header_comment=f"# Sections the almanac still lacks in {language}, each "
                                      "with the other language's text as its msgid.\n# "
                                      "`almanac import-po FILE` brings the translations back "
                                      f"into content/{lang}/translations.po.\n#")
    catalog.code = lang
    for item in _wanted(corpus, lang, official, characters, sections):
        character, section = item.character, item.section
        state = item.state if lang in character.entries else f"no {lang} entry"
        comments = message_comments(corpus, item, lang, address)
        comments[0] += f": {state}"
        stored = store_message(corpus, lang, character.id, section)
        translation = stored.string if stored else ""
        # What the store held when this file was made: import-po finds a conflict by it.
        comments.append(f"store: {revision(translation)}")
        card = _CARD[section](official, character.id, lang) \
            if official and section in _CARD else None
        if card is not None:  # another language's card (lang's own covers the section)
            comments += [f"card ({card.lang}): {line}" for line in card.text.splitlines()]
        message = catalog.add(
            item.text, string=translation,
            locations=[(item.source.section_file(item.section), item.lines[0].line)],
            context=item.context,
            auto_comments=comments, flags=("fuzzy",) if translation else (),
            previous_id=stored.previous_id if stored and stored.previous_id else ())
        message.flags -= _FORMAT_FLAGS
    if characters is None and sections is None:
        _add_roles(catalog, corpus, lang)
    return catalog


def _add_roles(catalog: Catalog, corpus: Corpus, lang: str) -> None:
    """One Night roles, whose rulebook is in another language, and the titles of scripts in
    another language: offered to the translator."""
    for role in (*lacking_roles(corpus, lang), *lacking_titles(corpus, lang)):
        stored = store_message(corpus, lang, *role.context.split("/", 1))
        catalog.add(role.text, string=stored.string if stored else "",
                    locations=[role.location], context=role.context,
                    flags=("fuzzy",) if stored and stored.string else (),
                    auto_comments=[role.comment, "store: " + revision(
                        stored.string if stored else "")]).flags -= _FORMAT_FLAGS


def write_lacking(corpus: Corpus, lang: str, out: BinaryIO, official: OfficialTexts | None = None,
                  characters: set[str] | None = None, sections: set[str] | None = None,
                  address: Address | None = None) -> int:
    """The PO as gettext writes it, strings wrapped as msgcat wraps them and comments whole:
    Babel wraps comments at 76 columns even with width 0, splitting a term hint in two."""
    catalog = lacking_catalog(corpus, lang, official, characters, sections, address)
    header = [line.removeprefix("#").removeprefix(" ")
              for line in catalog.header_comment.splitlines()]
    messages = tuple(
        PoMessage(m.context, str(m.id), str(m.string), 0, 0, flags=tuple(sorted(m.flags)),
                  previous_id=m.previous_id[0] if m.previous_id else None,
                  previous_context=m.context if m.previous_id else None,
                  auto_comments=tuple(m.auto_comments),
                  locations=tuple(f"{file}:{line}" for file, line in m.locations))
        for m in catalog if m.id)
    headers = {name: value.strip() for name, value in catalog.mime_headers}
    out.write(po_text(PoFile("", headers, 1, messages, tuple(header)))
              .encode("utf-8"))
    return len(catalog)
