"""Night sheets: the official order filtered to the script, specials included; overrides; PDF."""
import json
import re
import subprocess
import sys
from dataclasses import replace
from html import unescape
from html.parser import HTMLParser

import jsonschema
import pytest

from generator.cards import joined
from generator.facts.night_order import OnuwRules, load_night_order
from generator.views.narration import build_narration
from tests.conftest import ROOT
from tests.projects import almanac as run_almanac

FIXTURES = ROOT / "tests" / "fixtures"
# The official order (test_glossary checks this file against nightsheet.json's fingerprint).
NIGHT_ORDER = load_night_order(ROOT / "content" / "night-order.yaml")
SPECIALS = {"dusk", "minioninfo", "demoninfo", "dawn"}


def almanac(*args):
    result = run_almanac(*args)
    assert result.returncode == 0, result.stderr
    return result


class Rows(HTMLParser):
    """data-id of each sheet row, and of each character listed in the boxes below it."""

    def __init__(self):
        super().__init__()
        self.rows, self.listed, self.box = [], {}, None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        classes = (attrs.get("class") or "").split()
        if tag == "tr" and "nightsheet-row" in classes:
            self.rows.append(attrs["data-id"])
        if tag == "section":
            self.box = next(c for c in classes if c != "nightsheet-box")
        if tag == "span" and "nightsheet-listed" in classes or \
                tag == "p" and "nightsheet-also-row" in classes:
            self.listed.setdefault(self.box, []).append(attrs["data-id"])


def sheet_rows(script, lang, night, tmp_path):
    out = tmp_path / f"{lang}-{night}.html"
    almanac("nightsheet", str(script), "--lang", lang, "--night", night, "--html", str(out))
    parser = Rows()
    parser.feed(out.read_text(encoding="utf-8"))
    return parser


def official_order(characters, night):
    return [i for i in NIGHT_ORDER.night(night) if i in characters or i in SPECIALS]


@pytest.fixture(scope="module")
def script_000(tmp_path_factory):
    path = tmp_path_factory.mktemp("export") / "000.json"
    almanac("export-script", "000", "-o", str(path))
    return path


