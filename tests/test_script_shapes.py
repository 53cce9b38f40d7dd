"""Script files in every shape seen in the wild (written for the project, in
tests/fixtures/scripts/shapes/): each read as its author meant it, its rows and its players'
sheet right, and the command's last line saying what the sheets lack."""
from __future__ import annotations

import re
import subprocess
from html import unescape

import pytest

from generator.cards import joined
from generator.facts.official import load_official
from generator.read.script_json import read_script
from generator.views.nightsheet import build_sheet
from generator.views.overrides import (
    Override,
    Overrides,
    older_text,
    override_lines,
    overrides,
    same_text,
)
from generator.views.scriptsheet import build_script_sheet
from tests.conftest import ROOT
from tests.projects import almanac

SHAPES = ROOT / "tests" / "fixtures" / "scripts" / "shapes"
OFFICIAL = ROOT / "tests" / "fixtures" / "official"
# What a sheet's last line advises where it lacks what the official data would give.
FETCH = "fetch the official data files once with `almanac official fetch` (see the README)"


@pytest.fixture(scope="module")
def read(corpus):
    known = [term.id for term in corpus.glossary.game_terms("botc")]
    order = corpus.night_order
    return lambda name: read_script(SHAPES / f"{name}.json", known, order.specials,
                                    (order.first_night, order.other_night))


def rows(corpus, spec, lang, night, official=None, detail="short"):
    sheet = build_sheet(joined(corpus, official), spec, lang, night, detail)
    return [(r.id, r.source) for r in sheet.rows]


def teams(corpus, spec, lang, official=None):
    sheet = build_script_sheet(joined(corpus, official), spec, lang)
    return [(t.team, [(c.id, c.name, c.source) for c in t.characters]) for t in sheet.teams]


def text(sheet, ident):
    row = next(r for r in sheet.rows if r.id == ident)
    return "\n".join("".join(p.text for p in line) for line in row.instructions)


def last_line(*args):
    """The command's summary: its last line, on stdout when complete, else on stderr."""
    result = almanac(*args)
    assert result.returncode in (0, 1), result.stderr
    return (result.stderr or result.stdout).strip().split("\n")[-1], result.returncode


def sheet_command(tmp_path, kind, name, *more):
    return last_line(kind, str(SHAPES / f"{name}.json"), "--html", str(tmp_path / "s.html"), *more)


def test_official_characters_written_out_are_one_row_each_in_the_sheets_language(corpus, read):
    spec = read("written-out")
    assert (spec.characters, spec.custom, sorted(spec.written_out)) == \
        (("lunatic", "chef", "imp", "poisoner", "washerwoman"), {}, ["chef", "lunatic"])
    # Written out with today's numbers (21, 34, 54): nothing to say, each wakes once there.
    assert (spec.warnings, spec.details) == ((), ())
    assert overrides(spec, corpus) == Overrides(())
    assert rows(corpus, spec, "ko", "first") == [
        ("dusk", "special"), ("minioninfo", "special"), ("lunatic", "how-to-run"),
        ("demoninfo", "special"), ("poisoner", "how-to-run"), ("washerwoman", "none"),
        ("chef", "ability"), ("dawn", "special")]
    korean = build_sheet(corpus, spec, "ko", "first")
    assert [r.name for r in korean.rows if not r.special] == ["미치광이", "독살범", "세탁부", "요리사"]
    # In English, which the almanac's Lunatic lacks, the script's own words.
    assert text(build_sheet(corpus, spec, "en", "first"), "lunatic") == \
        "Fixture words: show the Lunatic three players."
    assert teams(corpus, spec, "ko") == [
        ("townsfolk", [("chef", "요리사", "almanac"), ("washerwoman", "세탁부", "none")]),
        ("outsider", [("lunatic", "미치광이", "almanac")]),
        ("minion", [("poisoner", "독살범", "almanac")]), ("demon", [("imp", "임프", "none")])]


def test_a_written_out_text_that_differs_from_the_card_overrides_it(corpus, read):
    spec = read("written-out")
    official = load_official(OFFICIAL)
    # The script's own first-night words differ from the official reminder: they win a short
    # row in English; on a Korean sheet the almanac's Korean steps stand, the script's English
    # words beside them; a full row keeps the almanac's steps first.
    assert rows(corpus, spec, "en", "first", official)[2] == ("lunatic", "script")
    lunatic = build_sheet(joined(corpus, official), spec, "ko", "first", "short").rows[2]
    assert (lunatic.id, lunatic.source, lunatic.changed_lang) == ("lunatic", "how-to-run", "en")
    assert rows(corpus, spec, "ko", "first", official, "full")[2] == ("lunatic", "how-to-run")
    # The fixture Chef's card differs too: the script's ability on the English players' sheet.
    english = build_script_sheet(joined(corpus, official), spec, "en")
    chef = english.teams[0].characters[0]
    assert (chef.id, chef.source, "".join(p.text for p in chef.ability)) == \
        ("chef", "script", "Fixture words: a count of neighbouring evil pairs.")


