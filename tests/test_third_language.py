"""A third language added the documented way, with no code: an entry in content/languages.yaml
and texts in content/<code>/ (here the English almanacs, copied). It gets records, a site whose
pages link to every language, a report column and a PO export."""
from __future__ import annotations

import json
import re
import shutil

import pytest

from generator.facts.catalogs import translations
from tests.conftest import FILES, line_of, project_copy
from tests.projects import almanac

JAPANESE = """ja:
  name: 日本語
  site_name: 年鑑
  fallback: [en]
  letters: [LATIN]
  search:
    lang: [en]
  teams: {Townsfolk: townsfolk, Outsider: outsider, Minion: minion, Demon: demon,
          Traveller: traveller, Fabled: fabled}
  how_to_run: How to Run
  examples: Examples & Notes
  not_written_yet: Not written yet.
  night:
    other: except the first
    first: first night
    each: each night
    wake: \\bwake
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    root = project_copy(tmp_path_factory.mktemp("third"), stores=False)
    with (root / "content" / "languages.yaml").open("a", encoding="utf-8") as languages:
        languages.write(JAPANESE)
    shutil.copytree(root / "content" / "en", root / "content" / "ja")
    return root


def test_records_for_the_third_language(project):
    assert almanac("parse", "--json", "records.json", root=project).returncode == 0
    document = json.loads((project / "records.json").read_text(encoding="utf-8"))
    assert [d for d in document["diagnostics"] if d["severity"] == "error"] == []
    steward = next(c for c in document["characters"] if c["id"] == "steward")
    assert sorted(steward["entries"]) == ["en", "ja"]
    assert steward["entries"]["ja"]["how_to_run"] == steward["entries"]["en"]["how_to_run"]
    # The copy's lines are the English text's.
    assert steward["entries"]["ja"]["sources"] == [
        {"file": "content/ja/004_12a4a26f551c30b4.txt",
         "line": line_of(FILES["004"], "Steward", whole=True)}]
    # The glossary has no Japanese names: they come along the fallback chain, and it is said.
    assert steward["names"] == {"ko": "시종", "en": "Steward", "ja": "Steward"}
    borrowed = [d["message"] for d in document["diagnostics"] if d["code"] == "borrowed-name"]
    assert len(borrowed) == 1 and borrowed[0].startswith(
        "Japanese: 90 characters have no name of their own in the glossary and borrow one "
        "along English → Korean: ")


@pytest.fixture(scope="module")
def built(project):
    """The project's site, built once for the tests that read it (whichever runs first)."""
    return almanac("build", root=project)


def test_a_site_for_it_linking_every_language(project, built):
    result = built
    assert result.returncode == 0, result.stderr
    # The project's Japanese catalog: every UI string translated.
    counts = dict(line.split(": ", 1) for line in result.stdout.splitlines()
                  if line.startswith("UI strings"))
    total = counts["UI strings (ko)"].split(",")[0]
    assert counts["UI strings (ja)"] == f"{total}, 0 untranslated, 0 fuzzy"
    page = (project / "site" / "ja" / "characters" / "steward" / "index.html").read_text(
        encoding="utf-8")
    for code, name in (("ko", "한국어"), ("en", "English"), ("ja", "日本語")):
        assert f'hreflang="{code}"' in page and name in page
    # The Japanese catalog's words, not the English UI strings.
    assert translations("ja").gettext("How to run") in page and "How to run" not in page
    redirect = (project / "site" / "index.html").read_text(encoding="utf-8")
    assert 'var codes = ["ko", "en", "ja"];' in redirect


def test_the_report_has_three_language_columns(project, built):
    report = project / "site" / "en" / "report"
    coverage = "".join(page.read_text(encoding="utf-8")
                       for page in sorted(report.glob("coverage-*/index.html")))
    # Each cell states every language; progress has a row for each.
    steward = re.search(r'<tr data-id="steward".*?</tr>', coverage, re.S).group(0)
    ability = re.findall(r'data-lang="(\w+)" title="\w+ · Ability: ', steward)
    assert ability == ["ko", "en", "ja"]
    rows = coverage.count("<tr data-id=")
    assert rows == 79
    for lang in ("ko", "en", "ja"):
        assert len(re.findall(rf'almanac-status-\w+" data-lang="{lang}"', coverage)) == rows * 5
    summary = (report / "index.html").read_text(encoding="utf-8")
    assert '<tr data-lang="ja"><th lang="ja">Japanese</th>' in summary


def test_a_po_export_for_it(project):
    result = almanac("export-po", "--lang", "ja", "-o", "ja.po", root=project)
    assert result.returncode == 0, result.stderr
    po = (project / "ja.po").read_text(encoding="utf-8")
    assert '"Language: ja\\n"' in po
    # Korean-only characters lack every section in Japanese; the msgid is the Korean text.
    assert 'msgctxt "noble/ability"' in po


GERMAN = """de:
  name: Deutsch
  site_name: Almanach
  fallback: [en]
  letters: [LATIN]
  quotes: "„“"
  teams: {Dorfbewohner: townsfolk, Dämon: demon}
  how_to_run: Ablauf
  examples: Beispiele
  not_written_yet: Noch nicht geschrieben.
  night:
    first: in der ersten Nacht
    each: jede Nacht
    other: außer der ersten
"""
# The glossary has no German names: the English ones are what German entries are known by.
GERMAN_ALMANAC = """Dorfbewohner
Chef
Du erfährst zu Beginn, wie viele Paare böser Spieler es gibt.
Ein ausgedachter Satz zum Testen.
„Du erfährst zu Beginn, wie viele Paare böser Spieler es gibt.“ Der Koch zählt Paare.
Ablauf
- In der ersten Nacht weckst du den Koch. Zeig ihm Finger.
Dämon
Imp
Noch nicht geschrieben.
"""


def test_a_language_with_its_own_words_and_quote_marks(tmp_path):
    from tests.projects import site_project
    project = site_project(tmp_path, {"de/004_de.txt": GERMAN_ALMANAC.encode()})
    with (project / "content" / "languages.yaml").open("a", encoding="utf-8") as languages:
        languages.write(GERMAN)
    assert almanac("parse", "--json", "records.json", root=project).returncode == 0
    document = json.loads((project / "records.json").read_text(encoding="utf-8"))
    assert [d for d in document["diagnostics"] if d["severity"] == "error"] == []
    chef = next(c for c in document["characters"] if c["id"] == "chef")["entries"]["de"]
    assert chef["summary"].startswith("„Du erfährst zu Beginn")
    assert chef["how_to_run"] == ["In der ersten Nacht weckst du den Koch. Zeig ihm Finger."]
    imp = next(c for c in document["characters"] if c["id"] == "imp")["entries"]["de"]
    assert imp["status"]["ability"] == "placeholder"
