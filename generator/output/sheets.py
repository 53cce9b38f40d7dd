"""The sheets of a script as standalone HTML, ready to save or print: the script sheet and the
night sheets, in any of the project's languages."""
from __future__ import annotations

from pathlib import Path

from generator.facts.catalogs import translations
from generator.facts.official import OfficialTexts
from generator.output.printing import standalone_html
from generator.read.script_spec import ScriptSpec
from generator.resolve import Corpus
from generator.views import labels
from generator.views.nightsheet import build_sheet
from generator.views.scriptsheet import build_script_sheet

# What `print` writes for each language: the script sheet, then the two nights.
KINDS = ("script", "first", "other")


def sheet_html(corpus: Corpus, templates: Path, script: ScriptSpec, lang: str, kind: str,
               official: OfficialTexts | None) -> str:
    """One sheet: kind is script, first or other."""
    if kind == "script":
        sheet = build_script_sheet(corpus, script, lang, official)
        return standalone_html(templates, lang, corpus, "scriptsheet/_sheet.html.j2",
                               sheet.title, sheet=sheet)
    night = build_sheet(corpus, script, lang, kind, official)
    name = translations(lang).gettext(labels.NIGHTS[kind])
    return standalone_html(templates, lang, corpus, "nightsheet/_sheet.html.j2",
                           f"{night.title} · {name}", sheet=night)
