"""Every script's letters, and right to left: the fonts scripts/setup installs have the letters
of Thai, Hebrew, Japanese, Chinese, German and Russian pages and sheets, which set each writing
system in its own font (Latin and Cyrillic in Noto Sans, never the Korean font) and print them
as named, embedded subsets; Hebrew pages and sheets run right to left with Latin
text isolated; a letter no installed font has is said in one line, and --strict fails."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.fonts_used import families, pdf_fonts, platform_fonts
from tests.projects import SMALL_ALMANAC, almanac, catalogs_of, site_project

# Real names and labels of the official translations; every sentence is the test's own.
THAI = {"roles": {
    "chef": {"name": "เชฟ", "ability": "คืนแรก คุณรู้ว่ามีซุปทดลองกี่ถ้วยที่เค็มเกินไป",
             "first": "ให้เชฟชิมซุปทดลองหนึ่งช้อน"},
    "imp": {"name": "อิมป์", "ability": "ทุกคืน คุณทำหม้อทดลองหนึ่งใบตกจากเตา",
            "other": "อิมป์ชี้ไปที่หม้อทดลองหนึ่งใบ"}}}
JAPANESE = {"roles": {
    "chef": {"name": "料理人", "ability": "最初の夕食で、試作のスープが何杯しょっぱすぎたかを知る。",
             "first": "料理人に試作のスープを一口味見させる。"},
    "imp": {"name": "インプ", "ability": "毎晩、試作の鍋をひとつかまどから落とす。",
            "other": "インプが試作の鍋をひとつ指さす。"}}}
# The Hebrew data names no character: its pages and sheets name them in English, isolated.
HEBREW = {"roles": {
    "chef": {"ability": "בארוחת הערב הראשונה, תדע כמה מרקי ניסיון היו מלוחים מדי.",
             "first": "תן לשף לטעום כף אחת של מרק ניסיון."},
    "imp": {"ability": "בכל לילה, אתה מפיל סיר ניסיון אחד מהכיריים.",
            "other": "השד מצביע על סיר ניסיון אחד."}}}
LANGUAGES = """th:
  name: ไทย
  site_name: ปูม
  fallback: [en]
  letters: [THAI]
  allowed_letters: [LATIN]
  teams: {Townsfolk: townsfolk, Demon: demon}
  how_to_run: How to Run
  examples: Examples
  not_written_yet: Not written yet.
  night: {first: first night, each: each night, other: except the first}
he:
  name: עברית
  site_name: אלמנך
  fallback: [en]
  letters: [HEBREW]
  allowed_letters: [LATIN]
  teams: {Townsfolk: townsfolk, Demon: demon}
  how_to_run: How to Run
  examples: Examples
  not_written_yet: Not written yet.
  night: {first: first night, each: each night, other: except the first}
ja:
  name: 日本語
  site_name: 年鑑
  fallback: [en]
  letters: [CJK, HIRAGANA, KATAKANA]
  allowed_letters: [LATIN]
  teams: {Townsfolk: townsfolk, Demon: demon}
  how_to_run: How to Run
  examples: Examples
  not_written_yet: Not written yet.
  night: {first: first night, each: each night, other: except the first}
ru: {name: Русский, site_name: Альманах, fallback: [en], letters: [CYRILLIC]}
zh-Hans:
  name: 简体中文
  site_name: 年鉴
  fallback: [en]
  letters: [CJK]
  allowed_letters: [LATIN]
  teams: {镇民: townsfolk, 恶魔: demon}
  how_to_run: 进行方式
  examples: 示例
  not_written_yet: 尚未撰写。
  night: {first: 第一夜, each: 每个夜晚, other: 除第一夜外}
