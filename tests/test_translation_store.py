"""The translation store, content/<lang>/translations.po, kept by `update-po` as msgmerge keeps
a PO (new, fuzzy with its previous msgid, obsolete), read by the real gettext tools, written
under the project's lock and through a link; a translations.txt moved into it once."""
from __future__ import annotations

import fcntl
import subprocess
import sys

from generator.output.publish import LOCK
from generator.pipeline import load_corpus
from generator.read.po import read_po_bytes
from tests.conftest import FILES, ROOT, line_of, project_copy
from tests.projects import almanac

STORE = "content/en/translations.po"


def messages(project):
    return {m.context: m for m in read_po_bytes((project / STORE).read_bytes(), STORE).messages}


def po(lang, *messages):
    header = f'msgid ""\nmsgstr ""\n"Language: {lang}\\n"\n'
    return (header + "".join(f'\nmsgctxt "{c}"\nmsgid "{i}"\nmsgstr "{s}"\n'
                             for c, i, s in messages)).encode("utf-8")


def noble_ability(project):
    return load_corpus(project).character("botc", "noble").entries["ko"].ability.text


def test_update_po_adds_marks_fuzzy_and_makes_obsolete_as_msgmerge_does(tmp_path):
    project = project_copy(tmp_path, stores=False)
    first = almanac("update-po", "--lang", "en", root=project)
    assert first.returncode == 0 and first.stdout.endswith(f"{STORE} written\n")
    made = messages(project)
    assert made["noble/ability"].string == "" and not made["noble/ability"].fuzzy
    assert made["onuw/bodyguard/description"].string == ""  # One Night roles too
    assert (project / STORE).read_text(encoding="utf-8").startswith(
        "# Translations of the almanac into English")
    # The gettext tools take it as it is: msgfmt checks it, msgcat leaves it be byte for byte.
    assert subprocess.run(["msgfmt", "-c", "-o", "/dev/null", STORE], cwd=project).returncode == 0
    written = (project / STORE).read_bytes()
    assert subprocess.run(["msgcat", STORE], cwd=project, capture_output=True
                          ).stdout == written
    # msgcat --no-wrap unwraps the long lines; the store reads the same and the next update-po
    # writes it back as it was.
    subprocess.run(["msgcat", "--no-wrap", "-o", STORE, STORE], cwd=project, check=True)
    assert (project / STORE).read_bytes() != written
    assert {c: (m.id, m.string) for c, m in messages(project).items()} == \
        {c: (m.id, m.string) for c, m in made.items()}
    assert almanac("update-po", "--lang", "en", root=project).returncode == 0
    assert (project / STORE).read_bytes() == written

    # A translation, then its source changes: fuzzy with the earlier msgid.
    old = noble_ability(project)
    (project / "in.po").write_bytes(po("en", ("noble/ability", old, "You start knowing 3.")))
    assert almanac("import-po", "in.po", root=project).returncode == 0
    source = project / "content/ko/000_a5b1c4d9f849e54a.txt"
    source.write_text(source.read_text(encoding="utf-8").replace(old, "새 능력입니다."),
                      encoding="utf-8")
    # And English comes to write the Professor's ability itself: its translation is obsolete.
    professor_ko = load_corpus(project).character("botc", "professor").entries["en"].ability.text
    (project / "in2.po").write_bytes(po("en", ("professor/ability", professor_ko, "Once.")))
    assert almanac("import-po", "in2.po", root=project).returncode == 0
    english = project / "content/en/004_12a4a26f551c30b4.txt"
    english.write_text(english.read_text(encoding="utf-8").replace(
        professor_ko, "Once per game, at night, choose a dead player."), encoding="utf-8")
    update = almanac("update-po", "--lang", "en", root=project)
    assert update.stdout == "0 new sections; 1 translation whose source changed, marked " \
                            f"fuzzy; 1 obsolete; {STORE} written\n"
    text = (project / STORE).read_text(encoding="utf-8")
    # Wrapped as msgcat wraps them: Hangul may break between syllables, at 79 columns.
    assert '#, fuzzy\n#| msgctxt "noble/ability"\n#| msgid ""\n' \
           '#| "게임 시작 시, 플레이어 3명 중 1명이 악한 팀임을 알게 됩니다(3명 중 단 1명"\n' \
           '#| "만 악한 팀)."\nmsgctxt "noble/ability"\n' \
           'msgid "새 능력입니다."\nmsgstr "You start knowing 3."\n' in text
    assert text.endswith('#~ msgctxt "professor/ability"\n#~ msgid ""\n'
                         '#~ "게임당 한 번, 밤*에 죽은 플레이어를 선택할 수 있습니다. 해당 플레이어가 주"\n'
                         '#~ "민이라면 부활합니다."\n#~ msgstr "Once."\n')
    assert subprocess.run(["msgcat", STORE], cwd=project, capture_output=True
                          ).stdout == text.encode("utf-8")
    assert subprocess.run(["msgfmt", "-c", "-o", "/dev/null", STORE], cwd=project).returncode == 0
    again = almanac("update-po", "--lang", "en", root=project)
    assert again.stdout == f"0 new sections; 0 translations whose source changed, marked " \
                           f"fuzzy; 0 obsolete; {STORE} unchanged\n"


