"""The night of every how-to-run step: a table read by a person (tests/data/night-steps.tsv) is
the truth, and the code agrees with every row of it. A row names its step by the file and the
step's first words; its line is read from the file, so that an edit above it moves it along."""
from __future__ import annotations

import csv

import pytest

from generator.parse.night_steps import CLASSES, step_classes
from tests.conftest import FILES, ROOT, line_of

TABLE = ROOT / "tests" / "data" / "night-steps.tsv"


def table() -> dict[tuple[str, int], dict[str, str]]:
    with TABLE.open(encoding="utf-8", newline="") as rows:
        return {(row["file"], line_of(row["file"], row["step"])): row
                for row in csv.DictReader(rows, delimiter="\t")}


def classified(corpus) -> dict[tuple[str, int], tuple[str, str, str]]:
    """(file, line) → (id, lang, class) of every how-to-run step of 000, 001 and 004."""
    files = {FILES[key] for key in ("000", "001", "004")}
    found = {}
    for character in corpus.characters:
        for lang, entries in character.places.items():
            for entry in entries:
                if entry.file not in files:
                    continue
                words = corpus.languages[lang].night
                fixes = corpus.night_order.step_fixes(character.id, lang)
                for step, kind in zip(entry.how_to_run,
                                      step_classes(entry.how_to_run, words, fixes), strict=True):
                    found[(entry.file, step.line)] = (character.id, lang, kind)
    return found


def test_the_table_holds_every_step_once_with_a_known_class(corpus):
    rows = table()
    assert sorted(rows) == sorted(classified(corpus))
    assert len(rows) == 162
    assert {row["class"] for row in rows.values()} == set(CLASSES)


def test_the_code_agrees_with_every_row(corpus):
    code = classified(corpus)
    disagreements = [(f"{file}:{line}", row["id"], row["class"], code[(file, line)][2])
                     for (file, line), row in table().items()
                     if row["class"] != code[(file, line)][2]]
    assert disagreements == []


@pytest.mark.parametrize("file, step, expected", [
    # Snake Charmer: the swap when the Demon is chosen follows 매일 밤
    (FILES["000"], "그 플레이어가 악마가 아니라면 아무 일도 일어나지 않습니다. 뱀조련사를", "each"),
    # Widow: waking the KNOW player follows 첫날 밤
    (FILES["000"], "알고 있음 알림이 있는 플레이어를 깨워 과부 캐릭터 토큰을", "first"),
    (FILES["000"], "첫날 밤, 각 하수인을 깨워 아가씨 토큰을", "first"),  # Damsel
    # Bounty Hunter: when the known player dies, 그날 밤 …
    (FILES["000"], "알고 있음 알림이 있는 플레이어가 죽을 때마다", "other"),
    (FILES["004"], "If the chosen character is not in play, wake the chosen", "other"),  # Pit-Hag
    # Issue 17's misreadings: the small-game advice of the Fortune Teller is set-up, not a
    # night; the Goon's "at night, if a player uses their ability on the Goon" is each night;
    # the Banshee's "if the Demon killed the Banshee" is each night but the first.
    (FILES["000"], "인원이 적은 게임에서는 점쟁이 자신을 미끼로", "setup"),
    (FILES["000"], "밤에 어떤 플레이어가 자신의 능력을 건달에게 사용했고", "each"),
    (FILES["001"], "밴시가 악마에게 죽었다면, 밴시 옆에", "other"),
    (FILES["001"], "밴시가 악마에게 죽더라도 그 순간 능력이 없었거나", "other"),
])
def test_the_steps_the_issue_names(corpus, file, step, expected):
    assert classified(corpus)[(file, line_of(file, step))][2] == expected
