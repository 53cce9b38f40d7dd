"""The interface of a language with no UI catalog, in the words the official tools give it
(script.<code>.json, app.<code>.json, game.<code>.json, read at run time from --official DIR):
each UI string the data words, by the keys that word it; the rest stays English."""
from __future__ import annotations

from generator.facts.catalogs import catalog_messages, has_catalog, is_untranslated
from generator.facts.official import OfficialTexts

# A UI string → the keys of the official files that word it, the first the language has.
WORDED_BY = {
    "First night": ("script:keyword.first-night", "app:grimoire.phases.first_night"),
    "Other nights": ("script:keyword.other-nights", "app:grimoire.phases.other_nights"),
    "Jinxes": ("app:tabs.character.jinxes",),
    "Characters": ("script:characters",),
    "Scripts": ("script:scripts",),
    "Language": ("script:settings.language",),
    "Experimental": ("script:edition.experimental",),
    "House rules (Bootlegger)": ("script:bootlegger-rules",),
    # The sheets' legend: a row's colour tells its side.
    "good": ("app:overlays.reveal.good", "app:modals.signal.cards.good"),
    "evil": ("app:overlays.reveal.evil", "app:modals.signal.cards.evil"),
}
# A UI string → the special row of the night order (game.<code>.json) whose name it is.
NIGHT_ROWS = {"Dusk": "dusk", "Dawn": "dawn", "Minion info": "minioninfo",
              "Demon info": "demoninfo"}
# A UI string → the edition (game.<code>.json) whose name it is.
EDITIONS = {"Trouble Brewing": "tb", "Bad Moon Rising": "bmr", "Sects & Violets": "snv"}

Words = tuple[tuple[str, str], ...]


def official_words(official: OfficialTexts | None, lang: str) -> Words:
    """(UI string, its official word in lang) for each the data words; none for a language with
    a catalog of its own (its translators chose its words)."""
    if official is None or has_catalog(lang):
        return ()
    found = {message: word for message, keys in WORDED_BY.items()
             if (word := next(filter(None, (official.word(k, lang) for k in keys)), None))}
    found |= {message: name for message, ident in NIGHT_ROWS.items()
              if (name := official.own_name(ident, lang))}
    found |= {message: name for message, ident in EDITIONS.items()
              if (name := official.edition(ident, lang))}
    # The files give some words as singular|plural: a heading takes the first.
    return tuple(sorted((message, word.partition("|")[0].strip())
                        for message, word in found.items()))


def english_count(lang: str, words: Words) -> int:
    """How many UI strings a language's pages show in English."""
    worded = {message for message, _ in words}
    return sum(1 for message in catalog_messages(lang)
               if message.id not in worded and (is_untranslated(message) or message.fuzzy))
