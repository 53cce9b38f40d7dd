"""A corpus and a script whose names, titles and texts are attacks, built into the whole site
and into night sheets, then loaded in Chromium: no dialog fires, nothing is injected, and each
attack is shown as the text it is."""
from __future__ import annotations

import pytest

from generator.commands.build import build
from generator.output.browser import serve
from tests.hostile import ATTACKS, LINK, NAME, QUOTE, SCRIPT, hostile_project
from tests.projects import almanac, site_files, site_project
from tests.search_box import type_query

# What any of the attacks would leave in the page if it had become markup.
INJECTED = """() => {
  const all = [...document.querySelectorAll('*')];
  return [
    ...all.filter(el => [...el.attributes].some(a => a.name.startsWith('on'))).map(el => el.outerHTML),
    ...all.filter(el => (el.getAttribute('href') || '').trim().toLowerCase().startsWith('javascript:'))
          .map(el => el.outerHTML),
    ...[...document.querySelectorAll('img[src="x"], img[alt="i"], svg[onload], b, a, code, script')]
          .filter(el => el.tagName === 'IMG' || el.tagName === 'SVG'
                        || (el.tagName === 'SCRIPT' && el.textContent.includes('alert'))
                        || (el.tagName === 'B' && el.textContent === 'bold')
                        || (el.tagName === 'A' && el.textContent === 'x')
                        || (el.tagName === 'CODE' && el.textContent === 'code'))
          .map(el => el.outerHTML),
  ];
}"""


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory):
    project = hostile_project(site_project(tmp_path_factory.mktemp("hostile"), {}))
    assert build(project, "http://127.0.0.1:8000/") == 0
    sheets = []
    for lang in ("ko", "en"):
        for night in ("first", "other"):
            name = f"sheet-{lang}-{night}.html"
            result = almanac("nightsheet", "hostile-script.json", "--lang", lang, "--night",
                             night, "--html", name, root=project)
            assert result.returncode == 0, result.stderr
            sheets.append(project / name)
    return project, sheets


class Tab:
    """One tab for page after page (a new tab for each page takes twice the time): load(url)
    gives the page and the dialogs it opened."""

    def __init__(self, browser) -> None:
        self.page = browser.new_page()
        self.dialogs: list[str] = []
        self.page.on("dialog", self._opened)

    def _opened(self, dialog) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    def load(self, url: str):
        self.dialogs = []
        self.page.goto(url, wait_until="load")
        self.page.wait_for_timeout(50)  # let an injected onerror or onload run, if there were one
        return self.page, self.dialogs


@pytest.fixture(scope="module")
def tab(browser):
    tab = Tab(browser)
    yield tab
    tab.page.close()


def test_no_page_of_the_site_runs_or_shows_markup_from_the_corpus(tab, hostile_site):
    project, _ = hostile_site
    pages = [p for p in site_files(project / "site") if p.endswith(".html")]
    # 24 a language (3 views of source files, the report's 8 pages), the root redirect and the
    # root 404.html
    assert len(pages) == 50
    with serve(project / "site") as base:
        for path in pages:
            page, dialogs = tab.load(base + path)
            assert (path, dialogs, page.evaluate(INJECTED)) == (path, [], [])


@pytest.mark.parametrize("path, shown", [
    ("ko/characters/imgsrcxonerroralert1/", NAME),
    ("en/characters/xjavascriptalert2onclickalert3/", LINK),
    ("en/characters/svgonloadalert4/", QUOTE),
])
def test_a_hostile_name_is_the_page_title_as_text(tab, hostile_site, path, shown):
    project, _ = hostile_site
    with serve(project / "site") as base:
        page, _ = tab.load(base + path)
        assert page.title().startswith(shown)
        assert page.locator("h1").first.inner_text() == shown
        home, _ = tab.load(base + path.split("/")[0] + "/")  # it lists every character
        assert shown in home.locator("article a").all_inner_texts()


def test_every_attack_reaches_the_character_pages_as_text(tab, hostile_site):
    project, _ = hostile_site
    with serve(project / "site") as base:
        shown = ""
        for path in ("ko/characters/imgsrcxonerroralert1/", "ko/characters/noble/",
                     "en/characters/chef/", "ko/scripts/000/", "en/report/"):
            page, _ = tab.load(base + path)
            shown += page.locator("body").inner_text()
    assert [attack for attack in ATTACKS if attack not in shown] == []


def test_night_sheets_of_a_hostile_script_run_nothing(tab, hostile_site):
    _, sheets = hostile_site
    for sheet in sheets:
        page, dialogs = tab.load(sheet.as_uri())
        assert (dialogs, page.evaluate(INJECTED)) == ([], [])
        assert page.title().startswith(f"Script {NAME}")
    page, _ = tab.load(sheets[0].as_uri())
    assert SCRIPT in page.locator("body").inner_text()  # the homebrew character's name


def test_search_results_show_hostile_titles_as_text(tab, hostile_site):
    project, _ = hostile_site
    with serve(project / "site") as base:
        page, dialogs = tab.load(base + "en/")
        type_query(page, "onerror")
        page.wait_for_selector(".md-search-result__item", timeout=10000)
        titles = page.locator(".md-search-result__item h1").all_inner_texts()
        assert NAME in titles
        assert (dialogs, page.evaluate(INJECTED)) == ([], [])
