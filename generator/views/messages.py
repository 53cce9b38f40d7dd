"""Findings in the reader's language: each message's template from the UI catalogs, its section
keys and language codes named in that language (the conventions of generator/codes.py)."""
from __future__ import annotations

from generator.facts.catalogs import translations
from generator.facts.languages import display_name
from generator.model import Diagnostic, Param
from generator.views import labels
from generator.views.particles import resolve


def _shown(key: str, value: Param, lang: str) -> str | int:
    gettext = translations(lang).gettext
    if key == "section" and isinstance(value, str):
        return gettext(labels.SECTIONS.get(value, value))
    if key == "sections" and isinstance(value, tuple):
        return ", ".join(gettext(labels.SECTIONS.get(v, v)) for v in value)
    if key in ("language", "other_language") and isinstance(value, str):
        return display_name(value, lang) or value
    if key == "chain" and isinstance(value, tuple):
        return " → ".join(display_name(v, lang) or v for v in value)
    return ", ".join(value) if isinstance(value, tuple) else value


def message(diagnostic: Diagnostic, lang: str) -> str:
    """The finding's message as a reader of lang reads it."""
    template = translations(lang).gettext(diagnostic.template)
    return resolve(template.format(**{key: _shown(key, value, lang)
                                      for key, value in diagnostic.params}))


def description(text: str, lang: str) -> str:
    """A check's one-line description in lang."""
    return translations(lang).gettext(text)
