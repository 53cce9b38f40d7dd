"""A translator's glossary of one language, for PO editors and Weblate: every BotC character
name, team word and reminder-token label in Korean, English and the target language (the
official data's word where it has one, else the project glossary's own), as TBX or CSV."""
from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from generator.model import Corpus

SOURCES = ("en", "ko")  # the languages a store's msgids are in: the pivot and the original


@dataclass(frozen=True)
class Concept:
    """One thing named alike in every language: a character, a team or a token."""

    ident: str  # unique within the glossary: kind and id (character:imp, token:imp:2)
    kind: str  # character | team | reminder token
    words: tuple[tuple[str, str], ...]  # (language, word), the sources' first, then the target


def concepts(corpus: Corpus, lang: str) -> list[Concept]:
    """The terms a translator into lang meets, each with the target's own word (never one it
    borrows along the fallbacks: an empty target is a term still to be found)."""
    glossary, found = corpus.glossary, []
    codes = tuple(dict.fromkeys((*SOURCES, lang)))

    def words(given: dict[str, str], borrowed: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
        return tuple((code, given.get(code, "") if code not in borrowed else "")
                     for code in codes)

    # A team by the word a language heads one character with (Demon), as the hints name it.
    headings = {code: {ident: word for word, ident in
                       reversed(corpus.languages[code].teams.items())} for code in codes}
    for team in glossary.teams:
        if team.game == "botc":
            singular = {code: headings[code].get(team.id) or team.singular(code)
                        for code in codes}
            found.append(Concept(f"team:{team.id}", "team", words(singular, team.borrowed)))
    for term in glossary.game_terms("botc"):
        found.append(Concept(f"character:{term.id}", "character",
                             words(dict(term.names), term.borrowed)))
        for number, token in enumerate(term.reminders, 1):
            found.append(Concept(f"token:{term.id}:{number}", "reminder token",
                                 words(dict(token.labels), token.borrowed)))
    # A token several characters share (Know) is one term.
    unique: dict[tuple[tuple[str, str], ...], Concept] = {}
    for concept in found:
        unique.setdefault(concept.words, concept)
    return list(unique.values())


def tbx(corpus: Corpus, lang: str) -> str:
    """The glossary as TBX (TermBase eXchange, as translate-toolkit and Weblate read it): a
    termEntry per concept, a langSet per language that has a word for it."""
    out = ['<?xml version="1.0" encoding="utf-8"?>',
           '<!DOCTYPE martif PUBLIC "ISO 12200:1999A//DTD MARTIF core (DXFcdV04)//EN" '
           '"TBXcdv04.dtd">',
           f'<martif type="TBX" xml:lang="{SOURCES[0]}">',
           '<martifHeader><fileDesc><sourceDesc><p>almanac export-glossary</p></sourceDesc>'
           '</fileDesc></martifHeader>', "<text><body>"]
    for concept in concepts(corpus, lang):
        out.append(f"<termEntry id={quoteattr(concept.ident)}>")
        out.append(f"<descrip type=\"subjectField\">{escape(concept.kind)}</descrip>")
        for code, word in concept.words:
            if word:
                out.append(f"<langSet xml:lang={quoteattr(code)}><tig><term>{escape(word)}"
                           "</term></tig></langSet>")
        out.append("</termEntry>")
    out += ["</body></text>", "</martif>", ""]
    return "\n".join(out)


def csv_text(corpus: Corpus, lang: str) -> str:
    """The glossary as CSV (Weblate's glossary columns): source (English), target, context (the
    kind of term), explanation (the Korean word)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(("source", "target", "context", "explanation"))
    for concept in concepts(corpus, lang):
        word = dict(concept.words)
        if word[SOURCES[0]]:
            writer.writerow((word[SOURCES[0]], word[lang], concept.kind,
                             f"{SOURCES[1]}: {word[SOURCES[1]]}" if word[SOURCES[1]] else ""))
    return buffer.getvalue()
