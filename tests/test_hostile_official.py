"""Every string of every kind of official data file (roles.json, jinxes.json, game., script. and
app.<code>.json, German and right-to-left Hebrew) made an attack, built into the site and printed
into sheets: in Chromium no script runs, nothing is injected, no link leaves the site, and the
attack shows as the text it is; every PDF holds its text and says so truly."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

import pytest

from generator.commands.build import build
from generator.facts.official import load_official
from generator.output.browser import serve
from tests.conftest import ROOT
from tests.projects import almanac, catalogs_of, site_files, site_project
from tests.test_hostile_browser import INJECTED, tab

__all__ = ["tab"]  # the fixture, for the tests of this module

FIXTURES = ROOT / "tests" / "fixtures"
# Markup, a live stylesheet, a link to script, a format and a template: each would run, restyle
# or change the page if any stage took it for anything but text. A right-to-left override and a
# NUL, which no page may carry, are removed on reading.
ATTACK = ("<img src=x onerror=alert(91)><style>body{display:none}</style>"
          "[x](javascript:alert(92))\"><svg onload=alert(93)>%s%(x)s{{7*7}}\u202e\x00")
SHOWN = ATTACK.removesuffix("\u202e\x00")
MARK = re.compile(r"alert(\(|&#40;|&#x28;|%28)9[1-3]")
# The fields that say what a thing is, not how it is called: ids, a team, an edition's id.
KEPT = {"id", "team", "edition"}


def attacked(node: Any, key: str = "") -> Any:
    if isinstance(node, str):
        return node if key in KEPT else node + ATTACK
    if isinstance(node, dict):
        return {k: attacked(v, k) for k, v in node.items()}
    if isinstance(node, list):
        return [attacked(v, key) for v in node]
    return node


def attacked_data(folder: Path) -> Path:
    """The fixtures' official data, every string attacked."""
    folder.mkdir()
    for source in (FIXTURES / "official", FIXTURES / "official-languages",
                   FIXTURES / "official-rtl"):
        for path in sorted(source.glob("*.json")):
            if path.name.startswith(("game.ja", "game.ru", "game.zh", "app.ja", "app.ru",
                                     "app.zh", "script.ja", "script.ru", "script.zh")):
                continue
            document = json.loads(path.read_text(encoding="utf-8"))
            (folder / path.name).write_text(json.dumps(attacked(document), ensure_ascii=False),
                                            encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    """The site of ko, en, de and he built with the attacked data, and the sheets of a script
    of the data's characters printed in de and he."""
    root = tmp_path_factory.mktemp("official")
    data = attacked_data(root / "data")
    project = site_project(root / "project")
    # German and Hebrew without catalogs of their own: their interface is the data's words.
    with catalogs_of(("ko", "en"), root / "locales"):
        assert build(project, "http://127.0.0.1:8000/", official=load_official(data),
                     languages="ko,en,de,he", official_dir=str(data)) == 0
        (project / "script.json").write_text(json.dumps(
            [{"id": "_meta", "name": "Hostile"}, "chef", "fortuneteller", "poisoner", "spy",
             "imp"]), encoding="utf-8")
        printed = almanac("print", "script.json", "-o", "sheets", "--official", str(data),
                          "--lang", "de,he", root=project)
    return project, data, printed


def test_a_string_of_the_data_loses_what_no_page_may_carry_with_a_line(hostile):
    _, data, _ = hostile
    official = load_official(data)
    assert official.name("chef", "de").text == "Koch" + SHOWN
    assert f"{data / 'game.de.json'}: removed U+202E RIGHT-TO-LEFT OVERRIDE, U+0000 (a control " \
        "character) from roles.chef.name, roles.chef.ability, roles.chef.first and 15 more" in \
        official.notices


def test_no_page_runs_or_shows_markup_from_the_official_data(tab, hostile):
    project, _, _ = hostile
    site = project / "site"
    pages = [p for p in site_files(site) if p.endswith(".html") and
             MARK.search((site / p).read_text(encoding="utf-8"))]
    assert {"de/characters/chef/index.html", "he/characters/chef/index.html",
            "de/report/index.html", "he/index.html"} <= set(pages)
    shown = 0
    with serve(site) as base:
        for path in pages:
            page, dialogs = tab.load(base + path)
            assert (path, dialogs, page.evaluate(INJECTED)) == (path, [], [])
            # The stylesheets are the site's alone: no attack hid the page.
            assert (path, page.evaluate("document.body.offsetHeight > 0")) == (path, True)
            hrefs = page.evaluate("[...document.querySelectorAll('a[href]')]"
                                  ".map(a => a.getAttribute('href'))")
            leaving = [href for href in hrefs
                       if urlsplit(urljoin(base + path, href)).netloc != urlsplit(base).netloc]
            assert (path, leaving) == (path, [])
            text = page.title() + "\n" + page.locator("body").inner_text()
            assert (path, "\u202e" in text, "alert(93)" in text and SHOWN not in text) == \
                (path, False, False)
            shown += text.count(SHOWN)
    assert shown > 20


def test_the_menu_of_a_language_worded_by_the_data_is_text(tab, hostile):
    project, _, _ = hostile
    with serve(project / "site") as base:
        page, _ = tab.load(f"{base}de/characters/chef/")
        sections = page.locator(".md-nav--primary > .md-nav__list > .md-nav__item")
        assert "Charaktere" + SHOWN in [text.strip() for text in sections.all_inner_texts()]


def test_a_hebrew_page_reads_right_to_left(tab, hostile):
    project, _, _ = hostile
    with serve(project / "site") as base:
        page, _ = tab.load(f"{base}he/characters/chef/")
        assert page.evaluate("document.documentElement.dir") == "rtl"
        assert page.locator("h1").first.inner_text().startswith("טבח")


def test_every_sheet_prints_its_text_and_says_so_truly(hostile):
    project, _, printed = hostile
    assert printed.returncode == 0, printed.stderr
    assert "did not print as built" not in printed.stdout + printed.stderr
    for lang, name in (("de", "Koch"), ("he", "טבח")):
        for kind in ("script", "first"):
            pdf = project / "sheets" / f"{kind}-{lang}.pdf"
            text = subprocess.run([shutil.which("pdftotext") or "pdftotext", str(pdf), "-"],
                                  capture_output=True, text=True, check=True).stdout
            assert (pdf.name, name in text, "alert(91)" in text) == (pdf.name, True, True)


def attacked_catalog(source: Path, target: Path) -> None:
    """A copy of a catalog whose every translation ends in the attack (its placeholders kept)."""
    from dataclasses import replace

    from generator.read.po import read_po_bytes
    from generator.translation.po_text import po_text
    catalog = read_po_bytes(source.read_bytes(), str(source))
    messages = []
    for message in catalog.messages:
        attack = SHOWN.replace("%", "%%") if "python-format" in message.flags else SHOWN
        messages.append(replace(message, string=f"{message.string}{attack}", plural_strings=tuple(
            f"{form}{attack}" for form in message.plural_strings)))
    target.parent.mkdir(parents=True)
    target.write_text(po_text(replace(catalog, messages=tuple(messages))), encoding="utf-8")


def test_no_page_runs_or_shows_markup_from_a_catalog(tab, tmp_path, monkeypatch):
    """Every translation of the Korean and English catalogs made an attack: the interface words
    are data like any other."""
    from generator.facts import catalogs
    locales = tmp_path / "locales"
    for code in ("ko", "en"):
        attacked_catalog(catalogs.LOCALES / code / "LC_MESSAGES" / "messages.po",
                         locales / code / "LC_MESSAGES" / "messages.po")
    shutil.copy(catalogs.LOCALES / "messages.pot", locales / "messages.pot")
    monkeypatch.setattr(catalogs, "LOCALES", locales)
    for cached in (catalogs.translations, catalogs.catalog_code, catalogs._catalog):
        cached.cache_clear()
    try:
        project = site_project(tmp_path / "project")
        assert build(project, "http://127.0.0.1:8000/") == 0
        site = project / "site"
        pages = [p for p in site_files(site) if p.endswith(".html") and
                 MARK.search((site / p).read_text(encoding="utf-8"))]
        assert {"ko/index.html", "en/index.html", "ko/report/index.html"} <= set(pages)
        with serve(site) as base:
            for path in pages:
                page, dialogs = tab.load(base + path)
                assert (path, dialogs, page.evaluate(INJECTED)) == (path, [], [])
                assert (path, page.evaluate("document.body.offsetHeight > 0")) == (path, True)
                assert SHOWN in page.locator("body").inner_text()
    finally:
        for cached in (catalogs.translations, catalogs.catalog_code, catalogs._catalog):
            cached.cache_clear()
