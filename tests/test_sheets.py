"""Storytellers' sheets: every step of tonight and nothing of another night, rows filled from
the script's own characters and from the official data files, script sheets with jinxes, and
every sheet of a script printed in one run."""
from __future__ import annotations

import json
import re
import subprocess
from html import unescape

import pytest

from generator.cards import joined
from generator.facts.official import Part, load_official
from generator.read.script_spec import CustomCharacter, ScriptSpec
from generator.views.corpus_script import from_corpus
from generator.views.nightsheet import build_sheet
from generator.views.scriptsheet import build_script_sheet
from tests.conftest import FILES, ROOT, line_of
from tests.projects import almanac

OFFICIAL = ROOT / "tests" / "fixtures" / "official"


def script_000(corpus):
    return from_corpus(next(s for s in corpus.scripts if s.id == "000"))


def row(sheet, ident):
    return next(r for r in sheet.rows if r.id == ident)


def text(sheet_row) -> str:
    return "\n".join("".join(part.text for part in line) for line in sheet_row.instructions)


def source_line(key: str, words: str) -> str:
    """The step of the corpus file `key` whose line holds `words`, as the file writes it."""
    number = line_of(FILES[key], words)
    line = (ROOT / FILES[key]).read_text(encoding="utf-8").split("\n")[number - 1]
    return line.removeprefix("- ")


@pytest.mark.parametrize("ident, step", [
    ("snakecharmer", "그 플레이어가 악마라면, 기존 뱀조련사는"),  # the swap when the Demon is chosen
    ("seamstress", "재봉사가 플레이어 두 명을 가리켰다면"),  # the nod or shake
    ("widow", "알고 있음 알림이 있는 플레이어를 깨워 과부 캐릭터 토큰을"),  # waking the KNOW player
    ("philosopher", "이미 게임에 있는 캐릭터 아이콘을 골랐다면"),  # the outcome
], ids=["snakecharmer", "seamstress", "widow", "philosopher"])
def test_the_korean_first_night_keeps_every_step(corpus, ident, step):
    sheet = build_sheet(corpus, script_000(corpus), "ko", "first")
    assert source_line("000", step) in text(row(sheet, ident)).split("\n")


def test_the_english_pit_hag_keeps_its_follow_up(corpus):
    sheet = build_sheet(corpus, ScriptSpec("t", "t", None, ("pithag",)), "en", "other")
    steps = text(row(sheet, "pithag")).split("\n")
    assert source_line("004", "If the chosen character is not in play, wake the chosen") in steps
    assert len(steps) == 4  # its four steps, all of the other nights


def test_other_nights_show_no_first_night_step(corpus):
    sheet = build_sheet(corpus, script_000(corpus), "ko", "other")
    damsel = row(sheet, "damsel")
    assert damsel.no_step_tonight and damsel.source == "ability"
    assert "첫날 밤" not in text(damsel)
    bounty = row(sheet, "bountyhunter")
    assert text(bounty).split("\n") == [source_line("000", "알고 있음 알림이 있는 플레이어가 죽을 때마다")]


def test_a_homebrew_character_takes_its_place_and_its_reminder(corpus):
    homebrew = CustomCharacter("tinkerer", "Tinkerer", "townsfolk", "A made-up ability.",
                               ("Gear",), first_night=30.5,
                               first_night_reminder="Wake the Tinkerer; show a gear.")
    script = ScriptSpec("t", "t", None, ("librarian", "tinkerer", "chef", "imp"),
                        custom={"tinkerer": homebrew})
    order = corpus.night_order.first_night
    sheet = build_sheet(corpus, script, "en", "first")
    ids = [r.id for r in sheet.rows]
    # Index 30.5 falls between the official positions 30 and 31.
    before = [i for i in ids if i in order and order.index(i) <= 30]
    assert ids.index("tinkerer") == len(before)
    tinkerer = row(sheet, "tinkerer")
    assert (text(tinkerer), tinkerer.source, tinkerer.reminders) == \
        ("Wake the Tinkerer; show a gear.", "script", (("Gear", 1),))
    other = build_sheet(corpus, script, "en", "other")
    assert "tinkerer" not in [r.id for r in other.rows]
    # By name (Chef, Librarian, Tinkerer), not in the script's order.
    assert [c.id for c in other.not_waking] == ["chef", "librarian", "tinkerer"]


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_official_data_fill_the_rows_the_almanac_lacks(corpus, lang):
    official = load_official(OFFICIAL)
    script = ScriptSpec("t", "t", None, ("spy", "imp", "chef"))
    sheet = build_sheet(joined(corpus, official), script, lang, "first")
    # The fixture's game.ko.json has no Spy: its English text, marked as English.
    spy = row(sheet, "spy")
    assert (text(spy), spy.source, spy.text_lang) == \
        ("Let the Spy peek at the fixture menu for a while.", "official", "en")
    # The Chef's almanac text (002) has no steps: the official reminder, in the sheet's
    # language, its token marked and its reminder drawn.
    chef = row(sheet, "chef")
    assert (chef.source, chef.text_lang) == ("official", lang)
    expected = {"ko": (Part("text", "요리사에게 "), Part("token", "맛봄"),
                       Part("text", " 표시가 된 숟가락을 건넵니다. "), Part("reminder", "")),
                "en": (Part("text", "Hand the Chef a spoon marked "), Part("token", "TASTED"),
                       Part("text", ". "), Part("reminder", ""))}
    assert chef.instructions == (expected[lang],)


