"""The built site, read as files: pages in both languages, notices, offline, catalogs."""
import re
import subprocess
import sys
from html import unescape
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from generator.facts.catalogs import catalog_path, catalog_stats
from tests.conftest import FILES, ROOT, entry_of, line_of
from tests.fingerprints import load_fingerprints, sha256


def page(site: Path, lang: str, path: str) -> str:
    """A built page's markup with character references resolved: corpus text as a reader sees it
    (the pages write its HTML and Markdown marks as references)."""
    return unescape((site / lang / path / "index.html").read_text(encoding="utf-8"))


def report_html(site: Path, lang: str) -> str:
    """Every page of a language's translator's report (views/report_pages.py), the summary
    first, as page() reads each."""
    parts = sorted(p.parent.relative_to(site / lang).as_posix()
                   for p in (site / lang / "report").glob("*/index.html"))
    return "\n".join(page(site, lang, path) for path in ["report", *parts])


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_both_languages_and_the_language_redirect(built_site):
    site, _ = built_site
    index = (site / "index.html").read_text(encoding="utf-8")
    assert 'var codes = ["ko", "en"];' in index  # the browser's language, else the first
    assert '<a href="ko/" hreflang="ko" lang="ko">한국어</a> · <a href="en/" hreflang="en" lang="en">English</a>' in index
    for lang in ("ko", "en"):
        assert (site / lang / "search" / "search_index.json").exists()
        characters = sorted(p.name for p in (site / lang / "characters").iterdir())
        assert len(characters) == 79 and "noble" in characters and "fanggu" in characters


def test_character_page_has_both_names_team_sections_tokens_scripts_and_night(built_site, document):
    site, _ = built_site
    html = page(site, "ko", "characters/noble")
    assert "<h1>귀족</h1>" in html and ">Noble</span>" in html
    assert 'data-team="townsfolk"' in html and "almanac-good" in html
    text = text_of(html)
    ability = entry_of(document, "noble", "ko")["ability"]
    # The card text, as the corpus prints it (the sentence itself stays out of the tests).
    assert sha256(ability) == load_fingerprints().texts[("noble", "ko", "ability")]
    assert ability in text
    assert len(re.findall(r"<li>", html.split('class="almanac-how-to-run"')[1].split("</ol>")[0])) == 2
    assert "<li>알아냄 ×3</li>" in html  # the Noble's three KNOW tokens
    assert "로마는 하루아침에 불타지 않았다" in text and "습기가 차다" in text
    # First night: its place on the script's night sheet (tests/test_player_pages.py counts it);
    # the title is a link, so text_of leaves a space before the colon.
    assert "로마는 하루아침에 불타지 않았다 : 첫날 밤에 깨어나는 캐릭터 18개 중 15번째" in text
    # Where its texts come from, in words; the file and line are the translator's (report).
    assert '<p class="almanac-sources">한국어 연감에서 가져온 글</p>' in html
    assert "content/ko/" not in text


def test_missing_translation_notice_links_to_the_report(built_site):
    site, _ = built_site
    english_noble = page(site, "en", "characters/noble")
    assert "This character has no entry in this language yet" in english_noble
    assert '<a class="almanac-notice-link" href="../../report/">See the translator' in english_noble
    assert 'lang="ko"' in english_noble  # the Korean text is shown, marked as Korean
    korean_steward = page(site, "ko", "characters/steward")
    assert "아직 이 언어로 작성된 항목이 없습니다" in korean_steward


def test_unwritten_sections_say_so_never_an_empty_heading(built_site):
    site, _ = built_site
    html = page(site, "ko", "characters/investigator")
    assert html.count("이 섹션은 아직 작성되지 않았습니다.") == 4  # flavor, summary, how-to-run, examples
    # A section neither language has says so too, under its heading.
    chef = page(site, "ko", "characters/chef")
    assert '<h2 id="진행-방법">진행 방법</h2>\n<p class="almanac-unwritten">이 섹션은 아직 작성되지 ' \
           '않았습니다.</p>' in chef


def test_markdown_marks_in_corpus_text_stay_text(built_site):
    site, _ = built_site
    html = page(site, "ko", "characters/gambler")
    assert "매일 밤*, 플레이어 1명을 선택하고" in html  # the * is not turned into emphasis


def test_untranslated_english_entry_shows_korean_marked(built_site):
    site, _ = built_site
    html = page(site, "en", "characters/fanggu")
    assert "<h1>Fang Gu</h1>" in html
    assert 'lang="ko"' in html and "This section has not been translated yet" in html


