"""The site as the corpus grows: a character page does not carry the other characters (the menu
lists teams; the home page lists every character, two taps from the menu on a phone), and a
corpus of character almanacs alone, without a script or rulebook, builds."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.commands.build import build
from tests.conftest import FILES, ROOT
from tests.projects import SMALL_ALMANAC, site_project

URL = "http://127.0.0.1:8000/"
# Twenty-four characters the glossary does not know, in the 004 shape, on the two teams of
# SMALL_ALMANAC (the menu lists teams).
WORDS = ("Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India",
         "Juliett", "Kilo", "Lima")
MORE = "".join(f"{team}\n{word} {team}\nA made-up ability of {word}.\nA made-up flavor.\n"
               f'"A made-up ability of {word}." The {word} {team} is made up.\n'
               for team in ("Townsfolk", "Demon") for word in WORDS)


def menu_links(html: str) -> list[str]:
    """The links of a page's menu (Material's primary navigation, up to the content)."""
    start = html.index('class="md-nav md-nav--primary"')
    return re.findall(r'href="([^"]*)"', html[start:html.index('class="md-content"', start)])


def built(root: Path, texts: dict[str, bytes]) -> Path:
    project = site_project(root, texts)
    assert build(project, URL) == 0
    return project / "site"


@pytest.fixture(scope="module")
def small_and_larger(tmp_path_factory):
    """The same two characters alone, and among twenty-four more."""
    small = {"en/004_small.txt": SMALL_ALMANAC.encode()}
    return (built(tmp_path_factory.mktemp("small"), small),
            built(tmp_path_factory.mktemp("larger"), {**small, "en/005_more.txt": MORE.encode()}))


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_character_page_is_the_same_among_more_characters(small_and_larger, lang):
    small, larger = small_and_larger
    assert (larger / lang / "characters" / "limatownsfolk" / "index.html").is_file()
    page = Path(lang, "characters", "chef", "index.html")
    assert (larger / page).read_bytes() == (small / page).read_bytes()


def test_the_home_page_lists_the_larger_corpus(small_and_larger):
    _, larger = small_and_larger
    home = (larger / "en" / "index.html").read_text(encoding="utf-8")
    linked = set(re.findall(r'href="characters/([^/"]+)/"', home))
    assert len(linked) == 26 and {"chef", "imp", "alphademon"} <= linked


def test_character_almanacs_alone_build_a_site(tmp_path):
    """001 (Korean) and 004 (English) are almanacs of characters only: no script (000, 002 have
    one) and no rulebook (003)."""
    site = built(tmp_path, {path.removeprefix("content/"): (ROOT / path).read_bytes()
                            for key, path in FILES.items() if key in ("001", "004")})
    characters = sorted(p.name for p in (site / "en" / "characters").iterdir())
    assert len(characters) == 54 and {"knight", "steward", "kazali"} <= set(characters)
    assert not (site / "en" / "onuw").exists() and not (site / "ko" / "scriptsheets").exists()
    home = (site / "ko" / "index.html").read_text(encoding="utf-8")
    assert set(re.findall(r'href="characters/([^/"]+)/"', home)) == set(characters)
    links = menu_links(home)
    assert {"teams/townsfolk/", "report/"} <= set(links)  # a closed section: its first page
    assert [link for link in links if link.startswith(("scripts/", "onuw/", "nightsheets/"))] == []


def test_a_character_page_menu_lists_no_character(built_site):
    site, _ = built_site
    page = (site / "en" / "characters" / "chef" / "index.html").read_text(encoding="utf-8")
    # Home, then each closed section by its first page; on a phone, the page's own headings.
    assert [link for link in menu_links(page) if not link.startswith("#")] == [
        "../..", "../..", "../../teams/townsfolk/", "../../scripts/", "../../rules/",
        "../../onuw/", "../../scriptsheets/000/", "../../report/"]


def test_every_character_is_two_taps_from_the_menu_on_a_phone(built_site, site_url, page):
    site, _ = built_site
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site_url + "en/characters/chef/", wait_until="load")
    page.click("label.md-header__button[for=__drawer]")  # open the menu
    page.locator(".md-nav--primary a.md-nav__link", has_text="Home").first.click()  # tap 1
    page.wait_for_url(site_url + "en/")
    linked = page.locator("article a[href^='characters/']").evaluate_all(
        "links => links.map(link => link.getAttribute('href'))")
    pages = sorted(f"characters/{p.name}/" for p in (site / "en" / "characters").iterdir())
    assert sorted(linked) == pages
    page.locator("article a[href='characters/fanggu/']").click()  # tap 2
    page.wait_for_url(site_url + "en/characters/fanggu/")
    assert page.locator("h1").inner_text() == "Fang Gu"
