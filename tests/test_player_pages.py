"""Character pages as players read them: every section there and honest about its source, jinx
partners, the edition, the night order by script, readable anchors, and a language switch that
keeps the page wherever the site is served, with or without JavaScript."""
import os
import re
from html import unescape
from pathlib import Path

import pytest

from generator.output.browser import serve
from generator.parse.vocabulary import quoted_ability
from generator.views.collation import collated
from tests.conftest import FILES, line_of

SECTION_IDS = {"ko": ("능력", "분위기-글", "해설", "진행-방법", "예시--메모"),
               "en": ("ability", "flavor", "almanac", "how-to-run", "examples--notes")}


def page(site: Path, lang: str, path: str) -> str:
    return unescape((site / lang / path / "index.html").read_text(encoding="utf-8"))


def block(html: str, css_class: str) -> str:
    """The inside of the first element of the class, up to its closing tag."""
    return html.split(f'class="{css_class}"', 1)[1].split("</div>", 1)[0]


def texts(fragment: str) -> list[str]:
    return [re.sub(r"<[^>]+>", "", p).strip() for p in re.findall(r"<p>(.*?)</p>", fragment, re.S)]


def characters(site: Path) -> list[str]:
    return sorted(p.name for p in (site / "ko" / "characters").iterdir())


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_every_character_page_has_every_section_and_an_ability_with_text(built_site, lang):
    site, _ = built_site
    for ident in characters(site):
        html = page(site, lang, f"characters/{ident}")
        ids = tuple(re.findall(r'<h2 id="([^"]+)"', html))
        assert ids[:5] == SECTION_IDS[lang], ident
        assert all(texts(block(html, "almanac-ability"))), ident


def test_the_korean_chef_shows_the_ability_its_summary_quotes(built_site, parsed, corpus):
    site, _ = built_site
    summary = next(e for e in parsed["002"].entries if e.name == "요리사").summary
    line = line_of(FILES["002"], "요리사는 악 플레이어들이 서로 나란히 앉아 있는지 압니다.")
    assert summary.line == line
    quote = quoted_ability(summary.text, corpus.languages["ko"].quotes)
    assert quote == "당신은 시작할 때, 이웃한 악 플레이어 쌍이 몇 쌍인지 압니다."
    html = page(site, "ko", "characters/chef")
    assert f'data-source="content/ko/002_6db689291a575787.txt:{line}" data-origin="summary"' in html
    assert texts(block(html, "almanac-ability")) == [quote]
    assert "해설에서 인용한 능력" in html  # marked as quoted from the summary
    assert "아직 이 언어로 작성된 항목이 없습니다" not in html  # the chef has a Korean entry


def test_the_korean_farmer_shows_the_korean_ability_of_the_english_almanac(built_site):
    site, _ = built_site
    html = page(site, "ko", "characters/farmer")
    ability = html.split('<h2 id="능력"', 1)[1].split("<h2", 1)[0]
    assert "영어 연감에서 가져온 글" in ability
    text = "당신이 밤에 죽으면, 살아있는 선한 참가자가 농부가 됩니다."
    line = line_of(FILES["004"], text, whole=True)
    assert '<div class="almanac-ability" lang="ko" ' \
           f'data-source="content/en/004_12a4a26f551c30b4.txt:{line}" data-origin="entry">' in ability
    assert texts(block(html, "almanac-ability")) == [text]
    # No text in any language for the rest: each says so, and no notice promises more.
    for heading in SECTION_IDS["ko"][1:]:
        section = html.split(f'<h2 id="{heading}"', 1)[1].split("<h2", 1)[0]
        assert '<p class="almanac-unwritten">이 섹션은 아직 작성되지 않았습니다.</p>' in section
        assert "admonition" not in section
    assert "섹션마다 글의 출처를 적어 두었습니다" in html


def test_an_english_page_marks_korean_text_with_its_language(built_site):
    site, _ = built_site
    html = page(site, "en", "characters/chef")
    ability = html.split('<h2 id="ability"', 1)[1].split("<h2", 1)[0]
    assert "Quoted from the summary" in ability
    assert "it is shown as written in Korean." in ability
    assert '<div class="almanac-ability" lang="ko"' in ability


