"""A translation store that cannot be read whole (carriage returns alone, git's conflict markers,
a link out of the project) is named at its line in the reader's language, and no command writes
over it or through it; what a language lacks is one count everywhere; a translation is never a
source, and every `#:` names a real line of the text it came from."""
from __future__ import annotations

import json
import re
import shutil
from collections import Counter

import pytest

from generator.pipeline import load_corpus
from generator.read.po import read_po_bytes
from generator.translation.lacking import lacking, lacking_roles, lacking_titles
from generator.views.report import report_view
from tests.conftest import project_copy
from tests.projects import almanac

STORE = "content/en/translations.po"
KO_STORE = "content/ko/translations.po"
PROFESSOR = "게임당 한 번, 밤*에 죽은 플레이어를 선택할 수 있습니다. 해당 플레이어가 주민이라면 부활합니다."
HEADER = 'msgid ""\nmsgstr ""\n"Language: {lang}\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n'


def po(lang: str, *messages: tuple[str, str, str]) -> bytes:
    return (HEADER.format(lang=lang) + "".join(
        f'\nmsgctxt "{c}"\nmsgid "{i}"\nmsgstr "{s}"\n' for c, i, s in messages)).encode()


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    """The corpus with an English store made by update-po, the Professor's and the Farmer's
    abilities translated (the English file holds them in Korean; Korean lacks the Farmer's)."""
    project = project_copy(tmp_path_factory.mktemp("project"), stores=False)
    assert almanac("update-po", "--lang", "en", root=project).returncode == 0
    farmer = load_corpus(project).character("botc", "farmer").entries["en"].ability.text
    (project / "in.po").write_bytes(po("en", ("professor/ability", PROFESSOR, "Once per game."),
                                       ("farmer/ability", farmer, "A good player becomes one.")))
    assert almanac("import-po", "in.po", root=project).returncode == 0
    return project


@pytest.fixture
def store(project):
    """The store's bytes; put back after the test."""
    good = (project / STORE).read_bytes()
    yield good
    (project / STORE).unlink(missing_ok=True)
    (project / STORE).write_bytes(good)
    (project / "out.po").unlink(missing_ok=True)


def refusals(project, expected: bytes) -> list[tuple[int, str]]:
    """What update-po, import-po and export-po say of the store, each leaving it as it was."""
    said = []
    for command in (("update-po", "--lang", "en"), ("import-po", "in.po"),
                    ("export-po", "--lang", "en", "-o", "out.po")):
        run = almanac(*command, root=project)
        said.append((run.returncode, run.stderr))
        assert (project / STORE).read_bytes() == expected
    assert not (project / "out.po").exists()
    return said


def found(project, code: str, *options: str) -> list[str]:
    run = almanac("check", *options, root=project)
    return [line for line in run.stdout.splitlines() if f" {code}: " in line]


def test_a_store_saved_with_carriage_returns_alone_is_refused_and_never_written_over(project,
                                                                                    store):
    # msgfmt reads a carriage return as a space: the store's first comment runs to its end.
    old_mac = store.replace(b"\n", b"\r")
    (project / STORE).write_bytes(old_mac)
    check = almanac("check", root=project)
    assert check.returncode == 1
    english = "the lines end in a carriage return alone (as old Mac editors save them), which " \
              "msgfmt does not read as line ends; save the file with LF line ends; the " \
              "store's translations are not shown"
    assert f"{STORE}:1: error store-unreadable: {english}" in check.stdout.splitlines()
    assert found(project, "store-unreadable", "--lang", "ko") == [
        f"{STORE}:1: error store-unreadable: 줄 끝이 캐리지 리턴(CR) 하나뿐입니다(옛 Mac 편집기가 "
        "이렇게 저장합니다). msgfmt는 이를 줄 끝으로 읽지 않습니다. 파일을 LF 줄 끝으로 저장하세요. "
        "번역 저장소의 번역을 보여 주지 않습니다"]
    assert load_corpus(project).stores.get("en") is None
    assert refusals(project, old_mac) == [
        (2, f"{STORE}:1: error: {english}; not written until it can be read whole\n")] * 3
    # A Korean update-po says it in Korean.
    (project / KO_STORE).write_bytes(po("ko").replace(b"\n", b"\r"))
    try:
        run = almanac("update-po", "--lang", "ko", root=project)
        assert (run.returncode, run.stderr) == (
            2, f"{KO_STORE}:1: error: 줄 끝이 캐리지 리턴(CR) 하나뿐입니다(옛 Mac 편집기가 이렇게 "
               "저장합니다). msgfmt는 이를 줄 끝으로 읽지 않습니다. 파일을 LF 줄 끝으로 저장하세요. 번역 "
               "저장소의 번역을 보여 주지 않습니다. 전부 읽을 수 있을 때까지 이 파일에 쓰지 않습니다\n")
    finally:
        (project / KO_STORE).unlink()


