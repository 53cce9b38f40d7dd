"""Every character of the official data gets a page when the site is built with it (the fixture of
tests/fixtures/official: the Chef, Fortune Teller, Poisoner, Spy and Imp, made-up sentences), and
the home page says how to get them when it is not."""
import json
import re
from html import unescape
from pathlib import Path

import pytest

from generator.commands.build import build
from generator.facts.official import load_official
from generator.output.browser import serve
from tests.conftest import ROOT
from tests.projects import site_project
from tests.search_box import SearchBox
from tests.test_site import report_html

OFFICIAL = ROOT / "tests" / "fixtures" / "official"
ROSTER = ["chef", "fortuneteller", "imp", "poisoner", "spy"]


@pytest.fixture(scope="module")
def sites(tmp_path_factory) -> dict[str, Path]:
    """The small project (the Chef and the Imp, in English) built with and without the data."""
    built = {}
    for kind in ("official", "corpus"):
        project = site_project(tmp_path_factory.mktemp(kind))
        official = load_official(OFFICIAL) if kind == "official" else None
        assert build(project, "http://127.0.0.1:8000/", official=official) == 0
        built[kind] = project / "site"
    return built


def page(site: Path, lang: str, path: str) -> str:
    return unescape((site / lang / path / "index.html").read_text(encoding="utf-8"))


def article(html: str) -> str:
    return html.split("<article", 1)[1].split("</article>", 1)[0]


def section(html: str, anchor: str) -> str:
    return html.split(f'<h2 id="{anchor}"', 1)[1].split("<h2", 1)[0]


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_every_character_of_the_data_has_a_page_in_every_language(sites, lang):
    assert sorted(p.name for p in (sites["official"] / lang / "characters").iterdir()) == ROSTER
    assert sorted(p.name for p in (sites["corpus"] / lang / "characters").iterdir()) == \
        ["chef", "imp"]


def test_a_character_the_almanac_lacks_shows_the_card_and_says_so(sites):
    html = page(sites["official"], "ko", "characters/spy")
    assert "<title>첩자 - " in html
    assert '<span class="almanac-team almanac-evil" data-team="minion">하수인</span>' in html
    assert '<span class="almanac-other-name" lang="en">Spy</span>' in html
    assert '<span class="almanac-edition" data-edition="tb">에디션: 점철되는 혼란</span>' in html
    # A card, not a list of notices: one line says there is no entry, a small mark under each
    # text where it comes from, and no section is listed only to say it is not written.
    assert html.count("아직 연감 항목이 없습니다") == 1
    assert '<p class="almanac-no-entry">아직 연감 항목이 없습니다</p>\n\n<h2 id="능력">' in html
    assert "admonition" not in article(html)
    # The fixture's Korean data has no Spy ability: the English card, marked as such.
    ability = section(html, "능력")
    assert '<div class="almanac-ability" lang="en" data-source="official data" ' \
           'data-origin="official">' in ability
    assert "<p>Each night*, you read the kitchen's made-up recipe book.</p>" in ability
    assert '<p class="almanac-origin" data-origin="official">공식 카드 문구 · 영어로 쓰인 글</p>' \
        in ability
    assert re.findall(r'<h2 id="([^"]+)"', html) == ["능력", "분위기-글", "기록-토큰", "밤-순서", "징크스"]
    assert "almanac-sources" not in html  # no corpus line to point at


def test_the_page_of_a_character_without_entry_has_tokens_and_night_order(sites):
    html = page(sites["official"], "ko", "characters/poisoner")
    assert '<ul class="almanac-tokens">\n<li>중독</li>' in html
    night = section(html, "밤-순서")
    assert '<li data-night="first" data-script="">\n첫날 밤에 깨어납니다' in night
    ability = section(html, "능력")
    assert "<p>매일 밤, 지어낸 손님 1명의 그릇에 후추를 넣습니다.</p>" in ability


def test_jinxes_are_the_datas_and_link_every_partner_page(sites):
    spy = page(sites["official"], "ko", "characters/spy")
    jinxes = re.findall(r'<li data-jinx="([^"]+)"><a href="([^"]+)">([^<]+)</a>', spy)
    # In Korean order of the names (ㄷ before ㅈ), not of the ids.
    assert jinxes == [("poisoner spy", "../../characters/poisoner/", "독살범"),
                      ("fortuneteller spy", "../../characters/fortuneteller/", "점쟁이")]
    assert "스파이가 후추통을 훔쳐보면, 독살범은 소금을 대신 씁니다." in spy
    chef = page(sites["official"], "en", "characters/chef")
    assert re.findall(r'<li data-jinx="([^"]+)"><a href="([^"]+)">', chef) == [
        ("chef imp", "../../characters/imp/")]
    # Without the data, a partner with no page is named, not linked.
    assert '<li data-jinx="chef imp">' not in page(sites["corpus"], "en", "characters/chef")


