"""What a script's official characters written out in full replace of the official ones: their
own texts where the official data's differ, their own night numbers where today's places differ,
unless the script's numbers follow an older order (older tools wrote every official character
out with the night numbers of their day), and each override said in one line. A text that is
the card reformatted is the card; one the card has since added words to is an older wording of
it: the card, with a line saying so."""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from difflib import SequenceMatcher

from generator.facts.catalogs import translations
from generator.facts.night_order import NightOrder
from generator.facts.official import markup_parts
from generator.model import Corpus
from generator.read.script_spec import CustomCharacter, ScriptSpec
from generator.translatable import N_
from generator.views.particles import resolve

TEXTS = ("ability", "first", "other")  # the texts a script can give: ability, night reminders


# With fewer written-out characters that wake, each differing number is an override: an older
# order shows in many numbers at once, a deliberate change in a few.
OLDER_AT_LEAST = 3

# How the lines name what a script replaces (catalog strings, translated where shown).
_TEXT_NAMES = {"ability": N_("ability"), "first": N_("first-night reminder"),
               "other": N_("other-night reminder")}
_PLACE_NAMES = {"first": N_("first-night place (%(number)s)"),
                "other": N_("other-night place (%(number)s)")}
_NOT_WAKING = {"first": N_("first-night place (0: does not wake)"),
               "other": N_("other-night place (0: does not wake)")}


@dataclass(frozen=True)
class Override:
    """An official character whose texts or night places the script replaces."""

    id: str
    texts: tuple[str, ...]  # of TEXTS
    places: tuple[tuple[str, float], ...]  # (night, the script's number there; 0: does not wake)
    older: tuple[str, ...] = ()  # of TEXTS: an older wording of the card, today's used instead

    def place(self, night: str) -> float | None:
        return next((number for which, number in self.places if which == night), None)


@dataclass(frozen=True)
class Overrides:
    characters: tuple[Override, ...]
    # How many written-out characters' numbers follow an older order, set aside for today's.
    older: int = 0


# Curly and straight quotes: tools and editors turn one into the other in a copy of the card.
_QUOTES = str.maketrans("\u2018\u2019\u201c\u201d", "''\"\"")


def _plain(text: str) -> str:
    """A card's words as compared: without its token marks (`*DEAD*`, `:reminder:`), in
    straight quotes, `&` as `and`, single spaces."""
    words = "".join(part.text for part in markup_parts(text)).translate(_QUOTES)
    return " ".join(words.replace("&", " and ").split())


def same_text(a: str, b: str) -> bool:
    """The same words but for token marks, spacing, the form of quote marks and `&` for `and`:
    an export's copy of the card says nothing new."""
    return _plain(a) == _plain(b)


_WORDS = re.compile(r"\w+")


