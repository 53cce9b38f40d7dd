"""The UI catalogs: template strings not yet translated, or marked fuzzy, per language."""
from __future__ import annotations

from pathlib import Path

from generator.checks import check
from generator.codes import UI_FUZZY, UI_UNTRANSLATED
from generator.facts.catalogs import (
    LOCALES,
    TEMPLATE,
    catalog_messages,
    catalog_path,
    has_catalog,
    is_untranslated,
)
from generator.model import Corpus

_PACKAGE = Path(__file__).resolve().parent.parent.parent


def _shown(path: Path) -> str:
    return path.relative_to(_PACKAGE).as_posix() if path.is_relative_to(_PACKAGE) else str(path)


def _catalog_findings(corpus: Corpus, fuzzy: bool):
    for lang in corpus.languages.codes:
        if not has_catalog(lang):
            if not fuzzy:  # one finding for the whole language, not one per string
                yield UI_UNTRANSLATED.at(_shown(LOCALES / TEMPLATE), 1, lang, "no-catalog",
                                         language=lang, count=len(catalog_messages(lang)))
            continue
        shown = _shown(catalog_path(lang))
        for message in catalog_messages(lang):
            if message.fuzzy if fuzzy else is_untranslated(message):
                kind = UI_FUZZY.at(shown, message.line, message.id, language=lang) \
                    if fuzzy else UI_UNTRANSLATED.at(shown, message.line, message.id,
                                                     "string", language=lang)
                yield kind


@check(UI_UNTRANSLATED)
def ui_untranslated(corpus: Corpus):
    yield from _catalog_findings(corpus, fuzzy=False)


@check(UI_FUZZY)
def ui_fuzzy(corpus: Corpus):
    yield from _catalog_findings(corpus, fuzzy=True)
