"""axe-core in Chromium over the pages of the plan's first shard (tests/axe.py: every third page
of each kind in both languages, each kind's first at a desktop and a phone width; the other is
tests/test_accessibility_pages.py), and with search and the menu drawer open: no serious or
critical violation. Then the keyboard at phone width: every focus stop visible, the menu opened by
keys; the head's description and counterparts; marks of language."""
from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from itertools import groupby
from pathlib import Path

import pytest

from tests.axe import (
    AXE_UNDER_SERIOUS,
    EVERY,
    RUN,
    SETTLED,
    UNDER_SERIOUS,
    WIDTHS,
    axe_tab,
    kind,
    pages,
    plan,
    plan_url,
    serious,
    shard,
    violations,
    without_search_pages,
)
from tests.conftest import FILES, line_of
from tests.search_box import type_query

__all__ = ["axe_tab", "plan_url"]  # the fixtures, for the tests of this module


def test_the_plan_sees_every_third_page_of_a_kind_and_every_kind_at_both_widths(built_site):
    site, _ = built_site
    runs = plan(site)
    seen = {path for path, _ in runs}
    assert len(pages(site)) > 200
    for _, group in groupby(sorted(pages(site), key=kind), key=kind):
        found = list(group)
        assert [path for path in found if path in seen] == \
            [found[0], *found[1:][EVERY - 1::EVERY]]
    both = sorted(path for path in pages(site) if {w for p, w in runs if p == path} == set(WIDTHS))
    assert sorted(kind(path) for path in both) == sorted({kind(path) for path in pages(site)})
    assert {("ko", "report"), ("en", "characters"), ("ko",), ("en", "sources")} <= \
        {kind(path) for path in both}
    assert len(runs) == len(seen) + len(both)


def test_the_plans_copy_is_the_site_but_for_the_pages_of_its_search_indexes(built_site,
                                                                          tmp_path):
    site, _ = built_site
    view = without_search_pages(site, tmp_path / "site")
    files = sorted(p.relative_to(site) for p in site.rglob("*") if p.is_file())
    assert sorted(p.relative_to(view) for p in view.rglob("*") if p.is_file()) == files
    indexes = [f for f in files if f.as_posix().endswith("/search/search_index.json")]
    assert [f.parts[0] for f in indexes] == ["en", "ko"]
    assert [f for f in files if (view / f).read_bytes() != (site / f).read_bytes()] == indexes
    for index in indexes:
        seen, kept = (json.loads((folder / index).read_text(encoding="utf-8"))
                      for folder in (site, view))
        assert len(seen["docs"]) > 200 and kept == {**seen, "docs": []}


def test_the_rules_left_out_are_those_axe_says_find_less_than_serious(axe_tab, site_url):
    tab = axe_tab["desktop"]
    tab.goto(f"{site_url}ko/", wait_until="load")
    assert tab.evaluate(AXE_UNDER_SERIOUS) == sorted(UNDER_SERIOUS)
    # Left out of the run, as no other rule is.
    ran = tab.evaluate(RUN.replace("resultTypes: ['violations']", "resultTypes: ['passes']"))
    outcomes = {rule["id"] for kind in ("violations", "passes", "incomplete", "inapplicable")
                for rule in ran[kind]}
    assert outcomes & set(UNDER_SERIOUS) == set()
    assert {"color-contrast", "link-name", "html-has-lang"} <= outcomes


def test_no_page_of_the_first_shard_has_a_serious_violation(axe_tab, built_site, plan_url):
    site, _ = built_site
    assert violations(axe_tab, plan_url, shard(site, 0)) == {}


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang, query", [("ko", "독살범"), ("en", "poisoner")])
def test_search_open_with_results_has_no_serious_violation(axe_tab, site_url, width, lang,
                                                            query):
    tab = axe_tab[width]
    tab.goto(f"{site_url}{lang}/characters/chef/", wait_until="networkidle")
    if width == "phone":
        tab.click('label.md-header__button[for="__search"]')
    type_query(tab, query)
    tab.wait_for_selector(".md-search-result__item mark", timeout=10000)
    tab.wait_for_function(SETTLED)  # colours are measured after the results fade in
    assert serious(tab.evaluate(RUN)) == []


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_phone_drawer_open_has_no_serious_violation(axe_tab, site_url, lang):
    # The drawer is the same menu on every page; on a character page axe has little else to
    # read (the report alone, checked by the plan at both widths, takes it 12 s).
    tab = axe_tab["phone"]
    tab.goto(f"{site_url}{lang}/characters/chef/", wait_until="load")
    tab.click('label.md-header__button[for="__drawer"]')
    tab.wait_for_function("document.getElementById('__drawer').checked")
    tab.wait_for_function(SETTLED)
    assert serious(tab.evaluate(RUN)) == []


