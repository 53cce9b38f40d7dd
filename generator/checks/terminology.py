"""Names against the glossary: official Korean names, other names in a body, English in Korean."""
from __future__ import annotations

import re

from generator.facts.glossary import squash
from generator.resolve import Corpus
from generator.checks import check
from generator.checks.fields import entries, field_lines

# The subject of the sentence after the quoted ability: `"…" 도박꾼은 …`.
_QUOTE_END = re.compile(r'^["“][^"”]+["”]')
_SUBJECT = re.compile(r'^["“][^"”]+["”]\s*(?P<subject>\S.*?)(?:은|는|이|가)\s')


@check("heading-name", "warning", "A Korean heading name that is not the official Korean name.")
def heading_name(corpus: Corpus):
    for character, entry in entries(corpus, "ko"):
        official = character.names.get("ko")
        if character.official and official and entry.name != official:
            yield (f"heading '{entry.name}'; the official Korean name is '{official}'",
                   entry.file, entry.line, entry.raw_name)


@check("body-name", "warning",
       "A body that names its character differently from its heading, or with other spacing.")
def body_name(corpus: Corpus):
    for character, entry in entries(corpus):
        term = corpus.glossary.by_id(character.game, character.id)
        others = {n for n in (term.aliases.get(entry.lang, ()) if term else ())} | \
            {character.names.get(entry.lang, "")}
        others = {n for n in others if n and n != entry.name}
        subject = _SUBJECT.match(entry.summary.text) if entry.summary else None
        after_quote = _QUOTE_END.split(entry.summary.text, 1)[-1].lstrip() if entry.summary else ""
        if subject and not after_quote.startswith(entry.name) and subject.group("subject") != entry.name and entry.lang == "ko":
            said = subject.group("subject")
            kind = "with other spacing" if squash(said) == squash(entry.name) else "differently"
            yield (f"summary calls '{entry.name}' {kind}: '{said}'", entry.file,
                   entry.summary.line, entry.summary.text)
        for section, line in field_lines(entry, ("how_to_run", "examples")):
            used = sorted(n for n in others if n in line.text and entry.name not in n)
            if used:
                yield (f"{section} calls '{entry.name}' '{used[0]}'", entry.file, line.line,
                       line.text)


@check("english-name-in-korean", "warning",
       "An English character name left inside Korean text (fields and script notes).")
def english_name_in_korean(corpus: Corpus):
    names = sorted({t.names["en"] for t in corpus.glossary.terms if t.game == "botc"},
                   key=len, reverse=True)
    # Not \b: Hangul counts as a word character, and "Fiddler가" must still match.
    pattern = re.compile(r"(?<![A-Za-z])(" + "|".join(re.escape(n) for n in names) + r")(?![A-Za-z])")
    lines = [(e.file, line) for _, e in entries(corpus, "ko") for _, line in field_lines(e)]
    lines += [(s.file, note) for s in corpus.scripts if s.lang == "ko" for note in s.notes]
    for file, line in lines:
        for match in pattern.finditer(line.text):
            term = corpus.glossary.lookup("botc", "en", match.group(1))
            korean = term.names["ko"] if term else "?"
            yield (f"English name '{match.group(1)}' in Korean text; expected '{korean}'",
                   file, line.line, line.text)
