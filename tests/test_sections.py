"""Section boundaries: exact first and last words of fields, and counts of steps and notes."""
import pytest

from tests.conftest import FILES, entry_of, line_of

F000, F001, F002, F004 = (FILES[k] for k in ("000", "001", "002", "004"))


def words(text: str) -> tuple[str, str]:
    parts = text.split()
    return parts[0], parts[-1]


# id, lang, ability, flavor, summary (first, last words), steps, examples, and the first source
# line: the file and its line's text (the entry's name; in 002, words of its summary)
CASES = [
    ("noble", "ko", ("게임", "팀)."), ("비꼬는", "합니다."), ('"당신은', "없습니다."), 2, 0, (F000, "귀족")),
    ("lunatic", "ko", ("당신은", "됩니다."), ("이", "아마도."), ('"당신은', "됩니다."), 4, 1, (F000, "미치광이")),
    ("marionette", "ko", ("당신은", "이웃합니다]"), ("말,", "그것뿐이야."), ('"당신은', "판정됩니다."),
     4, 0, (F000, "꼭두각시")),
    ("slayer", "ko", ("게임당", "사망합니다."), ("죽어라.", "죽어라."), ('"게임당', "있습니다."), 3, 0, (F000, "처단자")),
    ("djinn", "ko", ("진의", "알립니다."), ("نحن", "같다."), ('"진의', "됩니다."), 2, 0, (F000, "진")),
    ("fiddler", "ko", ("게임당", "선택합니다."), ("목숨", "얼간아!"), ('"게임당', "승리합니다."), 2, 0, (F000, "바이올린 연주자")),
    ("kazali", "ko", ("매일", "-?명~+?명]"), ("곤ㅈrz레s.", "₰재구₱{7\\}성."), ('"매일', "없습니다."),
     3, 1, (F001, "카잘리")),
    ("alhadikhia", "ko", ("매일", "사망합니다."), ("침묵은", "금."), ('"매일', "셉니다."), 2, 1, (F001, "알 하디키아")),
    ("chef", "ko", None, None, ('"당신은', "합니다."), 0, 0, (F002, "요리사는 악 플레이어들이 서로 나란히")),
    ("tealady", "ko", None, None, ('"당신의', "됩니다."), 0, 0, (F002, "티 레이디는 양옆 이웃을 죽음으로부터")),
    ("steward", "en", ("You", "player."), ("How", "years!"), ('"You', "instead."), 1, 0, (F004, "Steward")),
    ("flowergirl", "en", ("Each", "today."), ("Yesterday's", "bloom."), ('"Each', "“yes”."), 3, 1, (F004, "Flowergirl")),
    ("vortox", "en", ("Each", "wins."), ("Black", "find."), ('"Each', "count."), 3, 0, (F004, "Vortox")),
    ("gnome", "en", ("All", "them."), ("Four", "Ha-urrumph."), ('"All', "use."), 2, 0, (F004, "Gnome")),
]


@pytest.mark.parametrize("ident,lang,ability,flavor,summary,steps,examples,line", CASES,
                         ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_section_boundaries(document, ident, lang, ability, flavor, summary, steps, examples, line):
    entry = entry_of(document, ident, lang)
    for section, expected in (("ability", ability), ("flavor", flavor), ("summary", summary)):
        assert (words(entry[section]) if section in entry else None) == expected, section
    assert len(entry.get("how_to_run", [])) == steps
    assert len(entry.get("examples", [])) == examples
    file, text = line
    assert entry["sources"][0]["line"] == line_of(file, text, whole=file != F002)


def test_lunatic_steps_are_the_four_lines_between_headers(document):
    entry = entry_of(document, "lunatic", "ko")
    assert entry["lines"]["how_to_run"] == [line_of(F000, step) for step in (
        "게임을 세팅할 때, 미치광이 토큰과 악마 토큰을 모두 주머니에 넣으세요.",
        "첫날 밤, 미치광이를 깨워 그 플레이어가 악마인 것처럼 행동하세요.",
        "첫날 밤, 악마를 깨워 당신은 이 캐릭터입니다 정보 토큰과 실제 악마 토큰을 보여주세요.",
        "매일 밤, 진짜 악마가 공격하기 전에 미치광이를 먼저 깨워")]
    assert entry["how_to_run"][0].startswith("게임을 세팅할 때")
    assert entry["lines"]["examples"] == [
        line_of(F000, "게임에 있는 실제 악마와 다른 종류의 악마라고 미치광이가 믿게 만들고 싶다면")]


def test_marionette_steps_end_before_the_demon_entry(document):
    entry = entry_of(document, "marionette", "ko")
    assert entry["lines"]["how_to_run"] == [line_of(F000, step) for step in (
        "세팅할 때, 토큰을 주머니에 넣기 전에 꼭두각시 토큰을 빼고",
        "게임에 하수인이 셋이라면, 하수인 토큰 하나를 더 빼고",
        "첫날 밤, 악마의 이웃인 선 플레이어 1명에게 꼭두각시 알림을 표시하세요.",
        "꼭두각시는 취한 플레이어처럼 처리하세요.")]


def test_bullets_are_stripped_from_steps(document):
    steps = entry_of(document, "steward", "en")["how_to_run"]
    assert steps == ["While preparing the first night, put the KNOW reminder by any good character "
                     "token. During the first night, wake the Steward. Point to the player marked "
                     "KNOW. Put the Steward to sleep."]


@pytest.mark.parametrize("ident,lang,present", [
    ("investigator", "ko", {"ability": "present"}),
    ("psychopath", "ko", {"ability": "present"}),
    ("professor", "en", {"ability": "untranslated"}),
    ("fanggu", "en", {"ability": "untranslated", "flavor": "untranslated"}),
    ("deviant", "en", {"ability": "untranslated", "flavor": "untranslated"}),
])
def test_unwritten_entries_mark_what_they_lack_as_placeholder(document, ident, lang, present):
    status = entry_of(document, ident, lang)["status"]
    expected = {s: "placeholder" for s in ("ability", "flavor", "summary", "how_to_run", "examples")}
    assert status == expected | present


def test_a_section_the_source_lacks_is_absent_and_missing(document):
    entry = entry_of(document, "steward", "en")
    assert "examples" not in entry and entry["status"]["examples"] == "missing"
    chef = entry_of(document, "chef", "ko")
    assert set(chef) & {"ability", "flavor", "how_to_run"} == set()
    assert chef["status"] == {"ability": "missing", "flavor": "missing", "summary": "present",
                              "how_to_run": "missing", "examples": "missing"}


def test_entries_in_two_files_merge_with_both_places(document):
    noble = entry_of(document, "noble", "ko")
    assert [(s["file"], s["line"]) for s in noble["sources"]] == [
        (F000, line_of(F000, "귀족", whole=True)),
        (F002, line_of(F002, "귀족은 세 명 중 한 명이 악이라는 사실을 압니다."))]
    cannibal = entry_of(document, "cannibal", "ko")
    assert [s["line"] for s in cannibal["sources"]] == [
        line_of(F001, "식인종", whole=True), line_of(F002, "식인종은 처형된 캐릭터를 먹고 그 능력을 얻습니다")]
    assert cannibal["status"]["how_to_run"] == "present"
