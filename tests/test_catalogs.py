"""Every language's interface catalog: whole (no message left empty or fuzzy, every placeholder
kept, as msgfmt checks), in the official tools' words for the things they name (each catalog's
terminology.tsv, drawn from the official data), and saying who wrote it: the project's own
translations await a native reviewer."""
from __future__ import annotations

import gettext
import shutil
import subprocess
from io import BytesIO

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from generator.errors import AlmanacError
from generator.facts.catalogs import (
    LOCALES,
    catalog_chain,
    catalog_code,
    catalog_stats,
    translations,
)
from generator.read.po import PoFile, read_po_bytes
from tests.projects import catalogs_of

CATALOGS = sorted(path.parent.parent.name for path in LOCALES.glob("*/LC_MESSAGES/messages.po"))
# The catalogs written with the project's Korean and English texts, by their authors.
AUTHORED = ("en", "ko")


def _catalog(code: str) -> PoFile:
    path = LOCALES / code / "LC_MESSAGES" / "messages.po"
    return read_po_bytes(path.read_bytes(), str(path))


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
    empty = [m.id for m in _catalog(code).messages if m.fuzzy or not (
        all(m.plural_strings) if m.plural else m.string)]
    assert empty == []


@pytest.mark.parametrize("code", [code for code in CATALOGS if code not in AUTHORED])
def test_the_projects_own_translation_says_it_awaits_a_native_reviewer(code):
    catalog = _catalog(code)
    # A header field of its own, which Weblate and msgmerge keep (Babel's reader drops it).
    text = (LOCALES / code / "LC_MESSAGES" / "messages.po").read_text(encoding="utf-8")
    assert '"X-Review-State: awaiting a native reviewer\\n"' in text.splitlines()
    assert " ".join(catalog.header_comments[:2]).endswith(
        "translation of its interface, awaiting a native reviewer.")


@pytest.mark.parametrize("code", [code for code in CATALOGS if code not in AUTHORED])
def test_a_catalog_uses_the_official_word_for_each_thing_the_official_tools_name(code):
    terms = _terms(code)
    assert len(terms) >= 10, code
    catalog = _catalog(code)
    off = []
    for msgid, word, source in terms:
        message = next((m for m in catalog.messages if m.id == msgid), None)
        assert message is not None, (code, msgid)
        forms = message.plural_strings if message.plural else (message.string,)
        if not any(word.casefold() in form.casefold() for form in forms):
            off.append((msgid, word, source, forms))
    assert off == []


@pytest.mark.parametrize("lang, code", [("de-CH", "de_CH"), ("es-MX", "es"), ("es-419", "es"),
                                        ("pt-PT", "pt_PT"), ("nb-NO", "nb_NO"),
                                        ("en-x-pirate", "en"), ("zh-Hans", "zh_Hans")])
def test_a_regional_variant_takes_its_own_catalog_else_its_parents(lang, code):
    assert catalog_code(lang) == code
    assert catalog_chain("es-MX") == ("es_MX", "es_419", "es")


@pytest.mark.parametrize("code", CATALOGS)
def test_the_projects_reader_gives_every_catalog_the_words_babels_gave(code):
    """The site's words as they were when Babel read and compiled the catalogs: every string,
    each plural form for counts 0 to 200, each fuzzy or empty one English."""
    with (LOCALES / code / "LC_MESSAGES" / "messages.po").open("rb") as po:
        babels = read_po(po, locale=code)
    compiled = BytesIO()
    write_mo(compiled, babels, use_fuzzy=False)
    compiled.seek(0)
    before, now = gettext.GNUTranslations(compiled), translations(code.replace("_", "-"))
    messages = [m for m in babels if m.id]
    plurals = [m for m in messages if isinstance(m.id, tuple)]
    assert len(plurals) >= 30 and len(messages) > 400
    assert [now.gettext(m.id) for m in messages if m not in plurals] == \
        [before.gettext(m.id) for m in messages if m not in plurals]
    assert [now.ngettext(*m.id, n) for m in plurals for n in range(201)] == \
        [before.ngettext(*m.id, n) for m in plurals for n in range(201)]
    assert [(m.id, m.line, m.fuzzy) for m in _catalog(code).messages] == \
        [(m.id[0] if m in plurals else m.id, m.lineno, m.fuzzy) for m in messages]