"""
# Chinese through an almanac of its own (the data's zh_Hans code is part of another change).
CHINESE_ALMANAC = """镇民
Chef
在第一顿晚餐时，你会得知有几碗试验汤太咸。
一句为测试而写的风味文字。
“在第一顿晚餐时，你会得知有几碗试验汤太咸。”厨师数一数汤碗。
进行方式
- 第一夜，唤醒厨师，给他尝一勺试验汤，然后让他入睡。
恶魔
Imp
尚未撰写。
"""
SCRIPT = [{"id": "_meta", "name": "Test Kitchen", "author": "tests"}, "chef", "imp"]
# A letter of the private use area that no font has: it would print as a box.
NO_GLYPH = "\U000F0000"


def _project(root: Path, thai: dict) -> tuple[Path, Path]:
    """A project of the small English almanac, four languages more and their official data."""
    project = site_project(root / "project", {"en/004_small.txt": SMALL_ALMANAC.encode(),
                                              "zh-Hans/004_small.txt": CHINESE_ALMANAC.encode()})
    with (project / "content" / "languages.yaml").open("a", encoding="utf-8") as languages:
        languages.write(LANGUAGES)
    official = root / "official"
    shutil.copytree(ROOT / "tests" / "fixtures" / "official", official)
    for code, data in (("th", thai), ("ja", JAPANESE), ("he", HEBREW)):
        (official / f"game.{code}.json").write_text(json.dumps(data, ensure_ascii=False),
                                                   encoding="utf-8")
    # The official translation's names, sentences made up. (No German: a Latin title would be
    # either language's, and the tests below read the English title's marks.)
    shutil.copy(ROOT / "tests" / "fixtures" / "official-languages" / "game.ru.json", official)
    (project / "script.json").write_text(json.dumps(SCRIPT), encoding="utf-8")
    return project, official


@pytest.fixture(scope="module", autouse=True)
def no_catalogs(tmp_path_factory):
    """The letters of the data and the almanac alone: the interface in English (the catalogs'
    letters are the native frame's: tests/test_native_frame.py)."""
    with catalogs_of(("ko", "en"), tmp_path_factory.mktemp("locales")):
        yield


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    project, official = _project(tmp_path_factory.mktemp("letters"), THAI)
    result = almanac("build", "--strict", "--official", str(official), root=project)
    return project, official, result


@pytest.fixture(scope="module")
def printed(built):
    project, official, _ = built
    result = almanac("print", "script.json", "-o", "sheets", "--lang", "th,he,ja,zh-Hans,ru",
                     "--official", str(official), root=project)
    return project / "sheets", result


def _page(project: Path, lang: str, path: str = "characters/chef/index.html") -> str:
    return (project / "site" / lang / path).read_text(encoding="utf-8")


# The fonts setup installs, by a language fontconfig knows them to write.
SETUP_FONTS = (("th", "Noto Sans Thai"), ("he", "Noto Sans Hebrew"), ("ar", "Noto Sans Arabic"),
               ("fa", "Noto Sans Arabic"), ("hi", "Noto Sans Devanagari"),
               ("ka", "Noto Sans Georgian"), ("ja", "IPAPGothic"),
               ("zh-cn", "WenQuanYi Micro Hei"), ("ko", "NanumGothic"), ("ru", "Noto Sans"),
               ("el", "Noto Sans"), ("vi", "Noto Sans"), ("tr", "Noto Sans"))


@pytest.mark.parametrize(("lang", "family"), SETUP_FONTS)
def test_setup_installs_a_font_for_each_script_that_the_stylesheets_name(lang, family):
    listed = subprocess.run(["fc-list", f":lang={lang}", "family"], capture_output=True,
                            text=True, check=True).stdout
    assert family in {name for line in listed.splitlines() for name in line.split(",")}
    # By family, or by a font's full name (local("Noto Sans Thai Regular")).
    assert f'"{family}' in (ROOT / "templates" / "assets" / "fonts.css").read_text(
        encoding="utf-8")


def test_setup_names_the_packages_that_hold_them():
    setup = (ROOT / "scripts" / "setup").read_text(encoding="utf-8")
    packages = re.search(r"^fonts=\((.*)\)$", setup, re.M).group(1).split()
    assert packages == ["fonts-nanum", "fonts-noto-core", "fonts-ipafont-gothic",
                        "fonts-wqy-microhei"]
    for package in packages:
        status = subprocess.run(["dpkg-query", "-W", "-f", "${Status}", package],
                                capture_output=True, text=True).stdout
        assert status == "install ok installed"


def test_the_build_finds_a_font_for_every_letter(built):
    _, _, result = built
    assert result.returncode == 0, result.stderr
    assert "no-font" not in result.stderr


@pytest.mark.parametrize(("lang", "direction", "text"), [
    ("th", "ltr", "คืนแรก คุณรู้ว่ามีซุปทดลองกี่ถ้วยที่เค็มเกินไป"),
    ("ja", "ltr", "最初の夕食で、試作のスープが何杯しょっぱすぎたかを知る。"),
    ("he", "rtl", "בארוחת הערב הראשונה, תדע כמה מרקי ניסיון היו מלוחים מדי."),
    ("zh-Hans", "ltr", "在第一顿晚餐时，你会得知有几碗试验汤太咸。")])
def test_a_page_states_its_language_and_direction(built, lang, direction, text):
    project, _, _ = built
    page = _page(project, lang)
    assert f'<html dir="{direction}" lang="{lang}" class="no-js">' in page
    assert f'<body dir="{direction}"' in page
    assert text in page
    stylesheets = re.findall(r'<link rel="stylesheet" href="([^"]+)"', page)
    assert "../../assets/fonts.css" in stylesheets


def test_text_written_the_other_way_is_isolated_on_a_hebrew_page(built):
    project, _, _ = built
    page = _page(project, "he")
    # The card's English flavor (the Hebrew data has none) and the English name run left to
    # right inside the page.
    flavor = re.search(r'<div class="almanac-flavor" lang="en" dir="ltr"[^>]*>', page)
    assert flavor, re.findall(r'<div class="almanac-flavor"[^>]*>', page)
    assert 'lang="he" dir="' not in page  # the page's own language is not marked again
    # The language menu: every other language is left to right, isolated.
    assert re.search(r'hreflang="ko" lang="ko" dir="ltr"', page)


def test_a_left_to_right_page_isolates_the_hebrew_language_name(built):
    project, _, _ = built
    page = _page(project, "th")
    assert re.search(r'hreflang="he" lang="he" dir="rtl"[^>]*>\s*עברית', page)
    assert 'lang="ko" dir=' not in page


# The families a sheet's letters are printed in (Latin, Greek and Cyrillic in Noto Sans, each
# other writing system in its own), by PostScript name.
SHEET_FONTS = {"th": {"NotoSans", "NotoSansThai"}, "he": {"NotoSans", "NotoSansHebrew"},
               "ja": {"NotoSans", "IPAPGothic"}, "zh-Hans": {"NotoSans", "WenQuanYiMicroHei"},
               "ru": {"NotoSans"}}


def test_every_sheet_prints_on_one_page_with_a_named_font_of_its_letters(printed):
    folder, result = printed
    assert result.returncode == 0, result.stderr
    assert "no-font" not in result.stderr
    for lang, wanted in SHEET_FONTS.items():
        for kind in ("script", "first", "other"):
            pdf = folder / f"{kind}-{lang}.pdf"
            fonts = pdf_fonts(pdf)
            assert fonts and all(kind_ == "CID TrueType" and embedded == "yes" and subset == "yes"
                                 and re.fullmatch(r"[A-Z]{6}\+[A-Za-z]+(-[A-Za-z]+)?", name)
                                 for name, kind_, embedded, subset in fonts), (pdf, fonts)
            # No Korean font sets a Russian letter; the other night of the Chinese
            # sheet has no Chinese text (the almanac has not written the Imp).
            expected = wanted - {"WenQuanYiMicroHei"} if (kind, lang) == ("other", "zh-Hans") \
                else wanted
            assert families(fonts) == expected, (pdf, fonts)
            pages = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True,
                                   check=True).stdout
            assert re.search(r"^Pages:\s+1$", pages, re.M), pdf


