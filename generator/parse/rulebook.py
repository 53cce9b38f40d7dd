"""The One Night Ultimate Werewolf: Daybreak rulebook (003).

Numbered chapters after a table of contents (`목차`). Chapters are told apart by what their
titles say, not by their numbers: the numbers of the text and of its table of contents
disagree (the structure check reports that). Whatever a chapter says that no structured field
holds stays in the chapter's text, so every line is kept. The words of that structure are the
language's (`rulebook:` in content/languages.yaml); a language without them has no rulebook.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from generator.codes import UNPLACED_LINE
from generator.facts.languages import Language, RulebookWords
from generator.model import (
    Artifact,
    Chapter,
    DoppelgangerNote,
    DoppelgangerStep,
    Line,
    ParsedFile,
    Role,
    RoleSet,
    Rulebook,
    Utterance,
    WakeStep,
)
from generator.parse.vocabulary import QUOTES

_CHAPTER = re.compile(r"^(?P<number>\d{1,2})\.\s+(?P<title>\S.{0,30})$")
_WAKE = re.compile(r"^#(?P<number>\d+)\s*(?:[-.]\s*(?P<letter>[A-Z]))?(?P<sub>[a-z])?"
                   r"\s*[:.]?\s*(?P<name>\S.*)$")
_ROLE_SET = re.compile(r"^(?P<name>[^:]{1,30}):\s*(?P<roles>.+)$")
_SENTENCE_END = ".,!?)…:;\"“”'"
_HEADING_MAX = 16
# An utterance that has not closed within this many lines was a stray quote mark, not speech.
_UTTERANCE_MAX_LINES = 3
_ACTS_AT_ONCE = "*"


def matches(lines: list[Line], language: Language) -> bool:
    words = language.rulebook
    return words is not None and bool(lines) and lines[0].text.strip() == words.contents


@dataclass
class _Chapter:
    heading: Line
    number: int
    title: str
    body: list[Line] = field(default_factory=list)


def parse(lines: list[Line], file: str, language: Language, rulebook_id: str) -> ParsedFile:
    words = language.rulebook
    assert words  # matches() said the language has rulebook words
    lang = language.code
    lines = [Line(line.text.strip(), line.line) for line in lines]
    toc_lines = _toc_lines(lines[1:])
    preface, chapters = _chapters(lines[1 + len(toc_lines):])
    diagnostics = [UNPLACED_LINE.at(file, line.line, line.text, "preface") for line in preface]
    kinds = [_kind(chapter.title, words) for chapter in chapters]
    first_of_kind: dict[str, _Chapter] = {}
    for chapter, kind in zip(chapters, kinds, strict=True):
        first_of_kind.setdefault(kind, chapter)

    def body(kind: str) -> list[Line]:
        return first_of_kind[kind].body if kind in first_of_kind else []

    roles, role_text = _roles(body("roles"), words)
    role_names = [role.name for role in roles]
    alone, combined, guide_text = _wake_orders(body("guide"), words)
    beginner_roles, beginner_narration, guide_text = _beginner(guide_text, role_names)
    artifacts, artifact_text = _artifacts(body("artifacts"))
    notes, steps, role_sets, dop_text = _doppelganger(body("doppelganger"), role_names, words)
    leftovers = {"roles": role_text, "guide": guide_text, "artifacts": artifact_text,
                 "doppelganger": dop_text}
    final = tuple(
        Chapter(c.number, c.title, c.heading.line,
                tuple(leftovers[kind] if first_of_kind.get(kind) is c and kind in leftovers
                      else c.body))
        for c, kind in zip(chapters, kinds, strict=True))
    book = Rulebook(id=rulebook_id, lang=lang, file=file, title=_title(chapters, words),
                    toc=tuple(_toc_entry(line) for line in toc_lines), chapters=final,
                    roles=tuple(roles), wake_order_alone=tuple(alone),
                    wake_order_combined=tuple(combined), artifacts=tuple(artifacts),
                    doppelganger_notes=tuple(notes), doppelganger_steps=tuple(steps),
                    role_sets=tuple(role_sets), beginner_roles=tuple(beginner_roles),
                    beginner_narration=tuple(beginner_narration),
                    pause=_pause(body("guide"), words))
    markers = [lines[0], *toc_lines, *(c.heading for c in chapters)]
    return ParsedFile(file=file, lang=lang, shape="rulebook", rulebook=book,
                      markers=tuple(markers), diagnostics=tuple(diagnostics))


def _title(chapters: list[_Chapter], words: RulebookWords) -> str:
    # The rulebook names its game in its opening sentence: '황혼에서 새벽까지'.
    for chapter in chapters:
        for line in chapter.body:
            match = words.title.match(line.text)
            if match:
                return match.group("title")
    return ""


def _pause(lines: list[Line], words: RulebookWords) -> int:
    """The seconds the guide gives each role that wakes ("조용히 10까지 세어"), or 0."""
    found = next((m for line in lines if words.pause and (m := words.pause.search(line.text))),
                 None)
    return int(found.group("seconds")) if found else 0


def _toc_lines(lines: list[Line]) -> list[Line]:
    """The table of contents: numbered lines in rising order; a falling number starts the text."""
    toc: list[Line] = []
    previous = 0
    for line in lines:
        match = _CHAPTER.match(line.text)
        if not match or int(match.group("number")) <= previous:
            break
        previous = int(match.group("number"))
        toc.append(line)
    return toc


def _toc_entry(line: Line) -> tuple[int, str, int]:
    match = _CHAPTER.match(line.text)
    assert match  # _toc_lines kept only matching lines
    return int(match.group("number")), match.group("title"), line.line


def _chapters(lines: list[Line]) -> tuple[list[Line], list[_Chapter]]:
    preface: list[Line] = []
    chapters: list[_Chapter] = []
    for line in lines:
        match = _CHAPTER.match(line.text)
        if match:
            chapters.append(_Chapter(line, int(match.group("number")), match.group("title")))
        elif chapters:
            chapters[-1].body.append(line)
        elif line.text:
            preface.append(line)
    return preface, chapters


def _kind(title: str, words: RulebookWords) -> str:
    return next((kind for kind, needed in words.chapters
                 if all(word in title for word in needed)), "other")


def _is_heading(text: str) -> bool:
    return 0 < len(text) <= _HEADING_MAX and text[-1] not in _SENTENCE_END and "," not in text


def _blocks(lines: list[Line], is_heading) -> tuple[list[Line], list[tuple[Line, list[Line]]]]:
    """Lines before the first heading, and each heading with the lines up to the next."""
    intro: list[Line] = []
    blocks: list[tuple[Line, list[Line]]] = []
    for line in lines:
        if is_heading(line.text):
            blocks.append((line, []))
        elif blocks:
            blocks[-1][1].append(line)
        else:
            intro.append(line)
    return intro, blocks


def _utterances(lines: list[Line]) -> list[Utterance]:
    """Narration lines grouped into speeches: each begins with a line that opens a quote."""
    groups: list[list[Line]] = []
    for line in lines:
        if line.text[:1] in QUOTES or not groups:
            groups.append([line])
        else:
            groups[-1].append(line)
    return [Utterance(tuple(group)) for group in groups]


def _roles(lines: list[Line], words: RulebookWords) -> tuple[list[Role], list[Line]]:
    intro, blocks = _blocks(lines, _is_heading)
    roles: list[Role] = []
    text = list(intro)
    wakes = True
    for heading, block in blocks:
        team = next(((line, m) for line in block if (m := words.team.match(line.text))
                     and m.group("role") == heading.text), None)
        if team is None:  # a sub-heading such as "밤에 일어나지 않는 역할들"
            if words.role_group in heading.text:
                wakes = words.not_waking not in heading.text
            text += [heading, *block]
            continue
        start = next((i for i, line in enumerate(block) if line.text[:1] in QUOTES), len(block))
        team_line, match = team
        roles.append(Role(name=heading.text, line=heading.line, description=tuple(block[:start]),
                          team_text=match.group("team"), team_line=team_line.line,
                          wakes=wakes, narration=tuple(_utterances(block[start:]))))
    return roles, text


def _wake_code(match: re.Match[str]) -> str:
    letter = f"-{match.group('letter')}" if match.group("letter") else ""
    return f"#{match.group('number')}{letter}{match.group('sub') or ''}"


def _wake_orders(lines: list[Line], words: RulebookWords
                 ) -> tuple[list[WakeStep], list[WakeStep], list[Line]]:
    """The first run of `#N: role` lines is Daybreak alone, the second the combined order;
    any later run stays chapter text."""
    runs: list[list[WakeStep]] = []
    text: list[Line] = []
    previous_was_step = False
    for line in lines:
        match = _WAKE.match(line.text)
        if match and (previous_was_step or len(runs) < 2):
            if not previous_was_step:
                runs.append([])
            runs[-1].append(_wake_step(match, line, words))
            previous_was_step = True
        else:
            text.append(line)
            previous_was_step = False
    runs += [[], []]
    return runs[0], runs[1], text


def _wake_step(match: re.Match[str], line: Line, words: RulebookWords) -> WakeStep:
    name = match.group("name").strip()
    # "#9a: 불면증환자로 변한 도플갱어": a Doppelgänger that became the named role wakes.
    became = words.became.match(name)
    return WakeStep(_wake_code(match), name, line.line, line.text,
                    role=became.group("role") if became else name,
                    became=became.group("became") if became else None)


def _closed_utterance_at(lines: list[Line], start: int) -> int:
    """Length of a quoted speech opening at lines[start] that closes soon, or 0."""
    if lines[start].text[:1] not in QUOTES:
        return 0
    for length in range(1, _UTTERANCE_MAX_LINES + 1):
        end = start + length
        if end > len(lines) or (length > 1 and lines[end - 1].text[:1] in QUOTES):
            return 0
        if lines[end - 1].text[-1:] in QUOTES:
            return length
    return 0


def _first_run_of_names(lines: list[Line], names: set[str]) -> tuple[int, int]:
    """Where the first run of two or more lines that are role names starts and ends."""
    i = 0
    while i < len(lines):
        j = i
        while j < len(lines) and lines[j].text in names:
            j += 1
        if j - i >= 2:
            return i, j
        i = j + 1
    return 0, 0


def _speeches_from(lines: list[Line], start: int) -> list[list[Line]]:
    """The speeches that follow one another from lines[start] on, each closing soon."""
    speeches = []
    while start < len(lines) and (length := _closed_utterance_at(lines, start)):
        speeches.append(lines[start:start + length])
        start += length
    return speeches


def _beginner(lines: list[Line], role_names: list[str]
              ) -> tuple[list[Line], list[Utterance], list[Line]]:
    """The 3-player beginner set (a run of role names) and its script (the longest run of
    two or more speeches); the rest stays chapter text."""
    roles_span = _first_run_of_names(lines, set(role_names))
    best: list[list[Line]] = []
    best_span = (0, 0)
    i = 0
    while i < len(lines):
        speeches = _speeches_from(lines, i)
        end = i + sum(len(speech) for speech in speeches)
        if len(speeches) >= 2 and len(speeches) > len(best):
            best, best_span = speeches, (i, end)
        i = end if speeches else i + 1
    kept = [line for k, line in enumerate(lines)
            if not (roles_span[0] <= k < roles_span[1] or best_span[0] <= k < best_span[1])]
    return lines[roles_span[0]:roles_span[1]], [Utterance(tuple(s)) for s in best], kept


def _artifacts(lines: list[Line]) -> tuple[list[Artifact], list[Line]]:
    intro, blocks = _blocks(lines, _is_heading)
    return [Artifact(h.text, h.line, tuple(block)) for h, block in blocks], intro


def _doppelganger(lines: list[Line], role_names: list[str], words: RulebookWords
                  ) -> tuple[list[DoppelgangerNote], list[DoppelgangerStep], list[RoleSet],
                             list[Line]]:
    names = set(role_names)

    def is_role(text: str) -> bool:
        return text.removeprefix(_ACTS_AT_ONCE) in names

    intro, blocks = _blocks(lines, is_role)
    notes: list[DoppelgangerNote] = []
    rest: list[Line] = []
    for heading, block in blocks:
        # The notes speak of "X이 된 도플갱어"; a line about the Doppelgänger itself ends them.
        end = next((i for i, line in enumerate(block)
                    if line.text.startswith(words.doppelganger)), len(block))
        notes.append(DoppelgangerNote(heading.text.removeprefix(_ACTS_AT_ONCE), heading.line,
                                      heading.text.startswith(_ACTS_AT_ONCE), tuple(block[:end])))
        rest += block[end:]
    steps, rest = _doppelganger_steps(rest, role_names, words)
    role_sets, rest = _role_sets(rest, words)
    return notes, steps, role_sets, intro + rest


def _doppelganger_steps(lines: list[Line], role_names: list[str], words: RulebookWords
                        ) -> tuple[list[DoppelgangerStep], list[Line]]:
    steps: list[tuple[str, list[Utterance]]] = []
    rest: list[Line] = []
    i = 0
    while i < len(lines):
        length = _closed_utterance_at(lines, i)
        if not length:
            rest.append(lines[i])
            i += 1
            continue
        speech = Utterance(tuple(lines[i:i + length]))
        role = next((n for n in role_names if any(
            said.replace("{role}", n) in speech.text for said in words.turned_into)), None)
        if role:
            steps.append((role, [speech]))
        elif steps:
            steps[-1][1].append(speech)
        else:
            rest += lines[i:i + length]
        i += length
    return [DoppelgangerStep(role, tuple(speeches)) for role, speeches in steps], rest


def _role_sets(lines: list[Line], words: RulebookWords) -> tuple[list[RoleSet], list[Line]]:
    sets: list[tuple[str, int, list[Line]]] = []
    rest: list[Line] = []
    min_players: int | None = None
    for line in lines:
        count = words.min_players.match(line.text)
        if count:
            min_players = int(count.group("count"))
            rest.append(line)
        elif sets and sets[-1][2][-1].text.endswith(","):
            sets[-1][2].append(line)
        elif min_players is not None and (role_set := _ROLE_SET.match(line.text)):
            sets.append((role_set.group("name").strip(), min_players, [line]))
        else:
            rest.append(line)
    role_sets = []
    for name, players, set_lines in sets:
        joined = " ".join(line.text for line in set_lines).split(":", 1)[1]
        roles = tuple(part.strip() for part in joined.split(",") if part.strip())
        role_sets.append(RoleSet(name, players, roles, tuple(set_lines)))
    return role_sets, rest