def test_the_script_sheet_lists_its_jinxes(corpus):
    sheet = build_script_sheet(corpus, script_000(corpus), "en")
    assert [j.ids for j in sheet.jinxes] == ["bountyhunter philosopher", "damsel widow",
                                            "magician marionette", "magician widow"]
    assert all(j.source == "none" and j.text == () for j in sheet.jinxes)
    assert [t.team for t in sheet.teams] == ["townsfolk", "outsider", "minion", "demon",
                                             "traveller", "fabled"]
    assert [t.apart for t in sheet.teams] == [False, False, False, False, True, True]


def test_a_script_sheet_with_official_jinx_texts(corpus):
    official = load_official(OFFICIAL)
    for lang, expected in (("ko", "지어낸 규칙: 과부는 마술사의 모자 밑을 엿볼 수 있습니다."),
                           ("en", "A made-up rule: the Widow may peek under the Magician's hat.")):
        sheet = build_script_sheet(joined(corpus, official), script_000(corpus), lang)
        jinxes = {j.ids: ("".join(p.text for p in j.text), j.source) for j in sheet.jinxes}
        assert jinxes == {"bountyhunter philosopher": ("", "none"),
                          "damsel widow": ("", "none"), "magician marionette": ("", "none"),
                          "magician widow": (expected, "official")}


def test_print_writes_six_one_page_pdfs(tmp_path):
    out = tmp_path / "sheets"
    result = almanac("print", "tests/fixtures/trouble-brewing.json", "-o", str(out),
                     "--official", str(OFFICIAL))
    assert result.returncode == 0, result.stderr
    names = sorted(p.name for p in out.iterdir())
    assert names == sorted(f"{kind}-{lang}.pdf" for kind in ("script", "first", "other")
                           for lang in ("ko", "en"))
    for pdf in out.iterdir():
        info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
        assert re.search(r"^Pages:\s+1$", info, re.M), pdf.name


def test_the_script_sheet_html_carries_ids_and_jinx_pairs(tmp_path):
    out = tmp_path / "script.html"
    assert almanac("export-script", "000", "-o", str(tmp_path / "000.json")).returncode == 0
    result = almanac("scriptsheet", str(tmp_path / "000.json"), "--lang", "ko", "--html",
                     str(out))
    assert result.returncode == 0, result.stderr
    html = unescape(out.read_text(encoding="utf-8"))
    # In Korean order of the pairs' names: 꼭두각시 · 마술사, 마술사 · 미망인, 미망인 · 아가씨,
    # 철학자 · 현상금 사냥꾼.
    assert re.findall(r'data-jinx="([^"]+)"', html) == [
        "magician marionette", "magician widow", "damsel widow", "bountyhunter philosopher"]
    assert len(re.findall(r'class="scriptsheet-character" data-id="', html)) == 26
    assert "징크스: 규칙을 참고하세요" in html


def test_a_site_built_with_official_data_shows_the_card_marked(tmp_path):
    from generator.commands.build import build
    from tests.projects import site_files, site_project
    project = site_project(tmp_path)  # the Chef and the Imp, written in English only
    assert build(project, "http://127.0.0.1:8000/", official=load_official(OFFICIAL)) == 0
    chef = unescape((project / "site" / "ko" / "characters" / "chef" / "index.html")
                    .read_text(encoding="utf-8"))
    ability = chef.split('class="almanac-ability"')[1].split("</div>")[0]
    assert "첫 저녁 식사에, 시험용 수프 중 몇 그릇이 너무 짠지 알게 됩니다." in ability
    assert "공식 카드 문구" in chef  # marked as the official card's
    english = unescape((project / "site" / "en" / "characters" / "chef" / "index.html")
                       .read_text(encoding="utf-8"))
    assert "A made-up ability for a small test of the Chef." in english  # the almanac's first
    assert "ko/scriptsheets" not in " ".join(site_files(project / "site"))  # no corpus script


def test_a_title_of_one_long_word_wraps_within_the_sheet(page, tmp_path):
    """A script named by one word of 400 letters: the sheet keeps the page's width (in print,
    Chromium would shrink the whole sheet to fit the title)."""
    script = tmp_path / "long.json"
    script.write_text(json.dumps([{"id": "_meta", "name": "N" * 400, "author": "A" * 200},
                                  "chef", "imp", "poisoner", "recluse", "monk"]),
                      encoding="utf-8")
    html = tmp_path / "first.html"
    assert almanac("nightsheet", str(script), "--night", "first", "--html", str(html),
                   root=ROOT).returncode == 0
    page.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi
    page.goto(html.as_uri())
    assert page.evaluate("document.documentElement.scrollWidth") <= 794
    # Three lines of the title and of the author at most: the rows keep the page.
    header = page.locator(".nightsheet-header").bounding_box()["height"]
    line = page.evaluate("parseFloat(getComputedStyle(document.querySelector("
                         "'.nightsheet-title')).lineHeight)")
    assert header <= 6 * line + 8
