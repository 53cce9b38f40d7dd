"""The translator's round trip: export a language's PO, translate it (some messages left fuzzy,
some empty), import it, and find exactly the translated sections in the records."""
from __future__ import annotations

import json
import subprocess
from io import BytesIO

import pytest
from babel.messages.pofile import read_po, write_po

from generator.export.records import records
from generator.model import SECTIONS
from generator.output.page_kinds import SiteData, site_pages
from generator.output.render import rendered
from generator.pipeline import load_corpus
from generator.read.po import read_po_bytes
from generator.translation.lacking import translatable
from generator.translation.store import other_sources
from generator.views.characters import sections_for
from tests.conftest import FILES, line_of, project_copy
from tests.projects import almanac

LISTS = ("how_to_run", "examples")
# Made-up translations in each language's letters (Hangul text in an English field would be
# read as untranslated, and the reverse).
WORDS = {"en": "Translated line {n} of message {m}", "ko": "{m}번 메시지의 번역된 {n}번째 문장"}


def made_up(lang: str, context: str, number: int, source_lines: int) -> list[str]:
    """A translation: a line per source line, and one more for each 3rd list (any number of
    steps is taken); a summary does not open with its quoted ability (the store needs none)."""
    lines = [WORDS[lang].format(n=n, m=number) for n in range(1, source_lines + 1)]
    if context.split("/")[1] in LISTS and number % 3 == 0:
        lines.append(WORDS[lang].format(n=source_lines + 1, m=number))
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
    """Fill every message, One Night roles and scripts' titles too; leave each 4th list or
    summary fuzzy and each 5th empty. Returns the filled PO and the BotC translations expected
    back: context → lines."""
    catalog = read_po(BytesIO(po_bytes))
    expected, drafts = {}, 0
    for number, message in enumerate(catalog):
        if not message.id:
            continue
        lines = made_up(lang, message.context, number, message.id.count("\n") + 1)
        message.string = "\n".join(lines)
        if message.context.startswith(("onuw/", "script/")):
            continue
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


SAID = {"en": {"imported": "{n} translations imported; ", "written": "{file} written\n",
               "unchanged": "{file} unchanged\n", "already": "{n} already in the store"},
        "ko": {"imported": "가져온 번역 {n}개", "written": "{file} 파일을 저장했습니다\n",
               "unchanged": "{file} 파일은 바뀌지 않았습니다\n", "already": "이미 저장소에 있는 번역 {n}개"}}


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_round_trip(tmp_path, lang):
    project = project_copy(tmp_path / "project", stores=False)
    before = document_of(project)
    assert almanac("export-po", "--lang", lang, "-o", "out.po", root=project).returncode == 0
    exported = (project / "out.po").read_bytes()
    filled, expected = translate(exported, lang)
    roles = sum(1 for m in read_po(BytesIO(filled))
                if m.id and m.context.startswith(("onuw/", "script/")))
    (project / "filled.po").write_bytes(filled)

    run = almanac("import-po", "filled.po", root=project)
    assert run.returncode == 0, run.stderr
    steps = [line for line in run.stderr.splitlines() if "po-steps" in line]
    assert run.stderr.splitlines() == steps  # nothing refused: only more steps, said
    said = SAID[lang]  # in the PO's language
    assert run.stdout.startswith(said["imported"].format(n=len(expected) + roles))
    assert run.stdout.endswith(said["written"].format(file=f"content/{lang}/translations.po"))

    after = document_of(project)
    translated = entries(after, lang)
    for context, lines in expected.items():
        ident, section = context.split("/")
        entry = translated[ident]
        assert section_value(entry, section) == (lines if section in LISTS else lines[0])
        assert entry["status"][section] == "present"
        file = entry.get("files", {}).get(section, entry["sources"][0]["file"])
        assert file == f"content/{lang}/translations.po"

    # Nothing else changed: every other text and status is as it was.
    old, new = texts(before), texts(after)
    changed = {key for key, value in new.items() if value != old.get(key, (None, "missing"))}
    assert changed == {("botc", *context.split("/")[:1], lang, context.split("/")[1])
                       for context in expected}

    # A second import changes no file.
    target = project / "content" / lang / "translations.po"
    written, stamp = target.read_bytes(), target.stat().st_mtime_ns
    again = almanac("import-po", "filled.po", root=project)
    assert again.returncode == 0
    assert again.stdout.endswith(said["unchanged"].format(file=f"content/{lang}/translations.po"))
    assert said["already"].format(n=len(expected) + roles) in again.stdout
    assert (target.read_bytes(), target.stat().st_mtime_ns) == (written, stamp)

    # The store is what msgfmt -c accepts; a new export asks for none of the translations,
    # and still for the drafts.
    assert subprocess.run(["msgfmt", "-c", "-o", "/dev/null", str(target)]).returncode == 0
    assert almanac("export-po", "--lang", lang, "-o", "again.po", root=project).returncode == 0
    contexts = {m.context for m in read_po((project / "again.po").open("rb")) if m.id}
    assert not contexts & set(expected)
    drafts = {m.context for m in read_po(BytesIO(filled)) if m.id and
              not m.context.startswith(("onuw/", "script/")) and m.context not in expected}
    assert drafts and drafts <= contexts


