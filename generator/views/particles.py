"""Korean particles chosen from the word before them: `능력이(가)` → `능력이`, `글(으)로` → `글로`.

A catalog's template may write a particle in both forms after a placeholder whose value is
always a word of the reader's language (a section's label, a language's name); the form is
chosen here from the last syllable's final consonant (ㄹ taking 로, not 으로). After anything
else (a Latin name, a quoted token) the reading is unknown, so the templates put no particle
there: the catalogs' test renders every template with Latin values to hold them to it."""
from __future__ import annotations

import re

# Both forms as a template writes them → (after a final consonant, after none).
_PAIRS = {"을(를)": ("을", "를"), "를(을)": ("을", "를"), "이(가)": ("이", "가"),
          "가(이)": ("이", "가"), "은(는)": ("은", "는"), "는(은)": ("은", "는"),
          "과(와)": ("과", "와"), "와(과)": ("과", "와"), "(이)어야": ("이어야", "여야"),
          "(이)라는": ("이라는", "라는"), "(이)나": ("이나", "나")}
_TO = "(으)로"
PARTICLE = re.compile("|".join(map(re.escape, [*_PAIRS, _TO])))
# A digit's Korean reading ends in a consonant (영, 일, 삼, 육, 칠, 팔); ㄹ for 1, 7, 8.
_DIGIT_FINAL = {"0": "ㅇ", "1": "ㄹ", "3": "ㅁ", "6": "ㄱ", "7": "ㄹ", "8": "ㄹ"}
_RIEUL = 8  # the index of ㄹ among the final consonants of a Hangul syllable


def _final(char: str) -> str | None:
    """'' for a syllable with no final consonant, 'ㄹ' or another for one with it; None when
    the character's reading is not known (not Hangul, not a digit)."""
    if "가" <= char <= "힣":
        final = (ord(char) - 0xAC00) % 28
        return "" if final == 0 else ("ㄹ" if final == _RIEUL else "ㄱ")
    if char.isdigit() and char.isascii():
        return _DIGIT_FINAL.get(char, "")
    return None


def resolve(text: str, preceding: str = "") -> str:
    """Every particle written in both forms, chosen from the character before it (in
    `preceding`, the text before this one, at its start); one after a word whose reading is
    unknown is left as it is (a template to reword)."""
    def chosen(match: re.Match[str]) -> str:
        before = (preceding + text[:match.start()]).rstrip(")]")
        final = _final(before[-1]) if before else None
        if final is None:
            return match.group(0)
        if match.group(0) == _TO:
            return "으로" if final not in ("", "ㄹ") else "로"
        with_final, without = _PAIRS[match.group(0)]
        return with_final if final else without
    return PARTICLE.sub(chosen, text)
