"""Every input bounded: work that grows with the input's length, never with its square, and
data files that cannot blow up the reader."""
from __future__ import annotations

import pytest

import generator.checks.reminder_tokens as reminder_tokens
from generator.checks.reminder_tokens import phrases_before, token_name
from generator.facts.languages import load_languages
from generator.pipeline import load_corpus
from tests.conftest import ROOT, corpus_project
from tests.projects import SMALL_ALMANAC, almanac, site_project
from tests.test_bad_input import one_line_error

# ---- checks linear in their input


def test_a_long_run_of_capitals_is_squashed_a_bounded_number_of_times(tmp_path, monkeypatch):
    """A how-to-run step of 3,000 capital words: the token check compares each run of capitals
    by its last few words only (a label is never longer), not by each of its 3,000 endings."""
    run = " ".join(["KNOW"] * 3000)
    text = SMALL_ALMANAC.replace("Show fingers.", f"Mark them with {run} token.")
    corpus = load_corpus(corpus_project(tmp_path, {"en/004_small.txt": text.encode()}))
    squashed = []
    real = reminder_tokens.squash

    def counted(name):
        squashed.append(len(name))
        return real(name)

    monkeypatch.setattr(reminder_tokens, "squash", counted)
    findings = list(token_name(corpus))
    assert findings == []  # KNOW … KNOW ends in the label KNOW
    assert sum(squashed) < 4 * len(run)


def test_the_endings_of_a_token_stop_at_the_longest_label():
    from generator.checks.reminder_tokens import name_endings
    assert name_endings("A DEMON NOT VOTED", 13) == ["voted", "notvoted", "demonnotvoted"]
    assert name_endings(" ".join(["KNOW"] * 100_000), 8) == ["know", "knowknow"]


def test_a_megabyte_word_before_a_reminder_word_is_read_once():
    """A Korean step's token phrase is up to three words before 알림; a word of a million letters
    is scanned once from its start, not once from each letter (the quadratic scan took an hour)."""
    words = load_languages(ROOT / "content" / "languages.yaml")["ko"].tokens
    assert phrases_before("가" * 1_000_000 + " 끝. 독 알림을 놓습니다", words) == [["독"]]


# ---- data files: bounded, and each field of its kind


def _edit(path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_an_alias_bomb_is_refused_at_its_line(tmp_path):
    """Ten lines of aliases of aliases would expand to 20 million names: refused at the line
    where they pass a million, before any is built."""
    project = site_project(tmp_path)
    glossary = project / "content" / "glossary.yaml"
    bomb = "x0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
        f"x{i}: &a{i} [*a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}]\n"
        for i in range(1, 10))
    glossary.write_text(bomb + glossary.read_text(encoding="utf-8"), encoding="utf-8")
    one_line_error(almanac("check", root=project),
                   f"{glossary}:8: error: its aliases expand to more than 1,000,000 values "
                   "(write them out, or fewer)")


def test_aliases_as_yaml_writers_put_them_are_read(tmp_path):
    """PyYAML's writer puts an anchor and an alias for a value that stands twice."""
    project = site_project(tmp_path)
    glossary = project / "content" / "glossary.yaml"
    _edit(glossary, "  reminders:\n  - en: Know\n    ko: 알아냄\n  setup: false\n",
          "  reminders: &know\n  - en: Know\n    ko: 알아냄\n  setup: false\n")
    _edit(glossary, "- id: knight\n  team: townsfolk\n  edition: carousel\n  names:\n    en: Knight\n"
          "    ko: 기사\n  reminders:\n  - en: Know\n    ko: 알아냄\n  - en: Know\n    ko: 알아냄\n",
          "- id: knight\n  team: townsfolk\n  edition: carousel\n  names:\n    en: Knight\n"
          "    ko: 기사\n  reminders: *know\n")
    knight = load_corpus(project).glossary.by_id("botc", "knight")
    assert [token.labels for token in knight.reminders] == [{"en": "Know", "ko": "알아냄"}]


