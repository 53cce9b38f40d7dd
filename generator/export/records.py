"""The records contract of ARCHITECTURE.md: the whole corpus as one JSON document."""
from __future__ import annotations

from typing import Any

from generator.model import SECTIONS, Character, Corpus, Diagnostic, Entry, Rulebook, Utterance
from generator.translation.lacking import role_translation
from generator.views.messages import message


def _entry(entry: Entry, places: tuple[Entry, ...]) -> dict[str, Any]:
    record: dict[str, Any] = {"name": entry.name}
    lines: dict[str, Any] = {}
    for section in SECTIONS:
        value = getattr(entry, section)
        if isinstance(value, tuple) and value:
            record[section] = [item.text for item in value]
            lines[section] = [item.line for item in value]
        elif value is not None and not isinstance(value, tuple):
            record[section] = value.text
            lines[section] = value.line
    record["status"] = dict(entry.status)
    record["sources"] = [{"file": e.file, "line": e.line} for e in places]
    record["lines"] = lines
    if entry.files:  # sections a translation file supersedes: where their lines are
        record["files"] = dict(entry.files)
    if entry.raw_name != entry.name:
        record["raw_name"] = entry.raw_name
    return record


def _speech(utterances: tuple[Utterance, ...]) -> list[dict[str, Any]]:
    return [{"text": u.text, "line": u.line} for u in utterances]


def _role_translations(corpus: Corpus, character: Character) -> dict[str, Any]:
    """lang → the description the role's page in lang shows from its store, and where."""
    assert character.role
    text = "\n".join(line.text for line in character.role.description)
    found = {}
    for lang in corpus.languages.codes:
        message = role_translation(corpus, lang, f"onuw/{character.id}/description", text)
        if message is not None:
            found[lang] = {"description": " ".join(line.strip() for line in
                                                   message.string.split("\n") if line.strip()),
                           "source": {"file": corpus.stores[lang].file,
                                      "line": message.string_line}}
    return found


def _character(corpus: Corpus, character: Character) -> dict[str, Any]:
    record: dict[str, Any] = {"id": character.id, "game": character.game,
                              "team": character.team, "names": character.names}
    if not character.official:
        record["official"] = False
    record["entries"] = {lang: _entry(entry, character.places[lang])
                         for lang, entry in character.entries.items()}
    if character.role:
        role = character.role
        record["role"] = {"name": role.name, "line": role.line, "team_text": role.team_text,
                          "wakes": role.wakes,
                          "description": " ".join(line.text for line in role.description),
                          "narration": _speech(role.narration)}
        if translations := _role_translations(corpus, character):
            record["role"]["translations"] = translations
    return record


def _rulebook(book: Rulebook) -> dict[str, Any]:
    def steps(order):
        return [{"code": s.code, "name": s.name, "line": s.line} for s in order]
    return {
        "id": book.id, "game": "onuw", "lang": book.lang, "file": book.file, "title": book.title,
        "toc": [{"number": n, "title": t, "line": line} for n, t, line in book.toc],
        "chapters": [{"number": c.number, "title": c.title, "line": c.line,
                      "text": [line.text for line in c.text]} for c in book.chapters],
        "wake_order": {"daybreak": steps(book.wake_order_alone),
                       "combined": steps(book.wake_order_combined)},
        "artifacts": [{"name": a.name, "line": a.line, "effect": " ".join(x.text for x in a.effect)}
                      for a in book.artifacts],
        "doppelganger": [{"role": n.role, "line": n.line, "acts_at_once": n.acts_at_once,
                          "note": " ".join(x.text for x in n.note)}
                         for n in book.doppelganger_notes],
        "doppelganger_steps": [{"role": s.role, "narration": _speech(s.narration)}
                               for s in book.doppelganger_steps],
        "role_sets": [{"name": s.name, "min_players": s.min_players, "roles": list(s.roles),
                       "line": s.lines[0].line} for s in book.role_sets],
        "beginner": {"roles": [line.text for line in book.beginner_roles],
                     "narration": _speech(book.beginner_narration)},
    }


def diagnostic_record(d: Diagnostic, lang: str = "en") -> dict[str, Any]:
    record = {"severity": d.severity, "code": d.code, "file": d.file, "line": d.line,
              "message": message(d, lang)}
    if d.text:
        record["text"] = d.text
    return record


def records(corpus: Corpus, diagnostics: tuple[Diagnostic, ...]) -> dict[str, Any]:
    return {
        "characters": [_character(corpus, c) for c in corpus.characters],
        "scripts": [{"id": s.id, "game": s.game, "lang": s.lang, "title": s.title,
                     "author": s.author, "characters": list(s.characters),
                     "notes": [n.text for n in s.notes],
                     "source": {"file": s.file, "line": s.line}} for s in corpus.scripts],
        "rulebooks": [_rulebook(book) for book in corpus.rulebooks],
        "diagnostics": [diagnostic_record(d) for d in diagnostics],
    }
