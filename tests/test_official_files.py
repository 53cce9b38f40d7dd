"""The official data folder read as hostile input: a file that is no regular file, a link out of
the folder, a file or a string past its bound, a key given twice, two files for one language, a
broken file: each is one line naming the file (and the key), costs only its language, and never
hangs or stops a build of other languages."""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from generator.errors import AlmanacError
from generator.facts.official import MAX_FILE, MAX_NAME, load_official
from tests.conftest import ROOT
from tests.projects import almanac, site_project

FIXTURES = ROOT / "tests" / "fixtures"


@pytest.fixture
def data(tmp_path) -> Path:
    """The fixtures' official data: English, Korean, German and Japanese."""
    folder = tmp_path / "data"
    shutil.copytree(FIXTURES / "official", folder)
    for path in (FIXTURES / "official-languages").glob("*.[dj][ea].json"):
        shutil.copy(path, folder)
    return folder


def test_a_fifo_is_refused_before_it_is_read_and_costs_its_language(data):
    os.mkfifo(data / "game.vi.json")
    official = load_official(data)  # would block for ever on opening the FIFO to read it
    assert official.notices == (f"{data / 'game.vi.json'}: cannot read: a FIFO (named pipe), not "
                                "a file; the language vi is left out",)
    assert official.broken == {"vi": "game.vi.json"}
    assert "vi" not in official.counts and official.name("chef", "de").text == "Koch"


def test_a_folder_or_a_device_is_no_data_file(data):
    (data / "game.fr.json").mkdir()
    (data / "app.fr.json").symlink_to("/dev/zero")
    official = load_official(data)
    assert official.notices == (
        f"{data / 'app.fr.json'}: a link to a file outside the official data folder: not read; "
        "the language fr is left out",)
    (data / "app.fr.json").unlink()
    assert load_official(data).notices == (
        f"{data / 'game.fr.json'}: cannot read: a folder, not a file; the language fr is left out",)


def test_a_link_inside_the_folder_is_read(data):
    (data / "game.de.json").rename(data / "german.json")
    (data / "game.de.json").symlink_to("german.json")
    official = load_official(data)
    assert official.notices == () and official.name("chef", "de").text == "Koch"


def test_a_file_past_its_bound_is_not_read(data):
    (data / "game.ja.json").write_bytes(b'{"roles": {}, "x": "' + b"a" * MAX_FILE + b'"}')
    assert load_official(data).notices == (
        f"{data / 'game.ja.json'}: larger than 4 MiB, the most a file of the official data may "
        "be; the language ja is left out",)


def test_a_string_past_its_bound_is_left_out_with_its_key(data):
    game = json.loads((data / "game.de.json").read_text(encoding="utf-8"))
    game["roles"]["chef"]["name"] = "K" * (MAX_NAME + 1)
    (data / "game.de.json").write_text(json.dumps(game), encoding="utf-8")
    official = load_official(data)
    assert official.notices == (f"{data / 'game.de.json'}: roles.chef.name: 201 characters, "
                                "more than the 200 it may have: left out",)
    assert official.own_name("chef", "de") is None


def test_a_key_given_twice_is_a_line_with_its_file_and_key(data):
    text = (data / "game.de.json").read_text(encoding="utf-8")
    (data / "game.de.json").write_text(text.replace('"roles": {', '"roles": {"imp": {}, ', 1),
                                       encoding="utf-8")
    assert load_official(data).notices == (
        f"{data / 'game.de.json'}: the key 'imp' is given twice in one object: the last is used",)


def test_two_files_of_one_language_are_one_line_naming_both(data):
    shutil.copy(data / "game.ja.json", data / "game.ja-JP.json")
    shutil.copy(data / "game.de.json", data / "game.zh_Hans.json")
    shutil.copy(data / "game.de.json", data / "game.zh-Hans.json")
    official = load_official(data)
    assert official.notices == (
        f"{data / 'game.zh_Hans.json'}: game.zh-Hans.json and game.zh_Hans.json are both the "
        "zh-Hans game file: game.zh-Hans.json is read, game.zh_Hans.json is not",)


def test_only_the_languages_asked_for_are_read(data):
    (data / "game.es.json").write_text('{"roles": {"chef": {"name": "Coc', encoding="utf-8")
    os.mkfifo(data / "app.vi.json")
    assert load_official(data, {"ko", "de"}).notices == ()
    official = load_official(data)
    assert official.notices == (
        f"{data / 'app.vi.json'}: cannot read: a FIFO (named pipe), not a file; the language vi is "
        "left out",
        f"{data / 'game.es.json'}:1: not JSON: Unterminated string starting at column 29; the "
        "language es is left out")
    assert sorted(official.counts) == ["de", "en", "ja", "ko"]


def test_roles_json_broken_is_still_an_error(data):
    (data / "roles.json").write_text("[", encoding="utf-8")
    with pytest.raises(AlmanacError, match="roles.json:1: error: not JSON"):
        load_official(data)


def test_a_build_of_every_language_leaves_out_the_broken_one_and_builds_the_rest(data, tmp_path):
    (data / "game.ja.json").write_text("{", encoding="utf-8")
    project = site_project(tmp_path / "project")
    result = almanac("build", "--official", str(data), "--languages", "all", root=project)
    assert result.returncode == 0, result.stderr
    assert f"{data / 'game.ja.json'}:1: not JSON: Expecting property name enclosed in double " \
        "quotes at column 2; the language ja is left out" in result.stderr.splitlines()
    assert sorted(p.name for p in (project / "site").iterdir() if p.is_dir()) == \
        ["de", "en", "ko"]
    asked = almanac("build", "--official", str(data), "--languages", "de,ja", root=project)
    assert asked.returncode == 0, asked.stderr
    assert f"{data / 'game.ja.json'}: ja: its file cannot be used (the line above): left out" \
        in asked.stderr.splitlines()
