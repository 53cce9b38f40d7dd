"""The Korean catalog reads as Korean: no particle in both forms (`능력이(가)`) is left in any
message rendered with Korean or with Latin values, no particle follows a value whose reading
is unknown, and one word stands for each thing (generator/locales/terminology.tsv)."""
from __future__ import annotations

import re
import string

import pytest
from babel.messages.pofile import read_po

from generator.facts.catalogs import LOCALES, catalog_path
from generator.views.particles import PARTICLE, resolve
from tests.projects import almanac

# Values always shown in the reader's language (generator/codes.py's conventions), in Korean.
KOREAN_WORDS = {"section": "분위기 글", "sections": "능력, 분위기 글", "language": "영어",
                "other_language": "한국어", "chain": "한국어 → 영어", "step_night": "첫날 밤",
                "words_night": "세팅", "characters": "U+000D 제어 문자",
                # What a script replaces of an official character (views/overrides.py).
                "fields": "능력과 첫날 밤 안내", "list": "능력, 첫날 밤 안내", "last": "다른 밤 안내"}
NUMBERS = {"count", "found", "expected", "first", "number", "heading", "heading_line",
           "common_count", "rare_count", "offset", "n", "declared", "data_line"}
LATIN = "Evil Wakes"  # a value whose Korean reading is unknown
HANGUL = "뱀 조련사"


def _messages():
    with catalog_path("ko").open("rb") as handle:
        catalog = read_po(handle, locale="ko")
    for message in catalog:
        if not message.id:
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        for form in forms:
            yield (message.id[0] if isinstance(message.id, tuple) else message.id), form


MESSAGES = list(_messages())


def _names(template: str) -> list[str]:
    brace = [name for _, name, _, _ in string.Formatter().parse(template) if name]
    return brace + re.findall(r"%\((\w+)\)[sd]", template)


def rendered(template: str, sample: str) -> str:
    values = {name: KOREAN_WORDS.get(name, "3" if name in NUMBERS else sample)
              for name in _names(template)}
    text = re.sub(r"%\((\w+)\)[sd]", lambda m: str(values[m.group(1)]), template)
    if "{" in text:
        text = text.format(**values)
    return resolve(text)


@pytest.mark.parametrize("sample", [HANGUL, LATIN])
def test_no_particle_in_both_forms_is_left(sample):
    left = [(msgid, rendered(form, sample)) for msgid, form in MESSAGES
            if PARTICLE.search(rendered(form, sample))]
    assert left == []


# A particle of two forms right after a value (through its closing quote); 의, 에, 에서 and the
# copula 입니다 take one form whatever comes before them.
_TWO_FORMS = r"['\"’”]?(?:(?:을|를|은|는|와|과|으로|로|이|가)(?![가-힣])|이어야|여야|이라는|이나)"


def test_no_particle_follows_a_value_whose_reading_is_unknown():
    attached = [(msgid, text) for msgid, form in MESSAGES
                if re.search(re.escape(LATIN) + _TWO_FORMS, text := rendered(form, LATIN))]
    assert attached == []
    # The rule finds what it is for.
    assert re.search(re.escape(LATIN) + _TWO_FORMS, f"토큰 '{LATIN}'이(가) 있습니다")
    assert re.search(re.escape(LATIN) + _TWO_FORMS, f"{LATIN}가 아닙니다")


def test_the_particle_is_chosen_by_the_final_consonant():
    assert [resolve(t) for t in ("능력이(가)", "분위기 글이(가)", "분위기 글(으)로", "영어(으)로",
                                 "규칙서을(를)", "3번을(를)", "2개을(를)", "책(으)로",
                                 "'Imp'을(를)")] == \
        ["능력이", "분위기 글이", "분위기 글로", "영어로", "규칙서를", "3번을", "2개를", "책으로",
         "'Imp'을(를)"]


def _terms():
    rows = (LOCALES / "terminology.tsv").read_text(encoding="utf-8").splitlines()
    return [row.split("\t") for row in rows if row and not row.startswith("#")]


