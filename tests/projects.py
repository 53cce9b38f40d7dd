"""Throwaway projects that can build a site: content, templates and the base MkDocs config."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT, corpus_project

# Two characters in the 004 shape: enough for every page type but the One Night ones.
SMALL_ALMANAC = """Townsfolk
Chef
A made-up ability for a small test of the Chef.
A recipe for a small test.
"A made-up ability for a small test of the Chef." The Chef counts pairs.
How to Run
- During the first night, wake the Chef. Show fingers. Put the Chef to sleep.
Demon
Imp
A made-up ability for a small test of the Imp.
A small imp.
"A made-up ability for a small test of the Imp." The Imp kills.
How to Run
- Each night except the first, wake the Imp. Put the Imp to sleep.
"""


def site_project(root: Path, texts: dict[str, bytes] | None = None) -> Path:
    """A project of the given texts (default: SMALL_ALMANAC in English) that `build` can build."""
    corpus_project(root, {"en/004_small.txt": SMALL_ALMANAC.encode()} if texts is None else texts)
    shutil.copytree(ROOT / "templates", root / "templates")
    shutil.copy(ROOT / "mkdocs.yml", root / "mkdocs.yml")
    return root


def almanac(*args: str, root: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The command line, run as a user runs it (from the project folder)."""
    return subprocess.run([sys.executable, "-m", "generator.cli", *args], cwd=root or ROOT,
                          capture_output=True, text=True, encoding="utf-8",
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(ROOT)})


def site_files(site: Path) -> list[str]:
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
