"""Coverage: which sections each character has in each language (the report's matrix),
and findings for entries not written or not translated."""
from __future__ import annotations

from generator.checks import check
from generator.checks.fields import entries
from generator.codes import BORROWED_NAME, MISSING_TRANSLATION, UNTRANSLATED_ENTRY, UNWRITTEN
from generator.facts.official import OfficialTexts
from generator.model import (
    MISSING,
    PLACEHOLDER,
    PRESENT,
    SECTIONS,
    UNTRANSLATED,
    Character,
    Corpus,
    Entry,
)
from generator.translation.lacking import covered, lacking

GLOSSARY_FILE = "content/glossary.yaml"


def matrix(corpus: Corpus) -> dict[tuple[str, str], dict[str, dict[str, str]]]:
    """(game, id) → language → section → status; a language with no entry is all missing."""
    return {(c.game, c.id): {lang: dict(c.entries[lang].status) if lang in c.entries
                             else {s: MISSING for s in SECTIONS}
                             for lang in corpus.languages.codes}
            for c in corpus.characters if c.game == "botc"}


def _superseded(character: Character, entry: Entry, section: str) -> bool:
    """A translation in another file stands in for the section (`superseded` says so)."""
    return character.entries[entry.lang].status[section] == PRESENT


def _official(official: OfficialTexts | None, character: Character, entry: Entry,
              section: str) -> bool:
    """The official card gives the section in the entry's language: it is official, as the
    report counts it (lacking.covered), not a text of the almanac's to write."""
    return covered(official, character.id, entry.lang, section)


@check(UNWRITTEN, official=True)
def unwritten(corpus: Corpus, official: OfficialTexts | None):
    for character, entry in entries(corpus):
        lacking = [s for s in SECTIONS if entry.status[s] == PLACEHOLDER and
                   not _superseded(character, entry, s) and
                   not _official(official, character, entry, s)]
        if lacking:
            yield UNWRITTEN.at(entry.file, entry.line, entry.raw_name,
                               name=character.named(entry.lang, entry.name),
                               sections=tuple(lacking))


@check(UNTRANSLATED_ENTRY, official=True)
def untranslated_entry(corpus: Corpus, official: OfficialTexts | None):
    for character, entry in entries(corpus):
        foreign = [s for s in SECTIONS if entry.status[s] == UNTRANSLATED and
                   not _superseded(character, entry, s) and
                   not _official(official, character, entry, s)]
        if foreign:
            first = entry.field_lines(foreign[0])[0]
            yield UNTRANSLATED_ENTRY.at(entry.file, first.line, first.text,
                                        name=character.named(entry.lang), sections=tuple(foreign),
                                        language=entry.lang)


@check(BORROWED_NAME)
def borrowed_name(corpus: Corpus):
    for language in corpus.languages.all:
        borrowed = sorted(c.id for c in corpus.characters
                          if (term := corpus.glossary.by_id(c.game, c.id)) and
                          language.code in term.borrowed)
        if borrowed:
            shown = ", ".join(borrowed[:8]) + (", …" if len(borrowed) > 8 else "")
            yield BORROWED_NAME.at(GLOSSARY_FILE, 1, language=language.code,
                                   count=len(borrowed),
                                   chain=corpus.languages.others(language.code), ids=shown)


@check(MISSING_TRANSLATION, official=True)
def missing_translation(corpus: Corpus, official: OfficialTexts | None):
    """Each character with sections a language lacks, counted as the report and export-po count
    them (translation/lacking.py; a section the official card gives in the language is not
    lacking): one finding a character, naming its sections, so that a translated section does
    not hide the others."""
    for lang in corpus.languages.codes:
        by_character: dict[str, list[str]] = {}
        for item in lacking(corpus, lang, official):
            by_character.setdefault(item.character.id, []).append(item.section)
        for character in corpus.characters:
            sections = by_character.get(character.id)
            written = [code for code in corpus.languages.codes if code in character.entries]
            if not sections or not written:
                continue
            entry = character.entries[written[0]]  # reported at the first entry
            # Named in both languages: a reader of either knows it by one of them.
            name = character.named(entry.lang, also=lang)
            if lang in character.entries:
                yield MISSING_TRANSLATION.at(entry.file, entry.line, entry.raw_name, "sections",
                                             name=name, sections=tuple(sections), language=lang)
            else:
                yield MISSING_TRANSLATION.at(entry.file, entry.line, entry.raw_name,
                                             name=name, language=lang)
