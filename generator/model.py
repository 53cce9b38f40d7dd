"""Frozen records that flow through the pipeline: read → parse → resolve → check → render."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the corpus's fields' types only: no data flows back from these stages
    from generator.facts.glossary import Glossary
    from generator.facts.languages import Languages
    from generator.facts.night_order import NightOrder
    from generator.facts.official import OfficialTexts
    from generator.read.corpus import Text
    from generator.read.po import PoFile

# Characters that break a line for some tools, or show nothing: C0 and C1 controls but the tab,
# DEL, and the Unicode line and paragraph separators.
CONTROL = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029]")


def visible(text: str) -> str:
    """Text as one line that shows what it holds: line breaks and control characters (a
    terminal's escape sequences among them) as \\x1b-style escapes, never run."""
    return CONTROL.sub(lambda m: f"\\x{ord(m.group(0)):02x}" if ord(m.group(0)) < 256
                       else f"\\u{ord(m.group(0)):04x}", text)


SECTIONS = ("ability", "flavor", "summary", "how_to_run", "examples")
# Status of a section of an entry.
PRESENT, MISSING, PLACEHOLDER, UNTRANSLATED = "present", "missing", "placeholder", "untranslated"


@dataclass(frozen=True)
class Line:
    """One source line as a field keeps it: text without list marker, and where it stood."""

    text: str
    line: int
    marker: str = ""  # the list marker the parser took off ("- "), kept so the line can be rebuilt


@dataclass(frozen=True)
class Name:
    """A character's name (or a token's label) in a finding: as its text writes it, with its
    names in every language, so that a reader sees the name of their own language first."""

    written: str
    lang: str  # the language it is written in
    names: tuple[tuple[str, str], ...] = ()  # (language, name), the character's
    also: str = ""  # a language whose name is always shown too (the one a finding is about)

    def __format__(self, spec: str) -> str:
        return format(self.written, spec)

    def shown(self, reader: str) -> tuple[str, ...]:
        """Its distinct names as a reader of `reader` reads them: theirs first (as the text
        writes it, where the text is in their language), then the written one, then that of
        `also`."""
        names = dict(self.names)
        own = "" if reader == self.lang else names.get(reader, "")
        found = [own, self.written, names.get(self.also, "")]
        return tuple(dict.fromkeys(name for name in found if name))


# A message parameter: a name, a text, a number, or a list (of names, section keys, codes).
Param = str | int | tuple[str, ...] | Name


@dataclass(frozen=True)
class Diagnostic:
    severity: str  # error | warning | info
    code: str
    file: str
    line: int
    template: str  # its message, English, with {named} parameters (declared in generator/codes.py)
    params: tuple[tuple[str, Param], ...] = ()
    text: str = ""  # the source text in question, so nothing is lost and the report can show it

    @property
    def message(self) -> str:
        """The message in English with its parameters as they are, lists joined by commas."""
        return self.template.format(**{key: ", ".join(value) if isinstance(value, tuple)
                                       else value for key, value in self.params})

    def format(self, message: str | None = None) -> str:
        """One line, whatever the message holds: line breaks and control characters escaped."""
        return visible(f"{self.file}:{self.line}: {self.severity} {self.code}: "
                       f"{message or self.message}")


@dataclass(frozen=True)
class Entry:
    """One character's almanac entry as one file writes it."""

    lang: str
    file: str
    line: int  # the name line
    name: str  # as written, damage repaired
    raw_name: str  # exactly as in the source
    team: str | None = None  # team id from the team line
    ability: Line | None = None
    flavor: Line | None = None
    summary: Line | None = None
    how_to_run: tuple[Line, ...] = ()
    examples: tuple[Line, ...] = ()
    status: dict[str, str] = field(default_factory=dict, hash=False)
    # Sections merged in from an entry of another file (a translation): section → that file.
    files: dict[str, str] = field(default_factory=dict, hash=False)
    # What reading the sections finds, stored once by resolve.py for checks and views: the
    # ability the summary quotes at its start ("" for none), and of a merged entry the steps of
    # how to run for each night (first, other), the editors' fixes applied.
    quoted: str = ""
    nights: dict[str, tuple[str, ...]] = field(default_factory=dict, hash=False)

    def section_file(self, section: str) -> str:
        """The file the section's lines stand in."""
        return self.files.get(section, self.file)

    def field_lines(self, section: str) -> tuple[Line, ...]:
        value = getattr(self, section)
        if value is None:
            return ()
        return value if isinstance(value, tuple) else (value,)


@dataclass(frozen=True)
class ScriptSource:
    """A script a corpus file declares: its header and its entries in order."""

    id: str
    lang: str
    file: str
    title: Line
    author: str | None = None
    declared_count: int | None = None
    notes: tuple[Line, ...] = ()


@dataclass(frozen=True)
class Utterance:
    """A narration line of the rulebook: one quoted speech, possibly over several lines."""

    lines: tuple[Line, ...]

    @property
    def text(self) -> str:
        joined = " ".join(line.text for line in self.lines)
        return joined.strip().strip("\"“”").strip()

    @property
    def line(self) -> int:
        return self.lines[0].line


@dataclass(frozen=True)
class Role:
    """A One Night role as the rulebook describes it."""

    name: str
    line: int
    description: tuple[Line, ...]
    team_text: str | None  # as the text states it, e.g. "마을주민 팀"
    team_line: int | None
    wakes: bool
    narration: tuple[Utterance, ...]


@dataclass(frozen=True)
class WakeStep:
    code: str  # "#2-B", "#9a"
    name: str  # as written: "불면증환자로 변한 도플갱어"
    line: int
    raw: str
    role: str  # the role that wakes: "도플갱어"
    became: str | None = None  # the role a Doppelgänger became, woken at its turn: "불면증환자"


@dataclass(frozen=True)
class Artifact:
    name: str
    line: int
    effect: tuple[Line, ...]


@dataclass(frozen=True)
class DoppelgangerNote:
    role: str  # role name as written (without "*")
    line: int
    acts_at_once: bool
    note: tuple[Line, ...]


@dataclass(frozen=True)
class DoppelgangerStep:
    """Extra narration after a role's turn when the Doppelgänger may have become it."""

    role: str
    narration: tuple[Utterance, ...]


@dataclass(frozen=True)
class RoleSet:
    name: str
    min_players: int
    roles: tuple[str, ...]
    lines: tuple[Line, ...]


@dataclass(frozen=True)
class Chapter:
    number: int
    title: str
    line: int
    text: tuple[Line, ...]  # prose the structured fields do not hold


@dataclass(frozen=True)
class Rulebook:
    id: str
    lang: str
    file: str
    title: str
    toc: tuple[tuple[int, str, int], ...]  # (number, title, line)
    chapters: tuple[Chapter, ...]
    roles: tuple[Role, ...]
    wake_order_alone: tuple[WakeStep, ...]
    wake_order_combined: tuple[WakeStep, ...]
    artifacts: tuple[Artifact, ...]
    doppelganger_notes: tuple[DoppelgangerNote, ...]
    doppelganger_steps: tuple[DoppelgangerStep, ...]
    role_sets: tuple[RoleSet, ...]
    beginner_roles: tuple[Line, ...]
    beginner_narration: tuple[Utterance, ...]
    pause: int = 0  # seconds the guide gives each role that wakes to act; 0: it gives none
    # By resolve, in the rulebook's own language: each role name it writes (headings, wake steps,
    # role sets, Doppelgänger notes) and each artifact name → glossary id; unknown names are absent.
    role_ids: dict[str, str] = field(default_factory=dict, hash=False)
    artifact_ids: dict[str, str] = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class ParsedFile:
    """What one file yields, plus the structural lines the parser consumed (for the lossless
    proof)."""

    file: str
    lang: str
    shape: str
    entries: tuple[Entry, ...] = ()
    scripts: tuple[ScriptSource, ...] = ()
    rulebook: Rulebook | None = None
    markers: tuple[Line, ...] = ()
    diagnostics: tuple[Diagnostic, ...] = ()


@dataclass(frozen=True)
class Character:
    id: str
    game: str
    team: str
    names: dict[str, str] = field(hash=False)  # every language's, borrowed along the fallbacks
    official: bool = True  # False when the glossary does not know the name
    entries: dict[str, Entry] = field(default_factory=dict, hash=False)  # merged, per language
    places: dict[str, tuple[Entry, ...]] = field(default_factory=dict, hash=False)  # as found
    role: Role | None = None  # ONUW: the rulebook's description

    def name(self, lang: str) -> str:
        return self.names.get(lang) or next(iter(self.names.values()), self.id)

    def named(self, lang: str, written: str = "", also: str = "") -> Name:
        """Its name in lang (or as a text writes it) for a finding, its other names with it."""
        return Name(written or self.name(lang), lang, tuple(sorted(self.names.items())), also)


@dataclass(frozen=True)
class Script:
    id: str
    game: str
    lang: str
    title: str
    file: str
    line: int
    author: str | None
    declared_count: int | None
    characters: tuple[str, ...]
    notes: tuple[Line, ...]


@dataclass(frozen=True)
class Corpus:
    languages: Languages
    characters: tuple[Character, ...]
    scripts: tuple[Script, ...]
    rulebooks: tuple[Rulebook, ...]
    parsed: tuple[ParsedFile, ...]
    glossary: Glossary
    night_order: NightOrder
    diagnostics: tuple[Diagnostic, ...]  # from reading, parsing and resolving
    stores: dict[str, PoFile] = field(default_factory=dict, hash=False)  # lang → its store
    # The texts as read, for the site's views of them: a file edited since shows as parsed.
    texts: tuple[Text, ...] = field(default=(), repr=False, compare=False)
    # The official data joined in (generator/cards.py): the cards' texts views choose from.
    official: OfficialTexts | None = field(default=None, repr=False, compare=False, hash=False)

    def character(self, game: str, ident: str) -> Character | None:
        return self._by_key.get((game, ident))

    @cached_property
    def almanac_langs(self) -> frozenset[str]:
        """The languages with almanac texts of their own."""
        return frozenset(lang for character in self.characters for lang in character.entries)

    @cached_property
    def _by_key(self) -> dict[tuple[str, str], Character]:
        """Each character by (game, id), the first where two share one: pages and sheets look
        characters up by id, thousands of times a language."""
        index: dict[tuple[str, str], Character] = {}
        for character in self.characters:
            index.setdefault((character.game, character.id), character)
        return index
