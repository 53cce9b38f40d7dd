"""The shape of a data file, checked on YAML's nodes before any value is built, so that each field
of the wrong kind is one line at its own line, never a traceback further on."""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

_TAG = "tag:yaml.org,2002:"
_SCALARS = {"str": "text", "bool": "true or false", "int": "a number", "float": "a number",
            "null": "nothing", "timestamp": "a date"}


class ShapeError(Exception):
    """A field of the wrong kind: where in the file (a path such as botc[3].team), its line."""

    def __init__(self, message: str, node: Node) -> None:
        super().__init__(message)
        self.message = message
        self.line = node.start_mark.line + 1


def found(node: Node) -> str:
    """What a node holds, as a message names it."""
    if isinstance(node, MappingNode):
        return "a mapping"
    if isinstance(node, SequenceNode):
        return "a list"
    kind = _SCALARS.get(node.tag.removeprefix(_TAG), node.tag)
    return f"{kind} '{node.value}'" if kind != "nothing" else kind


def _expect(node: Node, where: str, expected: str) -> ShapeError:
    return ShapeError(f"{where or 'the file'}: expected {expected}, found {found(node)}", node)


class Shape:
    expected = ""

    def check(self, node: Node, where: str) -> None:
        raise NotImplementedError


@dataclass(frozen=True)
class Text(Shape):
    """A string; YAML reads `no`, `1` or `2024-01-01` unquoted as other kinds."""

    expected: str = "text"

    def check(self, node: Node, where: str) -> None:
        if not (isinstance(node, ScalarNode) and node.tag == _TAG + "str"):
            raise _expect(node, where, self.expected)


@dataclass(frozen=True)
class Flag(Shape):
    expected: str = "true or false"

    def check(self, node: Node, where: str) -> None:
        if not (isinstance(node, ScalarNode) and node.tag == _TAG + "bool"):
            raise _expect(node, where, self.expected)


@dataclass(frozen=True)
class Pattern(Shape):
    """A regular expression, compiled as the loader will (a wrong one is found at its line)."""

    flags: int = 0
    expected: str = "a regular expression"

    def check(self, node: Node, where: str) -> None:
        Text(self.expected).check(node, where)
        try:
            re.compile(node.value, self.flags)
        except re.error as err:
            raise ShapeError(f"{where}: not a regular expression: {err}", node) from err


@dataclass(frozen=True)
class ListOf(Shape):
    item: Shape

    def check(self, node: Node, where: str) -> None:
        if not isinstance(node, SequenceNode):
            raise _expect(node, where, "a list")
        for index, child in enumerate(node.value):
            self.item.check(child, f"{where}[{index}]")


@dataclass(frozen=True)
class MapOf(Shape):
    """A mapping of any keys (language codes, team headings) to values of one shape."""

    value: Shape
    expected: str = "a mapping"

    def check(self, node: Node, where: str) -> None:
        if not isinstance(node, MappingNode):
            raise _expect(node, where, self.expected)
        for key, value in node.value:
            Text("a name as the key").check(key, where)
            self.value.check(value, f"{where}.{key.value}" if where else key.value)


@dataclass(frozen=True)
class Fields(Shape):
    """A mapping of named fields: the required ones present, no field it does not know (a
    misspelt one would otherwise be skipped in silence)."""

    required: Mapping[str, Shape] = field(default_factory=dict)
    optional: Mapping[str, Shape] = field(default_factory=dict)
    expected: str = "a mapping of fields"

    def check(self, node: Node, where: str) -> None:
        if not isinstance(node, MappingNode):
            raise _expect(node, where, self.expected)
        seen = set()
        for key, value in node.value:
            Text("a field name").check(key, where)
            name = key.value
            inner = f"{where}.{name}" if where else name
            shape = self.required.get(name) or self.optional.get(name)
            if shape is None:
                known = ", ".join([*self.required, *self.optional])
                raise ShapeError(f"{inner}: no such field (the fields are: {known})", key)
            if name in seen:
                raise ShapeError(f"{inner}: the field is given twice", key)
            seen.add(name)
            shape.check(value, inner)
        missing = [name for name in self.required if name not in seen]
        if missing:
            raise ShapeError(f"{where or 'the file'}: the field '{missing[0]}' is missing", node)


@dataclass(frozen=True)
class Count(Shape):
    """A whole number, 0 or more (YAML's int, never a quoted one)."""

    expected: str = "a whole number"

    def check(self, node: Node, where: str) -> None:
        if not (isinstance(node, ScalarNode) and node.tag == _TAG + "int" and
                node.value.isdigit()):
            raise _expect(node, where, self.expected)
