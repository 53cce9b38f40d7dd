"""One Night's translatable texts: what of the rulebook the pages and the narration show, each
under a msgctxt of its own (`onuw/title`, `onuw/<role>/description`, `onuw/<role>/team`,
`onuw/<role>/doppelganger`, `onuw/<role>/narration/<n>`, `onuw/<role>/became/<n>`,
`onuw/script/<n>`, `onuw/artifact/<artifact>`, `onuw/set/<n>`). Spoken texts are translated a
sentence at a time: the narration puts a role's turn together from sentences of several
speeches."""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from generator.model import Line, Rulebook, Utterance

# Where a speech's sentences end: after a stop, before the next one.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
TITLE = "onuw/title"


@dataclass(frozen=True)
class Sentence:
    """One sentence of the rulebook's speech, under the msgctxt its translation has."""

    context: str
    text: str
    line: int


@dataclass(frozen=True)
class BookText:
    """A One Night text in the rulebook's language, for a translator."""

    context: str
    text: str
    line: int
    comment: str
    page: str  # the site's page that shows it, under the language's folder
    role: str | None = None  # the role's id, for a role's own text


def _line_at(speech: Utterance, text: str, start: int) -> tuple[int, int]:
    """The line of the speech a sentence found from `start` on in its lines (joined by spaces,
    as its text) begins on, and where the sentence ends."""
    joined = " ".join(line.text for line in speech.lines)
    at = joined.find(text, start)
    if at < 0:
        return speech.line, start
    ends = 0
    for line in speech.lines:
        ends += len(line.text) + 1
        if at < ends:
            return line.line, at + len(text)
    return speech.line, at + len(text)


def sentences(speeches: tuple[Utterance, ...], context: str) -> tuple[tuple[Sentence, ...], ...]:
    """Each speech's sentences, numbered from 1 across the speeches: `context/<n>`, each at the
    line it begins on."""
    split: list[tuple[Sentence, ...]] = []
    number = 0
    for speech in speeches:
        found = []
        start = 0
        for text in _SENTENCE_END.split(speech.text):
            if text:
                number += 1
                line, start = _line_at(speech, text, start)
                found.append(Sentence(f"{context}/{number}", text, line))
        split.append(tuple(found))
    return tuple(split)


def script_sentences(book: Rulebook) -> tuple[Sentence, ...]:
    """The beginner's script, sentence by sentence (a role's turn runs across its speeches)."""
    return tuple(s for speech in sentences(book.beginner_narration, "onuw/script") for s in speech)


def _joined(lines: tuple[Line, ...]) -> str:
    return "\n".join(line.text for line in lines)


def book_texts(book: Rulebook, names: dict[str, str]) -> Iterator[BookText]:
    """Every translatable text of the rulebook, in its order; names: role id → its name in
    the rulebook's language, for the translator's comments."""
    roles = "onuw/roles/{}/"
    if book.title:
        at = next((line.line for chapter in book.chapters for line in chapter.text
                   if book.title in line.text), 1)
        yield BookText(TITLE, book.title, at, "One Night · the game's title", "onuw/")
    for sentence in script_sentences(book):
        yield BookText(sentence.context, sentence.text, sentence.line,
                       "One Night · the beginner's script (narration)", "onuw/")
    for role in book.roles:
        ident = book.role_ids.get(role.name)
        if ident is None:
            continue
        name = names.get(ident, role.name)
        if role.description:
            yield BookText(f"onuw/{ident}/description", _joined(role.description),
                           role.description[0].line, f"{name} · One Night role · description",
                           roles.format(ident), ident)
        if role.team_text and role.team_line:
            yield BookText(f"onuw/{ident}/team", role.team_text, role.team_line,
                           f"{name} · One Night role · its team as the rulebook states it",
                           roles.format(ident), ident)
        for speech in sentences(role.narration, f"onuw/{ident}/narration"):
            for sentence in speech:
                yield BookText(sentence.context, sentence.text, sentence.line,
                               f"{name} · One Night role · narration", roles.format(ident), ident)
    for note in book.doppelganger_notes:
        ident = book.role_ids.get(note.role)
        if ident is not None and note.note:
            yield BookText(f"onuw/{ident}/doppelganger", _joined(note.note), note.note[0].line,
                           f"{names.get(ident, note.role)} · One Night role · a Doppelgänger "
                           "that becomes it", roles.format(ident), ident)
    for step in book.doppelganger_steps:
        ident = book.role_ids.get(step.role)
        if ident is None:
            continue
        for speech in sentences(step.narration, f"onuw/{ident}/became"):
            for sentence in speech:
                yield BookText(sentence.context, sentence.text, sentence.line,
                               f"{names.get(ident, step.role)} · One Night role · narration "
                               "for a Doppelgänger that became it", roles.format(ident), ident)
    for artifact in book.artifacts:
        ident = book.artifact_ids.get(artifact.name)
        if ident is not None and artifact.effect:
            yield BookText(f"onuw/artifact/{ident}", _joined(artifact.effect),
                           artifact.effect[0].line, f"{artifact.name} · One Night artifact token",
                           "onuw/artifacts/")
    for number, role_set in enumerate(book.role_sets, 1):
        yield BookText(f"onuw/set/{number}", role_set.name, role_set.lines[0].line,
                       "One Night · a recommended role set's name", "onuw/role-sets/")