PLURAL = """msgid ""
msgstr ""
"Language: cs\\n"
{forms}"Content-Type: text/plain; charset=UTF-8\\n"

#, python-format
msgid "%(count)d section"
msgid_plural "%(count)d sections"
msgstr[0] "%(count)d oddíl"
msgstr[1] ""
msgstr[2] "%(count)d oddílů"

msgid "First night"
msgstr "První noc"

#, fuzzy
msgid "Other nights"
msgstr "Další noci"

#~ msgid "Dawn"
#~ msgstr "Svítání"
"""
CZECH = '"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n>=2 && n<=4 ? 1 : 2);\\n"\n'


@pytest.mark.parametrize("forms", [CZECH, ""], ids=["Plural-Forms", "CLDR's plural forms"])
def test_a_catalog_with_plural_forms_read_by_the_projects_reader(tmp_path, forms):
    """An empty form English (the singular for the first, else the plural), as Babel compiled
    it; a fuzzy or obsolete message English; without Plural-Forms, the language's from CLDR."""
    with catalogs_of((), tmp_path):
        (tmp_path / "cs" / "LC_MESSAGES").mkdir(parents=True)
        (tmp_path / "cs" / "LC_MESSAGES" / "messages.po").write_text(
            PLURAL.format(forms=forms), encoding="utf-8")
        words = translations("cs")
        assert [words.ngettext("%(count)d section", "%(count)d sections", n) % {"count": n}
                for n in (1, 3, 5)] == ["1 oddíl", "3 sections", "5 oddílů"]
        assert [words.gettext(m) for m in ("First night", "Other nights", "Dawn")] == \
            ["První noc", "Other nights", "Dawn"]
        stats = catalog_stats("cs")
        assert (stats.total, stats.untranslated, stats.fuzzy) == (3, (), ("Other nights",))


def test_a_catalog_of_a_language_cldr_does_not_know_takes_gettexts_plural_forms(tmp_path):
    with catalogs_of((), tmp_path):
        (tmp_path / "tlh" / "LC_MESSAGES").mkdir(parents=True)
        (tmp_path / "tlh" / "LC_MESSAGES" / "messages.po").write_text(
            PLURAL.format(forms="").replace("Language: cs", "Language: tlh"), encoding="utf-8")
        words = translations("tlh")
        assert [words.ngettext("%(count)d section", "%(count)d sections", n) % {"count": n}
                for n in (1, 2, 5)] == ["1 oddíl", "2 sections", "5 sections"]


@pytest.mark.parametrize("forms, more, expected", [
    ('"Plural-Forms: nplurals=two; plural=(n != 1);\\n"\n', "",
     "messages.po:1: error: the header's Plural-Forms (nplurals=two; plural=(n != 1);) gives "
     "nplurals no whole number, as in nplurals=2; plural=(n != 1);"),
    ('"Plural-Forms: nplurals=2; plural=(n != 1) import os;\\n"\n', "",
     "messages.po:1: error: the header's Plural-Forms is not one gettext reads (invalid token "
     "in plural form: import)"),
    (CZECH, '\nmsgid "Dusk"\nmsgstr "Soumrak\\0"\n',
     "messages.po:24: error: a NUL character (\\0) in a message, which a compiled catalog "
     "cannot hold"),
], ids=["nplurals not a number", "an expression gettext refuses", "a NUL"])
def test_a_catalog_gettext_cannot_take_is_one_line(tmp_path, forms, more, expected):
    with catalogs_of((), tmp_path):
        (tmp_path / "cs" / "LC_MESSAGES").mkdir(parents=True)
        (tmp_path / "cs" / "LC_MESSAGES" / "messages.po").write_text(
            PLURAL.format(forms=forms) + more, encoding="utf-8")
        with pytest.raises(AlmanacError) as refused:
            translations("cs")
    assert str(refused.value).endswith(expected)
