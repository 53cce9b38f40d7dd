"""The translator's round trip: export a language's PO, translate it (some messages left fuzzy,
some empty), import it, and find exactly the translated sections in the records."""
from __future__ import annotations

import json
from io import BytesIO

import pytest
from babel.messages.pofile import read_po, write_po

from generator.export.records import records
from generator.model import SECTIONS
from generator.pipeline import load_corpus
from tests.conftest import project_copy
from tests.projects import almanac

LISTS = ("how_to_run", "examples")
# Made-up translations in each language's letters (Hangul text in an English field would be
# read as untranslated, and the reverse).
WORDS = {"en": "Translated line {n} of message {m}", "ko": "{m}번 메시지의 번역된 {n}번째 문장"}


def made_up(lang: str, context: str, number: int, source_lines: int) -> list[str]:
    """A translation: one line per source line; a summary opens with its quoted ability."""
    lines = [WORDS[lang].format(n=n, m=number) for n in range(1, source_lines + 1)]
    if context.endswith("/summary"):
        lines = [f"\"{lines[0]}.\" {lines[0]}"]
    return lines


def entries(document, lang):
    return {c["id"]: c["entries"].get(lang) for c in document["characters"]
            if c["game"] == "botc"}


def section_value(entry, section):
    return None if entry is None else entry.get(section)


def texts(document):
    """Each character's text per language and section, with its status, and nothing else."""
    return {(c["game"], c["id"], lang, s): (e.get(s), e["status"][s])
            for c in document["characters"] for lang, e in c["entries"].items() for s in SECTIONS}


def document_of(project):
    corpus = load_corpus(project)
    return json.loads(json.dumps(records(corpus, ()), ensure_ascii=False))


def translate(po_bytes, lang):
    """Fill every BotC message; leave each 4th list or summary fuzzy and each 5th empty (those
    sections a one-line ability or flavor does not depend on). Returns the filled PO and the
    translations expected back: context → lines."""
    catalog = read_po(BytesIO(po_bytes))
    expected, drafts = {}, 0
    for number, message in enumerate(catalog):
        if not message.id or message.context.startswith("onuw/"):
            continue
        lines = made_up(lang, message.context, number, message.id.count("\n") + 1)
        message.string = "\n".join(lines)
        section = message.context.split("/")[1]
        if section in (*LISTS, "summary"):
            drafts += 1
            if drafts % 4 == 0:
                message.flags.add("fuzzy")
                continue
            if drafts % 5 == 0:
                message.string = ""
                continue
        expected[message.context] = lines
    out = BytesIO()
    write_po(out, catalog, width=0)
    return out.getvalue(), expected


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_round_trip(tmp_path, lang):
    project = project_copy(tmp_path / "project")
    before = document_of(project)
    assert almanac("export-po", "--lang", lang, "-o", "out.po", root=project).returncode == 0
    exported = (project / "out.po").read_bytes()
    filled, expected = translate(exported, lang)
    (project / "filled.po").write_bytes(filled)

    run = almanac("import-po", "filled.po", root=project)
    assert run.returncode == 0, run.stderr
    assert run.stderr == ""  # every line count kept: nothing to warn about
    assert run.stdout.startswith(f"{len(expected)} sections imported; "
                                 f"content/{lang}/translations.txt written")

    after = document_of(project)
    translated = entries(after, lang)
    for context, lines in expected.items():
        ident, section = context.split("/")
        entry = translated[ident]
        assert section_value(entry, section) == (lines if section in LISTS else lines[0])
        assert entry["status"][section] == "present"
        # A section from another file than the entry's first names it in "files".
        file = entry.get("files", {}).get(section, entry["sources"][0]["file"])
        assert file == f"content/{lang}/translations.txt"

    # Nothing else changed: every other text and status is as it was (a section of an entry
    # that did not exist counts as missing).
    old, new = texts(before), texts(after)
    changed = {key for key, value in new.items() if value != old.get(key, (None, "missing"))}
    assert changed == {("botc", *context.split("/")[:1], lang, context.split("/")[1])
                       for context in expected}

    # A second import changes no file.
    target = project / "content" / lang / "translations.txt"
    written, stamp = target.read_bytes(), target.stat().st_mtime_ns
    again = almanac("import-po", "filled.po", root=project)
    assert again.returncode == 0 and "translations.txt unchanged" in again.stdout
    assert (target.read_bytes(), target.stat().st_mtime_ns) == (written, stamp)

    # A new export asks for none of them, and still for the drafts.
    assert almanac("export-po", "--lang", lang, "-o", "again.po", root=project).returncode == 0
    contexts = {m.context for m in read_po((project / "again.po").open("rb")) if m.id}
    assert not contexts & set(expected)
    drafts = {m.context for m in read_po(BytesIO(filled)) if m.id and
              not m.context.startswith("onuw/") and m.context not in expected}
    assert drafts and drafts <= contexts


