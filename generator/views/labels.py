"""UI labels chosen by data (team, section, special night rows), marked for extraction with N_."""
from __future__ import annotations


def N_(message: str) -> str:  # noqa: N802 - the gettext convention for "translate later"
    return message


TEAMS = {
    "townsfolk": N_("Townsfolk"), "outsider": N_("Outsiders"), "minion": N_("Minions"),
    "demon": N_("Demons"), "traveller": N_("Travellers"), "fabled": N_("Fabled"),
    "loric": N_("Loric"),
}
ONUW_TEAMS = {"villager": N_("Village team"), "werewolf": N_("Werewolf team"), "tanner": N_("Tanner")}
SECTIONS = {
    "ability": N_("Ability"), "flavor": N_("Flavor"), "summary": N_("Almanac"),
    "how_to_run": N_("How to run"), "examples": N_("Examples & notes"),
}
NIGHTS = {"first": N_("First night"), "other": N_("Other nights")}
STATUSES = {"present": N_("present"), "missing": N_("missing"), "placeholder": N_("not written"),
            "untranslated": N_("untranslated")}
# The night sheets' special rows: names and what the storyteller does.
SPECIAL_ROWS = {
    "dusk": (N_("Dusk"), N_("Check that all eyes are closed. Some travellers and fabled act now.")),
    "minioninfo": (N_("Minion info"), N_("7 or more players: wake the Minions; show them the Demon and each other.")),
    "demoninfo": (N_("Demon info"), N_("7 or more players: wake the Demon; show its Minions and three good characters not in play.")),
    "dawn": (N_("Dawn"), N_("Wait a few seconds. Call for eyes open, then say who died tonight, if anyone.")),
}