# Each character of script 000 with a jinx, and its partners as the glossary's jinxes give them
# (the pair listed on either character).
JINXES_000 = {
    "clockmaker": ["summoner"],
    "bountyhunter": ["kazali", "philosopher"],
    "chambermaid": ["mathematician"],
    "cultleader": ["boffin", "pithag"],
    "slayer": ["lleech"],
    "philosopher": ["bountyhunter"],
    "magician": ["legion", "lilmonsta", "marionette", "spy", "vizier", "widow", "wraith"],
    "goon": ["boffin", "pithag"],
    "damsel": ["pithag", "spy", "widow"],
    "politician": ["boffin", "legion", "pithag", "vizier"],
    "lunatic": ["mathematician"],
    "widow": ["alchemist", "damsel", "heretic", "magician", "poppygrower"],
    "baron": ["heretic", "plaguedoctor"],
    "marionette": ["alchemist", "balloonist", "huntsman", "kazali", "lilmonsta", "magician",
                   "mathematician", "plaguedoctor", "summoner"],
    "vortox": ["banshee"],
}


def test_the_000_characters_list_their_jinx_partners_with_links(built_site, corpus):
    site, _ = built_site
    script = next(s for s in corpus.scripts if s.id == "000")
    assert {i for i in script.characters if corpus.glossary.jinx_partners(i)} == set(JINXES_000)
    pages = set(characters(site))
    for ident, partners in JINXES_000.items():
        for lang in ("ko", "en"):
            html = page(site, lang, f"characters/{ident}")
            items = re.findall(r'<li data-jinx="([^"]+)">(.*?)</li>', html)
            # In the page's language's order of the partners' names.
            names = {p: corpus.glossary.by_id("botc", p).name(lang) for p in partners}
            shown = collated(partners, lang, names.__getitem__)
            assert [pair for pair, _ in items] == [" ".join(sorted((ident, p))) for p in shown]
            for partner, (_, item) in zip(shown, items, strict=True):
                linked = f'<a href="../../characters/{partner}/">' in item
                assert linked == (partner in pages), (ident, partner)
    widow = page(site, "ko", "characters/widow")
    assert '<li data-jinx="damsel widow"><a href="../../characters/damsel/">아가씨</a>' in widow
    # 마술사, 배교자, 아가씨, 양귀비 재배꾼, 연금술사: Korean order, not the ids'.
    assert re.findall(r'<li data-jinx="([^"]+)">', widow) == [
        "magician widow", "heretic widow", "damsel widow", "poppygrower widow", "alchemist widow"]


@pytest.mark.parametrize("ident,edition,english,korean", [
    ("chef", "tb", "Trouble Brewing", "점철되는 혼란"),
    ("gambler", "bmr", "Bad Moon Rising", "피로 물든 달"),
    ("philosopher", "snv", "Sects & Violets", "화단에 꽃피운 이단"),
    ("noble", "carousel", "Experimental", "실험적 캐릭터"),
])
def test_the_edition_from_the_glossary_in_each_language(built_site, corpus, ident, edition,
                                                        english, korean):
    site, _ = built_site
    assert corpus.glossary.by_id("botc", ident).edition == edition
    for lang, words in (("en", f"Edition: {english}"), ("ko", f"에디션: {korean}")):
        html = page(site, lang, f"characters/{ident}")
        assert f'<span class="almanac-edition" data-edition="{edition}">{words}</span>' in html


def test_a_fabled_names_no_edition_beside_its_team(built_site, corpus):
    site, _ = built_site
    assert corpus.glossary.by_id("botc", "fiddler").edition == "fabled"
    assert "almanac-edition" not in page(site, "en", "characters/fiddler")


def sheet_characters(site: Path, sheet: str) -> list[str]:
    """The characters a night sheet page wakes, in its order (its special rows left out)."""
    html = page(site, "en", f"nightsheets/{sheet}")
    rows = re.findall(r'<tr class="nightsheet-row [^"]*" data-id="([^"]+)"', html)
    return [ident for ident in rows if ident not in ("dusk", "minioninfo", "demoninfo", "dawn")]


def night_items(html: str) -> list[str]:
    listed = html.split('<ul class="almanac-night">', 1)[1].split("</ul>", 1)[0]
    return [re.sub(r"\s+", " ", item).strip() for item in re.findall(r"<li (.*?)</li>", listed, re.S)]


