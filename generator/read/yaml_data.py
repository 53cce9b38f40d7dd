"""The data files in content/ (glossary, night order, languages): YAML read fast and bounded,
each field of its declared kind, or one clear error at its line."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from generator.errors import AlmanacError
from generator.read.regular_file import read_regular
from generator.read.shapes import Shape, ShapeError

# libyaml's loader when PyYAML has it: the glossary is large for the pure-Python one.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
# libyaml builds nested values by recursion in C: past some thousands of levels the process dies
# (SIGSEGV), so depth is counted on the flat stream of events first. No data file needs 10.
MAX_DEPTH = 32
# Values once aliases are expanded: an alias re-uses a value (YAML writers such as PyYAML's put
# them for a value that stands twice), but a few lines of aliases of aliases expand to billions,
# and every reader of the values walks them all. The project's glossary has about 5,000.
MAX_VALUES = 1_000_000


def bounded(text: str, path: Path) -> None:
    """Refuse YAML nested deeper than MAX_DEPTH or whose aliases expand past MAX_VALUES, at the
    line where it first does, before anything is built from it."""
    def line(event: yaml.Event) -> int | None:
        return event.start_mark.line + 1 if event.start_mark else None

    depth = values = 0
    sizes: dict[str, int] = {}  # an anchored value's size, its aliases expanded
    opened: list[tuple[str | None, int]] = []  # each open collection's anchor, values before it
    try:
        for event in yaml.parse(text, Loader=_LOADER):
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    raise AlmanacError(f"nested deeper than {MAX_DEPTH} levels", str(path),
                                       line(event))
                opened.append((event.anchor, values))
                values += 1
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
                anchor, before = opened.pop()
                if anchor:
                    sizes[anchor] = values - before
            elif isinstance(event, yaml.ScalarEvent):
                values += 1
                if event.anchor:
                    sizes[event.anchor] = 1
            elif isinstance(event, yaml.AliasEvent):
                values += sizes.get(event.anchor or "", 0)  # an unknown one: the parser says so
                if values > MAX_VALUES:
                    raise AlmanacError(f"its aliases expand to more than {MAX_VALUES:,} values "
                                       "(write them out, or fewer)", str(path), line(event))
    except yaml.YAMLError as err:
        raise _invalid(err, path) from err


def _invalid(err: yaml.YAMLError, path: Path) -> AlmanacError:
    if isinstance(err, yaml.MarkedYAMLError):
        mark = err.problem_mark or err.context_mark
        return AlmanacError(f"not valid YAML: {err.problem or err.context}", str(path),
                            mark.line + 1 if mark else None)
    return AlmanacError(f"not valid YAML: {err}", str(path))


# The most a data file may be: the largest, glossary.yaml, is about 100 KB.
MAX_DATA = 4 * 2**20


def read_yaml_text(path: Path) -> str:
    data = read_regular(path, MAX_DATA, "data file")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise AlmanacError(f"not UTF-8 at byte {err.start}", str(path)) from err


def load_yaml(path: Path, shape: Shape) -> dict[str, Any]:
    """The file's values, once its depth, aliases and every field's kind are checked."""
    text = read_yaml_text(path)
    bounded(text, path)
    loader = _LOADER(text)
    try:
        node = loader.get_single_node()
        if node is None or not isinstance(node, yaml.MappingNode):
            raise AlmanacError("expected a mapping of sections at the top", str(path),
                               node.start_mark.line + 1 if node else None)
        shape.check(node, "")
        data = loader.construct_document(node)
    except ShapeError as err:
        raise AlmanacError(err.message, str(path), err.line) from err
    except yaml.YAMLError as err:
        raise _invalid(err, path) from err
    finally:
        loader.dispose()
    return data


def malformed(path: Path, err: Exception) -> AlmanacError:
    """A data file whose fields have their kinds but do not fit together."""
    return AlmanacError(f"not in the expected layout: {err}", str(path))
