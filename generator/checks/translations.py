"""The translation stores (content/<lang>/translations.po): translations made from an earlier
text, drafts, and messages the pages cannot show."""
from __future__ import annotations

import re
from collections.abc import Iterator

from generator.checks import check
from generator.codes import (
    STORE_MESSAGE,
    TRANSLATION_DIFFERS,
    TRANSLATION_DRAFT,
    TRANSLATION_STALE,
)
from generator.model import SECTIONS, Corpus, Diagnostic
from generator.read.po import FORBIDDEN, INVISIBLE, named
from generator.translation.lacking import (
    is_stale,
    other_texts,
    same_text,
    store_message,
    translatable,
)


@check(TRANSLATION_STALE)
def stale(corpus: Corpus) -> Iterator[Diagnostic]:
    for lang in sorted(corpus.stores):
        for character in corpus.characters:
            for section in SECTIONS:
                if is_stale(corpus, character, lang, section):
                    message = store_message(corpus, lang, character.id, section)
                    assert message is not None
                    yield TRANSLATION_STALE.at(corpus.stores[lang].file, message.line,
                                               message.string, name=character.named(lang),
                                               section=section)


@check(TRANSLATION_DRAFT)
def drafts(corpus: Corpus) -> Iterator[Diagnostic]:
    known = {c.id: c for c in corpus.characters if c.game == "botc"}
    for lang, store in sorted(corpus.stores.items()):
        for message in store.messages:
            ident, _, section = (message.context or "").partition("/")
            if message.fuzzy and message.previous_id is None and message.string.strip() and \
                    not message.obsolete and ident in known and section in SECTIONS:
                yield TRANSLATION_DRAFT.at(store.file, message.line, message.string,
                                           name=known[ident].named(lang), section=section)


@check(STORE_MESSAGE)
def store_messages(corpus: Corpus) -> Iterator[Diagnostic]:
    roles = {f"onuw/{c.id}/description" for c in corpus.characters if c.game == "onuw"}
    known = {f"{c.id}/{s}" for c in corpus.characters if c.game == "botc"
             for s in SECTIONS} | roles | {f"script/{s.id}/title" for s in corpus.scripts}
    for lang, store in sorted(corpus.stores.items()):
        book = {role.context: role.text for role in other_texts(corpus, lang)}
        contexts = known | set(book)
        sources = {item.context: item.text for item in translatable(corpus, lang)} | book
        first: dict[str, int] = {}
        for message in store.messages:
            context = message.context or ""
            if message.obsolete:
                continue
            at = (store.file, message.line, message.string)
            if context not in contexts:
                yield STORE_MESSAGE.at(*at, key="context", context=context)
            elif context in first:
                yield STORE_MESSAGE.at(*at, key="duplicate", context=context,
                                       first=first[context])
            elif message.plural:
                yield STORE_MESSAGE.at(*at, key="plural", context=context)
            elif found := FORBIDDEN.findall(message.string):
                yield STORE_MESSAGE.at(*at, key="characters", context=context,
                                       characters=named("".join(found)))
            elif found := INVISIBLE.findall(message.string):
                yield STORE_MESSAGE.at(*at, key="invisible", context=context,
                                       characters=named("".join(found)))
            elif (source := sources.get(context)) and message.id != source and \
                    same_text(message.id, source):
                yield STORE_MESSAGE.at(*at, key="spacing", context=context, language_code=lang)
            first.setdefault(context, message.line)


_NUMBER = re.compile(r"\d+")


def _steps(text: str) -> int:
    return sum(1 for line in text.split("\n") if line.strip())


@check(TRANSLATION_DIFFERS)
def differs(corpus: Corpus) -> Iterator[Diagnostic]:
    """A current translation (its msgid today's source, no draft) with another number of steps
    or notes, other numbers, or other * marks (not the first night) than its source: what
    pofilter's `newlines`, `numbers` and `accelerators`-like checks find, before a reader does."""
    for lang, store in sorted(corpus.stores.items()):
        sources = {item.context: item.text for item in translatable(corpus, lang)}
        for message in store.messages:
            context = message.context or ""
            source = sources.get(context)
            if message.obsolete or message.fuzzy or not message.string.strip() or \
                    source is None or not same_text(message.id, source):
                continue
            at = (store.file, message.string_line, message.string)
            section = context.partition("/")[2]
            if section in ("how_to_run", "examples") and \
                    _steps(message.string) != _steps(source):
                yield TRANSLATION_DIFFERS.at(*at, key="steps", context=context,
                                             found=_steps(message.string),
                                             expected=_steps(source))
            found, expected = (sorted(_NUMBER.findall(t)) for t in (message.string, source))
            if found != expected:
                yield TRANSLATION_DIFFERS.at(*at, key="numbers", context=context,
                                             found=" ".join(found) or "-",
                                             expected=" ".join(expected) or "-")
            if message.string.count("*") != source.count("*"):
                yield TRANSLATION_DIFFERS.at(*at, key="marks", context=context,
                                             found=message.string.count("*"),
                                             expected=source.count("*"))
