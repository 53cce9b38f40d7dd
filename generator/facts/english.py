"""Whether a text of another language's official file is English: the data leave some texts
untranslated (the German Barista's night reminders), and a page or sheet must mark and count
them as English. Letters cannot tell English from German; its small words can."""
from __future__ import annotations

import re

# Words of the cards' English that no other language of the data writes as a word of its own
# ("is", "in", "a" and "an" are German, Dutch or Afrikaans words too).
_ENGLISH = frozenset(("the", "them", "they", "their", "you", "your", "which", "with", "who",
    "what", "when", "then", "this", "that", "these", "those", "and", "of", "to", "if", "has",
    "have", "will", "would", "could", "should", "must", "been", "were", "was", "are", "player",
    "players", "choose", "chooses", "wake", "wakes", "tell", "show", "shows", "learn",
    "learns", "token", "tokens", "night", "each", "alive", "dead", "dies", "during"))
_WORDS = re.compile(r"[^\W\d_]+")


def is_english(text: str) -> bool:
    """At least three of its words, and a third of them, are such words."""
    words = [word.casefold() for word in _WORDS.findall(text)]
    hits = sum(word in _ENGLISH for word in words)
    return hits >= 3 and hits * 3 >= len(words)
