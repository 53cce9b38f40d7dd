"""The official BotC data files in a folder the user names (`--official DIR`): abilities, flavor,
night reminders, names and jinx texts per language, read at run time and never kept in the project.

A language's text comes from its `game.<lang>.json`; where that lacks it, from English: roles.json
and jinxes.json (the card texts the almanacs print), then game.en.json (which alone has the special
night rows dusk, minioninfo, demoninfo, dawn). Each answer says which language it is in. The names
the data gives (reminder tokens, editions) and the interface words of `script.<lang>.json` and
`app.<lang>.json` are asked in one language alone: a missing one is the caller's to fill.

A language is asked by the project's code ("zh-Hans") or the data's ("zh_Hans").
"""
from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from generator.errors import AlmanacError
from generator.facts.english import is_english
from generator.facts.glossary import squash
from generator.facts.language_codes import TAG, language_tag, parent_tags
from generator.model import visible
from generator.read.invisible import cleaned, described
from generator.read.regular_file import read_regular

ENGLISH = "en"
# The fields of a character: game.<lang>.json's keys, and roles.json's key for each.
ROLE_FIELDS = {"name": "name", "ability": "ability", "flavor": "flavor",
               "first": "firstNightReminder", "other": "otherNightReminder"}


@dataclass(frozen=True)
class OfficialText:
    """A text and the language it is in (English where the asked language lacks it)."""

    text: str
    lang: str


@dataclass(frozen=True)
class _Texts:
    """One language's texts: (id, field) → text, (a, b) with a < b → jinx text, a reminder
    token's key (its English label squashed: "demonnotvoted") → label, edition id → name."""

    roles: Mapping[tuple[str, str], str] = field(hash=False)
    jinxes: Mapping[tuple[str, str], str] = field(hash=False)
    reminders: Mapping[str, str] = field(default_factory=dict, hash=False)
    editions: Mapping[str, str] = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class OfficialCharacter:
    """A character roles.json lists: the roster a site built with the official data covers."""

    id: str
    team: str
    edition: str


@dataclass(frozen=True)
class DataCounts:
    """What one language's game.<code>.json holds, counted: enough for a site of its own?"""

    file_code: str  # the code as the files spell it (zh_Hans)
    named: int  # characters with a name or an ability in it
    abilities: int
    reminders: int
    jinxes: int
    editions: int

    def line(self, roster: int) -> str:
        return (f"{self.named} of {roster} characters named or described, {self.abilities} "
                f"abilities, {self.reminders} reminders, {self.jinxes} jinxes, "
                f"{self.editions} editions")