PROFESSOR_ABILITY = "게임당 한 번, 밤*에 죽은 플레이어를 선택할 수 있습니다. 해당 플레이어가 주민이라면 부활합니다."


def po(lang, *messages):
    """A PO file of (context, msgid, msgstr) messages, its header naming lang."""
    header = f'msgid ""\nmsgstr ""\n"Language: {lang}\\n"\n"Content-Type: text/plain; charset=utf-8\\n"\n'
    body = "".join(f'\nmsgctxt "{c}"\nmsgid {json.dumps(i, ensure_ascii=False)}\n'
                   f'msgstr {json.dumps(s, ensure_ascii=False)}\n' for c, i, s in messages)
    return (header + body).encode("utf-8")


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    return project_copy(tmp_path_factory.mktemp("project"))


def imported(project, data, name="in.po"):
    (project / name).write_bytes(data)
    return almanac("import-po", name, root=project)


def test_a_translation_supersedes_the_untranslated_text_which_stays_accounted_for(tmp_path):
    project = project_copy(tmp_path)
    run = imported(project, po("en", ("professor/ability", PROFESSOR_ABILITY,
                                      "Once per game, at night*, choose a dead player.")))
    assert run.returncode == 0 and run.stdout.startswith("1 section imported")
    assert (project / "content/en/translations.txt").read_text(encoding="utf-8") == \
        "Townsfolk\nProfessor\nOnce per game, at night*, choose a dead player.\n"
    checked = almanac("check", root=project).stdout.splitlines()
    assert "content/en/004_12a4a26f551c30b4.txt:81: info superseded: Professor Ability: " \
           "superseded by the translation at content/en/translations.txt:3" in checked
    assert not [line for line in checked if "untranslated-entry: Professor" in line]
    professor = entries(document_of(project), "en")["professor"]
    assert professor["ability"] == "Once per game, at night*, choose a dead player."
    assert [s["file"] for s in professor["sources"]] == \
        ["content/en/004_12a4a26f551c30b4.txt", "content/en/translations.txt"]


def test_a_stale_msgid_and_an_unknown_context_are_reported_and_the_rest_imported(tmp_path):
    project = project_copy(tmp_path)
    run = imported(project, po(
        "en",
        ("professor/ability", "An ability the corpus no longer has.", "Translated."),
        ("nobody/ability", "Whatever.", "Translated."),
        ("professor/colour", PROFESSOR_ABILITY, "Translated."),
        ("professor/ability", PROFESSOR_ABILITY, "Once per game, at night*, choose a dead player.")))
    assert run.returncode == 0
    assert run.stderr.splitlines() == [
        "in.po:7: warning po-stale: Professor Ability: the source text has changed since the "
        "export; not imported",
        "in.po:11: warning po-context: context 'nobody/ability' names no character and section "
        "of the corpus; not imported",
        "in.po:15: warning po-context: context 'professor/colour' names no character and "
        "section of the corpus; not imported"]
    assert run.stdout.startswith("1 section imported; content/en/translations.txt written; "
                                 "3 not as written")


def test_another_number_of_steps_is_imported_as_written_with_a_warning(tmp_path):
    project = project_copy(tmp_path)
    corpus = load_corpus(project)
    steps = corpus.character("botc", "balloonist").entries["en"].how_to_run
    assert len(steps) == 3
    run = imported(project, po("ko", ("balloonist/how_to_run", "\n".join(s.text for s in steps),
                                      "세팅할 때 외지인을 추가할 수 있습니다.\n- 매일 밤, 열기구 조종사를 깨우세요.")))
    assert run.stderr.splitlines() == [
        "in.po:7: warning po-steps: 열기구 조종사 How to run: 2 lines where the source has 3; "
        "imported as written"]
    balloonist = entries(document_of(project), "ko")["balloonist"]
    assert balloonist["how_to_run"] == ["세팅할 때 외지인을 추가할 수 있습니다.", "매일 밤, 열기구 조종사를 깨우세요."]


