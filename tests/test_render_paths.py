"""The shortcuts rendering takes give what the long way gave: the night order of every script
from the order alone, stray letters in one pass, characters by index, printed values escaped
once by inert alone."""
from dataclasses import replace

import pytest
from markupsafe import Markup

from generator.facts.languages import Languages
from generator.facts.official import Part
from generator.facts.site_languages import data_language
from generator.output.render import environment
from generator.views.characters import sheet_orders
from generator.views.corpus_script import from_corpus
from generator.views.nightsheet import build_sheet, stray_parts
from generator.views.sheet_kinds import NIGHTS
from tests.conftest import ROOT


def test_the_night_order_of_every_script_is_the_rows_its_sheets_wake(corpus):
    orders = sheet_orders(corpus)
    assert orders  # the corpus has scripts
    for script in corpus.scripts:
        for night in NIGHTS:
            for lang in corpus.languages.codes:
                sheet = build_sheet(corpus, from_corpus(script), lang, night)
                assert orders[(script.id, night)] == \
                    tuple(row.id for row in sheet.rows if not row.special)


def test_stray_letters_each_a_part_and_the_text_between_them_one():
    assert stray_parts("Ask: Ωμέγα, then 가 — done.", frozenset({"LATIN", "HANGUL"})) == (
        Part("text", "Ask: "), Part("stray", "Ωμέγα"), Part("text", ", then 가 — done."))
    assert stray_parts("Ωμέγα", frozenset({"LATIN"})) == (Part("stray", "Ωμέγα"),)
    assert stray_parts("", frozenset({"LATIN"})) == ()


def test_a_character_is_found_by_game_and_id_the_first_of_two_alike(corpus):
    first = next(c for c in corpus.characters if c.game == "botc")
    twin = replace(first, names={"en": "Twin"})
    doubled = replace(corpus, characters=(*corpus.characters, twin))
    assert doubled.character("botc", first.id) is first
    assert doubled.character("botc", "no-such-character") is None


def test_every_printed_value_is_escaped_once_by_inert(corpus):
    env = environment(ROOT / "templates", "en", corpus)
    template = env.from_string("{{ text }}|{{ number }}|{{ markup }}|{{ text ~ '!' }}")
    assert template.render(text="<b>&'*", number=7, markup=Markup("<i>x</i>")) == \
        "&#60;b&#62;&#38;&#39;&#42;|7|<i>x</i>|&#60;b&#62;&#38;&#39;&#42;&#33;"
    # In an autoescape block that Jinja decides at render time, the same.
    volatile = env.from_string("{% autoescape flag %}{{ text }}{% endautoescape %}")
    assert volatile.render(flag=True, text="<b>") == "&#60;b&#62;"


@pytest.mark.parametrize("lang, said", [
    ("ro", '<span lang="en">In English</span>'),  # no catalog: an English sentence, all of it
    ("ru", "На языке: английский"),  # the project's own catalogs
    ("de", "Sprache: Englisch"),
    ("ko", "영어로 쓰인 글")])
def test_a_language_is_named_in_the_language_of_its_sentence(corpus, lang, said):
    if corpus.languages.get(lang) is None:  # a language of the official data, as a build adds it
        corpus = replace(corpus, languages=Languages((*corpus.languages.all, data_language(lang))))
    env = environment(ROOT / "templates", lang, corpus)
    template = env.from_string('{{ _("In %(language)s", language=language_name("en")) }}')
    assert template.render() == said
    assert env.from_string('{{ language_name("en") }}').render() == \
        {"ro": "engleză", "ru": "английский", "de": "Englisch", "ko": "영어"}[lang]  # alone, the
    # page's language