PROFESSOR_ABILITY = "게임당 한 번, 밤*에 죽은 플레이어를 선택할 수 있습니다. 해당 플레이어가 주민이라면 부활합니다."
# The Noble's earlier ability as a fuzzy message's previous msgid, wrapped as msgcat wraps it.
NOBLE_PREVIOUS = '#, fuzzy\n#| msgctxt "noble/ability"\n#| msgid ""\n' \
                 '#| "게임 시작 시, 플레이어 3명 중 1명이 악한 팀임을 알게 됩니다(3명 중 단 1명"\n' \
                 '#| "만 악한 팀)."\n'


def po(lang, *messages):
    """A PO file of (context, msgid, msgstr) messages, its header naming lang."""
    header = f'msgid ""\nmsgstr ""\n"Language: {lang}\\n"\n"Content-Type: text/plain; charset=utf-8\\n"\n'
    body = "".join(f'\nmsgctxt "{c}"\nmsgid {json.dumps(i, ensure_ascii=False)}\n'
                   f'msgstr {json.dumps(s, ensure_ascii=False)}\n' for c, i, s in messages)
    return (header + body).encode("utf-8")


def imported(project, data, name="in.po", *options):
    (project / name).write_bytes(data)
    return almanac("import-po", name, *options, root=project)


def store(project, lang="en"):
    return (project / f"content/{lang}/translations.po").read_text(encoding="utf-8")


def test_a_translation_supersedes_the_untranslated_text_and_written_text_beats_it(tmp_path):
    project = project_copy(tmp_path, stores=False)
    run = imported(project, po("en", ("professor/ability", PROFESSOR_ABILITY,
                                      "Once per game, at night*, choose a dead player.")))
    assert run.returncode == 0 and run.stdout.startswith("1 translation imported;")
    assert 'msgctxt "professor/ability"\nmsgid ""\n"게임당 한 번' in store(project)
    line = store(project).splitlines().index(
        'msgstr "Once per game, at night*, choose a dead player."')
    checked = almanac("check", root=project).stdout.splitlines()
    ability = line_of(FILES["004"], "게임당 한 번, 밤*에 죽은 플레이어를 선택할 수 있습니다.")
    assert f"content/en/004_12a4a26f551c30b4.txt:{ability}: info superseded: Professor Ability: " \
           f"superseded by the translation at content/en/translations.po:{line + 1}" in checked
    assert not [line for line in checked if "untranslated-entry: Professor" in line]
    professor = entries(document_of(project), "en")["professor"]
    assert professor["ability"] == "Once per game, at night*, choose a dead player."
    # Text the language writes itself is never replaced by a translation.
    corpus = load_corpus(project)
    written = corpus.character("botc", "balloonist").entries["en"].ability.text
    noble = corpus.character("botc", "noble").entries["ko"].ability.text
    refused = imported(project, po("en", ("balloonist/ability", written, "Something else."),
                                   ("noble/ability", noble, "You start knowing 3 players.")))
    assert refused.stderr == "in.po:7: warning po-refused: balloonist/ability: English writes " \
                             "this section itself; not imported\n"