def test_exported_script_validates_against_the_schema(script_000):
    document = json.loads(script_000.read_text(encoding="utf-8"))
    schema = json.loads((ROOT / "generator" / "read" / "script-schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(document, schema)
    with pytest.raises(jsonschema.ValidationError):  # the schema has teeth: a script has 5+ items
        jsonschema.validate(document[:4], schema)
    assert document[0] == {"id": "_meta", "name": "로마는 하루아침에 불타지 않았다", "author": "Mup"}
    assert len(document) == 27 and document[1] == "noble"


@pytest.mark.parametrize("lang", ["ko", "en"])
@pytest.mark.parametrize("night", ["first", "other"])
def test_000_rows_follow_the_official_order(script_000, lang, night, tmp_path):
    characters = json.loads(script_000.read_text(encoding="utf-8"))[1:]
    rows = sheet_rows(script_000, lang, night, tmp_path)
    assert rows.rows == official_order(characters, night)
    assert rows.rows[0] == "dusk" and rows.rows[-1] == "dawn"
    assert ("minioninfo" in rows.rows) == (night == "first")


def test_000_first_night_exact(script_000, tmp_path):
    assert sheet_rows(script_000, "ko", "first", tmp_path).rows == [
        "dusk", "barista", "philosopher", "magician", "minioninfo", "lunatic", "demoninfo",
        "marionette", "poisoner", "widow", "snakecharmer", "damsel", "empath", "fortuneteller",
        "clockmaker", "dreamer", "seamstress", "noble", "bountyhunter", "cultleader",
        "chambermaid", "dawn"]


@pytest.mark.parametrize("night", ["first", "other"])
def test_trouble_brewing_fixture(night, tmp_path):
    script = FIXTURES / "trouble-brewing.json"
    characters = [c if isinstance(c, str) else c["id"]
                  for c in json.loads(script.read_text(encoding="utf-8"))[1:]]
    rows = sheet_rows(script, "en", night, tmp_path)
    assert rows.rows == official_order(characters, night)
    assert "notplaced" not in rows.listed and "nightsheet-not-placed" not in rows.listed
    waking = set(rows.rows)
    # The Drunk wakes as the Townsfolk it thinks it is: its steps, in the box of those that
    # act without waking.
    assert rows.listed["nightsheet-also"] == ["drunk"]
    assert sorted(rows.listed["nightsheet-not-waking"] + ["drunk"]) == \
        sorted(c for c in characters if c not in waking)


def test_meta_order_overrides_and_unknown_ids_are_not_placed(tmp_path):
    rows = sheet_rows(FIXTURES / "custom-order.json", "en", "first", tmp_path)
    assert rows.rows == ["dusk", "empath", "poisoner", "minioninfo", "demoninfo", "dawn"]
    assert rows.listed["nightsheet-not-placed"] == ["notacharacter"]
    # The homebrew Tinkerbell gives no night position: it does not wake. Listed by name:
    # Imp, Monk, Noble, Tinkerbell (the script's order is Noble, Imp, Monk, Tinkerbell).
    assert rows.listed["nightsheet-not-waking"] == ["imp", "monk", "noble", "tinkerbell"]
    other = sheet_rows(FIXTURES / "custom-order.json", "en", "other", tmp_path)
    # No _meta.otherNight: the official order of the known characters.
    assert other.rows == ["dusk", "poisoner", "monk", "imp", "empath", "dawn"]


def test_rows_carry_the_almanac_step_for_that_night(script_000, tmp_path):
    out = tmp_path / "sheet.html"
    almanac("nightsheet", str(script_000), "--lang", "ko", "--night", "first", "--html", str(out))
    html = unescape(out.read_text(encoding="utf-8"))
    noble = re.search(r'data-id="noble">(.*?)</tr>', html, re.S).group(1)
    assert "첫날 밤, 귀족을 깨우고 알고 있음 알림이 놓인 세 플레이어를 모두 가리킨 뒤 다시 재우세요." in noble
    assert "첫날 밤을 준비할 때" not in noble  # preparation is not a night step
    assert '<span class="nightsheet-token">알아냄 ×3</span>' in noble
    dusk = re.search(r'data-id="dusk">(.*?)</tr>', html, re.S).group(1)
    assert "해질녘" in dusk
    # English sheet: the Noble has no English entry; its Korean step is shown, marked.
    out_en = tmp_path / "sheet-en.html"
    almanac("nightsheet", str(script_000), "--lang", "en", "--night", "first", "--html", str(out_en))
    noble_en = re.search(r'data-id="noble">(.*?)</tr>', unescape(out_en.read_text(encoding="utf-8")), re.S)
    assert 'lang="ko"' in noble_en.group(1) and "In Korean" in noble_en.group(1)


def test_korean_first_night_pdf_is_one_page_with_embedded_korean_font(script_000, tmp_path):
    pdf = tmp_path / "000-ko-first.pdf"
    almanac("nightsheet", str(script_000), "--lang", "ko", "--night", "first", "--pdf", str(pdf))
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
    assert re.search(r"^Pages:\s+1$", info, re.M)
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True).stdout
    names = ["해질녘", "바리스타", "철학자", "마술사", "하수인 정보", "미치광이", "악마 정보", "꼭두각시",
             "독살범", "미망인", "뱀 조련사", "아가씨", "초공감자", "점쟁이", "시계공", "꿈꾸는 자",
             "재봉사", "귀족", "현상금 사냥꾼", "사교 교주", "객실 청소부", "새벽"]
    # Each name where its row starts: steps may name other characters.
    rows = [re.search(rf"^{re.escape(name)}\s", text, re.M) for name in names]
    assert None not in rows
    positions = [row.start() for row in rows if row]
    assert positions == sorted(positions)
    fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True).stdout
    nanum = [line for line in fonts.splitlines() if "Nanum" in line]
    assert nanum and all(" yes " in line for line in nanum)  # embedded


