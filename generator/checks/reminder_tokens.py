"""Reminder tokens that how-to-run steps name, against each character's official tokens."""
from __future__ import annotations

import re
from collections import Counter

from generator.facts.glossary import squash
from generator.resolve import Corpus
from generator.checks import check
from generator.checks.fields import entries

# English steps write token names in capitals: KNOW, DEMON NOT VOTED; info tokens are not reminders.
_EN_TOKEN = re.compile(r"\b[A-Z][A-Z'’]+(?: [A-Z][A-Z'’]+)*\b")
_INFO_TOKEN = " info token"
# Korean steps write the token's name before 알림 or 리마인더.
_KO_TOKEN = re.compile(r"((?:\S+ ){1,3})(?:알림|리마인더)")
REMINDER_WORDS = ("알림", "리마인더")
# A word ending in a particle or punctuation belongs to the sentence, not to the token's name.
_SENTENCE_WORD = re.compile(r"(의|를|을|에|에게|는|은|이|가|[.,:;)?])$|^[\d·,]+$")
_NUMERALS = {"한", "두", "세", "네"}
_NOT_NAMES = {"이전", "가진", "다른", "모든", "해당", "기존"}


def english_tokens(text: str) -> list[str]:
    return [m.group(0) for m in _EN_TOKEN.finditer(text)
            if len(m.group(0)) > 1 and not text.startswith(_INFO_TOKEN, m.end())]


def korean_phrases(text: str) -> list[list[str]]:
    """Each token phrase as the words before 알림/리마인더, nearest last, the sentence's words cut."""
    found = []
    for match in _KO_TOKEN.finditer(text):
        words: list[str] = []
        for word in reversed(match.group(1).split()):
            if _SENTENCE_WORD.search(word) or len(words) == 2 and word not in _NUMERALS:
                break
            words.insert(0, word)
        if words and " ".join(words) not in _NOT_NAMES:
            found.append(words)
    return found


def korean_tokens(text: str) -> list[str]:
    return [" ".join(words) for words in korean_phrases(text)]


def _labels(corpus: Corpus, lang: str) -> dict[str, set[str]]:
    """Every character's token labels (squashed) in lang, by character id."""
    return {t.id: {squash(token.label(lang)) for token in t.reminders}
            for t in corpus.glossary.terms if t.game == "botc"}


@check("token-name", "warning",
       "A reminder token named in a how-to-run step that is not an official token label.")
def token_name(corpus: Corpus):
    for lang, extract in (("en", english_tokens), ("ko", korean_tokens)):
        labels = _labels(corpus, lang)
        anyone = set().union(*labels.values())
        for character, entry in entries(corpus, lang):
            own = labels.get(character.id, set())
            term = corpus.glossary.by_id(character.game, character.id)
            expected = ", ".join(t.label(lang) for t in term.reminders) if term else ""
            for line in entry.how_to_run:
                for token in extract(line.text):
                    words = token.split()
                    suffixes = {squash(" ".join(words[i:])) for i in range(len(words))}
                    if suffixes & (own | anyone):
                        continue
                    if lang == "en" and squash(token) in {squash(n) for t in corpus.glossary.terms
                                                          for n in t.names.values()}:
                        continue  # a character's name in capitals
                    yield (f"{character.name(lang)}: token '{token}' is not an official label"
                           f"{'; official: ' + expected if expected else ''}",
                           entry.file, line.line, line.text)


@check("token-languages", "info",
       "Official tokens the Korean steps name that the English steps do not, or the reverse.")
def token_languages(corpus: Corpus):
    for character in corpus.characters:
        term = corpus.glossary.by_id(character.game, character.id)
        ko, en = character.entries.get("ko"), character.entries.get("en")
        if not (term and ko and en and ko.how_to_run and en.how_to_run):
            continue
        named = {}
        for lang, entry, extract in (("ko", ko, korean_tokens), ("en", en, english_tokens)):
            said = {squash(t) for line in entry.how_to_run for t in extract(line.text)}
            named[lang] = {tok.en for tok in term.reminders if squash(tok.label(lang)) in said}
        for lang, other in (("ko", "en"), ("en", "ko")):
            for token in sorted(named[lang] - named[other]):
                entry = character.entries[other]
                yield (f"{character.name(other)}: the {lang} steps use token '{token}', the "
                       f"{other} steps do not", entry.file, entry.how_to_run[0].line,
                       entry.how_to_run[0].text)


@check("reminder-word", "info",
       "Korean text says 알림 in some places and 리마인더 in others; the rarer word is shown.")
def reminder_word(corpus: Corpus):
    uses = []
    for _, entry in entries(corpus, "ko"):
        for line in (*entry.how_to_run, *entry.examples):
            uses += [(word, entry.file, line) for word in REMINDER_WORDS
                     for _ in re.finditer(f"{word}", line.text)]
    counts = Counter(word for word, _, _ in uses)
    if len(counts) < 2:
        return
    common, rare = (w for w, _ in counts.most_common())
    reported = set()
    for word, file, line in uses:
        if word == rare and (file, line.line) not in reported:
            reported.add((file, line.line))
            yield (f"'{rare}' here; the corpus mostly says '{common}' "
                   f"({counts[common]} to {counts[rare]})", file, line.line, line.text)
