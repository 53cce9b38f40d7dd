"""The night order (content/night-order.yaml): BotC first/other nights, ONUW wake codes and the
rules by which One Night roles wake together or in one another's place."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.facts.step_nights import StepNight
from generator.read.shapes import Fields, ListOf, Text
from generator.read.yaml_data import load_yaml, malformed


@dataclass(frozen=True)
class OnuwRules:
    """How a One Night narration calls roles that do not simply wake at their own step."""

    werewolves_call: str = ""  # the step at which every wolf of the set wakes, card or not
    wolf_team: str = ""  # the team whose roles are wolves …
    not_werewolves: frozenset[str] = frozenset()  # … but these, which wake at their own step
    replaces_werewolves_call: str = ""  # in the set, its call is read at that step instead
    doppelganger: str = ""  # wakes again at the step of a role it may have become
    thumbs_turn: str = ""  # in its turn the wolves raise their thumbs, the one not waking too


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


_IDS = ListOf(Text("an id"))
_STEPS = ListOf(Fields(required={"code": Text(), "id": Text()}))
# Every field of the night order and its kind (content/night-order.yaml explains each).
SHAPE = Fields(
    required={"botc": Fields(required={"first_night": _IDS, "other_night": _IDS},
                             optional={"specials": _IDS, "first_night_only": _IDS})},
    optional={"onuw": Fields(optional={
        "daybreak": _STEPS, "combined": _STEPS,
        "rules": Fields(required={"werewolves_call": Text(), "wolf_team": Text(),
                                  "not_werewolves": _IDS, "replaces_werewolves_call": Text(),
                                  "doppelganger": Text()},
                        optional={"thumbs_turn": Text()})})})


def load_night_order(path: Path) -> NightOrder:
    data = load_yaml(path, SHAPE)
    try:
        return _night_order(data)
    except ValueError as err:
        raise malformed(path, err) from err


def _ids(value: list[str], field: str) -> tuple[str, ...]:
    """A list of ids (the shape made sure of text), each once."""
    if not all(value):
        raise ValueError(f"{field} holds an empty id")
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
                     doppelganger=rules["doppelganger"],
                     thumbs_turn=rules.get("thumbs_turn", ""))