def test_team_pages_home_search_and_report_see_the_same_roster(sites):
    site = sites["official"]
    minions = article(page(site, "en", "teams/minion"))
    assert re.findall(r'href="../../characters/([^/]+)/"', minions) == ["poisoner", "spy"]
    home = article(page(site, "ko", ""))
    assert sorted(set(re.findall(r'href="characters/([^/]+)/"', home))) == ROSTER
    assert "almanac-roster-note" not in home
    index = json.loads((site / "ko" / "search" / "search_index.json").read_text("utf-8"))
    assert "첩자" in {doc["title"] for doc in index["docs"]}
    assert sorted(set(re.findall(r'<tr data-id="([^"]+)"', report_html(site, "en")))) == ROSTER


def test_without_the_data_the_home_page_says_how_to_get_every_character(sites):
    home = article(page(sites["corpus"], "en", ""))
    assert '<p class="almanac-roster-note">These are the characters the almanac has entries ' \
           'for.' in home
    assert "<code>almanac build --official DIR</code>" in home
    korean = article(page(sites["corpus"], "ko", ""))
    assert "<code>almanac build --official DIR</code>" in korean
    assert "almanac-roster-note" in korean


@pytest.fixture(scope="module")
def search(browser, sites):
    """The search box of the site built with the official data."""
    with serve(sites["official"]) as base:
        box = SearchBox(browser, base)
        yield box
        box.close()


@pytest.mark.parametrize("lang, query, found", [
    ("ko", "스파이", "characters/spy/"),  # an alias of the glossary
    ("ko", "포춘텔러", "characters/fortuneteller/"),
    ("en", "fortuneteller", "characters/fortuneteller/"),  # the id as one word
    ("ko", "Spy", "characters/spy/"),  # the other language's name
    ("en", "첩자", "characters/spy/"),
])
def test_search_finds_a_character_by_the_names_players_type(search, lang, query, found):
    assert search(lang, query)[0] == f"/{lang}/{found}"


def test_a_page_names_its_aliases_in_their_language(sites):
    html = page(sites["official"], "en", "characters/spy")
    # The Korean name beside the team; the Korean alias with it among the other languages'.
    assert '<span class="almanac-other-name" lang="ko">첩자</span>' in html
    assert '<li><span class="almanac-language">Korean</span>: <span lang="ko">첩자</span>, ' \
           '<span lang="ko">스파이</span></li>' in html
    # The names a page is found by and does not show are a field of the index of their own,
    # never part of the text a result shows.
    index = {doc["location"]: doc for doc in json.loads(
        (sites["official"] / "ko" / "search" / "search_index.json").read_text("utf-8"))["docs"]}
    assert index["characters/fortuneteller/"]["words"] == \
        "fortuneteller 포툰 텔러 포툰텔러 fortune teller"
    assert "포툰" not in index["characters/fortuneteller/"]["text"]
    assert "포툰" not in page(sites["official"], "ko", "characters/fortuneteller")
    english = json.loads((sites["official"] / "en" / "search" / "search_index.json")
                         .read_text("utf-8"))["docs"]
    assert "words" not in next(d for d in english if d["location"] == "characters/spy/")


def test_a_character_the_glossary_lacks_is_named_by_the_data_and_odd_ids_make_no_page(
        tmp_path, corpus):
    import shutil

    from generator.cards import joined, with_roster
    folder = shutil.copytree(OFFICIAL, tmp_path / "official")
    roles = json.loads((folder / "roles.json").read_text(encoding="utf-8"))
    roles += [{"id": "pieman", "name": "Pie Man", "team": "outsider", "edition": "",
               "ability": "A made-up pie."},
              {"id": "../escape", "name": "Escape", "team": "demon", "ability": "Made up."}]
    (folder / "roles.json").write_text(json.dumps(roles), encoding="utf-8")
    roster = with_roster(joined(corpus, load_official(folder)))
    added = {c.id for c in roster.characters} - {c.id for c in corpus.characters}
    assert added == {"fortuneteller", "imp", "poisoner", "spy", "pieman"} - \
        {c.id for c in corpus.characters}
    pieman = roster.character("botc", "pieman")
    assert (pieman.team, pieman.names, pieman.entries) == \
        ("outsider", {"ko": "Pie Man", "en": "Pie Man"}, {})
    assert with_roster(corpus) is corpus
    # Its name is English on every page, and the page says so.
    from generator.views.characters import character_view, sheet_orders
    view = character_view(roster, pieman, "ko", sheet_orders(roster))
    assert (view.name, view.name_lang) == ("Pie Man", "en")
