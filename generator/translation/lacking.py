"""What one language still lacks, section by section, and the text a translator works from:
the one the store and export-po hold as msgid, and import-po checks a translation against."""
from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass

from generator.facts.official import OfficialTexts
from generator.model import PRESENT, SECTIONS, UNTRANSLATED, Character, Corpus, Entry, Line
from generator.read.corpus import store_file
from generator.read.po import PoMessage
from generator.resolve import shown_translation, store_sections
from generator.translatable import REVIEWED
from generator.translation.onuw_texts import book_texts

STALE, DRAFT = "stale", "draft"  # a translation made from an earlier text; one marked fuzzy
OFFICIAL = "official"  # a section the official card gives in the language (covered)
CARD_SECTIONS = ("ability", "flavor")  # the almanac's sections an official card has
# One Night's translatable texts, counted as one section (translation/onuw_texts.py).
ROLE_DESCRIPTION = "description"
# A script's title, in another language than its script's (script/<id>/title).
SCRIPT_TITLE = "title"


def is_reviewed(message: PoMessage) -> bool:
    """Whether a store message is a translation (no draft) marked reviewed."""
    return not message.fuzzy and bool(message.string.strip()) and \
        any(comment.strip() == REVIEWED for comment in message.comments)


def same_text(msgid: str, source: str) -> bool:
    """Whether a msgid is the source text, its spacing aside (an editor's or a hand's edit of
    the store's msgid changes no word the translation was made from)."""
    return msgid == source or msgid.split() == source.split()


def is_translation(file: str) -> bool:
    """Whether an entry's file is a translation store (content/<lang>/translations.po)."""
    lang = file.split("/")[1] if file.count("/") == 2 else ""
    return file == store_file(lang)


@dataclass(frozen=True)
class Lacking:
    character: Character
    section: str
    state: str  # missing, placeholder, untranslated; or stale, draft: the store's translation
    source: Entry  # the entry whose text the translator works from
    lines: tuple[Line, ...]

    @property
    def context(self) -> str:
        """The PO message's context, naming character and section."""
        return f"{self.character.id}/{self.section}"

    @property
    def text(self) -> str:
        return "\n".join(line.text for line in self.lines)

    @property
    def location(self) -> str:
        """The source's file and line, as a PO's `#:` names it."""
        return f"{self.source.section_file(self.section)}:{self.lines[0].line}"


def original_of(corpus: Corpus, character: Character, lang: str, section: str) -> Entry | None:
    """The text a section's translations into lang come from at the root: the language's own
    text where it is still in another language, else the first other language's (along the
    fallbacks) that has it written. Translations, in any language's store, do not count."""
    for entry in character.places.get(lang, ()):
        if entry.status[section] == UNTRANSLATED and not is_translation(entry.file):
            return entry
    others = (character.entries[c] for c in corpus.languages.others(lang)
              if c in character.entries)
    return next((e for e in others if e.status[section] == PRESENT and
                 not is_translation(e.section_file(section))), None)


def source_of(corpus: Corpus, character: Character, lang: str, section: str) -> Entry | None:
    """The entry whose text a translation of the section into lang is made from: the language's
    own text still in another language; else the first of its pivots (languages.yaml's
    `pivot`, then its fallbacks) that has the section, written or translated by its team from
    the original of today (a Japanese team reads English where the English team translated a
    Korean summary); else the original. A translation of lang's own text is never its source."""
    original = original_of(corpus, character, lang, section)
    if original is not None and original.lang == lang:
        return original
    for code in corpus.languages.pivots(lang):
        entry = character.entries.get(code)
        if entry is None or entry.status[section] != PRESENT:
            continue
        if not is_translation(entry.section_file(section)):
            return entry
        root = original_of(corpus, character, code, section)
        # A root still in another language than its file's (Korean in an English file) may be
        # lang's own text: its translation is no source for lang.
        if root is not None and root.lang != lang and root.status[section] != UNTRANSLATED and \
                _translated_from(corpus, code, character.id, section, root):
            return entry
    return original


