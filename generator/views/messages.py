"""Findings in the reader's language: each message's template from the UI catalogs, its section
keys and language codes named in that language (the conventions of generator/codes.py)."""
from __future__ import annotations

from dataclasses import dataclass
from string import Formatter

from generator.facts.catalogs import translations
from generator.facts.languages import Languages, display_name, script_name
from generator.model import Diagnostic, Name, Param
from generator.views import labels
from generator.views.particles import resolve
from generator.views.writing import written_in

# Parameters shown in the reader's language (generator/codes.py); the others are data.
_NAMED = frozenset({"section", "sections", "language", "other_language", "chain", "step_night",
                    "words_night", "characters", "scripts"})


@dataclass(frozen=True)
class Piece:
    """A run of a message: the template's words, or a value with the language it is written in
    ("" for the reader's, or where its letters do not tell)."""

    text: str
    lang: str = ""


def _shown(key: str, value: str | int | tuple[str, ...], lang: str) -> str | int:
    gettext = translations(lang).gettext
    if key == "section" and isinstance(value, str):
        return gettext(labels.SECTIONS.get(value, value))
    if key == "sections" and isinstance(value, tuple):
        return ", ".join(gettext(labels.SECTIONS.get(v, v)) for v in value)
    if key in ("step_night", "words_night") and isinstance(value, str):
        return gettext(labels.STEP_NIGHTS.get(value, value))
    if key in ("language", "other_language") and isinstance(value, str):
        return display_name(value, lang) or value
    if key == "characters" and isinstance(value, tuple):  # code points, each with its name
        names = labels.CHARACTER_NAMES
        return ", ".join(f"{point} {gettext(names.get(point, labels.CONTROL_NAME))}"
                         for point in value)
    if key == "scripts" and isinstance(value, tuple):
        return ", ".join(script_name(system, lang) for system in value)
    if key == "chain" and isinstance(value, tuple):
        return " → ".join(display_name(v, lang) or v for v in value)
    return ", ".join(value) if isinstance(value, tuple) else value


def pieces(diagnostic: Diagnostic, lang: str,
           languages: Languages | None = None) -> tuple[Piece, ...]:
    """The finding's message as a reader of lang reads it, in runs: each value in another
    language than lang (as `languages` tell by its letters) a run of its own."""
    return _translated(diagnostic.template, dict(diagnostic.params), lang, languages)


def _translated(template: str, params: dict[str, Param], lang: str,
                languages: Languages | None) -> tuple[Piece, ...]:
    """The template in lang, filled; a translation whose fields are not the template's (a
    catalog is input like any other) gives way to the template itself."""
    try:
        return _filled(translations(lang).gettext(template), params, lang, languages)
    except (ValueError, KeyError, IndexError):
        return _filled(template, params, lang, languages)


def _filled(template: str, params: dict[str, Param], lang: str,
            languages: Languages | None) -> tuple[Piece, ...]:
    found: list[Piece] = []
    for literal, key, spec, _ in Formatter().parse(template):
        if literal:  # its particles chosen from the word before them, a value's too
            found.append(Piece(resolve(literal, "".join(p.text for p in found))))
        if key is None:
            continue
        value = params[key]
        if isinstance(value, Name):
            found += _name(value, lang, languages)
            continue
        text = format(_shown(key, value, lang), spec or "")
        written = written_in(languages, text) if languages and key not in _NAMED else None
        found.append(Piece(text, written if written and written != lang else ""))
    return tuple(found)


def _name(name: Name, lang: str, languages: Languages | None) -> tuple[Piece, ...]:
    """A character's name as the reader knows it first, its other names after it (in the
    reader's way of writing that: `시종(Steward)`, `Steward (시종)`), each a run of its own."""
    first, *others = name.shown(lang)
    if not others:
        return _filled("{name}", {"name": first}, lang, languages)
    return _translated(labels.NAME_WITH_OTHERS, {"name": first, "others": tuple(others)}, lang,
                       languages)


def message(diagnostic: Diagnostic, lang: str) -> str:
    """The finding's message as a reader of lang reads it."""
    return "".join(piece.text for piece in pieces(diagnostic, lang))


def description(text: str, lang: str) -> str:
    """A check's one-line description in lang."""
    return translations(lang).gettext(text)
