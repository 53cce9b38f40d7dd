"""`almanac parse` writes the records contract; `almanac check` prints and exits by severity."""
import json
import subprocess
import sys

from tests.conftest import ROOT, corpus_project


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
    assert entry["sources"][0] == {"file": "content/ko/000_a5b1c4d9f849e54a.txt", "line": 11}
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
    assert ("content/ko/003_c098a8bce9e2239e.txt:5: warning toc-mismatch: contents number 4 for "
            "'유물토큰', chapter heading at line 296 says 5") in result.stdout.splitlines()


def test_check_strict_fails_on_warnings_and_json_format():
    assert almanac("check", "--strict").returncode == 1
    found = json.loads(almanac("check", "--format", "json").stdout)
    assert {"severity": "warning", "code": "damaged-name",
            "file": "content/en/004_12a4a26f551c30b4.txt", "line": 80,
            "message": "name 'Professor1-75' carries stray characters; read as 'Professor'",
            "text": "Professor1-75"} in found


def test_check_exits_1_on_an_error(tmp_path):
    corpus_project(tmp_path, {"ko/bad.txt": b"\xff"})
    result = almanac("--root", str(tmp_path), "check")
    assert result.returncode == 1
    assert result.stdout.startswith("content/ko/bad.txt:1: error undecodable:")
