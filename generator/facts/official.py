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
from generator.facts.glossary import squash
from generator.facts.language_codes import TAG, language_tag

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
        return next((OfficialText(texts.jinxes[pair], code)
                     for code, texts in self._chain(lang) if pair in texts.jinxes), None)

    def jinx_partners(self, ident: str) -> tuple[str, ...]:
        """The characters the data gives a jinx with this one, in id order."""
        return tuple(sorted({b if a == ident else a for texts in self.languages.values()
                             for a, b in texts.jinxes if ident in (a, b)}))

    def own_name(self, ident: str, lang: str) -> str | None:
        """The character's name in this language alone (no English in its place)."""
        texts = self.languages.get(data_code(lang, self.languages))
        return texts.roles.get((ident, "name")) if texts else None

    def reminder(self, english_label: str, lang: str) -> str | None:
        """A reminder token's label in this language, by its English label: game.<code>.json
        keys it squashed ("Demon not voted" → "demonnotvoted")."""
        texts = self.languages.get(data_code(lang, self.languages))
        return texts.reminders.get(squash(english_label)) if texts else None

    def edition(self, ident: str, lang: str) -> str | None:
        """An edition's name in this language (tb: "Trouble Brewing")."""
        texts = self.languages.get(data_code(lang, self.languages))
        return texts.editions.get(ident) if texts else None

    def word(self, key: str, lang: str) -> str | None:
        """An interface word of the official tools in this language ("script:keyword.
        first-night"), None where the language's files lack it."""
        return self.words.get(data_code(lang, self.words), {}).get(key)

    def _role(self, ident: str, key: str, lang: str) -> OfficialText | None:
        return next((OfficialText(texts.roles[ident, key], code)
                     for code, texts in self._chain(lang) if (ident, key) in texts.roles), None)

    def _chain(self, lang: str) -> list[tuple[str, _Texts]]:
        """The language asked (named as asked, though the data spells it otherwise), then
        English."""
        codes = {data_code(lang, self.languages): lang, ENGLISH: ENGLISH}
        return [(asked, self.languages[code]) for code, asked in codes.items()
                if code in self.languages]


def data_code(lang: str, known: Collection[str]) -> str:
    """The data's code of a language: as given where the data has it, else in the data's spelling
    ("zh-Hans" → "zh_Hans")."""
    return lang if lang in known else lang.replace("-", "_")


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


def load_official(directory: Path) -> OfficialTexts:
    """The texts of the official data files in directory; roles.json is required, jinxes.json and
    every game.<lang>.json optional."""
    if not directory.is_dir():
        reason = "not a folder" if directory.exists() else "no such folder"
        raise AlmanacError(f"{reason}; expected the folder of the official BotC data files",
                           str(directory))
    roles_path = directory / "roles.json"
    if not roles_path.is_file():
        raise AlmanacError("missing: the official data folder must hold roles.json",
                           str(roles_path))
    english_roles, characters = _roles_json(roles_path)
    jinxes_path = directory / "jinxes.json"
    english_jinxes = _jinxes_json(jinxes_path) if jinxes_path.exists() else {}
    languages: dict[str, _Texts] = {}
    counts: dict[str, DataCounts] = {}
    unmatched = []
    words: dict[str, dict[str, str]] = {}
    for path in sorted((*directory.glob("game.*.json"), *directory.glob("script.*.json"),
                        *directory.glob("app.*.json")), key=lambda p: p.name):
        code = path.name.split(".", 1)[1].removesuffix(".json")
        tag = language_tag(code)
        if not TAG.fullmatch(tag):
            unmatched.append(path.name)
        elif path.name.startswith("game."):
            languages[tag], counts[tag] = _game_json(path, code,
                                                     frozenset(c.id for c in characters))
        else:
            counts.setdefault(tag, DataCounts(code, 0, 0, 0, 0, 0))
            tool = path.name.split(".", 1)[0]
            _words(_object(_read(path), path, "the top level"), path, f"{tool}:",
                   words.setdefault(tag, {}))
    # English: the card texts of roles.json and jinxes.json first, game.en.json for the rest.
    game_english = languages.get(ENGLISH, _Texts({}, {}))
    languages[ENGLISH] = replace(game_english, roles={**game_english.roles, **english_roles},
                                 jinxes={**game_english.jinxes, **english_jinxes})
    return OfficialTexts(languages, characters, counts, tuple(unmatched), words)


