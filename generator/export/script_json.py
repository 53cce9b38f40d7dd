"""Scripts in the official custom-script JSON format: read any, checked against the schema and
its ids read as the official tools read them; write ours."""
from __future__ import annotations

import difflib
import json
import re
import reprlib
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match

from generator.errors import AlmanacError
from generator.resolve import Script

META = "_meta"
SCHEMA = Path(__file__).with_name("script-schema.json")
# The reader relies on types and on required fields only; any other breach of the schema
# (lengths, counts, extra fields, a team outside the list) it reads past with a warning.
_FATAL = frozenset({"type", "required", "oneOf"})
_MAX_LISTED = 20
# A script nests four levels deep; far deeper would only exhaust recursion in the libraries.
_MAX_DEPTH = 64
_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxother = 2, 40, 40
_SHORT.maxlist = _SHORT.maxdict = 3


@dataclass(frozen=True)
class CustomCharacter:
    """A character the script defines itself (an object with name, team and ability)."""

    id: str
    name: str
    team: str
    ability: str
    reminders: tuple[str, ...] = ()
    # Night positions among the official order's indexes (0: does not wake), and what to do.
    first_night: float = 0
    other_night: float = 0
    first_night_reminder: str = ""
    other_night_reminder: str = ""
    jinxes: tuple[tuple[str, str], ...] = ()  # (the other character's id, the rule)

    def position(self, night: str) -> float:
        return self.first_night if night == "first" else self.other_night

    def reminder(self, night: str) -> str:
        return self.first_night_reminder if night == "first" else self.other_night_reminder


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
    warnings: tuple[str, ...] = ()  # each `path: message`, for the reader to see


def read_script(path: Path, known: Collection[str], specials: Collection[str] = ()
                ) -> ScriptSpec:
    """The script in a file of the official format. `known`: the official character ids;
    `specials`: the night rows that are no character (dusk, dawn, …), valid in a night order.
    Raises AlmanacError when the file is no usable script; lesser faults become warnings."""
    document = _load(path)
    errors, warnings = check_document(document)
    if errors:
        raise AlmanacError(_listing(errors), file=str(path))
    return _spec(path, document, frozenset(known), frozenset(specials), warnings)


def check_document(document: Any) -> tuple[list[str], list[str]]:
    """Errors and warnings of a script document against the schema, each `path: message`."""
    breaches = sorted((b for e in _validator().iter_errors(document) for b in _causes(e)),
                      key=lambda b: tuple(b.absolute_path))
    return ([_line(b) for b in breaches if b.validator in _FATAL],
            [_line(b) for b in breaches if b.validator not in _FATAL])


def normalise_id(raw: str) -> str:
    """An id as the official tools compare them: lowercase letters and digits only."""
    return re.sub(r"[^a-z0-9]", "", raw.lower()) or raw


def from_corpus(script: Script) -> ScriptSpec:
    return ScriptSpec(script.id, script.title, script.author, script.characters)


def export(script: Script) -> list[Any]:
    meta: dict[str, Any] = {"id": META, "name": script.title}
    if script.author:
        meta["author"] = script.author
    return [meta, *script.characters]


def _load(path: Path) -> Any:
    where = str(path)
    try:
        data = path.read_bytes()
    except OSError as err:
        raise AlmanacError(f"cannot read the script: {err.strerror}", file=where) from err
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise AlmanacError(f"not UTF-8: byte 0x{data[err.start]:02x} at offset {err.start}",
                           file=where, line=data.count(b"\n", 0, err.start) + 1) from err
    try:
        document = json.loads(text, parse_constant=_not_json)
    except json.JSONDecodeError as err:
        raise AlmanacError(f"not JSON: {err.msg} at column {err.colno}", file=where,
                           line=err.lineno) from err
    except RecursionError as err:
        raise AlmanacError(f"JSON nested deeper than {_MAX_DEPTH} levels", file=where) from err
    except _NotJSONError as err:
        raise AlmanacError(f"not JSON: {err} is no JSON number", file=where) from err
    except ValueError as err:  # the one other failure of json: an integer past Python's digit limit
        raise AlmanacError("a number has too many digits", file=where) from err
    if _depth(document) > _MAX_DEPTH:
        raise AlmanacError(f"JSON nested deeper than {_MAX_DEPTH} levels", file=where)
    return document


def _depth(document: Any) -> int:
    deepest, stack = 0, [(document, 1)]
    while stack:
        value, depth = stack.pop()
        deepest = max(deepest, depth)
        if isinstance(value, dict):
            value = list(value.values())
        if isinstance(value, list):
            stack.extend((child, depth + 1) for child in value)
    return deepest


@cache
def _validator() -> Draft202012Validator:
    return Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8")))


def _causes(error: ValidationError) -> Iterator[ValidationError]:
    """The breaches behind an error. A script item that fits none of its forms is judged by the
    form its shape asks for (jsonschema would blame every form); a nested oneOf, by best match."""
    if error.validator != "oneOf":
        yield error
        return
    if len(error.absolute_path) == 1:  # an item of the script
        form = _intended_form(error.instance, error.validator_value)
        if form is None:
            yield error
            return
        for cause in error.context:
            if cause.relative_schema_path[0] == form:
                yield from _causes(cause)
        return
    best = best_match([error])
    yield from (best,) if best is error else _causes(best)


def _intended_form(item: Any, forms: list[dict[str, Any]]) -> int | None:
    """Index of the item form (id string, character, _meta, id-only object) the item's shape
    asks for; None for a value that is neither a string nor an object."""
    if isinstance(item, str):
        kind = "string"
    elif not isinstance(item, dict):
        return None
    elif item.get("id") == META:
        kind = "meta"
    else:
        character = next(f for f in forms if _form_kind(f) == "character")
        kind = "character" if item.keys() & (set(character["required"]) - {"id"}) else "id"
    return next(i for i, form in enumerate(forms) if _form_kind(form) == kind)


