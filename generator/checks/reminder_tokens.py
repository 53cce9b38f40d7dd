"""Reminder tokens that how-to-run steps name, against each character's official tokens."""
from __future__ import annotations

import re
from collections import Counter

from generator.checks import check
from generator.checks.fields import entries
from generator.codes import REMINDER_WORD, TOKEN_LANGUAGES, TOKEN_NAME
from generator.facts.glossary import squash
from generator.facts.languages import TokenWords
from generator.model import Corpus, Name

_CAPITALS = re.compile(r"\b[A-Z][A-Z'’]+(?: [A-Z][A-Z'’]+)*\b")


def capital_tokens(text: str, words: TokenWords) -> list[str]:
    """Token names written in capitals: KNOW, DEMON NOT VOTED (info tokens are no reminders)."""
    return [m.group(0) for m in _CAPITALS.finditer(text)
            if len(m.group(0)) > 1 and not (words.not_tokens_before and
                                            text.startswith(words.not_tokens_before, m.end()))]


def phrases_before(text: str, words: TokenWords) -> list[list[str]]:
    """Each token phrase as the words before a reminder word (알림, 리마인더), nearest last,
    the sentence's own words cut."""
    if not words.before:
        return []
    found = []
    # Words start only where no other letter stands before them, so that a long word is scanned
    # once, not once from each of its letters.
    pattern = re.compile(r"(?<!\S)((?:\S+ ){1,3})(?:" + "|".join(map(re.escape, words.before))
                         + ")")
    for match in pattern.finditer(text):
        name: list[str] = []
        for word in reversed(match.group(1).split()):
            if (words.sentence_word and words.sentence_word.search(word)) or \
                    len(name) == 2 and word not in words.numerals:
                break
            name.insert(0, word)
        if name and " ".join(name) not in words.not_names:
            found.append(name)
    return found


def tokens_in(text: str, words: TokenWords) -> list[str]:
    """The reminder tokens a step names, the way its language names them."""
    if words.capitals:
        return capital_tokens(text, words)
    return [" ".join(name) for name in phrases_before(text, words)]


def name_endings(token: str, longest: int) -> list[str]:
    """The token's last words, squashed, one word more each, while no longer than the longest
    label: a label can only be that short, and a run of capitals thousands of words long costs
    no more than its length."""
    endings, ending = [], ""
    for word in reversed(token.split()):
        ending = squash(word) + ending
        if len(ending) > longest:
            break
        endings.append(ending)
    return endings


def _labels(corpus: Corpus, lang: str) -> dict[str, set[str]]:
    """Every character's token labels (squashed) in lang, by character id."""
    return {t.id: {squash(token.label(lang)) for token in t.reminders}
            for t in corpus.glossary.terms if t.game == "botc"}


@check(TOKEN_NAME)
def token_name(corpus: Corpus):
    for language in corpus.languages.all:
        lang, words = language.code, language.tokens
        labels = _labels(corpus, lang)
        anyone = set().union(*labels.values())
        longest = max(map(len, anyone), default=0)
        names = {squash(n) for t in corpus.glossary.terms for n in t.names.values()}
        for character, entry in entries(corpus, lang):
            own = labels.get(character.id, set())
            expected = _official_labels(corpus, character.game, character.id, lang)
            for line in entry.how_to_run:
                # A token named twice on a line is one finding.
                for token in dict.fromkeys(tokens_in(line.text, words)):
                    if set(name_endings(token, longest)) & (own | anyone):
                        continue
                    if words.capitals and squash(token) in names:
                        continue  # a character's name in capitals
                    yield TOKEN_NAME.at(entry.file, line.line, line.text,
                                        "other-label" if expected else "unknown",
                                        name=character.named(lang), token=token,
                                        **({"official": expected} if expected else {}))


def _official_labels(corpus: Corpus, game: str, ident: str, lang: str) -> tuple[str, ...]:
    """The character's token labels in lang, each once (a character has three Know tokens),
    without the labels that name nothing ('?', a blank token)."""
    term = corpus.glossary.by_id(game, ident)
    labels = (token.label(lang) for token in term.reminders) if term else ()
    return tuple(dict.fromkeys(label for label in labels if any(c.isalnum() for c in label)))


@check(TOKEN_LANGUAGES)
def token_languages(corpus: Corpus):
    for character in corpus.characters:
        term = corpus.glossary.by_id(character.game, character.id)
        written = {language.code: language.tokens for language in corpus.languages.all
                   if character.entries.get(language.code) and
                   character.entries[language.code].how_to_run}
        if not term or len(written) < 2:
            continue
        named = {}
        for lang, words in written.items():
            said = {squash(t) for line in character.entries[lang].how_to_run
                    for t in tokens_in(line.text, words)}
            # A token by all its labels: each language names it by its own.
            named[lang] = {tuple(sorted(tok.labels.items())) for tok in term.reminders
                           if squash(tok.label(lang)) in said}
        for lang, other in ((a, b) for a in written for b in written if a != b):
            # Each token by its label in lang, its labels in other languages with it.
            for labels in sorted(named[lang] - named[other], key=lambda ls: dict(ls)[lang]):
                token = Name(dict(labels)[lang], lang, labels)
                entry = character.entries[other]
                yield TOKEN_LANGUAGES.at(entry.section_file("how_to_run"),
                                         entry.how_to_run[0].line, entry.how_to_run[0].text,
                                         name=character.named(other), language=lang, token=token,
                                         other_language=other)


@check(REMINDER_WORD)
def reminder_word(corpus: Corpus):
    for language in corpus.languages.all:
        yield from _rarer_word(corpus, language.code, language.tokens.before)


def _rarer_word(corpus: Corpus, lang: str, words: tuple[str, ...]):
    uses = []
    for _, entry in entries(corpus, lang):
        for line in (*entry.how_to_run, *entry.examples):
            uses += [(word, entry.file, line) for word in words
                     for _ in re.finditer(re.escape(word), line.text)]
    counts = Counter(word for word, _, _ in uses)
    if len(counts) < 2:
        return
    ranked = [word for word, _ in counts.most_common()]
    common, rare = ranked[0], ranked[-1]
    reported = set()
    for word, file, line in uses:
        if word == rare and (file, line.line) not in reported:
            reported.add((file, line.line))
            yield REMINDER_WORD.at(file, line.line, line.text, rare=rare, common=common,
                                   common_count=counts[common], rare_count=counts[rare])
