"""Every language of the official data in the page's language, added as a user adds one (an entry
in content/languages.yaml) and built with --official DIR: names, team words, reminder tokens,
editions, jinxes and night reminders from game.<code>.json, the interface words of script./app.
<code>.json (tests/fixtures/official-languages: real names and words, sentences made up)."""
import re
import shutil
from html import unescape
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.fonts_used import families, pdf_fonts, platform_fonts
from tests.projects import almanac, catalogs_of, rules_in, site_project

FIXTURES = ROOT / "tests" / "fixtures"
# The data's codes are its own (zh_Hans); the project's may be BCP 47's (zh-Hans).
LANGUAGES = """
de: {name: Deutsch, site_name: Almanach, fallback: [en], letters: [LATIN]}
ja: {name: 日本語, site_name: 年鑑, fallback: [en], letters: [HIRAGANA, KATAKANA, CJK]}
zh-Hans: {name: 简体中文, site_name: 年鉴, fallback: [en], letters: [CJK]}
ru: {name: Русский, site_name: Альманах, fallback: [en], letters: [CYRILLIC]}
"""


@pytest.fixture(scope="module", autouse=True)
def no_catalogs(tmp_path_factory):
    """The languages here as a language without a catalog of its own is: its interface in the
    official tools' words, else English, marked so (tests/test_catalogs.py and
    test_native_frame.py hold the catalogs)."""
    with catalogs_of(("ko", "en"), tmp_path_factory.mktemp("locales")):
        yield


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> tuple[Path, Path]:
    """The small project (the Chef and the Imp, in English) with four more languages, and the
    official fixture data with its four languages' files."""
    root = tmp_path_factory.mktemp("languages")
    project = site_project(root / "project")
    with (project / "content" / "languages.yaml").open("a", encoding="utf-8") as languages:
        languages.write(LANGUAGES)
    # The rules in Korean and English alone: the data's languages as ones without texts of the
    # project's (tests/test_rules.py holds the translated ones).
    rules_in(("ko", "en"), project / "content" / "rules.yaml")
    official = shutil.copytree(FIXTURES / "official", root / "official")
    for path in (FIXTURES / "official-languages").iterdir():
        shutil.copy(path, official / path.name)
    return project, official


@pytest.fixture(scope="module")
def built(project):
    """The project's site, built once with the official data."""
    project, official = project
    result = almanac("build", "--official", str(official), root=project)
    assert result.returncode == 0, result.stderr
    return project / "site", result.stdout


def page(site: Path, lang: str, path: str) -> str:
    html = (site / lang / path / "index.html").read_text(encoding="utf-8")
    return unescape(html.split("<article", 1)[1].split("</article>", 1)[0])


NAMES = {"de": ("Koch", "Giftmischer", "Imp"), "ja": ("料理人", "毒師", "インプ"),
         "zh-Hans": ("厨师", "投毒者", "小恶魔"), "ru": ("Повар", "Отравитель", "Чёрт")}


@pytest.mark.parametrize("lang", NAMES)
def test_character_names_are_the_datas_in_the_pages_language(built, lang):
    site, _ = built
    for ident, name in zip(("chef", "poisoner", "imp"), NAMES[lang], strict=True):
        assert f"<h1>{name}</h1>" in page(site, lang, f"characters/{ident}")
    # The other name beside it is English's, the first of its fallbacks.
    assert '<span class="almanac-other-name" lang="en">Poisoner</span>' in \
        page(site, lang, "characters/poisoner")


@pytest.mark.parametrize("lang, singular, plural", [
    ("de", "Scherge", "Schergen"), ("ja", "手下", "手下"), ("zh-Hans", "爪牙", "爪牙"),
    ("ru", "Приспешник", "Приспешники")])
def test_team_words_singular_on_a_character_plural_over_the_team(built, lang, singular, plural):
    site, _ = built
    assert f'<span class="almanac-team almanac-evil" data-team="minion">{singular}</span>' in \
        page(site, lang, "characters/poisoner")
    assert f"<h1>{plural}</h1>" in page(site, lang, "teams/minion")
    assert f'href="teams/minion/">{plural}</a>' in page(site, lang, "")


