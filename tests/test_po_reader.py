"""What a translator's PO may hold, and what import-po makes of it: each case imported right, or
one line at its line of the PO (as msgfmt says it), and the store untouched."""
from __future__ import annotations

import pytest

from generator.pipeline import load_corpus
from generator.read.po import read_po_bytes
from tests.conftest import project_copy
from tests.projects import almanac

PROFESSOR = "게임당 한 번, 밤*에 죽은 플레이어를 선택할 수 있습니다. 해당 플레이어가 주민이라면 부활합니다."
HEADER = 'msgid ""\nmsgstr ""\n"Language: en\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
STORE = "content/en/translations.po"


def message(msgstr: str, header: str = HEADER) -> str:
    """A PO of the Professor's ability, msgstr as written in the file (quoted, escapes and all)."""
    return f'{header}\nmsgctxt "professor/ability"\nmsgid "{PROFESSOR}"\nmsgstr {msgstr}\n'


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    return project_copy(tmp_path_factory.mktemp("project"), stores=False)


def imported(project, data: bytes, *options: str):
    (project / "in.po").write_bytes(data)
    (project / STORE).unlink(missing_ok=True)
    run = almanac("import-po", "in.po", *options, root=project)
    stored = None
    if (project / STORE).exists():
        store = read_po_bytes((project / STORE).read_bytes(), STORE)
        stored = next(m.string for m in store.messages if m.context == "professor/ability")
    return run.returncode, run.stderr, stored


# Imported right: the translation as the translator meant it.
@pytest.mark.parametrize("data, expected", [
    pytest.param(b"\xef\xbb\xbf" + message('"Once per game."').encode(), "Once per game.",
                 id="utf-8 BOM"),
    pytest.param(message('""\n"Once per game,\\n"\n"at night."').replace("\n", "\r\n").encode(),
                 "Once per game,\nat night.", id="CRLF line ends"),
    pytest.param(message('"Once per game,\\r\\nat night."').encode(), "Once per game,\nat night.",
                 id="an escaped CRLF inside the msgstr, read as one line break"),
    pytest.param(message('"\\101 dead player, \\x41gain."').encode(), "A dead player, Again.",
                 id="octal and hex escapes, which Babel leaves undecoded"),
])
def test_imported_right(project, data, expected):
    code, err, stored = imported(project, data)
    assert (code, err, stored) == (0, "", expected)


# Refused: one line at the line of the PO, nothing written.
@pytest.mark.parametrize("data, expected", [
    pytest.param(message('"Once per game,\\rat night."').encode(),
                 "in.po:7: warning po-refused: professor/ability: the translation holds U+000D "
                 "control, which would split or hide a line; not imported (separate lines with "
                 "\\n; `pofilter -t newlines` finds them)\n", id="a carriage return"),
    pytest.param(message('"Once per game,\rat night."').encode(),
                 "in.po:7: warning po-refused: professor/ability: the translation holds U+000D "
                 "control, which would split or hide a line; not imported (separate lines with "
                 "\\n; `pofilter -t newlines` finds them)\n",
                 id="a carriage return inside the quotes, a character of the string as msgfmt "
                    "reads it"),
    pytest.param(message('"Once per game,\u2028at night."').encode(),
                 "in.po:7: warning po-refused: professor/ability: the translation holds U+2028 "
                 "LINE SEPARATOR, which would split or hide a line; not imported (separate lines "
                 "with \\n; `pofilter -t newlines` finds them)\n", id="U+2028"),
    pytest.param(message('"Once per game,\u0085at night."').encode(),
                 "in.po:7: warning po-refused: professor/ability: the translation holds U+0085 "
                 "control, which would split or hide a line; not imported (separate lines with "
                 "\\n; `pofilter -t newlines` finds them)\n", id="NEL U+0085"),
    pytest.param(message('"Once per game,\\vat night."').encode(),
                 "in.po:7: warning po-refused: professor/ability: the translation holds U+000B "
                 "control, which would split or hide a line; not imported (separate lines with "
                 "\\n; `pofilter -t newlines` finds them)\n", id="a \\v escape"),
    pytest.param(f'{HEADER}\nmsgctxt "professor/ability"\nmsgid "{PROFESSOR}"\nmsgid_plural '
                 '"x"\nmsgstr[0] "Once"\nmsgstr[1] "Twice"\n'.encode(),
                 "in.po:7: warning po-refused: professor/ability: plural forms are not "
                 "supported (a section is one text); not imported\n", id="plural forms"),
])
def test_refused_at_its_line(project, data, expected):
    code, err, stored = imported(project, data)
    assert (code, err, stored) == (1, expected, None)