def test_git_conflict_markers_are_a_merge_conflict_at_their_line(project, store):
    text = store.decode()
    at = text.index('msgctxt "professor/ability"')
    merged = text[:at] + "<<<<<<< HEAD\n" + text[at:].replace(
        'msgstr "Once per game."\n', 'msgstr "Once per game."\n=======\nmsgctxt '
        '"professor/ability"\nmsgid ""\nmsgstr "Once a game."\n>>>>>>> theirs\n', 1)
    (project / STORE).write_text(merged, encoding="utf-8")
    line = text[:at].count("\n") + 1
    english = "a merge conflict: git's marker <<<<<<< at this line; keep one text of each " \
              "message between the markers and remove the marker lines; the store's " \
              "translations are not shown"
    assert found(project, "store-unreadable") == [f"{STORE}:{line}: error store-unreadable: "
                                                  f"{english}"]
    assert found(project, "store-unreadable", "--lang", "ko") == [
        f"{STORE}:{line}: error store-unreadable: 병합 충돌입니다. 이 줄에 git의 충돌 표시(<<<<<<<)가 "
        "있습니다. 표시 사이에서 메시지마다 글을 하나만 남기고 표시 줄을 지우세요. 번역 저장소의 번역을 "
        "보여 주지 않습니다"]
    # export-po offers nothing as if untranslated: it refuses, as update-po and import-po do.
    assert refusals(project, merged.encode()) == [
        (2, f"{STORE}:{line}: error: {english}; not written until it can be read whole\n")] * 3


def test_a_store_linked_out_of_the_project_is_not_read_nor_written_through(project, store,
                                                                          tmp_path):
    outside = tmp_path / "elsewhere.po"
    outside.write_bytes(store)
    (project / STORE).unlink()
    (project / STORE).symlink_to(outside)
    assert found(project, "linked-out") == [
        f"{STORE}:1: warning linked-out: a link out of the project: not read, nothing of it "
        "published; copy the file into content/ to have it read"]
    corpus = load_corpus(project)
    assert "en" not in corpus.stores
    assert corpus.character("botc", "professor").entries["en"].section_file("ability") != STORE
    said = refusals(project, store)
    assert said == [(2, f"{STORE}:1: error: a link out of the project: not read, nothing of it "
                        "published; copy the file into content/ to have it read; not written "
                        "until it can be read whole\n")] * 3
    assert outside.read_bytes() == store
    # A link inside the project is read, and written through.
    (project / STORE).unlink()
    shutil.copy(outside, project / "content/en/kept.po")
    (project / STORE).symlink_to("kept.po")
    assert "en" in load_corpus(project).stores
    (project / STORE).unlink()
    (project / "content/en/kept.po").unlink()


def test_import_po_exits_1_and_says_so_when_nothing_was_imported(project, store):
    (project / "bad.po").write_bytes(po("en", ("professor/ability", "Edited by hand.", "Once."),
                                        ("nobody/ability", PROFESSOR, "Once.")))
    run = almanac("import-po", "bad.po", root=project)
    assert run.returncode == 1
    assert run.stdout == f"0 translations imported; 2 not imported (above); {STORE} unchanged\n"
    assert (project / STORE).read_bytes() == store


def test_a_whitespace_edit_of_a_msgid_is_no_changed_source(project, store):
    text = store.decode()
    at = text.index('msgctxt "professor/ability"')
    spaced = text[:at] + text[at:].replace("게임당 한", "게임당  한", 1)
    (project / STORE).write_text(spaced, encoding="utf-8")
    line = spaced.splitlines().index('msgctxt "professor/ability"') + 2
    assert found(project, "translation-stale") == []
    assert found(project, "store-message") == [
        f"{STORE}:{line}: warning store-message: professor/ability: the msgid differs from its "
        "source text in spacing only (edited in the store?); the translation is current, and "
        "`almanac update-po --lang en` writes the source text back"]
    assert load_corpus(project).character("botc", "professor").entries["en"].ability.text == \
        "Once per game."
    run = almanac("update-po", "--lang", "en", root=project)
    assert run.stdout == f"0 new sections; 0 translations whose source changed, marked fuzzy; " \
                         f"0 obsolete; {STORE} written\n"
    assert (project / STORE).read_bytes() == store


def test_a_store_of_another_language_names_both_codes(project, store):
    (project / STORE).write_bytes(store.replace(b"Language: en", b"Language: English", 1))
    line = store.decode().splitlines().index('msgid ""') + 1
    assert found(project, "store-unreadable") == [
        f"{STORE}:{line}: error store-unreadable: the header says Language: English, but this is "
        "the store of English, whose code is en; the store's translations are not shown"]