def test_update_po_keeps_a_plural_message_of_the_store_whole(tmp_path):
    """The store's reader and writer lose nothing: an obsolete message with plural forms (a
    section is one text; the pages never show one) comes through update-po as it was written."""
    project = project_copy(tmp_path, stores=False)
    assert almanac("update-po", "--lang", "en", root=project).returncode == 0
    plural = ('\n#~ msgctxt "professor/ability"\n#~ msgid "Once per game."\n'
              '#~ msgid_plural "Twice per game."\n#~ msgstr[0] "Une fois."\n'
              '#~ msgstr[1] "Deux fois."\n')
    (project / STORE).write_text((project / STORE).read_text(encoding="utf-8") + plural,
                                 encoding="utf-8")
    written = (project / STORE).read_bytes()
    kept = messages(project)["professor/ability"]
    assert (kept.id_plural, kept.plural_strings) == ("Twice per game.", ("Une fois.", "Deux fois."))
    update = almanac("update-po", "--lang", "en", root=project)
    assert update.stdout.endswith(f"; 0 obsolete; {STORE} unchanged\n")
    assert (project / STORE).read_bytes() == written
    assert subprocess.run(["msgcat", STORE], cwd=project, capture_output=True
                          ).stdout == written


def test_a_linked_store_is_written_through_its_link(tmp_path):
    project = project_copy(tmp_path / "project", stores=False)
    # Inside the project (one linked out is not read: tests/test_store_refusals.py).
    elsewhere = project / "shared-translations.po"
    assert almanac("update-po", "--lang", "en", root=project).returncode == 0
    (project / STORE).rename(elsewhere)
    (project / STORE).symlink_to(elsewhere)
    (project / "in.po").write_bytes(po("en", ("noble/ability", noble_ability(project), "Three.")))
    assert almanac("import-po", "in.po", root=project).returncode == 0
    assert (project / STORE).is_symlink()
    assert 'msgstr "Three."' in elsewhere.read_text(encoding="utf-8")


def test_an_unreadable_store_is_a_finding_and_never_written_over(tmp_path):
    project = project_copy(tmp_path, stores=False)
    (project / STORE).write_bytes(b'msgid ""\nmsgstr ""\n"Language: en\\n"\n\nmsgctxt "a"\n'
                                  b'msgid "b"\nmsgstr "unclosed\n')
    assert f"{STORE}:7: error store-unreadable: not a PO line: a keyword and a string in " \
           "double quotes, closed on its line; the store's translations are not shown" in \
           almanac("check", root=project).stdout.splitlines()
    before = (project / STORE).read_bytes()
    run = almanac("update-po", "--lang", "en", root=project)
    assert (run.returncode, run.stderr) == (
        2, f"{STORE}:7: error: not a PO line: a keyword and a string in double quotes, closed "
           "on its line; the store's translations are not shown; not written until it can be "
           "read whole\n")
    assert (project / STORE).read_bytes() == before


