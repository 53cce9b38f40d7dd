"""`almanac parse` writes the records contract; `almanac check` prints and exits by severity;
the command line's help, version and output levels."""
import argparse
import json
import os
import re
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

from generator.cli import command_line
from generator.commands.serve import Preview
from tests.conftest import FILES, ROOT, corpus_project, line_of
from tests.projects import SMALL_ALMANAC, site_project


def almanac(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "generator.cli", *args], cwd=cwd,
                          capture_output=True, text=True, encoding="utf-8")


def test_parse_writes_the_records_contract(tmp_path):
    out = tmp_path / "records.json"
    result = almanac("parse", "--json", str(out))
    assert result.returncode == 0, result.stderr
    document = json.loads(out.read_text(encoding="utf-8"))
    assert set(document) >= {"characters", "scripts", "diagnostics"}
    noble = next(c for c in document["characters"] if c["id"] == "noble")
    assert (noble["game"], noble["team"], noble["names"]) == \
        ("botc", "townsfolk", {"en": "Noble", "ko": "귀족"})
    entry = noble["entries"]["ko"]
    assert entry["sources"][0] == {"file": FILES["000"],
                                   "line": line_of(FILES["000"], "귀족", whole=True)}
    assert entry["how_to_run"][1] == "첫날 밤, 귀족을 깨우고 알고 있음 알림이 놓인 세 플레이어를 모두 가리킨 뒤 다시 재우세요."
    assert set(entry["status"].values()) <= {"present", "missing", "placeholder", "untranslated"}
    diagnostic = document["diagnostics"][0]
    assert set(diagnostic) >= {"severity", "code", "file", "line", "message"}


def test_parse_is_deterministic(tmp_path):
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    almanac("parse", "--json", str(first))
    almanac("parse", "--json", str(second))
    assert first.read_bytes() == second.read_bytes()


def test_check_prints_file_line_severity_code_message():
    result = almanac("check")
    assert result.returncode == 0  # the corpus has warnings, no errors
    contents = line_of(FILES["003"], "4. 유물토큰", whole=True)
    chapter = line_of(FILES["003"], "5. 유물토큰", whole=True)
    assert (f"{FILES['003']}:{contents}: warning toc-mismatch: contents number 4 for "
            f"'유물토큰', chapter heading at line {chapter} says 5") in result.stdout.splitlines()


def test_check_strict_fails_on_warnings_and_json_format():
    assert almanac("check", "--strict").returncode == 1
    found = json.loads(almanac("check", "--format", "json").stdout)
    assert {"severity": "warning", "code": "damaged-name",
            "file": FILES["004"], "line": line_of(FILES["004"], "Professor1-75", whole=True),
            "message": "name 'Professor1-75' carries stray characters; read as 'Professor'",
            "text": "Professor1-75"} in found


def test_check_exits_1_on_an_error(tmp_path):
    corpus_project(tmp_path, {"ko/bad.txt": b"\xff"})
    result = almanac("--root", str(tmp_path), "check")
    assert result.returncode == 1
    assert result.stdout.startswith("content/ko/bad.txt:1: error undecodable:")


# ---- the command line itself: help, version, how much each command says

SMALL_WITH_AN_ERROR = {"en/004_small.txt": SMALL_ALMANAC.encode(), "en/005_bad.txt": b"Townsfolk\n\xff\n"}


def test_every_command_and_option_has_help():
    """Walks the parser: an option without help (once --format, --port, --night, the -o of
    export-script and export-po) fails here, as does a command missing from `almanac -h`."""
    parser = command_line()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    listed = {choice.dest: choice.help for choice in commands._choices_actions}
    assert sorted(listed) == sorted(commands.choices) == sorted([
        "parse", "check", "build", "serve", "nightsheet", "scriptsheet", "print", "narration",
        "export-script", "export-po", "import-po", "update-po", "export-glossary", "official"])
    assert all(listed.values())
    lacking = [f"{name} {'/'.join(action.option_strings) or action.dest}"
               for name, command in [("almanac", parser), *commands.choices.items()]
               for action in command._actions
               if not isinstance(action, argparse._SubParsersAction)
               and not (action.help and action.help.strip())]
    assert lacking == []
    usage = almanac("-h").stdout
    assert [name for name in commands.choices
            if not re.search(rf"^    {name}\s", usage, re.MULTILINE)] == []
    # A command's own -h opens with the summary `almanac -h` gives it.
    assert {name: command.description for name, command in commands.choices.items()} == {
        name: f"{summary[0].upper()}{summary[1:]}." for name, summary in listed.items()}
    assert almanac("print", "-h").stdout.split("\n\n")[1] == \
        "Every sheet of a script as one-page PDFs."