def test_indexes_by_team_and_script(built_site):
    site, _ = built_site
    townsfolk = text_of(page(site, "en", "teams/townsfolk"))
    assert "Noble" in townsfolk and "귀족" in townsfolk
    script = page(site, "ko", "scripts/000")
    text = text_of(script)
    assert "지은이: Mup" in text and "모든 플레이어는 Fiddler가 첫날 제정될 것임을 알고 있습니다." in text
    headings = re.findall(r'<h3 id="[^"]*">([^<]+)</h3>', script)
    assert headings == ["주민", "외지인", "하수인", "악마", "여행자", "전설"]  # the official words
    assert text.index("귀족") < text.index("시계공") < text.index("현상금 사냥꾼")
    assert 'href="../../nightsheets/000-first/"' in script


def test_onuw_pages(built_site):
    site, _ = built_site
    sentinel = text_of(page(site, "ko", "onuw/roles/sentinel"))
    assert "경비병, 일어나세요." in sentinel and "마을주민 팀" in sentinel
    assert "황혼에서 새벽까지만 할 때: #0" in sentinel and "기본판과 함께 할 때: #0" in sentinel
    assert "이 역할로 변신한 도플갱어는 곧바로 행동합니다." in sentinel
    wake = text_of(page(site, "en", "onuw/wake-order"))
    assert "#9a" in wake and "after becoming Insomniac" in wake
    artifacts = text_of(page(site, "en", "onuw/artifacts"))
    assert "Shroud of Shame" in artifacts and "부끄러움의 망토" in artifacts
    sets = text_of(page(site, "ko", "onuw/role-sets"))
    assert "사악한 변신" in sets and "3명 이상" in sets
    # Issue 39: the English pages read the English store's translation of the rulebook.
    english = page(site, "en", "onuw/roles/sentinel")
    assert "The rulebook is written in Korean only" not in text_of(english)
    assert '<ol class="almanac-narration">\n<li lang="en">“Sentinel, wake up. You may place the ' \
        'shield token on any other player\'s card.”</li>' in english
    assert "Team as the rulebook states it: village" in text_of(english)
    artifacts = page(site, "en", "onuw/artifacts")
    assert 'class="almanac-artifact" lang="en"' in artifacts
    assert "You are now a Werewolf." in artifacts
    assert "The rulebook is written in Korean only" not in text_of(page(site, "en", "onuw"))
    assert "The rulebook is written in Korean only" not in \
        text_of(page(site, "ko", "onuw/roles/sentinel"))


def test_one_night_in_english_has_no_korean_line(built_site):
    """Issue 39: the English One Night pages were Korean under English headings. Korean stays
    only where it names a role in the other language (beside its English name)."""
    site, _ = built_site
    hangul = re.compile(r"[\uac00-\ud7a3]")
    pages = [f"onuw/roles/{role}" for role in ("sentinel", "dreamwolf", "revealer", "curator")]
    pages += ["onuw", "onuw/artifacts", "onuw/role-sets", "onuw/wake-order"]
    pages += [f"nightsheets/onuw-set-{n}" for n in range(1, 6)]
    for name in pages:
        html = page(site, "en", name)
        main = html.split('<article class="md-content__inner md-typeset">')[1].split("</article>")[0]
        main = re.sub(r'<[^>]*class="almanac-other-name"[^>]*>[^<]*<', "<", main)
        assert [line for line in main.split("\n") if hangul.search(line)] == [], name
    narration = page(site, "en", "nightsheets/onuw-set-1")
    assert "Evil Transformation" in narration and 'class="narration-player"' in narration
    assert 'src="../../assets/narration.js"' in narration


def test_nothing_is_loaded_from_outside(built_site):
    site, _ = built_site
    for html in (site / "ko").rglob("*.html"):
        content = html.read_text(encoding="utf-8")
        # Absolute links may only name the site itself (its canonical URL), or be a link a reader
        # follows to the official rules page a rules text was checked against; nothing loads.
        followed = re.sub(r'<a href="https://wiki\.bloodontheclocktower\.com/[^"]*"', "<a",
                          content)
        assert not re.search(r'(src|href)="(https?:)?//(?!127\.0\.0\.1[:/])', followed), html
        assert "fonts.googleapis" not in content and "fonts.gstatic" not in content


def test_korean_text_keeps_words_whole(built_site):
    site, _ = built_site
    css = (site / "ko" / "assets" / "almanac.css").read_text(encoding="utf-8")
    assert re.search(r':lang\(ko\)[^{]*\{[^}]*word-break: keep-all', css)