def _rejected(avoided: str) -> list[re.Pattern[str]]:
    """The words a row rejects: each of the |-separated, or one regular expression (`re:`)."""
    if avoided.startswith("re:"):
        return [re.compile(avoided[3:])]
    return [re.compile(re.escape(other)) for other in avoided.split("|")]


def off_terms(messages, word: str, avoided: str) -> list[tuple[str, str]]:
    """The messages that use a rejected word where the decided one belongs (a word the msgid
    itself holds is no translation of it: a code, a file name)."""
    return [(msgid, form) for msgid, form in messages for other in _rejected(avoided)
            if other.search(form) and not other.search(msgid)]


@pytest.mark.parametrize("thing, lang, word, avoided", _terms())
def test_one_word_for_each_thing(thing, lang, word, avoided):
    assert lang == "ko"
    labels = {msgid: form for msgid, form in MESSAGES}
    if thing in labels:
        assert labels[thing] == word
    assert any(word in form for _, form in MESSAGES)
    assert off_terms(MESSAGES, word, avoided) == []


# A rejected word brought back into a message, as a translator might write it.
BROUGHT_BACK = [
    ("Reminder tokens", "기록 토큰", "알림 토큰"),
    ("This character has no reminder tokens.", "기록 토큰", "리마인더 토큰"),
    ("Wake order", "깨어나는 순서", "일어나는 순서"),
    ("Roles that wake at night", "깨어나는", "일어나는"),
    ("Does not wake at night.", "깨어나지 않습니다", "일어나지 않습니다"),
    ("Check that all eyes are closed. Some travellers and fabled act now.", "전설은",
     "전설 캐릭터는"),
    ("%(ordinal)s of %(count)s to wake on the first night of %(script)s",
     "캐릭터 %(count)s개", "캐릭터 %(count)s명"),
    ("header declares {declared} characters, the text has {found}", "캐릭터가 {declared}개",
     "캐릭터가 {declared}명"),
]


@pytest.mark.parametrize("msgid, decided, rejected", BROUGHT_BACK)
def test_a_rejected_word_brought_back_is_found(msgid, decided, rejected):
    changed = [(i, form.replace(decided, rejected) if i == msgid else form)
               for i, form in MESSAGES]
    assert changed != MESSAGES  # the decided word stood there
    found = [off for _, _, word, avoided in _terms()
             for off in off_terms(changed, word, avoided)]
    assert found and {i for i, _ in found} == {msgid}


# A sentence ending in 해요체 (`고쳤나요?`, `있어요.`); a request to the reader ends in -세요, as the
# official app's do beside its 합니다체 sentences.
HAEYO = re.compile(r"[나까어아해여워와예에지네군데래봐줘였었았겠]요(?:[?!.)]|$)")


def test_one_register():
    assert [(msgid, form) for msgid, form in MESSAGES if HAEYO.search(form)] == []
    assert HAEYO.search("msgid가 원문과 다릅니다(손으로 고쳤나요?). 가져오지 않았습니다")
    assert HAEYO.search("확인해 주세요. 다시 해요")
    assert not HAEYO.search("다시 내보내거나 저장소에서 번역하세요)")
    assert not HAEYO.search("번역이 fuzzy(검토 필요)로 표시된 UI 문자열.")


def test_check_in_korean_has_no_particle_in_both_forms():
    run = almanac("check", "--lang", "ko")
    assert run.stdout.count("\n") > 100  # the findings are there, each read as Korean
    assert [line for line in run.stdout.splitlines() if PARTICLE.search(line)] == []
    # No finding opens on an English name (`Balloonist: …`, `Steward(시종): …`): the Korean name
    # comes first, the English one after it.
    messages = [line.split(": ", 2)[2] for line in run.stdout.splitlines()]
    assert [m for m in messages if re.match(r"[A-Za-z][A-Za-z' -]*[:(]", m)] == []
    assert "열기구 조종사(Balloonist): 한국어 항목이 없습니다" in messages
