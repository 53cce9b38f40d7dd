"""The data files in content/ (glossary, night order): YAML read fast, or one clear error."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from generator.errors import AlmanacError

# libyaml's loader when PyYAML has it: the glossary is large for the pure-Python one.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_yaml(path: Path) -> dict[str, Any]:
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)
    except OSError as err:
        raise AlmanacError(f"cannot read: {err.strerror or err}", str(path)) from err
    except UnicodeDecodeError as err:
        raise AlmanacError(f"not UTF-8 at byte {err.start}", str(path)) from err
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        raise AlmanacError(f"not valid YAML: {err.problem or err.context}", str(path),
                           mark.line + 1 if mark else None) from err
    except yaml.YAMLError as err:
        raise AlmanacError(f"not valid YAML: {err}", str(path)) from err
    if not isinstance(data, dict):
        raise AlmanacError("expected a mapping of sections at the top", str(path))
    return data


def malformed(path: Path, err: Exception) -> AlmanacError:
    """A data file whose YAML is valid but whose fields are not what the project reads."""
    if isinstance(err, KeyError):
        return AlmanacError(f"not in the expected layout: the field {err} is missing or of the "
                            "wrong kind", str(path))
    return AlmanacError(f"not in the expected layout: a field holds the wrong kind of value "
                        f"({err})", str(path))