def test_version():
    result = almanac("--version")
    assert (result.returncode, result.stdout) == (0, f"almanac {version('almanac')}\n")


def test_check_ends_with_a_count_line_in_the_readers_language(tmp_path):
    site_project(tmp_path, SMALL_WITH_AN_ERROR)
    result = almanac("check", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        "content/en/004_small.txt:2: info missing-translation: Chef (요리사) has no Korean entry",
        "content/en/004_small.txt:9: info missing-translation: Imp (임프) has no Korean entry",
        "content/en/005_bad.txt:2: error undecodable: not UTF-8 at byte 10: invalid start byte; "
        "file skipped"]
    # Then what each language lacks, as the report and export-po count it.
    assert result.stderr.splitlines() == [
        "2 characters, 0 scripts, 0 rulebooks; 1 error, 0 warnings, 2 infos",
        "Korean: 8 texts to translate (export-po --lang ko)",
        "English: 0 texts to translate (export-po --lang en)"]
    korean = almanac("check", "--lang", "ko", "--format", "json", cwd=tmp_path)
    assert len(json.loads(korean.stdout)) == 3
    assert korean.stderr.splitlines() == [
        "캐릭터 2개, 스크립트 0개, 규칙서 0개; 오류 1개, 경고 0개, 정보 2개",
        "한국어: 번역할 텍스트 8개 (export-po --lang ko)",
        "영어: 번역할 텍스트 0개 (export-po --lang en)"]


def test_quiet_says_only_what_is_wrong(tmp_path):
    site_project(tmp_path, SMALL_WITH_AN_ERROR)
    result = almanac("check", "-q", cwd=tmp_path)  # check's findings are its output: no infos
    assert (result.returncode, result.stderr) == (1, "")
    assert result.stdout == ("content/en/005_bad.txt:2: error undecodable: not UTF-8 at byte 10: "
                             "invalid start byte; file skipped\n")
    exported = tmp_path / "s.json"
    result = almanac("export-script", "--quiet", "000", "-o", str(exported))  # the corpus's
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")
    assert json.loads(exported.read_text(encoding="utf-8"))[0]["author"] == "Mup"
    result = almanac("build", "-q", cwd=tmp_path)  # stops at the error: that is all it says
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr.splitlines() == [
        "content/en/005_bad.txt:2: undecodable: not UTF-8 at byte 10: invalid start byte; file "
        "skipped",
        "Site not built: 1 error above; the previous site/ is unchanged. Fix them, or pass "
        "--allow-errors to build anyway."]
    result = almanac("check", "-q", "-v", cwd=tmp_path)
    assert (result.returncode, result.stderr) == (
        2, "error: argument -v/--verbose: not allowed with argument -q/--quiet (see `almanac "
           "check -h`)\n")


WARNING = ("content/en/006_name.txt:2: damaged-name: name 'Chef1-75' carries stray characters; "
           "read as 'Chef'")


def test_verbose_build_and_preview_list_warnings_beside_errors(tmp_path, capsys):
    site_project(tmp_path, {**SMALL_WITH_AN_ERROR, "en/006_name.txt": b"Townsfolk\nChef1-75\n"})
    plain = almanac("build", cwd=tmp_path).stderr.splitlines()
    verbose = almanac("build", "-v", cwd=tmp_path).stderr.splitlines()
    assert [line for line in verbose if line not in plain] == [WARNING]
    assert Preview(tmp_path, "http://127.0.0.1:8000/").update() is None  # the error stops it
    plain = capsys.readouterr().err.splitlines()
    assert Preview(tmp_path, "http://127.0.0.1:8000/", verbose=True).update() is None
    assert [line for line in capsys.readouterr().err.splitlines() if line not in plain] == \
        [WARNING]


def test_build_names_the_command_as_the_user_can_type_it(tmp_path):
    """Started by its path (as scripts/build starts it, the PATH not finding it), from another
    folder than the project: the last line gives that path and --root, to be typed as is."""
    program = Path(sys.executable).parent / "almanac"
    site_project(tmp_path / "project")
    (tmp_path / "elsewhere").mkdir()
    result = subprocess.run([str(program), "--root", "../project", "build"],
                            cwd=tmp_path / "elsewhere", capture_output=True, text=True,
                            env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "PATH": "/usr/bin:/bin"})
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == \
        "2 characters, 0 scripts, 0 rulebooks; 0 errors, 0 warnings, 2 infos"
    assert result.stdout.splitlines()[-1] == (
        f"Site built in ../project/site. Open it with: {program} --root ../project serve (then "
        "http://127.0.0.1:8000/)")
