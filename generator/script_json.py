"""Scripts in the official custom-script JSON format: read any, write ours, validate against the schema."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonschema

from .resolve import Script

META = "_meta"


@dataclass(frozen=True)
class CustomCharacter:
    """A character the script defines itself (an object with name, team and ability)."""

    id: str
    name: str
    team: str
    ability: str
    reminders: tuple[str, ...] = ()


@dataclass(frozen=True)
class ScriptSpec:
    """What a night sheet needs of a script, wherever it came from."""

    id: str
    title: str
    author: str | None
    characters: tuple[str, ...]
    first_night: tuple[str, ...] | None = None  # _meta.firstNight: replaces the official order
    other_night: tuple[str, ...] | None = None
    custom: dict[str, CustomCharacter] = field(default_factory=dict, hash=False)


def validate(document: Any, schema_path: Path) -> list[str]:
    """Schema errors of a script document, as readable lines (empty when it is valid)."""
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    return [f"{'/'.join(map(str, e.absolute_path)) or '(script)'}: {e.message}"
            for e in sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))]


def read_script(path: Path) -> ScriptSpec:
    document = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(document, list):
        raise ValueError(f"{path}: a script is a JSON array")
    meta: dict[str, Any] = {}
    ids: list[str] = []
    custom: dict[str, CustomCharacter] = {}
    for item in document:
        if isinstance(item, str):
            ids.append(item)
        elif isinstance(item, dict) and item.get("id") == META:
            meta = item
        elif isinstance(item, dict) and isinstance(item.get("id"), str):
            ids.append(item["id"])
            if "name" in item:
                custom[item["id"]] = CustomCharacter(
                    item["id"], item["name"], item.get("team", ""), item.get("ability", ""),
                    tuple(item.get("reminders", [])))
    order = {key: tuple(meta[key]) if isinstance(meta.get(key), list) else None
             for key in ("firstNight", "otherNight")}
    return ScriptSpec(id=path.stem, title=meta.get("name", path.stem), author=meta.get("author"),
                      characters=tuple(ids), first_night=order["firstNight"],
                      other_night=order["otherNight"], custom=custom)


def from_corpus(script: Script) -> ScriptSpec:
    return ScriptSpec(script.id, script.title, script.author, script.characters)


def export(script: Script) -> list[Any]:
    meta: dict[str, Any] = {"id": META, "name": script.title}
    if script.author:
        meta["author"] = script.author
    return [meta, *script.characters]
