"""Exact findings of the checks on the corpus."""
from io import BytesIO

from babel.messages.pofile import read_po

from generator.checks import REGISTRY
from generator.export.po import write_lacking
from generator.views.messages import message
from tests.conftest import FILES, line_of

F000, F001, F002, F003, F004 = (FILES[k] for k in ("000", "001", "002", "003", "004"))


def found(diagnostics, code):
    """The code's findings as `almanac check` prints them (in English)."""
    return [(d.file, d.line, message(d, "en")) for d in diagnostics if d.code == code]


def lines(diagnostics, code):
    return [(d.file, d.line) for d in diagnostics if d.code == code]


def test_every_check_has_a_code_severity_and_description():
    codes = [c.code for c in REGISTRY]
    assert len(codes) == len(set(codes))
    for registered in REGISTRY:
        assert registered.severity in ("error", "warning", "info")
        assert registered.description.endswith(".") and "\n" not in registered.description


def test_the_five_untranslated_english_entries(diagnostics):
    assert found(diagnostics, "untranslated-entry") == [
        (F004, line_of(F004, "밤*에 죽은 플레이어를 선택할 수 있습니다."),
         "Professor: Ability still in the other language; expected English text"),
        (F004, line_of(F004, "살아있는 선한 참가자가 농부가 됩니다."),
         "Farmer: Ability still in the other language; expected English text"),
        (F004, line_of(F004, "당신은 하수인이나 악마로 보일 수도 있습니다."),
         "Recluse: Ability still in the other language; expected English text"),
        (F004, line_of(F004, "사망한 첫 외지인만이 악한 팡 구가 되고"),
         "Fang Gu: Ability, Flavor still in the other language; expected English text"),
        (F004, line_of(F004, "오늘 웃음을 선사했다면"),
         "Deviant: Ability, Flavor still in the other language; expected English text")]


def test_what_the_official_card_gives_is_neither_unwritten_nor_untranslated(corpus, tmp_path):
    """A section the card gives in the entry's language is official (translation/lacking.py:
    covered), as the report and export-po count it: with the data, no finding asks for it."""
    import json
    import shutil

    from generator.checks import run_checks
    from generator.facts.official import load_official
    from tests.conftest import ROOT
    folder = shutil.copytree(ROOT / "tests/fixtures/official", tmp_path / "official")
    roles = json.loads((folder / "roles.json").read_text(encoding="utf-8"))
    roles.append({"id": "professor", "name": "Professor", "team": "townsfolk", "edition": "bmr",
                  "reminders": [], "setup": False,
                  "ability": "A made-up ability of the fixture's Professor.",
                  "flavor": "A made-up flavor of the fixture's Professor."})
    (folder / "roles.json").write_text(json.dumps(roles), encoding="utf-8")
    professor = [(d.code, message(d, "en"))
                 for d in run_checks(corpus, load_official(folder))
                 if d.file == F004 and d.code in ("unwritten", "untranslated-entry") and
                 "Professor" in message(d, "en")]
    assert professor == [
        ("unwritten", "Professor: not written yet (Almanac, How to run, Examples & notes)")]


def test_the_six_unwritten_korean_entries(diagnostics):
    korean = [(line, message) for file, line, message in found(diagnostics, "unwritten")
              if file == F001]
    assert korean == [
        (line_of(F001, "조사관", whole=True),
         "Investigator (조사관): not written yet (Flavor, Almanac, How to run, Examples & notes)"),
        (line_of(F001, "퇴마사", whole=True),
         "Exorcist (퇴마사): not written yet (Flavor, Almanac, How to run, Examples & notes)"),
        (line_of(F001, "교수", whole=True),
         "Professor (교수): not written yet (Flavor, Almanac, How to run, Examples & notes)"),
        (line_of(F001, "열광자", whole=True),
         "Zealot (열광자): not written yet (Flavor, Almanac, How to run, Examples & notes)"),
        (line_of(F001, "악마의 대변인", whole=True),
         "Devil's Advocate (악마의 대변인): not written yet (Flavor, Almanac, How to run, Examples & notes)"),
        (line_of(F001, "싸이코패스", whole=True),
         "Psychopath (싸이코패스): not written yet (Flavor, Almanac, How to run, Examples & notes)")]


