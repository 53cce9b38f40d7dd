"""Which part of the game each how-to-run step belongs to: set-up, the first night, each night
but the first, each night, or the day (a moment such as a death or an execution).

A step's own time words decide, from the language's words (content/languages.yaml `night:`);
a step with none continues the step before it ("If they chose the Demon, …"). Where the words
mislead, an editor's night for the step (content/night-steps.yaml) decides instead.
"""
from __future__ import annotations

import re
from functools import lru_cache

from generator.facts.languages import NightWords
from generator.facts.step_nights import NIGHTS, StepNight
from generator.model import Line

CLASSES = NIGHTS
SETUP, FIRST, OTHER, EACH, DAY = CLASSES
# Which classes a sheet of each night shows.
TONIGHT = {"first": (FIRST, EACH), "other": (OTHER, EACH)}


def _found(pattern: re.Pattern[str] | None, text: str) -> tuple[list[int], str]:
    """Where the pattern matches, and the text with those matches blanked, so that a longer
    phrase ("첫날 밤을 제외한") hides the shorter one inside it ("첫날 밤")."""
    if pattern is None:
        return [], text
    starts = [m.start() for m in pattern.finditer(text)]
    return starts, pattern.sub(lambda m: " " * len(m.group(0)), text)


def step_class(text: str, words: NightWords) -> str | None:
    """The class a step's own words give it, or None when it has no time words.

    A night's words anywhere decide, but a step opening with set-up words (preparing the nights)
    is the first night's at most; else set-up or day words opening the step, where a day word
    later on ("…, that player dies") is a consequence, not a time. A moment opening the step
    ("when … is executed") whose action is at night (a night's words, or waking someone)
    belongs to the nights after it: each night but the first."""
    opening = len(re.split(r"[,.]", text, maxsplit=1)[0])
    found: dict[str, list[int]] = {}
    # Day phrases first ("When the first night has ended"), then the longer night phrases
    # ("첫날 밤을 준비할 때", "첫날 밤을 제외한 매일 밤") before the words inside them.
    for key, pattern in ((DAY, words.day), (SETUP, words.setup), (OTHER, words.other),
                         (FIRST, words.first), (EACH, words.each)):
        found[key], text = _found(pattern, text)
    nights = sorted((start, key) for key in (FIRST, OTHER, EACH) for start in found[key])
    moment = bool(found[DAY]) and found[DAY][0] < opening
    prepared = bool(found[SETUP]) and found[SETUP][0] < opening
    if nights and prepared:  # preparing the game belongs to the first night at most
        return FIRST
    if nights:
        return OTHER if moment and nights[0][1] == EACH else nights[0][1]
    if found[SETUP] and found[SETUP][0] < opening:
        return SETUP
    if moment:
        return OTHER if words.wake and words.wake.search(text) else DAY
    return None


def step_classes(steps: tuple[Line, ...], words: NightWords,
                 fixes: tuple[StepNight, ...] = ()) -> tuple[str, ...]:
    """The class of every step: the editors' where they set one (`fixes`), else by its words;
    a step without time words continues the one before it, and a first step without any is a
    standing rule of the day."""
    classes: list[str] = []
    for step in steps:
        fixed = next((fix.night for fix in fixes if fix.matches(step.text)), None)
        classes.append(fixed or step_class(step.text, words) or
                       (classes[-1] if classes else DAY))
    return tuple(classes)


# The sheets of every script that has a character ask this of its steps again, night after
# night: the same steps, the same answer.
@lru_cache(maxsize=4096)
def steps_for_night(steps: tuple[Line, ...], night: str, words: NightWords,
                    fixes: tuple[StepNight, ...] = ()) -> tuple[str, ...]:
    """Every step of tonight, in source order; none when the almanac has none for tonight."""
    return tuple(step.text for step, kind in
                 zip(steps, step_classes(steps, words, fixes), strict=True)
                 if kind in TONIGHT[night])
