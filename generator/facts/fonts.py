"""The letters the installed fonts have, as fontconfig lists them: the fonts Chromium takes a
letter from where a stylesheet's fonts lack it (on Linux it asks fontconfig), so a letter none
of them has shows as a box on a page and in a PDF."""
from __future__ import annotations

import subprocess
import unicodedata
from bisect import bisect_right
from functools import lru_cache

# What needs no glyph: spaces, controls, format characters (joiners, bidi marks) and the
# variation selectors, which only choose among a letter's glyphs.
_NO_GLYPH = frozenset({"Zs", "Zl", "Zp", "Cc", "Cf"})


@lru_cache(maxsize=1)
def _ranges() -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The code points the installed fonts cover, as merged (starts, ends); None where
    fontconfig's fc-list is not installed."""
    try:
        listing = subprocess.run(["fc-list", "--format", "%{charset}\n"], capture_output=True,
                                 text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    # A span once, though most fonts list it (a seventh as many to read).
    spans = sorted((int(start, 16), int(end or start, 16))
                   for word in set(listing.split()) for start, _, end in [word.partition("-")])
    starts: list[int] = []
    ends: list[int] = []
    for start, end in spans:
        if ends and start <= ends[-1] + 1:
            ends[-1] = max(ends[-1], end)
        else:
            starts.append(start)
            ends.append(end)
    return tuple(starts), tuple(ends)


def fonts_known() -> bool:
    """Whether the installed fonts can be asked (fontconfig is installed)."""
    return _ranges() is not None


def without_font(text: str) -> str:
    """The distinct characters of text, in code point order, that need a glyph and that no
    installed font has ("" where fontconfig cannot tell)."""
    ranges = _ranges()
    if ranges is None:
        return ""
    starts, ends = ranges
    lacking = []
    for char in sorted(set(text)):
        point = ord(char)
        if unicodedata.category(char) in _NO_GLYPH or 0xFE00 <= point <= 0xFE0F \
                or 0xE0100 <= point <= 0xE01EF:
            continue
        at = bisect_right(starts, point) - 1
        if at < 0 or point > ends[at]:
            lacking.append(char)
    return "".join(lacking)


def shown(letters: str, most: int = 10) -> str:
    """The letters as a reader can name them: each with its code point, the first `most`."""
    named = ", ".join(f"'{letter}' U+{ord(letter):04X}" for letter in letters[:most])
    return named + (f" and {len(letters) - most} more" if len(letters) > most else "")