def test_report_page_counts_each_check(built_site):
    site, _ = built_site
    # The summary names each check with findings; its severity's page lists every check of it.
    summary = text_of(page(site, "en", "report"))
    warnings = text_of(page(site, "en", "report/findings-warning"))
    for code, count in (("stray-script", 1), ("heading-name", 7), ("untranslated-entry", 5)):
        assert f"{code} ({count})" in summary and f" {code} {count} " in warnings
    html = report_html(site, "ko")
    assert 'data-id="noble"' in html and 'href="../../characters/noble/"' in html
    stray = line_of(FILES["000"], "এরপর")  # the one stray-script finding
    assert f"content/ko/000_a5b1c4d9f849e54a.txt:{stray}" in html


def test_ui_catalogs_are_complete_and_up_to_date(tmp_path):
    pot = tmp_path / "messages.pot"
    subprocess.run([str(Path(sys.executable).parent / "pybabel"), "extract", "-F", "babel.cfg",
                    "-k", "N_", "--no-location", "-o", str(pot), "."], cwd=ROOT, check=True,
                   capture_output=True)
    with pot.open("rb") as handle:
        template = {m.id for m in read_po(handle) if m.id}
    for lang in ("ko", "en"):
        with catalog_path(lang).open("rb") as handle:
            catalog = {m.id for m in read_po(handle) if m.id}
        assert template <= catalog, f"run scripts/update_catalogs: {sorted(template - catalog)}"
        stats = catalog_stats(lang)
        assert (stats.untranslated, stats.fuzzy) == ((), ())


@pytest.mark.parametrize("lang", ["ko"])
def test_catalog_counting_sees_untranslated_and_fuzzy(tmp_path, monkeypatch, lang):
    from generator.facts import catalogs
    po = tmp_path / lang / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  'msgid "Ability"\nmsgstr "능력"\n\nmsgid "Flavor"\nmsgstr ""\n\n'
                  '#, fuzzy\nmsgid "Dawn"\nmsgstr "새벽"\n', encoding="utf-8")
    monkeypatch.setattr(catalogs, "LOCALES", tmp_path)
    stats = catalogs.catalog_stats(lang)
    assert (stats.total, stats.untranslated, stats.fuzzy) == (3, ("Flavor",), ("Dawn",))


def test_list_items_stay_apart(built_site):
    site, _ = built_site
    home = page(site, "en", "")
    assert '<li><a href="scripts/000/" lang="ko">로마는 하루아침에 불타지 않았다</a> · Mup</li>' in home
    assert '<li><a href="scripts/002/" lang="ko">습기가 차다</a></li>' in home
    sets = page(site, "ko", "onuw/role-sets")
    assert sets.count("<li>") == 6 + 6 + 7 + 8 + 8  # the roles of the five sets


def test_the_000_characters_show_their_jinx_partners(built_site):
    site, _ = built_site
    found = {}
    for ident in ("bountyhunter", "philosopher", "damsel", "widow", "magician", "marionette"):
        html = page(site, "en", f"characters/{ident}")
        found[ident] = re.findall(r'<li data-jinx="([^"]+)">', html)
        assert 'href="../' in html.split('class="almanac-jinxes"')[1].split("</ul>")[0]
    # Each pair of the script shows on both its pages (other partners too, off the script).
    for a, b in (("bountyhunter", "philosopher"), ("damsel", "widow"),
                 ("magician", "marionette"), ("magician", "widow")):
        assert f"{a} {b}" in found[a] and f"{a} {b}" in found[b]
    sheet = page(site, "ko", "scriptsheets/000")
    # In Korean order of the pairs' names: 꼭두각시 · 마술사, 마술사 · 미망인, 미망인 · 아가씨,
    # 철학자 · 현상금 사냥꾼.
    assert re.findall(r'data-jinx="([^"]+)"', sheet) == [
        "magician marionette", "magician widow", "damsel widow", "bountyhunter philosopher"]


def test_the_home_page_is_titled_home_not_a_section_name(built_site):
    site, _ = built_site
    # "Almanac" is also the summary section's name (해설 in Korean): the home page is Home.
    assert "<title>홈 - 연감</title>" in page(site, "ko", "")
    assert "<title>Home - Almanac</title>" in page(site, "en", "")


@pytest.mark.parametrize("lang, dawn", [
    ("ko", "“모두, 계속 눈을 감은 상태로 여러분의 카드를 조금 움직여주세요. 모두, 일어나세요!”"),
    ("en", "“Everyone, keep your eyes closed, reach out and move your card a little. Everyone, "
           "wake up!”")])
def test_a_role_sets_narration_page_ends_with_the_rulebooks_closing_step(built_site, lang, dawn):
    site, _ = built_site
    html = page(site, lang, "nightsheets/onuw-set-1")
    end = re.search(r'data-id="end">.*?</tr>', html, re.S).group(0)
    assert f'data-pause="0">{dawn}</p>' in end
