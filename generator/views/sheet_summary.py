"""What a run of sheet commands could not print, in one line, and how to get it: the last
thing `nightsheet`, `scriptsheet` and `print` say, so that a good sheet and a bad one never
look alike."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from generator.views.nightsheet import NightSheet
from generator.views.scriptsheet import ScriptSheet


@dataclass(frozen=True)
class Summary:
    line: str
    complete: bool  # nothing missing, nothing read past, every sheet on one page


def _counted(n: int, one: str, more: str) -> list[str]:
    return [f"{n} {one if n == 1 else more}"] if n else []


def _lacking(sheets: Sequence[ScriptSheet | NightSheet]) -> tuple[list[str], bool, bool]:
    """What the sheets of one language lack; whether official data could fill some, whether
    some characters are unknown."""
    scripts = [s for s in sheets if isinstance(s, ScriptSheet)]
    nights = [s for s in sheets if isinstance(s, NightSheet)]
    abilities = sum(s.lacking for s in scripts)
    instructions = sum(s.lacking for s in nights)
    jinxes = sum(s.jinxes_lacking for s in scripts)
    foreign = sum(s.foreign for s in sheets)
    unknown = max([len(s.unknown) for s in scripts] + [len(s.not_placed) for s in nights] + [0])
    phrases = (_counted(abilities, "character without an ability",
                        "characters without an ability")
               + _counted(instructions, "row without an instruction",
                          "rows without an instruction")
               + _counted(jinxes, "jinx without its text", "jinxes without their text")
               + _counted(foreign, "text in another language", "texts in another language")
               + _counted(unknown, "character the tool does not know",
                          "characters the tool does not know"))
    return phrases, bool(abilities or instructions or jinxes), bool(unknown)


def summarise(script: str, sheets: Sequence[tuple[str, ScriptSheet | NightSheet]],
              official: bool, warnings: int, pages: Sequence[tuple[str, int]] = ()) -> Summary:
    """One line for the sheets made of `script`: (language, sheet) pairs; `official`: whether
    the official data were given; `warnings`: how many the script's reading printed; `pages`:
    each printed file and its page count."""
    langs = list(dict.fromkeys(lang for lang, _ in sheets))
    said, fillable, unknown = [], False, False
    for lang in langs:
        phrases, can_fill, strangers = _lacking([s for code, s in sheets if code == lang])
        fillable, unknown = fillable or can_fill, unknown or strangers
        if phrases:
            said.append(f"{lang}: {', '.join(phrases)}" if len(langs) > 1 else ", ".join(phrases))
    if any(isinstance(s, NightSheet) and s.placed_apart for _, s in sheets):
        said.append("homebrew night numbers on a scale of their own, placed after the "
                    "information rows")
    long = [f"{name} runs to {count} pages" for name, count in pages if count > 1]
    said += long
    said += _counted(warnings, "warning about the script above", "warnings about the script above")
    remedies = []
    if fillable:
        remedies.append("pass --official DIR with the official data files (see the README)"
                        if not official else "neither the almanac nor the official data "
                        "have those texts in the sheet's language yet")
    if unknown:
        remedies.append("check the unknown ids above")
    if long:
        remedies.append("a shorter script, or print it on more pages")
    if not said:
        return Summary(f"{script}: complete: every character and every row has its text", True)
    return Summary(f"{script}: {'; '.join(said)}" + (f"; {'; '.join(remedies)}" if remedies
                                                     else ""), False)
