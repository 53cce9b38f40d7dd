"""The translator's comments of a section's message: the character's names, the section, and
the official terms its text uses ("귀족 → Noble"), in the store and in export-po's files alike."""
from __future__ import annotations

import re
from collections.abc import Callable

from generator.facts.glossary import Glossary
from generator.facts.languages import Language
from generator.model import Corpus
from generator.translation.lacking import Lacking, pivot_original

# Where a section shows on the site (lang, character id, section → /ja/characters/monk/#能力):
# the output stage knows the site's addresses; a command hands it in.
Address = Callable[[str, str, str], str]


def _used(name: str, text: str, particles: tuple[str, ...]) -> bool:
    """A name standing in the text as a word of its own, not inside a longer word (Imp, not
    Important; 포, not 포함), alone or with one of its language's particles (귀족에게)."""
    if not name or name not in text:  # most names are not in a text: no pattern to build
        return False
    after = "|".join(map(re.escape, particles))
    word = rf"(?<![^\W\d_]){re.escape(name)}(?:{after})?(?![^\W\d_])" if after else \
        rf"(?<![^\W\d_]){re.escape(name)}(?![^\W\d_])"
    return re.search(word, text) is not None


def terminology(glossary: Glossary, text: str, source: Language, target: Language) -> list[str]:
    """'source term → target term' for each character name, team and reminder-token label the
    text uses, the target's official term from the glossary (names it borrows left out). A team
    is named by the word its almanacs head a character with (Demon, not Demons), as the card
    text uses it."""
    found: dict[str, str] = {}
    particles, lang = source.particles, source.code
    singular = {ident: word for word, ident in reversed(target.teams.items())}
    # Teams by their labels and by the words the language's team lines use (Outsider).
    words = {team.label(lang): team for team in glossary.teams} | \
        {word: team for word, ident in source.teams.items() if (team := glossary.team(ident))}
    for word, team in words.items():
        # The target's own word (the official data's, its headings', the glossary's), never
        # one it borrows: a hint in the wrong language misleads (악마 → Demons for Japanese).
        translated = team.singulars.get(target.code) or singular.get(team.id) or \
            (team.singular(target.code) if target.code not in team.borrowed else "")
        if translated and translated != word and _used(word, text, particles):
            found[word] = translated
    for term in glossary.game_terms("botc"):
        translated_name = term.names.get(target.code)
        if translated_name and target.code not in term.borrowed and \
                _used(term.names.get(lang, ""), text, particles):
            found[term.names[lang]] = translated_name
        for token in term.reminders:
            label = token.label(lang)
            translated = token.label(target.code) if target.code not in token.borrowed else ""
            shown = label.upper() if label.isascii() else label  # English steps write KNOW
            if label and translated and translated != label and _used(shown, text, particles):
                found[shown] = translated
    return [f"{a} → {b}" for a, b in sorted(found.items())]


def message_comments(corpus: Corpus, item: Lacking, lang: str,
                     address: Address | None = None) -> list[str]:
    """The translator's comments of a section's message: its names, section and terms, the
    original a pivot translation was made from, and the page it shows on."""
    character = item.character
    terms = terminology(corpus.glossary, item.text, corpus.languages[item.source.lang],
                        corpus.languages[lang])
    # A language without a name of its own shows another's: each name once.
    names = dict.fromkeys(character.name(c) for c in corpus.languages.codes)
    original = pivot_original(corpus, item, lang)
    # The original a pivot translation was made from, a comment line per line of it.
    beside = [f"{original.lang}: {line.text}" for line in original.field_lines(item.section)] \
        if original else []
    page = [f"page: {address(lang, character.id, item.section)}"] if address else []
    return [" · ".join(names) + f" · {item.section}",
            *([f"terms: {'; '.join(terms)}"] if terms else []), *beside, *page]
