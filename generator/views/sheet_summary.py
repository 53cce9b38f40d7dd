"""What a run of sheet commands could not print, in one line, and how to get it: the last
thing `nightsheet`, `scriptsheet` and `print` say, so that a good sheet and a bad one never
look alike. In the run's language, as every line of the run."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from gettext import NullTranslations

from generator.facts.catalogs import translations
from generator.views.nightsheet import NightSheet
from generator.views.scriptsheet import ScriptSheet


@dataclass(frozen=True)
class Summary:
    line: str
    complete: bool  # nothing missing, nothing read past, every sheet on one page


def _counted(n: int, text: str) -> list[str]:
    """The counted phrase (text: its form for n, from ngettext), where there is anything."""
    return [text % {"count": n}] if n else []


def _lacking(sheets: Sequence[ScriptSheet | NightSheet], tr: NullTranslations
             ) -> tuple[list[str], bool, bool]:
    """What the sheets of one language lack; whether official data could fill some, whether
    some characters are unknown."""
    scripts = [s for s in sheets if isinstance(s, ScriptSheet)]
    nights = [s for s in sheets if isinstance(s, NightSheet)]
    abilities = sum(s.lacking for s in scripts)
    instructions = sum(s.lacking for s in nights)
    jinxes = sum(s.jinxes_lacking for s in scripts)
    foreign = sum(s.foreign for s in sheets)
    unknown = max([len(s.unknown) for s in scripts] + [len(s.not_placed) for s in nights] + [0])
    phrases = (_counted(abilities, tr.ngettext("%(count)d character without an ability",
                                               "%(count)d characters without an ability",
                                               abilities))
               + _counted(instructions, tr.ngettext("%(count)d row without an instruction",
                                                    "%(count)d rows without an instruction",
                                                    instructions))
               + _counted(jinxes, tr.ngettext("%(count)d jinx without its text",
                                              "%(count)d jinxes without their text", jinxes))
               + _counted(foreign, tr.ngettext("%(count)d text in another language",
                                               "%(count)d texts in another language", foreign))
               + _counted(unknown, tr.ngettext("%(count)d character the tool does not know",
                                               "%(count)d characters the tool does not know",
                                               unknown)))
    return phrases, bool(abilities or instructions or jinxes), bool(unknown)


def summarise(script: str, sheets: Sequence[tuple[str, ScriptSheet | NightSheet]],
              official: bool, warnings: int, pages: Sequence[tuple[str, int, bool]] = (),
              lang: str = "en") -> Summary:
    """One line for the sheets made of `script`: (language, sheet) pairs; `official`: whether
    the official data were given; `warnings`: how many the script's reading printed; `pages`:
    each printed file, its page count and whether it printed as built; `lang`: the run's
    language."""
    tr = translations(lang)
    langs = list(dict.fromkeys(code for code, _ in sheets))
    said, fillable, unknown = [], False, False
    for code in langs:
        phrases, can_fill, strangers = _lacking([s for c, s in sheets if c == code], tr)
        fillable, unknown = fillable or can_fill, unknown or strangers
        if phrases:
            said.append(f"{code}: {', '.join(phrases)}" if len(langs) > 1 else ", ".join(phrases))
    if any(isinstance(s, NightSheet) and s.placed_apart for _, s in sheets):
        said.append(tr.gettext("homebrew night numbers on a scale of their own, placed after "
                               "the information rows"))
    long = [tr.gettext("%(file)s runs to %(count)d pages") % {"file": name, "count": count}
            for name, count, _ in pages if count > 1]
    said += long
    # A sheet whose page was not the one built (data became markup) is never complete.
    said += [tr.gettext("%(file)s did not print as built") % {"file": name}
             for name, _, as_built in pages if not as_built]
    said += _counted(warnings, tr.ngettext("%(count)d warning about the script above",
                                           "%(count)d warnings about the script above",
                                           warnings))
    remedies = []
    if fillable:
        remedies.append(tr.gettext("fetch the official data files once with `almanac official "
                                   "fetch` (see the README)") if not official else
                        tr.gettext("neither the almanac nor the official data have those texts "
                                   "in the sheet's language yet"))
    if unknown:
        remedies.append(tr.gettext("check the unknown ids above"))
    if long:
        remedies.append(tr.gettext("a shorter script, or print it on more pages"))
    if not said:
        return Summary(f"{script}: " + tr.gettext("complete: every character and every row has "
                                                  "its text"), True)
    return Summary(f"{script}: {'; '.join(said)}" + (f"; {'; '.join(remedies)}" if remedies
                                                     else ""), False)


def mostly_foreign(script: str, sheets: Sequence[tuple[str, ScriptSheet | NightSheet]],
                   lang: str = "en") -> str:
    """One line naming the languages (of several) whose sheets are mostly in another language,
    each with how many of its texts are; empty where none is. In the run's language."""
    langs = list(dict.fromkeys(code for code, _ in sheets))
    found = []
    for code in langs:
        own = [s for c, s in sheets if c == code]
        foreign, texts = sum(s.foreign for s in own), sum(s.texts for s in own)
        if len(langs) > 1 and texts and foreign * 2 > texts:
            found.append(f"{code} {foreign}/{texts}")
    if not found:
        return ""
    tr = translations(lang)
    return f"{script}: " + tr.ngettext(
        "%(count)d language of %(of)d has sheets mostly in another language (texts in "
        "another language/texts): %(languages)s",
        "%(count)d languages of %(of)d have sheets mostly in another language (texts in "
        "another language/texts): %(languages)s", len(found)) % {
        "count": len(found), "of": len(langs), "languages": ", ".join(found)}
