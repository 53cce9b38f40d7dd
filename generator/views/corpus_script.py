"""A script of the corpus as the sheets take scripts: the spec a script file would give."""
from __future__ import annotations

from generator.model import Script
from generator.read.script_spec import ScriptSpec


def from_corpus(script: Script) -> ScriptSpec:
    return ScriptSpec(script.id, script.title, script.author, script.characters,
                      lang=script.lang)
