"""The Daybreak rulebook (003): roles, wake orders, artifacts, Doppelgänger, role sets."""
from generator.model import Line
from generator.parse import rulebook
from tests.conftest import FILES, ROOT, line_of

F003 = FILES["003"]


def test_roles_with_team_as_stated_and_whether_they_wake(parsed):
    book = parsed["003"].rulebook
    assert [(r.name, r.team_text, r.wakes, len(r.narration)) for r in book.roles] == [
        ("경비병", "마을주민", True, 2), ("태초의 늑대인간", "늑대인간", True, 2),
        ("신비한 늑대인간", "늑대인간", True, 2), ("견습 예언자", "마을주민", True, 2),
        ("심령 수사관", "마을주민", True, 2), ("마녀", "마을주민", True, 2),
        ("동네 얼간이", "마을주민", True, 2), ("유물 관리자", "마을주민", True, 2),
        ("계시자", "마을주민", True, 2), ("호위병", "마을주민", False, 0),
        ("잠자는 늑대인간", "늑대인간", False, 2)]


def test_role_description_and_narration_boundaries(parsed):
    roles = {r.name: r for r in parsed["003"].rulebook.roles}
    sentinel = roles["경비병"]
    assert [line.line for line in sentinel.description] == list(range(
        line_of(F003, "경비병은 일어나서 자신을 제외한 다른 사람의 카드 위에"),
        line_of(F003, "경비병은 마을주민 팀입니다.", whole=True) + 1))
    assert sentinel.narration[0].text == \
        "경비병, 일어나세요. 방패토큰을 자신을 제외한 다른 사람의 카드 위에 올려놓을 수 있습니다."
    assert [line.line for line in sentinel.narration[0].lines] == [
        line_of(F003, '"경비병, 일어나세요.', whole=True),
        line_of(F003, '방패토큰을 자신을 제외한 다른 사람의 카드 위에 올려놓을 수 있습니다."', whole=True)]
    # A description line after the team sentence stays description.
    dream = roles["잠자는 늑대인간"]
    assert dream.description[-1].line == line_of(F003, "잠자는 늑대인간이 포함되면 늑대인간의 진행 방식은")
    assert dream.team_line == line_of(F003, "잠자는 늑대인간은 늑대인간 팀입니다.", whole=True)
    assert [line.line for line in dream.narration[0].lines] == [
        line_of(F003, text, whole=True) for text in (
        '"잠자는 늑대인간을 제외한 나머지 늑대인간만 일어나세요.', "늑대인간은 서로를 확인할 수 있습니다.",
        '잠자는 늑대인간은 엄지손가락을 세워 자신이 늑대인간임을 알립니다."')]
    # An unclosed quote ends at the next role.
    assert roles["견습 예언자"].narration[1].text == "견습 예언자, 눈을 감으세요."
    assert roles["심령 수사관"].team_line == line_of(F003, "심령 수사관은 기본적으로 마을주민 팀입니다.", whole=True)


def test_wake_orders_keep_their_codes(parsed):
    book = parsed["003"].rulebook
    assert [(s.code, s.name) for s in book.wake_order_alone] == [
        ("#0", "경비병"), ("#2", "늑대인간"), ("#2-B", "태초의 늑대인간"), ("#2-C", "신비한 늑대인간"),
        ("#5-B", "견습 예언자"), ("#5-C", "심령 수사관"), ("#6-B", "마녀"), ("#7-B", "동네 얼간이"),
        ("#10", "계시자"), ("#11", "유물 관리자")]
    combined = [(s.code, s.name) for s in book.wake_order_combined]
    assert combined[:4] == [("#0", "경비병"), ("#1", "도플갱어"), ("#2", "늑대인간"),
                            ("#2-B", "태초의 늑대인간")]
    assert ("#3", "하수인") in combined and ("#9a", "불면증환자로 변한 도플갱어") in combined
    assert combined[-1] == ("#11a", "유물 관리자로 변한 도플갱어")
    assert book.wake_order_combined[3].raw == "#2.B : 태초의 늑대인간"


def test_artifacts_with_effects(parsed):
    artifacts = parsed["003"].rulebook.artifacts
    assert [(a.name, len(a.effect)) for a in artifacts] == [
        ("늑대인간의 발톱", 1), ("마을주민의 낙인", 1), ("무두장이의 곤봉", 4), ("공허의 유물", 1),
        ("침묵의 가면", 2), ("부끄러움의 망토", 4)]
    assert artifacts[3].effect[0].text == "아무런 효과가 없습니다."


