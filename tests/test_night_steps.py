"""The night of every how-to-run step: a table read by a person (tests/data/night-steps.tsv) is
the truth, and the code agrees with every row of it."""
from __future__ import annotations

import csv

import pytest

from generator.parse.night_steps import CLASSES, step_classes
from tests.conftest import FILES, ROOT

TABLE = ROOT / "tests" / "data" / "night-steps.tsv"


def table() -> dict[tuple[str, int], dict[str, str]]:
    with TABLE.open(encoding="utf-8", newline="") as rows:
        return {(row["file"], int(row["line"])): row
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


@pytest.mark.parametrize("file, line, expected", [
    (FILES["000"], 114, "each"),   # Snake Charmer: the swap when the Demon is chosen follows 매일 밤
    (FILES["000"], 297, "first"),  # Widow: waking the KNOW player follows 첫날 밤
    (FILES["000"], 243, "first"),  # Damsel: 첫날 밤, 각 하수인을 깨워…
    (FILES["000"], 52, "other"),   # Bounty Hunter: when the known player dies, 그날 밤 …
    (FILES["004"], 162, "other"),  # Pit-Hag: "If the chosen character is not in play, wake…"
    # Issue 17's misreadings: the small-game advice of the Fortune Teller is set-up, not a
    # night; the Goon's "at night, if a player uses their ability on the Goon" is each night;
    # the Banshee's "if the Demon killed the Banshee" is each night but the first.
    (FILES["000"], 150, "setup"),
    (FILES["000"], 228, "each"),
    (FILES["001"], 79, "other"),
    (FILES["001"], 80, "other"),
])
def test_the_steps_the_issue_names(corpus, file, line, expected):
    assert classified(corpus)[(file, line)][2] == expected