def test_a_traveler_and_an_unknown_team_are_on_the_players_sheet(corpus, read, tmp_path):
    spec = read("traveler")
    assert spec.details == ("[4].team: 'traveler' read as 'traveller'",)
    assert teams(corpus, spec, "en") == [
        ("townsfolk", [("lantern", "Lantern", "script"), ("chef", "Chef", "almanac")]),
        ("minion", [("shade", "Shade", "script")]), ("demon", [("gloom", "Gloom", "script")]),
        ("traveller", [("drifter", "Drifter", "script")]),
        ("other", [("oddity", "Oddity", "script")])]
    assert build_script_sheet(corpus, spec, "en").unknown == ()
    sheet_command(tmp_path, "scriptsheet", "traveler", "--lang", "ko")
    html = unescape((tmp_path / "s.html").read_text(encoding="utf-8"))
    assert "그 밖의 캐릭터" in html and "Fixture: nobody knows your team." in html
    # The script's English words are marked as English on the Korean sheet, not as Korean.
    assert re.search(r'<p class="scriptsheet-ability" lang="en">(<span[^>]*>EN</span> )?Fixture: nobody',
                     html)
    assert sheet_command(tmp_path, "scriptsheet", "traveler") == \
        (f"{SHAPES / 'traveler.json'}: 5 texts in another language; 2 warnings about the "
         "script above", 0)


def test_homebrew_numbered_among_themselves_wake_after_the_information(corpus, read, tmp_path):
    spec = read("numbered")
    assert rows(corpus, spec, "en", "first") == [
        ("dusk", "special"), ("minioninfo", "special"), ("demoninfo", "special"),
        ("shade", "script"), ("mender", "script"), ("lantern", "script"), ("dawn", "special")]
    assert rows(corpus, spec, "en", "other") == [
        ("dusk", "special"), ("shade", "script"), ("lantern", "script"), ("gloom", "script"),
        ("dawn", "special")]
    assert teams(corpus, spec, "en")[2] == \
        ("minion", [("shade", "Shade", "script"), ("ghoul", "Ghoul", "script")])
    assert sheet_command(tmp_path, "nightsheet", "numbered", "--lang", "en") == (
        f"{SHAPES / 'numbered.json'}: homebrew night numbers on a scale of their own, placed "
        "after the information rows", 0)
    assert "on a scale of its own" in (tmp_path / "s.html").read_text(encoding="utf-8")


def test_a_homebrew_index_of_todays_order_keeps_its_place(corpus, read):
    """Beside official characters, a fraction of today's indexes is no scale of its own."""
    from dataclasses import replace

    from generator.read.script_spec import CustomCharacter
    spec = read("bootlegger")
    between = CustomCharacter("x", "X", "townsfolk", "a", first_night=
                              corpus.night_order.first_night.index("poisoner") + 0.5,
                              first_night_reminder="r")
    spec = replace(spec, characters=(*spec.characters, "x"), custom={"x": between})
    assert [i for i, _ in rows(corpus, spec, "en", "first")][3:5] == ["poisoner", "x"]
    assert not build_sheet(corpus, spec, "en", "first").placed_apart


def test_a_meta_order_keeps_to_the_script_and_gains_dusk_and_dawn(corpus, read, tmp_path):
    spec = read("meta-order")
    assert spec.first_night == ("dusk", "poisoner", "washerwoman", "minioninfo", "demoninfo",
                                "imp", "dawn")
    assert spec.other_night == ("dusk", "poisoner", "monk", "imp", "dawn")
    assert spec.warnings == (
        "[0].firstNight: left out 1 id not on the script ('fortuneteller'); added dusk and dawn",
        "[0].firstNight: chef wakes on the official first night but is not in the script's "
        "order; listed as not waking",
        "[0].otherNight: left out 1 id not on the script ('ravenkeeper'); added dusk")
    assert [i for i, _ in rows(corpus, spec, "en", "first")] == list(spec.first_night)
    assert sheet_command(tmp_path, "nightsheet", "meta-order", "--lang", "en") == (
        f"{SHAPES / 'meta-order.json'}: 2 rows without an instruction; 3 warnings about the "
        "script above; " + FETCH, 0)


def test_bootlegger_rules_are_on_the_players_sheet_escaped(corpus, read, tmp_path):
    spec = read("bootlegger")
    assert spec.bootlegger == ("Fixture rule: the Demon may bluff as any Outsider.",
                               "Fixture rule: <b>dead</b> players keep one vote.")
    sheet_command(tmp_path, "scriptsheet", "bootlegger", "--lang", "ko")
    html = (tmp_path / "s.html").read_text(encoding="utf-8")
    rules = html.split('class="scriptsheet-bootlegger"')[1].split("</section>")[0]
    assert "하우스 룰(밀주업자)" in unescape(rules) and "<b>" not in rules
    assert [unescape(rule) for rule in re.findall(r"<li>(.*?)</li>", rules)] == [
        "Fixture rule: the Demon may bluff as any Outsider.",
        "Fixture rule: <b>dead</b> players keep one vote."]


def test_a_script_without_a_name_is_titled_from_its_file(corpus, read, tmp_path):
    spec = read("unnamed_script")
    assert spec.title == "unnamed script"
    sheet_command(tmp_path, "scriptsheet", "unnamed_script")
    assert '<h1 class="nightsheet-title" lang="en">unnamed script</h1>' in \
        (tmp_path / "s.html").read_text(encoding="utf-8")


def test_the_official_editions_have_their_korean_titles(corpus):
    known = [term.id for term in corpus.glossary.game_terms("botc")]
    spec = read_script(ROOT / "tests" / "fixtures" / "trouble-brewing.json", known)
    assert build_script_sheet(corpus, spec, "ko").title == "점철되는 혼란"
    assert build_sheet(corpus, spec, "ko", "first").title == "점철되는 혼란"
    assert build_script_sheet(corpus, spec, "en").title == "Trouble Brewing"
    assert corpus.glossary.title("bad moon rising", "ko") == "피로 물든 달"
    assert corpus.glossary.title("Sects & Violets", "ko") == "화단에 꽃피운 이단"