def test_korean_names_that_differ_from_the_official_names(diagnostics):
    assert found(diagnostics, "heading-name") == [
        (F001, line_of(F001, "조사관", whole=True),
         "heading '조사관'; the official Korean name is '수사관'"),
        (F001, line_of(F001, "퇴마사", whole=True),
         "heading '퇴마사'; the official Korean name is '구마사제'"),
        (F001, line_of(F001, "열광자", whole=True),
         "heading '열광자'; the official Korean name is '광신자'"),
        (F001, line_of(F001, "악마의 대변인", whole=True),
         "heading '악마의 대변인'; the official Korean name is '악마의 변호사'"),
        (F001, line_of(F001, "싸이코패스", whole=True),
         "heading '싸이코패스'; the official Korean name is '사이코패스'"),
        (F002, line_of(F002, "기술자는 마을이 맞서 싸우는 위협을"),
         "heading '기술자'; the official Korean name is '기계공'"),
        (F002, line_of(F002, "티 레이디는 양옆 이웃을 죽음으로부터 지킵니다."),
         "heading '티 레이디'; the official Korean name is '찻집 여인'")]


def test_bodies_that_name_their_character_differently(diagnostics):
    summaries = [(file, line, message) for file, line, message in found(diagnostics, "body-name")
                 if message.startswith("summary")]
    assert summaries == [
        (F000, line_of(F000, "뱀조련사는 악마가 아닌 플레이어를"),
         "summary calls '뱀 조련사' with other spacing: '뱀조련사'"),
        (F000, line_of(F000, "교주는 모두가 교단에 들어오면"), "summary calls '사교 교주' differently: '교주'"),
        (F000, line_of(F000, "정치가는 자신이 지는 편에 섰다면"), "summary calls '정치인' differently: '정치가'"),
        (F000, line_of(F000, "과부는 마도서를 보고 원하는 대상을"), "summary calls '미망인' differently: '과부'"),
        (F000, line_of(F000, "피들러는 시간 부족이나 교착 상태"), "summary calls '바이올린 연주자' differently: '피들러'"),
        (F001, line_of(F001, "도박꾼은 누가 누구인지 맞혀볼 수"), "summary calls '도박사' differently: '도박꾼'"),
        (F001, line_of(F001, "양귀비 재배자는 악 플레이어들이"),
         "summary calls '양귀비 재배꾼' differently: '양귀비 재배자'"),
        (F001, line_of(F001, "모자장수는 악 플레이어들의 캐릭터를"),
         "summary calls '모자 장수' with other spacing: '모자장수'"),
        (F001, line_of(F001, "공포 조장자는 누가 누구를 지명해야"),
         "summary calls '공포의 전령' differently: '공포 조장자'"),
        (F001, line_of(F001, "봄댄디는 처형되면 폭발해"), "summary calls '폭탄마' differently: '봄댄디'"),
        (F001, line_of(F001, "리치는 자신의 숙주가 살아 있는 한 살아 있고"),
         "summary calls '거무리' differently: '리치'"),
        (F001, line_of(F001, "알-하디키아는 세 플레이어"),
         "summary calls '알 하디키아' with other spacing: '알-하디키아'")]
    assert (F001, line_of(F001, "첫날 밤, 리치를 깨우세요. 리치는 플레이어 1명을 가리킵니다."),
            "How to run calls '거무리' '리치'") in found(diagnostics, "body-name")


def test_reminder_phrases_that_differ_from_the_official_tokens(diagnostics):
    tokens = found(diagnostics, "token-name")
    noble = line_of(F000, "첫날 밤을 준비할 때, 선 플레이어 2명을 귀족의")
    assert (F000, noble, "Noble (귀족): token '알고 있음' is not an official label; official: 알아냄") \
        in tokens
    assert (F001, line_of(F001, "밴시가 악마에게 죽었다면, 밴시 옆에 능력 있음 알림을"),
            "Banshee (밴시): token '능력 있음' is not an official label; official: "
            "능력 가짐") in tokens
    # Each official label once, none that names nothing (the Barista's two '?' tokens).
    assert (F004, line_of(F004, "the Barista’s SOBER AND HEALTHY reminder"),
            "Barista: token 'SOBER AND HEALTHY' is not an official label; official: "
            "Sober & Healthy, Acts Twice") in tokens
    # A token named twice on a line is one finding (the Noble's first step names '알고 있음' twice).
    assert len(tokens) == len(set(tokens))
    assert [t for t in tokens if t[:2] == (F000, noble)] == [
        (F000, noble, "Noble (귀족): token '알고 있음' is not an official label; official: 알아냄")]
    # Official labels, capitals in English and phrases in Korean, are not findings.
    assert not [t for t in tokens if t[0] == F004 and "'KNOW'" in t[2]]
    assert not [t for t in tokens if "'중독'" in t[2]]


