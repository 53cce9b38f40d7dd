"""Language codes as the official data spells them (`zh_Hans`, `pt_BR`, `en@pirate`) and as BCP 47
tags (`zh-Hans`, `pt-BR`, `en-x-pirate`): the tag names a language's site folder and its pages'
`lang`; Babel's spelling (`zh_Hans`) finds its name in CLDR."""
from __future__ import annotations

import re
import unicodedata
from functools import cache

from babel import Locale, UnknownLocaleError
from babel.core import get_global

# A BCP 47 tag as the project writes one: a language, then subtags (a script, a region, a
# private-use part after `x`).
TAG = re.compile(r"[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*")


def language_tag(code: str) -> str:
    """The BCP 47 tag of a code in either spelling: `_` becomes `-`, the language is lower case,
    a script title case, a region upper case; a variant after `@`, which BCP 47 cannot spell,
    becomes a private-use part (`en@pirate` → `en-x-pirate`). A code that is no tag comes back
    as given (TAG tells)."""
    base, _, variant = code.partition("@")
    parts = re.split(r"[_-]", base)
    if variant:
        parts += ["x", *re.split(r"[_-]", variant)]
    tag = []
    private = False
    for index, part in enumerate(parts):
        if private or index == 0:
            tag.append(part.lower())
        elif len(part) == 4 and part.isalpha():
            tag.append(part.title())
        elif len(part) in (2, 3) and (part.isalpha() or part.isdigit()):
            tag.append(part.upper())
        else:
            tag.append(part.lower())
        private = private or part.lower() == "x"
    joined = "-".join(tag)
    return joined if TAG.fullmatch(joined) else code


def babel_code(tag: str) -> str:
    """Babel's spelling of a tag, its private-use part left out: `zh-Hans` → `zh_Hans`."""
    return tag.split("-x-")[0].replace("-", "_")


def private_use(tag: str) -> str:
    """The private-use part of a tag (`pirate` of `en-x-pirate`), "" where it has none."""
    return tag.partition("-x-")[2]


_CASED = ("LATIN", "CYRILLIC", "GREEK", "ARMENIAN")


@cache
def _locale(tag: str) -> Locale | None:
    try:
        return Locale.parse(babel_code(tag))
    except (ValueError, UnknownLocaleError):
        return None


def known_to_babel(tag: str) -> bool:
    return _locale(tag) is not None


@cache  # every page's language menu names every language
def native_name(tag: str) -> str | None:
    """The language's name in itself from CLDR (Deutsch, 简体中文, Español de América Latina),
    its first letter capital as in a menu, a private-use part in brackets (English (pirate));
    None where Babel does not know the language."""
    locale = _locale(tag)
    if locale is None:
        return None
    # CLDR names some pairs as one (zh_Hans: 简体中文, es_419), others as language (region).
    name = locale.languages.get(babel_code(tag)) or locale.get_display_name(locale) or tag
    if extra := private_use(tag):
        name = f"{name} ({extra.replace('-', ' ')})"
    # A capital where the script has them in a menu's sense (Georgian's Mtavruli is not one).
    if name[:1].isalpha() and unicodedata.name(name[0], "").startswith(_CASED):
        name = name[0].upper() + name[1:]
    return name



# CLDR's parents where a locale's is not its code less the last part (es_MX → es_419).
_PARENTS: dict[str, str] = dict(get_global("parent_exceptions"))


@cache
def parent_tags(tag: str) -> tuple[str, ...]:
    """The languages a regional variant builds on, nearest first, as CLDR's parent locales say
    (de-CH → de; es-MX → es-419, es; nb-NO → nb, no); Portugal's and Brazil's Portuguese stand
    in for each other; a private-use variant builds on its language (en-x-pirate → en)."""
    code, chain = babel_code(tag), []
    if private_use(tag):
        chain.append(code)
    while (parent := _PARENTS.get(code) or (code.rsplit("_", 1)[0] if "_" in code else None)) \
            and parent not in chain:
        chain.append(code := parent)
    if babel_code(tag).startswith("pt"):
        chain += [other for other in ("pt_BR", "pt_PT") if other not in (*chain, babel_code(tag))]
    return tuple(language_tag(code) for code in chain)


_LIKELY: dict[str, str] = dict(get_global("likely_subtags"))
# ISO 15924's scripts that are several (Japanese is Han, Hiragana and Katakana).
_SCRIPT_PARTS = {"Jpan": ("Hani", "Hira", "Kana"), "Kore": ("Hang", "Hani"),
                 "Hans": ("Hani",), "Hant": ("Hani",), "Hanb": ("Hani", "Bopo")}
# Where Unicode's letter names start with other words than CLDR's English name of their script
# (the kanji's 々 is IDEOGRAPHIC, the kana's ー KATAKANA-HIRAGANA).
_UNICODE_WORDS = {"Hani": ("CJK", "IDEOGRAPHIC"), "Hira": ("HIRAGANA", "KATAKANA-HIRAGANA"),
                  "Kana": ("KATAKANA", "KATAKANA-HIRAGANA"), "Orya": ("ORIYA",),
                  "Bopo": ("BOPOMOFO",)}


def script_code(tag: str) -> str | None:
    """The ISO 15924 script a language is written in: its tag's own (zh-Hans) or CLDR's likely
    subtags' (ja → Jpan); None where CLDR does not know it."""
    code = babel_code(tag)
    for part in code.split("_")[1:]:
        if len(part) == 4 and part.isalpha():
            return part.title()
    likely = _LIKELY.get(code) or _LIKELY.get(code.split("_")[0])
    parts = likely.split("_") if likely else []
    return parts[1] if len(parts) > 1 and len(parts[1]) == 4 else None


@cache
def script_letters(tag: str) -> frozenset[str]:
    """The writing systems of a language as the checks name them (the first word of its letters'
    Unicode names: LATIN; CJK, HIRAGANA, KATAKANA, KATAKANA-HIRAGANA for Japanese), from CLDR's
    script of the language; empty where CLDR does not know it."""
    script = script_code(tag)
    if script is None:
        return frozenset()
    english = Locale("en").scripts
    letters: set[str] = set()
    for part in _SCRIPT_PARTS.get(script, (script,)):
        words = _UNICODE_WORDS.get(part) or \
            ((english[part].upper().replace(" ", "_"),) if part in english else ())
        letters.update(words)
    return frozenset(letters)