def test_stale_moved_edited_and_unknown_messages_are_each_named(tmp_path):
    project = project_copy(tmp_path, stores=False)
    corpus = load_corpus(project)
    noble = corpus.character("botc", "noble").entries["ko"].ability.text
    run = imported(project, po(
        "en",
        ("noble/ability", "An ability the corpus never had.", "Translated."),
        ("nobody/ability", "Whatever.", "Translated."),
        ("noble/flavor", noble, "Translated."),
        ("professor/ability", PROFESSOR_ABILITY, "Once per game, at night*, choose a dead player.")))
    assert run.returncode == 1  # as check does for errors: some messages were not imported
    assert run.stderr.splitlines() == [
        "in.po:7: warning po-draft: noble/ability: translated from an earlier source text; kept "
        "in the store as a draft (fuzzy), beside today's source, to review",
        "in.po:11: warning po-context: context 'nobody/ability' names no character and section "
        "of the corpus; not imported",
        "in.po:15: warning po-stale: noble/flavor: the msgid is the source text of "
        "noble/ability: the msgctxt was changed; not imported"]
    assert run.stdout == "1 translation imported; 1 translation of an earlier source kept as a " \
                         "draft (above); 2 not imported (above); content/en/translations.po " \
                         "written\n"
    # The store had no translation of it: the translator's work is a draft to review.
    draft = next(m for m in read_po_bytes(store(project).encode(), "store").messages
                 if m.context == "noble/ability")
    assert (draft.id, draft.string, draft.flags, draft.previous_id) == (
        noble, "Translated.", ("fuzzy",), "An ability the corpus never had.")
    # The same PO again changes nothing and refuses nothing more.
    second = imported(project, (project / "in.po").read_bytes())
    assert second.stdout == "0 translations imported; 2 already in the store; 2 not imported " \
                            "(above); content/en/translations.po unchanged\n"
    # Where the store holds a translation, it is not replaced: the message is refused.
    again = imported(project, po("en", ("noble/ability", "Another earlier text.", "Other.")))
    assert again.stderr == "in.po:7: warning po-stale: noble/ability: the msgid is no source " \
                           "text of the corpus (edited by hand?); not imported\n"


