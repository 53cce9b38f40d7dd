"""UI labels chosen by data (section, night, status), marked for extraction with N_."""
from __future__ import annotations


def N_(message: str) -> str:  # noqa: N802 - the gettext convention for "translate later"
    return message


SECTIONS = {
    "ability": N_("Ability"), "flavor": N_("Flavor"), "summary": N_("Almanac"),
    "how_to_run": N_("How to run"), "examples": N_("Examples & notes"),
}
NIGHTS = {"first": N_("First night"), "other": N_("Other nights")}
STATUSES = {"present": N_("present"), "missing": N_("missing"), "placeholder": N_("not written"),
            "untranslated": N_("untranslated")}
