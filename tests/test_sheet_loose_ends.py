"""Issue 39, item 4: sheets without loose ends. Token marks in every text a sheet prints (the
script's own jinxes and house rules too), a token listed N times as one chip ×N, information
rows only where the script has someone to show, and `print --lang all` closing with one line
for the languages it left out and one for those mostly in another language."""
from __future__ import annotations

import re

import pytest

from tests.conftest import ROOT
from tests.projects import almanac

SCRIPTS = ROOT / "tests" / "fixtures" / "scripts"
LOOSE = SCRIPTS / "loose-ends.json"
REMINDER = '<span class="nightsheet-reminder" title="reminder token">◉</span>'


def sheet(tmp_path, kind, script=LOOSE, lang="en"):
    out = tmp_path / f"{kind}.html"
    args = ("scriptsheet",) if kind == "script" else ("nightsheet", "--night", kind)
    result = almanac(*args, str(script), "--lang", lang, "--html", str(out))
    assert result.returncode == 0, result.stderr
    return out.read_text(encoding="utf-8")


def test_the_scripts_own_jinx_and_house_rules_print_their_marks(tmp_path):
    html = sheet(tmp_path, "script")
    jinx = re.search(r'<li data-jinx="imp nightwarden" data-source="script">(.*?)</li>', html)
    assert jinx and jinx.group(1) == (
        '<strong>Guardian · Imp</strong>: <span lang="en">If the Imp attacks the '
        f'{REMINDER} player, the <strong class="nightsheet-mark">GUARDIAN</strong> learns '
        'it.</span>')
    rules = re.search(r'<section class="scriptsheet-bootlegger">.*?</section>', html, re.S)
    assert rules and f"<li>The {REMINDER} of the <strong class=\"nightsheet-mark\">GUARDIAN" \
        "</strong> stays on its player.</li>" in rules.group(0)
    for night in ("script", "first", "other"):
        text = sheet(tmp_path, night)
        assert ":reminder:" not in text and "*GUARDIAN*" not in text and "*SAFE*" not in text


def test_a_token_listed_n_times_is_one_chip_with_its_count(tmp_path):
    html = sheet(tmp_path, "first")
    row = re.search(r'<tr [^>]*data-id="nightwarden">.*?</tr>', html, re.S).group(0)
    assert re.findall(r'<span class="nightsheet-token">([^<]*)</span>', row) == \
        ["Safe ×13", "Used"]


@pytest.mark.parametrize("script, info", [
    (LOOSE, ["demoninfo"]),  # a Demon, no Minion
    (SCRIPTS / "minion-no-demon.json", ["minioninfo"]),
])
def test_information_rows_only_for_a_team_the_script_has(tmp_path, script, info):
    html = sheet(tmp_path, "first", script)
    rows = re.findall(r'<tr class="nightsheet-row[^"]*" data-id="([a-z_]+)"', html)
    assert [row for row in rows if row.endswith("info")] == info


def test_print_all_ends_with_a_line_for_the_languages_left_out_and_one_for_the_foreign(
        tmp_path):
    """`print --lang all` said one line for each language it left out (24 with the real data)
    and nothing of the languages whose sheets are mostly another's: now one line each, last."""
    from tests.projects import site_project
    from tests.test_data_languages import official_folder
    root = site_project(tmp_path)
    official_folder(root)  # he: too little; tlh: no language; five with the Chef alone
    (root / "four.json").write_text('[{"id": "_meta", "name": "Four"}, "chef", '
                                    '"fortuneteller", "poisoner", "imp"]', encoding="utf-8")
    result = almanac("print", "four.json", "-o", "out", "--lang", "all", "--official",
                     "official", root=root)
    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    assert lines[-2:] == [
        "official: 1 language of the official data left out, too little to make sheets in: "
        "tlh (no language CLDR knows)",
        "four.json: 6 languages of 8 have sheets mostly in another language (texts in another "
        "language/texts): de 8/10, he 10/10, ja 8/10, ru 8/10, th 8/10, zh-Hans 8/10"]
    # Each left out once, in that line: no line of its own.
    assert [line for line in lines if "game.he.json" in line or "'tlh'" in line] == []
