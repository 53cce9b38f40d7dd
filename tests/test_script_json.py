"""Reading script JSON: bad files end in AlmanacError naming the place; lesser faults are warnings;
ids are read as the official tools read them; the shipped schema is the official one stripped."""
import importlib.util
import json
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.errors import AlmanacError
from generator.read.script_json import SCHEMA, read_script
from generator.read.script_spec import CustomCharacter
from tests.conftest import ROOT

FIXTURES = ROOT / "tests" / "fixtures"
TEAMS = '["townsfolk", "outsider", "minion", "demon", "traveller", "fabled", "loric"]'


@pytest.fixture(scope="module")
def known(corpus):
    return [term.id for term in corpus.glossary.game_terms("botc")]


@pytest.fixture(scope="module")
def specials(corpus):
    return corpus.night_order.specials


def written(tmp_path, document, name="script.json"):
    path = tmp_path / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def failure(path, known=()):
    with pytest.raises(AlmanacError) as caught:
        read_script(path, known)
    assert caught.value.file == str(path)
    return caught.value


def test_a_wrong_type_in_a_homebrew_character_names_its_path(tmp_path):
    path = written(tmp_path, [{"id": "_meta", "name": "T"}, "imp", "empath",
                              {"id": "x", "name": "X", "team": "townsfolk", "ability": "a",
                               "reminders": 5}])
    error = failure(path)
    assert (error.message, error.line) == ("[3].reminders: 5 is not of type 'array'", None)
    assert str(error) == f"{path}: error: [3].reminders: 5 is not of type 'array'"


def test_every_unusable_element_is_listed_with_its_path():
    error = failure(FIXTURES / "scripts" / "wrong-types.json")
    assert error.message.split("; ") == [
        "[0].firstNight[0]: [\"dusk\"] is not of type 'string'",
        "[4].reminders: 5 is not of type 'array'",
        "[5]: 7 is not of type 'object', 'string'",
        "[6]: 'team' is a required property",
        "[6]: 'ability' is a required property",
        "[6].image: 5 is not of type 'string', 'array'",
    ]


def test_values_are_shown_as_json_writes_them(tmp_path):
    """The author wrote JSON: true, null and "17", never Python's True, None and '17'."""
    character = {"id": "x", "name": "X", "team": "townsfolk", "ability": "a",
                 "firstNight": True, "otherNight": None, "reminders": "17"}
    assert failure(written(tmp_path, [character])).message.split("; ") == [
        "[0].firstNight: true is not of type 'number'",
        "[0].otherNight: null is not of type 'number'",
        "[0].reminders: \"17\" is not of type 'array'"]


def test_a_nested_alternative_is_blamed_on_its_element(tmp_path):
    character = {"id": "x", "name": "X", "team": "townsfolk", "ability": "a", "image": [5]}
    assert failure(written(tmp_path, [character])).message == \
        "[0].image[0]: 5 is not of type 'string'"


@pytest.mark.parametrize("document, what", [
    ({"id": "_meta", "name": "T"}, "an object with keys 'id', 'name'"),
    ({str(i): i for i in range(7)}, "an object with keys '0', '1', '2', '3', '4', …"),
    ({}, "an empty object"), ("imp", "a string"), (3, "a number"), (None, "null"),
])
def test_a_file_that_is_not_a_script_array_is_named_in_a_plain_sentence(tmp_path, document, what):
    assert failure(written(tmp_path, document)).message == \
        "expected a JSON array of characters, the official script format; this file is " + what


def test_a_file_past_the_size_bound_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(["imp"] * 200_000), encoding="utf-8")
    assert failure(path).message == \
        "larger than 1000 KB, the most a script may be (the largest real scripts are a tenth of it)"


def test_long_values_are_shortened_in_messages(tmp_path):
    character = {"id": "x", "name": "X", "team": "townsfolk", "ability": "a",
                 "reminders": {"first": "a" * 100, "b": 1, "c": 2, "d": 3}}
    assert failure(written(tmp_path, [character])).message == \
        "[0].reminders: {\"b\": 1, \"c\": 2, \"d\": 3, ...} is not of type 'array'"


def test_errors_past_twenty_are_counted(tmp_path):
    lines = failure(written(tmp_path, [5] * 25)).message.split("; ")
    assert lines == [f"[{i}]: 5 is not of type 'object', 'string'" for i in range(20)] \
        + ["and 5 more"]


