"""A character's ability as the almanac writes it, for the sheets: the entry's ability line,
else the one its summary quotes; in the asked language, else along its fallbacks."""
from __future__ import annotations

from generator.model import PRESENT, Corpus, Entry


def almanac_ability(corpus: Corpus, entries: dict[str, Entry],
                    lang: str) -> tuple[str, str] | None:
    """(text, the language it is in), or None where no entry has one."""
    for text_lang in (lang, *corpus.languages.others(lang)):
        entry = entries.get(text_lang)
        if entry is None:
            continue
        if entry.ability and entry.status["ability"] == PRESENT:
            return entry.ability.text, text_lang
        if entry.quoted and entry.status["summary"] == PRESENT:
            return entry.quoted, text_lang
    return None