def test_a_po_of_another_language_is_refused_or_finds_its_sources_stale(tmp_path):
    project = project_copy(tmp_path)
    unknown = imported(project, po("fr", ("professor/ability", PROFESSOR_ABILITY, "Une fois.")))
    assert (unknown.returncode, unknown.stderr) == (
        2, "in.po:1: error: the PO header's Language is 'fr', not a language of "
           "content/languages.yaml (ko, en)\n")
    # An English PO relabelled Korean: its msgids are what English is translated from.
    relabelled = imported(project, po("ko", ("professor/ability", PROFESSOR_ABILITY,
                                             "Once per game, at night*, choose a dead player.")))
    assert (relabelled.returncode, relabelled.stderr) == (
        2, "in.po:1: error: the header says Language: ko, but the messages are those of an "
           "export for en (`export-po --lang en`); correct the header\n")
    assert not (project / "content/ko/translations.txt").exists()
    assert not (project / "content/en/translations.txt").exists()


def test_a_flavor_without_an_ability_before_it_waits_for_the_ability(tmp_path):
    project = project_copy(tmp_path)
    corpus = load_corpus(project)
    flavor = corpus.character("botc", "balloonist").entries["en"].flavor.text
    run = imported(project, po("ko", ("balloonist/flavor", flavor, "더 뜨겁게! 더 높이!")))
    assert run.stderr.splitlines() == [
        "in.po:7: warning po-line-shape: 열기구 조종사 Flavor: the line shape needs the ability "
        "before the flavor; translate the ability too. Not imported"]
    assert run.stdout.startswith("0 sections imported")


def test_a_hand_edited_translations_file_is_never_rewritten_with_a_loss(tmp_path):
    project = project_copy(tmp_path)
    target = project / "content/en/translations.txt"
    target.write_text("Townsfolk\nProfessor\nOnce per game, at night*, choose a dead player.\n"
                      "Not written yet.\nA note the translator typed after the placeholder.\n",
                      encoding="utf-8")
    run = imported(project, po("en", ("farmer/ability", load_corpus(project).character(
        "botc", "farmer").entries["en"].ability.text, "When you die at night, a good player "
        "becomes a Farmer.")))
    assert (run.returncode, run.stderr) == (
        2, "content/en/translations.txt:4: error: this line would be lost when the file is "
           "written anew, as the almanac does not read it as part of a translation (see "
           "`almanac check`); fix or move it, then import again\n")
    assert target.read_text(encoding="utf-8").endswith("after the placeholder.\n")


def test_a_string_without_its_closing_quote_is_refused_at_its_line(tmp_path):
    project = project_copy(tmp_path)
    data = po("en", ("professor/ability", PROFESSOR_ABILITY, "Once per game, at night*."))
    run = imported(project, data.rstrip(b'"\n') + b"\n")
    assert (run.returncode, run.stderr) == (
        2, "in.po:8: error: not a PO line: a keyword and a string in double quotes, closed on "
           "its line\n")
    assert not (project / "content/en/translations.txt").exists()


def test_a_context_translated_twice_is_left_for_a_person_to_settle(tmp_path):
    project = project_copy(tmp_path)
    run = imported(project, po("en", ("professor/ability", PROFESSOR_ABILITY, "One way."),
                               ("professor/ability", PROFESSOR_ABILITY, "Another way.")))
    assert run.stderr.splitlines() == [
        "in.po:10: warning po-duplicate: context 'professor/ability' stands 2 times in the PO "
        "(lines 6, 10); none imported"]
    assert run.stdout.startswith("0 sections imported")


def test_a_step_may_start_with_a_minus_and_other_letters_are_named_as_the_reason(tmp_path):
    project = project_copy(tmp_path)
    corpus = load_corpus(project)
    steps = "\n".join(s.text for s in corpus.character("botc", "balloonist").entries["en"].how_to_run)
    ability = corpus.character("botc", "balloonist").entries["en"].ability.text
    run = imported(project, po("ko", ("balloonist/how_to_run", steps,
                                      "세팅할 때 외지인을 추가할 수 있습니다.\n-1명을 빼도 됩니다.\n"
                                      "- 매일 밤, 열기구 조종사를 깨우세요."),
                               ("balloonist/ability", ability, "Each night {{ config }} 밤")))
    assert run.stderr.splitlines() == [
        "in.po:11: warning po-line-shape: 열기구 조종사 Ability: the text is mostly in the "
        "letters of another language than Korean, so it would count as untranslated; not imported"]
    balloonist = entries(document_of(project), "ko")["balloonist"]
    assert balloonist["how_to_run"] == ["세팅할 때 외지인을 추가할 수 있습니다.", "-1명을 빼도 됩니다.",
                                        "매일 밤, 열기구 조종사를 깨우세요."]
    assert "ability" not in balloonist
