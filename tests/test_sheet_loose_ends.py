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
        '<strong>Imp · Guardian</strong>: <span lang="en">If the Imp attacks the '
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
