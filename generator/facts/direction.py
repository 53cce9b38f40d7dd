"""The direction a language is written in, as CLDR (through Babel) gives its character order."""
from __future__ import annotations

from functools import lru_cache
from typing import Literal

from babel import Locale, UnknownLocaleError

Direction = Literal["ltr", "rtl"]


@lru_cache(maxsize=256)
def direction(code: str) -> Direction | None:
    """rtl for Hebrew, Persian, Arabic and the like, ltr for the rest; None for a code CLDR
    does not know (its text is then isolated with dir="auto")."""
    try:
        locale = Locale.parse(code.replace("-", "_"))
    except (UnknownLocaleError, ValueError, TypeError):
        return None
    return "rtl" if locale.character_order == "right-to-left" else "ltr"
