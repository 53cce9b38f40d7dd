"""Languages from the official data alone (`build --official DIR --languages all|CODES`): codes in
the data's spelling and in BCP 47, a site at site/<tag>/ with that tag in <html lang>, the language
menu naming each language in itself, hreflang links, and one line for each data file or language
left out. The game.<code>.json files are the test's own: real names, sentences of its own."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from generator.facts.language_codes import language_tag, native_name
from generator.facts.official import load_official
from generator.facts.site_languages import select_languages
from generator.pipeline import load_corpus
from tests.conftest import ROOT
from tests.projects import almanac, catalogs_of, site_project

# code as the data spells it → (the Chef's name, an ability of the test's own, a reminder label)
GAMES = {
    "de": ("Koch", "Eine erfundene Fähigkeit, nur für diesen Test des Kochs.", "Zweiter"),
    "ja": ("料理人", "このテストのためだけに作った料理人の能力です。", "二人目"),
    "zh_Hans": ("厨师", "这是只为本测试编写的厨师能力。", "第二名"),
    "th": ("เชฟ", "ความสามารถของเชฟที่เขียนขึ้นเพื่อการทดสอบนี้เท่านั้น", "คนที่ 2"),
    "ru": ("Повар", "Способность повара, придуманная только для этой проверки.", "2-й"),
}
# The site's languages: languages.yaml's, then the data's by tag.
SITES = ["ko", "en", "de", "ja", "ru", "th", "zh-Hans"]
NAMES = ["한국어", "English", "Deutsch", "日本語", "Русский", "ไทย", "简体中文"]


def official_folder(root: Path) -> Path:
    """The project's official fixtures with a game file per language: five with a name and an
    ability of the Chef's, Hebrew with reminders and a jinx but no character (too little), one
    whose code names no language, and one whose name holds no code."""
    folder = root / "official"
    shutil.copytree(ROOT / "tests" / "fixtures" / "official", folder)
    for code, (name, ability, reminder) in GAMES.items():
        game = {"roles": {"chef": {"name": name, "ability": ability}},
                "reminders": {"2nd": reminder}, "jinxes": {}, "editions": {}}
        (folder / f"game.{code}.json").write_text(json.dumps(game, ensure_ascii=False),
                                                  encoding="utf-8")
    (folder / "game.he.json").write_text(json.dumps(
        {"reminders": {"townsfolk": "תושב-עיירה", "turnsevil": "הופך לרע"},
         "jinxes": {"chef-imp": "משפט שנכתב לבדיקה הזאת בלבד."}}, ensure_ascii=False),
        encoding="utf-8")
    (folder / "game.tlh.json").write_text("{}", encoding="utf-8")
    (folder / "game.old copy.json").write_text("{}", encoding="utf-8")
    return folder


@pytest.fixture(scope="module", autouse=True)
def no_catalogs(tmp_path_factory):
    """The data's languages as languages without an interface catalog of their own are (a
    catalog alone publishes a language: tests/test_native_frame.py)."""
    with catalogs_of(("ko", "en"), tmp_path_factory.mktemp("locales")):
        yield


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    root = site_project(tmp_path_factory.mktemp("data-languages"))
    official_folder(root)
    return root


@pytest.fixture(scope="module")
def built(project):
    """Every language of the data, built once for the tests that read it."""
    return almanac("build", "--official", "official", "--languages", "all", root=project)


def html_of(project: Path, lang: str, page: str = "characters/chef/") -> str:
    return (project / "site" / lang / page / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("code, tag, name", [
    ("de", "de", "Deutsch"), ("zh_Hans", "zh-Hans", "简体中文"), ("zh-hans", "zh-Hans", "简体中文"),
    ("pt_BR", "pt-BR", "Português (Brasil)"), ("nb_NO", "nb-NO", "Norsk bokmål (Norge)"),
    ("es_419", "es-419", "Español latinoamericano"), ("en@pirate", "en-x-pirate",
                                                      "English (pirate)"),
    ("th", "th", "ไทย"), ("ru", "ru", "Русский"), ("he", "he", "עברית"), ("ja", "ja", "日本語"),
    ("ka", "ka", "ქართული"),  # Georgian has no capitals in a menu's sense
])
def test_codes_in_either_spelling_and_names_in_their_own_language(code, tag, name):
    assert language_tag(code) == tag
    assert native_name(tag) == name


def test_every_language_with_enough_data_gets_a_site_and_the_rest_a_line(project, built):
    assert built.returncode == 0, built.stderr
    sites = sorted(p.name for p in (project / "site").iterdir() if p.is_dir())
    assert sites == sorted(SITES)
    notices = [line for line in built.stderr.splitlines() if line.startswith("official")]
    assert notices == [
        "official/game.old copy.json: its code is no language tag (such as de, zh_Hans, pt_BR): "
        "not read",
        "official/game.tlh.json: 'tlh' names no language CLDR knows (declare it in "
        "content/languages.yaml to build it): 0 of 5 characters named or described, 0 abilities, "
        "0 reminders, 0 jinxes, 0 editions; left out",
        "official: 1 more language has too little for a site (he): a language needs 1 "
        "characters named or described, or an interface catalog (docs/pages/languages.md says "
        "how to add one)"]


@pytest.mark.parametrize("tag", SITES)
def test_each_site_has_its_tag_the_menu_and_hreflang_links(project, built, tag):
    page = html_of(project, tag)
    assert f'<html dir="ltr" lang="{tag}" class="no-js">' in page
    menu = re.findall(r'<a href="\.\./\.\./\.\./([^"]+)" hreflang="([^"]+)" lang="([^"]+)" '
                      r'class="md-select__link"[^>]*>\s*([^<]+?)\s*</a>', page)
    assert menu == [(f"{t}/characters/chef/", t, t, n) for t, n in zip(SITES, NAMES, strict=True)]
    # Every counterpart named for search engines, by the menu's relative URLs (no --site-url).
    head = page.split("</head>", 1)[0]
    assert re.findall(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">', head) == [
        *((t, f"../../../{t}/characters/chef/") for t in SITES), ("x-default", "../../../")]


def test_a_data_language_shows_its_own_card(project, built):
    for code, (_, ability, _) in GAMES.items():
        assert ability in html_of(project, language_tag(code)), code


def test_a_chosen_set_in_either_spelling_and_absolute_hreflang(tmp_path):
    root = site_project(tmp_path)
    official_folder(root)
    result = almanac("build", "--official", "official", "--languages", "en,zh_Hans,de,zh-Hans",
                     "--site-url", "https://example.org/almanac/", root=root)
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in (root / "site").iterdir() if p.is_dir()) == \
        ["de", "en", "zh-Hans"]
    head = html_of(root, "de").split("</head>", 1)[0]
    assert re.findall(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">', head) == [
        *((t, f"https://example.org/almanac/{t}/characters/chef/") for t in ("en", "zh-Hans", "de")),
        ("x-default", "https://example.org/almanac/")]


def test_without_languages_the_yaml_ones_and_a_line_naming_the_rest(tmp_path):
    root = site_project(tmp_path)
    official_folder(root)
    result = almanac("build", "--official", "official", root=root)
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in (root / "site").iterdir() if p.is_dir()) == ["en", "ko"]
    assert "official: the official data has 5 more languages with enough for a site (de, ja, ru, " \
           "th, zh-Hans): --languages all builds them, --languages ko,en,de some" in \
           result.stderr.splitlines()
    # The preview it suggests is of the same languages and data.
    assert result.stdout.splitlines()[-1].endswith(
        " -m generator.cli serve --official official (then http://127.0.0.1:8000/)")


def test_print_names_its_own_option_for_the_other_languages(tmp_path):
    root = site_project(tmp_path)
    official = load_official(official_folder(root))
    selection = select_languages(load_corpus(root).languages, official, None, "official",
                                 option=("--lang", "prints", "sheets"))
    assert selection.notices[-1] == (
        "official: the official data has 5 more languages with enough for sheets (de, ja, ru, "
        "th, zh-Hans): --lang all prints them, --lang ko,en,de some")
    assert select_languages(load_corpus(root).languages, None, "all",
                            option=("--lang", "prints", "sheets")).notices == (
        "--lang all without the official data: the languages of content/languages.yaml alone "
        "(the official data gives the others: `almanac official fetch`, or --official DIR)",)


@pytest.mark.parametrize("asked, error", [
    ("xx", "error: unknown language 'xx': neither content/languages.yaml nor the official data "
           "has it"),
    ("tlh", "error: 'tlh' names no language CLDR knows: declare it in content/languages.yaml to "
            "build it"),
    (",", "error: --languages names no language; give `all` or codes separated by commas "
          "(ko,en,de,zh_Hans)"),
])
def test_a_language_that_cannot_be_built_is_one_line(tmp_path, asked, error):
    root = site_project(tmp_path)
    official_folder(root)
    result = almanac("build", "--official", "official", "--languages", asked, root=root)
    assert (result.returncode, result.stderr.strip().splitlines()[-1]) == (2, error)
    assert not (root / "site").exists()


def test_languages_yaml_may_spell_the_code_as_the_data_does(tmp_path):
    """zh_Hans declared in languages.yaml is the data's game.zh_Hans.json: its card, its site."""
    root = site_project(tmp_path)
    official_folder(root)
    with (root / "content" / "languages.yaml").open("a", encoding="utf-8") as languages:
        languages.write("zh_Hans:\n  site_name: 年鉴\n")
    result = almanac("build", "--official", "official", root=root)
    assert result.returncode == 0, result.stderr
    page = html_of(root, "zh-Hans")
    assert '<html dir="ltr" lang="zh-Hans" class="no-js">' in page and GAMES["zh_Hans"][1] in page
    assert "简体中文" in html_of(root, "en")