@pytest.mark.parametrize("title", ["Sects and Violets", "sects AND  violets", "Sects&Violets"])
def test_an_edition_titled_with_and_has_its_korean_title(corpus, tmp_path, title):
    """Script sites spell the data's `Sects & Violets` with `and`: titles match as ids do."""
    import json

    path = tmp_path / "snv.json"
    path.write_text(json.dumps([{"id": "_meta", "name": title, "author": "TPI"}, "clockmaker",
                                "dreamer", "snakecharmer", "mathematician", "eviltwin"]),
                    encoding="utf-8")
    spec = read_script(path, [t.id for t in corpus.glossary.game_terms("botc")],
                       corpus.night_order.specials)
    for sheet in (build_sheet(corpus, spec, "ko", "first"), build_script_sheet(corpus, spec, "ko")):
        assert (sheet.title, sheet.title_lang) == ("화단에 꽃피운 이단", "ko")
    assert build_sheet(corpus, spec, "en", "other").title == "Sects & Violets"
    assert corpus.glossary.title("Sects or Violets", "ko") == "Sects or Violets"


def test_without_official_data_the_summary_says_what_is_missing(tmp_path):
    brewing = str(ROOT / "tests" / "fixtures" / "trouble-brewing.json")
    line = last_line("scriptsheet", brewing, "--lang", "en", "--html", str(tmp_path / "s.html"))
    # Six abilities come from the Korean almanac: in another language than the sheet's.
    assert line == (f"{brewing}: 11 characters without an ability, 6 texts in another language; "
                    + FETCH, 0)
    strict = last_line("nightsheet", brewing, "--lang", "en", "--html",
                       str(tmp_path / "n.html"), "--strict")
    assert strict == (f"{brewing}: 3 rows without an instruction, 3 texts in another language; "
                      + FETCH, 1)
    whole = last_line("nightsheet", brewing, "--lang", "en", "--html", str(tmp_path / "n.html"),
                      "--official", str(OFFICIAL), "--strict")
    # The fixture's official data have no Washerwoman and no Butler.
    assert whole == (f"{brewing}: 2 rows without an instruction, 1 text in another language; "
                     "neither the almanac nor the "
                     "official data have those texts in the sheet's language yet", 1)


def test_the_players_sheet_marks_no_source_on_its_rows(tmp_path):
    brewing = str(ROOT / "tests" / "fixtures" / "trouble-brewing.json")
    almanac("scriptsheet", brewing, "--lang", "en", "--official", str(OFFICIAL), "--html",
            str(tmp_path / "s.html"))
    html = unescape((tmp_path / "s.html").read_text(encoding="utf-8")).split("</style>")[1]
    assert "Official ability" not in html and "nightsheet-flag" not in html
    assert re.findall(r'data-id="(chef|poisoner|imp)" data-source="(\w+)"', html) == \
        [("chef", "official"), ("poisoner", "almanac"), ("imp", "official")]
    legend = html.split('class="sheet-legend"')[1]
    assert "travellers and fabled" in legend


def test_night_rows_carry_a_mark_and_the_legend_names_each(tmp_path):
    brewing = str(ROOT / "tests" / "fixtures" / "trouble-brewing.json")
    almanac("nightsheet", brewing, "--lang", "en", "--official", str(OFFICIAL), "--html",
            str(tmp_path / "n.html"))
    html = unescape((tmp_path / "n.html").read_text(encoding="utf-8"))
    marks = set(re.findall(r'data-mark="([\w-]+)"', html))
    legend = html.split('class="sheet-legend"')[1].split("</p>")[0]
    assert marks == {"official", "ability", "language"}
    sources = re.findall(r'<td class="nightsheet-text" lang="\w+" data-source="([\w-]+)"', html)
    assert {"official", "ability", "special"} <= set(sources)
    for words in ("Official night reminder", "Ability", "In Korean", "reminder token"):
        assert words in legend
    assert "Official night reminder</span>" not in html.split('class="sheet-legend"')[0]


@pytest.mark.parametrize("name, pages", [("many-jinxes", {"script": 1}),
                                         ("bucket", {"script": 3, "first": 2, "other": 2})])
def test_long_scripts_print_with_their_page_counts_named(tmp_path, name, pages):
    out = tmp_path / "out"
    result = almanac("print", str(SHAPES / f"{name}.json"), "-o", str(out), "--lang", "en",
                     "--official", str(OFFICIAL))
    assert result.returncode == 0, result.stderr
    counted = {}
    for pdf in sorted(out.iterdir()):
        info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
        counted[pdf.name.split("-")[0]] = int(re.search(r"^Pages:\s+(\d+)$", info, re.M)[1])
    assert {k: v for k, v in counted.items() if k in pages} == pages
    summary = (result.stderr or result.stdout).strip().split("\n")[-1]
    long = [f"{out / f'{kind}-en.pdf'} runs to {n} pages" for kind, n in pages.items() if n > 1]
    assert all(part in summary for part in long) and (not long or
                                                    "print it on more pages" in summary)