@pytest.mark.parametrize("lang, poisoned, dead", [
    ("de", "Vergiftet", "Tot"), ("ja", "毒状態", "死"), ("zh-Hans", "中毒", "死亡"),
    ("ru", "Отравлен", "Мёртв")])
def test_reminder_tokens_are_the_datas_labels(built, lang, poisoned, dead):
    site, _ = built
    assert f'<ul class="almanac-tokens">\n<li>{poisoned}</li>\n</ul>' in \
        page(site, lang, "characters/poisoner")
    assert f'<ul class="almanac-tokens">\n<li>{dead}</li>\n</ul>' in \
        page(site, lang, "characters/imp")


@pytest.mark.parametrize("lang, edition", [
    ("de", "Trouble Brewing"), ("ja", "トラブル・ブルイング"), ("zh-Hans", "暗流涌动"),
    ("ru", "Тучи Сгущаются")])
def test_the_edition_is_named_as_the_data_names_it(built, lang, edition):
    site, _ = built
    assert '<span class="almanac-edition" data-edition="tb"><span lang="en">Edition</span>: ' \
           f'{edition}</span>' in \
        page(site, lang, "characters/chef")


@pytest.mark.parametrize("lang, night, reminder", [
    ("de", "Weitere Nächte", "Der Imp wirft einen Testtopf um."),
    ("ja", "他の夜", "インプが試作の鍋をひっくり返します。"),
    ("zh-Hans", "其他夜晚", "小恶魔打翻一口测试用的锅。"),
    ("ru", "Последующие ночи", "Чёрт опрокидывает тестовую кастрюлю.")])
def test_the_official_night_reminder_in_the_pages_language(built, lang, night, reminder):
    site, _ = built
    html = page(site, lang, "characters/imp")
    assert f'<div class="almanac-night-reminder" data-night="other">\n<p><strong>{night}</strong>: ' \
           f'<span lang="{lang}">{reminder}' in html
    assert '<span class="nightsheet-reminder" title="reminder token">◉</span></span></p>' in html
    # In the page's language: its mark names the source alone, no other language; the data
    # has no word for the mark, which is English and says so.
    assert '<p class="almanac-origin" data-origin="official"><span lang="en">Official night ' \
           'reminder</span></p>' in html
    assert 'data-night="first">' not in html.split('class="almanac-night"', 1)[1].split(
        "</ul>", 1)[1]  # the Imp has no first-night reminder


def test_a_night_reminder_keeps_its_lines_and_its_tokens(built):
    site, _ = built
    html = page(site, "de", "characters/poisoner")
    assert '<span lang="de">Der Giftmischer zeigt auf einen Gast.<br>Lege das ' \
           '<strong class="nightsheet-mark">VERGIFTET</strong> Plättchen.</span>' in html


def test_a_language_lacking_a_reminder_shows_the_english_one_marked(built):
    site, _ = built
    html = page(site, "zh-Hans", "characters/poisoner")
    assert '<strong>其他夜晚</strong>: <span lang="en">' in html  # the fixture's English one
    assert '<p class="almanac-origin" data-origin="official"><span lang="en">Official night ' \
           'reminder</span> · <span lang="en">In English</span></p>' in html


@pytest.mark.parametrize("lang, partner, text", [
    ("de", "Koch", "Wirft der Imp den Topf um, kocht der Koch die Testsuppe neu."),
    ("ja", "料理人", "インプが鍋を倒したら、料理人はスープを作り直します。"),
    ("ru", "Повар", "Если Чёрт опрокинет кастрюлю, Повар сварит тестовый суп заново.")])
def test_jinx_partners_and_texts_in_the_pages_language(built, lang, partner, text):
    site, _ = built
    html = page(site, lang, "characters/imp")
    assert f'<li data-jinx="chef imp"><a href="../../characters/chef/">{partner}</a>: ' \
           f'<span lang="{lang}">{text}</span></li>' in html


@pytest.mark.parametrize("lang, jinxes, first_night", [
    ("ja", "ジンクス", "最初の夜"), ("zh-Hans", "相克规则", "首个夜晚"), ("ru", "Сглазы", "Первая ночь"),
    ("de", "Jinxes", "Erste Nacht")])