def test_a_source_changed_since_the_export_is_stale_in_check_and_on_the_page(tmp_path):
    project = project_copy(tmp_path, stores=False)
    corpus = load_corpus(project)
    source = project / "content/ko/000_a5b1c4d9f849e54a.txt"
    old = corpus.character("botc", "noble").entries["ko"].ability.text
    assert imported(project, po("en", ("noble/ability", old, "You start knowing 3 players."))
                    ).returncode == 0
    source.write_text(source.read_text(encoding="utf-8").replace(old, "게임 시작 시, 3명을 압니다."),
                      encoding="utf-8")
    line = store(project).splitlines().index('msgctxt "noble/ability"') + 2
    assert f"content/en/translations.po:{line}: warning translation-stale: Noble Ability: " \
           "translated from an earlier text; the source has changed since" in \
           almanac("check", root=project).stdout.splitlines()
    corpus = load_corpus(project)
    shown = sections_for(corpus, corpus.character("botc", "noble"), "en")[0]
    assert (shown.lines, shown.notes) == (("You start knowing 3 players.",), ("stale",))
    page = dict(rendered(corpus, "ko", project / "templates",
                         site_pages(SiteData(corpus), "ko")))["characters/noble.md"]
    assert "예전 원문의 번역" not in page  # Korean writes the Noble itself: nothing stale there
    page = dict(rendered(corpus, "en", project / "templates",
                         site_pages(SiteData(corpus), "en")))["characters/noble.md"]
    ability = page[page.index("## Ability"):page.index("## Flavor")]
    assert "Translated from an earlier text" in ability and "You start knowing 3 players." in ability
    # The same PO again: its msgid is the store's earlier source, so it is named as stale.
    again = imported(project, po("en", ("noble/ability", old, "You start knowing 3 players.")))
    assert again.stderr == "in.po:7: warning po-stale: noble/ability: the source text has " \
                           "changed since the PO was made; not imported (export again, or run " \
                           "`almanac update-po` and translate in the store)\n"
    # update-po keeps it as msgmerge does: fuzzy, with the earlier msgid; still shown, still stale.
    update = almanac("update-po", "--lang", "en", root=project)
    corpus = load_corpus(project)
    new = len(list(translatable(corpus, "en"))) + len(other_sources(corpus, "en")) - 1
    assert update.stdout == f"{new} new sections; 1 translation whose source changed, marked " \
                            "fuzzy; 0 obsolete; content/en/translations.po written\n"
    text = store(project)
    assert NOBLE_PREVIOUS + 'msgctxt "noble/ability"\nmsgid "게임 시작 시, 3명을 압니다."\nmsgstr "You start knowing 3 ' \
           'players."\n' in text
    corpus = load_corpus(project)
    shown = sections_for(corpus, corpus.character("botc", "noble"), "en")[0]
    assert shown.notes == ("stale",)
    # The export offers it again with the earlier translation as a draft to review.
    assert almanac("export-po", "--lang", "en", "--character", "noble", "-o", "n.po",
                   root=project).returncode == 0
    offered = {m.context: m for m in read_po_bytes((project / "n.po").read_bytes(), "n.po")
               .messages}["noble/ability"]
    assert (offered.string, offered.fuzzy, offered.previous_id) == \
        ("You start knowing 3 players.", True, old)
    # The translator finds it still right and clears the mark: it is current again.
    reviewed = (project / "n.po").read_text(encoding="utf-8").replace(
        NOBLE_PREVIOUS, "")
    run = imported(project, reviewed.encode("utf-8"), "n.po")
    assert run.stdout.startswith("1 translation imported"), run.stdout + run.stderr
    assert "translation-stale" not in almanac("check", root=project).stdout


def test_an_edit_in_the_store_is_never_overwritten_by_an_import(tmp_path):
    project = project_copy(tmp_path, stores=False)
    assert almanac("export-po", "--lang", "en", "--character", "professor", "-o", "a.po",
                   root=project).returncode == 0
    exported = (project / "a.po").read_text(encoding="utf-8")

    def filled(text):
        return exported.replace('부활합니다."\nmsgstr ""',
                                f'부활합니다."\nmsgstr "{text}"').encode()
    # Two translators took the same export; the first one's comes in.
    assert imported(project, filled("Once per game, at night*, choose a dead player."),
                    "one.po").stdout.startswith("1 translation imported")
    # A reviewer fixes it in the store.
    path = project / "content/en/translations.po"
    path.write_text(store(project).replace("choose a dead player.", "choose a dead player: "
                                           "if they are a Townsfolk, they are resurrected."),
                    encoding="utf-8")
    reviewed = path.read_bytes()
    second = imported(project, filled("Once per game, pick a dead player."), "two.po")
    line = exported.splitlines().index('msgctxt "professor/ability"') + 2
    store_line = store(project).splitlines().index('msgctxt "professor/ability"') + 2
    assert second.stderr == (
        f"two.po:{line}: warning po-conflict: professor/ability: the store's translation "
        f"(content/en/translations.po:{store_line}) changed since this PO was made and differs "
        "from it; not imported (settle it in the store, or export again)\n")
    assert second.stdout.startswith("0 translations imported")
    assert path.read_bytes() == reviewed
    # The first PO again: also a conflict now, and still nothing changes.
    assert "po-conflict" in imported(project, filled("Once per game, at night*, choose a dead "
                                                     "player."), "one.po").stderr
    assert path.read_bytes() == reviewed
    # A translator's PO for another section still comes in beside the conflict.
    other = filled("Once.").decode().replace('msgctxt "professor/ability"',
                                             'msgctxt "professor/other"')
    assert "professor/other" in imported(project, other.encode(), "four.po").stderr


