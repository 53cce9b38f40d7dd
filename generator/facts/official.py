"""The official BotC data files in a folder the user names (`--official DIR`): abilities, flavor,
night reminders, names and jinx texts per language, read at run time and never kept in the project.

A language's text comes from its `game.<lang>.json`; where that lacks it, from English: roles.json
and jinxes.json (the card texts the almanacs print), then game.en.json (which alone has the special
night rows dusk, minioninfo, demoninfo, dawn). Each answer says which language it is in.
"""
from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from generator.errors import AlmanacError

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
    """One language's texts: (id, field) → text, and (a, b) with a < b → jinx text."""

    roles: Mapping[tuple[str, str], str] = field(hash=False)
    jinxes: Mapping[tuple[str, str], str] = field(hash=False)


@dataclass(frozen=True)
class OfficialCharacter:
    """A character roles.json lists: the roster a site built with the official data covers."""

    id: str
    team: str
    edition: str


@dataclass(frozen=True)
class OfficialTexts:
    """The official texts by language code; English is always among them."""

    languages: Mapping[str, _Texts] = field(hash=False)
    characters: tuple[OfficialCharacter, ...] = ()  # in roles.json's order

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

    def _role(self, ident: str, key: str, lang: str) -> OfficialText | None:
        return next((OfficialText(texts.roles[ident, key], code)
                     for code, texts in self._chain(lang) if (ident, key) in texts.roles), None)

    def _chain(self, lang: str) -> list[tuple[str, _Texts]]:
        return [(code, self.languages[code]) for code in dict.fromkeys((lang, ENGLISH))
                if code in self.languages]


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
    for path in sorted(directory.glob("game.*.json")):
        code = path.name[len("game."):-len(".json")]
        if code:
            languages[code] = _game_json(path)
    # English: the card texts of roles.json and jinxes.json first, game.en.json for the rest.
    game_english = languages.get(ENGLISH, _Texts({}, {}))
    languages[ENGLISH] = _Texts({**game_english.roles, **english_roles},
                                {**game_english.jinxes, **english_jinxes})
    return OfficialTexts(languages, characters)


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


def _game_json(path: Path) -> _Texts:
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
    return _Texts(roles, jinxes)