def test_interface_words_from_the_official_tools(built, lang, jinxes, first_night):
    site, _ = built
    html = page(site, lang, "characters/imp")
    assert re.search(rf'<h2 id="[^"]*">{jinxes}</h2>', html)
    chef = page(site, lang, "characters/chef")
    assert f'<div class="almanac-night-reminder" data-night="first">\n<p><strong>{first_night}' \
           "</strong>" in chef


@pytest.mark.parametrize("lang", ["de", "ja", "zh-Hans", "ru"])
def test_the_rest_of_the_interface_is_english_and_marked_so(built, lang):
    site, _ = built
    html = page(site, lang, "characters/chef")
    assert '<h2 id="ability"><span lang="en">Ability</span></h2>' in html
    assert '<span class="nightsheet-reminder" title="reminder token">' in html  # no tags in it
    home = (site / lang / "index.html").read_text(encoding="utf-8")
    # A title holds no markup: its language is the element's.
    assert re.search(r'<title lang="en">Home - [^<]*</title>', home)


def test_the_summary_counts_the_strings_shown_in_english_per_language(built):
    _, summary = built
    counts = dict(line.split(": ", 1) for line in summary.splitlines()
                  if line.startswith("UI strings"))
    total = int(counts["UI strings (ko)"].split(",")[0])
    assert counts["UI strings (ko)"] == f"{total}, 0 untranslated, 0 fuzzy"
    # First night, Other nights, Jinxes, Characters, Trouble Brewing; German adds Experimental,
    # Dusk (the night order's row), good and evil (the sheets' legend).
    worded = {"de": 9, "ja": 6, "zh-Hans": 5, "ru": 5}
    ja_words = "First night, Other nights, Jinxes, Characters, Trouble Brewing, Dusk"
    assert len(ja_words.split(", ")) == worded["ja"]
    for lang, count in worded.items():
        assert counts[f"UI strings ({lang})"] == \
            f"{total}, {total} untranslated, 0 fuzzy, {count} in the official tools' words, " \
            f"{total - count} in English"


def test_a_place_in_the_night_order_has_no_english_ordinal_in_another_language(corpus):
    from generator.views.characters import night_places, sheet_orders
    orders = sheet_orders(corpus)
    # The Noble wakes 15th of 18 on the first night of script 000, on no other night of it.
    english = night_places(corpus, "noble", "en", orders)[0]
    assert (english.script_id, english.position, english.count) == ("000", 15, 18)
    assert (english.ordinal, english.fraction) == ("%(n)sth", "15 / 18")
    for lang in ("de", "ja", "zh-Hans", "ru"):
        place = night_places(corpus, "noble", lang, orders)[0]
        assert (place.ordinal, place.fraction) == ("", "15 / 18"), lang
    # A code Babel does not know still gets its numbers.
    assert night_places(corpus, "noble", "en@pirate", orders)[0].fraction == "15 / 18"


@pytest.mark.parametrize("lang, search", [("de", "Suche"), ("ja", "検索"), ("zh-Hans", "搜索"),
                                          ("ru", "Поиск")])
def test_materials_own_interface_in_the_pages_language(built, lang, search):
    site, _ = built
    html = (site / lang / "index.html").read_text(encoding="utf-8")
    assert f'placeholder="{search}"' in html


def test_materials_language_for_the_datas_codes():
    from generator.output.site import material_language
    assert [material_language(code) for code in
            ("zh-Hans", "zh_Hans", "pt_BR", "nb_NO", "es_419", "en@pirate", "tlh", "ko")] == \
        ["zh", "zh", "pt-BR", "nb", "es", "en", "en", "ko"]