@dataclass(frozen=True)
class OfficialTexts:
    """The official texts by language, keyed by BCP 47 tag (zh-Hans for game.zh_Hans.json);
    English is always among them."""

    languages: Mapping[str, _Texts] = field(hash=False)
    characters: tuple[OfficialCharacter, ...] = ()  # in roles.json's order
    # Every language the folder has a game., script. or app.<code>.json of, by tag.
    counts: Mapping[str, DataCounts] = field(default_factory=dict, hash=False)
    # Data files whose code is no language tag (`game.???.json`), by file name.
    unmatched: tuple[str, ...] = ()
    # The interface words of script.<code>.json and app.<code>.json, by tag: "script:keyword.
    # townsfolk" → "Bürger|Bürger" (singular|plural), "app:common.button_search" → "Suchen".
    words: Mapping[str, Mapping[str, str]] = field(default_factory=dict, hash=False)
    # One line for each thing read past: a string cleaned or too long, a key given twice, a
    # language's second file, a file that cannot be used (its language left out).
    notices: tuple[str, ...] = ()
    # The languages left out for a file that cannot be used: tag → the file's name.
    broken: Mapping[str, str] = field(default_factory=dict, hash=False)

    def character(self, ident: str) -> OfficialCharacter | None:
        return next((c for c in self.characters if c.id == ident), None)

    def ability(self, ident: str, lang: str) -> OfficialText | None:
        return self._role(ident, "ability", lang)

    def flavor(self, ident: str, lang: str) -> OfficialText | None:
        return self._role(ident, "flavor", lang)

    def first_night(self, ident: str, lang: str) -> OfficialText | None:
        return self._role(ident, "first", lang)

    def other_night(self, ident: str, lang: str) -> OfficialText | None:
        return self._role(ident, "other", lang)

    def name(self, ident: str, lang: str) -> OfficialText | None:
        return self._role(ident, "name", lang)

    def every_language(self, ident: str, key: str) -> tuple[OfficialText, ...]:
        """A character's text (a key of ROLE_FIELDS) in every language the data have it in."""
        return tuple(OfficialText(texts.roles[ident, key], code)
                     for code, texts in sorted(self.languages.items())
                     if (ident, key) in texts.roles)

    def jinx(self, id_a: str, id_b: str, lang: str) -> OfficialText | None:
        """The jinx of a pair, in either order."""
        pair = (min(id_a, id_b), max(id_a, id_b))
        return next((_in(texts.jinxes[pair], code)
                     for code, texts in self._chain(lang) if pair in texts.jinxes), None)

    def jinx_partners(self, ident: str) -> tuple[str, ...]:
        """The characters the data gives a jinx with this one, in id order."""
        return tuple(sorted({b if a == ident else a for texts in self.languages.values()
                             for a, b in texts.jinxes if ident in (a, b)}))

    def own_name(self, ident: str, lang: str) -> str | None:
        """The character's name in this language, or in one it builds on (de-CH on de), never
        English in its place."""
        return next((name for texts in self._own(lang)
                     if (name := texts.roles.get((ident, "name")))), None)

    def reminder(self, english_label: str, lang: str) -> str | None:
        """A reminder token's label in this language, by its English label: game.<code>.json
        keys it squashed ("Demon not voted" → "demonnotvoted")."""
        return next((label for texts in self._own(lang)
                     if (label := texts.reminders.get(squash(english_label)))), None)

    def edition(self, ident: str, lang: str) -> str | None:
        """An edition's name in this language (tb: "Trouble Brewing")."""
        return next((name for texts in self._own(lang) if (name := texts.editions.get(ident))),
                    None)

    def word(self, key: str, lang: str) -> str | None:
        """An interface word of the official tools in this language ("script:keyword.
        first-night"), None where the language's files lack it."""
        return next((word for code in _variants(lang, self.words)
                     if (word := self.words[code].get(key))), None)

    def _role(self, ident: str, key: str, lang: str) -> OfficialText | None:
        return next((_in(texts.roles[ident, key], code, key != "name")
                     for code, texts in self._chain(lang) if (ident, key) in texts.roles), None)

    def _own(self, lang: str) -> list[_Texts]:
        """The texts of the language and of those it builds on, nearest first."""
        return [self.languages[code] for code in _variants(lang, self.languages)]

    def _chain(self, lang: str) -> list[tuple[str, _Texts]]:
        """The language asked (named as asked, though the data spells it otherwise), those it
        builds on (a text of de's on a de-CH page is German, as the page), then English."""
        codes = {code: lang for code in _variants(lang, self.languages)}
        codes.setdefault(ENGLISH, ENGLISH)
        return [(asked, self.languages[code]) for code, asked in codes.items()]


def _in(text: str, code: str, sentence: bool = True) -> OfficialText:
    """A text of code's file, in English where a sentence of it is (a name may be the same in
    both: the German Barista)."""
    return OfficialText(text, ENGLISH if sentence and code != ENGLISH and is_english(text)
                        else code)


def _variants(lang: str, known: Collection[str]) -> list[str]:
    """The keys in `known` of a language and of those it builds on (CLDR's parents), nearest
    first."""
    own = data_code(lang, known)
    return [code for code in dict.fromkeys((own, *parent_tags(own))) if code in known]


def data_code(lang: str, known: Collection[str]) -> str:
    """The key of a language in what was read (its BCP 47 tag): as given where it is one, else
    the tag of a code in the data's spelling ("zh_Hans" → "zh-Hans")."""
    return lang if lang in known else language_tag(lang)


# stray: letters of a script no language of the project writes (the stray-script check's).
PartKind = Literal["text", "token", "reminder", "stray"]


@dataclass(frozen=True)
class Part:
    """A piece of an official text: plain words, a reminder token's name (written `*NAME*`), or
    the `:reminder:` marker, which has no words: the template draws it."""

    kind: PartKind
    text: str


# `*NAME*` opens after no letter, so the asterisk of "Each night*" stays the card's own; it may
# close before one, as Korean particles follow it ("*알아냄*으로").
_MARKUP = re.compile(r"(?<!\w)\*(?P<token>[^\s*](?:[^*]*[^\s*])?)\*|(?P<reminder>:reminder:)")


def markup_parts(text: str) -> tuple[Part, ...]:
    """The text split into parts, so that no raw markup reaches a page or sheet."""
    parts: list[Part] = []
    start = 0
    for match in _MARKUP.finditer(text):
        if match.start() > start:
            parts.append(Part("text", text[start:match.start()]))
        token = match.group("token")
        parts.append(Part("token", token) if token is not None else Part("reminder", ""))
        start = match.end()
    if start < len(text):
        parts.append(Part("text", text[start:]))
    return tuple(parts)