def test_short_rows_give_the_one_line_reminder_full_rows_every_step(corpus):
    """The fixture's Korean data have a one-line first-night reminder for the Poisoner, whose
    almanac has steps: a short Korean row is that line, a full one the almanac's steps; where
    the reminder is in English only, a short row keeps the Korean steps."""
    from generator.read.script_spec import ScriptSpec
    official = load_official(OFFICIAL)
    spec = ScriptSpec("t", "t", None, ("chef", "noble", "poisoner", "imp"))
    short = build_sheet(joined(corpus, official), spec, "ko", "first", "short")
    full = build_sheet(joined(corpus, official), spec, "ko", "first", "full")
    assert [(r.id, r.source) for r in short.rows if not r.special] == \
        [("poisoner", "official"), ("chef", "official"), ("noble", "how-to-run")]
    assert text(short, "poisoner") == "독살범이 지어낸 손님 한 명을 고릅니다."
    assert [(r.id, r.source) for r in full.rows if not r.special] == \
        [("poisoner", "how-to-run"), ("chef", "official"), ("noble", "how-to-run")]
    assert text(full, "poisoner").startswith("매일 밤, 독살범을 깨우세요.")
    other = build_sheet(joined(corpus, official), spec, "ko", "other", "short")
    assert next(r for r in other.rows if r.id == "poisoner").source == "how-to-run"


def test_an_other_night_index_past_the_first_nights_length_is_todays(corpus, read):
    """The other night's order is longer than the first's: an index valid there only is still
    one of today's, beside official characters."""
    from dataclasses import replace

    from generator.read.script_spec import CustomCharacter
    order = corpus.night_order
    late = len(order.first_night) + 2
    assert late < len(order.other_night)
    spec = read("bootlegger")
    homebrew = CustomCharacter("x", "X", "townsfolk", "a", other_night=late + 0.5,
                               other_night_reminder="r")
    spec = replace(spec, characters=(*spec.characters, "x"), custom={"x": homebrew})
    sheet = build_sheet(corpus, spec, "en", "other")
    assert not sheet.placed_apart
    before = [r.id for r in sheet.rows if r.id in order.other_night
              and order.other_night.index(r.id) <= late]
    assert [r.id for r in sheet.rows].index("x") == len(before)


def test_print_reads_the_script_before_making_its_folder(tmp_path):
    (tmp_path / "other-tool.json").write_text('{"roles": [], "meta": {}}', encoding="utf-8")
    result = almanac("print", str(tmp_path / "other-tool.json"), "-o", str(tmp_path / "out"))
    assert (result.returncode, result.stderr) == (2, (
        f"{tmp_path / 'other-tool.json'}: error: expected a JSON array of characters, the "
        "official script format; this file is an object with keys 'roles', 'meta'\n"))
    assert not (tmp_path / "out").exists()


def warned(tmp_path, name, *more):
    """The lines a nightsheet run warns of the script, each without its `file: warning: `."""
    result = almanac("nightsheet", str(SHAPES / f"{name}.json"), "--html",
                     str(tmp_path / "n.html"), *more)
    assert result.returncode == 0, result.stderr
    prefix = f"{SHAPES / f'{name}.json'}: warning: "
    return [line.removeprefix(prefix) for line in result.stderr.splitlines()
            if line.startswith(prefix)]


def test_a_written_out_night_number_places_the_character_there(corpus, read, tmp_path):
    """Two written-out characters: each number other than today's is the script's own."""
    spec = read("override-night")
    assert overrides(spec, corpus) == Overrides((
        Override("fortuneteller", (), (("first", 52),)),
        Override("poisoner", (), (("other", 0),))))
    # 52 is the Librarian's index, not on the script: after the Washerwoman (51), before the
    # Chef (54), where the Fortune Teller (56) wakes today.
    assert [i for i, _ in rows(corpus, spec, "en", "first")] == [
        "dusk", "minioninfo", "demoninfo", "poisoner", "washerwoman", "fortuneteller", "chef",
        "dawn"]
    # Its 0: the Poisoner does not wake on other nights; its 76 is today's place.
    other = build_sheet(corpus, spec, "en", "other")
    assert [r.id for r in other.rows] == ["dusk", "imp", "fortuneteller", "dawn"]
    # Listed by name: Chef, Poisoner, Washerwoman.
    assert [c.id for c in other.not_waking] == ["chef", "poisoner", "washerwoman"]
    # Where the script orders a night itself, its numbers there say nothing.
    from dataclasses import replace
    ordered = replace(spec, first_night=("dusk", "fortuneteller", "dawn"))
    assert overrides(ordered, corpus) == \
        Overrides((Override("poisoner", (), (("other", 0),)),))
    assert warned(tmp_path, "override-night", "--lang", "en") == [
        "fortuneteller: the script's first-night place (52) replaces the official one",
        "poisoner: the script's other-night place (0: does not wake) replaces the official one"]
    assert warned(tmp_path, "override-night", "--lang", "ko") == [
        "fortuneteller: 스크립트의 첫날 밤 순서 52가 공식 내용을 대신합니다",
        "poisoner: 스크립트의 다른 밤 순서 0(깨어나지 않음)이 공식 내용을 대신합니다"]


def test_a_written_out_negative_night_number_does_not_wake_as_0_does(corpus, read, tmp_path):
    """Below 0 is not a place before dusk: the Poisoner's -5 and -0.5 are its 0 (it does not
    wake), the Imp's -1 on the first night is today's 0 (nothing replaced, no older order)."""
    spec = read("override-negative")
    assert overrides(spec, corpus) == Overrides((
        Override("poisoner", (), (("first", 0), ("other", 0))),))
    assert [i for i, _ in rows(corpus, spec, "en", "first")] == [
        "dusk", "minioninfo", "demoninfo", "washerwoman", "chef", "fortuneteller", "dawn"]
    assert [i for i, _ in rows(corpus, spec, "en", "other")] == [
        "dusk", "imp", "fortuneteller", "dawn"]
    assert warned(tmp_path, "override-negative", "--lang", "en") == [
        "poisoner: the script's first-night place (0: does not wake) and other-night place "
        "(0: does not wake) replace the official ones"]