def test_narration_for_evil_transformation(tmp_path):
    out = tmp_path / "set.html"
    almanac("narration", "--roles", "도플갱어,태초의 늑대인간,신비한 늑대인간,하수인,도둑,마녀",
            "--lang", "ko", "--html", str(out))
    html = unescape(out.read_text(encoding="utf-8"))
    codes = re.findall(r'data-id="([a-z]+)" data-code="([^"]+)"', html)
    # The set's roles in rulebook order, and the werewolves' turn at which its two wolves
    # open their eyes together (the set has no plain Werewolf card).
    assert codes == [("doppelganger", "#1"), ("werewolf", "#2"), ("alphawolf", "#2-B"),
                     ("mysticwolf", "#2-C"), ("minion", "#3"), ("robber", "#6"), ("witch", "#6-B")]
    assert "<code>#2</code> 늑대인간 (태초의 늑대인간, 신비한 늑대인간)" in html
    assert "“태초의 늑대인간, 일어나세요. 다른 사람의 카드와 가운데 있는 늑대 인간 카드를 서로 바꿔야합니다.”" in html
    doppel = re.search(r'data-id="doppelganger".*?</tr>', html, re.S).group(0)
    assert doppel.count("도플갱어가 ") == 3  # notes for the alpha wolf, mystic wolf and witch
    assert "태초의 늑대인간이 된 도플갱어는 즉시" in doppel
    assert "규칙서에 이 역할의 대본이 없습니다" in re.search(r'data-id="robber".*?</tr>', html, re.S).group(0)


def test_a_narration_printed_to_pdf_exits_0(tmp_path):
    """The printed page count is not the exit status (a one-page PDF exited 1)."""
    pdf = tmp_path / "set.pdf"
    result = almanac("narration", "--roles", "werewolf,seer", "--lang", "en", "--pdf", str(pdf))
    assert (result.returncode, result.stdout, result.stderr) == (0, f"{pdf}\n", "")
    assert pdf.read_bytes().startswith(b"%PDF-")


def test_narration_with_revealer_adds_the_doppelganger_step(tmp_path):
    out = tmp_path / "set.html"
    almanac("narration", "--roles", "doppelganger,revealer,sentinel,bodyguard", "--lang", "ko",
            "--html", str(out))
    html = unescape(out.read_text(encoding="utf-8"))
    codes = [code for _, code in re.findall(r'data-id="([a-z]+)" data-code="([^"]+)"', html)]
    assert codes == ["#0", "#1", "#10", "#10a"]
    assert "도플갱어, 계시자로 변신했다면 일어나세요." in html
    assert re.search(r"nightsheet-not-waking.*호위병", html, re.S)


def test_a_script_that_is_not_json_gets_a_clear_error(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('[\n "noble",\n oops\n]', encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "generator.cli", "nightsheet", str(bad),
                             "--html", str(tmp_path / "x.html")], cwd=ROOT, capture_output=True,
                            text=True)
    assert result.returncode == 2
    assert result.stderr == f"{bad}:3: error: not JSON: Expecting value at column 2\n"
    assert not (tmp_path / "x.html").exists()


def test_the_dream_wolf_call_replaces_the_werewolves_call(tmp_path):
    out = tmp_path / "set.html"
    almanac("narration", "--roles", "werewolf,dreamwolf,seer", "--lang", "ko", "--html", str(out))
    html = unescape(out.read_text(encoding="utf-8"))
    werewolves = re.search(r'data-code="#2">.*?</tr>', html, re.S).group(0)
    assert "“잠자는 늑대인간을 제외한 나머지 늑대인간만 일어나세요." in werewolves
    assert "만약 눈을 뜬 사람이 혼자라면 테이블 가운데 3장의 카드 중 하나를 확인할 수 있습니다." in werewolves
    assert re.search(r"nightsheet-not-waking.*잠자는 늑대인간", html, re.S)


def test_narration_follows_the_wake_rules_of_the_night_order(corpus):
    """Which roles wake together or in another's place is data: content/night-order.yaml."""
    rules = corpus.night_order.onuw_rules
    assert rules == OnuwRules(werewolves_call="werewolf", wolf_team="werewolf",
                              not_werewolves=frozenset({"minion"}),
                              replaces_werewolves_call="dreamwolf", doppelganger="doppelganger",
                              thumbs_turn="minion")

    def werewolves_row(rules):
        changed = replace(corpus, night_order=replace(corpus.night_order, onuw_rules=rules))
        sheet = build_narration(changed, corpus.rulebooks[0], "T",
                                ["werewolf", "dreamwolf", "minion"], "en", "en")
        return next(row for row in sheet.rows if row.code == "#2")

    row = werewolves_row(rules)
    assert row.name == "Werewolf (Werewolf, Dream Wolf)" and row.has_text
    row = werewolves_row(replace(rules, not_werewolves=frozenset(), replaces_werewolves_call=""))
    # No call replaces the werewolves': theirs, from the beginner's script.
    assert row.name == "Werewolf (Werewolf, Dream Wolf, Minion)"
    assert said(row) == WEREWOLVES_CALL["en"]