def _form_kind(form: dict[str, Any]) -> str:
    if form.get("type") == "string":
        return "string"
    if META in form.get("properties", {}).get("id", {}).get("enum", ()):
        return "meta"
    return "character" if "ability" in form.get("required", ()) else "id"


def _line(error: ValidationError) -> str:
    return f"{_path(error.absolute_path)}: {_message(error)}"


def _path(path: Iterable[str | int]) -> str:
    """`[3].reminders[0]`; the whole document is `script`."""
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path) or "script"


def _message(error: ValidationError) -> str:
    # jsonschema's own messages quote the whole value, however long or deep.
    value, limit = error.instance, error.validator_value
    match error.validator:
        case "type":
            return f"{_SHORT.repr(value)} is not of type {_types([limit])}"
        case "oneOf":
            return f"{_SHORT.repr(value)} is not of type {_types(f.get('type') for f in limit)}"
        case "enum":
            return f"{_SHORT.repr(value)} is not one of {limit!r}"
        case "maxLength":
            return f"{len(value)} characters, more than {limit}"
        case "maxItems":
            return f"{len(value)} items, more than {limit}"
        case "minItems":
            return f"{len(value)} items, fewer than {limit}"
    return error.message


def _types(types: Iterable[str | list[str] | None]) -> str:
    flat = (t for each in types if each for t in ([each] if isinstance(each, str) else each))
    return ", ".join(repr(t) for t in dict.fromkeys(flat))


def _listing(lines: list[str]) -> str:
    """Every error on one line, "; " between them; past 20, how many more."""
    shown = lines[:_MAX_LISTED]
    more = [f"and {len(lines) - len(shown)} more"] if len(lines) > len(shown) else []
    return "; ".join(shown + more)


class _NotJSONError(ValueError):
    """NaN, Infinity and -Infinity: Python's json reads them, JSON has none."""


def _not_json(constant: str) -> Any:
    raise _NotJSONError(constant)


def _spec(path: Path, document: list[Any], official: frozenset[str], specials: frozenset[str],
          warnings: list[str]) -> ScriptSpec:
    """The spec of a document the schema lets through: ids normalised, the first of repeats kept."""
    homebrew = {normalise_id(item["id"]) for item in document if _is_custom(item)}
    known = official | homebrew
    first = _unique(((f"[{i}]", _item_id(item, f"[{i}]", known, warnings), i)
                     for i, item in enumerate(document)), warnings)
    meta_index = first.pop(META, None)
    meta = document[meta_index] if meta_index is not None else {}
    nights = {key: _night(meta.get(key), f"[{meta_index}].{key}", known | specials,
                          warnings)
              for key in ("firstNight", "otherNight")}
    return ScriptSpec(
        id=path.stem, title=meta.get("name", path.stem), author=meta.get("author"),
        characters=tuple(first), first_night=nights["firstNight"],
        other_night=nights["otherNight"],
        custom={ident: _custom(ident, document[i]) for ident, i in first.items()
                if _is_custom(document[i])},
        warnings=tuple(warnings))


def _is_custom(item: Any) -> bool:
    return isinstance(item, dict) and item["id"] != META and "name" in item


def _item_id(item: str | dict[str, Any], where: str, known: frozenset[str],
             warnings: list[str]) -> str:
    if isinstance(item, dict):
        return META if item["id"] == META else _resolve(item["id"], where, known, warnings)
    return _resolve(item, where, known, warnings)


def _night(ids: Any, where: str, known: frozenset[str],
           warnings: list[str]) -> tuple[str, ...] | None:
    # Not a list when absent, or when a character-shaped _meta gives it a number.
    if not isinstance(ids, list):
        return None
    return tuple(_unique(((f"{where}[{k}]", _resolve(raw, f"{where}[{k}]", known, warnings), k)
                          for k, raw in enumerate(ids)), warnings))


def _resolve(raw: str, where: str, known: frozenset[str], warnings: list[str]) -> str:
    """The id normalised; a warning when that changed it, or when it is unknown."""
    ident = normalise_id(raw)
    if ident in known:
        if ident != raw:
            warnings.append(f"{where}: '{raw}' read as '{ident}'")
        return ident
    # 0.8: as close as a typo ('fangu'), not merely sharing letters ('snakecharmer').
    close = difflib.get_close_matches(ident, sorted(known), n=1, cutoff=0.8)
    warnings.append(f"{where}: unknown id '{raw}'"
                    + (f"; did you mean '{close[0]}'?" if close else ""))
    return ident


def _unique(entries: Iterable[tuple[str, str, int]], warnings: list[str]) -> dict[str, int]:
    """id → position of its first entry, in order; each repeat warned of and dropped."""
    first: dict[str, tuple[str, int]] = {}
    for where, ident, position in entries:
        if ident in first:
            earlier = first[ident][0]
            warnings.append(f"{where}: duplicate id '{ident}' (first at {earlier}); ignored")
        else:
            first[ident] = (where, position)
    return {ident: position for ident, (_, position) in first.items()}


def _custom(ident: str, item: dict[str, Any]) -> CustomCharacter:
    return CustomCharacter(ident, item["name"], item["team"], item["ability"],
                           tuple(item.get("reminders", ())),
                           first_night=item.get("firstNight", 0) or 0,
                           other_night=item.get("otherNight", 0) or 0,
                           first_night_reminder=item.get("firstNightReminder", ""),
                           other_night_reminder=item.get("otherNightReminder", ""),
                           jinxes=tuple((normalise_id(j["id"]), j["reason"])
                                        for j in item.get("jinxes", ())))