def test_night_numbers_of_an_older_order_keep_todays_places_in_one_line(corpus, read,
                                                                        tmp_path):
    """Four of five written-out characters that wake have numbers other than today's: an
    older export's order, set aside for today's."""
    spec = read("older-order")
    assert overrides(spec, corpus) == Overrides((), 4)
    assert [i for i, _ in rows(corpus, spec, "en", "first")] == [
        "dusk", "minioninfo", "demoninfo", "poisoner", "washerwoman", "chef", "fortuneteller",
        "dawn"]
    assert [i for i, _ in rows(corpus, spec, "en", "other")] == [
        "dusk", "poisoner", "imp", "fortuneteller", "dawn"]
    assert warned(tmp_path, "older-order", "--lang", "en") == [
        "the script's night numbers for 4 official characters follow an older order; today's "
        "official order is used"]
    # The Korean line, and its count in the summary.
    assert warned(tmp_path, "older-order", "--lang", "ko") == [
        "스크립트에 적힌 공식 캐릭터 4개의 밤 번호는 예전 순서를 따릅니다. 현재 공식 순서대로 깨웁니다"]
    assert sheet_command(tmp_path, "nightsheet", "older-order", "--lang", "ko") == (
        f"{SHAPES / 'older-order.json'}: 다른 언어로 쓰인 글 1개; 위에 나온 스크립트 경고 1개", 0)


def test_a_number_past_todays_last_place_is_an_older_order(corpus, read):
    from dataclasses import replace
    spec = read("override-night")
    late = replace(spec.written_out["poisoner"],
                   other_night=len(corpus.night_order.other_night) + 3)
    spec = replace(spec, written_out={**spec.written_out, "poisoner": late})
    assert overrides(spec, corpus) == Overrides((), 2)
    assert [i for i, _ in rows(corpus, spec, "en", "first")][4:7] == \
        ["washerwoman", "chef", "fortuneteller"]


def test_a_written_out_text_override_is_warned_by_default_an_identical_one_is_not(
        corpus, read, tmp_path):
    """The Chef copies its card (but for spacing) and today's number: silent. The Poisoner's
    ability and first-night reminder are its own, its other-night reminder the card's."""
    spec = read("override-text")
    official = load_official(OFFICIAL)
    assert overrides(spec, joined(corpus, official)) == \
        Overrides((Override("poisoner", ("ability", "first"), ()),))
    # Without the official data nothing tells a copy from an override: nothing is said.
    assert overrides(spec, corpus) == Overrides(())
    assert warned(tmp_path, "override-text", "--lang", "en", "--official", str(OFFICIAL)) == [
        "poisoner: the script's ability and first-night reminder replace the official ones"]
    assert warned(tmp_path, "override-text", "--lang", "ko", "--official", str(OFFICIAL)) == [
        "poisoner: 스크립트의 능력과 첫날 밤 안내가 공식 내용을 대신합니다"]
    assert warned(tmp_path, "override-text", "--lang", "en") == []
    # The script's words on the row; the Chef's copy gives way to the card.
    sheet = build_sheet(joined(corpus, official), spec, "en", "first", "short")
    assert text(sheet, "poisoner") == "Fixture words: the Poisoner chills a bowl. "  # ◉ a mark
    assert next(r for r in sheet.rows if r.id == "chef").source == "official"


def test_a_rewritten_ability_replaces_the_almanacs_on_both_sheets(corpus, read):
    """The warning says the script's ability replaces the official one: so it does where the
    almanac has the character's ability in the sheet's language (the Poisoner, the Imp), on
    the players' sheet and on a row that has only the ability to show (the Imp, woken on the
    first night by the script's 40)."""
    spec = read("override-ability")
    official = load_official(OFFICIAL)
    lang = "en"
    players = build_script_sheet(joined(corpus, official), spec, lang)
    abilities = {c.id: (c.source, "".join(p.text for p in c.ability))
                 for team in players.teams for c in team.characters}
    assert abilities["poisoner"] == \
        ("script", "Fixture words: each night, a player's soup goes cold.")
    assert abilities["imp"] == \
        ("script", "Fixture words: on the first night too, you knock a pot off the stove.")
    sheet = build_sheet(joined(corpus, official), spec, lang, "first", "short")
    assert next(r for r in sheet.rows if r.id == "imp").source == "script"
    assert text(sheet, "imp") == \
        "Fixture words: on the first night too, you knock a pot off the stove."
    assert not sheet.changed and not players.changed


