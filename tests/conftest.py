"""Shared fixtures: the corpus of this repository, parsed once per test session."""
from __future__ import annotations

import inspect
import json
import os
import re
import shutil
from collections.abc import Sequence
from pathlib import Path

import pytest

from generator.checks import run_checks
from generator.export.records import records
from generator.pipeline import load_corpus
from generator.read.corpus import Text, decode

ROOT = Path(__file__).resolve().parent.parent
# Sheet commands speak the reader's language without --lang: the tests' runs read English,
# whatever the locale of the one running them.
os.environ["LANGUAGE"] = "en"
# The commands run in the tests' processes too (tests/projects.py), as scripts/test runs them.
os.environ["NO_MKDOCS_2_WARNING"] = "1"
FILES = {
    "000": "content/ko/000_a5b1c4d9f849e54a.txt",
    "001": "content/ko/001_1d042180b4afe951.txt",
    "002": "content/ko/002_6db689291a575787.txt",
    "003": "content/ko/003_c098a8bce9e2239e.txt",
    "004": "content/en/004_12a4a26f551c30b4.txt",
}


# The files that take longest (a minute or more on 2 cores), longest first: pytest-xdist hands
# whole files (--dist loadfile) to the workers in the order collected (--no-loadscope-reorder;
# by default it puts the files with most tests first, and the one-test axe shard last), and a
# long one left for last would keep one worker busy after the other has finished.
LONGEST = ("test_accessibility.py", "test_accessibility_pages.py", "test_bad_input.py",
           "test_script_shapes.py", "test_search.py", "test_writing_systems.py",
           "test_data_languages.py", "test_browser.py", "test_hostile_data.py", "test_preview.py")


# What a test (or a fixture it uses) does when it opens Chromium or prints a PDF.
_IN_CHROMIUM = re.compile(r"\bbrowser\b|\bchromium\b|\"print\"|--pdf|\.pdf\b|\bPrinter\(|"
                          r"\bserve\(|nightsheet_pdf|\bpdffonts\b")


def _opens_chromium(item: pytest.Item) -> bool:
    """Whether the test, or a fixture it asks for, opens Chromium or prints: read from their
    source, so that a new test is marked without anyone remembering to."""
    functions = [getattr(item, "function", None)]
    info = getattr(item, "_fixtureinfo", None)
    for name in getattr(item, "fixturenames", ()):
        definitions = info.name2fixturedefs.get(name) if info else None
        if definitions:
            functions.append(definitions[-1].func)
    for function in functions:
        if function is None:
            continue
        try:
            if _IN_CHROMIUM.search(inspect.getsource(function)):
                return True
        except (OSError, TypeError):  # a built-in fixture: none of them opens Chromium
            continue
    return False


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: opens Chromium or prints a PDF (marked by "
                            "conftest.py; `scripts/test --fast` leaves these out)")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest files first, in LONGEST's order; each file's tests keep theirs. Every test
    that opens Chromium or prints is marked `browser`."""
    items.sort(key=lambda item: LONGEST.index(item.path.name) if item.path.name in LONGEST
               else len(LONGEST))
    for item in items:
        if _opens_chromium(item):
            item.add_marker(pytest.mark.browser)


MUTATIONS = ("shuffle", "drop", "duplicate", "insert")


def mutated(lines: tuple[str, ...], chance, mutation: str, times: int,
            inserts: Sequence[str]) -> tuple[str, ...]:
    """The lines with `times` random changes of one kind: swapped, dropped, repeated, or one
    of `inserts` put in."""
    changed = list(lines)
    for _ in range(times):
        i = chance.randrange(len(changed))
        if mutation == "shuffle":
            j = chance.randrange(len(changed))
            changed[i], changed[j] = changed[j], changed[i]
        elif mutation == "drop":
            del changed[i]
        elif mutation == "duplicate":
            changed.insert(i, changed[chance.randrange(len(changed))])
        else:
            changed.insert(i, chance.choice(inserts))
    return tuple(changed)


def line_of(path: str, text: str, *, whole: bool = False, after: int = 0) -> int:
    """The number (from 1) of the one line of the project's file `path` (as FILES names them,
    or a data file such as content/night-steps.yaml) after line `after` that holds `text`, or
    with `whole` that is `text` but for spaces around it. A test's expected line is read from
    the file, so that an edit above it does not break the test; fails unless exactly one line
    matches."""
    lines = (ROOT / path).read_text(encoding="utf-8").split("\n")
    found = [number for number, line in enumerate(lines, 1)
             if number > after and (line.strip() == text if whole else text in line)]
    assert len(found) == 1, f"{path}: {len(found)} lines after {after} hold {text!r}: {found}"
    return found[0]


def corpus_text(path: str) -> Text:
    """A corpus file of this repository as read (FILES gives the paths)."""
    text = decode((ROOT / path).read_bytes(), path, path.split("/")[1])
    assert isinstance(text, Text), text
    return text


@pytest.fixture(scope="session", autouse=True)
def _no_fetched_official_data(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Every command reads the official data `almanac official fetch` keeps in the user's data
    folder: the tests' is an empty folder of their own, so none reads a developer's."""
    os.environ["XDG_DATA_HOME"] = str(tmp_path_factory.mktemp("data-home"))


