"""The editors' nights of steps (content/night-steps.yaml): read and checked like every data
file, applied to the sheets, shown by `check` where they override a step's words."""
from __future__ import annotations

import os

import pytest

from generator.facts.step_nights import StepNight
from generator.views.corpus_script import from_corpus
from generator.views.nightsheet import build_sheet
from tests.conftest import FILES, corpus_project, line_of
from tests.projects import SMALL_ALMANAC, almanac


def text(sheet, ident):
    row = next(r for r in (*sheet.rows, *sheet.also) if r.id == ident)
    return "\n".join("".join(p.text for p in line) for line in row.instructions)


def entry_line(step: str) -> int:
    """The line of content/night-steps.yaml that begins the correction of `step`: two above the
    step's own line (its character, then its language)."""
    return line_of("content/night-steps.yaml", f"step: {step}", whole=True) - 2


def test_the_projects_corrections_are_loaded_with_their_lines(corpus):
    assert corpus.night_order.step_nights[:3] == (
        StepNight("fortuneteller", "ko", "인원이 적은 게임에서는", "setup", entry_line("인원이 적은 게임에서는")),
        StepNight("banshee", "ko", "밴시가 악마에게 죽었다면", "other", entry_line("밴시가 악마에게 죽었다면")),
        StepNight("banshee", "ko", "밴시가 악마에게 죽더라도", "other", entry_line("밴시가 악마에게 죽더라도")))
    assert len(corpus.night_order.step_nights) == 15


def test_the_sheets_follow_them(corpus):
    script = from_corpus(next(s for s in corpus.scripts if s.id == "000"))
    for night in ("first", "other"):
        # The small-game advice is set-up: on neither night.
        assert "인원이 적은 게임에서는" not in text(build_sheet(corpus, script, "ko", night),
                                            "fortuneteller")
    banshee = build_sheet(corpus, script.__class__("t", "t", None, ("banshee",)), "ko", "other")
    assert text(banshee, "banshee").split("\n")[0].startswith("밴시가 악마에게 죽었다면")
    assert not next(r for r in banshee.rows if r.id == "banshee").no_step_tonight


def test_a_character_that_does_not_wake_but_acts_tonight_is_on_the_sheet(corpus):
    """The Goon wakes on no night, yet its almanac has a step for every night."""
    script = from_corpus(next(s for s in corpus.scripts if s.id == "000"))
    for night in ("first", "other"):
        sheet = build_sheet(corpus, script, "ko", night)
        assert "goon" not in [r.id for r in sheet.rows] + [c.id for c in sheet.not_waking]
        assert text(sheet, "goon").startswith("밤에 어떤 플레이어가 자신의 능력을 건달에게 사용했고")


def test_check_shows_each_step_whose_night_is_set(diagnostics):
    found = [(d.file, d.line) for d in diagnostics if d.code == "night-step-set"]
    assert found == [(FILES[key], line_of(FILES[key], step)) for key, step in (
        ("004", "Each time a character's ability works abnormally"),
        ("004", "Whenever appropriate, treat the Hermit"),
        ("004", "During the game, act as if the Drunk"),
        ("004", "When the Plague Doctor dies, place a Minion character token"),
        ("004", "When this Minion would normally act"),
        ("004", "When the first night has ended, declare"),
        ("004", "Treat the Demon player as if they had this character ability"),
        ("004", "While the Vortox is alive"),
        ("004", "During the first night after the Apprentice enters play"),
        ("000", "선택 가능한 살아 있는 플레이어가 두 명 미만이라면"),
        ("000", "인원이 적은 게임에서는"),
        ("000", "매일 밤, 진짜 악마가 공격하기 전에"),
        ("000", "보르톡스가 살아 있는 동안에는"),
        ("001", "밴시가 악마에게 죽었다면"),
        ("001", "밴시가 악마에게 죽더라도"))]
    assert {d.severity for d in diagnostics if d.code == "night-step-set"} == {"info"}