def test_an_english_rewrite_on_a_korean_sheet_goes_beside_the_korean_card(corpus, read,
                                                                          tmp_path):
    """The script rewrote the Poisoner's and the Imp's abilities in English: the Korean sheets
    keep the Korean card, marked as changed by the script, its English words beside it; never
    an English row in silence (issue 26)."""
    spec = read("override-ability")
    official = load_official(OFFICIAL)
    players = build_script_sheet(joined(corpus, official), spec, "ko")
    poisoner = next(c for team in players.teams for c in team.characters if c.id == "poisoner")
    assert (poisoner.source, poisoner.text_lang, "".join(p.text for p in poisoner.ability),
            poisoner.changed_lang, "".join(p.text for p in poisoner.changed)) == \
        ("official", "ko", "매일 밤, 지어낸 손님 1명의 그릇에 후추를 넣습니다.", "en",
         "Fixture words: each night, a player's soup goes cold.")
    assert (players.changed, players.languages, players.foreign) == (True, ("en",), 0)
    sheet = build_sheet(joined(corpus, official), spec, "ko", "first", "short")
    imp = next(r for r in sheet.rows if r.id == "imp")
    assert (imp.source, imp.text_lang, imp.changed_lang) == ("official-ability", "ko", "en")
    assert text(sheet, "imp") == "매일 밤*, 지어낸 냄비 하나를 화덕에서 떨어뜨립니다."
    assert "".join(p.text for line in imp.changed for p in line) == \
        "Fixture words: on the first night too, you knock a pot off the stove."
    assert (sheet.changed, sheet.foreign) == (True, 0)
    # On the printed sheets: the mark, the words in their language, and the legend's line.
    sheet_command(tmp_path, "nightsheet", "override-ability", "--lang", "ko", "--night", "first",
                  "--official", str(OFFICIAL))
    html = unescape((tmp_path / "s.html").read_text(encoding="utf-8")).split("</style>")[1]
    row = re.search(r'data-id="imp">(.*?)</tr>', html, re.S)[1]
    assert re.search(r'<p class="sheet-changed" lang="en"><span class="sheet-mark" '
                     r'data-mark="changed" lang="ko" title="스크립트가 바꾼 내용">≠</span> '
                     r'<span class="sheet-mark" data-mark="language" lang="ko" title="영어로 쓰인 글">EN'
                     r'</span> Fixture words: on the first night too', row)
    assert "≠</span> 스크립트가 바꾼 내용(아래는 스크립트의 글)" in html.split('class="sheet-legend"')[1]


def test_a_copy_of_the_card_with_curly_quotes_is_no_override(corpus, tmp_path):
    """Editors and tools turn ' into ’: the same card still, nothing said, nothing
    replaced (the official text stays, in the sheet's language)."""
    import json

    path = tmp_path / "curly.json"
    path.write_text(json.dumps([
        {"id": "poisoner", "name": "Poisoner", "team": "minion",
         "ability": "Each night, you add pepper to one invented guest’s bowl."},
        "chef", "imp"]), encoding="utf-8")
    spec = read_script(path, [t.id for t in corpus.glossary.game_terms("botc")],
                       corpus.night_order.specials)
    official = load_official(OFFICIAL)
    assert overrides(spec, joined(corpus, official)) == Overrides(())
    poisoner = next(c for team in build_script_sheet(joined(corpus, official), spec, "en").teams
                    for c in team.characters if c.id == "poisoner")
    assert poisoner.source == "almanac"


@pytest.mark.parametrize("copy, card, same, older", [
    ("Point at a guest.", "Point at a guest. :reminder:", True, False),
    ("Show the YOU ARE token and their new token.",
     "Show the *YOU ARE* token & their new token.", True, False),
    ("Show ‘the’  token.", "Show 'the' token.", True, False),
    # The card has since gained a sentence; the copy's one word the card dropped ("them").
    ("If chosen, show them the YOU ARE token and their new token.",
     "During Minion Info, show the Minions the token. If chosen, show the *YOU ARE* token & "
     "their new token.", False, True),
    # A word changed is the script's own rule, whatever the card gained.
    ("If a cook burns the soup (twice), the kitchen closes.",
     "If a cook loudly burns the soup (once), the kitchen closes.", False, False),
    ("Each night, pick a ladle.", "Each night*, pick a ladle.", False, False),
    ("Wake the Chef. Show fingers.", "Wake the Chef.", False, False),
])
def test_copies_and_older_wordings_of_a_card_are_told_from_its_rewrites(copy, card, same,
                                                                          older):
    assert (same_text(copy, card), older_text(card, copy)) == (same, older)


def test_reformatted_copies_of_the_cards_are_the_cards_on_a_korean_sheet(corpus, read,
                                                                         tmp_path):
    """A script writing out official characters without their token marks, with other quotes
    or spacing, is the cards: the Korean sheets show the Korean cards, nothing said. The
    Fortune Teller's first-night text lacks words the card has since gained (an older
    wording: the card, with one line); its other-night text changes a number (its own)."""
    spec = read("reformatted")
    official = load_official(OFFICIAL)
    assert overrides(spec, joined(corpus, official)) == Overrides((
        Override("fortuneteller", ("other",), (), ("first",)),))
    first = build_sheet(joined(corpus, official), spec, "ko", "first", "short")
    # The fixture's Korean data have no Fortune Teller reminder: its Korean steps.
    assert [(r.id, r.source, r.text_lang) for r in first.rows if not r.special] == [
        ("poisoner", "official", "ko"), ("chef", "official", "ko"),
        ("fortuneteller", "how-to-run", "ko")]
    assert text(first, "chef") == "요리사에게 맛봄 표시가 된 숟가락을 건넵니다. "
    assert (first.changed, first.foreign) == (False, 0)
    # In English, the older wording gives way to today's card.
    assert text(build_sheet(joined(corpus, official), spec, "en", "first", "short"),
                "fortuneteller") == \
        "The Fortune Teller squints at 2 teacups. Nod if either hides the RED HERRING."
    other = build_sheet(joined(corpus, official), spec, "ko", "other", "short")
    assert [(r.id, r.source, r.text_lang) for r in other.rows if not r.special] == [
        ("poisoner", "how-to-run", "ko"), ("imp", "official", "ko"),
        ("fortuneteller", "how-to-run", "ko")]
    assert text(other, "imp") == "임프가 시험용 냄비를 엎습니다. "
    # The Fortune Teller's own words (3 teacups) beside its Korean steps.
    assert [(r.id, r.changed_lang, "".join(p.text for p in r.changed[0]))
            for r in other.rows if r.changed] == [
        ("fortuneteller", "en", "The Fortune Teller squints at 3 teacups again.")]
    assert warned(tmp_path, "reformatted", "--lang", "en", "--official", str(OFFICIAL)) == [
        "fortuneteller: the script's first-night reminder is an older official wording; "
        "today's is used",
        "fortuneteller: the script's other-night reminder replaces the official one"]
    assert warned(tmp_path, "reformatted", "--lang", "ko", "--official", str(OFFICIAL)) == [
        "fortuneteller: 스크립트의 첫날 밤 안내는 예전 공식 문구입니다. 현재 공식 문구를 씁니다",
        "fortuneteller: 스크립트의 다른 밤 안내가 공식 내용을 대신합니다"]