def test_no_page_asks_for_what_is_not_there_and_the_menu_fits_a_phone(project, built, browser):
    """Material's script fetched a sitemap.xml beside every hreflang link's page; its language
    menu opened centred on its button, past a phone's right edge."""
    from generator.output.browser import serve
    asked, errors = [], []
    with serve(project / "site") as base:
        page = browser.new_page(viewport={"width": 390, "height": 800})
        page.on("request", lambda request: asked.append(request.url))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("response", lambda r: errors.append(r.url) if r.status >= 400 else None)
        try:
            page.goto(f"{base}ja/characters/chef/", wait_until="networkidle")
            page.hover(".md-header__option .md-select")
            page.wait_for_timeout(500)  # Material's transition
            menu = page.locator(".md-select__inner").bounding_box()
            assert menu is not None and menu["x"] >= 0 and menu["x"] + menu["width"] <= 390
            last = page.locator(".md-select__link").last
            last.scroll_into_view_if_needed()
            assert last.is_visible() and last.inner_text() == NAMES[-1]
            last.click()
            page.wait_for_load_state("networkidle")
            assert page.url == f"{base}zh-Hans/characters/chef/"
        finally:
            page.close()
    assert [url for url in asked if "sitemap" in url] == []
    assert errors == []


def test_print_makes_the_three_sheets_of_each_language_asked(tmp_path):
    import subprocess
    root = site_project(tmp_path)
    official_folder(root)
    (root / "tb.json").write_text('[{"id": "_meta", "name": "Small", "author": "me"}, "chef", '
                                  '"imp"]', encoding="utf-8")
    result = almanac("print", "tb.json", "-o", "out", "--lang", "de,zh_Hans,th,he",
                     "--official", "official", root=root)
    assert result.returncode == 0, result.stderr
    langs = ("de", "zh-Hans", "th")
    pdfs = [f"out/{kind}-{lang}.pdf" for lang in langs for kind in ("script", "first", "other")]
    assert [line for line in result.stdout.splitlines() if line.endswith(".pdf")] == pdfs
    assert sorted(p.name for p in (root / "out").iterdir()) == sorted(p[4:] for p in pdfs)
    assert "official/game.he.json: he: 0 of 5 characters named or described" in result.stderr
    # The data's files of languages not asked for are no concern of the run: no line of them.
    assert "tlh" not in result.stderr and "old copy" not in result.stderr
    for pdf in pdfs:
        info = subprocess.run(["pdfinfo", str(root / pdf)], capture_output=True, text=True)
        assert re.search(r"^Pages:\s+1$", info.stdout, re.MULTILINE), pdf
    text = subprocess.run(["pdftotext", str(root / "out" / "script-th.pdf"), "-"],
                          capture_output=True, text=True).stdout
    assert GAMES["th"][1] in text


