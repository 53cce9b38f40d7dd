"""What `import-po` and `update-po` did, said in plain words in the translator's language."""
from __future__ import annotations

import gettext

from generator.facts.catalogs import translations
from generator.translation.po_import import Imported
from generator.translation.store import Updated


def imported_summary(result: Imported, lang: str) -> str:
    tr = translations(lang)
    parts = [tr.ngettext("%(count)d translation imported", "%(count)d translations imported",
                         result.sections) % {"count": result.sections}]
    if result.kept_drafts:
        parts.append(tr.ngettext("%(count)d translation of an earlier source kept as a draft "
                                 "(above)",
                                 "%(count)d translations of an earlier source kept as drafts "
                                 "(above)", result.kept_drafts) % {"count": result.kept_drafts})
    if result.unchanged:
        parts.append(tr.ngettext("%(count)d already in the store",
                                 "%(count)d already in the store",
                                 result.unchanged) % {"count": result.unchanged})
    if result.drafts:
        parts.append(tr.ngettext("%(count)d fuzzy translation not imported (clear its fuzzy "
                                 "flag to import it)",
                                 "%(count)d fuzzy translations not imported (clear their fuzzy "
                                 "flag to import them)",
                                 result.drafts) % {"count": result.drafts})
    if result.waiting:
        parts.append(tr.ngettext("%(count)d empty message waits in the PO",
                                 "%(count)d empty messages wait in the PO",
                                 result.waiting) % {"count": result.waiting})
    if warned := result.warned:
        parts.append(tr.ngettext("%(count)d imported with a warning (above)",
                                 "%(count)d imported with a warning (above)",
                                 warned) % {"count": warned})
    if result.refused:
        parts.append(tr.ngettext("%(count)d not imported (above)",
                                 "%(count)d not imported (above)",
                                 result.refused) % {"count": result.refused})
    written = tr.gettext("%(file)s written") if result.changed else \
        tr.gettext("%(file)s unchanged")
    return _line(tr, parts, written % {"file": result.file})


def updated_summary(result: Updated, lang: str) -> str:
    tr = translations(lang)
    parts = [tr.ngettext("%(count)d new section", "%(count)d new sections", result.new)
             % {"count": result.new},
             tr.ngettext("%(count)d translation whose source changed, marked fuzzy",
                         "%(count)d translations whose source changed, marked fuzzy",
                         result.fuzzy) % {"count": result.fuzzy},
             tr.ngettext("%(count)d obsolete", "%(count)d obsolete", result.obsolete)
             % {"count": result.obsolete}]
    written = tr.gettext("%(file)s written") if result.changed else \
        tr.gettext("%(file)s unchanged")
    return _line(tr, parts, written % {"file": result.file})


def _line(tr: gettext.NullTranslations, counts: list[str], written: str) -> str:
    """The counts and what became of the file as the language punctuates a list and a
    sentence (Korean: commas, then a full stop)."""
    return tr.gettext("%(counts)s; %(written)s") % {"counts": tr.gettext("; ").join(counts),
                                                     "written": written}


def exported_summary(count: int, file: str, lang: str) -> str:
    """What `export-po` wrote, in the language of the PO."""
    return translations(lang).ngettext("%(count)d message → %(file)s",
                                       "%(count)d messages → %(file)s",
                                       count) % {"count": count, "file": file}


def migrated_summary(count: int, file: str, lang: str) -> str:
    return translations(lang).ngettext(
        "%(file)s: %(count)d section moved into the store; the file is removed",
        "%(file)s: %(count)d sections moved into the store; the file is removed",
        count) % {"file": file, "count": count}