def test_a_copy_of_the_korean_card_is_the_card_on_an_english_sheet(corpus, tmp_path):
    """A script exported in Korean copies the Korean card (marks dropped): no override, the
    English sheet shows the English card."""
    import json

    path = tmp_path / "korean.json"
    path.write_text(json.dumps([
        {"id": "poisoner", "name": "독살범", "team": "minion",
         "ability": "매일 밤, 지어낸 손님 1명의 그릇에 후추를 넣습니다.",
         "firstNightReminder": "독살범이 지어낸 손님 한 명을 고릅니다."}, "chef", "imp"],
        ensure_ascii=False), encoding="utf-8")
    spec = read_script(path, [t.id for t in corpus.glossary.game_terms("botc")],
                       corpus.night_order.specials)
    official = load_official(OFFICIAL)
    assert overrides(spec, joined(corpus, official)) == Overrides(())
    row = next(r for r in build_sheet(joined(corpus, official), spec, "en", "first", "short").rows
               if r.id == "poisoner")
    assert (row.source, row.text_lang, row.changed) == ("official", "en", ())
    assert "".join(p.text for p in row.instructions[0]) == "The Poisoner seasons a guest's stew. "


def test_an_english_night_reminder_rewrite_goes_beside_the_korean_card(corpus, read):
    """The Poisoner's first-night reminder is the script's own, in English: on the Korean
    sheet, short or full, the row is Korean and the script's words are beside it."""
    spec = read("override-text")
    official = load_official(OFFICIAL)
    short = build_sheet(joined(corpus, official), spec, "ko", "first", "short")
    full = build_sheet(joined(corpus, official), spec, "ko", "first", "full")
    poisoner = [next(r for r in sheet.rows if r.id == "poisoner") for sheet in (short, full)]
    assert [(r.source, r.text_lang, r.changed_lang) for r in poisoner] == \
        [("official", "ko", "en"), ("how-to-run", "ko", "en")]
    assert text(short, "poisoner") == "독살범이 지어낸 손님 한 명을 고릅니다."
    assert [[p.kind for p in line] for line in poisoner[0].changed] == [["text", "reminder"]]
    assert poisoner[0].changed[0][0].text == "Fixture words: the Poisoner chills a bowl. "
    assert (short.foreign, short.languages) == (0, ("en",))
    # In English, the sheet's language, the script's words are the row, nothing beside.
    english = next(r for r in build_sheet(joined(corpus, official), spec, "en", "first", "short").rows
                   if r.id == "poisoner")
    assert (english.source, english.changed) == ("script", ())


def test_override_lines_list_three_fields_and_choose_korean_particles():
    found = Overrides((Override("imp", ("ability", "other"), (("first", 7.5),)),
                       Override("chef", (), (("other", 3),)),), 0)
    assert override_lines(found, "en") == (
        "imp: the script's ability, other-night reminder and first-night place (7.5) replace "
        "the official ones",
        "chef: the script's other-night place (3) replaces the official one")
    assert override_lines(found, "ko") == (
        "imp: 스크립트의 능력, 다른 밤 안내와 첫날 밤 순서 7.5가 공식 내용을 대신합니다",
        "chef: 스크립트의 다른 밤 순서 3이 공식 내용을 대신합니다")
    assert override_lines(Overrides((), 1), "en") == (
        "the script's night numbers for 1 official character follow an older order; today's "
        "official order is used",)


def test_every_line_of_a_run_speaks_the_first_language_asked(tmp_path):
    """Issue 26: `print --lang ko,en` warned in Korean and ended in English. The warnings and
    the last line follow the first of --lang, whatever the sheets' languages."""
    result = almanac("print", str(SHAPES / "override-night.json"), "-o", str(tmp_path / "out"),
                     "--lang", "ko,en", "--official", str(OFFICIAL))
    assert result.returncode == 0, result.stderr
    script = SHAPES / "override-night.json"
    assert result.stderr.splitlines() == [
        f"{script}: warning: fortuneteller: 스크립트의 첫날 밤 순서 52가 공식 내용을 대신합니다",
        f"{script}: warning: poisoner: 스크립트의 다른 밤 순서 0(깨어나지 않음)이 공식 내용을 대신합니다",
        f"{script}: ko: 능력이 없는 캐릭터 1개, 안내가 없는 줄 1개; en: 능력이 없는 캐릭터 1개, "
        "안내가 없는 줄 1개; 위에 나온 스크립트 경고 2개; 연감에도 공식 데이터에도 아직 시트의 언어로 된 그 "
        "글이 없습니다"]
    assert result.stdout.splitlines() == [str(tmp_path / "out" / f"{kind}-{lang}.pdf")
                                          for lang in ("ko", "en")
                                          for kind in ("script", "first", "other")]