def test_one_count_of_what_a_language_lacks(project):
    corpus = load_corpus(project)
    report = report_view(corpus, (), "en", frozenset())
    progress = {p.lang: p for p in report.progress}
    sections = Counter(item.section for item in lacking(corpus, "en"))
    roles = len(list(lacking_roles(corpus, "en")))
    titles = len(list(lacking_titles(corpus, "en")))
    # The report's progress, Translatable now and export-po agree on what English lacks.
    english = progress["en"]
    assert english.of - english.present == sum(sections.values()) + roles + titles
    assert {key: of - present for key, present, of in english.sections} == \
        {**{s: sections[s] for s in ("ability", "flavor", "summary", "how_to_run", "examples")},
         "description": roles, "title": titles}
    # One Night: 113 texts of the rulebook; the two scripts' titles, Korean.
    assert roles == 113 and titles == 2 and sections["ability"] == 47
    listed = [t for t in report.translatable if t.lang == "en"]
    assert sum(len(t.sections) for t in listed if t.id not in ("onuw", "scripts")) == \
        sum(sections.values())
    assert [(t.sections, t.page) for t in listed if t.id in ("onuw", "scripts")] == [
        (("description",), "onuw/roles/sentinel/"), (("title",), "scripts/")]
    run = almanac("export-po", "--lang", "en", "-o", "all.po", root=project)
    assert run.stdout == \
        f"{sum(sections.values()) + roles + titles} messages → {project / 'all.po'}\n"
    # And the store: every message of a section English lacks is empty but the one translated.
    held = read_po_bytes((project / STORE).read_bytes(), STORE).messages
    assert sum(1 for m in held if not m.string) == sum(sections.values()) + roles + titles
    # Korean has One Night's texts and the scripts' titles itself: the rulebook is Korean.
    korean = {key: (present, of) for key, present, of in progress["ko"].sections}
    assert korean["description"] == (113, 113) and korean["title"] == (2, 2)


def test_a_translation_is_never_a_source_and_every_reference_is_a_real_line(project):
    assert almanac("update-po", "--lang", "ko", root=project).returncode == 0
    assert almanac("export-po", "--lang", "ko", "-o", "ko.po", root=project).returncode == 0
    corpus = load_corpus(project)
    for file in (STORE, KO_STORE, "ko.po"):
        messages = read_po_bytes((project / file).read_bytes(), file).messages
        for message in (m for m in messages if not m.obsolete):
            (place,) = message.locations
            source, line = place.rsplit(":", 1)
            assert not source.endswith("translations.po"), (file, message.context)
            lines = (project / source).read_text(encoding="utf-8").splitlines()
            first = message.id.split("\n")[0]
            # A sentence of a speech may begin late in its line and run onto the next.
            assert first[:20] in " ".join(lines[int(line) - 1:int(line) + 1]), \
                (file, message.context, place)
    # The Farmer's English ability is the store's translation of a Korean text in the English
    # file, which Korean lacks: nothing to translate back into Korean from it.
    korean = {m.context for m in read_po_bytes((project / KO_STORE).read_bytes(),
                                               KO_STORE).messages}
    exported = {m.context for m in read_po_bytes((project / "ko.po").read_bytes(),
                                                 "ko.po").messages}
    assert "farmer/ability" not in korean | exported
    assert "ko" not in corpus.character("botc", "farmer").entries
    (project / KO_STORE).unlink()
    (project / "ko.po").unlink()


def test_the_records_carry_one_nights_translations(project, store):
    text = store.decode()
    match = re.search(r'msgctxt "onuw/witch/description"\nmsgid ((?:"[^\n]*"\n)+)msgstr ""',
                      text)
    assert match
    (project / STORE).write_text(text.replace(
        match.group(0), match.group(0)[:-2] + '"The werewolves wake.\\n"\n"They look."'),
        encoding="utf-8")
    assert almanac("parse", "--json", "out.json", root=project).returncode == 0
    document = json.loads((project / "out.json").read_text(encoding="utf-8"))
    (project / "out.json").unlink()
    witch = next(c for c in document["characters"] if c["id"] == "witch" and
                 c["game"] == "onuw")
    line = text[:match.end()].count("\n") + 1
    assert witch["role"]["translations"] == {
        "en": {"description": "The werewolves wake. They look.",
               "source": {"file": STORE, "line": line}}}
    seer = next(c for c in document["characters"] if c["id"] == "sentinel")
    assert "translations" not in seer["role"]


def test_update_po_refuses_a_context_twice_rather_than_drop_a_translation(project, store):
    text = store.decode()
    at = text.index('msgctxt "professor/ability"')
    end = text.index("\n\n", at)
    twice = text[:end] + "\n\n" + text[at:end].replace('msgstr "Once per game."',
                                                       'msgstr "Twice."') + text[end:]
    (project / STORE).write_text(twice, encoding="utf-8")
    first = text[:at].count("\n") + 2  # the msgid's line
    second = first + text[at:end].count("\n") + 2
    run = almanac("update-po", "--lang", "en", root=project)
    assert (run.returncode, run.stderr) == (
        2, f"{STORE}:{second}: error: context 'professor/ability' stands again (first at line "
           f"{first}); this one is not shown; not written until it can be read whole\n")
    assert (project / STORE).read_text(encoding="utf-8") == twice
