"""A PO string wrapped as GNU gettext (msgcat, msgmerge) wraps it at its default width of 79
columns: `write-po.c`'s wrap() over libunistring's line breaking (UAX #14 by its pair table,
which breaks between Hangul syllables) and its column widths (Hangul two columns). A tool that
rewraps the store's file then leaves it as it is, so a git diff shows only what was edited.
translate-toolkit's wrapper, the other one at hand, breaks Korean at spaces only."""
from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from functools import cache

from uniseg.linebreak import line_break

PAGE_WIDTH = 79

# The pair table of libunistring 1.0 (the one Debian's gettext 0.21 uses), row the class before
# the break, column the class after: D a break, I a break only after a space, P no break.
_CLASSES = ("WJ", "GL", "B2", "BA", "BB", "HY", "CL", "CP", "EX", "IN", "NS", "OP", "QU",
            "IS", "NU", "PO", "PR", "SY", "AL", "H2", "H3", "ID", "JL", "JV", "JT", "HL", "RI")
_TABLE = {
    "WJ": "PIIIIIPPPIIIIPIIIPIIIIIIIII", "GL": "PIIIIIPPPIIIIPIIIPIIIIIIIII",
    "B2": "PIPIDIPPPIIDIPDDDPDDDDDDDDD", "BA": "PDDIDIPPPIIDIPDDDPDDDDDDDDD",
    "BB": "PIIIIIPPPIIIIPIIIPIIIIIIIII", "HY": "PDDIDIPPPIIDIPIDDPDDDDDDDDD",
    "CL": "PIDIDIPPPIPDIPDIIPDDDDDDDDD", "CP": "PIDIDIPPPIIDIPIIIPIDDDDDDID",
    "EX": "PIDIDIPPPIIDIPDDDPDDDDDDDDD", "IN": "PIDIDIPPPIIDIPDDDPDDDDDDDDD",
    "NS": "PIDIDIPPPIIDIPDDDPDDDDDDDDD", "OP": "PPPPPPPPPPPPPPPPPPPPPPPPPPP",
    "QU": "PIIIIIPPPIIPIPIIIPIIIIIIIII", "IS": "PIDIDIPPPIIDIPIDDPDDDDDDDDD",
    "NU": "PIDIDIPPPIIIIPIIIPIDDDDDDID", "PO": "PIDIDIPPPIIIIPIDDPIDDDDDDID",
    "PR": "PIDIDIPPPIIIIPIDDPIIIIIIIID", "SY": "PIDIDIPPPIIDIPIDDPDDDDDDDID",
    "AL": "PIDIDIPPPIIIIPIIIPIDDDDDDID", "H2": "PIDIDIPPPIIDIPDIDPDDDDDIIDD",
    "H3": "PIDIDIPPPIIDIPDIDPDDDDDDIDD", "ID": "PIDIDIPPPIIDIPDIDPDDDDDDDDD",
    "JL": "PIDIDIPPPIIDIPDIDPDIIDIIDDD", "JV": "PIDIDIPPPIIDIPDIDPDDDDDIIDD",
    "JT": "PIDIDIPPPIIDIPDIDPDDDDDDIDD", "HL": "PIDIDIPPPIIIIPIIIPIDDDDDDID",
    "RI": "PIDIDIPPPIIDIPDDDPDDDDDDDDI",
}
_COLUMN = {cls: n for n, cls in enumerate(_CLASSES)}
# Classes of later Unicode versions or left to the implementation, as libunistring 1.0 takes
# them in a UTF-8 file (AI narrow, complex scripts and unknowns alphabetic).
_RESOLVED = {"AI": "AL", "SA": "AL", "XX": "AL", "AK": "AL", "AP": "AL", "AS": "AL", "VI": "AL",
             "VF": "AL", "CB": "ID", "CJ": "NS", "EB": "ID", "EM": "CM",
             "CR": "BK", "LF": "BK", "NL": "BK"}
_C_ESCAPES = {"\a": "a", "\b": "b", "\f": "f", "\n": "n", "\r": "r", "\t": "t", "\v": "v"}


@cache  # a text has few distinct characters; the property look-up is slow
def _class(char: str) -> str:
    name = line_break(char).name
    return _RESOLVED.get(name, name)


@cache
def _width(char: str) -> int:
    """Columns as libunistring counts them in UTF-8: wide two, combining and format none (as
    are the Hangul vowels and final consonants that join a syllable)."""
    category = unicodedata.category(char)
    if category in ("Mn", "Me", "Cf", "Cc") or "\u1160" <= char <= "\u11ff" or \
            "\ud7b0" <= char <= "\ud7ff":
        return 0
    wide = category != "Cn" and unicodedata.east_asian_width(char) in ("W", "F")
    return 2 if wide else 1