# Bounds of what one file and one string of the official data may be: the largest real file is
# about 220 KB, the longest name 40 characters, the longest text (an interface paragraph) 660.
MAX_FILE = 4 * 2**20
MAX_NAME = 200  # a character's, a reminder token's or an edition's name
MAX_TEXT = 4000  # an ability, flavor, night reminder, jinx text or interface word
_NAMES = frozenset({"name", "id", "team", "edition"})


def load_official(directory: Path, wanted: Collection[str] | None = None) -> OfficialTexts:
    """The texts of the official data files in directory; roles.json is required, jinxes.json and
    every game./script./app.<lang>.json optional. wanted: the language tags to read (English and
    each one's parent language always with them); None reads every language. A language file
    that cannot be used costs only its language, with one line in `notices`."""
    if not directory.is_dir():
        reason = "not a folder" if directory.exists() else "no such folder"
        raise AlmanacError(f"{reason}; expected the folder of the official BotC data files",
                           str(directory))
    folder = _Folder(directory)
    roles_path = directory / "roles.json"
    if not (roles_path.exists() or roles_path.is_symlink()):
        raise AlmanacError("missing: the official data folder must hold roles.json",
                           str(roles_path))
    english_roles, characters = _roles_json(folder.read(roles_path), folder.file(roles_path))
    english_jinxes: dict[tuple[str, str], str] = {}
    jinxes_path = directory / "jinxes.json"
    if jinxes_path.exists() or jinxes_path.is_symlink():
        try:
            english_jinxes = _jinxes_json(folder.read(jinxes_path), folder.file(jinxes_path))
        except AlmanacError as err:
            folder.notices.append(f"{_place(err)}; the English jinx texts are left out")
    languages: dict[str, _Texts] = {}
    counts: dict[str, DataCounts] = {}
    words: dict[str, dict[str, str]] = {}
    broken: dict[str, str] = {}
    asked = None if wanted is None else \
        {ENGLISH, *wanted, *(tag.split("-")[0] for tag in wanted)}
    for tag, path in folder.language_files(asked):
        if tag in broken:
            continue
        try:
            document = folder.read(path)
            if path.name.startswith("game."):
                languages[tag], counts[tag] = _game_json(
                    document, folder.file(path), path.name.split(".", 1)[1][:-len(".json")],
                    frozenset(c.id for c in characters))
            else:
                tool = path.name.split(".", 1)[0]
                found: dict[str, str] = {}
                _words(_object(document, folder.file(path), "the top level"), folder.file(path),
                       f"{tool}:", found)
                words.setdefault(tag, {}).update(found)
        except AlmanacError as err:
            broken[tag] = path.name
            folder.notices.append(f"{_place(err)}; the language {tag} is left out")
            languages.pop(tag, None)
            words.pop(tag, None)
    for tag, path in folder.language_files(asked):
        if tag not in broken and tag not in counts:
            counts[tag] = DataCounts(path.name.split(".", 1)[1][:-len(".json")], 0, 0, 0, 0, 0)
    for tag in broken:
        counts.pop(tag, None)
    for file in folder.files:
        file.removed()
    # English: the card texts of roles.json and jinxes.json first, game.en.json for the rest.
    game_english = languages.get(ENGLISH, _Texts({}, {}))
    languages[ENGLISH] = replace(game_english, roles={**game_english.roles, **english_roles},
                                 jinxes={**game_english.jinxes, **english_jinxes})
    return OfficialTexts(languages, characters, counts, tuple(folder.unmatched), words,
                         tuple(folder.notices), broken)


def _place(err: AlmanacError) -> str:
    """An error of one file as a notice: `file:line: message`, no "error" (the run goes on)."""
    where = f"{err.file}:{err.line}" if err.file and err.line else err.file
    return f"{where}: {err.message}"


