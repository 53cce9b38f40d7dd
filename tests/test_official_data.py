"""The official data files read from a user's folder (tests/fixtures/official/: the official
formats, with made-up sentences), their markup split into parts, and the jinx pairs of the
glossary."""
import json
import shutil
from pathlib import Path

import pytest

from generator.errors import AlmanacError
from generator.facts.glossary import load_glossary
from generator.facts.languages import load_languages
from generator.facts.official import OfficialText, Part, load_official, markup_parts
from tests.conftest import ROOT

FIXTURE = ROOT / "tests" / "fixtures" / "official"
OFFICIAL = load_official(FIXTURE)


def ko(text: str) -> OfficialText:
    return OfficialText(text, "ko")


def en(text: str) -> OfficialText:
    return OfficialText(text, "en")


def test_korean_where_the_translation_has_it():
    assert OFFICIAL.name("chef", "ko") == ko("요리사")
    assert OFFICIAL.ability("chef", "ko") == \
        ko("첫 저녁 식사에, 시험용 수프 중 몇 그릇이 너무 짠지 알게 됩니다.")
    assert OFFICIAL.first_night("chef", "ko") == \
        ko("요리사에게 *맛봄* 표시가 된 숟가락을 건넵니다. :reminder:")
    assert OFFICIAL.other_night("imp", "ko") == ko("임프가 시험용 냄비를 엎습니다. :reminder:")
    # A special night row, which game.<lang>.json alone holds.
    assert OFFICIAL.name("minioninfo", "ko") == ko("하수인 정보")
    assert OFFICIAL.first_night("minioninfo", "ko") == ko("하수인들을 깨워 *시험 메뉴*를 보여줍니다.")


def test_english_where_the_translation_lacks_it():
    assert OFFICIAL.ability("fortuneteller", "ko") == \
        en("Each night, you read the tea leaves of 2 made-up guests.")
    assert OFFICIAL.flavor("chef", "ko") == en("A fixture chef never burns the toast twice.")
    assert OFFICIAL.other_night("poisoner", "ko") == \
        en("The Poisoner seasons another stew. :reminder: :reminder:")
    # No Spy in game.ko.json at all; a language without a game file is English throughout.
    assert OFFICIAL.name("spy", "ko") == en("Spy")
    assert OFFICIAL.name("chef", "fr") == en("Chef")
    # game.en.json fills what roles.json lacks: the special rows.
    assert OFFICIAL.name("dusk", "ko") == en("Dusk")
    assert OFFICIAL.other_night("dusk", "ko") == en("Dim the fixture lights.")


def test_english_card_texts_come_before_game_en_json():
    assert OFFICIAL.ability("chef", "en") == \
        en("At your first supper, you learn how many test soups were too salty.")
    assert OFFICIAL.jinx("chef", "imp", "en") == \
        en("If the Imp knocks over a pot, the Chef cooks the test soup again.")


def test_absent_or_blank_texts_are_none():
    assert OFFICIAL.first_night("imp", "ko") is None
    assert OFFICIAL.flavor("imp", "ko") is None  # blank in both files
    assert OFFICIAL.ability("dusk", "en") is None
    assert OFFICIAL.name("washerwoman", "ko") is None
    # Surrounding spaces are not the text's.
    assert OFFICIAL.flavor("poisoner", "en") == en("Just a pinch more, darling.")


def test_jinx_in_either_order():
    poisoner_spy = ko("스파이가 후추통을 훔쳐보면, 독살범은 소금을 대신 씁니다.")
    assert OFFICIAL.jinx("spy", "poisoner", "ko") == poisoner_spy
    assert OFFICIAL.jinx("poisoner", "spy", "ko") == poisoner_spy
    assert OFFICIAL.jinx("imp", "chef", "ko") == \
        ko("임프가 냄비를 엎으면, 요리사는 시험용 수프를 다시 끓입니다.")
    teacup = en("The Spy may swap one teacup before the leaves are read.")
    assert OFFICIAL.jinx("fortuneteller", "spy", "ko") == teacup
    assert OFFICIAL.jinx("spy", "fortuneteller", "ko") == teacup
    assert OFFICIAL.jinx("chef", "poisoner", "ko") is None
    assert OFFICIAL.jinx("chef", "chef", "ko") is None


def test_optional_files_may_be_missing(tmp_path):
    shutil.copy(FIXTURE / "roles.json", tmp_path / "roles.json")
    official = load_official(tmp_path)
    assert official.name("chef", "ko") == en("Chef")
    assert official.first_night("minioninfo", "ko") is None
    assert official.jinx("imp", "chef", "ko") is None