def test_korean_and_english_steps_name_the_same_tokens(diagnostics):
    poppy = line_of(F001, "악마를 깨우고 이 캐릭터들은 현재 게임에 없습니다 정보 토큰과")
    assert (F001, poppy, "Poppy Grower (양귀비 재배꾼): the English steps use token 'Evil Wakes', "
            "the Korean steps do not") \
        in found(diagnostics, "token-languages")
    # A Korean reader reads the token's Korean label first, the English steps' after it.
    assert [message(d, "ko") for d in diagnostics
            if (d.code, d.file, d.line) == ("token-languages", F001, poppy)] == [
        "양귀비 재배꾼: '악한 팀 깨어남(Evil Wakes)' 토큰은 영어 단계에만 있고 한국어 단계에는 없습니다"]


def test_mixed_words_for_reminder(diagnostics):
    mixed = found(diagnostics, "reminder-word")
    assert len(mixed) == 24
    assert mixed[0] == (F000, line_of(F000, "새 뱀조련사는 중독 리마인"),
                        "'리마인더' here; the corpus mostly says '알림' (35 to 32)")


def test_the_bengali_word_in_a_korean_step(diagnostics):
    assert found(diagnostics, "stray-script") == [
        (F000, line_of(F000, "এরপর"), "Lunatic (미치광이) How to run: Bangla letters 'এরপর'")]


def test_official_flavors_with_foreign_letters_are_spared(diagnostics):
    # The Kazali's and the Djinn's flavors carry Gujarati and Arabic letters, as official ones do.
    flavors = {(F001, line_of(F001, "નાસ 발생")), (F000, line_of(F000, "نحن لسنا هنا"))}
    spared = [d for d in diagnostics if d.code == "stray-script" and (d.file, d.line) in flavors]
    assert spared == []


def test_the_english_name_in_the_script_note(diagnostics):
    assert found(diagnostics, "other-language-name") == [
        (F000, line_of(F000, "Fiddler가 첫날 제정될 것임을"),
         "English name 'Fiddler' in Korean text; expected '바이올린 연주자'")]


def test_the_contents_of_003_against_its_chapters(diagnostics):
    assert found(diagnostics, "toc-mismatch") == [
        (F003, line_of(F003, "4. 유물토큰", whole=True), "contents number 4 for '유물토큰', chapter "
         f"heading at line {line_of(F003, '5. 유물토큰', whole=True)} says 5"),
        (F003, line_of(F003, "5. 도플갱어와 황혼에서 새벽까지", whole=True), "contents number 5 for "
         "'도플갱어와 황혼에서 새벽까지', chapter heading at line "
         f"{line_of(F003, '6. 도플갱어와 황혼에서 새벽까지', whole=True)} says 6")]


def test_english_ability_lines_against_their_quotes(diagnostics):
    assert lines(diagnostics, "ability-quote") == [
        (F004, line_of(F004, ability, whole=True)) for ability in (
        "Each night, you learn how many players’ abilities worked abnormally (since dawn) due to "
        "another character's ability.",
        "The Demon (even if drunk or poisoned) has a not-in-play good character’s ability. You "
        "both know which.",
        "On your 1st night, you gain a Townsfolk ability (if good), or a Minion ability (if evil).")]


def test_damaged_names(diagnostics):
    assert lines(diagnostics, "damaged-name") == [
        (F004, line_of(F004, name, whole=True))
        for name in ("Professor1-75", "Farmer1 75 2-75", "Recluse1-75", "Fanggu1 75 3-75",
                     "Deviant1 75 3-75")]


def test_duplicates_that_agree_are_merged_without_a_finding(diagnostics, corpus):
    assert found(diagnostics, "duplicate-differs") == []
    assert len(corpus.character("botc", "seamstress").places["ko"]) == 2


