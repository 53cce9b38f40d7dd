"""A translator team for any language (issue 36): started with one command and no entry in
content/languages.yaml (ja, de, fr here), the same fallbacks declared or not, letters from CLDR."""
from __future__ import annotations

import csv
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest

from generator.cards import joined
from generator.facts.languages import ALMANAC, CARD, Source, undeclared
from generator.pipeline import load_corpus
from generator.read.po import read_po_bytes
from tests.conftest import ROOT, project_copy
from tests.projects import almanac

FIXTURES = ROOT / "tests" / "fixtures"


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    return project_copy(tmp_path_factory.mktemp("teams"))


def store(project, lang):
    file = f"content/{lang}/translations.po"
    return read_po_bytes((project / file).read_bytes(), file)


def test_update_po_starts_a_language_languages_yaml_does_not_declare(project):
    assert "\nja:" not in (project / "content/languages.yaml").read_text(encoding="utf-8")
    made = almanac("update-po", "--lang", "ja", root=project)
    assert made.returncode == 0, made.stderr
    # Said in Japanese: the interface has a Japanese catalog.
    # The characters' sections, One Night's 113 texts and the two scripts' titles.
    assert made.stdout == "新しいセクション 406 件、原文が変わったため fuzzy にした翻訳 0 件、" \
                          "使われなくなった翻訳 0 件。content/ja/translations.po を書き出しました\n"
    ja = store(project, "ja")
    assert ja.language == "ja" and len([m for m in ja.messages if not m.obsolete]) == 406
    file = "content/ja/translations.po"
    assert subprocess.run(["msgfmt", "-c", "-o", "/dev/null", file], cwd=project).returncode == 0
    assert subprocess.run(["msgcat", file], cwd=project, capture_output=True).stdout == \
        (project / file).read_bytes()


def test_export_po_for_an_undeclared_language(project, tmp_path):
    out = tmp_path / "fr.po"
    made = almanac("export-po", "--lang", "fr", "-o", str(out), "--character", "noble",
                   root=project)
    assert made.returncode == 0, made.stderr
    po = read_po_bytes(out.read_bytes(), str(out))
    assert po.language == "fr"
    assert sorted(m.context for m in po.messages) == \
        ["noble/ability", "noble/flavor", "noble/how_to_run", "noble/summary"]


def test_a_store_makes_its_language_part_of_the_project(project):
    """A folder holding a store is a language of every command, as if declared."""
    almanac("update-po", "--lang", "ja", root=project)
    corpus = load_corpus(project)
    assert corpus.languages.codes[:2] == ("ko", "en") and "ja" in corpus.languages.codes
    assert corpus.languages["ja"].name == "日本語" and not corpus.languages["ja"].almanac


def test_declared_or_not_the_same_fallbacks(tmp_path):
    chain = (Source(CARD, "en"), Source(ALMANAC, "en"), Source(ALMANAC, "ko"))
    undeclared_project = project_copy(tmp_path / "a")
    almanac("update-po", "--lang", "de", root=undeclared_project)
    assert load_corpus(undeclared_project).languages.chain("de") == chain
    declared = project_copy(tmp_path / "b")
    with (declared / "content/languages.yaml").open("a", encoding="utf-8") as languages:
        languages.write("de: {}\n")
    corpus = load_corpus(declared)
    assert corpus.languages.chain("de") == chain
    assert corpus.languages["de"].letters == frozenset({"LATIN"})


@pytest.mark.parametrize(("tag", "letters"), [
    ("ja", {"CJK", "IDEOGRAPHIC", "HIRAGANA", "KATAKANA", "KATAKANA-HIRAGANA"}),
    ("de", {"LATIN"}), ("fr", {"LATIN"}), ("zh-Hans", {"CJK", "IDEOGRAPHIC"}),
    ("th", {"THAI"}), ("ru", {"CYRILLIC"}), ("he", {"HEBREW"}), ("el", {"GREEK"})])
def test_letters_come_from_cldr(tag, letters):
    assert undeclared(tag).letters == frozenset(letters)