def test_doppelganger_notes_and_acts_at_once(parsed):
    book = parsed["003"].rulebook
    assert [(n.role, n.acts_at_once) for n in book.doppelganger_notes] == [
        ("경비병", True), ("태초의 늑대인간", True), ("신비한 늑대인간", True), ("견습 예언자", True),
        ("심령 수사관", True), ("마녀", True), ("동네 얼간이", True), ("계시자", False),
        ("유물 관리자", False), ("호위병", False), ("잠자는 늑대인간", False)]
    assert book.doppelganger_notes[-1].note[-1].line == \
        line_of(F003, "대신 다른 늑대인간이 자신을 알아볼 수 있도록 엄지손가락을 세워줍니다.", whole=True)
    assert [(s.role, len(s.narration)) for s in book.doppelganger_steps] == [
        ("계시자", 2), ("유물 관리자", 2)]
    assert book.doppelganger_steps[0].narration[0].text.startswith("도플갱어, 계시자로 변신했다면")


def test_role_sets_with_minimum_players(parsed):
    sets = parsed["003"].rulebook.role_sets
    assert [(s.name, s.min_players, len(s.roles)) for s in sets] == [
        ("사악한 변신", 3, 6), ("아무도 믿지 마!", 3, 6), ("교훈을 주는 이야기", 4, 7),
        ("정보화 사회", 5, 8), ("혼돈의 카오스", 5, 8)]
    assert sets[0].roles == ("도플갱어", "태초의 늑대인간", "신비한 늑대인간", "하수인", "도둑", "마녀")
    assert [line.line for line in sets[3].lines] == [
        line_of(F003, "정보화 사회: 늑대인간, 신비한 늑대인간, 예언자, 견습 예언자,", whole=True),
        line_of(F003, "심령 수사관, 마녀, 불면증환자, 계시자", whole=True)]


def test_beginner_set_and_narration(parsed):
    book = parsed["003"].rulebook
    assert [line.text for line in book.beginner_roles] == [
        "잠자는 늑대인간", "태초의 늑대인간", "신비한 늑대인간", "견습 예언자", "마녀", "동네 얼간이", "계시자"]
    assert len(book.beginner_narration) == 9
    assert book.beginner_narration[0].text == "모두 눈을 감으세요."
    assert book.beginner_narration[-1].lines[-1].line == \
        line_of(F003, '여러분의 카드를 조금 움직여주세요. 모두, 일어나세요!"', whole=True)


def test_chapters_and_contents(parsed):
    book = parsed["003"].rulebook
    assert [(n, t) for n, t, _ in book.toc] == [
        (1, "구성물"), (2, "초보자를 위한 게임시작 가이드"), (3, "모든 역할의 능력 소개"), (4, "유물토큰"),
        (5, "도플갱어와 황혼에서 새벽까지")]
    contents = line_of(F003, "5. 도플갱어와 황혼에서 새벽까지", whole=True)  # its last line
    assert [(c.number, c.title, c.line) for c in book.chapters] == [
        (number, title, line_of(F003, f"{number}. {title}", whole=True, after=contents))
        for number, title in ((1, "구성물"), (2, "초보자를 위한 게임시작 가이드"), (3, "모든 역할의 능력 소개"),
                              (5, "유물토큰"), (6, "도플갱어와 황혼에서 새벽까지"))]
    assert book.title == "황혼에서 새벽까지"


def test_wake_steps_name_the_role_that_wakes_and_the_role_it_became(parsed):
    steps = {s.code: s for s in parsed["003"].rulebook.wake_order_combined}
    assert (steps["#9a"].role, steps["#9a"].became) == ("도플갱어", "불면증환자")
    assert (steps["#1"].role, steps["#1"].became) == ("도플갱어", None)


def test_names_are_resolved_once_in_the_rulebook_language(corpus):
    book = corpus.rulebooks[0]
    assert book.role_ids["불면증환자"] == "insomniac"
    # A role set's own spelling ("신비한 늑대 인간", with a space) resolves as well.
    assert book.role_ids["신비한 늑대 인간"] == "mysticwolf"
    written = [*(s.role for s in book.wake_order_combined),
               *(s.became for s in book.wake_order_combined if s.became),
               *(name for s in book.role_sets for name in s.roles),
               *(n.role for n in book.doppelganger_notes)]
    assert [name for name in written if name not in book.role_ids] == []
    assert book.artifact_ids["공허의 유물"] == "voidofnothingness"


def test_a_language_without_rulebook_words_has_no_rulebook_shape(corpus):
    text = (ROOT / FILES["003"]).read_text(encoding="utf-8").splitlines()
    lines = [Line(raw, number) for number, raw in enumerate(text, 1) if raw.strip()]
    assert rulebook.matches(lines, corpus.languages["ko"])
    assert corpus.languages["en"].rulebook is None
    assert not rulebook.matches(lines, corpus.languages["en"])
