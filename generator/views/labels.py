"""UI labels chosen by data (section, night, status), marked for extraction with N_."""
from __future__ import annotations

from generator.translatable import N_

SECTIONS = {
    "ability": N_("Ability"), "flavor": N_("Flavor"), "summary": N_("Almanac"),
    "how_to_run": N_("How to run"), "examples": N_("Examples & notes"),
    "description": N_("One Night texts"),  # translation/lacking.py: ROLE_DESCRIPTION
    "title": N_("Script titles"),  # translation/lacking.py: SCRIPT_TITLE
}
NIGHTS = {"first": N_("First night"), "other": N_("Other nights")}
# The part of the game a how-to-run step is for (parse/night_steps.py), as a message names it.
STEP_NIGHTS = {"setup": N_("the set-up"), "first": N_("the first night"),
               "other": N_("the nights after the first"), "each": N_("every night"),
               "day": N_("the day")}
# A character's name in a finding followed by its names in other languages (model.Name).
NAME_WITH_OTHERS = N_("{name} ({others})")
SEVERITIES = {"error": N_("error"), "warning": N_("warning"), "info": N_("info")}
STATUSES = {"present": N_("present"), "missing": N_("missing"), "placeholder": N_("not written"),
            "untranslated": N_("untranslated"), "stale": N_("from an earlier text"),
            "draft": N_("draft"), "official": N_("Official card text")}
# The official editions; fabled and loric are none, their team badge already names them.
EDITIONS = {"tb": N_("Trouble Brewing"), "bmr": N_("Bad Moon Rising"),
            "snv": N_("Sects & Violets"), "carousel": N_("Experimental")}
# A position in words, by the page language's ordinal form (CLDR, through Babel).
ORDINALS = {"one": N_("%(n)sst"), "two": N_("%(n)snd"), "few": N_("%(n)srd"),
            "other": N_("%(n)sth")}
# The characters a translation may not hold or holds unseen (read/po.py: FORBIDDEN, INVISIBLE),
# by their Unicode names; every other one is a control character, which has none.
CONTROL_NAME = N_("control")
CHARACTER_NAMES = {
    "U+2028": N_("LINE SEPARATOR"), "U+2029": N_("PARAGRAPH SEPARATOR"),
    "U+200B": N_("ZERO WIDTH SPACE"), "U+200C": N_("ZERO WIDTH NON-JOINER"),
    "U+200D": N_("ZERO WIDTH JOINER"), "U+200E": N_("LEFT-TO-RIGHT MARK"),
    "U+200F": N_("RIGHT-TO-LEFT MARK"), "U+202A": N_("LEFT-TO-RIGHT EMBEDDING"),
    "U+202B": N_("RIGHT-TO-LEFT EMBEDDING"), "U+202C": N_("POP DIRECTIONAL FORMATTING"),
    "U+202D": N_("LEFT-TO-RIGHT OVERRIDE"), "U+202E": N_("RIGHT-TO-LEFT OVERRIDE"),
    "U+2060": N_("WORD JOINER"), "U+2061": N_("FUNCTION APPLICATION"),
    "U+2062": N_("INVISIBLE TIMES"), "U+2063": N_("INVISIBLE SEPARATOR"),
    "U+2064": N_("INVISIBLE PLUS"), "U+2066": N_("LEFT-TO-RIGHT ISOLATE"),
    "U+2067": N_("RIGHT-TO-LEFT ISOLATE"), "U+2068": N_("FIRST STRONG ISOLATE"),
    "U+2069": N_("POP DIRECTIONAL ISOLATE"), "U+FEFF": N_("ZERO WIDTH NO-BREAK SPACE"),
}
