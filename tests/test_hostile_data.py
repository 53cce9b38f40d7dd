"""Every string of every data file (content/languages.yaml, glossary.yaml, night-order.yaml) made
an attack, found by walking the YAML (a field added later is attacked too), built into the site
and loaded in Chromium: no script runs, nothing is injected, and the attack shows as text.

A field whose attacked value the loader refuses (an id, a team reference) is refused in one line
before any page is made; every other field is attacked at once, one data file per site (an
attacked languages.yaml changes how the texts parse, and would hide the pages the glossary names
fill)."""
from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.commands.build import build
from generator.errors import AlmanacError
from generator.output.browser import serve
from generator.pipeline import load_facts
from tests.conftest import FILES, ROOT
from tests.hostile import hostile_project
from tests.projects import site_files, site_project
from tests.test_hostile_browser import INJECTED, tab

__all__ = ["tab"]  # the fixture, for the tests of this module

# Valid where a data file holds a regular expression or a format (no `*`, `{`, `}`), and each
# part would run script or make markup if printed as HTML or Markdown; `&amp;` would show as `&`
# if unescaped once too often.
ATTACK = ('<img src=x onerror=alert(71)>"><svg onload=alert(72)>[x](javascript:alert(73))'
          "<script>alert(74)</script>'`&amp;")
MARK = re.compile(r"alert(\(|&#40;|&#x28;|%28)7[1-4]")
DATA_FILES = ("languages.yaml", "glossary.yaml", "night-order.yaml")
YamlPath = tuple[str | int, ...]


def leaves(node: Any, path: YamlPath = ()) -> Iterator[YamlPath]:
    """The path of every string in a YAML document."""
    if isinstance(node, str):
        yield path
    elif isinstance(node, dict):
        for key, value in node.items():
            yield from leaves(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from leaves(value, (*path, index))


def field(path: YamlPath) -> tuple[str, ...]:
    """A path with list indexes left out: one field of every item of a list."""
    return tuple("*" if isinstance(part, int) else part for part in path)


def attacked(node: Any, fields: set[tuple[str, ...]], path: YamlPath = ()) -> Any:
    if isinstance(node, str):
        return node + ATTACK if field(path) in fields else node
    if isinstance(node, dict):
        return {key: attacked(value, fields, (*path, key)) for key, value in node.items()}
    if isinstance(node, list):
        return [attacked(value, fields, (*path, i)) for i, value in enumerate(node)]
    return node


class DataFiles:
    """A project's data files, each field attacked or not."""

    def __init__(self, content: Path) -> None:
        self.content = content
        self.data = {name: yaml.safe_load((ROOT / "content" / name).read_text(encoding="utf-8"))
                     for name in DATA_FILES}
        self.fields = {name: sorted({field(path) for path in leaves(self.data[name])})
                       for name in DATA_FILES}

    def write(self, name: str, fields: list[tuple[str, ...]]) -> None:
        (self.content / name).write_text(
            yaml.dump(attacked(self.data[name], set(fields)), Dumper=yaml.CSafeDumper,
                      allow_unicode=True, sort_keys=False), encoding="utf-8")

    def accepted(self, name: str, fields: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
        """The fields of one file the loader takes attacked (halves tried where it refuses)."""
        self.write(name, fields)
        try:
            load_facts(self.content)
            return fields
        except AlmanacError:
            if len(fields) == 1:
                return []
            half = len(fields) // 2
            return self.accepted(name, fields[:half]) + self.accepted(name, fields[half:])


def attacked_site(root: Path, name: str) -> tuple[Path, list[tuple[str, ...]]]:
    """The hostile corpus and the One Night rulebook, with every field of one data file that
    the loader takes attacked, built (findings allowed: attacked patterns match nothing)."""
    project = hostile_project(site_project(root, {}))
    (project / FILES["003"]).write_bytes((ROOT / FILES["003"]).read_bytes())
    files = DataFiles(project / "content")
    fields = files.accepted(name, files.fields[name])
    files.write(name, fields)
    assert build(project, "http://127.0.0.1:8000/", allow_errors=True) in (0, 1)
    return project / "site", fields


_BUILT: dict[str, tuple[Path, list[tuple[str, ...]]]] = {}


@pytest.fixture(params=DATA_FILES)
def site(request, tmp_path_factory):
    """The attacked site of each data file, built once for the module."""
    if request.param not in _BUILT:
        _BUILT[request.param] = attacked_site(
            tmp_path_factory.mktemp(request.param.split(".")[0]), request.param)
    return _BUILT[request.param]


def texts(page) -> str:
    return page.title() + "\n" + page.locator("body").inner_text()


def test_no_page_runs_or_shows_markup_from_a_data_file(tab, site):
    folder, fields = site
    assert len(fields) > 3
    # The pages that hold any part of the attack, as written or escaped in any way: the others
    # cannot show it, nor run it.
    pages = [p for p in site_files(folder) if p.endswith(".html") and
             MARK.search((folder / p).read_text(encoding="utf-8"))]
    assert pages
    shown = 0
    with serve(folder) as base:
        for path in pages:
            page, dialogs = tab.load(base + path)
            assert (path, dialogs, page.evaluate(INJECTED)) == (path, [], [])
            text = texts(page)
            # Wherever a part of the attack shows, the whole of it shows, as written.
            assert (path, text.count("alert(72)")) == (path, text.count(ATTACK))
            shown += text.count(ATTACK)
    assert shown > 0


@pytest.mark.parametrize("site", ["languages.yaml"], indirect=True)
def test_the_site_name_and_language_names_show_as_written(tab, site):
    """MkDocs and Material print the site's name (title, header, menu) and the theme the
    language names (language menu) without escaping."""
    folder, fields = site
    assert {("ko", "site_name"), ("ko", "name"), ("en", "site_name"), ("en", "name")} <= \
        set(fields)
    with serve(folder) as base:
        for lang, site_name in (("ko", "연감"), ("en", "Almanac")):
            page, _ = tab.load(f"{base}{lang}/report/")
            assert page.title().endswith(f" - {site_name}{ATTACK}")
            assert page.locator(".md-header__topic").first.inner_text() == site_name + ATTACK
            assert page.locator(".md-select__link").evaluate_all(
                "links => links.map(link => link.textContent.trim())") == [
                "한국어" + ATTACK, "English" + ATTACK]