# A character page's heading (its name) on each language's site, and the one font Chromium sets
# it in, by PostScript name: Latin and Cyrillic in Noto Sans, never in the Korean font.
HEADINGS = [("ru", "Повар", "NotoSans-Regular"),
            ("ja", "料理人", "IPAPGothic"), ("ko", "요리사", "NanumGothic"),
            ("th", "เชฟ", "NotoSansThai-Regular"), ("en", "Chef", "NotoSans-Regular")]


@pytest.mark.parametrize(("lang", "name", "font"), HEADINGS)
def test_a_heading_is_set_in_its_writing_systems_font_alone(built, page, lang, name, font):
    project, _, _ = built
    page.goto((project / "site" / lang / "characters" / "chef" / "index.html").as_uri())
    assert page.locator("article h1").inner_text() == name
    assert platform_fonts(page, "article h1") == [(font, len(name))]


def test_chinese_text_sets_its_quotation_marks_in_its_own_font(built, page):
    project, _, _ = built
    page.goto((project / "site" / "zh-Hans" / "characters" / "chef" / "index.html").as_uri())
    summary = "“在第一顿晚餐时，你会得知有几碗试验汤太咸。”厨师数一数汤碗。"
    page.locator("article p", has_text=summary).evaluate("e => e.id = 'summary'")
    # Full width, as Chinese sets them, not Noto Sans's “ ”.
    assert platform_fonts(page, "#summary") == [("WenQuanYiMicroHei", len(summary))]