def _read(path: Path) -> Any:
    try:
        data = path.read_bytes()
        return json.loads(data.decode("utf-8-sig"))
    except OSError as err:
        raise AlmanacError(f"cannot read: {err.strerror or err}", str(path)) from err
    except UnicodeDecodeError as err:
        raise AlmanacError(f"not UTF-8 at byte {err.start}", str(path)) from err
    except json.JSONDecodeError as err:
        # json's messages of a place end in "at" ("Unterminated string starting at")
        said = err.msg.removesuffix(" at")
        raise AlmanacError(f"not JSON: {said} at column {err.colno}", str(path),
                           err.lineno) from err
    except (RecursionError, ValueError) as err:  # nesting or a number past Python's limits
        raise AlmanacError("not JSON the official data could hold", str(path)) from err


def _wrong(path: Path, where: str, kind: str) -> AlmanacError:
    return AlmanacError(f"not in the official layout: {where} should be {kind}", str(path))


def _object(value: Any, path: Path, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _wrong(path, where, "an object")
    return value


def _array(value: Any, path: Path, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise _wrong(path, where, "an array")
    return value


def _text(value: Any, path: Path, where: str) -> str:
    if not isinstance(value, str):
        raise _wrong(path, where, "text")
    # NFC like every text the project reads; blank means the file lacks it.
    return unicodedata.normalize("NFC", value).strip()


def _roles_json(path: Path) -> tuple[dict[tuple[str, str], str], tuple[OfficialCharacter, ...]]:
    texts = {}
    characters = []
    for i, raw in enumerate(_array(_read(path), path, "the top level")):
        role = _object(raw, path, f"[{i}]")
        ident = _text(role.get("id"), path, f"[{i}].id")
        if ident:
            characters.append(OfficialCharacter(
                ident, _text(role.get("team", ""), path, f"[{i}].team"),
                _text(role.get("edition", ""), path, f"[{i}].edition")))
        for name, key in ROLE_FIELDS.items():
            if key in role and (text := _text(role[key], path, f"[{i}].{key}")):
                texts[ident, name] = text
    return texts, tuple(characters)


def _jinxes_json(path: Path) -> dict[tuple[str, str], str]:
    texts = {}
    for i, raw in enumerate(_array(_read(path), path, "the top level")):
        entry = _object(raw, path, f"[{i}]")
        ident = _text(entry.get("id"), path, f"[{i}].id")
        for j, raw_jinx in enumerate(_array(entry.get("jinx"), path, f"[{i}].jinx")):
            jinx = _object(raw_jinx, path, f"[{i}].jinx[{j}]")
            other = _text(jinx.get("id"), path, f"[{i}].jinx[{j}].id")
            if text := _text(jinx.get("reason"), path, f"[{i}].jinx[{j}].reason"):
                texts[min(ident, other), max(ident, other)] = text
    return texts


def _game_json(path: Path, code: str, roster: frozenset[str]) -> tuple[_Texts, DataCounts]:
    """The file's texts, and its counts (characters: those of roles.json)."""
    game = _object(_read(path), path, "the top level")
    roles = {}
    for ident, raw in _object(game.get("roles", {}), path, "roles").items():
        role = _object(raw, path, f"roles.{ident}")
        for name in ROLE_FIELDS:
            if name in role and (text := _text(role[name], path, f"roles.{ident}.{name}")):
                roles[ident, name] = text
    jinxes = {}
    for key, raw in _object(game.get("jinxes", {}), path, "jinxes").items():
        ids = key.split("-")
        if len(ids) != 2 or not all(ids):
            raise _wrong(path, f"jinxes key '{key}'", "two ids joined by '-'")
        if text := _text(raw, path, f"jinxes.{key}"):
            jinxes[min(ids), max(ids)] = text
    reminders = {}
    for key, raw in _object(game.get("reminders", {}), path, "reminders").items():
        if text := _text(raw, path, f"reminders.{key}"):
            reminders[key] = text
    editions = {}
    for ident, raw in _object(game.get("editions", {}), path, "editions").items():
        edition = _object(raw, path, f"editions.{ident}")
        if text := _text(edition.get("name", ""), path, f"editions.{ident}.name"):
            editions[ident] = text
    counts = DataCounts(
        code, named=len({i for i, key in roles if key in ("name", "ability") and i in roster}),
        abilities=sum(key == "ability" and i in roster for i, key in roles),
        reminders=len(reminders), jinxes=len(jinxes), editions=len(editions))
    return _Texts(roles, jinxes, reminders, editions), counts


def _words(data: dict[str, Any], path: Path, prefix: str, into: dict[str, str]) -> None:
    """The interface words of a script./app. file, by their dotted keys; only text is kept (the
    files nest objects of words, and a word the project does not ask for may be of any kind)."""
    for key, value in data.items():
        if isinstance(value, dict):
            _words(value, path, f"{prefix}{key}.", into)
        elif isinstance(value, str) and (text := unicodedata.normalize("NFC", value).strip()):
            into[f"{prefix}{key}"] = text
