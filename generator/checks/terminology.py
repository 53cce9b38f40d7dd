"""Names against the glossary: official names in headings, other names in a body, another
language's names in a text."""
from __future__ import annotations

import re

from generator.checks import check
from generator.checks.fields import entries, field_lines
from generator.codes import BODY_NAME, HEADING_NAME, OTHER_LANGUAGE_NAME
from generator.facts.glossary import squash
from generator.model import UNTRANSLATED, Corpus
from generator.parse.summaries import paragraph
from generator.parse.vocabulary import letter_system, quoted


@check(HEADING_NAME)
def heading_name(corpus: Corpus):
    for character, entry in entries(corpus):
        term = corpus.glossary.by_id(character.game, character.id)
        if term is None or entry.lang in term.borrowed:
            continue
        official = term.names[entry.lang]
        if entry.name != official:
            yield HEADING_NAME.at(entry.file, entry.line, entry.raw_name, heading=entry.name,
                                  language=entry.lang, official=official)


@check(BODY_NAME)
def body_name(corpus: Corpus):
    for character, entry in entries(corpus):
        term = corpus.glossary.by_id(character.game, character.id)
        others = {n for n in (term.aliases.get(entry.lang, ()) if term else ())} | \
            {character.names.get(entry.lang, "")}
        others = {n for n in others if n and n != entry.name}
        pattern = paragraph(corpus.languages[entry.lang])
        subject = pattern.match(entry.summary.text) if pattern and entry.summary else None
        marks = quoted(corpus.languages[entry.lang].quotes)
        after_quote = marks.split(entry.summary.text, 1)[-1].lstrip() if entry.summary else ""
        if subject and entry.summary and not after_quote.startswith(entry.name) and \
                subject.group("subject") != entry.name:
            said = subject.group("subject")
            kind = "spacing" if squash(said) == squash(entry.name) else "differently"
            yield BODY_NAME.at(entry.file, entry.summary.line, entry.summary.text, kind,
                               name=entry.name, said=said)
        for section, line in field_lines(entry, ("how_to_run", "examples")):
            used = sorted(n for n in others if n in line.text and entry.name not in n)
            if used:
                yield BODY_NAME.at(entry.file, line.line, line.text, "steps", section=section,
                                   name=entry.name, used=used[0])


@check(OTHER_LANGUAGE_NAME)
def other_language_name(corpus: Corpus):
    for language in corpus.languages.all:
        for other in corpus.languages.all:
            if other is language or not other.almanac or other.letters <= language.letters:
                continue  # names in the same letters are often the same words
            yield from _names_of(corpus, language.code, other.code, other.letters)


def _inside_word(text: str, start: int, end: int, letters: frozenset[str]) -> bool:
    """A match that continues a word of the same letters ("Fiddler" in "Fiddlers"); a word of
    other letters may follow it ("Fiddler가": the name, then a Korean particle)."""
    before = text[start - 1] if start else ""
    after = text[end] if end < len(text) else ""
    return any(c and letter_system(c) in letters for c in (before, after))


def _names_of(corpus: Corpus, lang: str, other: str, letters: frozenset[str]):
    """Names of the other language (its own, not borrowed) inside the language's texts."""
    names = sorted({t.names[other] for t in corpus.glossary.game_terms("botc")
                    if other not in t.borrowed}, key=len, reverse=True)
    if not names:
        return
    pattern = re.compile("(" + "|".join(map(re.escape, names)) + ")")
    lines = [(e.file, line) for _, e in entries(corpus, lang) for section, line in field_lines(e)
             if e.status[section] != UNTRANSLATED]
    lines += [(s.file, note) for s in corpus.scripts if s.lang == lang for note in s.notes]
    for file, line in lines:
        for match in pattern.finditer(line.text):
            if _inside_word(line.text, match.start(), match.end(), letters):
                continue
            term = corpus.glossary.lookup("botc", other, match.group(1))
            expected = term.names[lang] if term else "?"
            yield OTHER_LANGUAGE_NAME.at(file, line.line, line.text, other_language=other,
                                         found=match.group(1), language=lang,
                                         expected=expected)
