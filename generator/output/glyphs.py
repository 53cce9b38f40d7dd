"""Letters that would show as boxes: those of a language's pages or of a sheet that no installed
font has, one finding each (its first place, the language, the letters)."""
from __future__ import annotations

import html
import re
from pathlib import Path

from generator.codes import NO_FONT
from generator.facts.fonts import fonts_known, shown, without_font
from generator.model import Diagnostic

# A sheet's stylesheet (font names, never shown) and tags; what is left is its text.
_STYLE = re.compile(r"<style>.*?</style>", re.S)
_TAG = re.compile(r"<[^<>]*>")


def page_gaps(docs: Path, lang: str) -> Diagnostic | None:
    """The letters a language's pages (its docs/ as rendered) show that no installed font has,
    at the line of the first page that shows the first of them."""
    lacking = ""
    first: tuple[str, int] | None = None
    for path in sorted(docs.rglob("*.md")):
        text = path.read_text(encoding="utf-8")  # escaped only where ASCII: < > & ' "
        found = without_font(text)
        if found and first is None:
            first = (path.as_posix(), _line(text, found[0]))
        lacking += found
    if first is None:
        return None
    letters = "".join(sorted(set(lacking)))
    return NO_FONT.at(first[0], first[1], key="page", language=lang, letters=shown(letters))


def sheet_gaps(sheet_html: str) -> str:
    """The letters a sheet's text holds that no installed font has."""
    return without_font(html.unescape(_TAG.sub(" ", _STYLE.sub("", sheet_html))))


def unknown_fonts() -> bool:
    return not fonts_known()


def _line(text: str, letter: str) -> int:
    return text.count("\n", 0, text.index(letter)) + 1
