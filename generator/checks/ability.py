"""The ability line against the quoted ability of the summary, and setup brackets across languages."""
from __future__ import annotations

import re

from generator.parse.vocabulary import quoted_ability
from generator.resolve import Corpus
from generator.checks import check
from generator.checks.fields import entries

_BRACKET = re.compile(r"\[(?P<inside>[^\]]+)\]")
_SIGNED = re.compile(r"[+-]\s*\d+")


def setup_numbers(ability: str) -> list[tuple[str, ...]]:
    """Each setup bracket as its signed numbers: '[+0 or +1 Outsider]' → ('+0', '+1')."""
    return [tuple(n.replace(" ", "") for n in _SIGNED.findall(m.group("inside")))
            for m in _BRACKET.finditer(ability)]


@check("ability-quote", "warning",
       "An English ability line that differs from the quoted ability opening its summary, "
       "or a Korean one whose setup bracket does not match it.")
def ability_quote(corpus: Corpus):
    for character, entry in entries(corpus):
        if not (entry.ability and entry.summary):
            continue
        quote = quoted_ability(entry.summary.text)
        if quote is None:
            continue
        ability = entry.ability.text.strip()
        # Korean almanacs quote a reworded ability; only their brackets must agree.
        differs = (quote != ability) if entry.lang == "en" else \
            (len(setup_numbers(quote)) != len(setup_numbers(ability)))
        if differs:
            yield (f"{character.name(entry.lang)}: ability line differs from the summary's "
                   f"quote \"{quote}\"", entry.file, entry.ability.line, ability)


@check("setup-bracket", "warning",
       "A setup bracket present in one language and not the other, or with another sign or number.")
def setup_bracket(corpus: Corpus):
    for character in corpus.characters:
        ko, en = character.entries.get("ko"), character.entries.get("en")
        if not (ko and en and ko.ability and en.ability) or en.status["ability"] != "present":
            continue
        ko_numbers, en_numbers = setup_numbers(ko.ability.text), setup_numbers(en.ability.text)
        if ko_numbers != en_numbers:
            yield (f"{character.name('ko')}: Korean brackets {ko_numbers or 'none'}, English "
                   f"brackets {en_numbers or 'none'} at {en.file}:{en.ability.line}",
                   ko.file, ko.ability.line, ko.ability.text)