@pytest.mark.parametrize("reader, said", [
    ({"LANG": "ko_KR.UTF-8"}, "스크립트의 첫날 밤 순서 52가 공식 내용을 대신합니다"),
    ({"LANG": "C.UTF-8"}, "the script's first-night place (52) replaces the official one"),
    ({"LANG": "ko_KR.UTF-8", "LC_ALL": "en_GB.UTF-8"},
     "the script's first-night place (52) replaces the official one"),
    ({"LANG": "de_DE.UTF-8"}, "the script's first-night place (52) replaces the official one"),
])
def test_without_lang_a_run_speaks_the_readers_language(tmp_path, reader, said):
    """No --lang: the sheet is in the project's first language, the run's lines in the
    reader's (gettext's variables), English where the project lacks it."""
    import os
    import sys
    env = {k: v for k, v in os.environ.items()
           if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    result = subprocess.run(
        [sys.executable, "-m", "generator.cli", "nightsheet", str(SHAPES / "override-night.json"),
         "--html", str(tmp_path / "n.html")], cwd=ROOT, capture_output=True, text=True,
        encoding="utf-8", env={**env, **reader, "PYTHONPATH": str(ROOT)})
    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    assert lines[0] == f"{SHAPES / 'override-night.json'}: warning: fortuneteller: {said}"
    korean = "ko_KR" in reader.get("LC_ALL", reader["LANG"])
    assert lines[-1] == f"{SHAPES / 'override-night.json'}: " + (
        "안내가 없는 줄 1개; 위에 나온 스크립트 경고 2개; 공식 데이터 파일은 `almanac official fetch` "
        "명령으로 한 번 받아 두세요(README 참고)" if korean else "1 row without an instruction; 2 "
        "warnings about the script above; " + FETCH)


def test_every_note_of_a_script_reads_the_same_through_the_catalogs(corpus, tmp_path):
    """The lines about a script file are written in English where they are read and said in the
    reader's language from the catalogs: in English the two are one text, for every kind."""
    import json

    from generator.read.script_spec import Note
    from generator.views.script_notes import said
    known = [t.id for t in corpus.glossary.game_terms("botc")]
    documents = {
        "all": [{"id": "_meta", "name": "n",
                 "firstNight": ["dusk", "minioninfo", "demoninfo", "poisoner", "nobody", "dawn"],
                 "otherNight": ["poisoner", "one", "two"]},
                "Poisoner", "chef", "chef", "impp", "zzzzqq",
                {"id": "lantern", "name": "Lantern", "team": "traveler", "ability": "a"},
                {"id": "oddity", "name": "O", "team": "townsfolk", "ability": "b", "extra": 1}],
        "added": [{"id": "_meta", "name": "n", "otherNight": ["poisoner"]}, "poisoner", "imp",
                  "chef", "monk", "baron"],
        "unnumbered": [{"id": "first", "name": "F", "team": "demon", "ability": "a",
                        "firstNightReminder": "r"},
                       {"id": "other", "name": "O", "team": "minion", "ability": "a",
                        "otherNightReminder": "r", "otherNight": 0}]}
    lines = []
    for name, document in documents.items():
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(document), encoding="utf-8")
        spec = read_script(path, known, corpus.night_order.specials,
                           (corpus.night_order.first_night, corpus.night_order.other_night))
        lines += [*spec.warnings, *spec.details]
    notes = [line for line in lines if isinstance(line, Note)]
    assert sorted({note.kind for note in notes}) == [
        "added", "duplicate", "fields", "left-out", "left-out-added", "read-as", "schema-few",
        "spelling", "team", "unknown", "unknown-close", "unnumbered-first", "unnumbered-other",
        "unordered-first", "unordered-other"]
    assert [said(note, "en") for note in notes] == [str(note) for note in notes]
    korean = {note.kind: said(note, "ko") for note in notes}
    assert korean["left-out-added"] == \
        "[0].otherNight: 스크립트에 없는 id 2개를 뺐습니다('one', 'two'). 빠진 해질녘 및 새벽 행을 더했습니다"
    assert korean["unknown-close"] == "[4]: 알 수 없는 id 'impp'. 'imp'의 오타일 수 있습니다"
    assert korean["duplicate"] == "[3]: 중복된 id 'chef'(처음 나온 곳: [2]), 무시했습니다"
    assert korean["unordered-other"] == "[0].otherNight: 공식 다른 밤에는 깨어나지만 스크립트의 " \
        "순서에 없어 깨어나지 않는 캐릭터 목록에 넣었습니다(imp, monk)"
    assert korean["unnumbered-other"] == \
        "other: 다른 밤 안내는 있지만 otherNight 번호가 없어 깨어나지 않는 캐릭터 목록에 넣었습니다"
    # A line of the schema's is said as it is.
    assert said("[7]: some schema line", "ko") == "[7]: some schema line"


def test_a_korean_run_says_the_scripts_faults_in_korean(tmp_path):
    assert warned(tmp_path, "meta-order", "--lang", "ko") == [
        "[0].firstNight: 스크립트에 없는 id 1개를 뺐습니다('fortuneteller'). 빠진 해질녘 및 새벽 행을 더했습니다",
        "[0].firstNight: 공식 첫날 밤에는 깨어나지만 스크립트의 순서에 없어 깨어나지 않는 캐릭터 목록에 넣었습니다(chef)",
        "[0].otherNight: 스크립트에 없는 id 1개를 뺐습니다('ravenkeeper'). 빠진 해질녘 행을 더했습니다"]