FOCUSED = """() => {
  const e = document.activeElement;
  const box = e.getBoundingClientRect();
  const style = getComputedStyle(e);
  return {tag: e.tagName, text: (e.getAttribute('aria-label') || e.textContent).trim().slice(0, 40),
          visible: box.width > 0 && box.height > 0 && style.visibility !== 'hidden'
                   && box.right > 0 && box.left < innerWidth};
}"""


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_at_phone_width_every_focus_stop_is_visible_and_the_menu_opens_by_keyboard(
        page, site_url, lang):
    page.set_viewport_size({"width": 390, "height": 844})
    for path in ("report/", "onuw/roles/sentinel/", "onuw/wake-order/"):
        page.goto(f"{site_url}{lang}/{path}", wait_until="load")
        stops = []
        for _ in range(60):
            page.keyboard.press("Tab")
            stops.append(page.evaluate(FOCUSED))
        assert [stop for stop in stops if not stop["visible"]] == [], path
    page.goto(f"{site_url}{lang}/characters/chef/", wait_until="load")
    for _ in range(10):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.getAttribute('for')") == "__drawer":
            break
    else:
        pytest.fail("the menu button takes no focus")
    page.keyboard.press("Enter")
    assert page.evaluate("document.getElementById('__drawer').checked")


def head(html: str) -> str:
    return html.split("</head>", 1)[0]


def test_every_page_has_a_meta_description_and_its_counterparts_in_the_head(built_site):
    site, port = built_site
    for path in pages(site):
        html = (site / path / "index.html").read_text(encoding="utf-8")
        descriptions = re.findall(r'<meta name="description" content="([^"]+)">', head(html))
        assert len(descriptions) == 1 and descriptions[0].strip(), path
        alternates = re.findall(r'<link rel="alternate" hreflang="(\w+)" href="([^"]+)">',
                                head(html))
        assert [lang for lang, _ in alternates] == ["ko", "en"], path
        url = path.split("/", 1)[1]  # the page's path in its language's site
        for lang, href in alternates:  # absolute, the site built with its URL
            assert href == f"http://127.0.0.1:{port}/{lang}/{url}", (path, href)
            assert (site / lang / url / "index.html").is_file(), (path, href)
    chef = (site / "ko" / "characters" / "chef" / "index.html").read_text(encoding="utf-8")
    assert '<meta name="description" content="요리사: 당신은 시작할 때, 이웃한 악 플레이어 쌍이 ' \
           '몇 쌍인지 압니다.">' in chef