def test_names_in_the_other_languages_are_other_names_but_the_ones_shown(built):
    site, _ = built
    html = page(site, "de", "characters/imp")
    # German and English both call it Imp: shown once, as the page's name.
    assert "<h1>Imp</h1>" in html and "almanac-other-name" not in html
    assert "almanac-aliases" not in html  # no German alias; the English name is the title
    # The other languages' names, folded and labelled with their languages (the heading in
    # English here: German has no catalog in this module).
    assert '<summary><span lang="en">Names in other languages</span></summary>\n<ul>\n' \
           '<li><span class="almanac-language">Koreanisch</span>: <span lang="ko">임프</span></li>\n' \
           '<li><span class="almanac-language">Japanisch</span>: <span lang="ja">インプ</span></li>\n' \
           '<li><span class="almanac-language">Chinesisch (Vereinfacht)</span>: ' \
           '<span lang="zh-Hans">小恶魔</span></li>\n' \
           '<li><span class="almanac-language">Russisch</span>: <span lang="ru">Чёрт</span></li>\n' \
           '</ul>' in html


def test_the_report_counts_the_strings_shown_in_english_per_language(built):
    site, summary = built
    english = {line.split("(", 1)[1].split(")", 1)[0]: int(line.rsplit(", ", 1)[1].split()[0])
               for line in summary.splitlines() if line.startswith("UI strings (")
               and line.endswith(" in English")}
    assert sorted(english) == ["de", "ja", "ru", "zh-Hans"]
    report = page(site, "en", "report")
    cells = dict(re.findall(r'<tr data-lang="([^"]+)"><th lang="[^"]+">.*?'
                            r'<td data-ui-english="(\d+)">', report))
    assert cells == {"ko": "0", "en": "0", **{lang: str(n) for lang, n in english.items()}}


def test_a_name_the_language_lacks_is_the_english_one_marked(built):
    site, _ = built
    html = (site / "ru" / "characters" / "fortuneteller" / "index.html").read_text("utf-8")
    assert '<title lang="en">Fortune Teller - Альманах</title>' in html
    assert '<h1 id="fortune-teller" lang="en">Fortune Teller</h1>' in html
    assert html.count("<h1") == 1
    own = (site / "ru" / "characters" / "chef" / "index.html").read_text("utf-8")
    assert "<h1>Повар</h1>" in own and "<title>Повар - Альманах</title>" in own


def test_the_home_page_names_every_language_of_the_site(built):
    site, _ = built
    korean = page(site, "ko", "")
    assert "읽을 수 있는 언어: 한국어, English, Deutsch, 日本語, 简体中文 및 Русский. " in \
        re.sub(r"<[^>]+>", "", korean)
    # A language without a catalog: the sentence is English, and so is its list; each name is
    # marked with its language.
    german = page(site, "de", "")
    assert "Daybreak, in 한국어, English, Deutsch, 日本語, 简体中文, and Русский. Find a " in \
        re.sub(r"<[^>]+>", "", german)
    assert '<span lang="ko">한국어</span>, <span lang="en">English</span>, ' in german
    head = (site / "de" / "index.html").read_text(encoding="utf-8")
    assert "in 한국어, English, Deutsch, 日本語, 简体中文, and Русский. Find" in \
        unescape(re.search(r'<meta name="description" content="([^"]*)"', head).group(1))


@pytest.mark.parametrize("lang, title, poisoner, poisoned", [
    ("de", "Trouble Brewing · Erste Nacht", "Giftmischer", "Vergiftet"),
    # The edition's script takes the edition's name in the language (game.<code>.json).
    ("ru", "Тучи Сгущаются · Первая ночь", "Отравитель", None)])
def test_a_night_sheet_headed_and_named_in_the_languages_words(project, tmp_path, lang, title,
                                                               poisoner, poisoned):
    root, official = project
    sheet = tmp_path / "first.html"
    result = almanac("nightsheet", str(FIXTURES / "trouble-brewing.json"), "--lang", lang,
                     "--night", "first", "--official", str(official), "--html", str(sheet),
                     root=root)
    assert result.returncode == 0, result.stderr
    html = unescape(sheet.read_text(encoding="utf-8"))
    assert f"<title>{title}</title>" in html
    assert poisoner in html
    if poisoned:
        assert poisoned in html
    # Dusk in the data's words where it has them (the German fixture), else the project's
    # English, marked.
    dusk = re.search(r'<tr class="[^"]*" data-id="dusk">.*?</tr>', html, re.S).group(0)
    if lang == "de":
        assert '<td class="nightsheet-text" lang="de" data-source="official">' in dusk
        # The players' sheet's legend names the sides in the official tools' words.
        players = tmp_path / "script.html"
        assert almanac("scriptsheet", str(FIXTURES / "trouble-brewing.json"), "--lang", lang,
                       "--official", str(official), "--html", str(players), root=root
                       ).returncode == 0
        assert '<span class="sheet-side sheet-side-good" aria-hidden="true"></span> Gut ' \
               '<span class="sheet-side sheet-side-evil" aria-hidden="true"></span> Böse ' in \
               players.read_text(encoding="utf-8")
        assert "Sieh nach, ob jeder Testgast die Augen zu hat.</p>" in dusk
    else:
        assert '<p><span lang="en">Check that all eyes are closed.' in dusk


