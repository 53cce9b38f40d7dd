"""UI strings: the catalogs in generator/locales/, read by the project's PO reader, as gettext
translations and as counts."""
from __future__ import annotations

import gettext
from dataclasses import dataclass
from functools import cache
from io import BytesIO
from pathlib import Path

from babel import UnknownLocaleError
from babel.messages.plurals import get_plural

from generator.errors import AlmanacError
from generator.facts.language_codes import babel_code, parent_tags, private_use
from generator.facts.mo import compiled
from generator.read.po import PoFile, PoMessage, read_po_bytes
from generator.translatable import REVIEWED

LOCALES = Path(__file__).resolve().parent.parent / "locales"
TEMPLATE = "messages.pot"


def _folder(code: str) -> Path:
    return LOCALES / code / "LC_MESSAGES" / "messages.po"


def catalog_chain(lang: str) -> tuple[str, ...]:
    """Babel's codes of the catalogs a language may take: its own, then those of the languages
    it builds on (language_codes.parent_tags)."""
    own = babel_code(lang)
    return tuple(dict.fromkeys((*([] if private_use(lang) else [own]),
                                *(babel_code(tag) for tag in parent_tags(lang)))))


@cache
def catalog_code(lang: str) -> str | None:
    """The code of the catalog a language's interface is in: its own, else its nearest
    parent's; None where it has none."""
    return next((code for code in catalog_chain(lang) if _folder(code).is_file()), None)


def catalog_path(lang: str) -> Path:
    """The language's catalog, or where its own would be."""
    return _folder(catalog_code(lang) or babel_code(lang))


def has_catalog(lang: str) -> bool:
    return catalog_code(lang) is not None


@cache  # read once per process (a build's checks, counts and every language's pages ask)
def _catalog(path: Path) -> PoFile:
    """A language's catalog, or the template."""
    return read_po_bytes(path.read_bytes(), str(path), any_charset=True)


class _Worded(gettext.NullTranslations):
    """A language without a catalog: the words given for some UI strings, English for the rest."""

    def __init__(self, words: tuple[tuple[str, str], ...]) -> None:
        super().__init__()
        self._words = dict(words)

    def gettext(self, message: str) -> str:
        return self._words.get(message, message)

    def worded(self, message: str) -> bool:
        return message in self._words


def _cldr_plural_forms(code: str) -> str:
    """The language's plural forms in CLDR, for a catalog whose header has none; gettext's
    default (as Babel's) for a language CLDR does not know."""
    try:
        return get_plural(code).plural_forms
    except (ValueError, UnknownLocaleError):
        return "nplurals=2; plural=(n != 1);"


@cache  # every page and finding of a build asks again
def translations(lang: str, words: tuple[tuple[str, str], ...] = ()) -> gettext.NullTranslations:
    """The catalog compiled in memory, so no .mo file has to be kept in step with its .po; a
    language without a catalog gets the words given for some UI strings (the official tools'),
    the English strings of the templates for the rest."""
    code = catalog_code(lang)
    if code is None:
        return _Worded(words)
    catalog = _catalog(_folder(code))
    try:
        return gettext.GNUTranslations(BytesIO(compiled(catalog, _cldr_plural_forms(code))))
    except ValueError as err:  # gettext's reading of the Plural-Forms expression
        raise AlmanacError(f"the header's Plural-Forms is not one gettext reads ({err})",
                           catalog.file, catalog.header_line) from None


@dataclass(frozen=True)
class CatalogStats:
    lang: str
    total: int
    untranslated: tuple[str, ...]
    fuzzy: tuple[str, ...]


def catalog_messages(lang: str) -> list[PoMessage]:
    """The catalog's messages, its header and obsolete ones left out; without a catalog, the
    template's (all untranslated)."""
    catalog = _catalog(catalog_path(lang) if has_catalog(lang) else LOCALES / TEMPLATE)
    return [m for m in catalog.messages if m.id and not m.obsolete]


def is_untranslated(message: PoMessage) -> bool:
    forms = message.plural_strings if message.plural else (message.string,)
    return not any(forms) and not message.fuzzy


def catalog_stats(lang: str) -> CatalogStats:
    """Messages without a translation, and fuzzy ones, counted once each."""
    messages = catalog_messages(lang)
    return CatalogStats(
        lang=lang, total=len(messages),
        untranslated=tuple(m.id for m in messages if is_untranslated(m)),
        fuzzy=tuple(m.id for m in messages if m.fuzzy))


@dataclass(frozen=True)
class CatalogProgress:
    """The interface strings of a language's catalog: translated (no draft), of those reviewed
    (a translator comment `# reviewed`, as in the almanac's stores), of all; the catalog's file
    and the command that makes or updates it, from the project's root."""

    written: int
    reviewed: int
    total: int
    file: str
    command: str


def catalog_progress(lang: str) -> CatalogProgress:
    messages = catalog_messages(lang)
    written = [m for m in messages if not is_untranslated(m) and not m.fuzzy]
    path = catalog_path(lang)
    file = path.relative_to(LOCALES.parent.parent).as_posix()
    # A language without a catalog begins one from the template; update_catalogs keeps them all.
    command = "scripts/update_catalogs" if has_catalog(lang) else \
        f"pybabel init -i generator/locales/{TEMPLATE} -d generator/locales -l {babel_code(lang)}"
    reviewed = sum(1 for m in written if any(c.strip() == REVIEWED for c in m.comments))
    return CatalogProgress(len(written), reviewed, len(messages), file, command)
