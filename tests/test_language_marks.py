"""Text in another language than its page's carries its language: a sheet's title, a value quoted
in a finding, a menu entry; and a mark never lets the text it marks become markup. The built
site's marks are in tests/test_accessibility.py."""
from __future__ import annotations

import pytest

from generator.model import Diagnostic, Name
from generator.output.title_marks import marked
from generator.read.script_spec import ScriptSpec
from generator.views.corpus_script import from_corpus
from generator.views.messages import Piece, message, pieces
from generator.views.narration import build_narration
from generator.views.nightsheet import build_sheet
from generator.views.onuw import rulebook
from generator.views.scriptsheet import build_script_sheet
from generator.views.writing import written_in


@pytest.mark.parametrize("text, lang", [
    ("습기가 차다", "ko"), ("Noble", "en"), ("Fang Gu 2", "en"),
    ("BMR 확장", None),  # letters of two languages: neither writes it alone
    ("1-75", None), ("", None)])
def test_a_texts_language_is_the_one_whose_letters_write_it(corpus, text, lang):
    assert written_in(corpus.languages, text) == lang


@pytest.mark.parametrize("title, lang, title_lang", [
    ("Trouble Brewing", "ko", "ko"),  # the edition's Korean title replaces it
    ("My Cool Script", "ko", "en"), ("나의 스크립트", "en", "ko"), ("나의 스크립트", "ko", "ko"),
    ("BMR 확장", "en", "en")])  # its letters do not tell: the sheet's language
def test_a_script_files_title_on_a_sheet_has_the_language_its_letters_tell(
        corpus, title, lang, title_lang):
    script = ScriptSpec("t", title, None, ("chef", "imp"))
    assert build_sheet(corpus, script, lang, "first").title_lang == title_lang
    assert build_script_sheet(corpus, script, lang).title_lang == title_lang


def test_a_corpus_scripts_title_has_its_scripts_language_and_a_sets_its_rulebooks(corpus):
    script = next(s for s in corpus.scripts if s.id == "002")
    assert build_sheet(corpus, from_corpus(script), "en", "other").title_lang == "ko"
    book = rulebook(corpus)
    assert book is not None
    sheet = build_narration(corpus, book, book.role_sets[0].name, list(book.role_sets[0].roles),
                            "en", book.lang)
    assert (sheet.title, sheet.title_lang) == ("사악한 변신", "ko")


def test_a_menu_title_marks_its_name_and_lets_no_tag_through():
    assert marked("습기가 차다 · First night", "ko", "습기가 차다") == \
        '<span lang="ko">습기가 차다</span> · First night'
    assert marked("사악한 변신", "ko") == '<span lang="ko">사악한 변신</span>'
    # Front matter titles are escaped text; one that is not stays text all the same.
    assert marked("<b>A &amp; B</b>", "en") == \
        '<span lang="en">&lt;b&gt;A &amp; B&lt;/b&gt;</span>'
    assert marked("Other · First night", "ko", "습기가 차다") is None


def finding(template: str, **params: str) -> Diagnostic:
    return Diagnostic("info", "x", "content/en/004.txt", 1, template,
                      tuple(sorted(params.items())))


def test_a_messages_values_in_another_language_are_runs_of_their_own(corpus):
    found = finding("{name}: the {language} steps use token '{token}'", name="귀족",
                    language="ko", token="KNOW")
    assert pieces(found, "en", corpus.languages) == (
        Piece("귀족", "ko"), Piece(": the "), Piece("Korean"), Piece(" steps use token '"),
        Piece("KNOW"), Piece("'"))
    # Without the languages (the command line's one line), the same text unmarked.
    assert message(found, "en") == "귀족: the Korean steps use token 'KNOW'"


def test_a_particle_after_a_value_is_chosen_from_it_and_a_value_is_left_as_written(corpus):
    after_vowel = finding("{name}이(가) 없습니다", name="귀족 이(가)")
    assert message(after_vowel, "ko") == "귀족 이(가)가 없습니다"
    assert message(finding("{name}이(가) 없습니다", name="첩자"), "ko") == "첩자가 없습니다"
    assert pieces(finding("'{name}'을(를) 읽었습니다", name="Noble"), "ko", corpus.languages) == (
        Piece("'"), Piece("Noble", "en"), Piece("'을(를) 읽었습니다"))


def test_an_english_scripts_title_on_the_korean_site_says_its_language(corpus):
    """The other way round from the built site's (whose scripts are Korean)."""
    from dataclasses import replace

    from generator.output.page_kinds import SiteData, site_pages
    from generator.output.render import rendered
    from tests.conftest import ROOT
    script = replace(corpus.scripts[0], lang="en", title="Tea & <Biscuits>")
    english = replace(corpus, scripts=(script,))
    pages = dict(rendered(english, "ko", ROOT / "templates", site_pages(SiteData(english), "ko")))
    assert pages[f"scripts/{script.id}.md"].startswith(
        '---\ntitle: "Tea &amp; &lt;Biscuits&gt;"\ntitle_lang: en\n')
    sheet = pages[f"nightsheets/{script.id}-first.md"]
    assert sheet.startswith('---\ntitle: "Tea &amp; &lt;Biscuits&gt; \\u00b7 \\uccab\\ub0a0 '
                            '\\ubc24"\ntitle_lang: en\ntitle_name: "Tea &amp; &lt;Biscuits&gt;"\n')
    assert '<h1 class="nightsheet-title" lang="en">Tea &#38; &#60;Biscuits&#62;</h1>' in sheet
    # In the menu and header, by the hook: the name marked, the rest the page's, no tag let in.
    assert marked("Tea &amp; &lt;Biscuits&gt; · 첫날 밤", "en", "Tea &amp; &lt;Biscuits&gt;") == \
        '<span lang="en">Tea &amp; &lt;Biscuits&gt;</span> · 첫날 밤'


def test_a_characters_name_is_the_readers_first_each_name_a_run_of_its_own(corpus):
    noble = Name("귀족", "ko", (("en", "Noble"), ("ko", "귀족")))
    found = Diagnostic("info", "x", "content/ko/000.txt", 1, "{name}: not written yet",
                       (("name", noble),))
    assert pieces(found, "en", corpus.languages) == (
        Piece("Noble"), Piece(" ("), Piece("귀족", "ko"), Piece(")"), Piece(": not written yet"))
    # The text's own language: its name as written, alone.
    assert pieces(found, "ko", corpus.languages)[0] == Piece("귀족")
