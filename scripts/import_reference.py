"""Refresh the BotC facts of content/glossary.yaml and content/night-order.yaml from the
official data in ../shared/reference/botc/ (ids, names, teams, editions, token labels, jinx
pairs, night positions), and generator/read/script-schema.json from its script schema, stripped
of its prose.
Sentences (abilities, flavor, reminders' texts, the schema's titles) are never copied.

Each jinx pair is written once, as `jinxes: [other, ...]` on the character jinxes.json lists it
under (ids only, never the jinx's text).
Hand-kept parts survive a refresh: each character's `aliases`, the `teams` and `onuw` sections,
and the night order's special rows.
Usage: python scripts/import_reference.py [REFERENCE_DIR]
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from generator.parse.vocabulary import writing_systems  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
# The schema keywords that only annotate (the official prose lives in them); the rest is structure.
ANNOTATIONS = frozenset({"title", "description", "examples", "default", "$comment", "$id"})
# Keywords whose value maps names to subschemas: the names are data, kept whatever they are.
SCHEMA_MAPS = frozenset({"properties", "patternProperties", "$defs", "definitions",
                         "dependentSchemas"})
# Keywords whose value is data, not a subschema.
SCHEMA_DATA = frozenset({"enum", "const"})


def strip_annotations(schema: Any) -> Any:
    """The JSON Schema without its annotation keywords, at every level of subschemas."""
    if isinstance(schema, list):
        return [strip_annotations(each) for each in schema]
    if not isinstance(schema, dict):
        return schema
    return {key: _stripped_value(key, value) for key, value in schema.items()
            if key not in ANNOTATIONS}


def _stripped_value(key: str, value: Any) -> Any:
    if key in SCHEMA_DATA:
        return value
    if key in SCHEMA_MAPS:
        return {name: strip_annotations(sub) for name, sub in value.items()}
    return strip_annotations(value)


def write_schema(ref: Path, root: Path) -> None:
    schema = json.loads((ref / "script-schema.json").read_text(encoding="utf-8"))
    (root / "generator/read/script-schema.json").write_text(
        json.dumps(strip_annotations(schema), ensure_ascii=False, indent=1) + "\n",
        encoding="utf-8")


class OneLine(list[str]):
    """A list written on one line, `jinxes: [a, b]`, as short as the facts it holds."""


class GlossaryDumper(yaml.SafeDumper):
    """The safe dumper, with OneLine lists in flow style."""


GlossaryDumper.add_representer(
    OneLine, lambda dumper, data: dumper.represent_sequence("tag:yaml.org,2002:seq", data,
                                                            flow_style=True))


def token_key(label: str) -> str:
    return re.sub(r"[^a-z0-9]", "", label.lower())


def main() -> None:
    ref = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared/reference/botc"
    roles = json.loads((ref / "roles.json").read_text(encoding="utf-8"))
    korean = json.loads((ref / "game.ko.json").read_text(encoding="utf-8"))
    jinxes = {pair["id"]: [jinx["id"] for jinx in pair["jinx"]]
              for pair in json.loads((ref / "jinxes.json").read_text(encoding="utf-8"))}
    glossary_path = ROOT / "content/glossary.yaml"
    old = yaml.safe_load(glossary_path.read_text(encoding="utf-8")) \
        if glossary_path.exists() else {}
    aliases = {c["id"]: c["aliases"] for c in old.get("botc", []) if c.get("aliases")}
    characters = []
    for role in roles:
        labels = role.get("reminders", []) + role.get("remindersGlobal", [])
        tokens = [{"en": label, "ko": korean["reminders"].get(token_key(label), label)}
                  for label in labels]
        entry = {"id": role["id"], "team": role["team"], "edition": role["edition"],
                 "names": {"en": role["name"], "ko": korean["roles"][role["id"]]["name"]},
                 "reminders": tokens, "setup": bool(role.get("setup"))}
        # Which scripts the official flavor itself is written in, so noise checks can spare it.
        flavor_scripts = {lang: sorted(writing_systems(text) - {home})
                          for lang, home, text in (
                              ("ko", "HANGUL", korean["roles"][role["id"]].get("flavor", "")),
                              ("en", "LATIN", role.get("flavor", "")))}
        flavor_scripts = {k: v for k, v in flavor_scripts.items() if v}
        if flavor_scripts:
            entry["flavor_scripts"] = flavor_scripts
        if role["id"] in aliases:
            entry["aliases"] = aliases[role["id"]]
        if role["id"] in jinxes:
            entry["jinxes"] = OneLine(jinxes[role["id"]])
        characters.append(entry)
    glossary = {"teams": old.get("teams", []), "editions": old.get("editions", []),
                "botc": characters, "onuw": old.get("onuw", {})}
    glossary_path.write_text(
        "# Teams (order, alignment, colour, labels), then characters: ids, teams and names per\n"
        "# language (official, plus aliases the corpus uses). BotC characters come from the\n"
        "# official data via scripts/import_reference.py; teams, editions and onuw are kept\n"
        "# by hand.\n"
        # No wrapping, so that a long jinx list stays on its one line.
        + yaml.dump(glossary, Dumper=GlossaryDumper, allow_unicode=True, sort_keys=False,
                    width=10**6),
        encoding="utf-8")

    sheet = json.loads((ref / "nightsheet.json").read_text(encoding="utf-8"))
    order_path = ROOT / "content/night-order.yaml"
    old_order = yaml.safe_load(order_path.read_text(encoding="utf-8")) \
        if order_path.exists() else {}
    kept = {key: old_order.get("botc", {}).get(key, []) for key in ("specials", "first_night_only")}
    order = {"botc": {**kept, "first_night": sheet["firstNight"],
                      "other_night": sheet["otherNight"]},
             "onuw": old_order.get("onuw", {})}
    order_path.write_text(
        "# Night order. BotC: official order (special rows dusk, minioninfo, demoninfo, dawn).\n"
        "# ONUW: wake codes of the Daybreak rulebook, alone and with the base game.\n"
        + yaml.safe_dump(order, allow_unicode=True, sort_keys=False, width=100),
        encoding="utf-8")
    write_schema(ref, ROOT)


if __name__ == "__main__":
    main()