def test_the_root_page_names_each_language_in_its_own_font(built, page):
    project, _, _ = built
    page.goto((project / "site" / "404.html").as_uri())
    fonts = {code: platform_fonts(page, f'a[hreflang="{code}"][lang]')
             for code in ("ru", "th", "ja", "zh-Hans")}
    assert fonts == {"ru": [("NotoSans-Regular", 7)], "th": [("NotoSansThai-Regular", 3)],
                     "ja": [("IPAPGothic", 3)], "zh-Hans": [("WenQuanYiMicroHei", 4)]}


@pytest.mark.parametrize(("lang", "direction", "text"), [
    ("he", "rtl", "תן לשף לטעום כף אחת של מרק ניסיון."),
    ("th", "ltr", "ให้เชฟชิมซุปทดลองหนึ่งช้อน"),
    ("ja", "ltr", "料理人に試作のスープを一口味見させる。"),
    ("zh-Hans", "ltr", "第一夜，唤醒厨师，给他尝一勺试验汤，然后让他入睡。")])
def test_a_sheet_states_its_language_and_direction(built, lang, direction, text):
    project, official, _ = built
    result = almanac("nightsheet", "script.json", "--lang", lang, "--night", "first",
                     "--official", str(official), "--html", f"first-{lang}.html", root=project)
    assert result.returncode == 0, result.stderr
    sheet = (project / f"first-{lang}.html").read_text(encoding="utf-8")
    assert sheet.startswith(f'<!doctype html>\n<html lang="{lang}" dir="{direction}">')
    assert text in sheet
    assert "--almanac-text-font" in sheet  # the font stacks, inline
    # The English title of the script is isolated where it runs the other way.
    isolation = ' dir="ltr"' if direction == "rtl" else ""
    assert f'<h1 class="nightsheet-title" lang="en"{isolation}>Test Kitchen</h1>' in sheet


def test_the_root_pages_isolate_the_hebrew_language_name(built):
    project, _, _ = built
    index = (project / "site" / "index.html").read_text(encoding="utf-8")
    assert '<a href="he/" hreflang="he" lang="he" dir="rtl">עברית</a>' in index
    missing = (project / "site" / "404.html").read_text(encoding="utf-8")
    # Hebrew has no interface catalog: no section of its own, its home linked by its own name.
    assert '<a href="he/" hreflang="he" lang="he" dir="rtl">עברית</a>' in missing


def test_a_letter_no_font_has_is_one_line_and_strict_fails(tmp_path):
    boxed = {"roles": {**THAI["roles"],
                       "chef": {**THAI["roles"]["chef"],
                                "ability": f"คืนแรก คุณรู้ว่ามีซุป {NO_GLYPH} กี่ถ้วย"}}}
    project, official = _project(tmp_path, boxed)
    result = almanac("print", "script.json", "-o", "sheets", "--lang", "th", "--official",
                     str(official), root=project)
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stderr.splitlines() if "no-font" in line]
    assert lines == [
        f"sheets/script-th.pdf: warning no-font: Thai: no installed font has '{NO_GLYPH}' "
        "U+F0000; the sheet would print them as boxes (scripts/setup installs a font for "
        "every writing system of the official data)"]
    strict = almanac("print", "script.json", "-o", "sheets", "--lang", "th", "--official",
                     str(official), "--strict", root=project)
    assert strict.returncode == 1
    assert [line for line in strict.stderr.splitlines() if "no-font" in line] == lines

    # Without --strict the site is built, and the line says what it shows as boxes (the Thai
    # site alone: the others have not the letter).
    site = almanac("build", "--official", str(official), "--languages", "th", root=project)
    assert site.returncode == 0, site.stderr
    assert NO_GLYPH in _page(project, "th")
    found = [line for line in site.stderr.splitlines() if "no-font" in line]
    assert len(found) == 1 and re.fullmatch(
        r"build/th/docs/characters/chef\.md:\d+: warning no-font: "
        rf"Thai: no installed font has '{NO_GLYPH}' U\+F0000; the site would show them as "
        r"boxes \(scripts/setup installs a font for every writing system of the official "
        r"data\)", found[0]), found
    # With it, the previous site stays as it was.
    (project / "site" / "th" / "kept.txt").write_text("the previous site", encoding="utf-8")
    strict_site = almanac("build", "--strict", "--official", str(official), "--languages", "th",
                          root=project)
    assert strict_site.returncode == 1
    assert [line for line in strict_site.stderr.splitlines() if "no-font" in line] == found
    assert strict_site.stderr.splitlines()[-1] == (
        "Site not built (the previous site/ is unchanged): --strict: the th pages show letters "
        "no installed font has (the line above)")
    assert (project / "site" / "th" / "kept.txt").read_text(encoding="utf-8") == \
        "the previous site"