def test_a_jinx_text_in_another_language_says_so_beside_it(built):
    site, _ = built
    html = page(site, "zh-Hans", "characters/imp")  # the fixture has no Chinese jinx
    assert '<li data-jinx="chef imp"><a href="../../characters/chef/">厨师</a>: <span lang="en">' \
           in html
    assert '</span> <span class="almanac-origin-inline"><span lang="en">In English</span></span>' \
           '</li>' in html
    assert "almanac-origin-inline" not in page(site, "ru", "characters/imp")


def test_a_page_title_in_english_says_so_and_one_in_the_official_words_does_not(built):
    site, _ = built
    home = (site / "ja" / "index.html").read_text(encoding="utf-8")
    assert '<title lang="en">Home - 年鑑</title>' in home
    minions = (site / "de" / "teams" / "minion" / "index.html").read_text(encoding="utf-8")
    assert "<title>Schergen - Almanach</title>" in minions
    korean = (site / "ko" / "index.html").read_text(encoding="utf-8")
    assert "<title>홈 - 연감</title>" in korean


def test_a_rules_term_takes_its_name_from_the_data_where_the_project_has_none(built):
    site, _ = built
    # German: the reminder token's label (game.de.json) names the term; no English mark.
    poisoned = (site / "de" / "rules" / "poisoned" / "index.html").read_text(encoding="utf-8")
    assert "<title>Vergiftet - " in poisoned and "<h1>Vergiftet</h1>" in poisoned
    # The definition the project writes is English, marked; Korean keeps its own name.
    assert '<div class="almanac-definition" lang="en" data-origin="almanac">' in poisoned
    assert "<h1>중독</h1>" in (site / "ko" / "rules" / "poisoned" / "index.html").read_text(
        encoding="utf-8")
    # A term the data does not name in German stays English, marked as such.
    mad = (site / "de" / "rules" / "mad" / "index.html").read_text(encoding="utf-8")
    assert '<title lang="en">Mad - ' in mad


def test_the_menus_sections_left_in_english_say_so(built):
    site, _ = built
    german = (site / "de" / "index.html").read_text(encoding="utf-8")
    # The official tools word "Characters" in German; the rules' section is the catalog's
    # English, marked as such.
    assert '<span lang="en">Rules</span>' in german
    assert '<span lang="en">Characters</span>' not in german and "Charaktere" in german
    korean = (site / "ko" / "index.html").read_text(encoding="utf-8")
    assert "규칙" in korean and '<span lang="en">Rules</span>' not in korean


def test_a_name_the_language_lacks_is_marked_as_the_one_shown(corpus, project):
    """The glossary's Empath has no Russian name, nor has the data: its Russian page shows its
    English name, marked English; the Chef's Russian name is Russian."""
    from dataclasses import replace

    from generator.cards import joined, with_roster
    from generator.facts.languages import Languages
    from generator.facts.official import load_official
    from generator.facts.site_languages import data_language
    from generator.views.characters import character_view, sheet_orders
    official = load_official(project[1])
    corpus = replace(corpus, languages=Languages((*corpus.languages.all, data_language("ru"))))
    roster = with_roster(joined(corpus, official))
    orders = sheet_orders(roster)
    views = {ident: character_view(roster, roster.character("botc", ident), "ru", orders)
             for ident in ("empath", "chef")}
    assert (views["empath"].name, views["empath"].name_lang) == ("Empath", "en")
    assert (views["chef"].name, views["chef"].name_lang) == ("Повар", "ru")


