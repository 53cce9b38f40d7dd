"""UI labels chosen by data (section, night, status), marked for extraction with N_."""
from __future__ import annotations

from generator.facts.catalogs import N_

SECTIONS = {
    "ability": N_("Ability"), "flavor": N_("Flavor"), "summary": N_("Almanac"),
    "how_to_run": N_("How to run"), "examples": N_("Examples & notes"),
}
NIGHTS = {"first": N_("First night"), "other": N_("Other nights")}
# The part of the game a how-to-run step is for (parse/night_steps.py), as a message names it.
STEP_NIGHTS = {"setup": N_("the set-up"), "first": N_("the first night"),
               "other": N_("the nights after the first"), "each": N_("every night"),
               "day": N_("the day")}
SEVERITIES = {"error": N_("error"), "warning": N_("warning"), "info": N_("info")}
STATUSES = {"present": N_("present"), "missing": N_("missing"), "placeholder": N_("not written"),
            "untranslated": N_("untranslated"), "stale": N_("from an earlier text"),
            "draft": N_("draft")}
# The official editions; fabled and loric are none, their team badge already names them.
EDITIONS = {"tb": N_("Trouble Brewing"), "bmr": N_("Bad Moon Rising"),
            "snv": N_("Sects & Violets"), "carousel": N_("Experimental")}
# A position in words, by the page language's ordinal form (CLDR, through Babel).
ORDINALS = {"one": N_("%(n)sst"), "two": N_("%(n)snd"), "few": N_("%(n)srd"),
            "other": N_("%(n)sth")}