@pytest.fixture(scope="session")
def corpus():
    return load_corpus(ROOT)


@pytest.fixture(scope="session")
def diagnostics(corpus):
    return run_checks(corpus)


@pytest.fixture(scope="session")
def document(corpus, diagnostics):
    # Through JSON, as other tools read it.
    return json.loads(json.dumps(records(corpus, diagnostics), ensure_ascii=False))


@pytest.fixture(scope="session")
def parsed(corpus):
    """ParsedFile by short id ("000" … "004")."""
    return {key: next(p for p in corpus.parsed if p.file == path) for key, path in FILES.items()}


def corpus_project(root, texts: dict[str, bytes]):
    """A project folder holding the languages, the glossary, the night order and the given texts
    under content/."""
    for name in ("languages.yaml", "glossary.yaml", "night-order.yaml"):
        (root / "content").mkdir(parents=True, exist_ok=True)
        (root / "content" / name).write_bytes((ROOT / "content" / name).read_bytes())
    for path, data in texts.items():
        (root / "content" / path).parent.mkdir(parents=True, exist_ok=True)
        (root / "content" / path).write_bytes(data)
    return root


def entry_of(document, ident: str, lang: str, game: str = "botc") -> dict:
    character = next(c for c in document["characters"] if c["id"] == ident and c["game"] == game)
    return character["entries"][lang]


def free_port() -> int:
    import socket
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def project_copy(root: Path, stores: bool = True) -> Path:
    """A copy of this project that builds as it does: its corpus, templates and MkDocs config;
    without its translation stores (content/<lang>/translations.po) where `stores` is false,
    as before any translation, for the tests of the store's round trip."""
    for name in ("content", "templates"):
        shutil.copytree(ROOT / name, root / name)
    shutil.copy(ROOT / "mkdocs.yml", root / "mkdocs.yml")
    if not stores:
        for store in (root / "content").glob("*/translations.po"):
            store.unlink()
    return root


@pytest.fixture(scope="session")
def built_site(tmp_path_factory):
    """The whole site built from a copy of the project, for the port the tests serve it on."""
    from generator.commands.build import build
    project = project_copy(tmp_path_factory.mktemp("project"))
    port = free_port()
    assert build(project, f"http://127.0.0.1:{port}/") == 0
    return project / "site", port


@pytest.fixture(scope="session")
def site_url(built_site):
    from generator.output.browser import serve
    site, port = built_site
    with serve(site, port) as base:
        yield base


@pytest.fixture(scope="session")
def browser():
    from generator.output.browser import chromium
    with chromium() as instance:
        yield instance


@pytest.fixture(scope="session")
def context(browser):
    """The context the tests' tabs share, and its HTTP cache: a context of its own takes a tab a
    third of a second more to open, and its first page as long again to load. A test that
    watches what a page fetches opens a context of its own, cold."""
    shared = browser.new_context()
    yield shared
    shared.close()


@pytest.fixture
def page(context):
    """A tab of the shared context, at 1280 × 720 until the test sets another size."""
    tab = context.new_page()
    yield tab
    tab.close()