def test_a_name_the_language_lacks_is_shown_once_as_the_english_it_is(built):
    site, _ = built
    html = page(site, "ru", "characters/fortuneteller")  # the fixture's Russian lacks it
    assert '<h1 id="fortune-teller" lang="en">Fortune Teller</h1>' in html
    assert "almanac-other-name" not in html  # no English name beside it: it is that
    assert '<span class="almanac-other-name" lang="en">Chef</span>' in page(
        site, "de", "characters/chef")


@pytest.mark.parametrize("lang, query, name", [("ja", "料理人を", "料理人"),
                                               ("ja", "インプの", "インプ"),
                                               ("zh-Hans", "小恶魔的", "小恶魔")])
def test_a_particle_typed_with_a_name_finds_what_the_name_finds(built, page, lang, query, name):
    """The fixture's Japanese and Chinese texts have を, の and 的 ("鍋をひっくり返します"): a
    particle searched alone would find them all."""
    from generator.output.browser import serve
    from tests.test_search import worker_search
    site, _ = built
    assert "を" in page_text(site, "ja", "characters/imp") and \
        "的" in page_text(site, "zh-Hans", "characters/imp")
    with serve(site) as base:
        found = worker_search(page, base, lang, [query, name, query[-1]])
    assert len(found[query[-1]]) > 0  # the particle alone finds pages …
    assert found[query] == found[name] != []  # … which the name with it does not


def page_text(site: Path, lang: str, path: str) -> str:
    return (site / lang / path / "index.html").read_text(encoding="utf-8")


# Each team's names on the home page and the rules terms' names, in the language's CLDR order:
# Chinese and Russian put their own letters before Latin, Japanese after it (the English names
# stand in where the fixture has none); code point order would put Latin first in all three.
@pytest.mark.parametrize("lang, townsfolk, first_term, last_term", [
    ("zh-Hans", ["厨师", "Fortune Teller"], "中毒", "Traveller"),
    ("ru", ["Повар", "Fortune Teller"], "Отравлен", "Traveller"),
    ("ja", ["Fortune Teller", "料理人"], "Drunkenness", "毒状態")])
def test_lists_are_in_the_languages_order(built, lang, townsfolk, first_term, last_term):
    site, _ = built
    home = page(site, lang, "")
    roster = re.search(r'<p class="almanac-roster">(.*?)</p>', home).group(1)
    assert re.findall(r'<a href="[^"]+"[^>]*>([^<]+)</a>', roster) == townsfolk
    terms = re.findall(r'<li><a href="[^"]+"[^>]*>([^<]+)</a>', page(site, lang, "rules"))
    assert (terms[0], terms[-1], len(terms)) == (first_term, last_term, 8)


def test_german_and_russian_sheets_print_every_letter_in_noto_sans(project, tmp_path):
    """Not in the Korean font (which lacks some Cyrillic letters, so a word took them from
    another font): each sheet names Noto Sans alone, as named, embedded subsets."""
    root, official = project
    result = almanac("print", str(FIXTURES / "trouble-brewing.json"), "-o", str(tmp_path),
                     "--lang", "de,ru", "--official", str(official), root=root)
    assert result.returncode == 0, result.stderr
    for lang in ("de", "ru"):
        for kind in ("script", "first", "other"):
            fonts = pdf_fonts(tmp_path / f"{kind}-{lang}.pdf")
            assert families(fonts) == {"NotoSans"}, (kind, lang, fonts)
            assert all(kind_ == "CID TrueType" and embedded == subset == "yes"
                       for _, kind_, embedded, subset in fonts), fonts


@pytest.mark.parametrize("lang, name", [("de", "Giftmischer"), ("ru", "Отравитель")])
def test_a_latin_and_a_cyrillic_heading_are_set_in_noto_sans(built, page, lang, name):
    site, _ = built
    page.goto((site / lang / "characters" / "poisoner" / "index.html").as_uri())
    assert page.locator("article h1").inner_text() == name
    assert platform_fonts(page, "article h1") == [("NotoSans-Regular", len(name))]
