"""The site in headless Chromium: search in both languages, the language switch, notices,
a phone-sized screen, and not one request leaving 127.0.0.1."""
import re
from urllib.parse import urlsplit

import pytest

from tests.search_box import search, type_query

__all__ = ["search"]  # the fixture, for the tests of this module

# (page, Korean name, English name): characters from 000, 001, 002, 004 and the rulebook (003).
CHARACTERS = [
    ("characters/noble", "귀족", "Noble"),            # 000
    ("characters/lunatic", "미치광이", "Lunatic"),      # 000
    ("characters/barista", "바리스타", "Barista"),      # 000
    ("characters/gambler", "도박사", "Gambler"),        # 001
    ("characters/kazali", "카잘리", "Kazali"),          # 001
    ("characters/banshee", "밴시", "Banshee"),          # 001
    ("characters/chef", "요리사", "Chef"),              # 002
    ("characters/soldier", "군인", "Soldier"),          # 002
    ("characters/empath", "초공감자", "Empath"),        # 004
    ("characters/fanggu", "팡 구", "Fang Gu"),          # 004
    ("characters/steward", "시종", "Steward"),          # 004
    ("onuw/roles/sentinel", "경비병", "Sentinel"),      # 003
]


def search_on(page, base, lang, query):
    """A search on a page loaded anew (what a cold page fetches for it), typed the way Hangul
    input arrives: fill, then input and keyup; done when its results show."""
    page.goto(f"{base}{lang}/", wait_until="networkidle")
    type_query(page, query)
    page.wait_for_selector(".md-search-result__item", timeout=10000)


@pytest.mark.parametrize("path,korean,english", CHARACTERS, ids=[c[2] for c in CHARACTERS])
def test_names_find_the_page_in_both_languages(search, path, korean, english):
    assert f"/ko/{path}/" in search("ko", korean)
    assert f"/en/{path}/" in search("en", english)


@pytest.mark.parametrize("query,path", [("귀족은", "characters/noble"),
                                        ("미치광이가", "characters/lunatic")])
def test_a_korean_word_with_a_particle_finds_its_page(search, query, path):
    assert f"/ko/{path}/" in search("ko", query)


def test_an_english_name_on_the_korean_site_finds_the_korean_page(search):
    assert "/ko/characters/lunatic/" in search("ko", "Lunatic")
    assert "/en/characters/noble/" in search("en", "귀족")


def test_language_switch_keeps_the_page(page, site_url):
    page.goto(f"{site_url}ko/characters/noble/", wait_until="networkidle")
    page.hover(".md-header__option .md-select")
    page.click("a.md-select__link[hreflang=en]")
    page.wait_for_url(f"{site_url}en/characters/noble/")
    assert page.locator("h1").inner_text() == "Noble"
    page.hover(".md-header__option .md-select")
    page.click("a.md-select__link[hreflang=ko]")
    page.wait_for_url(f"{site_url}ko/characters/noble/")
    assert page.locator("h1").inner_text() == "귀족"


def test_a_missing_translation_shows_the_notice(page, site_url):
    page.goto(f"{site_url}en/characters/noble/", wait_until="networkidle")
    notice = page.locator(".admonition.warning").first
    assert notice.is_visible()
    assert "has no entry in this language yet" in notice.inner_text()
    notice.locator("a").click()
    page.wait_for_url(f"{site_url}en/report/")


def test_phone_width_has_no_sideways_scrolling(page, site_url):
    page.set_viewport_size({"width": 390, "height": 844})
    for path in ("ko/characters/lunatic/", "en/characters/lunatic/", "ko/nightsheets/000-first/"):
        page.goto(f"{site_url}{path}", wait_until="networkidle")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, path
    assert page.locator("label.md-header__button[for=__drawer]").is_visible()
    page.close()


def test_the_root_sends_korean_browsers_to_korean_and_others_to_english(browser, site_url):
    for locale, lang in (("ko-KR", "ko"), ("en-US", "en"), ("fr-FR", "en"), ("he-IL", "en")):
        context = browser.new_context(locale=locale)
        page = context.new_page()
        page.goto(site_url)
        page.wait_for_url(f"{site_url}{lang}/")
        context.close()


def test_a_night_sheet_page_of_the_site_prints_on_one_a4_page(page, site_url, tmp_path):
    import subprocess
    page.goto(f"{site_url}ko/nightsheets/000-first/", wait_until="networkidle")
    page.emulate_media(media="print")
    pdf = tmp_path / "printed.pdf"
    page.pdf(path=str(pdf), prefer_css_page_size=True, print_background=True)
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
    assert re.search(r"^Pages:\s+1$", info, re.M) and re.search(r"^Page size:.*\(A4\)", info, re.M)
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True).stdout
    assert "번역 보고서" not in text  # the site's menus are not printed



def test_no_request_left_127_0_0_1(browser, site_url):
    page = browser.new_page()  # a context of its own: nothing cached, every request seen
    seen = []
    page.on("request", lambda request: seen.append(request.url))
    for path in ("", "ko/characters/noble/", "en/characters/fanggu/", "ko/report/",
                 "ko/onuw/roles/sentinel/", "en/nightsheets/000-first/"):
        page.goto(f"{site_url}{path}", wait_until="networkidle")
    search_on(page, site_url, "ko", "귀족은")
    search_on(page, site_url, "en", "Fang Gu")
    page.close()
    assert len(seen) > 20  # pages, stylesheets, scripts, the search index and its worker
    hosts = {urlsplit(url).hostname for url in seen if not url.startswith(("data:", "blob:"))}
    assert hosts == {"127.0.0.1"}


@pytest.mark.parametrize("lang, pages", [("ko", {"drunk"}), ("en", {"drunk", "poisoner"})])
def test_a_rule_the_almanac_cites_finds_its_terms_and_the_characters_that_cite_it(
        search, built_site, lang, pages):
    site, _ = built_site
    referring = {f"/{lang}/characters/{p.parent.name}/"
                 for p in (site / lang / "characters").glob("*/index.html")
                 if "Drunkenness and Poisoning" in p.read_text(encoding="utf-8")}
    assert referring == {f"/{lang}/characters/{ident}/" for ident in pages}
    top = search(lang, "Drunkenness and Poisoning")
    # The rules terms' pages and the characters: never a home, team or script page.
    assert all(path.startswith((f"/{lang}/characters/", f"/{lang}/rules/")) for path in top)
    # The English words find the term's page on the English site first, and on the Korean
    # (whose page names it 취함) among the results.
    assert f"/{lang}/rules/drunk/" in (top if lang == "en" else search.results(lang))
    # The characters that quote them, where they quote them in the site's language: the Korean
    # Drunk's are its English steps, not yet translated, which a site with an almanac of its
    # own does not search.
    if lang == "en":
        assert referring <= set(search.results(lang))


def test_the_home_pages_names_are_targets_a_thumb_can_hit(page, site_url):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site_url}ko/", wait_until="load")
    boxes = page.evaluate("[...document.querySelectorAll('.almanac-roster a')]"
                          ".map(a => [a.textContent, a.getBoundingClientRect().height])")
    assert len(boxes) > 50
    assert [name for name, height in boxes if height < 24] == []  # WCAG 2.5.8
    # A line begins with a name, never with the dot between two.
    starts = page.evaluate("[...document.querySelectorAll('.almanac-roster > span')]"
                           ".map(s => s.getClientRects().length)")
    assert set(starts) == {1}
