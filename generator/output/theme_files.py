"""The theme's files as MkDocs lists them at every build, listed once and kept in a folder: MkDocs
walks every file of Material (thousands of icons) and matches each against its patterns, in every
language's build, for a list that changes only with the theme."""
from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import Any

import material
import mkdocs
from jinja2 import Environment

from generator.mkdocs_internals import list_theme_files_through

# The themes installed as packages: their files change only with their versions.
_PACKAGED = (Path(material.__file__).parent, Path(mkdocs.__file__).parent)


def _key(dirs: list[str], extensions: Any, filter_func: Callable[[str], bool] | None) -> str:
    """What the list depends on: the packages' versions, the theme folders, the files of the
    project's own (a custom_dir, small), and which listing was asked for (MkDocs' asks with its
    filter of the theme's static files)."""
    own = sorted(str(path.relative_to(folder)) for folder in map(Path, dirs)
                 if not any(folder.is_relative_to(package) for package in _PACKAGED)
                 for path in folder.rglob("*") if path.is_file())
    asked = [repr(extensions), getattr(filter_func, "__qualname__", None),
             getattr(filter_func, "__module__", None)]
    text = json.dumps([material.__version__, mkdocs.__version__, dirs, own, asked])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]


def keep_listing(env: Environment, folder: Path) -> None:
    """env's list_templates answered from folder where it listed the same theme before."""
    listing = env.list_templates

    def listed(extensions: Any = None, filter_func: Callable[[str], bool] | None = None
               ) -> list[str]:
        dirs = [str(d) for d in getattr(env.loader, "searchpath", ())]
        kept = folder / f"theme-files-{_key(dirs, extensions, filter_func)}.json"
        with suppress(OSError, ValueError):  # a cache: one it cannot read is listed anew
            names = json.loads(kept.read_text(encoding="utf-8"))
            if isinstance(names, list) and all(isinstance(name, str) for name in names):
                return names
        names = listing(extensions, filter_func)
        # Whole or not at all: the other language's process may read it meanwhile.
        partial = folder / f".{kept.name}.{os.getpid()}"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            partial.write_text(json.dumps(names), encoding="utf-8")
            os.replace(partial, kept)
        except OSError:  # a build without it is only slower
            with suppress(OSError):
                partial.unlink(missing_ok=True)
        return names
    list_theme_files_through(env, listed)