def test_markup_parts():
    assert markup_parts("요리사에게 *맛봄* 표시가 된 숟가락을 건넵니다. :reminder:") == (
        Part("text", "요리사에게 "), Part("token", "맛봄"), Part("text", " 표시가 된 숟가락을 건넵니다. "),
        Part("reminder", ""))
    assert markup_parts("The Poisoner seasons another stew. :reminder: :reminder:") == (
        Part("text", "The Poisoner seasons another stew. "), Part("reminder", ""),
        Part("text", " "), Part("reminder", ""))
    # A Korean particle right after a token; a token at the very start and end.
    assert markup_parts("*시험 메뉴*를 보여줍니다.") == \
        (Part("token", "시험 메뉴"), Part("text", "를 보여줍니다."))
    assert markup_parts("Nod if either hides the *RED HERRING*") == \
        (Part("text", "Nod if either hides the "), Part("token", "RED HERRING"))
    # The asterisk after "night" is the card's own (not the first night), never markup.
    assert markup_parts("Each night*, you read the recipe *BOOK*.") == \
        (Part("text", "Each night*, you read the recipe "), Part("token", "BOOK"),
         Part("text", "."))
    assert markup_parts("매일 밤*, 냄비 하나를 고릅니다. 밤에*만 *X*") == \
        (Part("text", "매일 밤*, 냄비 하나를 고릅니다. 밤에*만 "), Part("token", "X"))
    assert markup_parts("a * b * c, ** and :other:") == (Part("text", "a * b * c, ** and :other:"),)
    assert markup_parts("") == ()


def official_error(directory: Path) -> str:
    with pytest.raises(AlmanacError) as caught:
        load_official(directory)
    return str(caught.value)


def test_a_folder_that_is_not_one(tmp_path):
    assert official_error(tmp_path / "nowhere") == \
        f"{tmp_path / 'nowhere'}: error: no such folder; expected the folder of the official " \
        "BotC data files"
    (tmp_path / "roles.json").write_text("[]", encoding="utf-8")
    assert official_error(tmp_path / "roles.json") == \
        f"{tmp_path / 'roles.json'}: error: not a folder; expected the folder of the official " \
        "BotC data files"


def test_a_folder_without_roles_json(tmp_path):
    shutil.copy(FIXTURE / "game.ko.json", tmp_path / "game.ko.json")
    assert official_error(tmp_path) == \
        f"{tmp_path / 'roles.json'}: error: missing: the official data folder must hold roles.json"


@pytest.mark.parametrize(("name", "data", "message"), [
    ("roles.json", b'[\n {"id": "chef",\n',
     ":3: error: not JSON: Expecting property name enclosed in double quotes at column 1"),
    ("roles.json", b'[\n {"id": "chef', ":2: error: not JSON: Unterminated string starting at column 9"),
    ("roles.json", b'["chef\xff"]', ": error: not UTF-8 at byte 6"),
    ("roles.json", b'{"chef": {}}',
     ": error: not in the official layout: the top level should be an array"),
    ("roles.json", b'[{"id": "chef"}, {"name": "Spy"}]',
     ": error: not in the official layout: [1].id should be text"),
    ("roles.json", b'[{"id": "chef", "firstNightReminder": ["x"]}]',
     ": error: not in the official layout: [0].firstNightReminder should be text"),
    ("game.ko.json", b'{"roles": []}',
     ": error: not in the official layout: roles should be an object"),
    ("game.ko.json", b'{"roles": {"chef": {"name": 1}}}',
     ": error: not in the official layout: roles.chef.name should be text"),
    ("game.ko.json", b'{"jinxes": {"chefimp": "x"}}',
     ": error: not in the official layout: jinxes key 'chefimp' should be two ids joined by '-'"),
    ("game.ko.json", b'[]',
     ": error: not in the official layout: the top level should be an object"),
    ("game.ko.json", b'{"reminders": {"dead": ["x"]}}',
     ": error: not in the official layout: reminders.dead should be text"),
    ("game.ko.json", b'{"editions": {"tb": "x"}}',
     ": error: not in the official layout: editions.tb should be an object"),
    ("script.de.json", b'["x"]',
     ": error: not in the official layout: the top level should be an object"),
    ("app.de.json", b'{"common": {"button_search": "Suchen",',
     ":1: error: not JSON: Expecting property name enclosed in double quotes at column 39"),
    ("jinxes.json", b'[{"id": "imp"}]',
     ": error: not in the official layout: [0].jinx should be an array"),
    ("jinxes.json", b'[{"id": "imp", "jinx": [{"id": "chef", "reason": 1}]}]',
     ": error: not in the official layout: [0].jinx[0].reason should be text"),
])
def test_files_not_in_the_official_layout(tmp_path, name, data, message):
    """roles.json is needed by all; any other file costs only its language (jinxes.json, the
    English jinx texts) with one line."""
    folder = shutil.copytree(FIXTURE, tmp_path / "official")
    (folder / name).write_bytes(data)
    if name == "roles.json":
        assert official_error(folder) == f"{folder / name}{message}"
        return
    lost = "the English jinx texts are" if name == "jinxes.json" else \
        f"the language {name.split('.')[1]} is"
    assert load_official(folder).notices == \
        (f"{folder / name}{message.replace(': error', '')}; {lost} left out",)


