"""The lines about a script file (read/script_spec.py's notes) in the reader's language: the
same words as the English the reader wrote them in, from the catalogs (a test holds the two
to each other). A line of the schema's of a kind it has no words for stays as it is."""
from __future__ import annotations

from babel import Locale, UnknownLocaleError
from babel.lists import format_list

from generator.facts.catalogs import translations
from generator.model import Corpus
from generator.read.script_spec import ROW_NAMES, Note, ScriptSpec
from generator.translatable import N_

# The teams a game cannot be played without, each with the line said when a script has none.
_NEEDED = (("demon", N_("the script has no Demon")), ("minion", N_("the script has no Minion")))


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
        case "unordered-first":
            text = tr.ngettext(
                "%(where)s: %(ids)s wakes on the official first night but is not in the "
                "script's order; listed as not waking",
                "%(where)s: %(ids)s wake on the official first night but are not in the "
                "script's order; listed as not waking", count)
        case "unordered-other":
            text = tr.ngettext(
                "%(where)s: %(ids)s wakes on the official other nights but is not in the "
                "script's order; listed as not waking",
                "%(where)s: %(ids)s wake on the official other nights but are not in the "
                "script's order; listed as not waking", count)
        case "unnumbered-first":
            text = tr.ngettext(
                "%(ids)s: has a first-night reminder but no firstNight number; listed as not "
                "waking",
                "%(ids)s: have a first-night reminder but no firstNight number; listed as not "
                "waking", count)
        case "unnumbered-other":
            text = tr.ngettext(
                "%(ids)s: has an other-night reminder but no otherNight number; listed as not "
                "waking",
                "%(ids)s: have an other-night reminder but no otherNight number; listed as not "
                "waking", count)
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
        case "schema-enum":
            text = tr.gettext("%(where)s: %(value)s is not one of %(allowed)s")
        case "schema-long":
            text = tr.ngettext("%(where)s: %(count)d character, more than %(limit)d",
                               "%(where)s: %(count)d characters, more than %(limit)d", count)
        case "schema-many":
            text = tr.ngettext("%(where)s: %(count)d item, more than %(limit)d",
                               "%(where)s: %(count)d items, more than %(limit)d", count)
        case "schema-few":
            text = tr.ngettext("%(where)s: %(count)d item, fewer than %(limit)d",
                               "%(where)s: %(count)d items, fewer than %(limit)d", count)
        case _:
            return line
    values = dict(line.values)
    if "added" in values:  # the rows added, named and listed as the reader's language does
        values["rows"] = format_list([tr.gettext(ROW_NAMES.get(row, row))
                                      for row in values["added"]], locale=_list_locale(lang))
    return text % values


def missing_teams(corpus: Corpus, script: ScriptSpec, lang: str) -> tuple[str, ...]:
    """A line, in lang, for each team a game needs that the script has no character of: an
    official character's team is the glossary's, a homebrew one's its own "team"."""
    teams = {term.team for ident in script.characters
             if (term := corpus.glossary.by_id("botc", ident))} | \
        {character.team for character in script.custom.values()}
    tr = translations(lang)
    return tuple(tr.gettext(line) for team, line in _NEEDED if team not in teams)


def _list_locale(lang: str) -> str:
    try:
        return str(Locale.parse(lang.replace("-", "_")))
    except (ValueError, UnknownLocaleError):
        return "en"
