"""The ability line against the quoted ability of the summary, and setup brackets across
languages."""
from __future__ import annotations

import re

from generator.checks import check
from generator.checks.fields import entries
from generator.codes import ABILITY_QUOTE, SETUP_BRACKET
from generator.model import PRESENT, UNTRANSLATED, Character, Corpus

# A bracket, closed or left open at the end of the line ("[+1 외지인").
_BRACKET = re.compile(r"\[(?P<inside>[^\]\[]+)(?P<end>\]|$)")
_SIGNED = re.compile(r"[+-]\s*\d+")
_OPEN = "open"  # the last of a bracket's numbers when it is not closed: it differs from any


def setup_numbers(ability: str) -> list[tuple[str, ...]]:
    """Each setup bracket as its signed numbers: '[+0 or +1 Outsider]' → ('+0', '+1'); one not
    closed ends in _OPEN: '[+1 Outsider' → ('+1', _OPEN)."""
    return [tuple(n.replace(" ", "") for n in _SIGNED.findall(m.group("inside"))) +
            (() if m.group("end") else (_OPEN,)) for m in _BRACKET.finditer(ability)]


@check(ABILITY_QUOTE)
def ability_quote(corpus: Corpus):
    for character, entry in entries(corpus):
        if not (entry.ability and entry.summary):
            continue
        quote = entry.quoted
        if not quote:
            continue
        ability = entry.ability.text.strip()
        differs = (len(setup_numbers(quote)) != len(setup_numbers(ability))) \
            if corpus.languages[entry.lang].rewords_quote else quote != ability
        if differs:
            yield ABILITY_QUOTE.at(entry.file, entry.ability.line, ability,
                                   name=character.named(entry.lang), quote=quote)


@check(SETUP_BRACKET)
def setup_bracket(corpus: Corpus):
    codes = corpus.languages.codes
    for character in corpus.characters:
        for i, lang in enumerate(codes):
            for other in codes[i + 1:]:
                yield from _brackets(character, lang, other)


def _brackets(character: Character, lang: str, other: str):
    one, two = character.entries.get(lang), character.entries.get(other)
    if not (one and two and one.ability and two.ability) or \
            PRESENT not in (one.status["ability"], two.status["ability"]) or \
            UNTRANSLATED in (one.status["ability"], two.status["ability"]):
        return
    first, second = setup_numbers(one.ability.text), setup_numbers(two.ability.text)
    if first != second:
        yield SETUP_BRACKET.at(one.section_file("ability"), one.ability.line, one.ability.text,
                               name=character.named(lang), language=lang, other_language=other,
                               first=_shown(first), second=_shown(second),
                               place=f"{two.section_file('ability')}:{two.ability.line}")


def _shown(brackets: list[tuple[str, ...]]) -> str:
    """[('+0', '+1')] → '[+0/+1]'; a bracket without numbers → '[…]'; one not closed without
    its ']' ('[+1'); no bracket → '[]'."""
    return " ".join(_one(numbers) for numbers in brackets) or "[]"


def _one(numbers: tuple[str, ...]) -> str:
    if numbers[-1:] == (_OPEN,):
        return "[" + ("/".join(numbers[:-1]) or "…")
    return "[" + ("/".join(numbers) or "…") + "]"