def test_the_night_order_is_the_place_on_each_script_sheet(built_site):
    site, _ = built_site
    woken = sheet_characters(site, "000-first")
    assert (woken.index("noble") + 1, len(woken)) == (15, 18)
    assert "noble" not in sheet_characters(site, "000-other")
    assert night_items(page(site, "en", "characters/noble"))[:2] == [
        'data-night="first" data-script="000"> 15th of 18 to wake on the first night of '
        '<a href="../../nightsheets/000-first/" lang="ko">로마는 하루아침에 불타지 않았다</a>',
        'data-night="other" data-script="000"> Does not wake on the other nights of '
        '<a href="../../nightsheets/000-other/" lang="ko">로마는 하루아침에 불타지 않았다</a>']
    first = sheet_characters(site, "002-first")
    assert (first.index("chef") + 1, len(first)) == (5, 6)
    assert night_items(page(site, "ko", "characters/chef"))[0] == (
        'data-night="first" data-script="002"> <a href="../../nightsheets/002-first/" lang="ko">'
        "습기가 차다</a>: 첫날 밤에 깨어나는 캐릭터 6개 중 5번째")


def test_a_character_on_no_script_says_when_the_official_order_wakes_it(built_site):
    site, _ = built_site
    html = page(site, "en", "characters/farmer")
    assert "This character is on no script of the almanac." in html
    assert night_items(html) == ['data-night="first" data-script=""> Does not wake on the first night',
                                 'data-night="other" data-script=""> Wakes each night but the first']


def dangling_anchors(html: str) -> set[str]:
    """The in-page links (#…) of a page that no id on it answers."""
    ids = set(re.findall(r'\bid="([^"]+)"', html))
    return {anchor for anchor in re.findall(r'href="#([^"]+)"', html) if anchor not in ids}


def test_headings_have_readable_anchors_and_anchor_links_find_their_targets(built_site):
    site, _ = built_site
    noble = page(site, "ko", "characters/noble")
    assert '<h2 id="밤-순서">밤 순서</h2>' in noble
    assert '<a href="#능력" class="md-skip">' in noble  # Material's skip link, to the first heading
    for html_file in site.rglob("*.html"):
        html = unescape(html_file.read_text(encoding="utf-8"))
        assert not re.findall(r'\bid="_\d+"', html), html_file
        assert dangling_anchors(html) == set(), html_file
    for lang in ("ko", "en"):
        # The summary links each check with findings to the page they begin on, at its heading.
        report = page(site, lang, "report")
        for code in ("damaged-name", "ability-quote", "unwritten", "toc-mismatch"):
            found = re.search(rf'<a href="\.\./report/(findings-[a-z]+(?:-\d+)?)/#{code}"><code>{code}'
                              r'</code></a>', report)
            assert found and f'id="{code}"' in page(site, lang, f"report/{found[1]}")


def test_both_languages_have_the_same_pages(built_site):
    site, _ = built_site

    def pages(lang: str) -> set[str]:
        return {p.relative_to(site / lang).as_posix() for p in (site / lang).rglob("index.html")}
    assert pages("ko") == pages("en")
    assert "characters/chef/index.html" in pages("ko")


@pytest.fixture
def elsewhere(built_site, tmp_path):
    """The built site served under a subpath on a port it was not built for."""
    site, port = built_site
    (tmp_path / "pages" / "games").mkdir(parents=True)
    os.symlink(site, tmp_path / "pages" / "games" / "almanac")
    with serve(tmp_path / "pages") as base:
        assert f":{port}/" not in base
        yield f"{base}games/almanac/"


@pytest.mark.parametrize("javascript", [True, False], ids=["javascript", "no-javascript"])
def test_the_language_switch_keeps_the_page_wherever_the_site_is_served(browser, elsewhere,
                                                                       javascript):
    context = browser.new_context(java_script_enabled=javascript)
    tab = context.new_page()
    tab.goto(f"{elsewhere}ko/characters/chef/", wait_until="networkidle")
    for lang, name in (("en", "Chef"), ("ko", "요리사")):
        tab.hover(".md-header__option .md-select")  # the menu opens by CSS alone
        link = tab.locator(f"a.md-select__link[hreflang={lang}]")
        assert link.is_visible()
        # Playwright's wait for a still element never ends in this menu without JavaScript (its
        # box does not move); the mouse still clicks whatever is on top at the link's middle.
        link.click(force=True)
        tab.wait_for_url(f"{elsewhere}{lang}/characters/chef/")
        assert tab.locator("h1").inner_text() == name
    context.close()
