"""The night order (content/night-order.yaml): BotC first/other nights, ONUW wake codes and the
rules by which One Night roles wake together or in one another's place."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.facts.step_nights import StepNight
from generator.read.yaml_data import load_yaml, malformed


@dataclass(frozen=True)
class OnuwRules:
    """How a One Night narration calls roles that do not simply wake at their own step."""

    werewolves_call: str = ""  # the step at which every wolf of the set wakes, card or not
    wolf_team: str = ""  # the team whose roles are wolves …
    not_werewolves: frozenset[str] = frozenset()  # … but these, which wake at their own step
    replaces_werewolves_call: str = ""  # in the set, its call is read at that step instead
    doppelganger: str = ""  # wakes again at the step of a role it may have become


@dataclass(frozen=True)
class NightOrder:
    first_night: tuple[str, ...]
    other_night: tuple[str, ...]
    onuw_daybreak: tuple[tuple[str, str], ...]  # (code, role id)
    onuw_combined: tuple[tuple[str, str], ...]
    specials: tuple[str, ...] = ()  # rows that are no character: dusk, minion info, …
    first_night_only: tuple[str, ...] = ()  # specials only the first night has
    onuw_rules: OnuwRules = OnuwRules()  # without them each role wakes at its own step only
    step_nights: tuple[StepNight, ...] = ()  # editors' corrections (content/night-steps.yaml)

    def night(self, which: str) -> tuple[str, ...]:
        return self.first_night if which == "first" else self.other_night

    def step_fixes(self, character: str, lang: str) -> tuple[StepNight, ...]:
        """The editors' nights of a character's steps in one language."""
        return tuple(fix for fix in self.step_nights
                     if fix.character == character and fix.lang == lang)


def load_night_order(path: Path) -> NightOrder:
    data = load_yaml(path)
    try:
        return _night_order(data)
    except (KeyError, TypeError, AttributeError, ValueError) as err:
        raise malformed(path, err) from err


def _ids(value: Any, field: str) -> tuple[str, ...]:
    """A list of ids, each once: a string is no list (it would be read letter by letter)."""
    if not isinstance(value, list) or not all(isinstance(i, str) and i for i in value):
        raise ValueError(f"{field} is a list of ids")
    if len(set(value)) != len(value):
        raise ValueError(f"{field} names an id twice")
    return tuple(value)


def _night_order(data: dict[str, Any]) -> NightOrder:
    onuw = data.get("onuw", {})
    botc = data["botc"]
    return NightOrder(
        first_night=_ids(botc["first_night"], "botc.first_night"),
        other_night=_ids(botc["other_night"], "botc.other_night"),
        onuw_daybreak=tuple((s["code"], s["id"]) for s in onuw.get("daybreak", [])),
        onuw_combined=tuple((s["code"], s["id"]) for s in onuw.get("combined", [])),
        specials=_ids(botc.get("specials", []), "botc.specials"),
        first_night_only=_ids(botc.get("first_night_only", []), "botc.first_night_only"),
        onuw_rules=_onuw_rules(onuw["rules"]) if "rules" in onuw else OnuwRules())


def _onuw_rules(rules: dict[str, Any]) -> OnuwRules:
    return OnuwRules(werewolves_call=rules["werewolves_call"], wolf_team=rules["wolf_team"],
                     not_werewolves=frozenset(rules["not_werewolves"]),
                     replaces_werewolves_call=rules["replaces_werewolves_call"],
                     doppelganger=rules["doppelganger"])