class _Folder:
    """The official data folder as read: each file a regular file within bounds, inside the
    folder, its strings cleaned; every problem one line in `notices`."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.inside = directory.resolve()
        self.notices: list[str] = []
        self.unmatched: list[str] = []
        self.files: list[_File] = []

    def language_files(self, asked: Collection[str] | None) -> list[tuple[str, Path]]:
        """(tag, path) of each game./script./app.<code>.json of a language asked; two files of one
        language and kind (game.zh_Hans.json, game.zh-Hans.json) are one line, the first read."""
        chosen: dict[tuple[str, str], Path] = {}
        for path in sorted((*self.directory.glob("game.*.json"),
                            *self.directory.glob("script.*.json"),
                            *self.directory.glob("app.*.json")), key=lambda p: p.name):
            tool, code = path.name.split(".", 1)[0], path.name.split(".", 1)[1][:-len(".json")]
            tag = language_tag(code)
            if not TAG.fullmatch(tag):
                if path.name not in self.unmatched:
                    self.unmatched.append(path.name)
                continue
            if asked is not None and tag not in asked:
                continue
            first = chosen.setdefault((tool, tag), path)
            if first != path:
                line = (f"{path}: {first.name} and {path.name} are both the {tag} {tool} file: "
                        f"{first.name} is read, {path.name} is not")
                if line not in self.notices:
                    self.notices.append(line)
        return [(tag, path) for (_, tag), path in chosen.items()]

    def file(self, path: Path) -> _File:
        self.files.append(made := _File(path, self.notices))
        return made

    def read(self, path: Path) -> Any:
        """The file's JSON; a link leading out of the folder is refused as a PO store's is."""
        try:
            leaves = not path.resolve().is_relative_to(self.inside)
        except (OSError, RuntimeError) as err:  # a link loop
            raise AlmanacError(f"cannot read: {err}", str(path)) from err
        if leaves:
            raise AlmanacError("a link to a file outside the official data folder: not read",
                               str(path))
        data = read_regular(path, MAX_FILE, "file of the official data")
        duplicates: list[str] = []

        def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
            made: dict[str, Any] = {}
            for key, value in items:
                if key in made and key not in duplicates:
                    duplicates.append(key)
                made[key] = value
            return made

        try:
            document = json.loads(data.decode("utf-8-sig"), object_pairs_hook=pairs)
        except UnicodeDecodeError as err:
            raise AlmanacError(f"not UTF-8 at byte {err.start}", str(path)) from err
        except json.JSONDecodeError as err:
            # json's messages of a place end in "at" ("Unterminated string starting at")
            said = err.msg.removesuffix(" at")
            raise AlmanacError(f"not JSON: {said} at column {err.colno}", str(path),
                               err.lineno) from err
        except (RecursionError, ValueError) as err:  # nesting or a number past Python's limits
            raise AlmanacError("not JSON the official data could hold", str(path)) from err
        for key in duplicates:
            self.notices.append(f"{path}: the key '{visible(key)}' is given twice in one object: "
                                "the last is used")
        return document


class _File:
    """A file being read, and where its problems are told: the characters removed from its
    strings make one line (`removed()`), the rest one line each."""

    def __init__(self, path: Path, notices: list[str]) -> None:
        self.path = path
        self.notices = notices
        self.cleaned: dict[str, None] = {}  # the keys of the strings cleaned, in order
        self.chars: dict[str, None] = {}  # the characters removed, in order

    def text(self, value: Any, where: str, limit: int = MAX_TEXT) -> str:
        """A string of the file: NFC like every text the project reads, stripped, without the
        characters no page may carry; blank means the file lacks it, as does one longer than its
        bound (a line says so)."""
        if not isinstance(value, str):
            raise _wrong(self.path, where, "text")
        text, removed = cleaned(unicodedata.normalize("NFC", value))
        if removed:
            self.cleaned[where] = None
            self.chars.update(dict.fromkeys(removed))
        if len(text) > limit:
            self.notices.append(f"{self.path}: {visible(where)}: {len(text):,} characters, more "
                                f"than the {limit:,} it may have: left out")
            return ""
        return text.strip()

    def removed(self) -> None:
        """One line for the characters removed from the file's strings, if any were."""
        if not self.cleaned:
            return
        keys = list(self.cleaned)
        more = f" and {len(keys) - 3} more" if len(keys) > 3 else ""
        self.notices.append(
            f"{self.path}: removed {', '.join(described(char) for char in self.chars)} from "
            f"{', '.join(visible(key) for key in keys[:3])}{more}")


def _wrong(path: Path, where: str, kind: str) -> AlmanacError:
    return AlmanacError(f"not in the official layout: {visible(where)} should be {kind}",
                        str(path))


