"""The PO export: a header without placeholders or dates, no format flags, and `msgfmt -c`
(Debian package gettext) accepting faithful translations in both languages."""
import os
import re
import subprocess
import sys
from importlib.metadata import version
from io import BytesIO

import pytest
from babel.messages.pofile import read_po

from generator.cards import joined
from generator.export.po import write_lacking
from tests.conftest import ROOT

# What msgfmt -c says of a header that leaves out what the export cannot know.
MISSING_HEADERS = ["warning: header field 'PO-Revision-Date' missing in header",
                   "warning: header field 'Last-Translator' missing in header"]


def exported(corpus, lang):
    buffer = BytesIO()
    write_lacking(corpus, lang, buffer)
    return buffer.getvalue()


def translated(data, translate):
    """The exported PO with every msgstr filled by translate(msgctxt, msgid lines), edited as
    text: read back through Babel, it would guess the format flags again."""
    blocks = data.decode("utf-8").split("\n\n")
    return "\n\n".join(_filled(block, translate) if "\nmsgctxt " in block else block
                       for block in blocks).encode("utf-8")


def _filled(block, translate):
    lines = block.split("\n")
    context = next(line for line in lines if line.startswith("msgctxt "))[9:-1]
    start = next(i for i, line in enumerate(lines) if line.startswith("msgid "))
    end = next(i for i, line in enumerate(lines) if line.startswith("msgstr "))
    source = [lines[start][len("msgid "):], *lines[start + 1:end]]
    target = translate(context, source)
    return "\n".join(lines[:end] + ["msgstr " + target[0], *target[1:]] + lines[end + 1:])


def msgfmt_check(path):
    result = subprocess.run(["msgfmt", "-c", "-o", "/dev/null", str(path)], capture_output=True,
                            text=True)
    return result.returncode, [line.split(": ", 1)[1] for line in result.stderr.splitlines()]


# Translations that keep a '%' or drop a '{' where the other language has them.
FAITHFUL = {
    "vizier/summary": '"투표 수가 살아 있는 플레이어의 50% 미만이어도 재상은 처형할 수 있습니다."',
    "kazali/flavor": '"Reassembly. Please die. Blueprint broken. Error. Reconstruction."',
}


def faithful(context, source):
    return [FAITHFUL[context]] if context in FAITHFUL else source


@pytest.mark.parametrize("lang, flagged", [("ko", "vizier/summary"), ("en", "kazali/flavor")])
def test_text_that_looks_like_a_format_string_gets_no_flag(corpus, lang, flagged):
    data = exported(corpus, lang)
    assert f'msgctxt "{flagged}"'.encode() in data
    assert b"\n#," not in data


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_msgfmt_accepts_faithful_translations(corpus, lang, tmp_path):
    path = tmp_path / f"{lang}.po"
    data = translated(exported(corpus, lang), faithful)
    assert sum(text.encode() in data for text in FAITHFUL.values()) == 1
    path.write_bytes(data)
    assert msgfmt_check(path) == (0, MISSING_HEADERS)


@pytest.mark.parametrize("lang, team, plural", [
    ("ko", "Korean", "nplurals=1; plural=0;"),
    ("en", "English", "nplurals=2; plural=(n != 1);"),
])
def test_the_header_names_the_project_and_the_language(corpus, lang, team, plural):
    data = exported(corpus, lang)
    header = data.split(b"\n\n", 1)[0].decode("utf-8")
    assert header == "\n".join([
        f"# Sections the almanac still lacks in {team}, each with the other language's text "
        "as its msgid.",
        f"# `almanac import-po FILE` brings the translations back into content/{lang}/"
        "translations.po.",
        "#",
        'msgid ""',
        'msgstr ""',
        f'"Project-Id-Version: almanac {version("almanac")}\\n"',
        f'"Language: {lang}\\n"',
        f'"Language-Team: {team} <{lang}>\\n"',
        f'"Plural-Forms: {plural}\\n"',
        '"MIME-Version: 1.0\\n"',
        '"Content-Type: text/plain; charset=utf-8\\n"',
        '"Content-Transfer-Encoding: 8bit\\n"',
        '"Generated-By: Babel 2.17.0\\n"'])
    catalog = read_po(BytesIO(data), locale=lang)
    assert (catalog.project, catalog.version, catalog.language_team) == \
        ("almanac", version("almanac"), f"{team} <{lang}>")


def test_the_same_corpus_exports_the_same_bytes():
    # Processes with different hash seeds: no set order leaks in (the header test keeps dates out).
    program = "\n".join(["import sys", "from pathlib import Path",
                         "from generator.export.po import write_lacking",
                         "from generator.pipeline import load_corpus",
                         "write_lacking(load_corpus(Path('.')), 'ko', sys.stdout.buffer)"])
    outputs = {subprocess.run([sys.executable, "-c", program], cwd=ROOT, check=True,
                              capture_output=True, env={**os.environ, "PYTHONHASHSEED": seed}
                              ).stdout for seed in ("1", "2")}
    assert len(outputs) == 1 and b"vizier/summary" in outputs.pop()


