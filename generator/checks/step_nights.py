"""The editors' nights of steps (content/night-steps.yaml): each shown where it overrides the
step's words, and named where it matches no step or changes nothing."""
from __future__ import annotations

from generator.checks import check
from generator.codes import NIGHT_STEP_SET, NIGHT_STEP_UNMATCHED, NIGHT_STEP_UNNEEDED
from generator.model import Corpus
from generator.parse.night_steps import step_classes

DATA_FILE = "content/night-steps.yaml"


def _set_steps(corpus: Corpus):
    """Every step an entry of the file matches: (character, entry, step, the fix, the words'
    night)."""
    for character in corpus.characters:
        for lang, found in character.places.items():
            fixes = corpus.night_order.step_fixes(character.id, lang)
            words = corpus.languages[lang].night
            for entry in found if fixes else ():
                by_words = step_classes(entry.how_to_run, words)
                for step, read in zip(entry.how_to_run, by_words, strict=True):
                    fix = next((f for f in fixes if f.matches(step.text)), None)
                    if fix:
                        yield character, entry, step, fix, read


@check(NIGHT_STEP_SET)
def night_step_set(corpus: Corpus):
    for character, entry, step, fix, read in _set_steps(corpus):
        if fix.night != read:
            yield NIGHT_STEP_SET.at(entry.file, step.line, step.text,
                                    name=character.named(entry.lang, entry.name),
                                    step_night=fix.night, data_line=fix.line, words_night=read)


@check(NIGHT_STEP_UNNEEDED)
def night_step_unneeded(corpus: Corpus):
    for character, entry, step, fix, read in _set_steps(corpus):
        if fix.night == read:
            yield NIGHT_STEP_UNNEEDED.at(DATA_FILE, fix.line, step.text,
                                         name=character.named(entry.lang, entry.name),
                                         step_night=fix.night, data_line=fix.line)


@check(NIGHT_STEP_UNMATCHED)
def night_step_unmatched(corpus: Corpus):
    for fix in corpus.night_order.step_nights:
        character = corpus.character("botc", fix.character)
        steps = [step for entry in (character.places.get(fix.lang, ()) if character else ())
                 for step in entry.how_to_run]
        if not any(fix.matches(step.text) for step in steps):
            name = character.named(fix.lang) if character else fix.character
            yield NIGHT_STEP_UNMATCHED.at(DATA_FILE, fix.line, fix.step, language=fix.lang,
                                          name=name, step=fix.step)
