"""The night order (content/night-order.yaml): BotC first/other nights, ONUW wake codes."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.read.yaml_data import load_yaml, malformed



@dataclass(frozen=True)
class NightOrder:
    first_night: tuple[str, ...]
    other_night: tuple[str, ...]
    onuw_daybreak: tuple[tuple[str, str], ...]  # (code, role id)
    onuw_combined: tuple[tuple[str, str], ...]
    specials: tuple[str, ...] = ()  # rows that are no character: dusk, minion info, …
    first_night_only: tuple[str, ...] = ()  # specials only the first night has

    def night(self, which: str) -> tuple[str, ...]:
        return self.first_night if which == "first" else self.other_night


def load_night_order(path: Path) -> NightOrder:
    data = load_yaml(path)
    try:
        return _night_order(data)
    except (KeyError, TypeError, AttributeError, ValueError) as err:
        raise malformed(path, err) from err


def _night_order(data: dict[str, Any]) -> NightOrder:
    onuw = data.get("onuw", {})
    return NightOrder(
        first_night=tuple(data["botc"]["first_night"]),
        other_night=tuple(data["botc"]["other_night"]),
        onuw_daybreak=tuple((s["code"], s["id"]) for s in onuw.get("daybreak", [])),
        onuw_combined=tuple((s["code"], s["id"]) for s in onuw.get("combined", [])),
        specials=tuple(data["botc"].get("specials", [])),
        first_night_only=tuple(data["botc"].get("first_night_only", [])))