def test_deep_nesting_is_an_error_not_a_recursion(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    assert failure(path).message == "JSON nested deeper than 64 levels"


def test_nesting_json_takes_but_the_reader_would_not(tmp_path):
    meta = {"id": "_meta", "name": "T", "extra": json.loads("[" * 100 + "]" * 100)}
    assert failure(written(tmp_path, [meta, "imp"])).message == \
        "JSON nested deeper than 64 levels"


@pytest.mark.parametrize("name, message", [
    (".", "cannot read the script: a folder, not a file"),
    ("missing.json", "cannot read the script: No such file or directory"),
])
def test_a_path_that_cannot_be_read(tmp_path, name, message):
    assert failure(tmp_path / name).message == message


def test_a_fifo_is_refused_before_it_is_read(tmp_path):
    os.mkfifo(tmp_path / "script.json")  # opened to be read, it would block for ever
    assert failure(tmp_path / "script.json").message == \
        "cannot read the script: a FIFO (named pipe), not a file"


def test_bytes_that_are_not_utf8_give_the_line(tmp_path):
    path = tmp_path / "latin1.json"
    path.write_bytes(b'[\n "imp",\n "caf\xe9"\n]')
    error = failure(path)
    assert (error.line, error.message) == (3, "not UTF-8: byte 0xe9 at offset 15")


def test_json_syntax_errors_give_line_and_column(tmp_path):
    path = tmp_path / "syntax.json"
    path.write_text('[\n "imp",\n "empath" "monk"\n]', encoding="utf-8")
    error = failure(path)
    assert (error.line, error.message) == (3, "not JSON: Expecting ',' delimiter at column 11")
    assert str(error) == f"{path}:3: error: not JSON: Expecting ',' delimiter at column 11"


def test_an_empty_file_is_not_json(tmp_path):
    path = tmp_path / "empty.json"
    path.write_bytes(b"")
    error = failure(path)
    assert (error.line, error.message) == (1, "not JSON: Expecting value at column 1")


def test_a_number_past_pythons_digit_limit(tmp_path):
    path = tmp_path / "digits.json"
    path.write_text("[" + "1" * 5000 + "]", encoding="utf-8")
    assert failure(path).message == "a number has too many digits"


def test_a_blank_name_gives_the_title_of_the_file(tmp_path, known):
    document = [{"id": "_meta", "name": "  "}, "imp", "chef", "monk", "spy", "drunk"]
    assert read_script(written(tmp_path, document, "late-night_games.json"), known).title == \
        "late night games"


def test_one_item_is_counted_in_the_singular(tmp_path, known):
    assert read_script(written(tmp_path, ["imp"]), known).warnings == ("script: 1 item, fewer than 5",)


def test_a_byte_order_mark_is_read_past(tmp_path, known):
    path = tmp_path / "bom.json"
    path.write_bytes('\ufeff["imp", "empath", "monk", "spy", "drunk"]'.encode())
    assert read_script(path, known).characters == ("imp", "empath", "monk", "spy", "drunk")


def test_faults_the_reader_can_live_with_are_warnings(tmp_path, known):
    character = {"id": "pixy", "name": "P" * 31, "team": "Townsfolk", "ability": "a",
                 "sparkle": True}
    odd = {"id": "gremlin", "name": "Gremlin", "team": "villain", "ability": "b"}
    spec = read_script(written(tmp_path, ["imp", "a" * 21, character, odd]), known)
    assert spec.warnings == (
        "script: 4 items, fewer than 5",
        "[1]: 21 characters, more than 20",
        "[2].name: 31 characters, more than 30",
        f"[3].team: \"villain\" is not one of {TEAMS}",
        f"[1]: unknown id '{'a' * 21}'",
        "1 item carries fields the official format does not define, read past; --verbose shows it",
        "1 team spelt otherwise read as the official one; --verbose shows it",
    )
    assert spec.details == ("[2]: Additional properties are not allowed ('sparkle' was unexpected)",
                            "[2].team: 'Townsfolk' read as 'townsfolk'")
    assert spec.custom["pixy"] == CustomCharacter("pixy", "P" * 31, "townsfolk", "a")
    assert spec.custom["gremlin"].team == "villain"  # unknown teams are kept as written


def test_the_schemas_warnings_are_said_in_the_runs_language(tmp_path, known):
    from generator.views.script_notes import said
    odd = {"id": "gremlin", "name": "Gremlin", "team": "villain", "ability": "b"}
    spec = read_script(written(tmp_path, ["imp", "a" * 21, odd]), known)
    schema = spec.warnings[:3]
    assert [said(line, "en") for line in schema] == list(schema)  # the catalog's English
    assert [said(line, "ko") for line in schema] == [
        "script: 항목 3개로 5개보다 적습니다",
        "[1]: 21자로 20자보다 깁니다",
        f"[2].team: 허용되는 값({TEAMS})이 아닙니다: \"villain\""]


def test_the_projects_fixtures_read_without_warnings_but_the_unknown_id(known, specials):
    brewing = read_script(FIXTURES / "trouble-brewing.json", known, specials)
    assert (brewing.title, len(brewing.characters), brewing.warnings) == \
        ("Trouble Brewing", 22, ())
    custom = read_script(FIXTURES / "custom-order.json", known, specials)
    assert custom.characters == ("empath", "poisoner", "noble", "imp", "monk", "tinkerbell",
                                 "notacharacter")
    assert custom.first_night == ("dusk", "empath", "poisoner", "minioninfo", "demoninfo", "dawn")
    assert custom.warnings == ("[7]: unknown id 'notacharacter'",)


@pytest.fixture(scope="module")
def sloppy(known, specials):
    return read_script(FIXTURES / "scripts" / "sloppy.json", known, specials)


def test_ids_are_normalised_as_the_official_tools_do(sloppy):
    assert sloppy.characters == ("fanggu", "fangu", "empath", "butler", "tinkerbell",
                                 "lilmonster", "zzz")
    assert "[1]: 'Fang Gu' read as 'fanggu'" in sloppy.details


def test_a_repeated_id_is_kept_once_and_both_places_named(sloppy):
    assert "[2]: duplicate id 'fanggu' (first at [1]); ignored" in sloppy.warnings
    assert "[10]: duplicate id 'empath' (first at [4]); ignored" in sloppy.warnings
    assert "[9]: duplicate id '_meta' (first at [0]); ignored" in sloppy.warnings
    assert sloppy.title == "Sloppy"


def test_an_unknown_id_gets_the_closest_known_one(sloppy):
    assert "[3]: unknown id 'fangu'; did you mean 'fanggu'?" in sloppy.warnings
    assert "[7]: unknown id 'lilmonster'; did you mean 'lilmonsta'?" in sloppy.warnings
    assert "[8]: unknown id 'zzz'" in sloppy.warnings


def test_a_homebrew_character_keeps_its_own_id_normalised(sloppy):
    assert sloppy.custom == {"tinkerbell": CustomCharacter(
        "tinkerbell", "Tinkerbell", "townsfolk", "Each night, you learn nothing.", ("Dust",))}
    # Its id is the script's own however spelt: no note, nothing towards --strict.
    assert not [line for line in sloppy.details if "'Tinker Bell'" in line]


def test_night_orders_are_normalised_and_keep_the_special_rows(sloppy):
    assert sloppy.first_night == ("dusk", "fanggu", "tinkerbell", "minioninfo", "demoninfo",
                                  "dawn")
    assert sloppy.other_night == ("dusk", "fanggu", "dawn")


def test_all_warnings_in_order_and_the_read_past_in_one_line_each(sloppy):
    assert sloppy.warnings == (
        "[2]: duplicate id 'fanggu' (first at [1]); ignored",
        "[3]: unknown id 'fangu'; did you mean 'fanggu'?",
        "[7]: unknown id 'lilmonster'; did you mean 'lilmonsta'?",
        "[8]: unknown id 'zzz'",
        "[9]: duplicate id '_meta' (first at [0]); ignored",
        "[10]: duplicate id 'empath' (first at [4]); ignored",
        "[0].otherNight[3]: duplicate id 'dawn' (first at [0].otherNight[2]); ignored",
        "2 items carry fields the official format does not define, read past; --verbose lists each",
        "4 ids read as the official tools read them (capitals, spaces, '_' and '-' dropped); "
        "--verbose lists each",
        "1 team spelt otherwise read as the official one; --verbose shows it",
    )
    assert sloppy.details == (
        "[5]: Additional properties are not allowed ('edition' was unexpected)",
        "[6]: Additional properties are not allowed ('sparkle' was unexpected)",
        "[1]: 'Fang Gu' read as 'fanggu'",
        "[0].firstNight[0]: 'Dusk' read as 'dusk'",
        "[0].firstNight[1]: 'fang_gu' read as 'fanggu'",
        "[0].otherNight[1]: 'FangGu' read as 'fanggu'",
        "[6].team: 'Townsfolk' read as 'townsfolk'",
    )


# JSON shaped like a script often enough to reach every form of item, valid or not.
KEYS = ["name", "team", "ability", "reminders", "firstNight", "otherNight", "image", "setup", "x"]
WORDS = st.sampled_from(["_meta", "imp", "Fang Gu", "fangu", "dusk", "townsfolk", "a" * 60])
VALUE = st.recursive(
    WORDS | st.text(max_size=5) | st.none() | st.booleans() | st.integers() | st.floats(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(KEYS), inner,
                                                                max_size=4),
    max_leaves=12)
SOMETIMES_WRONG = dict.fromkeys(KEYS, WORDS | st.lists(WORDS, max_size=3) | VALUE)


def item_of(required):
    return st.fixed_dictionaries(required, optional={key: value for key, value in
                                                     SOMETIMES_WRONG.items() if key not in required})


CHARACTER = item_of({"id": WORDS, "name": WORDS, "team": WORDS, "ability": WORDS})
META = item_of({"id": st.just("_meta"), "name": WORDS,
                "firstNight": st.lists(WORDS, max_size=4) | VALUE})
ITEM = WORDS | CHARACTER | META | item_of({"id": WORDS}) | VALUE
SCRIPT = st.lists(ITEM, max_size=8) | VALUE


@settings(max_examples=400, deadline=None)
@given(SCRIPT)
def test_any_json_reads_or_fails_as_bad_input(document):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "script.json"
        path.write_text(json.dumps(document), encoding="utf-8")
        try:
            spec = read_script(path, ["imp", "fanggu"])
        except AlmanacError:
            return
    for ids in (spec.characters, spec.first_night or ()):
        assert all(isinstance(ident, str) for ident in ids) and len(set(ids)) == len(ids)


def _import_reference():
    spec = importlib.util.spec_from_file_location("import_reference",
                                                  ROOT / "scripts" / "import_reference.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_schema_stripping_drops_annotations_and_keeps_property_names():
    schema = {"$id": "x", "title": "T", "type": "object",
              "properties": {"title": {"type": "string", "description": "d", "examples": ["e"]},
                             "default": {"$comment": "c", "enum": [{"title": "kept"}]}},
              "oneOf": [{"title": "a", "type": "string", "default": ""}]}
    assert _import_reference().strip_annotations(schema) == {
        "type": "object",
        "properties": {"title": {"type": "string"}, "default": {"enum": [{"title": "kept"}]}},
        "oneOf": [{"type": "string"}]}


def test_the_schema_is_written_stripped_in_the_shipped_layout(tmp_path):
    (tmp_path / "generator" / "read").mkdir(parents=True)
    (tmp_path / "script-schema.json").write_text(
        '{"$schema": "s", "title": "Script", "type": "array", "items": {"type": "string"}}',
        encoding="utf-8")
    _import_reference().write_schema(tmp_path, tmp_path)
    assert (tmp_path / "generator" / "read" / "script-schema.json").read_text(encoding="utf-8") == \
        '{\n "$schema": "s",\n "type": "array",\n "items": {\n  "type": "string"\n }\n}\n'


def test_the_shipped_schema_holds_no_annotations():
    shipped = json.loads(SCHEMA.read_text(encoding="utf-8"))
    assert _import_reference().strip_annotations(shipped) == shipped


def test_a_suggestion_looks_at_a_bounded_number_of_known_ids():
    """Unknown ids once cost unknown × known comparisons (a 477 KB script: 249 s); each now
    looks only at ids sharing its first or last letters, at most 64 of each."""
    from generator.read.script_spec import _Suggestions
    suggest = _Suggestions([f"abc{i:05d}xyz" for i in range(5000)] + ["fanggu", "lilmonsta"])
    assert max(len(bucket) for bucket in suggest.index.values()) == 64
    assert (suggest("fangu"), suggest("lilmonster"), suggest("abc00003xyq")) == \
        ("fanggu", "lilmonsta", "abc00003xyz")
    assert suggest("x" * 41) is None  # past any id's length: no typo of one


def test_many_unknown_ids_print_ten_lines_and_a_count_unless_verbose(tmp_path):
    from tests.projects import almanac
    path = written(tmp_path, ["imp", *(f"nobody{i}" for i in range(30)), "Fang Gu"])
    quiet = almanac("scriptsheet", str(path), "--html", str(tmp_path / "s.html"))
    lines = quiet.stderr.strip().split("\n")
    assert lines[:2] == [f"{path}: warning: [1]: unknown id 'nobody0'",
                         f"{path}: warning: [2]: unknown id 'nobody1'"]
    # The 30 unknown ids, and the Minion the script has none of.
    assert lines[10] == f"{path}: warning: and 22 more; --verbose lists every one"
    assert len(lines) == 12  # ten, the count, the summary
    verbose = almanac("scriptsheet", str(path), "--html", str(tmp_path / "s.html"), "--verbose")
    said = verbose.stderr.strip().split("\n")
    assert f"{path}: warning: [30]: unknown id 'nobody29'" in said
    assert f"{path}: warning: [31]: 'Fang Gu' read as 'fanggu'" in said
    assert f"{path}: warning: 1 id read as the official tools read it (capitals, spaces, '_' " \
        "and '-' dropped); --verbose shows it" in said


def test_an_unterminated_string_says_at_once(tmp_path):
    """json's own message ends in "at" ("Unterminated string starting at"): not "at at"."""
    path = tmp_path / "cut.json"
    path.write_text('[\n "chef",\n "imp', encoding="utf-8")
    assert str(failure(path)) == \
        f"{path}:3: error: not JSON: Unterminated string starting at column 2"


@pytest.fixture(scope="module")
def orders(corpus):
    return corpus.night_order.first_night, corpus.night_order.other_night


def warned(result, path):
    """The lines a run warned of the script, each without its `file: warning: `."""
    prefix = f"{path}: warning: "
    return [line.removeprefix(prefix) for line in result.stderr.splitlines()
            if line.startswith(prefix)]


def test_a_meta_first_night_gains_the_information_rows_at_their_places(tmp_path, corpus, known,
                                                                       specials, orders):
    """Issue: a _meta.firstNight without minioninfo and demoninfo dropped both rows in
    silence. They go where the official order puts them among the listed characters."""
    from generator.views.nightsheet import build_sheet
    from generator.views.script_notes import said
    document = [{"id": "_meta", "name": "n", "firstNight": ["philosopher", "poisoner", "chef"],
                 "otherNight": ["philosopher", "poisoner", "imp"]},
                "philosopher", "poisoner", "chef", "imp"]
    spec = read_script(written(tmp_path, document), known, specials, orders)
    assert spec.first_night == ("dusk", "philosopher", "minioninfo", "demoninfo", "poisoner",
                                "chef", "dawn")
    assert spec.other_night == ("dusk", "philosopher", "poisoner", "imp", "dawn")
    assert [row.id for row in build_sheet(corpus, spec, "en", "first").rows] == \
        list(spec.first_night)
    first = spec.warnings[0]
    assert first == "[0].firstNight: added dusk, minion info, demon info, and dawn"
    assert said(first, "ko") == "[0].firstNight: 빠진 해질녘, 하수인 정보, 악마 정보 및 새벽 행을 더했습니다"
    assert spec.warnings[1:] == ("[0].otherNight: added dusk and dawn",)


def test_characters_the_meta_order_leaves_out_that_wake_are_named(tmp_path, corpus, known,
                                                                   specials, orders):
    """Issue: the Butler, left out of the script's order, was listed as not waking in silence.
    The author's order stands; one line a night names them, and --strict fails."""
    from generator.views.nightsheet import build_sheet
    from generator.views.script_notes import said
    from tests.projects import almanac
    document = [{"id": "_meta", "name": "n", "firstNight": ["poisoner", "chef"],
                 "otherNight": ["poisoner", "imp"]},
                "chef", "butler", "poisoner", "imp", "monk"]
    path = written(tmp_path, document)
    spec = read_script(path, known, specials, orders)
    assert spec.first_night == ("dusk", "minioninfo", "demoninfo", "poisoner", "chef", "dawn")
    assert [c.id for c in build_sheet(corpus, spec, "en", "first").not_waking] == \
        ["butler", "imp", "monk"]
    lines = spec.warnings
    assert lines == (
        "[0].firstNight: added dusk, minion info, demon info, and dawn",
        "[0].firstNight: butler wakes on the official first night but is not in the script's "
        "order; listed as not waking",
        "[0].otherNight: added dusk and dawn",
        "[0].otherNight: butler, monk wake on the official other nights but are not in the "
        "script's order; listed as not waking")
    assert said(lines[1], "ko") == "[0].firstNight: 공식 첫날 밤에는 깨어나지만 스크립트의 순서에 " \
        "없어 깨어나지 않는 캐릭터 목록에 넣었습니다(butler)"
    strict = almanac("nightsheet", str(path), "--html", str(tmp_path / "n.html"), "--lang", "en",
                     "--strict")
    assert strict.returncode == 1
    assert warned(strict, path) == list(lines)


def test_a_homebrew_reminder_without_its_nights_number_is_named(tmp_path, known, specials,
                                                                 orders):
    """Issue: a homebrew character with an otherNightReminder and no otherNight number was
    listed as not waking in silence."""
    from generator.views.script_notes import said
    martyr = {"id": "Martyr", "name": "Martyr", "team": "townsfolk", "ability": "a",
              "otherNightReminder": "Wake the Martyr."}
    spec = read_script(written(tmp_path, [martyr, "imp", "poisoner"]), known, specials, orders)
    assert spec.warnings[1:] == (
        "martyr: has an other-night reminder but no otherNight number; listed as not waking",)
    assert said(spec.warnings[1], "ko") == "martyr: 다른 밤 안내는 있지만 otherNight 번호가 " \
        "없어 깨어나지 않는 캐릭터 목록에 넣었습니다"
    numbered = read_script(written(tmp_path, [{**martyr, "otherNight": 40}, "imp", "poisoner"]),
                           known, specials, orders)
    assert numbered.warnings == ("script: 3 items, fewer than 5",)


@pytest.mark.parametrize("document", [[], [{"id": "_meta", "name": "Only meta"}]],
                         ids=["empty", "only-meta"])
def test_a_script_that_names_no_character_is_refused(tmp_path, known, document):
    """Issue: an empty script printed blank sheets and exited 0."""
    from tests.projects import almanac
    path = written(tmp_path, document)
    assert failure(path, known).message == "the script names no character"
    result = almanac("print", str(path), "-o", str(tmp_path / "out"), "--lang", "en")
    assert (result.returncode, result.stderr, result.stdout) == \
        (2, f"{path}: error: the script names no character\n", "")
    assert not (tmp_path / "out").exists()


def test_a_script_without_a_demon_or_a_minion_is_warned(tmp_path, corpus):
    """Issue: a script with no Demon printed with exit 0 and no word. A homebrew character
    counts by its own team."""
    from generator.views.script_notes import missing_teams
    from tests.projects import almanac
    path = written(tmp_path, ["washerwoman", "chef", "librarian", "empath", "butler"])
    english = almanac("nightsheet", str(path), "--html", str(tmp_path / "n.html"), "--lang", "en",
                      "--strict")
    assert (english.returncode, warned(english, path)) == \
        (1, ["the script has no Demon", "the script has no Minion"])
    korean = almanac("nightsheet", str(path), "--html", str(tmp_path / "n.html"), "--lang", "ko")
    assert (korean.returncode, warned(korean, path)) == \
        (0, ["스크립트에 악마가 없습니다", "스크립트에 하수인이 없습니다"])
    homebrew = {"id": "gremlin", "name": "Gremlin", "team": "Demon", "ability": "b"}
    spec = read_script(written(tmp_path, ["chef", "poisoner", homebrew]),
                       [t.id for t in corpus.glossary.game_terms("botc")])
    assert missing_teams(corpus, spec, "en") == ()


def test_an_id_left_out_of_a_night_is_quoted_as_the_file_writes_it(tmp_path, known, specials):
    """Issue: `guardian_copy` was quoted as 'guardiancopy', a text the file does not hold."""
    document = [{"id": "_meta", "name": "n", "firstNight": ["dusk", "guardian_copy", "dawn"]},
                "imp", "poisoner", "chef", "monk", "empath"]
    spec = read_script(written(tmp_path, document), known, specials)
    assert spec.warnings == ("[0].firstNight: left out 1 id not on the script "
                             "('guardian_copy')",)