def test_an_unreadable_optional_file(tmp_path):
    folder = shutil.copytree(FIXTURE, tmp_path / "official")
    (folder / "game.ko.json").unlink()
    (folder / "game.ko.json").mkdir()
    assert load_official(folder).notices == \
        (f"{folder / 'game.ko.json'}: cannot read: a folder, not a file; the language ko is left "
         "out",)


GLOSSARY = load_glossary(ROOT / "content" / "glossary.yaml",
                         load_languages(ROOT / "content" / "languages.yaml"))
# The characters of script 000 (`almanac export-script 000`).
SCRIPT_000 = ("noble", "clockmaker", "bountyhunter", "empath", "chambermaid", "dreamer",
              "snakecharmer", "cultleader", "fortuneteller", "slayer", "seamstress", "philosopher",
              "magician", "goon", "damsel", "politician", "lunatic", "widow", "poisoner", "baron",
              "marionette", "vortox", "barista", "matron", "djinn", "fiddler")


def test_jinx_pairs_of_script_000():
    # From jinxes.json: bountyhunter→philosopher, magician→marionette, magician→widow,
    # widow→damsel; every other jinx of these characters is with one not in 000.
    assert GLOSSARY.jinx_pairs(SCRIPT_000) == (
        ("bountyhunter", "philosopher"), ("damsel", "widow"), ("magician", "marionette"),
        ("magician", "widow"))


def test_jinx_pairs_whichever_side_lists_them():
    assert GLOSSARY.by_id("botc", "widow").jinxes == ("damsel", "poppygrower")
    assert GLOSSARY.by_id("botc", "damsel").jinxes == ()
    assert GLOSSARY.jinx_pairs({"damsel", "widow", "chef"}) == (("damsel", "widow"),)
    assert GLOSSARY.jinx_pairs(["widow"]) == ()
    # Every official pair once: 27 characters list 131 pairs.
    botc = GLOSSARY.game_terms("botc")
    assert sum(1 for t in botc if t.jinxes) == 27
    assert len(GLOSSARY.jinx_pairs([t.id for t in botc])) == 131


def test_tokens_editions_and_interface_words_by_the_projects_code_or_the_datas(tmp_path):
    folder = shutil.copytree(FIXTURE, tmp_path / "official")
    (folder / "game.zh_Hans.json").write_text(json.dumps({
        "reminders": {"demonnotvoted": "恶魔未投票", "dead": " 死亡 "},
        "editions": {"tb": {"name": "暗流涌动", "description": "A made-up description."}},
        "roles": {"imp": {"name": "小恶魔"}}}), encoding="utf-8")
    (folder / "script.zh_Hans.json").write_text(json.dumps({
        "keyword": {"townsfolk": "镇民|镇民"}, "edition": {"experimental": "实验性角色"},
        "analysis": {"heading": 3}}), encoding="utf-8")
    (folder / "app.zh_Hans.json").write_text(json.dumps({
        "tabs": {"character": {"jinxes": "相克规则"}}, "empty": ""}), encoding="utf-8")
    official = load_official(folder)
    for code in ("zh-Hans", "zh_Hans"):
        # Keyed by the English label squashed; trimmed like every text.
        assert official.reminder("Demon not voted", code) == "恶魔未投票"
        assert official.reminder("Dead", code) == "死亡"
        assert official.edition("tb", code) == "暗流涌动"
        assert official.own_name("imp", code) == "小恶魔"
        assert official.word("script:keyword.townsfolk", code) == "镇民|镇民"
        assert official.word("app:tabs.character.jinxes", code) == "相克规则"
        # A name the language lacks is the English one, said so; own_name has none.
        assert official.name("chef", code) == en("Chef")
        assert official.own_name("chef", code) is None
    assert official.reminder("Poisoned", "zh-Hans") is None  # no English in its place
    assert official.word("script:analysis.heading", "zh-Hans") is None  # not text: not a word
    assert official.word("app:empty", "zh-Hans") is None
    assert official.edition("tb", "de") is None
    assert official.name("imp", "zh-Hans") == OfficialText("小恶魔", "zh-Hans")
