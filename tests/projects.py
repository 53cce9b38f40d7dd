"""Throwaway projects that can build a site: content, templates and the base MkDocs config."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from generator.cli import main
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
    """The command line as a user runs it from the project folder: its exit status and what it
    wrote to standard output and error, the build's processes included (they write to the same
    files). It runs in this process: a new interpreter would take longer to start than most
    commands take to run (test_cli runs the command as a process of its own). In a thread of its
    own, apart from the tests' browser, whose Playwright sync API may hold this one."""
    outcome: list[int] = []

    def run() -> None:
        try:
            outcome.append(main(list(args)))
        except SystemExit as end:  # argparse's usage errors, -h and --version
            outcome.append(end.code if isinstance(end.code, int) else 0 if end.code is None
                           else 1)

    folder = os.getcwd()
    streams = sys.stdout, sys.stderr
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        for stream in streams:
            stream.flush()
        saved = os.dup(1), os.dup(2)
        os.dup2(out.fileno(), 1)
        os.dup2(err.fileno(), 2)
        sys.stdout = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115 - restored below
        sys.stderr = open(2, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
        os.chdir(root or ROOT)
        try:
            thread = threading.Thread(target=run)
            thread.start()
            thread.join()
        finally:
            os.chdir(folder)
            sys.stdout.flush()
            sys.stderr.flush()
            sys.stdout, sys.stderr = streams
            for fd, kept in zip((1, 2), saved, strict=True):
                os.dup2(kept, fd)
                os.close(kept)
        out.seek(0)
        err.seek(0)
        return subprocess.CompletedProcess(["almanac", *args], outcome[0] if outcome else 1,
                                           out.read().decode("utf-8"), err.read().decode("utf-8"))


def site_files(site: Path) -> list[str]:
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())


@contextmanager
def catalogs_of(codes: tuple[str, ...], folder: Path) -> Iterator[None]:
    """Only these languages' interface catalogs (a copy in folder), as before the others were
    written: the pages of every other language take the official tools' words, else English.
    The build's language processes, forked, inherit it."""
    from generator.facts import catalogs
    for code in codes:
        shutil.copytree(catalogs.LOCALES / code, folder / code)
    shutil.copy(catalogs.LOCALES / "messages.pot", folder / "messages.pot")
    cached = (catalogs.translations, catalogs.catalog_code, catalogs._catalog)
    before = catalogs.LOCALES
    catalogs.LOCALES = folder
    for function in cached:
        function.cache_clear()
    try:
        yield
    finally:
        catalogs.LOCALES = before
        for function in cached:
            function.cache_clear()


def rules_in(languages: tuple[str, ...], target: Path) -> Path:
    """content/rules.yaml with the texts of these languages alone (a site whose other languages
    have no rules text of the project's, as before any was translated), written to target."""
    import yaml

    def kept(node: object) -> object:
        if isinstance(node, dict):
            if "en" in node and all(isinstance(key, str) and len(key) <= 8 for key in node):
                node = {key: value for key, value in node.items()
                        if key in languages or "-" not in key and len(key) > 3}
            return {key: kept(value) for key, value in node.items()}
        if isinstance(node, list):
            return [kept(value) for value in node]
        return node

    data = yaml.safe_load((ROOT / "content" / "rules.yaml").read_text(encoding="utf-8"))
    target.write_text(yaml.safe_dump(kept(data), allow_unicode=True, sort_keys=False),
                      encoding="utf-8")
    return target
