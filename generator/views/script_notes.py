"""The lines about a script file (read/script_spec.py's notes) in the reader's language: the
same words as the English the reader wrote them in, from the catalogs (a test holds the two
to each other). A line of the schema's stays as it is."""
from __future__ import annotations

from generator.facts.catalogs import translations
from generator.read.script_spec import Note


def said(line: str, lang: str) -> str:
    """The line in lang, where it is a note the catalogs know."""
    if not isinstance(line, Note):
        return line
    tr = translations(lang)
    count = line.values.get("count", 0)
    match line.kind:
        case "unknown":
            text = tr.gettext("%(where)s: unknown id '%(raw)s'")
        case "unknown-close":
            text = tr.gettext("%(where)s: unknown id '%(raw)s'; did you mean '%(close)s'?")
        case "left-out":
            text = tr.ngettext("%(where)s: left out %(count)d id not on the script (%(ids)s)",
                               "%(where)s: left out %(count)d ids not on the script (%(ids)s)",
                               count)
        case "added":
            text = tr.gettext("%(where)s: added %(rows)s")
        case "left-out-added":
            text = tr.ngettext(
                "%(where)s: left out %(count)d id not on the script (%(ids)s); added %(rows)s",
                "%(where)s: left out %(count)d ids not on the script (%(ids)s); added %(rows)s",
                count)
        case "duplicate":
            text = tr.gettext("%(where)s: duplicate id '%(ident)s' (first at %(earlier)s); "
                              "ignored")
        case "read-as":
            text = tr.gettext("%(where)s: '%(raw)s' read as '%(read)s'")
        case "spelling":
            text = tr.ngettext(
                "%(count)d id read as the official tools read it (capitals, spaces, '_' and "
                "'-' dropped); --verbose shows it",
                "%(count)d ids read as the official tools read them (capitals, spaces, '_' and "
                "'-' dropped); --verbose lists each", count)
        case "team":
            text = tr.ngettext(
                "%(count)d team spelt otherwise read as the official one; --verbose shows it",
                "%(count)d teams spelt otherwise read as the official ones; --verbose lists "
                "each", count)
        case "fields":
            text = tr.ngettext(
                "%(count)d item carries fields the official format does not define, read past; "
                "--verbose shows it",
                "%(count)d items carry fields the official format does not define, read past; "
                "--verbose lists each", count)
        case _:
            return line
    return text % line.values