def _object(value: Any, file: _File, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _wrong(file.path, where, "an object")
    return value


def _array(value: Any, file: _File, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise _wrong(file.path, where, "an array")
    return value


# An id as the official files write them (lower-case letters and digits, `_`, `-`): it names a
# page, so nothing else is taken.
_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")


def _ident(value: Any, file: _File, where: str) -> str:
    ident = file.text(value, where, MAX_NAME)
    if ident and not _ID.fullmatch(ident):
        file.notices.append(f"{file.path}: {visible(where)}: '{visible(ident)}' is no id "
                            "(lower-case letters, digits, '_' and '-'): left out")
        return ""
    return ident


def _roles_json(document: Any, file: _File
                ) -> tuple[dict[tuple[str, str], str], tuple[OfficialCharacter, ...]]:
    texts = {}
    characters = []
    for i, raw in enumerate(_array(document, file, "the top level")):
        role = _object(raw, file, f"[{i}]")
        ident = _ident(role.get("id"), file, f"[{i}].id")
        if not ident:
            continue
        characters.append(OfficialCharacter(
            ident, file.text(role.get("team", ""), f"[{i}].team", MAX_NAME),
            file.text(role.get("edition", ""), f"[{i}].edition", MAX_NAME)))
        for name, key in ROLE_FIELDS.items():
            if key in role and (text := file.text(role[key], f"[{i}].{key}",
                                                  MAX_NAME if name == "name" else MAX_TEXT)):
                texts[ident, name] = text
    return texts, tuple(characters)


def _jinxes_json(document: Any, file: _File) -> dict[tuple[str, str], str]:
    texts = {}
    for i, raw in enumerate(_array(document, file, "the top level")):
        entry = _object(raw, file, f"[{i}]")
        ident = _ident(entry.get("id"), file, f"[{i}].id")
        for j, raw_jinx in enumerate(_array(entry.get("jinx"), file, f"[{i}].jinx")):
            jinx = _object(raw_jinx, file, f"[{i}].jinx[{j}]")
            other = _ident(jinx.get("id"), file, f"[{i}].jinx[{j}].id")
            if (text := file.text(jinx.get("reason"), f"[{i}].jinx[{j}].reason")) and \
                    ident and other:
                texts[min(ident, other), max(ident, other)] = text
    return texts


def _game_json(document: Any, file: _File, code: str, roster: frozenset[str]
               ) -> tuple[_Texts, DataCounts]:
    """The file's texts, and its counts (characters: those of roles.json)."""
    game = _object(document, file, "the top level")
    roles = {}
    for key, raw in _object(game.get("roles", {}), file, "roles").items():
        role = _object(raw, file, f"roles.{key}")
        if not (ident := _ident(key, file, f"roles.{key}")):
            continue
        for name in ROLE_FIELDS:
            if name in role and (text := file.text(role[name], f"roles.{key}.{name}",
                                                   MAX_NAME if name == "name" else MAX_TEXT)):
                roles[ident, name] = text
    jinxes = {}
    for key, raw in _object(game.get("jinxes", {}), file, "jinxes").items():
        ids = key.split("-")
        if len(ids) != 2 or not all(ids):
            raise _wrong(file.path, f"jinxes key '{key}'", "two ids joined by '-'")
        pair = [_ident(part, file, f"jinxes.{key}") for part in ids]
        if (text := file.text(raw, f"jinxes.{key}")) and all(pair):
            jinxes[min(pair), max(pair)] = text
    reminders = {}
    for key, raw in _object(game.get("reminders", {}), file, "reminders").items():
        if text := file.text(raw, f"reminders.{key}", MAX_NAME):
            reminders[key] = text
    editions = {}
    for key, raw in _object(game.get("editions", {}), file, "editions").items():
        edition = _object(raw, file, f"editions.{key}")
        if (text := file.text(edition.get("name", ""), f"editions.{key}.name", MAX_NAME)) and \
                (ident := _ident(key, file, f"editions.{key}")):
            editions[ident] = text
    counts = DataCounts(
        code, named=len({i for i, key in roles if key in ("name", "ability") and i in roster}),
        abilities=sum(key == "ability" and i in roster for i, key in roles),
        reminders=len(reminders), jinxes=len(jinxes), editions=len(editions))
    return _Texts(roles, jinxes, reminders, editions), counts


def _words(data: dict[str, Any], file: _File, prefix: str, into: dict[str, str]) -> None:
    """The interface words of a script./app. file, by their dotted keys; only text is kept (the
    files nest objects of words, and a word the project does not ask for may be of any kind)."""
    for key, value in data.items():
        if isinstance(value, dict):
            _words(value, file, f"{prefix}{key}.", into)
        elif isinstance(value, str) and \
                (text := file.text(value, f"{prefix}{key}".partition(":")[2])):
            into[f"{prefix}{key}"] = text
