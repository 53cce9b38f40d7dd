"""Letters that would show as boxes: those of a language's pages or of a sheet that no installed
font has, one finding each (its first place, the language, the letters)."""
from __future__ import annotations

import html
import re
from pathlib import Path

from generator.codes import NO_FONT
from generator.facts.fonts import fonts_known, shown, without_font
from generator.model import visible
from generator.views.messages import message

# A sheet's stylesheet (font names, never shown) and tags; what is left is its text.
_STYLE = re.compile(r"<style>.*?</style>", re.S)
_TAG = re.compile(r"<[^<>]*>")


def page_gap(docs: Path, lang: str, root: Path, only: list[str] | None = None) -> str | None:
    """One line naming the letters a language's pages (its docs/ as rendered, inside root; only:
    those of these paths in docs/) show that no installed font has, at the first page and line
    that shows one (from root); None where they have none."""
    lacking = ""
    first: tuple[str, int] | None = None
    pages = sorted(docs.rglob("*.md")) if only is None else \
        [docs / page for page in only if page.endswith(".md") and (docs / page).is_file()]
    for path in pages:
        text = path.read_text(encoding="utf-8")  # escaped only where ASCII: < > & ' "
        found = without_font(text)
        if found and first is None:
            first = (path.relative_to(root).as_posix(), _line(text, found[0]))
        lacking += found
    if first is None:
        return None
    letters = "".join(sorted(set(lacking)))
    gap = NO_FONT.at(first[0], first[1], key="page", language=lang, letters=shown(letters))
    return gap.format(message(gap, "en"))


def sheet_gap(sheet_html: str, target: Path, lang: str, speak: str = "en") -> str | None:
    """One line, in the run's language speak, naming the letters a sheet in lang (to be written
    to target) holds that no installed font has; None where it has none."""
    letters = without_font(html.unescape(_TAG.sub(" ", _STYLE.sub("", sheet_html))))
    if not letters:
        return None
    gap = NO_FONT.at(str(target), 0, key="sheet", language=lang, letters=shown(letters))
    return visible(f"{target}: warning {gap.code}: {message(gap, speak)}")


def fonts_unknown(speak: str = "en") -> str | None:
    """One line, in the run's language speak, where the installed fonts cannot be asked (no
    fontconfig), else None."""
    if fonts_known():
        return None
    return f"warning {NO_FONT.code}: {message(NO_FONT.at('', 0, key='unknown'), speak)}"


def _line(text: str, letter: str) -> int:
    return text.count("\n", 0, text.index(letter)) + 1
