"""A site in every language the official tools speak, the frame as well as the cards: the
interface from the language's catalog (no English interface string on its pages), a language
with a catalog but no cards published with the English cards marked, a regional variant built on
its parent (de-CH on de), Hebrew right to left."""
from __future__ import annotations

import re
import shutil
from html import unescape
from pathlib import Path

import pytest

from generator.facts.catalogs import translations
from tests.conftest import ROOT
from tests.projects import almanac, site_project

FIXTURES = ROOT / "tests" / "fixtures"
LANGS = ("de", "ja", "zh-Hans", "ru", "he", "pt-BR", "de-CH")
# The interface strings of a character page and the menu, each a whole phrase in English.
UI = ("Ability", "Flavor", "Also called", "Reminder tokens", "Night order", "Home",
      "Rules terms", "Translator's report", "Not translated yet", "Official card text")


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("frame")
    project = site_project(root / "project")
    official = shutil.copytree(FIXTURES / "official", root / "official")
    for folder in ("official-languages", "official-rtl", "official-regional"):
        for path in (FIXTURES / folder).iterdir():
            shutil.copy(path, official / path.name)
    result = almanac("build", "--official", str(official), "--languages",
                     ",".join(("ko", "en", *LANGS)), root=project)
    assert result.returncode == 0, result.stderr
    return project / "site"


def text(site: Path, lang: str, path: str) -> str:
    """What a reader sees of a page: its visible text, tags and scripts left out."""
    html = (site / lang / path / "index.html").read_text(encoding="utf-8")
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return unescape(re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize("lang", LANGS)
def test_no_english_interface_string_on_a_character_page(site, lang):
    shown = text(site, lang, "characters/poisoner")
    english = [phrase for phrase in UI if re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", shown)]
    assert english == []
    # The catalog's own words stand in their place.
    assert translations(lang).gettext("Ability") in shown


def test_a_language_with_a_catalog_but_no_cards_shows_the_english_cards_marked(site):
    html = (site / "pt-BR" / "characters" / "poisoner" / "index.html").read_text(encoding="utf-8")
    assert '<html dir="ltr" lang="pt-BR"' in html
    assert '<h1 id="poisoner" lang="en">Poisoner</h1>' in html
    assert translations("pt-BR").gettext("Ability") in unescape(html)


def test_a_regional_variant_takes_its_own_names_and_its_parents_elsewhere(site):
    assert "<h1>Spitzel</h1>" in (site / "de-CH" / "characters" / "spy" / "index.html").read_text(
        encoding="utf-8")
    assert "<h1>Giftmischer</h1>" in (site / "de-CH" / "characters" / "poisoner" /
                                      "index.html").read_text(encoding="utf-8")


def test_hebrew_pages_are_right_to_left(site):
    html = (site / "he" / "characters" / "chef" / "index.html").read_text(encoding="utf-8")
    assert '<html dir="rtl" lang="he"' in html
    assert "<h1>טבח</h1>" in html
