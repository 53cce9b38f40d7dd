"""Search as players ask (issue 37): names as players say them and their own words
(content/search-words.yaml), held by query sets written before the search was tuned for them
(tests/fixtures/search-queries.yaml) at the rates they reach; typos in every alphabet with a
stemmer; text normalised (half-width kana, Thai SARA AM, ё); an English name on any site finding
the character first; the same answer however fast a query is typed; the data file's errors."""
from __future__ import annotations

import shutil
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml

from generator.errors import AlmanacError
from generator.facts.search_words import load_search_words
from tests.conftest import ROOT
from tests.search_box import search, type_query
from tests.test_search import LANGUAGE, worker_search

__all__ = ["search"]  # the fixture, for the tests of this module

QUERIES = yaml.safe_load((ROOT / "tests" / "fixtures" / "search-queries.yaml").read_text("utf-8"))


# Each set → the language of the site it is asked on.
SETS = {"ko": "ko", "en": "en", "en-table": "en"}


@pytest.fixture(scope="module")
def answers(search):
    """Each Korean and English query → the first three pages the search box lists."""
    return {(lang, query): search(lang, query) for name, lang in SETS.items()
            for query, _ in QUERIES[name]}


# What the sets reach (first, in the first three), each of 20; the goal is 15 and 17. English's
# misses: "is the demon one of two players" (the Fortune Teller's card on the corpus's site is
# Korean and has no "one"), "who registers as evil" (the Recluse's Korean card says it may be
# seen as evil); en-table's, rules questions that the rules of the game answer after a term's
# page ("can dead players vote").
REACHED = {"ko": (18, 19), "en": (16, 18), "en-table": (16, 20)}


@pytest.mark.parametrize("name", list(SETS))
def test_players_queries_find_their_page_at_the_rates_reached(answers, name):
    lang = SETS[name]
    first = [q for q, path in QUERIES[name] if answers[(lang, q)][:1] == [f"/{lang}/{path}/"]]
    three = [q for q, path in QUERIES[name] if f"/{lang}/{path}/" in answers[(lang, q)]]
    assert (len(first), len(three)) == REACHED[name], sorted(
        q for q, _ in QUERIES[name] if q not in first)


def test_no_home_team_or_script_page_takes_a_top_three_slot_unasked(answers):
    listings = {(lang, query): [path for path in found if path in (f"/{lang}/", f"/{lang}/scripts/")
                                or "/teams/" in path or "/scripts/" in path]
                for (lang, query), found in answers.items() if len(found) == 3}
    assert {key: found for key, found in listings.items() if found} == {}


def test_a_team_named_finds_its_page(search):
    assert search("en", "minions")[0] == "/en/teams/minion/"


# The characters of the other languages' site, their invented texts in English, and their names
# in six languages of the official data (names are facts, texts are not).
CHARACTERS = {
    "washerwoman": ("Townsfolk", {"ru": "Прачка", "fr": "Lavandière", "de": "Waschweib",
                                  "ja": "洗濯婦", "zh": "洗衣妇", "th": "หญิงรับซักผ้า"}),
    "fortuneteller": ("Townsfolk", {"ru": "Fortune Teller", "fr": "Voyante", "de": "Wahrsagerin",
                                    "ja": "占い師", "zh": "占卜师", "th": "นักทำนาย"}),
    "undertaker": ("Townsfolk", {"ru": "Гробовщик", "fr": "Fossoyeur", "de": "Totengräber",
                                 "ja": "葬儀屋", "zh": "送葬者", "th": "สัปเหร่อ"}),
    "monk": ("Townsfolk", {"fr": "Moine", "de": "Mönch", "ja": "僧侶", "zh": "僧侣", "th": "พระ"}),
    "drunk": ("Outsider", {"ru": "Пьяница", "fr": "Ivrogne", "de": "Trunkenbold",
                           "ja": "酔っ払い", "zh": "酒鬼", "th": "ขี้เมา"}),
    "poisoner": ("Minion", {"ru": "Отравитель", "fr": "Empoisonneur", "de": "Giftmischer",
                            "ja": "毒師", "zh": "投毒者", "th": "นักวางยา"}),
    "spy": ("Minion", {"ru": "Шпион", "fr": "Espionne", "de": "Spion", "ja": "スパイ",
                       "zh": "间谍", "th": "สายลับ"}),
    "imp": ("Demon", {"ru": "Чёрт", "fr": "Diablotin", "de": "Imp", "ja": "インプ",
                      "zh": "小恶魔", "th": "อิมป์"}),
}
TEAMS = {"Townsfolk": "Townsfolk", "Outsider": "Outsider", "Minion": "Minion",
         "Demon": "Demon"}
