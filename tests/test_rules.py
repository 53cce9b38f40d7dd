"""The rules told right: the facts of content/rules.yaml held with exact values (the setup table,
the tie rule in both languages, execution apart from death, the Recluse under registers), each
text with the official rules page it was checked against; the rules page as rendered; the term
pages' characters grouped by how they use a term (no non-Traveller among the Travellers); the
loader's refusals as one line; and a script's title in the page's language."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from generator.cards import joined, with_roster
from generator.errors import AlmanacError
from generator.facts.official import load_official
from generator.facts.rules import SOURCE, load_rules
from generator.model import Corpus
from generator.output.render import environment
from generator.pipeline import load_corpus
from generator.views.characters import script_view
from generator.views.rules import NAMED, TEAM, TEXT, rule_views, rules_view
from tests.conftest import ROOT, corpus_project
from tests.projects import almanac

RULES = load_rules(ROOT / "content" / "rules.yaml")


def paragraph(chapter: str, ident: str) -> dict[str, str]:
    found = next(c for c in RULES.chapters if c.id == chapter)
    return next(p for p in found.paragraphs if p.id == ident).texts


def term(ident: str):
    return next(t for t in RULES.terms if t.id == ident)


def test_the_setup_table_has_a_row_for_each_number_of_players_from_5_to_15():
    rows = {row.players: row.counts for row in RULES.setup.rows}
    assert list(rows) == list(range(5, 16))
    assert rows == {5: (3, 0, 1, 1), 6: (3, 1, 1, 1), 7: (5, 0, 1, 1), 8: (5, 1, 1, 1),
                    9: (5, 2, 1, 1), 10: (7, 0, 2, 1), 11: (7, 1, 2, 1), 12: (7, 2, 2, 1),
                    13: (9, 0, 3, 1), 14: (9, 1, 3, 1), 15: (9, 2, 3, 1)}
    ten = next(row for row in RULES.setup.rows if row.players == 10)
    assert (ten.townsfolk, ten.outsiders, ten.minions, ten.demons) == (7, 0, 2, 1)
    assert RULES.setup.sources == ("https://wiki.bloodontheclocktower.com/Rules_Explanation",)


def test_the_tie_rule_and_the_votes_needed_are_stated_in_both_languages():
    execute = paragraph("nominations", "execute")
    assert "If the most votes are tied, nobody is executed." in execute["en"]
    assert "가장 많은 표가 동점이면 아무도 처형되지 않습니다." in execute["ko"]
    assert "at least half of the living players" in execute["en"]
    assert "살아 있는 플레이어의 절반 이상" in execute["ko"]
    assert "With seven players alive that is four votes; with six, three." in execute["en"]
    # The term's own page says it too: the page players found wrong.
    definition = term("execution").definitions
    assert "If the most votes are tied, nobody is executed" in definition["en"]
    assert "가장 많은 표가 동점이면 아무도 처형되지 않으며" in definition["ko"]


def test_execution_is_told_apart_from_death_in_both_languages():
    definition = term("execution").definitions
    assert "An executed player may survive, and a dead player may be executed." in definition["en"]
    assert "처형된 플레이어가 살아남을 수 있고, 죽은 플레이어도 처형될 수 있습니다." in \
        definition["ko"]
    for text in definition.values():  # the old wrong sentence, in either language
        assert "executed and dies" not in text and "처형되어 사망" not in text
    assert "A dead player may still be nominated and executed" in \
        paragraph("execution-and-death", "apart")["en"]


def test_a_player_may_nominate_themselves_in_both_languages():
    nominate = paragraph("nominations", "nominate")
    assert nominate["en"] == ("Each day, every living player may nominate once, and each player "
                              "may be nominated once. Players may nominate themselves.")
    assert "자기 자신을 지명해도 됩니다." in nominate["ko"]
    definition = term("nomination").definitions
    assert "themselves included" in definition["en"] and "자기 자신을 지명해도" in definition["ko"]
    assert "다른 플레이어를" not in definition["ko"]
    assert (term("nomination").names["ko"], term("nomination").names["en"]) == ("지명", "Nomination")


def test_the_dead_keep_one_vote_for_the_rest_of_the_game():
    vote = paragraph("nominations", "vote")
    assert "The dead have one vote for the rest of the game" in vote["en"]
    assert "죽은 플레이어는 남은 게임 동안 한 번만 투표할 수 있으며" in vote["ko"]


def test_registers_names_the_recluse_and_the_spy():
    registers = term("registers")
    assert registers.named == ("recluse", "spy")
    assert "The Recluse" in registers.definitions["en"] and "the Spy" in registers.definitions["en"]
    assert "은둔자" in registers.definitions["ko"] and "첩자" in registers.definitions["ko"]


def test_every_text_is_in_every_language_of_the_rules_and_names_an_official_rules_page():
    """Korean and English, the project's own, and each language translated from them: a
    language that has one text of the rules has them all."""
    languages = set(RULES.chapters[0].titles)
    assert {"ko", "en", "de", "ja", "zh-Hans", "he"} <= languages
    for chapter in RULES.chapters:
        assert set(chapter.titles) == languages, chapter.id
        for text in chapter.paragraphs:
            assert set(text.texts) == languages, (chapter.id, text.id)
            assert text.sources and all(SOURCE.fullmatch(s) for s in text.sources)
    for found in RULES.terms:
        assert set(found.definitions) == languages, found.id
    for found in RULES.terms:
        assert found.sources, found.id
        assert found.chapter in {c.id for c in RULES.chapters}, found.id


def test_korean_uses_the_official_words():
    korean = " ".join(p.texts["ko"] for c in RULES.chapters for p in c.paragraphs)
    for word in ("외지인", "하수인", "악마", "여행자", "전설", "설화", "처형", "지명", "투표 토큰",
                 "추방", "이야기꾼", "징크스", "집착"):
        assert word in korean, word
    for wrong in ("(가)", "(이)", "(을)", "(는)", "지목", "이방인", "광기"):
        assert wrong not in korean, wrong


@pytest.fixture(scope="module")
def official_corpus(corpus):
    """The corpus with every character of the official data fixtures (the Spy among them)."""
    official = load_official(ROOT / "tests" / "fixtures" / "official")
    return with_roster(joined(corpus, official)), official


def groups(corpus: Corpus, lang: str, ident: str, official=None) -> dict[str, list[str]]:
    found = next(t for t in rule_views(corpus, lang) if t.id == ident)
    return {group.kind: [c for c, _, _ in group.characters] for group in found.groups}


def test_the_recluse_and_the_spy_are_listed_as_the_characters_registers_names(official_corpus):
    corpus, official = official_corpus
    for lang in ("ko", "en"):  # 은둔자 before 첩자, Recluse before Spy
        assert groups(corpus, lang, "registers", official)[NAMED] == ["recluse", "spy"]


def test_the_travellers_are_listed_apart_from_those_that_mention_them(corpus):
    travellers = {c.id for c in corpus.characters if c.team == "traveller"}
    for lang in ("ko", "en"):
        found = groups(corpus, lang, "traveller")
        assert set(found[TEAM]) == travellers
        assert found[TEXT] == ["dreamer"]  # its ability names Travellers; it is Townsfolk
        assert not set(found[TEXT]) & travellers


TRAVELLERS_EN = """Townsfolk
Chef
An invented ability that no Traveller counts toward.
A recipe.
"An invented ability that no Traveller counts toward." The Chef counts.
Minion
Scarlet Woman
An invented ability in which Travellers do not count.
A small woman.
"An invented ability in which Travellers do not count." She waits.
Traveller
Gunslinger
An invented ability for a small test of the Gunslinger.
A small gun.
"An invented ability for a small test of the Gunslinger." The Gunslinger shoots.
"""


def test_a_character_whose_text_names_travellers_is_not_listed_among_them(tmp_path):
    project = corpus_project(tmp_path, {"en/004_travellers.txt": TRAVELLERS_EN.encode()})
    shutil.copy(ROOT / "content" / "rules.yaml", project / "content" / "rules.yaml")
    corpus = load_corpus(project)
    assert groups(corpus, "en", "traveller") == {TEAM: ["gunslinger"],
                                                 TEXT: ["chef", "scarletwoman"]}


def rendered_rules(corpus: Corpus, lang: str) -> str:
    view = rules_view(corpus, lang)
    assert view is not None
    return environment(ROOT / "templates", lang, corpus).get_template("rules/game.md.j2").render(
        root="../", html_root="../../", rules=view)


def test_the_rules_page_shows_the_setup_table_and_every_chapter(corpus):
    page = rendered_rules(corpus, "en")
    assert re.findall(r'^## (.*) \{: #([a-z-]+) \}$', page, re.M) == [
        ("How a game runs", "game"), ("Nominations and votes", "nominations"),
        ("Execution and death", "execution-and-death"), ("Travellers and exile", "travellers"),
        ("Fabled and Loric", "fabled-and-loric"),
        ("Drunk, poisoned, mad, registers, jinxes", "states"),
        ("What the Storyteller decides", "storyteller")]
    rows = re.findall(r'<tr><th scope="row">(\d+)</th>((?:<td>\d+</td>){4})</tr>', page)
    assert len(rows) == 11
    assert rows[5] == ("10", "<td>7</td><td>0</td><td>2</td><td>1</td>")
    assert ('<thead><tr><th scope="col">Players</th><th scope="col">Townsfolk</th>'
            '<th scope="col">Outsiders</th><th scope="col">Minions</th>'
            '<th scope="col">Demons</th></tr></thead>') in page
    # The table follows the paragraph that speaks of it.
    assert page.index("as the table below shows") < page.index('<table class="almanac-setup"')
    assert '<a href="https://wiki.bloodontheclocktower.com/Rules&#95;Explanation" lang="en">' \
           'Rules Explanation</a>' in page


def test_the_korean_rules_page_is_korean_and_a_language_without_texts_marks_the_english(corpus):
    korean = rendered_rules(corpus, "ko")
    assert "## 지명과 투표 {: #nominations }" in korean
    assert '<th scope="col">플레이어</th><th scope="col">주민</th>' in korean  # official word
    # English only in the names of the wiki's pages.
    assert set(re.findall(r'<(\w+)[^>]* lang="en"', korean)) == {"a"}
    romanian = rules_view(corpus, "ro")  # no text of its own
    assert romanian is not None
    assert {p.lang for c in romanian.chapters for p in c.paragraphs} == {"en"}
    assert {c.title_lang for c in romanian.chapters} == {"en"}
    # Austrian German reads German's; Swiss German has its own.
    austrian, swiss = rules_view(corpus, "de-AT"), rules_view(corpus, "de-CH")
    assert austrian is not None and swiss is not None
    assert {p.lang for c in austrian.chapters for p in c.paragraphs} == {"de"}
    assert {p.lang for c in swiss.chapters for p in c.paragraphs} == {"de-CH"}


def test_a_term_links_its_chapter_of_the_rules(corpus):
    execution = next(t for t in rule_views(corpus, "ko") if t.id == "execution")
    assert (execution.chapter, execution.chapter_title, execution.chapter_lang) == \
        ("nominations", "지명과 투표", "ko")
    assert execution.sources == (
        ("https://wiki.bloodontheclocktower.com/Rules_Explanation", "Rules Explanation"),
        ("https://wiki.bloodontheclocktower.com/States", "States"))


def refused(tmp_path: Path, text: str) -> str:
    rules = tmp_path / "rules.yaml"
    rules.write_text(text, encoding="utf-8")
    with pytest.raises(AlmanacError) as raised:
        load_rules(rules)
    assert raised.value.file == str(rules)
    return raised.value.message


SOURCE_OF = "sources: [https://wiki.bloodontheclocktower.com/States]"


def test_a_setup_row_that_does_not_add_up_is_refused(tmp_path):
    assert refused(tmp_path, "setup:\n  " + SOURCE_OF + "\n  rows:\n    - {players: 7, "
                   "townsfolk: 5, outsiders: 1, minions: 1, demons: 1}\n") == \
        "setup: the row of 7 players has 8 characters"
    assert refused(tmp_path, "setup:\n  " + SOURCE_OF + "\n  rows:\n    - {players: 5, "
                   "townsfolk: '3', outsiders: 0, minions: 1, demons: 1}\n") == \
        "setup.rows[0].townsfolk: expected a whole number, found text '3'"


def test_a_source_that_is_not_the_official_wiki_is_refused(tmp_path):
    assert refused(tmp_path, "chapters:\n  - id: a\n    title: {en: A}\n    paragraphs:\n"
                   "      - {id: b, sources: ['javascript:alert(1)'], text: {en: B}}\n") == \
        "chapter 'a', paragraph 'b': the source 'javascript:alert(1)' is not a page of the " \
        "official rules wiki (https://wiki.bloodontheclocktower.com/…)"


def test_a_paragraph_without_english_or_a_term_of_no_chapter_is_refused(tmp_path):
    assert refused(tmp_path, "chapters:\n  - id: a\n    title: {en: A}\n    paragraphs:\n"
                   "      - {id: b, " + SOURCE_OF + ", text: {ko: 나}}\n") == \
        "chapter 'a', paragraph 'b': no 'en' text"
    assert refused(tmp_path, "terms:\n  - {id: drunk, names: {en: Drunk}, definition: {en: D},"
                   " words: {en: [drunk]}, chapter: states}\n") == \
        "term 'drunk': no chapter 'states' (the chapters are: none)"


def test_a_term_naming_a_character_the_glossary_lacks_is_one_line(tmp_path):
    project = corpus_project(tmp_path, {})
    (project / "content" / "rules.yaml").write_text(
        "terms:\n  - {id: registers, names: {en: Registers}, definition: {en: R}, "
        "words: {en: [regist]}, characters: [recluse, spyy]}\n", encoding="utf-8")
    outcome = almanac("check", root=project)
    assert outcome.returncode == 2
    assert outcome.stderr == f"{project}/content/rules.yaml: error: term 'registers': no " \
                             "character 'spyy' in the glossary\n"


STORE = """msgid ""
msgstr ""
"Language: en\\n"
"Content-Type: text/plain; charset=UTF-8\\n"

