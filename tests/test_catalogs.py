"""Every language's interface catalog: whole (no message left empty or fuzzy, every placeholder
kept, as msgfmt checks), in the official tools' words for the things they name (each catalog's
terminology.tsv, drawn from the official data), and saying who wrote it: the project's own
translations await a native reviewer."""
from __future__ import annotations

import shutil
import subprocess

import pytest
from babel.messages.pofile import read_po

from generator.facts.catalogs import LOCALES, catalog_chain, catalog_code

CATALOGS = sorted(path.parent.parent.name for path in LOCALES.glob("*/LC_MESSAGES/messages.po"))
# The catalogs written with the project's Korean and English texts, by their authors.
AUTHORED = ("en", "ko")


def _catalog(code: str):
    with (LOCALES / code / "LC_MESSAGES" / "messages.po").open("rb") as po:
        return read_po(po)


def _terms(code: str) -> list[tuple[str, str, str]]:
    path = LOCALES / code / "terminology.tsv"
    rows = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()
            if line and not line.startswith("#")] if path.is_file() else []
    assert all(len(row) == 3 for row in rows), (code, [row for row in rows if len(row) != 3])
    return [(row[0], row[1], row[2]) for row in rows]


def test_there_is_a_catalog_for_every_language_the_official_tools_speak_to_players():
    assert {"de", "fr", "es", "ja", "zh_Hans", "th", "ru", "pl", "pt_BR", "he"} <= set(CATALOGS)


@pytest.mark.parametrize("code", CATALOGS)
def test_a_catalog_passes_msgfmt_and_leaves_nothing_untranslated(code):
    path = LOCALES / code / "LC_MESSAGES" / "messages.po"
    checked = subprocess.run([shutil.which("msgfmt") or "msgfmt", "-c", "-o", "/dev/null",
                              str(path)], capture_output=True, text=True)
    assert (checked.returncode, checked.stderr) == (0, "")
    empty = [m.id for m in _catalog(code) if m.id and (m.fuzzy or not (
        all(m.string) if isinstance(m.string, tuple) else m.string))]
    assert empty == []


@pytest.mark.parametrize("code", [code for code in CATALOGS if code not in AUTHORED])
def test_the_projects_own_translation_says_it_awaits_a_native_reviewer(code):
    catalog = _catalog(code)
    # A header field of its own, which Weblate and msgmerge keep (Babel's reader drops it).
    text = (LOCALES / code / "LC_MESSAGES" / "messages.po").read_text(encoding="utf-8")
    assert '"X-Review-State: awaiting a native reviewer\\n"' in text.splitlines()
    assert " ".join(line.removeprefix("# ") for line in
                    catalog.header_comment.splitlines()[:2]).endswith(
        "translation of its interface, awaiting a native reviewer.")


@pytest.mark.parametrize("code", [code for code in CATALOGS if code not in AUTHORED])
def test_a_catalog_uses_the_official_word_for_each_thing_the_official_tools_name(code):
    terms = _terms(code)
    assert len(terms) >= 10, code
    catalog = _catalog(code)
    off = []
    for msgid, word, source in terms:
        message = next((m for m in catalog if m.id and
                        (m.id == msgid or isinstance(m.id, tuple) and m.id[0] == msgid)), None)
        assert message is not None, (code, msgid)
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        if not any(word.casefold() in form.casefold() for form in forms):
            off.append((msgid, word, source, forms))
    assert off == []


@pytest.mark.parametrize("lang, code", [("de-CH", "de_CH"), ("es-MX", "es"), ("es-419", "es"),
                                        ("pt-PT", "pt_PT"), ("nb-NO", "nb_NO"),
                                        ("en-x-pirate", "en"), ("zh-Hans", "zh_Hans")])
def test_a_regional_variant_takes_its_own_catalog_else_its_parents(lang, code):
    assert catalog_code(lang) == code
    assert catalog_chain("es-MX") == ("es_MX", "es_419", "es")