# UAX #14's LB30 keeps a letter or number with an opening bracket after it, but for an East
# Asian one (「, 《, （): libunistring breaks before those, as the table alone would not.
_BEFORE_OPENING = frozenset({"AL", "HL", "NU"})


@cache
def _east_asian(char: str) -> bool:
    return unicodedata.east_asian_width(char) in ("F", "W", "H")


def _possible_breaks(chars: list[str]) -> list[bool]:
    """Where a line may break before each character, as u8_possible_linebreaks finds it."""
    breaks = [False] * len(chars)
    last, space, glued = "BK", False, False  # class of the last non-space; a space after it
    flags = 0  # regional indicators just before: a flag is two, and flags break between them
    for i, char in enumerate(chars):
        cls = _class(char)
        paired, flags = flags % 2 == 0, flags + 1 if cls == "RI" else 0
        joins, glued = glued, cls == "ZWJ"  # nothing breaks after a zero-width joiner
        if cls == "ZWJ":
            cls = "CM"
        if cls == "BK":
            last, space = "BK", False
        elif cls == "SP":
            space = True
        elif cls == "ZW":
            last, space = "ZW", False
        elif cls == "CM" and last == "ZW":
            breaks[i], last = not joins, "AL"
        elif cls != "CM" or space or last == "BK":  # a mark after a letter belongs to it
            cls = "AL" if cls == "CM" else cls  # one on a space or at the start is a letter
            if last == "ZW":
                breaks[i] = True
            elif last != "BK":
                rule = _TABLE[last][_COLUMN[cls]]
                breaks[i] = rule == "D" or (rule == "I" and space) or \
                    (last in _BEFORE_OPENING and cls == "OP" and _east_asian(char)) or \
                    (last == cls == "RI" and paired)
            breaks[i] = breaks[i] and not joins
            last, space = cls, False
    return breaks


def _octal(char: str) -> str:
    """Another ASCII control as an octal escape, never raw in the file (msgcat writes it raw:
    the one place its output differs, for text no import lets into the store)."""
    return f"\\{ord(char):03o}" if ord(char) < 0x20 or char == "\x7f" else char


def _portion(text: str) -> tuple[list[str], list[bool | None]]:
    """A portion escaped as gettext writes it, one entry per output character, and where an
    escape sequence forbids a break (inside it, or before a closing \\n)."""
    chars: list[str] = []
    overrides: list[bool | None] = []
    for char in text:
        escaped = "\\" + _C_ESCAPES[char] if char in _C_ESCAPES else \
            "\\" + char if char in '\\"' else _octal(char)
        chars += escaped
        overrides += [None] + [False] * (len(escaped) - 1)
    if text.endswith("\n"):
        overrides[-2] = False
    return chars, overrides


def _line_breaks(chars: list[str], overrides: list[bool | None], width: int,
                 start: int) -> list[bool]:
    """Where the lines break, as u8_width_linebreaks chooses: the last opportunity before a
    piece that would pass the width."""
    possible = _possible_breaks(chars)
    mandatory = [_class(char) == "BK" for char in chars]
    chosen = [False] * len(chars)
    last, column, piece = None, start, 0
    for i, char in enumerate(chars):
        can = possible[i] if overrides[i] is None else overrides[i]
        if (can or mandatory[i]) and last is not None and column + piece > width:
            chosen[last], column = True, 0
        if mandatory[i]:
            last, column, piece = None, 0, 0
            continue
        if can:
            last, column, piece = i, column + piece, 0
        piece += _width(char)
    if last is not None and column + piece > width:
        chosen[last] = True
    return chosen


def _portions(text: str) -> Iterator[str]:
    """The text cut after each line break; an empty text one empty portion."""
    start = 0
    while True:
        end = text.find("\n", start) + 1 or len(text)
        yield text[start:end]
        if end >= len(text):
            return
        start = end


def wrapped_field(prefix: str, keyword: str, text: str) -> list[str]:
    """`keyword "text"` as gettext writes it: one line where it fits and has no inner line
    break, else `keyword ""` and then the text's lines, each wrapped to the page width."""
    lines: list[str] = []
    portions = list(_portions(text))
    width = PAGE_WIDTH - 1 - (len(prefix) + 1)  # room for the quotes
    first = True
    for n, portion in enumerate(portions):
        chars, overrides = _portion(portion)
        start = len(keyword) + 1 if first else 0
        breaks = _line_breaks(chars, overrides, width, start)
        if first and chars and (n < len(portions) - 1 or start > width or any(breaks)):
            lines.append(f'{prefix}{keyword} ""')
            first, start = False, 0
            breaks = _line_breaks(chars, overrides, width, start)
        line = f"{prefix}{keyword} \"" if first else f'{prefix}"'
        first = False
        for char, cut in zip(chars, breaks, strict=True):
            if cut:
                lines.append(line + '"')
                line = f'{prefix}"'
            line += char
        lines.append(line + '"')
    return lines
