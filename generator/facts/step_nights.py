"""Editors' corrections to the night of a how-to-run step (content/night-steps.yaml): where a
step's own words mislead the rules of parse/night_steps.py, the people who know state its night
in data. Each names the character, the language, the step by its first words, and the night."""
from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

import yaml

from generator.errors import AlmanacError
from generator.read.shapes import Fields, ListOf, Text
from generator.read.yaml_data import load_yaml

# The parts of the game a step can be for, in the order parse/night_steps.py classes them.
NIGHTS = ("setup", "first", "other", "each", "day")
# Every field of the file and its kind; the values are checked against the corpus below.
SHAPE = Fields(optional={"steps": ListOf(Fields(
    required={"character": Text(), "lang": Text(), "step": Text(), "night": Text()},
    optional={"why": Text()}))})


@dataclass(frozen=True)
class StepNight:
    character: str
    lang: str
    step: str  # the step's first words, as written
    night: str  # one of NIGHTS
    line: int  # where the data file states it

    def matches(self, text: str) -> bool:
        return text.startswith(self.step)


def load_step_nights(path: Path, characters: Collection[str], langs: Collection[str]
                     ) -> tuple[StepNight, ...]:
    """The corrections of the file, checked: none when there is no file (a folder or a broken
    link of its name is read, and refused, as the other data files are)."""
    if not (path.exists() or path.is_symlink()):
        return ()
    data = load_yaml(path, SHAPE)
    steps = data.get("steps", [])
    lines = _lines(path, len(steps))
    found = []
    for item, line in zip(steps, lines, strict=True):
        found.append(_step_night(item, line, path, set(characters), set(langs)))
    seen: dict[tuple[str, str, str], int] = {}
    for fix in found:
        key = (fix.character, fix.lang, fix.step)
        if key in seen:
            raise AlmanacError(f"this step is already set at line {seen[key]}", str(path),
                               fix.line)
        seen[key] = fix.line
    return tuple(found)


def _lines(path: Path, count: int) -> list[int]:
    """The line of each item of `steps`, from the YAML's node marks."""
    root = yaml.compose(path.read_text(encoding="utf-8"), Loader=yaml.SafeLoader)
    node = next(value for key, value in root.value if key.value == "steps") \
        if isinstance(root, yaml.MappingNode) else None
    marks = [item.start_mark.line + 1 for item in node.value] \
        if isinstance(node, yaml.SequenceNode) else []
    return marks if len(marks) == count else [1] * count


def _step_night(item: dict[str, str], line: int, path: Path, characters: set[str],
                langs: set[str]) -> StepNight:
    """One correction, its fields of their kinds (SHAPE), its values checked."""
    def wrong(message: str) -> AlmanacError:
        return AlmanacError(message, str(path), line)
    values = {key: item[key] for key in ("character", "lang", "step", "night")}
    empty = [key for key, value in values.items() if not value.strip()]
    if empty:
        raise wrong(f"{', '.join(empty)}: empty")
    if values["character"] not in characters:
        raise wrong(f"character '{values['character']}' is not in the glossary")
    if values["lang"] not in langs:
        raise wrong(f"lang '{values['lang']}' is not a language of content/languages.yaml")
    if values["night"] not in NIGHTS:
        raise wrong(f"night '{values['night']}' is not one of {', '.join(NIGHTS)}")
    return StepNight(values["character"], values["lang"], values["step"].strip(),
                     values["night"], line)