def test_the_preview_of_every_language_rebuilds_only_what_an_edit_touches(tmp_path, capsys):
    from generator.commands.serve import Preview
    from generator.facts.official import load_official
    root = site_project(tmp_path)
    preview = Preview(root, "http://127.0.0.1:8000/", load_official(official_folder(root)), "all",
                      "official")
    first = preview.update()
    assert first is not None and list(first) == SITES
    # The languages left out are said by serve's first build, as build says them
    # (test_serve_build.py), never again at each update.
    assert capsys.readouterr().err == ""
    assert preview.update() == {}
    text = root / "content" / "en" / "004_small.txt"
    text.write_text(text.read_text(encoding="utf-8").replace("The Imp kills.",
                                                             "The Imp kills at night."),
                    encoding="utf-8")
    # In each language the Imp's page (its almanac summary) and the source file's page alone.
    assert preview.update() == dict.fromkeys(SITES, 2)
    assert capsys.readouterr().err == ""


def _imp_ability(root: Path, asked: str):
    from dataclasses import replace

    from generator.cards import joined, with_roster
    from generator.facts.official import load_official
    from generator.facts.site_languages import select_languages
    from generator.pipeline import load_corpus
    from generator.views.characters import sections_for
    official = load_official(root / "official")
    corpus = load_corpus(root)
    corpus = with_roster(joined(replace(corpus, languages=select_languages(
        corpus.languages, official, asked).languages), official))
    imp = corpus.character("botc", "imp")
    assert imp is not None
    return next(s for s in sections_for(corpus, imp, "ja") if s.key == "ability")