def test_text_in_the_other_language_carries_its_lang(built_site):
    site, _ = built_site
    script = (site / "en" / "scripts" / "000" / "index.html").read_text(encoding="utf-8")
    assert '<title lang="ko">로마는 하루아침에 불타지 않았다 - Almanac</title>' in script
    assert '<h1 id="로마는-하루아침에-불타지-않았다" lang="ko">' in script
    assert '<span class="almanac-other-name" lang="ko">귀족</span>' in script
    scripts = (site / "en" / "scripts" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<a href="000/" lang="ko">로마는 하루아침에 불타지 않았다</a>', scripts)
    team = (site / "ko" / "teams" / "townsfolk" / "index.html").read_text(encoding="utf-8")
    assert '<span class="almanac-other-name" lang="en">Noble</span>' in team
    roles = (site / "en" / "onuw" / "index.html").read_text(encoding="utf-8")
    assert '<span class="almanac-other-name" lang="ko">경비병</span>' in roles
    sets = (site / "en" / "onuw" / "role-sets" / "index.html").read_text(encoding="utf-8")
    # The role sets' names are the English store's: English, no mark.
    assert '<h2 id="evil-transformation">Evil Transformation</h2>' in sets
    # Nothing marked with the wrong language: the Korean page's other names are English.
    assert 'lang="ko">Noble<' not in team


def page(site: Path, path: str) -> str:
    return " ".join((site / path / "index.html").read_text(encoding="utf-8").split())


def test_sheet_titles_in_another_language_carry_it_in_the_title_heading_header_and_menu(
        built_site):
    site, _ = built_site
    sheet = page(site, "en/nightsheets/002-first")
    assert '<title lang="ko">습기가 차다 · First night - Almanac</title>' in sheet
    assert '<h1 class="nightsheet-title" lang="ko">습기가 차다</h1>' in sheet
    assert 'data-md-component="header-topic"> <span class="md-ellipsis"> ' \
           '<span lang="ko">습기가 차다</span> · First night </span>' in sheet
    # The menu: this sheet, its siblings, the One Night sets' narration sheets (their names
    # the English store's: no mark).
    for entry in ('<span lang="ko">습기가 차다</span> · First night',
                  '<span lang="ko">로마는 하루아침에 불타지 않았다</span> · Script sheet'):
        assert f'<span class="md-typeset"> {entry}' in sheet, entry
    assert '<span class="md-ellipsis"> Evil Transformation </span>' in sheet
    assert '<h1 class="nightsheet-title">Evil Transformation</h1>' in \
        page(site, "en/nightsheets/onuw-set-1")
    assert '<span lang="ko">습기가 차다</span> </span>' in page(site, "en/scripts/000")
    # On the Korean site the same titles are the page's language: no mark.
    korean = page(site, "ko/nightsheets/002-first")
    assert '<title>습기가 차다 · 첫날 밤 - 연감</title>' in korean
    assert '<h1 class="nightsheet-title">습기가 차다</h1>' in korean
    assert 'data-md-component="header-topic"> <span class="md-ellipsis"> 습기가 차다 · 첫날 밤 ' \
           '</span>' in korean
    assert '<span lang="ko">' not in korean


def report(site: Path, lang: str) -> str:
    """Every page of a language's report, each as page() reads it."""
    return " ".join(page(site, folder.relative_to(site).as_posix())
                    for folder in sorted([site / lang / "report",
                                          *(site / lang / "report").glob("*/")]))


def test_the_reports_findings_mark_the_names_and_texts_they_quote(built_site):
    site, _ = built_site
    english = report(site, "en")
    assert 'Investigator &#40;<span lang="ko">조사관</span>&#41;: not written yet &#40;Flavor, ' \
           'Almanac, How to run, ' \
           'Examples &#38; notes&#41;<br><span class="almanac-finding-text" lang="ko">조사관' \
           '</span>' in english
    assert '<td><span lang="ko">습기가 차다</span> (en)</td>' in english
    korean = report(site, "ko")
    assert "이름 &#39;<span lang=\"en\">Professor1-75</span>&#39; 뒤에 불필요한 문자가 붙어 있어 " \
           "&#39;<span lang=\"en\">Professor</span>&#39; 이름으로 읽었습니다" in korean
    # A Korean line in the English almanac is Korean where the report and the source show it.
    line = "게임당 한 번, 밤&#42;에 죽은 플레이어를 선택할 수 있습니다. 해당 플레이어가 주민이라면 부활합니다."
    assert f'<span class="almanac-finding-text" lang="ko">{line}</span>' in english
    at = line_of(FILES["004"], "게임당 한 번, 밤*에 죽은 플레이어를 선택할 수 있습니다. 해당 플레이어가 "
                              "주민이라면 부활합니다.", whole=True)
    assert f'id="L{at}" lang="ko"><a href="#L{at}">{at}</a>{line}</span>' in \
        page(site, "en/sources/en/004_12a4a26f551c30b4.txt")


def test_no_korean_text_on_an_english_page_is_unmarked(built_site):
    site, _ = built_site
    unmarked = {path: found for path in pages(site) if path.startswith("en/")
                if (found := korean_outside_marks((site / path / "index.html").read_text("utf-8")))}
    assert unmarked == {}


class _Korean(HTMLParser):
    """Text with Hangul whose nearest lang (an element's, else the document's) is not ko."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[tuple[str, str | None]] = []
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in VOID:
            lang = dict(attrs).get("lang", self.open[-1][1] if self.open else None)
            self.open.append((tag, lang))

    def handle_endtag(self, tag: str) -> None:
        while self.open and self.open.pop()[0] != tag:
            pass

    def handle_data(self, data: str) -> None:
        if self.open and self.open[-1][0] not in ("script", "style") and \
                self.open[-1][1] != "ko" and re.search("[\uac00-\ud7a3]", data):
            self.found.append(" ".join(data.split()))


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


def korean_outside_marks(html: str) -> list[str]:
    parser = _Korean()
    parser.feed(html)
    return parser.found


SMALLEST = """() => Math.min(...[...document.querySelectorAll('.nightsheet *, .scriptsheet *')]
  .filter(e => e.childNodes.length && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
  .map(e => parseFloat(getComputedStyle(e).fontSize)))"""


@pytest.mark.parametrize("path", ["ko/nightsheets/000-first/", "ko/scriptsheets/000/",
                                  "ko/nightsheets/onuw-set-1/"])
def test_a_sheet_on_a_phone_reads_at_the_sites_size_and_keeps_korean_words_whole(
        axe_tab, site_url, path):
    tab = axe_tab["phone"]
    tab.goto(f"{site_url}{path}", wait_until="load")
    assert tab.evaluate(SMALLEST) >= 14  # px; the print's 7 to 8.5 pt are 9 to 11
    assert tab.evaluate("getComputedStyle(document.querySelector('.nightsheet-title'))"
                        ".wordBreak") == "keep-all"
    # A name of one word keeps to one line: its column is as wide as its longest word.
    assert tab.evaluate(SPLIT_NAMES) == []


# The names of one word a sheet shows over more than one line.
SPLIT_NAMES = """() => [...document.querySelectorAll('.nightsheet-name, .scriptsheet-name')]
  .filter(e => !/\\s/.test(e.textContent.trim()) && (() => { const r = document.createRange();
    r.selectNodeContents(e); return new Set([...r.getClientRects()].map(b => b.top)).size > 1 })())
  .map(e => e.textContent)"""


def test_no_header_cell_is_empty(built_site):
    site, _ = built_site
    empty = [path for path in pages(site) if re.search(
        r"<th[^>]*>\s*</th>", (site / path / "index.html").read_text(encoding="utf-8"))]
    assert empty == []
    sheet = (site / "ko" / "nightsheets" / "onuw-set-1" / "index.html").read_text("utf-8")
    assert '<tr class="nightsheet-row nightsheet-special" data-id="start"><th ' \
           'class="nightsheet-name" scope="row">해질녘</th>' in sheet
