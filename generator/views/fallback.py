"""Which of the texts that could stand in for a missing one is shown: one in the page's language
first, else the first along the language's chain (content/languages.yaml's fallback; by default
the English card, then the almanacs of the other languages)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from generator.facts.languages import Languages, Source

T = TypeVar("T")


def in_chain_order(languages: Languages, lang: str,
                   candidates: Sequence[tuple[Source | None, str, T]]) -> list[T]:
    """candidates: (where each comes from, the language its text is in, the item), in the
    order the caller prefers. Those in lang first, in that order; then the others by the chain.
    A text of neither kind (source None: a script's own) stays after the one it followed."""
    rank = {source: n for n, source in enumerate(languages.chain(lang))}
    keys = []
    before = -1
    for index, (source, text_lang, _) in enumerate(candidates):
        if text_lang == lang:
            keys.append((0, 0, index))
            continue
        if source is not None:
            before = rank.get(source, len(rank))
        keys.append((1, before, index))
    order = sorted(range(len(candidates)), key=keys.__getitem__)
    return [candidates[i][2] for i in order]