def _translated_from(corpus: Corpus, lang: str, ident: str, section: str, root: Entry) -> bool:
    """Whether lang's store holds the section translated from root's text of today, no draft."""
    store = corpus.stores.get(lang)
    message = store_sections(store).get((ident, section)) if store else None
    return message is not None and not message.fuzzy and same_text(
        message.id, "\n".join(line.text for line in root.field_lines(section)))


def pivot_original(corpus: Corpus, item: Lacking, lang: str) -> Entry | None:
    """The original a pivot translation (the item's source) was made from; None where the
    source is an original itself."""
    if not is_translation(item.source.section_file(item.section)):
        return None
    return original_of(corpus, item.character, item.source.lang, item.section)


def source_text(corpus: Corpus, character: Character, lang: str, section: str) -> str | None:
    """The text a translation of the section into lang is made from, as a PO msgid holds it."""
    source = source_of(corpus, character, lang, section)
    return "\n".join(line.text for line in source.field_lines(section)) if source else None


def written_state(character: Character, lang: str, section: str) -> str:
    """The section's best status among the language's corpus files (its store left out)."""
    order = ("missing", "placeholder", UNTRANSLATED, PRESENT)
    states = [e.status[section] for e in character.places.get(lang, ())
              if not is_translation(e.file)]
    return max(states, key=order.index, default="missing")


def covered(official: OfficialTexts | None, ident: str, lang: str, section: str) -> bool:
    """Whether the official card gives the section in lang itself (or in one it builds on,
    de-CH on de): its ability, its flavor where it has one. The one definition the report,
    export-po, update-po, import-po and check share: such a section is official, not missing,
    never asked of a translator (the page shows the card)."""
    if official is None or section not in CARD_SECTIONS:
        return False
    card = official.ability(ident, lang) if section == "ability" else official.flavor(ident, lang)
    return card is not None and card.lang == lang


def translatable(corpus: Corpus, lang: str, official: OfficialTexts | None = None
                 ) -> Iterator[Lacking]:
    """Every BotC section lang does not write itself and another language has, in corpus
    order, with its source text: what the store holds a message for. With the official data,
    not the sections its card gives in lang (covered)."""
    for character in corpus.characters:
        if character.game != "botc":
            continue
        for section in SECTIONS:
            state = written_state(character, lang, section)
            if state == PRESENT or covered(official, character.id, lang, section):
                continue
            source = source_of(corpus, character, lang, section)
            if source is not None:
                yield Lacking(character, section, state, source, source.field_lines(section))


@dataclass(frozen=True)
class RoleText:
    """A text beside the characters' sections, for a translator: a One Night text in the
    rulebook's language (translation/onuw_texts), or a script's title in its own
    (script/<id>/title)."""

    context: str
    text: str
    location: tuple[str, int]
    comment: str
    page: str  # the page under a language's folder that shows it


def role_texts(corpus: Corpus, lang: str) -> Iterator[RoleText]:
    """One Night's texts (title, roles' descriptions, teams, narration, notes, the script, the
    role sets' names), where the rulebook is in another language than lang."""
    book = next((book for book in corpus.rulebooks if book.lang != lang), None)
    if book is None:
        return
    names = {c.id: c.name(book.lang) for c in corpus.characters if c.game == "onuw"}
    for text in book_texts(book, names):
        yield RoleText(text.context, text.text, (book.file, text.line), text.comment, text.page)


def script_titles(corpus: Corpus, lang: str) -> Iterator[RoleText]:
    """The titles of the corpus's scripts in another language than lang, but those of official
    editions (the glossary has their titles in every language it knows)."""
    for script in corpus.scripts:
        if script.lang != lang and corpus.glossary.title(script.title, lang) == script.title:
            yield RoleText(f"script/{script.id}/{SCRIPT_TITLE}", script.title,
                           (script.file, script.line),
                           f"{script.title} · script title", f"scripts/{script.id}/")


def title_translation(corpus: Corpus, lang: str, ident: str, title: str) -> PoMessage | None:
    """The store's translation of a script's title into lang that its page shows: made from
    its title of today."""
    return _translation(corpus, lang, f"script/{ident}/{SCRIPT_TITLE}", title)