def test_a_duplicate_that_differs_is_reported_with_both_places(tmp_path):
    from generator.checks import run_checks
    from generator.pipeline import load_corpus
    from tests.conftest import ROOT, corpus_project
    text = (ROOT / F000).read_text(encoding="utf-8").replace("죽어라.", "죽어라!")
    corpus_project(tmp_path, {"ko/001.txt": (ROOT / F001).read_bytes(),
                              "ko/000.txt": text.encode("utf-8")})
    differs = found(run_checks(load_corpus(tmp_path)), "duplicate-differs")
    # The copies keep the corpus's lines: the Slayer's flavor stands where it does there.
    flavor = line_of(F001, "죽어라.", whole=True)
    assert ("content/ko/000.txt", line_of(F000, "죽어라.", whole=True),
            f"Slayer (처단자) Flavor differs from content/ko/001.txt:{flavor}") in differs


def test_po_export_reads_back_with_babel(corpus):
    buffer = BytesIO()
    count = write_lacking(corpus, "en", buffer)
    buffer.seek(0)
    catalog = read_po(buffer, locale="en")
    messages = {m.context: m for m in catalog if m.id}
    # One Night's texts are translated in the English store: none offered again; the two
    # scripts' titles (Korean) are.
    assert len(messages) == count == 189 + 2
    assert [context for context in messages if context.startswith("onuw/")] == []
    assert [context for context in messages if context.startswith("script/")] == [
        "script/000/title", "script/002/title"]
    stored = next(m for m in corpus.stores["en"].messages
                  if m.context == "onuw/bodyguard/description")
    assert stored.locations == (
        f"{F003}:{line_of(F003, '투표가 끝났을 때, 호위병이 지목한 사람은 죽지 않습니다.')}",)
    fanggu = messages["fanggu/ability"]
    assert fanggu.id.startswith("매일 밤*, 플레이어 1명을 선택합니다")
    assert fanggu.locations == [(F004, line_of(F004, "사망한 첫 외지인만이 악한 팡 구가 되고"))]
    assert fanggu.string == ""
    noble = messages["noble/how_to_run"]
    assert noble.id.split("\n")[1].startswith("첫날 밤, 귀족을 깨우고")
    assert noble.locations == [(F000, line_of(F000, "첫날 밤을 준비할 때, 선 플레이어 2명을 귀족의"))]
    assert "steward/ability" not in messages  # written in English already


def test_the_docs_state_the_count_of_each_check(diagnostics):
    from collections import Counter

    from tests.conftest import ROOT
    readme = (ROOT / "docs" / "pages" / "checks.md").read_text(encoding="utf-8")
    counts = Counter(d.code for d in diagnostics)
    for registered in REGISTRY:
        row = f"| `{registered.code}` | {registered.severity} | {counts[registered.code]} |"
        assert row in readme


def test_setup_brackets_compared_across_languages():
    from generator.checks.ability import setup_numbers
    assert setup_numbers("You have all Outsider abilities. [-0 or -1 Outsider]") == [("-0", "-1")]
    assert setup_numbers("외지인이 추가로 게임에 참여합니다. [외지인 +2명]") == [("+2",)]
    assert setup_numbers("[당신은 악마와 이웃합니다]") == [()]
    assert setup_numbers("Each night, you learn a player.") == []


def test_a_setup_bracket_without_numbers_is_not_shown_as_no_bracket():
    # "Korean brackets [], English brackets []" told a translator nothing.
    from generator.checks.ability import _shown, setup_numbers
    assert _shown(setup_numbers("[마을주민 1명이 악한 팀]")) == "[…]"
    assert _shown(setup_numbers("A made-up ability with no bracket.")) == "[]"
    assert _shown(setup_numbers("[+1 Outsider] [-1 Townsfolk]")) == "[+1] [-1]"
    # Left open, it is shown open, and differs from the closed one with its numbers.
    assert _shown(setup_numbers("사람이 더 옵니다. [+1 외지인")) == "[+1"
    assert setup_numbers("[+1 외지인") != setup_numbers("[+1 Outsider]")