def test_correct_japanese_has_no_stray_letters(tmp_path):
    project = project_copy(tmp_path)
    almanac("update-po", "--lang", "ja", root=project)
    file = project / "content/ja/translations.po"
    text = file.read_text(encoding="utf-8")
    # A translation in kanji, hiragana, katakana and the long vowel mark ー.
    translation = "毎晩、プレイヤーを1人選びます。そのプレイヤーはデーモンから守られます。"
    text = text.replace('msgctxt "monk/ability"\nmsgid "', 'msgctxt "monk/ability"\nmsgid "', 1)
    head, _, rest = text.partition('msgctxt "monk/ability"\n')
    msgid, _, after = rest.partition('msgstr ""\n')
    file.write_text(f'{head}msgctxt "monk/ability"\n{msgid}msgstr "{translation}"\n{after}',
                    encoding="utf-8")
    checked = almanac("check", "--lang", "ja", root=project)
    assert checked.returncode == 0, checked.stderr
    assert [line for line in checked.stdout.splitlines() if "content/ja/" in line and
            ("stray-script" in line or "other-letters" in line)] == []
    corpus = load_corpus(project)
    assert corpus.character("botc", "monk").entries["ja"].ability.text == translation


def quoted(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def po(lang, *messages):
    header = f'msgid ""\nmsgstr ""\n"Language: {lang}\\n"\n'
    return (header + "".join(f'\nmsgctxt "{c}"\nmsgid {quoted(i)}\nmsgstr {quoted(s)}\n'
                             for c, i, s in messages)).encode("utf-8")


def test_the_source_is_english_where_the_english_team_translated_it(tmp_path):
    project = project_copy(tmp_path)
    assert almanac("update-po", "--lang", "ja", root=project).returncode == 0
    korean = next(m for m in store(project, "ja").messages if m.context == "alchemist/summary").id
    assert "연금술사" in korean  # Korean alone: English has nothing yet
    (project / "ja.po").write_bytes(po("ja", ("alchemist/summary", korean, "錬金術師の要約。")))
    assert almanac("import-po", "ja.po", root=project).returncode == 0
    # The English team translates the Korean summary.
    (project / "en.po").write_bytes(po("en", ("alchemist/summary", korean,
                                               "The Alchemist has a Minion ability.")))
    assert almanac("import-po", "en.po", root=project).returncode == 0
    updated = almanac("update-po", "--lang", "ja", root=project)
    assert "1 " in updated.stdout and updated.returncode == 0
    message = next(m for m in store(project, "ja").messages if m.context == "alchemist/summary")
    assert message.id == "The Alchemist has a Minion ability."
    assert message.string == "錬金術師の要約。"
    assert message.fuzzy and message.previous_id == korean  # as msgmerge marks a changed source
    assert f"ko: {korean}" in message.auto_comments  # the original beside it
    # English itself still reads the Korean original: a translation is never its own source.
    english = next(m for m in store(project, "en").messages if m.context == "alchemist/summary")
    assert english.id == korean


def test_a_team_chooses_its_pivot(tmp_path):
    project = project_copy(tmp_path)
    korean_first = load_corpus(project)
    with (project / "content/languages.yaml").open("a", encoding="utf-8") as languages:
        languages.write("de:\n  pivot: [ko]\n")
    corpus = load_corpus(project)
    assert corpus.languages.pivots("de") == ("ko", "en")
    assert korean_first.languages.codes == ("ko", "en")
    # The Empath's ability is written in both almanacs: English by default, Korean by choice.
    empath = corpus.character("botc", "empath")
    assert almanac("update-po", "--lang", "fr", root=project).returncode == 0
    assert almanac("update-po", "--lang", "de", root=project).returncode == 0
    assert next(m for m in store(project, "fr").messages if m.context == "empath/ability").id == \
        empath.entries["en"].ability.text
    assert next(m for m in store(project, "de").messages if m.context == "empath/ability").id == \
        empath.entries["ko"].ability.text != empath.entries["en"].ability.text


@pytest.fixture(scope="module")
def official(tmp_path_factory):
    """The official data fixtures of the project's own (names and words real, sentences made
    up) in one folder, as a team downloads them."""
    folder = tmp_path_factory.mktemp("official")
    for source in ("official", "official-languages"):
        for path in (FIXTURES / source).iterdir():
            shutil.copy(path, folder / path.name)
    return folder


def terms(messages):
    return [c.removeprefix("terms: ") for m in messages for c in m.auto_comments
            if c.startswith("terms: ")]


def test_term_hints_are_in_the_target_language_from_the_official_data(tmp_path, official):
    project = project_copy(tmp_path)
    assert almanac("update-po", "--lang", "ja", "--official", str(official),
                   root=project).returncode == 0
    ja = store(project, "ja").messages
    pairs = {pair for hint in terms(ja) for pair in hint.split("; ")}
    assert {"악마 → 悪魔", "하수인 → 手下", "Chef → 料理人", "Demon → 悪魔"} <= pairs
    # Never a word Japanese only borrows (악마 → Demons): every target is the data's own.
    assert [pair for pair in pairs if pair.split(" → ")[1].isascii()] == []
    # Without the data, no hint rather than a wrong one.
    other = project_copy(tmp_path / "b")
    assert almanac("update-po", "--lang", "ja", root=other).returncode == 0
    assert [pair for hint in terms(store(other, "ja").messages) for pair in hint.split("; ")
            if "Demon" in pair or "demon" in pair] == []


def test_a_glossary_per_language_as_tbx_and_csv(tmp_path, official):
    project = project_copy(tmp_path)
    made = almanac("export-glossary", "--lang", "ja", "--official", str(official),
                   "-o", str(tmp_path / "ja.tbx"), root=project)
    assert made.returncode == 0, made.stderr
    entries = {entry.get("id"): {lang_set.get("{http://www.w3.org/XML/1998/namespace}lang"):
                                 lang_set.findtext("tig/term")
                                 for lang_set in entry.iter("langSet")}
               for entry in ElementTree.parse(tmp_path / "ja.tbx").iter("termEntry")}
    assert entries["team:demon"] == {"en": "Demon", "ko": "악마", "ja": "悪魔"}
    assert entries["character:poisoner"] == {"en": "Poisoner", "ko": "독살범", "ja": "毒師"}
    assert entries["character:steward"] == {"en": "Steward", "ko": "시종"}  # no Japanese yet
    # translate-toolkit reads it as the glossary it is.
    assert almanac("export-glossary", "--lang", "ja", "--official", str(official),
                   "-o", str(tmp_path / "ja.csv"), root=project).returncode == 0
    rows = list(csv.reader((tmp_path / "ja.csv").open(encoding="utf-8")))
    assert rows[0] == ["source", "target", "context", "explanation"]
    assert ["Demon", "悪魔", "team", "ko: 악마"] in rows
    refused = almanac("export-glossary", "--lang", "ja", "-o", str(tmp_path / "ja.txt"),
                      root=project)
    assert (refused.returncode, refused.stderr) == (
        2, f"error: {tmp_path / 'ja.txt'}: a glossary is written as .tbx or .csv; name the "
           "file so\n")


def test_what_the_official_card_gives_is_not_asked(tmp_path, official):
    project = project_copy(tmp_path)
    assert almanac("update-po", "--lang", "ja", root=project).returncode == 0
    without = {m.context for m in store(project, "ja").messages if not m.obsolete}
    assert almanac("update-po", "--lang", "ja", "--official", str(official),
                   root=project).returncode == 0
    with_data = {m.context for m in store(project, "ja").messages if not m.obsolete}
    # The fixture's Japanese cards give the Poisoner's ability (the Chef's no almanac has).
    assert without - with_data == {"poisoner/ability"}
    exported = tmp_path / "ja.po"
    assert almanac("export-po", "--lang", "ja", "--official", str(official), "-o",
                   str(exported), root=project).returncode == 0
    contexts = {m.context for m in read_po_bytes(exported.read_bytes(), "ja.po").messages}
    assert contexts == with_data
    # An official sentence is refused in one line, and nothing is written.
    before = (project / "content/ja/translations.po").read_bytes()
    card = json.loads((official / "game.ja.json").read_text(encoding="utf-8"))
    (project / "in.po").write_bytes(po("ja", ("chef/summary", "x",
                                               card["roles"]["chef"]["ability"])))
    refused = almanac("import-po", "in.po", "--official", str(official), root=project)
    assert (refused.returncode, refused.stdout) == (2, "")
    assert refused.stderr == "in.po:7: error: the translation of chef/summary is the official " \
        "ja card's text (ability); the project never copies official texts (its pages show " \
        "them): clear it, then import again\n"
    assert (project / "content/ja/translations.po").read_bytes() == before


def test_check_counts_sections_and_finds_what_pofilter_finds(tmp_path):
    project = project_copy(tmp_path)
    assert almanac("update-po", "--lang", "ja", root=project).returncode == 0
    monk = {m.context: m.id for m in store(project, "ja").messages
            if m.context and m.context.startswith("monk/")}
    steps = monk["monk/how_to_run"].split("\n")
    ability = monk["monk/ability"]
    assert "*" in ability and len(steps) == 4
    (project / "ja.po").write_bytes(po(
        "ja", ("monk/how_to_run", monk["monk/how_to_run"], "\n".join(["手順。"] * 3)),
        ("monk/ability", ability, "毎晩、プレイヤーを2人選びます。")))
    assert almanac("import-po", "ja.po", root=project).returncode == 0
    checked = almanac("check", root=project).stdout.splitlines()
    assert [line.split(": ", 1)[1] for line in checked if "translation-differs" in line] == [
        "warning translation-differs: monk/ability: 0 * marks where the source has 1",
        "warning translation-differs: monk/ability: the numbers 2 where the source has -",
        "warning translation-differs: monk/how_to_run: 3 steps where the source has 4"]
    # The Monk keeps its finding while sections are still to translate, named with them.
    assert [line.split(": ", 1)[1] for line in checked
            if "missing-translation" in line and "Monk" in line and "Japanese" in line] == [
        "info missing-translation: Monk: Flavor, Almanac not yet in Japanese"]
    # As many sections as the report and export-po count.
    exported = tmp_path / "ja-all.po"
    assert almanac("export-po", "--lang", "ja", "-o", str(exported), root=project).returncode == 0
    from generator.translation.lacking import lacking
    assert len(list(lacking(load_corpus(project), "ja"))) == sum(
        1 for m in read_po_bytes(exported.read_bytes(), "ja.po").messages
        if not m.context.startswith(("onuw/", "script/")))


def test_check_export_po_and_the_report_give_one_count(tmp_path, official):
    """What a language lacks, counted once (translation/lacking.py, the official card's
    sections covered): check's line of each language, the messages of a whole export-po and
    the report's progress (its sections of those it has or lacks) give the same number."""
    from generator.facts.official import load_official
    from generator.views.report import report_view
    project = project_copy(tmp_path)
    assert almanac("update-po", "--lang", "ja", "--official", str(official),
                   root=project).returncode == 0
    monk = next(m for m in store(project, "ja").messages if m.context == "monk/summary")
    (project / "ja.po").write_bytes(po("ja", ("monk/summary", monk.id, "僧侶の要約。")))
    assert almanac("import-po", "ja.po", root=project).returncode == 0
    checked = almanac("check", "--official", str(official), root=project)
    counts = dict(re.findall(r"^(\w+): (\d+) texts? to translate \(export-po --lang \1\)$",
                             checked.stderr.replace("Korean", "ko").replace("English", "en")
                             .replace("Japanese", "ja"), re.M))
    assert sorted(counts) == ["en", "ja", "ko"]
    corpus = load_corpus(project)
    progress = {p.lang: p for p in report_view(joined(corpus, load_official(official)), (), "en",
                                               frozenset()).progress}
    for lang, count in counts.items():
        exported = tmp_path / f"{lang}-all.po"
        assert almanac("export-po", "--lang", lang, "--official", str(official), "-o",
                       str(exported), root=project).returncode == 0
        messages = read_po_bytes(exported.read_bytes(), exported.name).messages
        assert int(count) == len(messages) == progress[lang].of - progress[lang].present, lang
    # The card the data gives in Japanese (the Poisoner's ability) is not lacking; without the
    # data, it is.
    without = almanac("check", "--no-official", root=project).stderr
    assert f"Japanese: {int(counts['ja']) + 1} texts to translate" in without
    # Its missing-translation findings name each section it counts, character by character.
    named = [line for line in checked.stdout.splitlines()
             if "missing-translation" in line and "Japanese" in line]
    assert named and not any("Poisoner" in line and "Ability" in line for line in named)


def test_update_po_with_the_official_data_adds_only_its_words(tmp_path, official):
    """The store's comments with --official are those without it, and the official words: the
    character's name in the language beside its others, and the hints of the terms it uses;
    the messages it leaves out are the sections its card gives (covered)."""
    stores = {}
    for name, given in (("without", ()), ("with", ("--official", str(official)))):
        project = project_copy(tmp_path / name)
        assert almanac("update-po", "--lang", "ja", *given, root=project).returncode == 0
        stores[name] = {m.context: m for m in store(project, "ja").messages}
    assert set(stores["without"]) - set(stores["with"]) == {"poisoner/ability"}
    assert set(stores["with"]) <= set(stores["without"])
    hinted = named = 0
    for context, message in stores["with"].items():
        plain = stores["without"][context]
        assert (message.id, message.string, message.flags, message.locations) == \
            (plain.id, plain.string, plain.flags, plain.locations)
        comments = [c for c in message.auto_comments if not c.startswith("terms: ")]
        hinted += len(comments) < len(message.auto_comments)
        assert [c for c in plain.auto_comments if c.startswith("terms: ")] == []
        if comments != list(plain.auto_comments):  # the name in Japanese, before the section
            *names, section = comments[0].split(" · ")
            assert " · ".join([*names[:-1], section]) == plain.auto_comments[0], context
            assert comments[1:] == list(plain.auto_comments[1:]), context
            named += 1
    assert hinted > 0 and named > 0


def test_each_message_says_where_it_shows(project):
    almanac("update-po", "--lang", "ja", root=project)
    monk = next(m for m in store(project, "ja").messages if m.context == "monk/how_to_run")
    # The page and the anchor of the section's heading in Japanese (the catalog's word).
    assert monk.auto_comments[-1] == "page: /ja/characters/monk/#進行方法"


def test_a_reviewed_mark_that_po_tools_keep(tmp_path):
    project = project_copy(tmp_path)
    assert almanac("update-po", "--lang", "de", root=project).returncode == 0
    source = next(m for m in store(project, "de").messages if m.context == "empath/ability").id
    (project / "de.po").write_bytes(
        b'# reviewed\n' + po("de", ("empath/ability", source, "Jede Nacht erfährst du etwas."))
        .replace(b'\nmsgctxt', b'\n# reviewed\nmsgctxt'))
    assert almanac("import-po", "de.po", root=project).returncode == 0
    file = "content/de/translations.po"
    empath = next(m for m in store(project, "de").messages if m.context == "empath/ability")
    assert empath.comments == ("reviewed",)
    # msgcat and msgmerge (with the store as its own template) keep it byte for byte.
    written = (project / file).read_bytes()
    assert subprocess.run(["msgcat", file], cwd=project, capture_output=True).stdout == written
    merged = subprocess.run(["msgmerge", "--previous", "-q", "-o", "-", file, file],
                            cwd=project, capture_output=True).stdout
    assert b"# reviewed\n" in merged
    assert almanac("update-po", "--lang", "de", root=project).returncode == 0
    assert (project / file).read_bytes() == written
    from generator.views.report import report_view
    corpus = load_corpus(project)
    progress = {p.lang: p for p in report_view(corpus, (), "en", frozenset()).progress}
    assert (progress["de"].reviewed, progress["ko"].reviewed) == (1, 0)
    # A changed source asks for a review again: fuzzy, and the mark gone.
    english = next(project.glob("content/en/*.txt"))
    for path in project.glob("content/en/*.txt"):
        if source in path.read_text(encoding="utf-8"):
            english = path
    english.write_text(english.read_text(encoding="utf-8").replace(source, "Changed."),
                       encoding="utf-8")
    assert almanac("update-po", "--lang", "de", root=project).returncode == 0
    empath = next(m for m in store(project, "de").messages if m.context == "empath/ability")
    assert empath.fuzzy and empath.comments == () and empath.previous_id == source


# The official Korean data's words (app.ko.json, script.ko.json: 기록 토큰 16 and 7 times, the
# keywords 주민 and 설화) where the project's own Korean once said others.
OFFICIAL_KOREAN = {"townsfolk": "주민", "loric": "설화"}


def test_korean_in_the_official_korean_words(tmp_path, official):
    from generator.facts.catalogs import translations
    corpus = load_corpus(ROOT)
    assert {team.id: team.label("ko") for team in corpus.glossary.teams
            if team.id in OFFICIAL_KOREAN} == OFFICIAL_KOREAN
    assert translations("ko").gettext("Reminder tokens") == "기록 토큰"
    # The almanac's own words stay in its texts and find the same pages.
    synonyms = corpus.glossary.rules.synonyms["ko"]
    assert ("기록", "알림", "리마인더") in synonyms and ("마을주민", "주민", "타운스포크") in synonyms
    # The hints name a team by the official word where the data gives one.
    data = shutil.copytree(official, tmp_path / "data")
    (data / "script.ko.json").write_text(
        '{"keyword": {"townsfolk": "주민|주민", "demon": "악마|악마"}}', encoding="utf-8")
    project = project_copy(tmp_path / "project")
    assert almanac("update-po", "--lang", "ko", "--official", str(data),
                   root=project).returncode == 0
    pairs = {pair for hint in terms(store(project, "ko").messages) for pair in hint.split("; ")}
    assert "Townsfolk → 주민" in pairs and "Townsfolk → 마을주민" not in pairs


def test_the_report_of_a_language_says_what_it_and_the_official_data_lack(official):
    from generator.facts.official import load_official
    from generator.views.report import OfficialShare, report_view
    corpus = load_corpus(ROOT, ("ja",))  # as a build of the Japanese site has it
    report = report_view(joined(corpus, load_official(official)), (), "ja", frozenset())
    assert [p.lang for p in report.progress] == ["ko", "en", "ja"]
    assert {c.states[-1][0] for row in report.rows for c in row.cells} == {"en"}  # matrix as was
    glossary = "almanac export-glossary --lang ja --official DIR -o ja.tbx"
    # The fixture: 5 characters; Japanese names 3 of them, 2 of 3 tokens, 1 of 4 jinxes.
    assert report.official == (
        OfficialShare("Names", 3, 5, glossary), OfficialShare("Ability", 3, 5),
        OfficialShare("Flavor", 0, 4), OfficialShare("First night", 2, 4),
        OfficialShare("Other nights", 2, 4), OfficialShare("Reminder tokens", 2, 3, glossary),
        OfficialShare("Jinxes", 1, 4))


def test_round_trips_through_translate_toolkit_stay_lossless(tmp_path):
    """translate-toolkit (Weblate's, pofilter's) rewrites the store its way; the store reads the
    same and update-po puts gettext's form back; pofilter finds what check finds."""
    from translate.storage import po as toolkit_po
    project = project_copy(tmp_path)
    assert almanac("update-po", "--lang", "fr", root=project).returncode == 0
    file = project / "content/fr/translations.po"
    source = next(m for m in store(project, "fr").messages if m.context == "empath/ability").id
    (project / "fr.po").write_bytes(po("fr", ("empath/ability", source, "Chaque nuit, 3 voisins.")))
    assert almanac("import-po", "fr.po", root=project).returncode == 0
    written = file.read_bytes()
    before = {m.context: (m.id, m.string) for m in store(project, "fr").messages}
    toolkit = toolkit_po.pofile.parsefile(str(file))
    toolkit.savefile(str(file))
    assert {m.context: (m.id, m.string) for m in store(project, "fr").messages} == before
    assert almanac("update-po", "--lang", "fr", root=project).returncode == 0
    assert file.read_bytes() == written
    checked = [line for line in almanac("check", root=project).stdout.splitlines()
               if "translation-differs" in line]
    problems = tmp_path / "problems.po"
    pofilter = Path(sys.executable).parent / "pofilter"  # translate-toolkit, a test dependency
    subprocess.run([str(pofilter), "-t", "numbers", str(file), str(problems)],
                   check=True, capture_output=True)
    flagged = [u.getcontext() for u in toolkit_po.pofile.parsefile(str(problems)).units
               if not u.isheader()]
    assert flagged == ["empath/ability"] and len(checked) == 1 and "empath/ability" in checked[0]