# The Werewolf's call in 003's beginner script: the rulebook's roles chapter has
# no Werewolf of its own.
# no Werewolf of its own. In English, the store's translation (content/en/translations.po).
WEREWOLVES_CALL = {
    "ko": ("늑대인간, 일어나세요. 다른 늑대인간 을 확인하세요. 만약 눈을 뜬 사람이 혼자라면 "
           "테이블 가운데 3장의 카드 중 하나를 확인할 수 있습니다.", "늑대인간, 눈을 감으세요."),
    "en": ("Werewolves, wake up. Look for the other werewolves. If you are the only one with "
           "your eyes open, you may look at one of the three cards in the center of the table.",
           "Werewolves, close your eyes.")}
DREAM_WOLF_CALL = {
    "ko": ("잠자는 늑대인간을 제외한 나머지 늑대인간만 일어나세요. 늑대인간은 서로를 확인할 수 있습니다. "
           "잠자는 늑대인간은 엄지손가락을 세워 자신이 늑대인간임을 알립니다.",
           "만약 눈을 뜬 사람이 혼자라면 테이블 가운데 3장의 카드 중 하나를 확인할 수 있습니다.",
           "잠자는 늑대인간은 손가락을 내리고, 늑대인간은 눈을 감으세요."),
    "en": ("Werewolves, except the Dream Wolf, wake up. Werewolves, you may look for one "
           "another. Dream Wolf, stick out your thumb to show that you are a werewolf.",
           "If you are the only one with your eyes open, you may look at one of the three cards "
           "in the center of the table.",
           "Dream Wolf, put your thumb away; werewolves, close your eyes.")}


def said(row):
    """A narration row's lines as read aloud."""
    return tuple(line.text for line in row.lines)


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_werewolves_row_reads_the_beginner_script_with_its_lone_wolf_rule(corpus, lang):
    """Issue 26: the Werewolf's row had "no narration"; the beginner script has it, the
    lone-wolf rule included, and with a Dream Wolf its call keeps that rule."""
    book = corpus.rulebooks[0]

    def werewolves(*roles):
        sheet = build_narration(corpus, book, "T", list(roles), lang, lang)
        return next(row for row in sheet.rows if row.code == "#2")

    row = werewolves("werewolf", "seer")
    assert (said(row), row.has_text) == (WEREWOLVES_CALL[lang], True)
    assert {line.lang for line in row.lines} == {lang}
    # The guide's "count silently to 10" after the waking, before the closing line.
    assert [line.pause for line in row.lines] == [10, 0]
    assert said(werewolves("werewolf", "dreamwolf", "seer")) == DREAM_WOLF_CALL[lang]
    # A role the beginner script does not call keeps its own (none here): nothing borrowed.
    sheet = build_narration(corpus, book, "T", ["werewolf", "robber"], lang, lang)
    assert [(row.id, row.lines) for row in sheet.rows if row.id == "robber"] == [("robber", ())]


def test_preparing_the_nights_is_on_the_first_nights_sheet_at_most(corpus):
    """The Balloonist's "When preparing the first night, … When preparing each night
    afterwards, …" is the first night's preparation: on its sheet in full detail, never on
    the other nights' (issue 26)."""
    from generator.read.script_spec import ScriptSpec
    from generator.views.nightsheet import build_sheet

    spec = ScriptSpec("t", "t", None, ("balloonist", "imp"))

    def steps(night):
        row = next(r for r in build_sheet(corpus, spec, "en", night).rows if r.id == "balloonist")
        return [p.text for line in row.instructions for p in line]

    assert steps("first") == [
        "When preparing the first night, mark any player with the KNOW reminder. When preparing "
        "each night afterwards, mark a character of a different type than the current with the "
        "KNOW reminder.",
        "Each night, wake the Balloonist. Point to the player marked KNOW. Put the Balloonist to "
        "sleep."]
    assert steps("other") == [
        "Each night, wake the Balloonist. Point to the player marked KNOW. Put the Balloonist to "
        "sleep."]