def other_texts(corpus: Corpus, lang: str) -> Iterator[RoleText]:
    """Every text beside the characters' sections that the store of lang holds: One Night's
    role descriptions, then the scripts' titles."""
    yield from role_texts(corpus, lang)
    yield from script_titles(corpus, lang)


def lacking_titles(corpus: Corpus, lang: str) -> Iterator[RoleText]:
    """The scripts' titles lang lacks: none translated from the title of today."""
    for title in script_titles(corpus, lang):
        if title_translation(corpus, lang, title.context.split("/")[1], title.text) is None:
            yield title


def lacking_roles(corpus: Corpus, lang: str) -> Iterator[RoleText]:
    """The One Night texts lang lacks: none translated from the text of today."""
    for role in role_texts(corpus, lang):
        if role_translation(corpus, lang, role.context, role.text) is None:
            yield role


def revision(translation: str) -> str:
    """A short fingerprint of a store translation, which export-po writes beside each message
    so that import-po knows whether the store changed since (a conflict) or not."""
    return hashlib.sha256(translation.encode("utf-8")).hexdigest()[:12]


def store_message(corpus: Corpus, lang: str, ident: str, section: str) -> PoMessage | None:
    """The store's message for a section (or `onuw`, `id/description`), translated or not (the
    first where it stands twice)."""
    store = corpus.stores.get(lang)
    context = f"{ident}/{section}"
    return next((m for m in store.messages if m.context == context and not m.obsolete),
                None) if store else None


def role_translation(corpus: Corpus, lang: str, context: str, text: str) -> PoMessage | None:
    """The store's translation of a One Night text into lang that the pages show: made from its
    text today (a description's lines joined by \\n), under its msgctxt (`onuw/…`)."""
    return _translation(corpus, lang, context, text)


def _translation(corpus: Corpus, lang: str, context: str, text: str) -> PoMessage | None:
    """The store's translation of a context into lang that the pages show: made from text,
    not a draft."""
    store = corpus.stores.get(lang)
    return next((m for m in store.messages if m.context == context and same_text(m.id, text) and
                 shown_translation(m) and not m.fuzzy), None) if store else None


def is_stale(corpus: Corpus, character: Character, lang: str, section: str) -> bool:
    """Whether the page shows a translation of the store made from an earlier source text."""
    entry = character.entries.get(lang)
    if entry is None or not is_translation(entry.section_file(section)):
        return False
    store = corpus.stores.get(lang)
    message = store_sections(store).get((character.id, section)) if store else None
    return message is not None and (message.fuzzy or
                                    not same_text(message.id, source_text(
                                        corpus, character, lang, section) or ""))


def lacking(corpus: Corpus, lang: str, official: OfficialTexts | None = None
            ) -> Iterator[Lacking]:
    """Every section translatable into lang that its store does not hold translated from the
    current source: missing, unwritten, untranslated, a draft or stale (covered ones aside)."""
    for item in translatable(corpus, lang, official):
        character, section = item.character, item.section
        entry = character.entries.get(lang)
        if entry and entry.status[section] == PRESENT and \
                is_translation(entry.section_file(section)):
            if not is_stale(corpus, character, lang, section):
                continue
            yield Lacking(character, section, STALE, item.source, item.lines)
            continue
        message = store_message(corpus, lang, character.id, section)
        if message is not None and message.fuzzy and message.string.strip():
            yield Lacking(character, section, DRAFT, item.source, item.lines)
        else:
            yield item


def to_translate(corpus: Corpus, lang: str, official: OfficialTexts | None = None) -> int:
    """How many texts lang lacks: its sections (lacking), One Night's texts and the scripts'
    titles. The one count `check`, the report's progress and a whole `export-po` give."""
    return sum(1 for _ in lacking(corpus, lang, official)) + \
        sum(1 for _ in lacking_roles(corpus, lang)) + sum(1 for _ in lacking_titles(corpus, lang))