def test_a_po_of_another_language_is_refused_and_nothing_is_written(tmp_path):
    project = project_copy(tmp_path, stores=False)
    unknown = imported(project, po("qq", ("professor/ability", PROFESSOR_ABILITY, "Une fois.")))
    assert (unknown.returncode, unknown.stderr) == (
        2, "in.po:1: error: the PO header's Language is 'qq', not a language of "
           "content/languages.yaml (ko, en) nor one CLDR knows\n")
    relabelled = imported(project, po("ko", ("professor/ability", PROFESSOR_ABILITY,
                                             "Once per game, at night*, choose a dead player.")))
    assert (relabelled.returncode, relabelled.stderr) == (
        2, "in.po:1: error: the header says Language: ko, but the messages are those of an "
           "export for en (`export-po --lang en`); correct the header\n")
    assert not (project / "content/ko/translations.po").exists()
    assert not (project / "content/en/translations.po").exists()


def test_lang_that_contradicts_the_header_is_named_as_the_one_that_said_it(tmp_path):
    project = project_copy(tmp_path, stores=False)
    english = ("professor/ability", PROFESSOR_ABILITY, "Once per game, at night*, choose a dead "
                                                        "player.")
    against = imported(project, po("en", english), "in.po", "--lang", "ko")
    assert (against.returncode, against.stderr) == (
        2, "in.po:1: error: --lang ko, but the PO header says Language: en; drop --lang or "
           "correct the header\n")
    headless = po("en", english).replace(b'"Language: en\\n"\n', b"")
    wrong = imported(project, headless, "in.po", "--lang", "ko")
    assert (wrong.returncode, wrong.stderr) == (
        2, "in.po:1: error: --lang ko, but the messages are those of an export for en "
           "(`export-po --lang en`); give --lang en\n")
    assert not (project / "content/ko/translations.po").exists()
    assert not (project / "content/en/translations.po").exists()
    assert imported(project, po("en_GB", english), "in.po", "--lang", "en").returncode == 0


def test_a_context_translated_twice_is_left_for_a_person_to_settle(tmp_path):
    project = project_copy(tmp_path, stores=False)
    run = imported(project, po("en", ("professor/ability", PROFESSOR_ABILITY, "One way."),
                               ("professor/ability", PROFESSOR_ABILITY, "Another way.")))
    assert run.stderr.splitlines() == [
        "in.po:11: warning po-duplicate: context 'professor/ability' stands 2 times in the PO "
        "(lines 7, 11); none imported"]
    assert run.stdout.startswith("0 translations imported")


def test_import_speaks_the_pos_language_and_names_sections_as_the_msgctxt_does(tmp_path):
    project = project_copy(tmp_path, stores=False)
    corpus = load_corpus(project)
    steps = corpus.character("botc", "balloonist").entries["en"].how_to_run
    run = imported(project, po("ko", ("balloonist/how_to_run", "\n".join(s.text for s in steps),
                                      "세팅할 때 외지인을 추가할 수 있습니다.\n매일 밤, 열기구 조종사를 깨우세요.")))
    assert run.stderr == "in.po:7: warning po-steps: balloonist/how_to_run: 원문은 3줄인데 " \
                         "번역은 2줄입니다. 쓰인 그대로 가져왔습니다\n"
    assert run.stdout == "가져온 번역 1개, 경고와 함께 가져온 메시지 1개(위 참고). " \
                         "content/ko/translations.po 파일을 저장했습니다\n"
    again = imported(project, po("ko", ("balloonist/how_to_run", "\n".join(s.text for s in steps),
                                        "세팅할 때 외지인을 추가할 수 있습니다.\n매일 밤, 열기구 조종사를 깨우세요.")))
    # Nothing imported the second time: nothing to warn of.
    assert (again.stderr, again.stdout) == ("", "가져온 번역 0개, 이미 저장소에 있는 번역 1개. "
                                            "content/ko/translations.po 파일은 바뀌지 않았습니다\n")


