"""Each language's order of words, as its readers look words up (CLDR's collation through ICU):
German's Ä beside A, Thai's leading vowels after their consonant, Chinese by pinyin, Japanese
kana by their sounds, Korean hanja by their reading. A language ICU has no order for takes its
CLDR parent's (es-419 → es, zh-Hans → zh), then the root's."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from typing import TypeVar

import icu

from generator.facts.language_codes import language_tag

T = TypeVar("T")


@cache
def _collator(lang: str) -> icu.Collator:
    # ICU walks the CLDR parents itself; a private-use part (en-x-pirate) changes no order.
    try:
        return icu.Collator.createInstance(icu.Locale.forLanguageTag(language_tag(lang)))
    except icu.ICUError:  # no tag ICU can read ("../x"): no language's order but the root's
        return icu.Collator.createInstance(icu.Locale.getRoot())


def sort_key(lang: str) -> Callable[[str], tuple[bytes, str]]:
    """The key that orders texts as lang's readers expect; texts the collation finds equal keep
    one order all the same (by code point)."""
    collator = _collator(lang)
    return lambda text: (collator.getSortKey(text), text)


def collated(items: Iterable[T], lang: str, text: Callable[[T], str]) -> list[T]:
    """The items in lang's order of the text each shows."""
    key = sort_key(lang)
    return sorted(items, key=lambda item: key(text(item)))
