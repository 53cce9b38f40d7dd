"""Section boundaries: exact first and last words of fields, and counts of steps and notes."""
import pytest

from tests.conftest import entry_of


def words(text: str) -> tuple[str, str]:
    parts = text.split()
    return parts[0], parts[-1]


# id, lang, ability, flavor, summary (first, last words), steps, examples, first source line
CASES = [
    ("noble", "ko", ("게임", "팀)."), ("비꼬는", "합니다."), ('"당신은', "없습니다."), 2, 0, 11),
    ("lunatic", "ko", ("당신은", "됩니다."), ("이", "아마도."), ('"당신은', "됩니다."), 4, 1, 264),
    ("marionette", "ko", ("당신은", "이웃합니다]"), ("말,", "그것뿐이야."), ('"당신은', "판정됩니다."),
     4, 0, 330),
    ("slayer", "ko", ("게임당", "사망합니다."), ("죽어라.", "죽어라."), ('"게임당', "있습니다."), 3, 0, 154),
    ("djinn", "ko", ("진의", "알립니다."), ("نحن", "같다."), ('"진의', "됩니다."), 2, 0, 399),
    ("fiddler", "ko", ("게임당", "선택합니다."), ("목숨", "얼간아!"), ('"게임당', "승리합니다."), 2, 0, 414),
    ("kazali", "ko", ("매일", "-?명~+?명]"), ("곤ㅈrz레s.", "₰재구₱{7\\}성."), ('"매일', "없습니다."),
     3, 1, 178),
    ("alhadikhia", "ko", ("매일", "사망합니다."), ("침묵은", "금."), ('"매일', "셉니다."), 2, 1, 209),
    ("chef", "ko", None, None, ('"당신은', "합니다."), 0, 0, 3),
    ("tealady", "ko", None, None, ('"당신의', "됩니다."), 0, 0, 21),
    ("steward", "en", ("You", "player."), ("How", "years!"), ('"You', "instead."), 1, 0, 2),
    ("flowergirl", "en", ("Each", "today."), ("Yesterday's", "bloom."), ('"Each', "“yes”."), 3, 1, 41),
    ("vortox", "en", ("Each", "wins."), ("Black", "find."), ('"Each', "count."), 3, 0, 194),
    ("gnome", "en", ("All", "them."), ("Four", "Ha-urrumph."), ('"All', "use."), 2, 0, 242),
]


@pytest.mark.parametrize("ident,lang,ability,flavor,summary,steps,examples,line", CASES,
                         ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_section_boundaries(document, ident, lang, ability, flavor, summary, steps, examples, line):
    entry = entry_of(document, ident, lang)
    for section, expected in (("ability", ability), ("flavor", flavor), ("summary", summary)):
        assert (words(entry[section]) if section in entry else None) == expected, section
    assert len(entry.get("how_to_run", [])) == steps
    assert len(entry.get("examples", [])) == examples
    assert entry["sources"][0]["line"] == line


def test_lunatic_steps_are_the_four_lines_between_headers(document):
    entry = entry_of(document, "lunatic", "ko")
    assert entry["lines"]["how_to_run"] == [274, 275, 276, 277]
    assert entry["how_to_run"][0].startswith("게임을 세팅할 때")
    assert entry["lines"]["examples"] == [281]


def test_marionette_steps_end_before_the_demon_entry(document):
    entry = entry_of(document, "marionette", "ko")
    assert entry["lines"]["how_to_run"] == [340, 341, 342, 343]


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
        ("content/ko/000_a5b1c4d9f849e54a.txt", 11), ("content/ko/002_6db689291a575787.txt", 5)]
    cannibal = entry_of(document, "cannibal", "ko")
    assert [s["line"] for s in cannibal["sources"]] == [55, 17]
    assert cannibal["status"]["how_to_run"] == "present"