def test_a_stale_translation_confirmed_by_its_translator_is_current_again(tmp_path):
    project = project_copy(tmp_path, stores=False)
    source = project / "content/ko/000_a5b1c4d9f849e54a.txt"
    old = load_corpus(project).character("botc", "noble").entries["ko"].ability.text
    assert imported(project, po("en", ("noble/ability", old, "You start knowing 3 players."))
                    ).returncode == 0
    source.write_text(source.read_text(encoding="utf-8").replace(old, "게임 시작 시, 3명을 압니다."),
                      encoding="utf-8")
    assert almanac("export-po", "--lang", "en", "--character", "noble", "--section", "ability",
                   "-o", "n.po", root=project).returncode == 0
    confirmed = "\n".join(line for line in (project / "n.po").read_text(encoding="utf-8")
                          .splitlines() if not line.startswith(("#,", "#|")))
    run = imported(project, confirmed.encode("utf-8"), "n.po")
    assert run.stdout.startswith("1 translation imported"), run.stdout
    assert 'msgctxt "noble/ability"\nmsgid "게임 시작 시, 3명을 압니다."\nmsgstr "You start knowing ' \
           '3 players."\n' in store(project)
    assert "translation-stale" not in almanac("check", root=project).stdout


def test_a_flavor_alone_and_a_summary_without_its_quote_come_in_as_written(tmp_path):
    project = project_copy(tmp_path, stores=False)
    balloonist = load_corpus(project).character("botc", "balloonist").entries["en"]
    run = imported(project, po("ko", ("balloonist/flavor", balloonist.flavor.text, "더 뜨겁게! 더 높이!"),
                               ("balloonist/summary", balloonist.summary.text,
                                "열기구 조종사는 밤마다 서로 다른 종류의 캐릭터를 알게 됩니다.")))
    assert (run.returncode, run.stderr) == (0, "")
    assert run.stdout.startswith("가져온 번역 2개. ")
    entry = entries(document_of(project), "ko")["balloonist"]
    assert (entry["flavor"], entry["summary"], "ability" in entry) == (
        "더 뜨겁게! 더 높이!", "열기구 조종사는 밤마다 서로 다른 종류의 캐릭터를 알게 됩니다.", False)


def test_the_translators_comments_of_the_po_reach_the_store_once(tmp_path):
    project = project_copy(tmp_path, stores=False)
    ability = load_corpus(project).character("botc", "noble").entries["ko"].ability.text
    message = po("en", ("noble/ability", ability, "You start knowing 3 players.")).decode()
    noted = message.replace('\nmsgctxt "noble/ability"', '\n# checked against the card\n'
                            'msgctxt "noble/ability"')
    assert imported(project, noted.encode()).returncode == 0
    assert "\n# checked against the card\n#. " in store(project)
    # The same translation again, with a second comment: the store keeps both, once each.
    again = noted.replace("# checked", "# reviewed by a second reader\n# checked")
    run = imported(project, again.encode())
    assert run.stdout == "0 translations imported; 1 already in the store; " \
                         "content/en/translations.po written\n"
    held = [m for m in read_po_bytes(store(project).encode(), "store").messages
            if m.context == "noble/ability"]
    assert [m.comments for m in held] == [("checked against the card",
                                           "reviewed by a second reader")]


def test_a_fuzzy_translation_is_told_apart_from_an_empty_message(tmp_path):
    project = project_copy(tmp_path, stores=False)
    corpus = load_corpus(project)
    noble = corpus.character("botc", "noble").entries["ko"].ability.text
    data = po("en", ("noble/ability", noble, "A draft."),
              ("professor/ability", PROFESSOR_ABILITY, "")).decode()
    data = data.replace('\nmsgctxt "noble/ability"', '\n#, fuzzy\nmsgctxt "noble/ability"')
    run = imported(project, data.encode())
    assert (run.returncode, run.stderr) == (0, "")
    assert run.stdout == "0 translations imported; 1 fuzzy translation not imported (clear its " \
                         "fuzzy flag to import it); 1 empty message waits in the PO; " \
                         "content/en/translations.po unchanged\n"