def test_ui_catalog_checks_point_at_the_catalog_line(tmp_path, monkeypatch, corpus, diagnostics):
    from generator.checks import ui_catalogs
    from generator.facts import catalogs
    assert found(diagnostics, "ui-untranslated") == [] and found(diagnostics, "ui-fuzzy") == []
    for lang in ("ko", "en"):
        po = tmp_path / lang / "LC_MESSAGES" / "messages.po"
        po.parent.mkdir(parents=True)
        po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                      'msgid "Ability"\nmsgstr ""\n\n#, fuzzy\nmsgid "Dawn"\nmsgstr "x"\n',
                      encoding="utf-8")
    monkeypatch.setattr(catalogs, "LOCALES", tmp_path)
    untranslated = list(ui_catalogs.ui_untranslated(corpus))
    assert untranslated[0].message == "ko: UI string untranslated"
    assert (untranslated[0].line, untranslated[0].text) == (5, "Ability")
    assert [f.text for f in ui_catalogs.ui_fuzzy(corpus)] == ["Dawn", "Dawn"]


def test_wake_order_against_the_night_order_data(corpus):
    from dataclasses import replace

    from generator.checks.structure import wake_order_data
    assert list(wake_order_data(corpus)) == []
    combined = list(corpus.night_order.onuw_combined)
    combined[5] = ("#3", "mason")  # the data says Mason where the rulebook says Minion
    changed = replace(corpus, night_order=replace(corpus.night_order,
                                                  onuw_combined=tuple(combined)))
    assert [(f.file, f.line) for f in wake_order_data(changed)] == [
        (F003, line_of(F003, "#3. 하수인", whole=True))]


def test_a_missing_translation_names_the_character_in_both_languages(diagnostics):
    # The name of the language it is written in and of the one it lacks: a reader of either
    # knows it (it was named in the missing language only, which that reader cannot read).
    def shown(name):
        return [(d.file, message(d, "ko"), message(d, "en")) for d in diagnostics
                if d.code == "missing-translation" and name in message(d, "en")]
    assert shown("Clockmaker") == [
        (F000, "시계공(Clockmaker): 영어 항목이 없습니다", "Clockmaker (시계공) has no English entry")]
    assert shown("Steward") == [
        (F004, "시종(Steward): 한국어 항목이 없습니다", "Steward (시종) has no Korean entry")]


def test_a_finding_names_the_character_in_the_readers_language_first(diagnostics):
    # A reader knows a character by their language's name; the name the text writes follows,
    # to find it there. A text in the reader's language is named as it writes the name.
    def shown(code, file, line):
        return [(message(d, "ko"), message(d, "en")) for d in diagnostics
                if (d.code, d.file, d.line) == (code, file, line)]
    step = line_of(F004, "Each time a character's ability works abnormally due to another")
    fix = line_of("content/night-steps.yaml", "- character: mathematician", whole=True)
    assert shown("night-step-set", F004, step) == [(
        f"수학자(Mathematician): content/night-steps.yaml:{fix}에서 이 단계를 매일 밤으로 "
        "정했습니다. 문장 표현만 보면 낮입니다",
        f"Mathematician: content/night-steps.yaml:{fix} puts this step in every night; its words "
        "alone put it in the day")]
    investigator = line_of(F001, "조사관", whole=True)
    assert shown("unwritten", F001, investigator) == [(  # the heading's own name, not the official 수사관
        "조사관: 분위기 글, 해설, 진행 방법, 예시 · 메모가 아직 작성되지 않았습니다",
        "Investigator (조사관): not written yet (Flavor, Almanac, How to run, Examples & notes)")]
    assert [m for m, _ in shown("stray-script", F000, line_of(F000, "এরপর"))] == [
        "미치광이 진행 방법: 예상하지 못한 문자 체계(벵골 문자)의 글자가 있습니다: 'এরপর'"]


def test_a_role_in_a_wake_finding_is_named_in_the_readers_language_first(corpus):
    from dataclasses import replace

    from generator.checks.structure import wake_order_role
    book = corpus.rulebooks[0]
    bodyguard = next(r for r in book.roles if r.name == "호위병")
    flipped = replace(book, roles=tuple(replace(r, wakes=True) if r is bodyguard else r
                                        for r in book.roles))
    found = list(wake_order_role(replace(corpus, rulebooks=(flipped,))))
    assert [(message(f, "ko"), message(f, "en")) for f in found] == [(
        "호위병: 장 설명으로는 깨어나는 역할인데 깨어나는 순서에 없습니다",
        "Bodyguard (호위병) wakes by its chapter, but the wake order says otherwise")]