NAMES_EN = {"washerwoman": "Washerwoman", "fortuneteller": "Fortune Teller",
            "undertaker": "Undertaker", "monk": "Monk", "drunk": "Drunk", "poisoner": "Poisoner",
            "spy": "Spy", "imp": "Imp"}


def almanac() -> str:
    """An English almanac of CHARACTERS, each with an invented ability that names no other."""
    lines = []
    for ident, (team, _) in CHARACTERS.items():
        name = NAMES_EN[ident]
        ability = f"An invented ability for a small test of the {name}."
        lines += [TEAMS[team], name, ability, f"A line about the {name}.",
                  f'"{ability}" The {name} acts.']
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def languages_site(tmp_path_factory):
    """The site of almanac() in Korean, English and six more languages, with the project's
    rules terms and search words."""
    from generator.commands.build import build
    from generator.output.browser import serve
    from tests.projects import site_project
    root = site_project(tmp_path_factory.mktemp("players"), {"en/004_players.txt":
                                                           almanac().encode()})
    for name in ("rules.yaml", "search-words.yaml"):
        shutil.copy(ROOT / "content" / name, root / "content" / name)
    codes = ("ru", "fr", "de", "ja", "zh", "th")
    with (root / "content" / "languages.yaml").open("a", encoding="utf-8") as languages:
        languages.writelines(LANGUAGE.format(code=code) for code in codes)
    glossary = root / "content" / "glossary.yaml"
    text = glossary.read_text(encoding="utf-8")
    for ident, (_, names) in CHARACTERS.items():
        head = text.index(f"- id: {ident}\n")
        at = text.index("  names:\n", head) + len("  names:\n")
        text = text[:at] + "".join(f"    {code}: {name}\n" for code, name in names.items()) + \
            text[at:]
    glossary.write_text(text, encoding="utf-8")
    assert build(root) == 0
    with serve(root / "site") as base:
        yield base


def test_other_languages_queries_find_their_page_in_the_first_three(page, languages_site):
    """Typos in Cyrillic and Latin with diacritics, half-width kana, Thai typed with NIKHAHIT
    and SARA AA, Russian е for ё, English names on every site: 30 of 30 (the goal is 28)."""
    found: dict[tuple[str, str], list[str]] = {}
    for code in dict.fromkeys(code for code, _, _ in QUERIES["others"]):
        queries = [query for lang, query, _ in QUERIES["others"] if lang == code]
        found |= {(code, query): pages[:3] for query, pages in
                  worker_search(page, languages_site, code, queries).items()}
    missed = {(code, query): found[(code, query)] for code, query, path in QUERIES["others"]
              if f"{path}/" not in found[(code, query)]}
    assert missed == {}
    first = [query for code, query, path in QUERIES["others"]
             if found[(code, query)][:1] == [f"{path}/"]]
    assert len(first) == 30


@pytest.mark.parametrize("code", ["zh", "th", "ja", "ru"])
def test_an_english_name_finds_the_character_before_the_rules_page(page, languages_site, code):
    found = worker_search(page, languages_site, code, ["Poisoner", "Drunk"])
    # The character first; then a rules page (the term's, or the rules of the game naming it).
    assert found["Poisoner"][0] == "characters/poisoner/"
    assert found["Poisoner"][1].startswith("rules/")
    assert found["Drunk"][0] == "characters/drunk/" and found["Drunk"][1].startswith("rules/")


@pytest.mark.parametrize("code,typo,path", [
    ("en", "mathemetitian", "characters/mathematician/"),  # two letters off in 13
    ("en", "poisnor", "characters/poisoner/"),  # two off in 7
])
def test_a_long_word_two_letters_off_is_found(page, site_url, code, typo, path):
    assert worker_search(page, site_url, code, [typo])[typo][:1] == [path]