IMP_CARD = "Each night*, you knock one invented pot off the stove."  # the fixtures' roles.json
IMP_ALMANAC = "A made-up ability for a small test of the Imp."  # SMALL_ALMANAC's


def test_a_missing_text_comes_from_the_english_card_before_an_almanac(tmp_path):
    root = site_project(tmp_path)
    official_folder(root)
    ability = _imp_ability(root, "ko,en,ja")  # no Japanese card of the Imp's
    assert (ability.origin, ability.text_lang, ability.lines, ability.notes) == (
        "official", "en", (IMP_CARD,), ("official", "untranslated"))


def test_languages_yaml_may_put_an_almanac_before_the_card(tmp_path):
    root = site_project(tmp_path)
    official_folder(root)
    with (root / "content" / "languages.yaml").open("a", encoding="utf-8") as languages:
        languages.write("ja:\n  fallback: [en, card]\n")
    ability = _imp_ability(root, "ko,en,ja")
    assert (ability.origin, ability.text_lang, ability.lines, ability.almanac) == (
        "entry", "en", (IMP_ALMANAC,), "en")


@pytest.mark.parametrize("tag", ["de", "zh-Hans", "en"])
def test_the_report_has_the_almanacs_languages_alone(project, built, tag):
    """The data's languages have no almanac to translate: no column of theirs in any report, so
    a report's size does not grow with the languages built; the page's own language has its row
    of what it has and lacks."""
    report = html_of(project, tag, "report/")
    assert sorted(set(re.findall(r'<tr data-lang="([^"]+)"', report))) == sorted({"en", "ko", tag})
    matrix = html_of(project, tag, "report/coverage-townsfolk/")
    assert sorted(set(re.findall(r'<span class="almanac-status [^"]+" data-lang="([^"]+)"',
                                 matrix))) == ["en", "ko"]