def test_only_letters_that_need_a_glyph_and_lack_one_are_named():
    from generator.facts.fonts import shown, without_font
    # Spaces, a joiner, a bidi mark and a variation selector need no glyph; Thai, Hebrew, kana
    # and Han have a font; two private-use letters have none.
    text = f"เชฟ \u200d\u200fשף\ufe0f 料理人 インプ {NO_GLYPH}\ue000{NO_GLYPH}"
    assert without_font(text) == f"\ue000{NO_GLYPH}"
    assert shown(without_font(text)) == f"'\ue000' U+E000, '{NO_GLYPH}' U+F0000"
    assert shown("abc", most=2) == "'a' U+0061, 'b' U+0062 and 1 more"


def test_the_direction_of_a_language_is_cldr_s():
    from generator.facts.direction import direction
    assert [direction(code) for code in ("he", "fa", "ar", "ur", "en", "th", "zh-Hans", "ja",
                                         "tlh")] == \
        ["rtl", "rtl", "rtl", "rtl", "ltr", "ltr", "ltr", "ltr", None]


def test_isolation_marks_only_text_written_the_other_way():
    from generator.output.isolation import isolated
    page = ('<html lang="he"><p lang="en" class="x">Chef</p><span lang="he">שף</span>'
            '<b lang="tlh">Qapla</b><i dir="ltr" lang="en">Imp</i>')
    assert isolated(page, "he", ("he", "en")) == (
        '<html lang="he"><p lang="en" dir="ltr" class="x">Chef</p><span lang="he">שף</span>'
        '<b lang="tlh" dir="auto">Qapla</b><i dir="ltr" lang="en">Imp</i>')
    english = '<p lang="ko">요리사</p><a hreflang="he" lang="he">עברית</a>'
    assert isolated(english, "en", ("en", "ko", "he")) == \
        '<p lang="ko">요리사</p><a hreflang="he" lang="he" dir="rtl">עברית</a>'
    assert isolated(english, "en", ("en", "ko")) == english  # no language runs the other way


def test_a_hebrew_sheet_mirrors_and_its_english_runs_left_to_right(built, page):
    project, official, _ = built
    result = almanac("nightsheet", "script.json", "--lang", "he", "--night", "first",
                     "--official", str(official), "--html", "mirror-he.html", root=project)
    assert result.returncode == 0, result.stderr
    page.set_viewport_size({"width": 800, "height": 600})
    page.set_content((project / "mirror-he.html").read_text(encoding="utf-8"))
    chef = '[data-id="chef"]'
    name = page.locator(f"{chef} .nightsheet-name").bounding_box()
    text = page.locator(f"{chef} .nightsheet-text").bounding_box()
    assert name and text and name["x"] > text["x"]  # the name starts the row, on the right
    # The team's bar is on the name's right, where the row starts.
    assert page.locator(f"{chef} .nightsheet-name").evaluate(
        "e => [getComputedStyle(e).borderRightWidth, getComputedStyle(e).borderLeftWidth]"
    ) == ["5px", "0px"]
    # The English title, isolated, runs left to right inside the right-to-left header.
    assert page.locator("h1.nightsheet-title").evaluate(
        "e => getComputedStyle(e).direction") == "ltr"
    assert page.evaluate("getComputedStyle(document.body).direction") == "rtl"


@pytest.mark.parametrize("heading, anchor", [
    ("ชาวเมือง 69", "ชาวเมือง-69"), ("สคริปต์", "สคริปต์"), ("नगरवासी", "नगरवासी"),
    ("진행 방법", "진행-방법"), ("How to Run", "how-to-run"), ("Jinxes (2)", "jinxes-2"),
    ("<code>x</code> Fortune_Teller", "x-fortune_teller")])
def test_a_heading_anchor_keeps_every_letter_and_mark(heading, anchor):
    from pymdownx.slugs import slugify as theirs  # type: ignore[import-untyped]

    from generator.output.slugs import slugify
    assert slugify(heading, "-") == anchor
    if all(not unicodedata.category(c).startswith("M") for c in heading):
        assert theirs(case="lower")(heading, "-") == anchor  # where it has no marks, the same
