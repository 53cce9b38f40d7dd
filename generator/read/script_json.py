"""Script files in the official custom-script JSON format, as storytellers give them: bounded in
size and depth, checked against the schema, then read as their authors meant them."""
from __future__ import annotations

import json
import reprlib
from collections.abc import Collection, Iterable, Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match

from generator.errors import AlmanacError
from generator.read.regular_file import read_regular
from generator.read.script_spec import META, Note, ScriptSpec, build_spec, team_of

# A script of 200 characters written out in full is about 150 KB; a file past this bound is
# no script, and reading it would only cost time (documented in the README).
MAX_BYTES = 1_000_000
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


class _JsonShort(reprlib.Repr):
    """A value of the script as JSON writes it (true, null, "text"), shortened: the file's
    author wrote JSON, not Python."""

    def repr_bool(self, x: bool, level: int) -> str:
        return "true" if x else "false"

    def repr_NoneType(self, x: None, level: int) -> str:  # noqa: N802 - reprlib's naming
        return "null"

    def repr_str(self, x: str, level: int) -> str:
        shown = json.dumps(x[:self.maxstring], ensure_ascii=False)
        return shown if len(x) <= self.maxstring else f"{shown[:-1]}...\""


_VALUE = _JsonShort()
_VALUE.maxlevel, _VALUE.maxstring, _VALUE.maxother = 2, 40, 40
_VALUE.maxlist = _VALUE.maxdict = 3


def read_script(path: Path, known: Collection[str], specials: Iterable[str] = (),
                orders: tuple[Sequence[str], Sequence[str]] = ((), ())) -> ScriptSpec:
    """The script in a file of the official format. `known`: the official character ids;
    `specials`: the night rows that are no character, from dusk to dawn, valid in a night order;
    `orders`: the official first and other nights, where a script's own order gains its
    missing special rows and whose waking characters it is told of leaving out.
    Raises AlmanacError when the file is no usable script (or names no character); lesser
    faults become warnings."""
    document = _load(path)
    if not isinstance(document, list):
        raise AlmanacError("expected a JSON array of characters, the official script format; "
                           f"this file is {_described(document)}", file=str(path))
    breaches = _breaches(document)
    errors = [_line(b) for b in breaches if b.validator in _FATAL]
    if errors:
        raise AlmanacError(_listing(errors), file=str(path))
    return build_spec(path, document, frozenset(known), tuple(specials), orders,
                      (_line(b) for b in breaches if _shown(b)),
                      (_line(b) for b in breaches if b.validator == "additionalProperties"))


def _breaches(document: Any) -> list[ValidationError]:
    return sorted((b for e in _validator().iter_errors(document) for b in _causes(e)),
                  key=lambda b: tuple(b.absolute_path))


def _shown(breach: ValidationError) -> bool:
    """A lesser breach worth a line of its own: not a field the format lacks (counted), nor a
    team the reader knows under another spelling."""
    if breach.validator in _FATAL or breach.validator == "additionalProperties":
        return False
    team = breach.absolute_path and breach.absolute_path[-1] == "team"
    return not (team and breach.validator == "enum" and isinstance(breach.instance, str)
                and team_of(breach.instance) in breach.validator_value)


def _described(document: Any) -> str:
    """What a JSON value is, in words: `an object with keys 'a', 'b'`, `a string`."""
    if isinstance(document, dict):
        keys = [_SHORT.repr(str(key)) for key in list(document)[:5]]
        more = ", …" if len(document) > 5 else ""
        return f"an object with keys {', '.join(keys)}{more}" if keys else "an empty object"
    return {str: "a string", bool: "true or false", type(None): "null"}.get(
        type(document), "a number")


def _load(path: Path) -> Any:
    where = str(path)
    data = read_regular(path, MAX_BYTES, "script", "cannot read the script",
                        " (the largest real scripts are a tenth of it)")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise AlmanacError(f"not UTF-8: byte 0x{data[err.start]:02x} at offset {err.start}",
                           file=where, line=data.count(b"\n", 0, err.start) + 1) from err
    try:
        document = json.loads(text, parse_constant=_not_json)
    except json.JSONDecodeError as err:
        # json's messages of a place end in "at" ("Unterminated string starting at")
        said = err.msg.removesuffix(" at")
        raise AlmanacError(f"not JSON: {said} at column {err.colno}", file=where,
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
    """`path: message`; a warning the reader may be told in their language is a Note of its
    kind (views/script_notes.py), with its values."""
    text = f"{_path(error.absolute_path)}: {_message(error)}"
    value, limit, where = error.instance, error.validator_value, _path(error.absolute_path)
    match error.validator:
        case "enum":
            return Note(text, "schema-enum", where=where, value=_VALUE.repr(value),
                        allowed=json.dumps(limit, ensure_ascii=False))
        case "maxLength":
            return Note(text, "schema-long", where=where, count=len(value), limit=limit)
        case "maxItems":
            return Note(text, "schema-many", where=where, count=len(value), limit=limit)
        case "minItems":
            return Note(text, "schema-few", where=where, count=len(value), limit=limit)
    return text


def _path(path: Iterable[str | int]) -> str:
    """`[3].reminders[0]`; the whole document is `script`."""
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path) or "script"


def _message(error: ValidationError) -> str:
    # jsonschema's own messages quote the whole value, however long or deep.
    value, limit = error.instance, error.validator_value
    match error.validator:
        case "type":
            return f"{_VALUE.repr(value)} is not of type {_types([limit])}"
        case "oneOf":
            return f"{_VALUE.repr(value)} is not of type {_types(f.get('type') for f in limit)}"
        case "enum":
            return f"{_VALUE.repr(value)} is not one of {json.dumps(limit, ensure_ascii=False)}"
        case "maxLength":
            return f"{len(value)} characters, more than {limit}"
        case "maxItems":
            return f"{_items(len(value))}, more than {limit}"
        case "minItems":
            return f"{_items(len(value))}, fewer than {limit}"
    return error.message


def _items(count: int) -> str:
    return f"{count} item" if count == 1 else f"{count} items"


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


