"""The UI catalogs: template strings not yet translated, or marked fuzzy, per language."""
from __future__ import annotations

from pathlib import Path

from generator.facts.catalogs import LANGS, catalog_messages, catalog_path, is_untranslated
from generator.resolve import Corpus
from generator.checks import check

_PACKAGE = Path(__file__).resolve().parent.parent.parent


def _catalog_findings(fuzzy: bool):
    state = "fuzzy" if fuzzy else "untranslated"
    for lang in LANGS:
        path = catalog_path(lang)
        shown = path.relative_to(_PACKAGE).as_posix() if path.is_relative_to(_PACKAGE) else str(path)
        for message in catalog_messages(lang):
            if message.fuzzy if fuzzy else is_untranslated(message):
                yield (f"{lang}: UI string {state}", shown, message.lineno, str(message.id))


@check("ui-untranslated", "warning", "A UI string of the templates with no translation yet.")
def ui_untranslated(corpus: Corpus):
    yield from _catalog_findings(fuzzy=False)


@check("ui-fuzzy", "warning", "A UI string whose translation is marked fuzzy (needs review).")
def ui_fuzzy(corpus: Corpus):
    yield from _catalog_findings(fuzzy=True)