@pytest.mark.parametrize("data, expected", [
    pytest.param(message('"Once per game, \\q."').encode(),
                 "in.po:8: error: invalid escape \\q in a string (column 24); write \\\\ for a "
                 "backslash\n", id="an invalid escape"),
    pytest.param(message('"Caf\\303\\251."').encode(),
                 "in.po:8: error: the escape \\303 stands for a byte above 127 (column 12); "
                 "write the character itself\n", id="an octal escape of a UTF-8 byte"),
    pytest.param(message('"Once per game."').replace('msgstr "Once', 'msgid_x "Once').encode(),
                 "in.po:8: error: not a PO line: a keyword and a string in double quotes, "
                 "closed on its line\n", id="a misspelt keyword"),
    pytest.param(message('"Once"').replace('\nmsgstr "Once"', "").encode() +
                 b'\nmsgctxt "noble/ability"\nmsgid "x"\nmsgstr "y"\n',
                 "in.po:7: error: msgid without its msgstr (every message needs a msgstr line, "
                 "even an empty one: msgstr \"\")\n", id="a missing msgstr"),
    pytest.param(message('"Once per game, caf\xe9."').encode("latin-1", "replace")
                 .replace(PROFESSOR.encode("latin-1", "replace"), PROFESSOR.encode()),
                 "in.po:8: error: not UTF-8 at column 27 (byte 0xE9; Latin-1 or another legacy "
                 "encoding?): save the file as UTF-8\n", id="Latin-1 bytes"),
    pytest.param(b"\xde\x12\x04\x95" + bytes(40),
                 "in.po: error: a compiled catalog (.mo), not a PO file; give the .po it was "
                 "compiled from\n", id="a .mo file"),
    pytest.param(message('"Once."', 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; '
                                    'charset=UTF-8\\n"\n').encode(),
                 "in.po:1: error: the PO header has no Language; add one (\"Language: en\\n\": its "
                 "messages are those of an export for en) or pass --lang\n",
                 id="no Language in the header: the language whose export it is"),
    pytest.param(message('"Once."', 'msgid ""\nmsgstr ""\n').replace(PROFESSOR, "Edited.")
                 .encode(),
                 "in.po:1: error: the PO header has no Language; add one (\"Language: CODE\\n\", "
                 "a code of content/languages.yaml: ko, en) or pass --lang\n",
                 id="no Language in the header, and no export's messages"),
    pytest.param(message('"Once."').replace("\n", "\r").encode(),
                 "in.po:1: error: its lines end in a carriage return alone (as old Mac editors "
                 "save them), which msgfmt does not read as line ends; save the file with LF line "
                 "ends\n", id="carriage returns alone as line ends"),
    pytest.param(message('"Once."').replace('"professor/ability"\n', '"professor/ability"\r')
                 .encode(),
                 "in.po:6: error: its lines end in a carriage return alone (as old Mac editors "
                 "save them), which msgfmt does not read as line ends; save the file with LF line "
                 "ends\n", id="a carriage return outside the quotes"),
    pytest.param(message('"Once."\n=======\nmsgstr "Twice."\n>>>>>>> theirs').replace(
                 "msgctxt", "<<<<<<< HEAD\nmsgctxt").encode(),
                 "in.po:6: error: a merge conflict (git's <<<<<<< line): keep one text of each "
                 "message and remove the marker lines\n", id="git's conflict markers"),
    pytest.param(message('"Once."', HEADER.replace("Language: en", "Language: qq")).encode(),
                 "in.po:1: error: the PO header's Language is 'qq', not a language of "
                 "content/languages.yaml (ko, en) nor one CLDR knows\n",
                 id="a language no one knows"),
])
def test_refused_whole_at_its_line(project, data, expected):
    code, err, stored = imported(project, data)
    assert (code, err, stored) == (2, expected, None)


