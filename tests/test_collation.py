"""Each language's order (generator/views/collation.py): CLDR's collation through ICU, with real
character names of the official translations (names are facts)."""
from __future__ import annotations

import pytest

from generator.views.collation import collated, sort_key


@pytest.mark.parametrize(("lang", "names"), [
    # German: Ä beside A, not after Z.
    ("de", ["Dämonenjäger", "Detektiv", "Dorftrottel", "Zauberer"]),
    # Swedish: Å, Ä and Ö are letters of their own after Z.
    ("sv", ["Zombuul", "Åkallaren", "Älvan", "Ängeln", "Änkan"]),
    # Thai: a leading vowel (เ, แ, ไ) is read after the consonant it stands before.
    ("th", ["ไก่", "ขอทาน", "คนโง่", "ชนชั้นสูง", "ชาวนา", "เชฟ", "แม่มด"]),
    # Chinese by pinyin: chú, jiǔ, tóu, xiǎo, yǐn.
    ("zh-Hans", ["厨师", "酒鬼", "投毒者", "小恶魔", "隐士"]),
    # Japanese: katakana and hiragana by their sounds (i, u, o), then kanji.
    ("ja", ["インプ", "ウィドウ", "おもちゃ作り", "毒師", "料理人"]),
    # Turkish: Ç after C, ı before i.
    ("tr", ["Cadı", "Çamaşırcı", "Dedektif", "Hırsız", "Işık", "İmp"]),
    # Ukrainian: Є, І and Ї in the alphabet, not before А.
    ("uk", ["Алхімік", "Гном", "Єгер", "Інженер", "Їжак", "Ялта"]),
    # Korean: hanja by their reading (料 is 요), Hangul before Latin.
    ("ko", ["料理", "요리사", "임프", "Imp"]),
])
def test_a_list_is_in_its_languages_order(lang, names):
    assert collated(reversed(names), lang, str) == names
    assert sorted(names) != names  # code point order is not it


@pytest.mark.parametrize(("lang", "like"), [
    ("es-419", "es"),  # CLDR's parent: ñ after n
    ("zh_Hans", "zh-Hans"),  # the official data's spelling
    ("en-x-pirate", "en"),  # a private-use part changes nothing
    ("zz", "en"),  # no collation of its own: the root's
    ("../x", "en"),  # no language tag ICU can read: the root's, not an error
])
def test_a_language_without_an_order_of_its_own_takes_its_parents(lang, like):
    names = ["oa", "ñu", "nz", "厨师", "小恶魔", "a", "A", "b"]
    assert collated(names, lang, str) == collated(names, like, str)


def test_texts_the_collation_finds_equal_keep_one_order():
    # é written whole and as e with its accent are one text to ICU: code points decide.
    key = sort_key("fr")
    assert key("é")[0] == key("e\u0301")[0]
    assert sorted(["é", "e\u0301"], key=key) == sorted(["e\u0301", "é"], key=key) == \
        ["e\u0301", "é"]


def test_the_rules_terms_and_the_one_night_roles_are_listed_by_name(corpus):
    from generator.views.onuw import role_views
    from generator.views.rules import rule_views
    # Not in content/rules.yaml's order, nor the roles' by team and id.
    assert [t.name for t in rule_views(corpus, "en")] == [
        "Drunkenness", "Execution", "Fabled", "Mad", "Nomination", "Poisoned", "Registers as",
        "Traveller"]
    assert [t.name for t in rule_views(corpus, "ko")] == [
        "등록", "여행자", "전설", "중독", "지명", "집착", "처형", "취함"]
    assert [r.name for r in role_views(corpus, "en")] == [
        "Alpha Wolf", "Apprentice Seer", "Bodyguard", "Curator", "Dream Wolf", "Mystic Wolf",
        "Paranormal Investigator", "Revealer", "Sentinel", "Village Idiot", "Witch"]