def test_the_theme_is_kept_once_on_disk(project, built):
    bundles = [next((project / "site" / tag / "assets" / "javascripts").glob("bundle.*.min.js"))
               for tag in SITES]
    assert len({bundle.stat().st_ino for bundle in bundles}) == 1
    assert bundles[0].stat().st_nlink == len(SITES)
    # A file of one language's own stays its own.
    indexes = [project / "site" / tag / "search" / "search_index.json" for tag in SITES]
    assert len({index.stat().st_ino for index in indexes}) == len(SITES)


@pytest.mark.parametrize("locale, lands", [("zh-CN", "zh-Hans"), ("de-AT", "de"), ("ja", "ja"),
                                           ("fr-FR", "en")])
def test_the_root_sends_a_reader_to_their_languages_site(project, built, browser, locale, lands):
    from generator.output.browser import serve
    with serve(project / "site") as base:
        context = browser.new_context(locale=locale)
        try:
            page = context.new_page()
            page.goto(base, wait_until="networkidle")
            assert page.url == f"{base}{lands}/"
        finally:
            context.close()


def test_all_without_the_data_is_the_yaml_languages_and_says_so(tmp_path):
    root = site_project(tmp_path)
    result = almanac("build", "--languages", "all", root=root)
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in (root / "site").iterdir() if p.is_dir()) == ["en", "ko"]
    assert "--languages all without the official data: the languages of content/languages.yaml " \
           "alone (the official data gives the others: `almanac official fetch`, or --official " \
           "DIR)" in result.stderr.splitlines()


def test_the_root_404_speaks_the_catalogs_languages_and_links_every_site(project, built):
    html = (project / "site" / "404.html").read_text(encoding="utf-8")
    assert re.findall(r'<section lang="([^"]+)"', html) == ["ko", "en"]
    assert re.findall(r'<a href="([^"]+)" hreflang="[^"]+" lang="[^"]+">([^<]+)</a>', html) == [
        (f"{tag}/", name) for tag, name in zip(SITES[2:], NAMES[2:], strict=True)]


def test_an_offline_page_logs_no_error(tmp_path, browser):
    """Opened from its files, a page's sitemap.xml requests were two console errors."""
    root = site_project(tmp_path)
    official_folder(root)
    result = almanac("build", "--offline", "--official", "official", "--languages", "en,de,ja",
                     root=root)
    assert result.returncode == 0, result.stderr
    asked, errors = [], []
    page = browser.new_page()
    page.on("request", lambda request: asked.append(request.url))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    try:
        page.goto((root / "site" / "de" / "characters" / "chef.html").as_uri(), wait_until="load")
        page.wait_for_timeout(1000)  # Material's script fetched them after the page loaded
    finally:
        page.close()
    assert ([url for url in asked if "sitemap" in url], errors) == ([], [])


@pytest.mark.parametrize("command, options, made", [
    ("build", ("--languages", "he"), "a site"),
    ("print", (str(ROOT / "tests" / "fixtures" / "trouble-brewing.json"), "-o", "sheets",
               "--lang", "he"), "sheets")])
def test_a_language_with_too_little_data_is_refused_in_the_words_of_the_command(
        project, command, options, made):
    refused = almanac(command, *options, "--official", "official", root=project)
    assert refused.returncode == 2
    assert refused.stderr.splitlines()[-1] == \
        f"error: none of the languages asked for has enough for {made}: official/game.he.json: " \
        "he: 0 of 5 characters named or described, 0 abilities, 2 reminders, 1 jinxes, " \
        "0 editions; too little to publish in it (it needs 1 characters named or described): " \
        "left out"
    assert not (project / "sheets").exists()