@pytest.mark.parametrize("name", ["languages.yaml", "glossary.yaml", "night-order.yaml"])
def test_a_file_nested_fifty_thousand_deep_is_one_line(tmp_path, name):
    """libyaml's recursion would end the process with SIGSEGV: depth is counted first."""
    project = site_project(tmp_path)
    path = project / "content" / name
    path.write_text("botc:\n  x: " + "[" * 50_000 + "]" * 50_000 + "\n", encoding="utf-8")
    one_line_error(almanac("check", root=project),
                   f"{path}:2: error: nested deeper than 32 levels")


def test_a_mkdocs_yml_nested_fifty_thousand_deep_is_one_line(tmp_path):
    """MkDocs' own loader would recurse past Python's limit (a traceback)."""
    project = site_project(tmp_path)
    config = project / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8") + "extra_deep:\n  x: " +
                      "{a: " * 50_000 + "1" + "}" * 50_000 + "\n", encoding="utf-8")
    line = config.read_text(encoding="utf-8").count("\n")
    one_line_error(almanac("build", root=project), f"{config}:{line}: error: nested deeper "
                                                   "than 32 levels")
    assert not (project / "site").exists()


@pytest.mark.parametrize("name, old, new, message", [
    ("glossary.yaml", "  team: townsfolk\n  edition: carousel\n",
     "  team: [townsfolk]\n  edition: carousel\n",
     "+0: error: botc[0].team: expected text, found a list"),
    ("glossary.yaml", "  edition: carousel\n", "  edition: 3\n",
     "+0: error: botc[0].edition: expected text, found a number '3'"),
    ("glossary.yaml", "  names:\n    en: Steward\n", "  names:\n    en: [Steward]\n",
     "+1: error: botc[0].names.en: expected text, found a list"),
    ("glossary.yaml", "  team: townsfolk\n  edition: carousel\n",
     "  tema: townsfolk\n  edition: carousel\n",
     "+0: error: botc[0].tema: no such field (the fields are: id, names, team, aliases, edition, "
     "reminders, setup, flavor_scripts, jinxes)"),
    ("languages.yaml", "  search:\n    lang: [ko, en]\n", "  search:\n    lang: ko\n",
     "+1: error: ko.search.lang: expected a list, found text 'ko'"),
    ("languages.yaml", "  name: 한국어\n", "  name: {ko: 한국어}\n",
     "+0: error: ko.name: expected text, found a mapping"),
    ("languages.yaml", "    first: 첫날 밤\n", "    first: 첫날 (밤\n",
     "+0: error: ko.night.first: not a regular expression: missing ), unterminated subpattern "
     "at position 3"),
    ("languages.yaml", "en:\n", "no:\n",
     "+0: error: the file: expected a name as the key, found true or false 'no'"),
    ("night-order.yaml", "  doppelganger: doppelganger\n", "  doppelganger: [doppelganger]\n",
     "+0: error: onuw.rules.doppelganger: expected text, found a list"),
    ("night-order.yaml", "    wolf_team: werewolf\n", "",
     "-1: error: onuw.rules: the field 'wolf_team' is missing"),
])
def test_every_field_of_a_data_file_is_of_its_kind(tmp_path, name, old, new, message):
    """message: the line, counted from the edit's first line ("+1: …"), and what is said."""
    project = site_project(tmp_path)
    path = project / "content" / name
    text = path.read_text(encoding="utf-8")
    offset, said = message.split(":", 1)
    line = text[:text.index(old)].count("\n") + 1 + int(offset)  # read from the file: an edit
    _edit(path, old, new)                                        # above it moves it
    one_line_error(almanac("check", root=project), f"{path}:{line}:{said}")


@pytest.mark.parametrize("name, old, new, message", [
    ("glossary.yaml", "- id: steward\n", '- id: "steward\\n"\n',
     "botc 'steward\\x0a': an id is lower-case letters, digits and hyphens (at most 50)"),
    ("languages.yaml", "en:\n", '"en\\n":\n',
     "'en\\x0a' is no language code (such as ko, en, pt-BR, zh_Hans): it names folders and pages"),
])
def test_an_id_or_code_with_a_trailing_line_break_is_no_slug(tmp_path, name, old, new, message):
    project = site_project(tmp_path)
    path = project / "content" / name
    _edit(path, old, new)
    one_line_error(almanac("check", root=project), f"{path}: error: {message}")
