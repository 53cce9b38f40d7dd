"""A corpus script written in the official custom-script JSON format."""
from __future__ import annotations

from typing import Any

from generator.model import Script
from generator.read.script_spec import META


def export(script: Script) -> list[Any]:
    meta: dict[str, Any] = {"id": META, "name": script.title}
    if script.author:
        meta["author"] = script.author
    return [meta, *script.characters]
