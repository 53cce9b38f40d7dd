"""A gettext PO of what one language still lacks, for Poedit or Weblate: one message per
missing, unwritten or untranslated section, the other language's text as its msgid, with the
official terms its text uses in translator comments. `almanac import-po` brings it back."""
from __future__ import annotations

from collections.abc import Iterator
from difflib import get_close_matches
from importlib.metadata import version
from typing import BinaryIO

from babel import Locale, UnknownLocaleError
from babel import __version__ as babel_version
from babel.messages.plurals import get_plural

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

# The sections the official card has: with --official, a section its card gives in lang is no
# message (lacking.covered), and the card of another language (English) is a comment beside a
# lacking one, never its msgstr: an official text is never copied into the store.
_CARD = {"ability": OfficialTexts.ability, "flavor": OfficialTexts.flavor}


def _header(lang: str, locale: Locale | None, language: str) -> dict[str, str]:
    """The header as the files translators hold have it (Babel wrote it before, in this order):
    no dates nor placeholder people, and the language named even where CLDR does not know it
    (import-po reads it from there)."""
    team = f"{language} <{lang}>"
    if locale is None:
        middle = [("Language-Team", team), ("MIME-Version", "1.0"), ("Language", lang)]
    else:
        middle = [("Language", str(locale)), ("Language-Team", team),
                  ("Plural-Forms", get_plural(locale).plural_forms), ("MIME-Version", "1.0")]
    return dict([("Project-Id-Version", f"almanac {version('almanac')}"), *middle,
                 ("Content-Type", "text/plain; charset=utf-8"),
                 ("Content-Transfer-Encoding", "8bit"), ("Generated-By", f"Babel {babel_version}")])


def _wanted(corpus: Corpus, lang: str, characters: set[str] | None,
            sections: set[str] | None) -> Iterator[Lacking]:
    for item in lacking(corpus, lang, corpus.official):
        if (characters is None or item.character.id in characters) and \
                (sections is None or item.section in sections):
            yield item


def _known_characters(corpus: Corpus, characters: set[str] | None) -> None:
    """Every --character a card of the corpus or the data, else one line naming the nearest."""
    if characters is None:
        return
    roster = with_roster(corpus)  # --character may name any card of the data
    known = {c.id for c in roster.characters if c.game == "botc"}
    for unknown in sorted(characters - known):
        close = get_close_matches(unknown, sorted(known), n=3)
        raise AlmanacError(f"no character '{unknown}' in the corpus" +
                           (" nor the official data" if corpus.official else "") +
                           (f"; did you mean {', '.join(close)}?" if close else
                            " (ids as in the records: noble, fortuneteller …)"))


def _message(text: str, string: str, location: str, context: str,
             comments: list[str], previous_id: str | None = None) -> PoMessage:
    """A message of the export: a translation the store holds is offered as a draft (fuzzy);
    each comment once, in its first place."""
    return PoMessage(context, text, string, 0, 0, flags=("fuzzy",) if string else (),
                     previous_id=previous_id or None,
                     previous_context=context if previous_id else None,
                     auto_comments=tuple(dict.fromkeys(comments)), locations=(location,))


def _section_message(corpus: Corpus, lang: str, item: Lacking,
                     address: Address | None) -> PoMessage:
    official = corpus.official
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
    return _message(item.text, translation, item.location, item.context, comments,
                    stored.previous_id if stored else None)


def _role_messages(corpus: Corpus, lang: str) -> Iterator[PoMessage]:
    """One Night roles, whose rulebook is in another language, and the titles of scripts in
    another language: offered to the translator."""
    for role in (*lacking_roles(corpus, lang), *lacking_titles(corpus, lang)):
        stored = store_message(corpus, lang, *role.context.split("/", 1))
        translation = stored.string if stored else ""
        yield _message(role.text, translation, f"{role.location[0]}:{role.location[1]}",
                       role.context, [role.comment, "store: " + revision(translation)])


def lacking_po(corpus: Corpus, lang: str, characters: set[str] | None = None,
               sections: set[str] | None = None,
               address: Address | None = None) -> PoFile:
    """The PO of what lang lacks (characters, sections: only those)."""
    try:
        locale: Locale | None = Locale.parse(lang)
    except (ValueError, UnknownLocaleError):
        locale = None  # a language Babel does not know: named as languages.yaml names it
    language = str(locale.english_name) if locale else corpus.languages[lang].name
    if sections is not None and sections - set(SECTIONS):
        raise AlmanacError(f"no section {', '.join(sorted(sections - set(SECTIONS)))}; "
                           f"the sections are {', '.join(SECTIONS)}")
    _known_characters(corpus, characters)
    messages = [_section_message(corpus, lang, item, address)
                for item in _wanted(corpus, lang, characters, sections)]
    if characters is None and sections is None:
        messages += _role_messages(corpus, lang)
    comments = (f"Sections the almanac still lacks in {language}, each with the other "
                "language's text as its msgid.",
                "`almanac import-po FILE` brings the translations back into "
                f"content/{lang}/translations.po.", "")
    return PoFile("", _header(lang, locale, language), 1, tuple(messages), comments)


def write_lacking(corpus: Corpus, lang: str, out: BinaryIO, characters: set[str] | None = None,
                  sections: set[str] | None = None,
                  address: Address | None = None) -> int:
    """The PO as gettext writes it, strings wrapped as msgcat wraps them and comments whole;
    returns how many messages it holds; the official data joined to the corpus leave out
    what their cards give (see _CARD)."""
    po = lacking_po(corpus, lang, characters, sections, address)
    out.write(po_text(po).encode("utf-8"))
    return len(po.messages)
