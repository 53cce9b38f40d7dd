"""Characters that data read from outside must not carry onto a page or a sheet: control
characters, the bidirectional overrides, embeddings and isolates (a page isolates text written
the other way itself), and zero-width characters, but for the joiners a script needs."""
from __future__ import annotations

import re
import unicodedata

# C0 and C1 controls but tab and line feed; the bidi embeddings and overrides (U+202A-U+202E) and
# isolates (U+2066-U+2069); zero-width space, word joiner, invisible operators, BOM, Mongolian
# vowel separator; lone surrogates (JSON can spell them, UTF-8 cannot).
_REMOVED = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u200b\u2060-\u2064"
                      "\ufeff\u180e\ud800-\udfff]")
_JOINERS = re.compile("[\u200c\u200d]")
# Scripts whose words need the zero-width joiner or non-joiner (Persian's half-space, the
# conjuncts of Indic scripts), and emoji sequences (the joiner follows a symbol).
_JOINING = ("ARABIC", "SYRIAC", "NKO", "DEVANAGARI", "BENGALI", "GURMUKHI", "GUJARATI", "ORIYA",
            "TAMIL", "TELUGU", "KANNADA", "MALAYALAM", "SINHALA", "MYANMAR", "KHMER", "TIBETAN",
            "MONGOLIAN", "LAO", "THAI")


def _joins(before: str) -> bool:
    if not before:
        return False
    if unicodedata.category(before) in ("So", "Sk") or before in "\ufe0f":
        return True
    return unicodedata.name(before, "").split(" ")[0] in _JOINING


def cleaned(text: str) -> tuple[str, tuple[str, ...]]:
    """The text without the characters above, and those removed (each once, in order)."""
    removed: list[str] = []

    def drop(match: re.Match[str]) -> str:
        removed.append(match.group(0))
        return ""

    text = _REMOVED.sub(drop, text)
    if _JOINERS.search(text):
        kept = []
        for index, char in enumerate(text):
            if _JOINERS.fullmatch(char) and not _joins(text[index - 1] if index else ""):
                removed.append(char)
            else:
                kept.append(char)
        text = "".join(kept)
    return text, tuple(dict.fromkeys(removed))


def described(char: str) -> str:
    """U+202E RIGHT-TO-LEFT OVERRIDE; U+0000 (a control character), which Unicode names not."""
    name = unicodedata.name(char, "") or ("(a lone surrogate)" if "\ud800" <= char <= "\udfff"
                                          else "(a control character)")
    return f"U+{ord(char):04X} {name}"