msgctxt "script/000/title"
msgid "로마는 하루아침에 불타지 않았다"
msgstr "Rome Did Not Burn in a Day"
"""


@pytest.fixture
def titled(tmp_path):
    """A project of the Korean almanac 000 (a script's title in Korean)."""
    project = corpus_project(tmp_path, {
        "ko/000_a5b1c4d9f849e54a.txt": (ROOT / "content/ko/000_a5b1c4d9f849e54a.txt").read_bytes()})
    return project


def test_a_script_title_the_store_translates_is_in_the_pages_language(titled):
    (titled / "content" / "en").mkdir()
    (titled / "content" / "en" / "translations.po").write_text(STORE, encoding="utf-8")
    corpus = load_corpus(titled)
    script = next(s for s in corpus.scripts if s.id == "000")
    english = script_view(corpus, script, "en")
    assert (english.title, english.title_lang, english.lang) == \
        ("Rome Did Not Burn in a Day", "en", "ko")
    korean = script_view(corpus, script, "ko")
    assert (korean.title, korean.title_lang) == ("로마는 하루아침에 불타지 않았다", "ko")


def test_a_script_title_without_a_translation_is_marked_with_its_language(titled):
    draft = STORE.replace('msgctxt "script', '#, fuzzy\nmsgctxt "script')
    (titled / "content" / "en").mkdir()
    (titled / "content" / "en" / "translations.po").write_text(draft, encoding="utf-8")
    corpus = load_corpus(titled)
    script = next(s for s in corpus.scripts if s.id == "000")
    english = script_view(corpus, script, "en")
    assert (english.title, english.title_lang) == ("로마는 하루아침에 불타지 않았다", "ko")
    page = environment(ROOT / "templates", "en", corpus).get_template("script.md.j2").render(
        root="../", html_root="../../", s=english, sheets=False)
    assert 'title_lang: ko\n' in page
    assert '# 로마는 하루아침에 불타지 않았다 {: lang="ko" }' in page


def test_update_po_offers_a_script_title_and_import_po_takes_its_translation(titled, tmp_path):
    assert almanac("update-po", "--lang", "en", root=titled).returncode == 0
    store = (titled / "content" / "en" / "translations.po").read_text(encoding="utf-8")
    assert '#. 로마는 하루아침에 불타지 않았다 · script title\n' \
           '#: content/ko/000_a5b1c4d9f849e54a.txt:1\n' \
           'msgctxt "script/000/title"\nmsgid "로마는 하루아침에 불타지 않았다"\nmsgstr ""\n' in store
    exported = tmp_path / "en.po"
    assert almanac("export-po", "--lang", "en", "-o", str(exported), root=titled).returncode == 0
    text = exported.read_text(encoding="utf-8")
    assert 'msgctxt "script/000/title"\nmsgid "로마는 하루아침에 불타지 않았다"\nmsgstr ""\n' in text
    exported.write_text(text.replace(
        'msgctxt "script/000/title"\nmsgid "로마는 하루아침에 불타지 않았다"\nmsgstr ""\n',
        'msgctxt "script/000/title"\nmsgid "로마는 하루아침에 불타지 않았다"\n'
        'msgstr "Rome Did Not Burn in a Day"\n'), encoding="utf-8")
    outcome = almanac("import-po", str(exported), root=titled)
    assert outcome.returncode == 0, outcome.stderr
    corpus = load_corpus(titled)
    script = next(s for s in corpus.scripts if s.id == "000")
    assert script_view(corpus, script, "en").title == "Rome Did Not Burn in a Day"