def test_steps_in_another_language_give_way_to_the_ability_in_the_sheets(corpus, tmp_path):
    """The Goon acts without waking, and only the Korean almanac has it: an English sheet shows
    its English card, where the official data has it, before the Korean steps."""
    from generator.facts.official import load_official
    from generator.read.script_spec import ScriptSpec
    from generator.views.nightsheet import build_sheet

    assert list(corpus.character("botc", "goon").entries) == ["ko"]
    spec = ScriptSpec("t", "t", None, ("goon", "imp"))
    (tmp_path / "roles.json").write_text(json.dumps([
        {"id": "goon", "name": "Goon", "team": "outsider", "ability": "A made-up Goon card."}]),
        encoding="utf-8")

    def goon(official):
        row = next(r for r in build_sheet(joined(corpus, official), spec, "en", "first").also
                   if r.id == "goon")
        return row.source, row.text_lang, [p.text for line in row.instructions for p in line]

    assert goon(load_official(tmp_path)) == ("official-ability", "en", ["A made-up Goon card."])
    source, lang, _ = goon(None)
    assert (source, lang) == ("how-to-run", "ko")  # without the card: the steps, marked KO


# Issue 39: the rulebook's steps the narration left out, in both languages.
THUMB = {"ko": "잠자는 늑대인간은 엄지손가락을 세워 자신이 늑대인간임을 알립니다.",
         "en": "Dream Wolf, stick out your thumb to show that you are a werewolf."}
DAWN = {"ko": "모두, 계속 눈을 감은 상태로 여러분의 카드를 조금 움직여주세요. 모두, 일어나세요!",
        "en": "Everyone, keep your eyes closed, reach out and move your card a little. "
              "Everyone, wake up!"}
DUSK = {"ko": "모두 눈을 감으세요.", "en": "Everyone, close your eyes."}


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_dream_wolf_raises_its_thumb_in_the_minions_turn(corpus, lang):
    """003: "하수인을 게임에 포함시키면, 하수인의 차례에 다른 늑대인간처럼 엄지손가락을 세웁니다"."""
    book = corpus.rulebooks[0]

    def minion(*roles):
        sheet = build_narration(corpus, book, "T", list(roles), lang, lang)
        return next(row for row in sheet.rows if row.id == "minion")

    row = minion("dreamwolf", "minion", "seer")
    assert (said(row), row.has_text, row.lines[0].lang, row.lines[0].pause) == (
        (THUMB[lang],), False, lang, 10)
    assert said(minion("werewolf", "minion", "seer")) == ()  # no Dream Wolf, no thumb of its own


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_night_ends_with_the_rulebooks_closing_step(tmp_path, lang):
    """The closing step of 003's script: eyes kept closed, each card moved a little, then
    everyone wakes; on the sheet and aloud, not "everyone, wake up" alone."""
    out = tmp_path / "set.html"
    almanac("narration", "--roles", "werewolf,dreamwolf,minion", "--lang", lang, "--html", str(out))
    html = unescape(out.read_text(encoding="utf-8"))
    dusk = re.search(r'data-id="start">.*?</tr>', html, re.S).group(0)
    dawn = re.search(r'data-id="end">.*?</tr>', html, re.S).group(0)
    assert f'lang="{lang}" data-pause="0">“{DUSK[lang]}”</p>' in dusk
    assert f'lang="{lang}" data-pause="0">“{DAWN[lang]}”</p>' in dawn
    minion = re.search(r'data-id="minion".*?</tr>', html, re.S).group(0)
    assert f'data-pause="10">“{THUMB[lang]}”</p>' in minion


def test_one_night_in_english_has_no_korean_line(tmp_path):
    """Issue 39: the English narration was Korean under English headings; the store translates
    the title, every spoken line and the Doppelgänger's notes."""
    out = tmp_path / "set.html"
    almanac("narration", "--roles", "doppelganger,sentinel,alphawolf,mysticwolf,dreamwolf,"
            "werewolf,minion,apprenticeseer,paranormalinvestigator,witch,villageidiot,revealer,"
            "curator,bodyguard", "--lang", "en", "--html", str(out))
    html = unescape(out.read_text(encoding="utf-8"))
    assert "<title>One Night Ultimate Werewolf: Daybreak</title>" in html
    html = re.sub(r"<style>.*?</style>", "", html, flags=re.S)
    assert [line for line in html.split("\n") if re.search(r"[\uac00-\ud7a3]", line)] == []
    assert 'lang="ko"' not in html and "nightsheet-flag" not in html
    assert "“Doppelgänger, if you became the Revealer, wake up." in html