def test_translator_comments_give_the_official_terms_the_source_uses(corpus):
    catalog = read_po(BytesIO(exported(corpus, "ko")), locale="ko")
    balloonist = next(m for m in catalog if m.context == "balloonist/how_to_run")
    assert "terms: Balloonist → 열기구 조종사; KNOW → 알아냄; Outsider → 외지인" in \
        balloonist.auto_comments
    english = read_po(BytesIO(exported(corpus, "en")), locale="en")
    alsaahir = next(m for m in english if m.context == "alsaahir/summary")
    # Names inside longer words are no terms: no 포 (Po) for 포함.
    # Team words in the number the card text uses: Demon, not Demons.
    assert [c for c in alsaahir.auto_comments if c.startswith("terms:")] == [
        "terms: 악마 → Demon; 알사히르 → Alsaahir; 여행자 → Traveller; 하수인 → Minion"]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_term_hint_is_never_split_across_comment_lines(corpus, lang):
    text = exported(corpus, lang).decode("utf-8")
    lines = [line for line in text.splitlines() if line.startswith("#.")]
    hints = [line for line in lines if line.startswith("#. terms: ")]
    assert len(hints) > 50
    # Every comment line is whole: a names line, the terms, or the store's revision.
    assert [line for line in lines if not (" · " in line or line in hints or
                                           re.fullmatch(r"#\. store: [0-9a-f]{12}", line))] == []
    assert [hint for hint in hints
            if not all(re.fullmatch(r"[^;→]+ → [^;→]+", pair)
                       for pair in hint.removeprefix("#. terms: ").split("; "))] == []
    assert max(map(len, hints)) > 76  # long enough that Babel would have wrapped it


def test_filters_and_the_official_card_as_a_comment_never_a_translation(corpus, tmp_path):
    official = tmp_path / "official"
    official.mkdir()
    (official / "roles.json").write_text(
        '[{"id": "balloonist", "name": "Balloonist", "ability": "A made-up card ability."}]',
        encoding="utf-8")
    from generator.facts.official import load_official
    buffer = BytesIO()
    count = write_lacking(joined(corpus, load_official(official)), "ko", buffer, {"balloonist"},
                          {"ability", "summary"})
    catalog = read_po(BytesIO(buffer.getvalue()), locale="ko")
    messages = {m.context: m for m in catalog if m.id}
    assert count == 2 and set(messages) == {"balloonist/ability", "balloonist/summary"}
    # No Korean card: the English one beside the message, its msgstr left to the translator.
    ability = messages["balloonist/ability"]
    assert (ability.string, ability.fuzzy) == ("", False)
    assert ability.auto_comments[-1] == "card (en): A made-up card ability."
    assert (messages["balloonist/summary"].string, messages["balloonist/summary"].fuzzy) == \
        ("", False)
    # With a Korean card the ability is official in Korean: not asked.
    (official / "game.ko.json").write_text(
        '{"roles": {"balloonist": {"name": "열기구 조종사", "ability": "지어낸 카드 능력."}}}',
        encoding="utf-8")
    buffer = BytesIO()
    assert write_lacking(joined(corpus, load_official(official)), "ko", buffer, {"balloonist"},
                         {"ability", "summary"}) == 1
    assert [m.context for m in read_po(BytesIO(buffer.getvalue()), locale="ko") if m.id] == \
        ["balloonist/summary"]


def test_the_official_data_adds_no_message_import_po_could_not_take(corpus):
    """The fixture's Spy and Imp have no almanac entry, the Chef's ability no text in any
    language: their cards are on their pages already, and no message of the PO."""
    from generator.facts.official import load_official
    from generator.translation.lacking import lacking, lacking_roles, lacking_titles
    official = load_official(ROOT / "tests" / "fixtures" / "official")
    assert corpus.character("botc", "imp") is None and corpus.character("botc", "spy") is None
    for lang in ("ko", "en"):
        with_data, without = BytesIO(), BytesIO()
        count = write_lacking(joined(corpus, official), lang, with_data)
        roles = len(list(lacking_roles(corpus, lang))) + len(list(lacking_titles(corpus, lang)))
        assert count == len(list(lacking(corpus, lang, official))) + roles
        assert write_lacking(corpus, lang, without) == len(list(lacking(corpus, lang))) + roles
        contexts = [m.context for m in read_po(BytesIO(with_data.getvalue()), locale=lang)
                    if m.id]
        assert len(contexts) == len(set(contexts)) == count
        assert {"imp/ability", "spy/ability", "chef/ability"} & set(contexts) == set()
    # A character only the official data has can be asked for by its id: nothing to translate.
    buffer = BytesIO()
    assert write_lacking(joined(corpus, official), "ko", buffer, {"imp"}) == 0


def test_the_last_line_speaks_the_language_of_the_po(tmp_path):
    # As update-po and import-po do: the translator reads it in the PO's language.
    from tests.projects import almanac
    korean = almanac("export-po", "--lang", "ko", "-o", str(tmp_path / "ko.po"))
    count = sum(1 for m in read_po(BytesIO((tmp_path / "ko.po").read_bytes())) if m.id)
    assert korean.stdout == f"{tmp_path / 'ko.po'}: 메시지 {count}개를 내보냈습니다\n"
    english = almanac("export-po", "--lang", "en", "--character", "noble", "-o",
                      str(tmp_path / "en.po"))
    assert english.stdout == f"4 messages → {tmp_path / 'en.po'}\n"


def test_a_language_cldr_does_not_know_is_declared_before_it_is_translated(tmp_path):
    """Any language CLDR knows needs no entry (tests/test_translator_teams.py); one it does
    not know has no name, letters nor catalog to start from."""
    from tests.projects import almanac
    refused = almanac("export-po", "--lang", "qq", "-o", str(tmp_path / "qq.po"))
    assert (refused.returncode, refused.stdout) == (2, "")
    assert refused.stderr == "error: unknown language 'qq'; the project has ko, en: declare it in " \
        "content/languages.yaml to write or translate in it\n"
    assert not (tmp_path / "qq.po").exists()