def test_a_short_word_two_letters_off_is_not_corrected(page, site_url):
    # "poisnr" is two letters from "poison", which a word of six letters is not read as.
    assert worker_search(page, site_url, "en", ["poisnr"])["poisnr"] == []


# Korean typed fast: each syllable filled as an input method does, the box told by `input` and
# `keyup`, with no wait between them.
FAST = ["처", "처형", "처형된", "처형된 사", "처형된 사람", "처형된 사람 능력"]


def test_a_query_typed_fast_gets_the_answer_it_gets_typed_slowly(browser, site_url, search):
    slowly = search("ko", FAST[-1])
    answers = []
    for _ in range(3):
        context = browser.new_context()
        page = context.new_page()
        # A phone-class CPU, where queries wait behind the one being searched.
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
        page.goto(f"{site_url}ko/", wait_until="domcontentloaded")
        for query in FAST:
            type_query(page, query)
        page.wait_for_selector(".md-search-result__item")
        # Settled: the same list twice, a second apart, with the box's query.
        page.wait_for_function("""() => new Promise(done => {
          const list = () => [...document.querySelectorAll('.md-search-result__item > a')]
            .map(a => a.href).join()
          const before = list()
          setTimeout(() => done(before === list()), 1000)
        })""", timeout=60_000)
        hrefs = page.locator(".md-search-result__item > a").evaluate_all(
            "links => links.map(link => link.href)")
        answers.append(list(dict.fromkeys(urlsplit(href).path for href in hrefs))[:3])
        context.close()
    assert answers == [slowly] * 3
    assert slowly[0] == "/ko/characters/cannibal/"


def test_a_name_for_a_page_that_does_not_exist_is_one_line_at_its_key(tmp_path: Path):
    path = tmp_path / "search-words.yaml"
    path.write_text("names:\n  ko:\n    characters/monkk: [수도승]\n", encoding="utf-8")
    with pytest.raises(AlmanacError) as raised:
        load_search_words(path, {"characters": frozenset({"monk"}), "rules": frozenset()})
    assert str(raised.value) == (f"{path}: error: names.ko.characters/monkk: no such page "
                                 "(characters/<id> of the glossary or rules/<id> of rules.yaml)")
    path.write_text("thesaurus:\n  en: [[revive, 2]]\n", encoding="utf-8")
    with pytest.raises(AlmanacError) as raised:
        load_search_words(path, {})
    assert (raised.value.file, raised.value.line) == (str(path), 2)


def test_the_names_players_say_are_found_on_their_page_only(tmp_path: Path):
    path = tmp_path / "search-words.yaml"
    path.write_text("names:\n  ko:\n    characters/monk: [수도승, 몽크]\n"
                    "  en:\n    characters/monk: [monkey, 몽크]\n"
                    "thesaurus:\n  en:\n    - [resurrect, revive]\n", encoding="utf-8")
    words = load_search_words(path, {"characters": frozenset({"monk"}), "rules": frozenset()})
    assert words.of("characters/monk", ("ko", "en")) == ("수도승", "몽크", "monkey")
    assert words.of("characters/monk", ("en",)) == ("monkey", "몽크")
    assert words.of("characters/imp", ("ko", "en")) == ()
    assert words.thesaurus == {"en": (("resurrect", "revive"),)}
    assert load_search_words(tmp_path / "none.yaml", {}).names == {}


def test_the_search_script_is_served_without_its_comments(tmp_path: Path):
    from mkdocs.config.defaults import MkDocsConfig

    from generator.output.search_index import SCRIPT, on_post_build
    script = tmp_path / SCRIPT
    script.parent.mkdir(parents=True)
    script.write_text("/*\n * Why.\n */\n(function () {\n  // why\n  const a = /\\*$/ // kept\n"
                      "})()\n", encoding="utf-8")
    shared = tmp_path / "other.js"
    shared.hardlink_to(script)  # another language's site's copy
    config = MkDocsConfig()
    config["site_dir"] = str(tmp_path)
    on_post_build(config)
    assert script.read_text(encoding="utf-8") == "(function () {\n  const a = /\\*$/ // kept\n})()\n"
    assert shared.read_text(encoding="utf-8").startswith("/*\n * Why.")
