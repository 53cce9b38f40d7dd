"""The store and export-po's files are wrapped as GNU gettext wraps them, so that `msgcat` (and
msgmerge, Poedit, Weblate, which wrap the same way) leaves them byte for byte: checked against
the real msgcat on the corpus's stores and exports and on awkward texts of our own."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from generator.read.po import PoFile, PoMessage, read_po_bytes
from generator.translation.po_text import po_text
from generator.translation.po_wrap import wrapped_field
from tests.conftest import project_copy
from tests.projects import almanac


def msgcat(path: Path, *options: str) -> bytes:
    return subprocess.run(["msgcat", *options, str(path)], capture_output=True,
                          check=True).stdout


def read(data: bytes) -> list[tuple]:
    """What a PO says, whatever its wrapping."""
    return [(m.context, m.id, m.string, m.flags, m.previous_id, m.previous_context, m.obsolete,
             m.id_plural, m.plural_strings, m.comments, m.auto_comments, m.locations)
            for m in read_po_bytes(data, "t.po").messages]


def assert_msgcat_keeps(path: Path) -> None:
    written = path.read_bytes()
    assert msgcat(path) == written
    assert subprocess.run(["msgfmt", "-c", "-o", "/dev/null", str(path)],
                          capture_output=True).returncode == 0
    assert read(msgcat(path, "--no-wrap")) == read(written)


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    project = project_copy(tmp_path_factory.mktemp("wrap"))
    for lang in ("en", "ko"):
        assert almanac("update-po", "--lang", lang, root=project).returncode == 0
        assert almanac("export-po", "--lang", lang, "-o", f"{lang}.po",
                       root=project).returncode == 0
    return project


@pytest.mark.parametrize("file", ["content/en/translations.po", "content/ko/translations.po",
                                  "en.po", "ko.po"])
def test_msgcat_leaves_the_corpus_stores_and_exports_byte_for_byte(project, file):
    path = project / file
    assert_msgcat_keeps(path)
    if file.startswith("content/"):  # msgmerge against the same messages keeps the store too
        assert subprocess.run(["msgmerge", "--quiet", str(path), str(path)], capture_output=True,
                              check=True).stdout == path.read_bytes()
    # Long texts are wrapped (Korean msgids between syllables, English ones at spaces).
    lines = path.read_text(encoding="utf-8").splitlines()
    assert max(map(len, lines)) > 60 and sum(line == 'msgid ""' for line in lines) > 50


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("options", [("--no-wrap",), ("--width=40",)])
def test_update_po_wraps_a_store_a_tool_rewrapped_back_as_it_was(project, tmp_path, lang,
                                                                 options):
    copy = project_copy(tmp_path)
    store = f"content/{lang}/translations.po"
    canonical = (project / store).read_bytes()
    (copy / store).write_bytes(msgcat(project / store, *options))
    assert (copy / store).read_bytes() != canonical
    assert almanac("update-po", "--lang", lang, root=copy).returncode == 0
    assert (copy / store).read_bytes() == canonical


HANGUL = "가나다라마바사아자차카타파하"
AWKWARD = [
    # (context, msgid, msgstr)
    ("hangul/unspaced", HANGUL * 9, ""),
    ("hangul/spaced", "게임 시작 시, 플레이어 세 명 중 한 명이 악한 팀임을 알게 됩니다(세 명 중 "
                      "단 한 명만 악한 팀). " * 4, "You start knowing 3 players."),
    ("latin/long-word", "x" * 120, "Supercalifragilistic" * 6),
    ("latin/url", "See https://example.org/a/very/long/path/that/does/not/end/soon/at/all/"
                  "index.html?query=1&other=2 for more.", ""),
    ("newlines", "First line.\nSecond line, long enough to need wrapping on its own when "
                 "written out.\nThird.", "One\n\nTwo"),
    ("newline/only", "\n", "\n\n"),
    ("newline/end", "Ends with a break.\n", "Ends.\n"),
    ("quotes", '"당신은 악마입니다." 그리고 \\ 역슬래시와\t탭, "인용" 안의 "따옴표" '
               '“굽은 따옴표”와 ‘작은 따옴표’가 한 줄을 넘도록 길게 이어지는 문장입니다.',
     'He said "no" \\ and left.'),
    ("width/71", ("word " * 14) + "w", ""),  # msgid "…" is exactly 79 columns
    ("width/72", ("word " * 14) + "wo", ""),  # 80 columns: wrapped
    ("width/hangul-79", "가" * 35 + "a", "나" * 34 + "ab"),  # 79 columns both
    ("width/hangul-80", "가" * 35 + "ab", "나" * 35),  # 80: the wide character moves
    ("punctuation", "1,000명 중 3/4이 선(善) — 악… 그·리·고 [+1 외부인] 100% "
                    "확실하다! 정말? 예: (괄호) {중괄호} <꺾쇠> 끝." * 2, ""),
    ("width/fullwidth", "ＦＵＬＬ ｗｉｄｔｈ、" * 6 + "선악(善惡)과 한자(漢字) 병기 "
                        "\u1100\u1161\u11a8\u1100\u1161\u11a8 " * 4, ""),  # jamo: two columns a syllable
    ("marks", "e\u0301" * 40 + " zero\u200bwidth\u200bspace" * 3, ""),
    ("context/" + "long-" * 20 + "end", "Short.", "Court."),
    # A letter or number may break before an East Asian opening bracket, not before "(".
    ("brackets/east-asian", "x" * 70 + "x「점쟁이」 " + "y" * 70 + "2《규칙서》와 "
                            + "z" * 70 + "a（괄호） " + "w" * 70 + "w(bracket)", ""),
    # Flags (pairs of regional indicators) break between each other.
    ("flags", "a" * 70 + "🇰🇷🇰🇷🇰🇷🇰🇷" + "b" * 20 + " 깃발🇯🇵🇰🇷" * 8, ""),
]


def awkward_po() -> PoFile:
    messages = [PoMessage(context, msgid, msgstr, 0, 0) for context, msgid, msgstr in AWKWARD]
    messages += [
        PoMessage("comments", "Commented.", "", 0, 0,
                  comments=("A translator's comment much longer than one line of a PO file, "
                            "which gettext never wraps, 악마 → Demon; 하수인 → Minion",),
                  auto_comments=("귀족 · Noble · ability · " * 6,),
                  locations=("content/ko/" + "long_file_name_" * 6 + ".txt:12",)),
        PoMessage("fuzzy/previous", "새 능력입니다.", "You start knowing 3.", 0, 0,
                  flags=("fuzzy",), previous_context="fuzzy/previous",
                  previous_id="게임 시작 시, 플레이어 3명 중 1명이 악한 팀임을 알게 됩니다(3명 "
                              "중 단 1명만 악한 팀)."),
        # Plural forms, as the interface catalogs have them (a store's section never has).
        PoMessage("plural", "%(count)d section " * 5, "섹션 %(count)d개 " * 8, 0, 0,
                  id_plural="%(count)d sections " * 5, plural_strings=("섹션 %(count)d개 " * 8,)),
        PoMessage("obsolete/long", "게임당 한 번, 밤*에 죽은 플레이어를 선택할 수 있습니다. 해당 "
                  "플레이어가 주민이라면 부활합니다.", "A long English line of our own that wraps "
                  "past the page width of an obsolete message, prefix and all.", 0, 0,
                  obsolete=True),
        PoMessage("obsolete/previous", "Now." * 20, "Maintenant." * 8, 0, 0, flags=("fuzzy",),
                  previous_id="Before. " * 12, obsolete=True),
        PoMessage("plural/obsolete", "one", "jeden", 0, 0, obsolete=True, id_plural="many",
                  plural_strings=("jeden", "", "mnoho " * 16)),
    ]
    header = {"Language": "ko", "Content-Type": "text/plain; charset=UTF-8",
              "Plural-Forms": "nplurals=1; plural=0;",
              "Language-Team": "Korean <ko> with a team name long enough to pass the page "
                               "width of a PO file"}
    return PoFile("t.po", header, 1, tuple(messages), ("Awkward texts.",))


def test_msgcat_leaves_awkward_texts_byte_for_byte(tmp_path):
    path = tmp_path / "awkward.po"
    path.write_bytes(po_text(awkward_po()).encode("utf-8"))
    assert_msgcat_keeps(path)
    assert [m[:3] for m in read(path.read_bytes())] == \
        [(m.context, m.id, m.string) for m in awkward_po().messages]
    assert [m for m in read(path.read_bytes()) if m[0].startswith("plural")] == [
        ("plural", "%(count)d section " * 5, "섹션 %(count)d개 " * 8, (), None, None, False,
         "%(count)d sections " * 5, ("섹션 %(count)d개 " * 8,), (), (), ()),
        ("plural/obsolete", "one", "jeden", (), None, None, True, "many",
         ("jeden", "", "mnoho " * 16), (), (), ())]


def test_a_text_wraps_at_79_columns_counting_hangul_as_two():
    assert wrapped_field("", "msgid", ("word " * 14) + "w") == [f'msgid "{"word " * 14}w"']
    assert wrapped_field("", "msgid", ("word " * 14) + "wo") == \
        ['msgid ""', f'"{"word " * 14}wo"']
    assert wrapped_field("", "msgid", "가" * 35 + "a") == [f'msgid "{"가" * 35}a"']
    assert wrapped_field("", "msgid", "가" * 35 + "ab") == ['msgid ""', f'"{"가" * 35}ab"']
    # Between Hangul syllables a line may break, as libunistring lets it; never inside \".
    assert wrapped_field("#~ ", "msgstr", HANGUL * 6) == [
        '#~ msgstr ""', f'#~ "{(HANGUL * 6)[:37]}"', f'#~ "{(HANGUL * 6)[37:74]}"',
        f'#~ "{(HANGUL * 6)[74:]}"']
    assert wrapped_field("", "msgid", "a\nb") == ['msgid ""', '"a\\n"', '"b"']
    assert wrapped_field("", "msgid", "a\n") == ['msgid "a\\n"']
    assert wrapped_field("", "msgid", "") == ['msgid ""']
