"""Coverage: which sections each character has in each language (the report's matrix),
and findings for entries not written or not translated."""
from __future__ import annotations

from generator.checks import check
from generator.checks.fields import entries
from generator.model import MISSING, PLACEHOLDER, SECTIONS, UNTRANSLATED
from generator.resolve import Corpus

GLOSSARY_FILE = "content/glossary.yaml"


def matrix(corpus: Corpus) -> dict[tuple[str, str], dict[str, dict[str, str]]]:
    """(game, id) → language → section → status; a language with no entry is all missing."""
    return {(c.game, c.id): {lang: dict(c.entries[lang].status) if lang in c.entries
                             else {s: MISSING for s in SECTIONS}
                             for lang in corpus.languages.codes}
            for c in corpus.characters if c.game == "botc"}


@check("unwritten", "warning", "An entry whose sections are marked as not written yet.")
def unwritten(corpus: Corpus):
    for _, entry in entries(corpus):
        lacking = [s for s in SECTIONS if entry.status[s] == PLACEHOLDER]
        if lacking:
            yield (f"{entry.name}: not written yet ({', '.join(lacking)})", entry.file, entry.line,
                   entry.raw_name)


@check("untranslated-entry", "warning",
       "An entry of one language whose text is still in the other language.")
def untranslated_entry(corpus: Corpus):
    for character, entry in entries(corpus):
        foreign = [s for s in SECTIONS if entry.status[s] == UNTRANSLATED]
        if foreign:
            first = entry.field_lines(foreign[0])[0]
            yield (f"{character.name(entry.lang)}: {', '.join(foreign)} still in the other "
                   f"language; expected {entry.lang} text", entry.file, first.line, first.text)


@check("borrowed-name", "info",
       "Characters of the corpus that the glossary names not in a language: they are shown by "
       "a name of its fallback languages.")
def borrowed_name(corpus: Corpus):
    for language in corpus.languages.all:
        borrowed = sorted(c.id for c in corpus.characters
                          if (term := corpus.glossary.by_id(c.game, c.id)) and
                          language.code in term.borrowed)
        if borrowed:
            shown = ", ".join(borrowed[:8]) + (", …" if len(borrowed) > 8 else "")
            chain = " → ".join(corpus.languages.others(language.code))
            yield (f"{language.code}: {len(borrowed)} characters have no {language.code} name in "
                   f"the glossary and borrow one along {chain}: {shown}", GLOSSARY_FILE, 1, "")


@check("missing-translation", "info",
       "A character written in one language that has no entry in another.")
def missing_translation(corpus: Corpus):
    for character in corpus.characters:
        written = [lang for lang in corpus.languages.codes if lang in character.entries]
        if not written:
            continue
        entry = character.entries[written[0]]  # reported once, at the first entry
        for lang in corpus.languages.codes:
            if lang not in character.entries:
                yield (f"{character.name(lang)} has no {lang} entry", entry.file, entry.line,
                       entry.raw_name)