def test_a_header_without_language_takes_lang_and_invisible_characters_are_named(project):
    data = message('"Once per game,\u200b at night\u202e."', 'msgid ""\nmsgstr ""\n').encode()
    code, err, stored = imported(project, data, "--lang", "en")
    assert (code, stored) == (0, "Once per game,\u200b at night\u202e.")
    assert err == "in.po:5: warning po-invisible: professor/ability: the translation holds " \
                  "invisible characters (U+200B ZERO WIDTH SPACE, U+202E RIGHT-TO-LEFT " \
                  "OVERRIDE); imported, check them\n"
    # The store holds them, and check names them where they stand.
    run = almanac("check", root=project).stdout.splitlines()
    line = (project / STORE).read_text(encoding="utf-8").splitlines().index(
        'msgctxt "professor/ability"') + 2
    assert [found for found in run if "store-message" in found] == [
        f"{STORE}:{line}: warning store-message: professor/ability: the translation holds invisible "
        "characters (U+200B ZERO WIDTH SPACE, U+202E RIGHT-TO-LEFT OVERRIDE)"]
    assert load_corpus(project).character("botc", "professor").entries["en"].ability.text == \
        "Once per game,\u200b at night\u202e."


def test_the_store_writer_puts_no_control_character_in_the_file():
    from generator.read.po import PoFile, PoMessage
    from generator.translation.po_text import po_text

    message = PoMessage("noble/ability", "a\x01b\tc\x7f\"\\", "one\ntwo\r", 0, 0)
    text = po_text(PoFile(STORE, {"Language": "en"}, 1, (message,)))
    assert 'msgid "a\\001b\\tc\\177\\"\\\\"\nmsgstr ""\n"one\\n"\n"two\\r"\n' in text
    assert not [c for c in text if ord(c) < 0x20 and c != "\n" or c == "\x7f"]
    back = read_po_bytes(text.encode("utf-8"), STORE).messages[0]
    assert (back.id, back.string) == (message.id, message.string)


def test_a_korean_po_and_store_name_a_control_character_in_korean(tmp_path):
    # `U+000D control` in a Korean line: the character's name now comes from the catalogs.
    project = project_copy(tmp_path, stores=False)
    source = load_corpus(project).character("botc", "steward").entries["en"].ability.text
    header = HEADER.replace("Language: en", "Language: ko")
    (project / "in.po").write_text(f'{header}\nmsgctxt "steward/ability"\nmsgid "{source}"\n'
                                   'msgstr "하나\\r둘"\n', encoding="utf-8")
    run = almanac("import-po", "in.po", root=project)
    assert run.stderr == (
        "in.po:7: warning po-refused: steward/ability: 번역에 줄을 나누거나 숨기는 문자(U+000D "
        "제어 문자)가 있어 가져오지 않았습니다(줄은 \\n으로 나누세요. `pofilter -t newlines`로 "
        "찾을 수 있습니다)\n")
    store = "content/ko/translations.po"
    (project / store).write_text(f'{header}\nmsgctxt "steward/ability"\nmsgid "{source}"\n'
                                 'msgstr "하나\\r둘\u2028셋\u200b"\n', encoding="utf-8")
    found = [line for line in almanac("check", "--lang", "ko", root=project).stdout.splitlines()
             if "store-message" in line]
    assert found == [f"{store}:7: warning store-message: steward/ability: 번역에 줄을 나누거나 "
                     "숨기는 문자(U+000D 제어 문자, U+2028 줄 구분 문자)가 있어 보여 주지 않습니다(줄은 "
                     "\\n으로 나누세요)"]
    english = [line for line in almanac("check", root=project).stdout.splitlines()
               if "store-message" in line]
    assert english == [f"{store}:7: warning store-message: steward/ability: the translation holds "
                       "U+000D control, U+2028 LINE SEPARATOR, which would split or hide a line; "
                       "not shown (separate lines with \\n)"]