def test_an_import_waits_for_the_lock_and_two_at_once_lose_nothing(tmp_path):
    project = project_copy(tmp_path, stores=False)
    corpus = load_corpus(project)
    professor = corpus.character("botc", "professor").entries["en"].ability.text
    (project / "a.po").write_bytes(po("en", ("noble/ability", noble_ability(project), "Three.")))
    (project / "b.po").write_bytes(po("en", ("professor/ability", professor, "Once.")))
    command = [sys.executable, "-m", "generator.cli", "import-po"]
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    with (project / LOCK).open("a") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        runs = [subprocess.Popen([*command, name], cwd=project, env=env, text=True,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                for name in ("a.po", "b.po")]
        # Each says so once it waits (however long a loaded machine takes to get there).
        waiting = [run.stderr.readline() for run in runs if run.stderr]
        assert waiting == ["Another almanac command is changing this project; waiting for it "
                           "to finish.\n"] * 2
        assert [run.poll() for run in runs] == [None, None]  # both wait
        assert not (project / STORE).exists()
    outputs = [run.communicate(timeout=120) for run in runs]
    assert [run.returncode for run in runs] == [0, 0]
    for out, err in outputs:
        assert err == ""
        assert out.startswith("1 translation imported;")
    stored = messages(project)
    assert (stored["noble/ability"].string, stored["professor/ability"].string) == \
        ("Three.", "Once.")


def test_a_translations_txt_moves_into_the_store_once(tmp_path):
    project = project_copy(tmp_path, stores=False)
    professor = load_corpus(project).character("botc", "professor").entries["en"].ability.text
    (project / "content/en/translations.txt").write_text(
        "Townsfolk\nProfessor\nOnce per game, at night*, choose a dead player.\n",
        encoding="utf-8")
    run = almanac("update-po", "--lang", "en", root=project)
    assert run.stdout.splitlines()[0] == "content/en/translations.txt: 1 section moved into " \
                                         "the store; the file is removed"
    assert not (project / "content/en/translations.txt").exists()
    moved = messages(project)["professor/ability"]
    assert (moved.id, moved.string, moved.fuzzy) == \
        (professor, "Once per game, at night*, choose a dead player.", False)
    # Its reference names the line of its source text, not the file removed.
    ability = line_of(FILES["004"], "게임당 한 번, 밤*에 죽은 플레이어를 선택할 수 있습니다.")
    assert moved.locations == (f"content/en/004_12a4a26f551c30b4.txt:{ability}",)
    professor_entry = load_corpus(project).character("botc", "professor").entries["en"]
    assert professor_entry.ability.text == "Once per game, at night*, choose a dead player."


def test_a_one_night_role_description_comes_back_onto_its_page(tmp_path):
    from generator.views.onuw import role_views

    project = project_copy(tmp_path, stores=False)
    corpus = load_corpus(project)
    role = corpus.character("onuw", "bodyguard").role
    text = "\n".join(line.text for line in role.description)
    (project / "in.po").write_bytes(po("en", ("onuw/bodyguard/description",
                                              text.replace("\n", "\\n"),
                                              "At the vote, point at a player.\\nThey are safe.")))
    run = almanac("import-po", "in.po", root=project)
    assert run.stdout.startswith("1 translation imported"), run.stderr
    views = {v.id: v for v in role_views(load_corpus(project), "en")}
    assert (views["bodyguard"].description, views["bodyguard"].description_lang) == \
        (("At the vote, point at a player.", "They are safe."), "en")
    assert views["bodyguard"].source.startswith(f"{STORE}:")
    assert views["curator"].description_lang == "ko"  # the others as the rulebook has them


def test_a_source_changed_and_changed_back_makes_its_translation_current_again(tmp_path):
    project = project_copy(tmp_path, stores=False)
    old = noble_ability(project)
    (project / "in.po").write_bytes(po("en", ("noble/ability", old, "You start knowing 3.")))
    assert almanac("import-po", "in.po", root=project).returncode == 0
    source = project / "content/ko/000_a5b1c4d9f849e54a.txt"
    text = source.read_text(encoding="utf-8")
    source.write_text(text.replace(old, "새 능력입니다."), encoding="utf-8")
    assert almanac("update-po", "--lang", "en", root=project).returncode == 0
    assert messages(project)["noble/ability"].fuzzy
    source.write_text(text, encoding="utf-8")
    assert almanac("update-po", "--lang", "en", root=project).returncode == 0
    back = messages(project)["noble/ability"]
    assert (back.id, back.string, back.flags, back.previous_id) == \
        (old, "You start knowing 3.", (), None)
    assert "translation-stale" not in almanac("check", root=project).stdout