def test_a_message_new_to_the_store_is_written_as_update_po_writes_it(tmp_path):
    """The export's comments on the state of a section ("untranslated") are not the store's."""
    project = project_copy(tmp_path, stores=False)
    assert almanac("export-po", "--lang", "en", "--character", "noble", "--section", "ability",
                   "-o", "out.po", root=project).returncode == 0
    catalog = read_po(BytesIO((project / "out.po").read_bytes()))
    for message in catalog:
        if message.id:
            message.string = "You start knowing 3 players."
    out = BytesIO()
    write_po(out, catalog, width=0)
    assert imported(project, out.getvalue()).returncode == 0
    after_import = (project / "content/en/translations.po").read_bytes()
    held = {m.context: m for m in read_po_bytes(after_import, "store").messages}
    assert almanac("update-po", "--lang", "en", root=project).returncode == 0
    updated = {m.context: m for m in read_po_bytes(
        (project / "content/en/translations.po").read_bytes(), "store").messages}
    mine, theirs = held["noble/ability"], updated["noble/ability"]
    assert (mine.auto_comments, mine.locations, mine.string) == \
        (theirs.auto_comments, theirs.locations, "You start knowing 3 players.")



def test_a_po_in_the_charset_its_header_declares_is_read_as_msgfmt_reads_it(tmp_path):
    """A Korean PO saved in EUC-KR by an older editor (msgconv makes it so): imported, and the
    store stays UTF-8. The store itself in another charset is refused with the command."""
    project = project_copy(tmp_path, stores=False)
    assert almanac("export-po", "--lang", "ko", "-o", "ko.po", root=project).returncode == 0
    catalog = read_po((project / "ko.po").open("rb"))
    ascii_source = next(m for m in catalog if m.id and m.id.isascii())
    ascii_source.string = "번역된 능력입니다."
    for message in [m for m in catalog if m.id and m is not ascii_source]:
        catalog.delete(message.id, message.context)  # others may hold letters EUC-KR lacks
    out = BytesIO()
    write_po(out, catalog, width=0)
    (project / "utf8.po").write_bytes(out.getvalue())
    subprocess.run(["msgconv", "-t", "EUC-KR", "-o", "euc.po", "utf8.po"], cwd=project,
                   check=True)
    assert b"charset=EUC-KR" in (project / "euc.po").read_bytes()
    run = almanac("import-po", "euc.po", root=project)
    assert (run.returncode, run.stderr) == (0, ""), run.stderr
    assert run.stdout.startswith("가져온 번역 1개")
    held = {m.context: m.string for m in read_po_bytes(
        (project / "content/ko/translations.po").read_bytes(), "store").messages}
    assert held[ascii_source.context] == "번역된 능력입니다."

    subprocess.run(["msgconv", "-t", "EUC-KR", "-o", "content/ko/translations.po",
                    "content/ko/translations.po"], cwd=project, check=True)
    check = almanac("check", root=project)
    assert "content/ko/translations.po:12: error store-unreadable: not UTF-8 at column 4 " \
           "(byte 0xBF): the header declares charset=EUC-KR, and the store is UTF-8; convert " \
           "it: msgconv -t UTF-8 content/ko/translations.po -o content/ko/translations.po; " \
           "the store's translations are not shown\n" in check.stdout


def test_a_message_without_its_msgctxt_says_how_a_converter_keeps_it(tmp_path):
    project = project_copy(tmp_path, stores=False)
    data = po("en", ("noble/ability", "x", "Translated.")).decode().replace(
        'msgctxt "noble/ability"\n', "")  # as csv2po writes it without -t
    run = imported(project, data.encode())
    assert run.stderr == "in.po:6: warning po-context: a message without the msgctxt that " \
                         "names its character and section; not imported (a converter dropped " \
                         "it? csv2po keeps it given the exported PO: csv2po -t)\n"
