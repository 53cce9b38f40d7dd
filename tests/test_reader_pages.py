"""Pages as native readers read them: the names met at the table first and the other languages'
folded away, each labelled; where a text comes from in words; team lists of separate names, each
in its language; English inside another language's official file marked and counted; Japanese
and Chinese lines broken strictly; and Hebrew, built from data, right to left throughout, at a
phone's width. The data are fixtures of the tests' own (tests/fixtures/official-readers and the
lead's official-rtl beside the shared official one)."""
from __future__ import annotations

import re
import shutil
from html import unescape
from pathlib import Path

import pytest

from generator.commands.build import build
from generator.facts.english import is_english
from generator.facts.official import load_official
from generator.output.browser import serve
from tests.conftest import ROOT
from tests.projects import almanac, site_project

FIXTURES = ROOT / "tests" / "fixtures"
LANGUAGES = "ko,en,ja,es,es-419,de,he"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("readers")
    data = root / "data"
    for folder in ("official", "official-readers", "official-rtl"):
        shutil.copytree(FIXTURES / folder, data, dirs_exist_ok=True)
    project = site_project(root / "project")
    assert build(project, "http://127.0.0.1:8000/", official=load_official(data),
                 languages=LANGUAGES, official_dir=str(data)) == 0
    (project / "script.json").write_text(
        '[{"id": "_meta", "name": "Readers"}, "chef", "fortuneteller", "poisoner", "imp"]',
        encoding="utf-8")
    return project / "site"


def page(site: Path, lang: str, path: str) -> str:
    return unescape((site / lang / path / "index.html").read_text(encoding="utf-8"))


def article(html: str) -> str:
    return html.split("<article", 1)[1].split("</article>", 1)[0]


def shown_text(html: str) -> str:
    """What a reader sees of the article: its text, without tags and their attributes."""
    return re.sub(r"<[^>]+>", "", re.sub(r"<(script|style)\b.*?</\1>", "", article(html), flags=re.S))


def test_also_called_gives_the_names_met_at_the_table_each_once_in_its_language(site):
    korean = page(site, "ko", "characters/spy")
    # The English name beside the team, the page language's alias after "Also called".
    assert '<span class="almanac-other-name" lang="en">Spy</span>' in korean
    assert '<span class="almanac-aliases">다른 이름: <span lang="ko">스파이</span></span>' in korean
    japanese = page(site, "ja", "characters/spy")
    names = japanese.split('<div class="almanac-names">', 1)[1].split("</div>", 1)[0]
    assert '<span class="almanac-other-name" lang="en">Spy</span>' in names
    assert "almanac-aliases" not in names  # no Japanese alias; the English name is shown once
    assert "Espía" not in names and "첩자" not in names


def test_the_other_languages_names_are_folded_labelled_and_come_after_the_ability(site):
    html = page(site, "ja", "characters/spy")
    folded = html.split('<details class="almanac-elsewhere">', 1)[1].split("</details>", 1)[0]
    assert folded == (
        "\n<summary>他の言語での名前</summary>\n<ul>\n"
        '<li><span class="almanac-language">韓国語</span>: <span lang="ko">첩자</span>, '
        '<span lang="ko">스파이</span></li>\n'
        # Spanish and Latin American Spanish name it alike: one line, both labels.
        '<li><span class="almanac-language">スペイン語, スペイン語 (ラテンアメリカ)</span>: '
        '<span lang="es">Espía</span></li>\n'
        '<li><span class="almanac-language">ヘブライ語</span>: <span lang="he" dir="rtl">מרגל</span>'
        '</li>\n</ul>\n')
    assert html.index('<h2 id="能力"') < html.index('<details class="almanac-elsewhere">')
    # Not listed: a language whose name is borrowed (the German data lack the Spy), nor one
    # whose name the page shows already (English).
    assert "ドイツ語" not in folded and "英語" not in folded
    # A jinx partner the Japanese data do not name: its English name, marked.
    assert '<li data-jinx="fortuneteller spy"><a href="../../characters/fortuneteller/" ' \
           'lang="en">Fortune Teller</a>' in html


def test_a_players_page_says_where_its_texts_come_from_in_words(site):
    chef = page(site, "en", "characters/chef")
    assert '<p class="almanac-sources">From the English almanac</p>' in chef
    # The Japanese Chef: the card's ability in Japanese, its flavor from the English card (before
    # another language's almanac along the chain), the rest from the English almanac.
    japanese = page(site, "ja", "characters/chef")
    assert '<p class="almanac-sources">日本語の公式カードより · 英語の公式カードより · ' \
           '英語の年鑑より</p>' in japanese
    for html in (chef, japanese):
        assert "content/" not in shown_text(html)
        assert not re.search(r"\.txt:\d", shown_text(html))


def test_team_pages_list_separate_names_each_marked_with_its_language(site):
    html = page(site, "de", "teams/minion")
    roster = html.split('<p class="almanac-roster">', 1)[1].split("</p>", 1)[0]
    # The German data lack the Spy's name: the English one, marked; the Poisoner's is German.
    assert roster == (
        '<span><a href="../../characters/poisoner/">Giftmischer</a> '
        '<span class="almanac-other-name" lang="en">Poisoner</span>\xa0·</span> '
        '<span><a href="../../characters/spy/" lang="en">Spy</a></span> ')
    # Without the German data's team words (no script.de.json), the English one, marked.
    assert '<title lang="en">Minions - Almanac</title>' in html
    assert '<h1 id="minions" lang="en">Minions</h1>' in html
    assert '<p class="almanac-team-intro"><span class="almanac-team almanac-evil" ' \
           'data-team="minion" lang="en">Minions</span></p>' in html
    assert '<a href="teams/minion/" lang="en">Minions</a> (2)' in page(site, "de", "")
    korean = page(site, "ko", "teams/townsfolk")
    assert "</a>- " not in korean and "</span>- " not in korean  # no names glued by a dash
    assert re.findall(r'<span><a href="../../characters/(\w+)/">', korean) == \
        ["chef", "fortuneteller"]


