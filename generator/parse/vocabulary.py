"""Words the almanacs use as structure: team lines, section headers, placeholders."""
from __future__ import annotations

import re
import unicodedata
from collections import Counter
from functools import cache

from generator.facts.languages import Language

BULLET = "- "
QUOTES = "\"“”"

# A name with stray digits behind it, as in "Professor1-75" or "Fanggu1 75 3-75".
_DAMAGED_NAME = re.compile(r"^(?P<name>.*?[^\W\d_])(?P<damage>\d[\d\s-]*)$")


def is_other_language(text: str, language: Language) -> bool:
    """Text written more in the letters of another of the project's languages than in its own:
    Korean in an English field, or the reverse."""
    systems = letter_systems(text)
    own = sum(count for system, count in systems.items() if system in language.letters)
    other = sum(count for system, count in systems.items() if system in language.other_letters)
    return other > own


def repair_name(raw: str) -> str:
    match = _DAMAGED_NAME.match(raw)
    return match.group("name").strip() if match else raw.strip()


@cache
def letter_system(char: str) -> str | None:
    """The script of a letter, by the first word of its Unicode name (LATIN, HANGUL, …);
    None for what is not a letter. Cached: the corpus has few distinct letters."""
    if not unicodedata.category(char).startswith("L"):
        return None
    return unicodedata.name(char, "UNKNOWN").split()[0]


def letter_systems(text: str) -> Counter[str]:
    """How many letters of each script the text has (each distinct character looked up once:
    the checks ask this of every line)."""
    systems: Counter[str] = Counter()
    for char, count in Counter(text).items():
        if system := letter_system(char):
            systems[system] += count
    return systems


def writing_systems(text: str) -> set[str]:
    """The scripts of the letters in text."""
    return set(letter_systems(text))


@cache
def quoted(quotes: str = QUOTES) -> re.Pattern[str]:
    """The ability a summary quotes at its start (`"…" 요리사는 …`), in a language's quote marks
    (content/languages.yaml `quotes`: „…“ in German, «…» in French)."""
    marks = re.escape(quotes)
    return re.compile(f"^[{marks}](?P<quote>[^{marks}]+)[{marks}]")


def quoted_ability(summary: str, quotes: str = QUOTES) -> str | None:
    """The ability an almanac summary quotes at its start."""
    match = quoted(quotes).match(summary)
    return match.group("quote").strip() if match else None
