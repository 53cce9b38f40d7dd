"""The sheets of a script as standalone HTML, ready to save or print: the script sheet and the
night sheets, in any of the project's languages."""
from __future__ import annotations

from pathlib import Path

from generator.facts.catalogs import translations
from generator.facts.interface_words import official_words
from generator.model import Corpus
from generator.output.standalone import standalone_html
from generator.read.script_spec import ScriptSpec
from generator.views import labels
from generator.views.nightsheet import NightSheet, build_sheet
from generator.views.scriptsheet import ScriptSheet, build_script_sheet

# What `print` writes for each language: the script sheet, then the two nights.
KINDS = ("script", "first", "other")


def make_sheet(corpus: Corpus, script: ScriptSpec, lang: str, kind: str,
               detail: str) -> ScriptSheet | NightSheet:
    """One sheet: kind is script, first or other; `detail` (short or full) of night rows."""
    if kind == "script":
        return build_script_sheet(corpus, script, lang)
    return build_sheet(corpus, script, lang, kind, detail)


def sheet_html(corpus: Corpus, templates: Path, sheet: ScriptSheet | NightSheet) -> str:
    """The official data's interface words head the sheets of a language without a catalog."""
    words = official_words(corpus.official, sheet.lang)
    if isinstance(sheet, ScriptSheet):
        return standalone_html(templates, sheet.lang, corpus, "scriptsheet/_sheet.html.j2",
                               sheet.title, words, sheet=sheet)
    name = translations(sheet.lang, words).gettext(labels.NIGHTS[sheet.night])
    return standalone_html(templates, sheet.lang, corpus, "nightsheet/_sheet.html.j2",
                           f"{sheet.title} · {name}", words, sheet=sheet)
