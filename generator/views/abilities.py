"""A character's ability as the almanac writes it, for the sheets: the entry's ability line,
else the one its summary quotes; in the asked language, else along its fallbacks."""
from __future__ import annotations

from generator.model import PRESENT, Corpus, Entry
from generator.parse.vocabulary import quoted_ability


def almanac_ability(corpus: Corpus, entries: dict[str, Entry],
                    lang: str) -> tuple[str, str] | None:
    """(text, the language it is in), or None where no entry has one."""
    for text_lang in (lang, *corpus.languages.others(lang)):
        entry = entries.get(text_lang)
        if entry is None:
            continue
        if entry.ability and entry.status["ability"] == PRESENT:
            return entry.ability.text, text_lang
        quote = quoted_ability(entry.summary.text, corpus.languages[text_lang].quotes) \
            if entry.summary and entry.status["summary"] == PRESENT else None
        if quote:
            return quote, text_lang
    return None