def older_text(card: str, text: str) -> bool:
    """Whether text is an earlier wording of the card: the card has since gained words, and
    the text has none in place of the card's, and at most one in ten (at least one) that the
    card dropped ("show them the" → "show the"). A word changed ("once" → "twice") is a rule
    of the script's own."""
    old, new = (_WORDS.findall(_plain(t).casefold()) for t in (text, card))
    if not old or len(old) > 2 * len(new):  # bounded: a far longer text is no copy
        return False
    steps = SequenceMatcher(None, old, new, autojunk=False).get_opcodes()
    dropped = sum(i2 - i1 for tag, i1, i2, _, _ in steps if tag == "delete")
    return all(tag != "replace" for tag, *_ in steps) and \
        any(tag == "insert" for tag, *_ in steps) and dropped <= max(1, len(old) // 10)


def own_text(corpus: Corpus, ident: str, field: str, text: str) -> str:
    """A script's own text for an official character it writes out: none where it is the
    official English text (an export copying the card) or an older wording of it, or the card
    in another language of the data (an export in that language), which the official data give
    in the sheet's language instead. `field`: one of TEXTS."""
    official = corpus.official
    card = _card(corpus, ident, field)
    if official is None or card is None:
        return text
    copied = older_text(card, text) or any(same_text(found.text, text)
                                           for found in official.every_language(ident, field))
    return "" if copied else text


def _card(corpus: Corpus, ident: str, field: str) -> str | None:
    official = corpus.official
    if official is None:
        return None
    found = {"ability": official.ability, "first": official.first_night,
             "other": official.other_night}[field](ident, "en")
    return found.text if found else None


def _replaces(corpus: Corpus, ident: str, field: str, text: str) -> bool:
    return bool(own_text(corpus, ident, field, text)) and \
        _card(corpus, ident, field) is not None


def _older(corpus: Corpus, ident: str, field: str, text: str) -> bool:
    card = _card(corpus, ident, field)
    return bool(text) and card is not None and not same_text(card, text) and \
        older_text(card, text)


def given(written: CustomCharacter, field: str) -> str:
    """The script's text for a field (one of TEXTS) as it writes it."""
    return written.ability if field == "ability" else written.reminder(field)


def gives_way(own_lang: str, lang: str, others: Iterable[str]) -> bool:
    """Whether a script's own words in own_lang give way to another text of a sheet in lang
    (others: the other texts' languages): they are in another language, and another text is
    in the sheet's; that stands, the script's words printed beside it (both sheets choose so)."""
    return own_lang != lang and lang in others


def _today(order: NightOrder, ident: str, night: str) -> int:
    tonight = order.night(night)
    return tonight.index(ident) if ident in tonight else 0


def overrides(script: ScriptSpec, corpus: Corpus) -> Overrides:
    """The script's overrides. Texts are told from the card only where the official data are
    given (else the script's words are read as its own, as they are printed). Night numbers
    follow an older order when one lies past today's last place, or when at least
    OLDER_AT_LEAST written-out characters wake (by either order) and more than half of them have
    a number other than today's."""
    order = corpus.night_order
    moved: dict[str, tuple[tuple[str, float], ...]] = {}
    waking = 0
    past = False
    for ident, written in script.written_out.items():
        # A night the script orders itself (_meta) reads no character's number.
        # Below 0, as at 0, it does not wake (a homebrew character's negative number too).
        numbers = [(night, max(written.position(night), 0)) for night in written.numbered
                   if (script.first_night if night == "first" else script.other_night) is None]
        waking += any(number > 0 or _today(order, ident, night) > 0 for night, number in numbers)
        past = past or any(number >= len(order.night(night)) for night, number in numbers)
        differing = tuple((night, number) for night, number in numbers
                          if number != _today(order, ident, night))
        if differing:
            moved[ident] = differing
    older = past or (waking >= OLDER_AT_LEAST and len(moved) * 2 > waking)
    found = []
    for ident, written in script.written_out.items():
        texts = tuple(field for field in TEXTS if _replaces(corpus, ident, field,
                                                           given(written, field)))
        worded = tuple(field for field in TEXTS if _older(corpus, ident, field,
                                                          given(written, field)))
        places = () if older else moved.get(ident, ())
        if texts or places or worded:
            found.append(Override(ident, texts, places, worded))
    return Overrides(tuple(found), len(moved) if older else 0)


def override_lines(found: Overrides, lang: str) -> tuple[str, ...]:
    """One line for each overriding character, one for its older wordings, one for an older
    order, in lang."""
    tr = translations(lang)
    lines = []
    for override in found.characters:
        if override.older:
            worded = _listed([tr.gettext(_TEXT_NAMES[field]) for field in override.older], lang)
            template = tr.ngettext(
                "the script's %(fields)s is an older official wording; today's is used",
                "the script's %(fields)s are older official wordings; today's are used",
                len(override.older))
            lines.append(f"{override.id}: " + resolve(template % {"fields": worded}))
        if not override.texts and not override.places:
            continue
        fields = [tr.gettext(_TEXT_NAMES[field]) for field in override.texts]
        for night, number in override.places:
            fields.append(tr.gettext(_PLACE_NAMES[night]) % {"number": f"{number:g}"} if number
                          else tr.gettext(_NOT_WAKING[night]))
        listed = _listed(fields, lang)
        template = tr.ngettext("the script's %(fields)s replaces the official one",
                               "the script's %(fields)s replace the official ones", len(fields))
        # Particles follow the fields, words of the reader's language, never the id.
        lines.append(f"{override.id}: " + resolve(template % {"fields": listed}))
    if found.older:
        lines.append(tr.ngettext(
            "the script's night numbers for %(count)d official character follow an older "
            "order; today's official order is used",
            "the script's night numbers for %(count)d official characters follow an older "
            "order; today's official order is used", found.older) % {"count": found.older})
    return tuple(lines)


def _listed(fields: list[str], lang: str) -> str:
    """`a`, `a and b`, `a, b and c`, in lang."""
    return fields[0] if len(fields) == 1 else translations(lang).gettext(
        "%(list)s and %(last)s") % {"list": ", ".join(fields[:-1]), "last": fields[-1]}