def test_check_prints_the_override_and_a_correction_matching_nothing(tmp_path):
    corpus_project(tmp_path, {"en/004_small.txt": SMALL_ALMANAC.encode()})
    (tmp_path / "content" / "night-steps.yaml").write_text(
        "steps:\n"
        "- {character: imp, lang: en, step: Each night except the first, night: first}\n"
        "- {character: chef, lang: en, step: Nothing begins so, night: setup}\n"
        "- {character: chef, lang: en, step: During the first night, night: first}\n",
        encoding="utf-8")
    result = almanac("check", root=tmp_path)
    lines = [line for line in result.stdout.split("\n") if "night-step" in line]
    assert lines == [
        "content/en/004_small.txt:14: info night-step-set: Imp: content/night-steps.yaml:2 puts "
        "this step in the first night; its words alone put it in the nights after the first",
        "content/night-steps.yaml:3: warning night-step-unmatched: no English how-to-run step of "
        "Chef begins with 'Nothing begins so'",
        "content/night-steps.yaml:4: warning night-step-unneeded: Chef: "
        "content/night-steps.yaml:4 puts this step in the first night, where its words alone "
        "put it already"]
    korean = almanac("check", "--lang", "ko", root=tmp_path).stdout
    assert "이 단계를 첫날 밤으로 정했습니다. 문장 표현만 보면 첫날 밤 이후입니다" in korean


@pytest.mark.parametrize("yaml, message", [
    ("steps: {a: 1}\n", "content/night-steps.yaml:1: error: steps: expected a list, found a "
                        "mapping"),
    ("steps:\n- {character: imp, lang: en, step: x, night: dusk}\n",
     "content/night-steps.yaml:2: error: night 'dusk' is not one of setup, first, other, each, "
     "day"),
    ("steps:\n- {character: nobody, lang: en, step: x, night: first}\n",
     "content/night-steps.yaml:2: error: character 'nobody' is not in the glossary"),
    ("steps:\n- {character: imp, lang: fr, step: x, night: first}\n",
     "content/night-steps.yaml:2: error: lang 'fr' is not a language of content/languages.yaml"),
    ("steps:\n- {character: imp, lang: en, night: first}\n",
     "content/night-steps.yaml:2: error: steps[0]: the field 'step' is missing"),
    ("steps:\n- {character: imp, lang: en, step: ' ', night: first}\n",
     "content/night-steps.yaml:2: error: step: empty"),
    ("steps:\n- {character: imp, lang: en, step: x, night: first, line: 3}\n",
     "content/night-steps.yaml:2: error: steps[0].line: no such field (the fields are: "
     "character, lang, step, night, why)"),
    ("steps:\n- {character: imp, lang: en, step: x, night: first}\n"
     "- {character: imp, lang: en, step: x, night: other}\n",
     "content/night-steps.yaml:3: error: this step is already set at line 2"),
    ("steps:\n- imp\n", "content/night-steps.yaml:2: error: steps[0]: expected a mapping of "
                        "fields, found text 'imp'"),
])
def test_a_wrong_correction_is_one_line_with_its_place(tmp_path, yaml, message):
    corpus_project(tmp_path, {"en/004_small.txt": SMALL_ALMANAC.encode()})
    (tmp_path / "content" / "night-steps.yaml").write_text(yaml, encoding="utf-8")
    result = almanac("check", root=tmp_path)
    assert (result.returncode, result.stderr) == (2, f"{tmp_path / 'content' / 'night-steps.yaml'}"
                                                  f"{message.removeprefix('content/night-steps.yaml')}\n")


@pytest.mark.parametrize("make, reason", [
    (lambda path: path.mkdir(), "a folder, not a file"),
    (lambda path: os.mkfifo(path), "a FIFO (named pipe), not a file"),
    (lambda path: path.symlink_to(path.parent / "gone.yaml"), "No such file or directory"),
])
def test_a_corrections_file_that_cannot_be_read_is_refused_not_skipped(tmp_path, make, reason):
    """Only a file that is not there at all means no corrections: one of its name that cannot
    be read is refused, as the other data files are (once it was silently left out)."""
    corpus_project(tmp_path, {"en/004_small.txt": SMALL_ALMANAC.encode()})
    path = tmp_path / "content" / "night-steps.yaml"
    make(path)
    result = almanac("check", root=tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (
        2, "", f"{path}: error: cannot read: {reason}\n")
