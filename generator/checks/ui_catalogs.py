"""The UI catalogs: template strings not yet translated, or marked fuzzy, per language."""
from __future__ import annotations

from pathlib import Path

from generator.checks import check
from generator.facts.catalogs import (
    LOCALES,
    TEMPLATE,
    catalog_messages,
    catalog_path,
    has_catalog,
    is_untranslated,
)
from generator.resolve import Corpus

_PACKAGE = Path(__file__).resolve().parent.parent.parent


def _shown(path: Path) -> str:
    return path.relative_to(_PACKAGE).as_posix() if path.is_relative_to(_PACKAGE) else str(path)


def _catalog_findings(corpus: Corpus, fuzzy: bool):
    state = "fuzzy" if fuzzy else "untranslated"
    for lang in corpus.languages.codes:
        if not has_catalog(lang):
            if not fuzzy:  # one finding for the whole language, not one per string
                yield (f"{lang}: no UI catalog; all {len(catalog_messages(lang))} UI strings are "
                       "shown in English", _shown(LOCALES / TEMPLATE), 1, lang)
            continue
        shown = _shown(catalog_path(lang))
        for message in catalog_messages(lang):
            if message.fuzzy if fuzzy else is_untranslated(message):
                yield (f"{lang}: UI string {state}", shown, message.lineno, str(message.id))


@check("ui-untranslated", "warning", "A UI string of the templates with no translation yet.")
def ui_untranslated(corpus: Corpus):
    yield from _catalog_findings(corpus, fuzzy=False)


@check("ui-fuzzy", "warning", "A UI string whose translation is marked fuzzy (needs review).")
def ui_fuzzy(corpus: Corpus):
    yield from _catalog_findings(corpus, fuzzy=True)