def test_english_inside_another_languages_official_file_is_marked_and_counted(site):
    assert is_english("Wake the Fortune Teller and let them choose two teacups; nod if either "
                      "hides the leaf.")
    assert not is_english("Zeige dem Koch, wie viele Testsuppen versalzen sind.")
    assert not is_english("Gorm do shúile, dearg do ghruaig, ní bheidh sé i bhfad.")
    assert not is_english("Barista")  # a name the same in both: too few words to tell
    project = site.parent
    data = load_official(project.parent / "data")
    assert (data.first_night("fortuneteller", "de").text[:8], data.first_night(
        "fortuneteller", "de").lang) == ("Wake the", "en")
    assert data.first_night("chef", "de").lang == "de"
    result = almanac("nightsheet", "script.json", "--lang", "de", "--night", "first",
                     "--official", str(project.parent / "data"), "--html", "first-de.html",
                     root=project)
    assert result.returncode == 0, result.stderr
    sheet = (project / "first-de.html").read_text(encoding="utf-8")
    for ident in ("fortuneteller", "poisoner"):  # English in the German file; none there
        row = sheet.split(f'data-id="{ident}"', 1)[1].split("</tr>", 1)[0]
        assert '<td class="nightsheet-text" lang="en"' in row
        assert 'data-mark="language" lang="de"' in row and ">EN</span>" in row
    chef = sheet.split('data-id="chef"', 1)[1].split("</tr>", 1)[0]
    assert '<td class="nightsheet-text" lang="de"' in chef and ">EN</span>" not in chef
    assert result.stderr == "script.json: 2 Texte in einer anderen Sprache\n"
    # The players' sheet names a team the German data lack a word for in English, marked.
    players = almanac("scriptsheet", "script.json", "--lang", "de", "--official",
                      str(project.parent / "data"), "--html", "script-de.html", root=project)
    assert players.returncode == 0, players.stderr
    assert '<span lang="en">Minions</span></h2>' in \
        (project / "script-de.html").read_text(encoding="utf-8")


def test_japanese_and_chinese_lines_break_strictly(site, page):
    # Strict: no line starts with ー, 。 or 、; the rule is inherited by what the page holds.
    with serve(site) as base:
        for lang, rule in (("ja", "strict"), ("en", "auto"), ("ko", "auto")):
            page.goto(f"{base}{lang}/characters/chef/")
            assert page.evaluate("getComputedStyle(document.querySelector('.almanac-ability'))"
                                 ".lineBreak") == rule, lang
    css = (ROOT / "templates" / "assets" / "almanac.css").read_text(encoding="utf-8")
    assert ":lang(ja), :lang(zh) { line-break: strict; }" in css


def test_hebrew_from_data_is_right_to_left_with_latin_isolated(site):
    home = page(site, "he", "")
    assert '<html dir="rtl" lang="he" class="no-js">' in home
    # The Hebrew data's team words and names; the English texts and names isolated.
    assert '<h3 id="תושבים-2"><a href="teams/townsfolk/">תושבים</a> (2)</h3>' in home
    chef = page(site, "he", "characters/chef")
    assert "<h1>טבח</h1>" in chef
    assert '<span class="almanac-team almanac-good" data-team="townsfolk">תושב</span>' in chef
    assert '<span class="almanac-other-name" lang="en" dir="ltr">Chef</span>' in chef
    assert '<div class="almanac-flavor" lang="en" dir="ltr"' in chef
    assert '<div class="almanac-how-to-run" lang="en" dir="ltr"' in chef
    team = page(site, "he", "teams/townsfolk")
    assert '<a href="../../characters/chef/">טבח</a>' in team
    assert 'lang="he" dir=' not in team  # the page's own language is not marked again


def test_hebrew_at_a_phones_width_stays_on_the_screen_and_runs_right_to_left(site, page):
    page.set_viewport_size({"width": 390, "height": 844})
    with serve(site) as base:
        page.goto(f"{base}he/characters/chef/")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert page.evaluate("getComputedStyle(document.querySelector('.md-content')).direction"
                             ) == "rtl"
        heading = page.locator("article h1").bounding_box()
        assert heading and heading["x"] + heading["width"] > 300  # at the right, where it starts
        # The language menu opens inside the screen from its button at the left end.
        page.hover(".md-header__option .md-select")
        menu = page.locator(".md-header__option .md-select__inner")
        page.wait_for_function("getComputedStyle(document.querySelector("
                               "'.md-header__option .md-select__inner')).opacity === '1'")
        box = menu.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390
        # Search: the box is right to left, an English result runs left to right on its own.
        assert page.evaluate("getComputedStyle(document.querySelector('.md-search__input'))"
                             ".direction") == "rtl"
        page.goto(f"{base}he/characters/chef/")
        page.evaluate("document.querySelector('[data-md-toggle=search]').checked = true")
        page.locator(".md-search__input").type("Chef", delay=50)
        result = page.locator(".md-search-result__article").first
        result.wait_for(state="attached")
        assert result.evaluate("e => getComputedStyle(e).unicodeBidi") == "plaintext"
