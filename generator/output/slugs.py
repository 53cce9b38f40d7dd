"""Heading anchors as the headings read, in every writing system (#진행-방법, #ชาวเมือง-69):
pymdownx's slugify keeps letters, digits and `_` (`\\w`) but drops the marks that Thai, Hindi and
others write their vowels with (ชาวเมือง became ชาวเมอง)."""
from __future__ import annotations

import re
import unicodedata

from generator.facts.catalogs import translations
from generator.views.labels import SECTIONS

_TAGS = re.compile(r"</?[^>]*>")


def slugify(text: str, sep: str) -> str:
    """As pymdownx.slugs.slugify(case="lower") makes it, the marks kept."""
    text = _TAGS.sub("", unicodedata.normalize("NFC", text)).strip().lower()
    kept = "".join(c for c in text if c.isalnum() or c in "_- " or
                   unicodedata.category(c).startswith("M"))
    return kept.replace(" ", sep)


def section_address(lang: str, ident: str, section: str) -> str:
    """Where a character's section shows, from the site's root: its page and the anchor of
    the section's heading in that language (/ja/characters/monk/#能力), for a translator to open."""
    heading = translations(lang).gettext(SECTIONS[section])
    return f"/{lang}/characters/{ident}/#{slugify(heading, '-')}"
