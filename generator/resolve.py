"""Names to ids: one character per (game, id), its entries merged per language across files."""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field, replace

from generator.codes import DAMAGED_NAME, SUPERSEDED, UNKNOWN_CHARACTER
from generator.facts.glossary import Glossary, Term, squash
from generator.facts.languages import Languages
from generator.facts.night_order import NightOrder
from generator.model import (
    MISSING,
    PLACEHOLDER,
    PRESENT,
    SECTIONS,
    UNTRANSLATED,
    Character,
    Corpus,
    Diagnostic,
    Entry,
    Line,
    Name,
    ParsedFile,
    Rulebook,
    Script,
)
from generator.parse.night_steps import TONIGHT, steps_for_night
from generator.parse.vocabulary import quoted_ability
from generator.read.po import FORBIDDEN, PoFile, PoMessage

# Which of two entries' sections a merged entry keeps: written text over text in another
# language over a placeholder over nothing; the first file's among equals (the stores' entries
# come after the corpus's: written text over a translation).
_RANK = {PRESENT: 3, UNTRANSLATED: 2, PLACEHOLDER: 1, MISSING: 0}


def _merge(entries: list[Entry], name: Name) -> tuple[Entry, list[Diagnostic]]:
    """One entry per language: each section from the entry that has it best (a translation
    imported into its own file supersedes text not written or not translated), and a finding
    at each section so superseded."""
    merged, superseded = entries[0], []
    for section in SECTIONS:
        best = max(entries, key=lambda e: _RANK[e.status[section]])  # the first of the best
        if best is not merged:
            merged = replace(merged, **{section: getattr(best, section)},
                             status=merged.status | {section: best.status[section]},
                             files=merged.files | {section: best.file},
                             quoted=best.quoted if section == "summary" else merged.quoted)
        if best.status[section] != PRESENT:
            continue
        place = f"{best.file}:{best.field_lines(section)[0].line}"
        for entry in entries:
            if entry.status[section] in (UNTRANSLATED, PLACEHOLDER):
                lines = entry.field_lines(section)
                superseded.append(SUPERSEDED.at(
                    entry.file, lines[0].line if lines else entry.line,
                    lines[0].text if lines else entry.raw_name,
                    name=name, section=section, place=place))
    return merged, superseded


def character_id(name: str) -> str:
    """The id of a character the glossary does not know: its squashed name, else (a name of
    punctuation only) one made from the name, so every page still has a path; a long one
    (a sentence where the name should be) cut short and made unique, as a file name must be."""
    squashed = squash(name)
    digest = hashlib.sha1(name.encode("utf-8")).hexdigest()[:8]
    if not squashed:
        return f"character-{digest}"
    return squashed if len(squashed) <= 40 else f"{squashed[:32]}-{digest}"


# Script ids the site's own pages use beside the scripts' (scripts/index.md lists them).
_SITE_PAGES = frozenset({"index"})


def _script_id(ident: str, taken: set[str]) -> str:
    """A script id safe as a page path, unique among the corpus's scripts and never a name of
    the site's own pages (a file index.txt), in any case (a site may be served from a
    file system that ignores it)."""
    base = re.sub(r"[^\w-]+", "-", ident).strip("-") or "script"
    unique, n = base, 1
    while unique.casefold() in taken | _SITE_PAGES:
        n += 1
        unique = f"{base}-{n}"
    taken.add(unique.casefold())
    return unique


def _names(given: dict[str, str], languages: Languages) -> dict[str, str]:
    """A character the glossary does not know is named in every language by the names its
    entries give, along each language's fallbacks."""
    return {code: given[source] for code in languages.codes
            for source in [next((c for c in (code, *languages.others(code)) if c in given),
                                next(iter(given)))]}


def _ids(glossary: Glossary, game: str, lang: str, names: list[str]) -> dict[str, str]:
    return {name: term.id for name in names if (term := glossary.lookup(game, lang, name))}


def _with_ids(book: Rulebook, glossary: Glossary) -> Rulebook:
    """The rulebook with every role and artifact name it writes resolved to a glossary id, once
    and in its own language: later stages look ids up, never names."""
    steps = (*book.wake_order_alone, *book.wake_order_combined)
    roles = [*(role.name for role in book.roles),
             *(step.role for step in steps), *(step.became for step in steps if step.became),
             *(name for role_set in book.role_sets for name in role_set.roles),
             *(note.role for note in book.doppelganger_notes),
             *(step.role for step in book.doppelganger_steps)]
    return replace(book, role_ids=_ids(glossary, "onuw", book.lang, roles),
                   artifact_ids=_ids(glossary, "onuw-artifact", book.lang,
                                     [artifact.name for artifact in book.artifacts]))


def shown_translation(message: PoMessage) -> bool:
    """A store message whose translation the pages show: translated, one text (no plural
    forms), no character that would split a line (the check names the others), and not a
    draft, unless it is one only because its source changed (msgmerge's fuzzy with a previous
    msgid): that one is shown with its notice."""
    draft = message.fuzzy and message.previous_id is None
    return bool(message.string.strip()) and not (message.obsolete or draft or message.plural
                                                 or FORBIDDEN.search(message.string))


def store_sections(store: PoFile) -> dict[tuple[str, str], PoMessage]:
    """(character id, section) → the store message the pages show for it (the first of a
    context that stands twice: the check names the second)."""
    found: dict[tuple[str, str], PoMessage] = {}
    for message in store.messages:
        ident, _, section = (message.context or "").partition("/")
        if section in SECTIONS and shown_translation(message):
            found.setdefault((ident, section), message)
    return found


def _store_entry(lang: str, file: str, ident: str, name: str, team: str,
                 sections: dict[str, PoMessage], quotes: str) -> Entry:
    """A character's translated sections as an entry of the store's file: a line of a list
    section per line of the translation, a one-line section joined."""
    values: dict[str, object] = {}
    for section, message in sections.items():
        lines = [line.strip() for line in message.string.split("\n") if line.strip()]
        if section in ("how_to_run", "examples"):
            values[section] = tuple(Line(line.removeprefix("- "), message.string_line)
                                    for line in lines)
        else:
            values[section] = Line(" ".join(lines), message.string_line)
    first = min(message.string_line for message in sections.values())
    status = {s: PRESENT if s in sections else MISSING for s in SECTIONS}
    return _quoting(Entry(lang=lang, file=file, line=first, name=name, raw_name=name, team=team,
                          status=status, **values), quotes)  # type: ignore[arg-type]


def _quoting(entry: Entry, quotes: str) -> Entry:
    """The entry with the ability its summary quotes, in the language's quotation marks."""
    quote = quoted_ability(entry.summary.text, quotes) if entry.summary else None
    return replace(entry, quoted=quote or "")


def _with_nights(entry: Entry, ident: str, languages: Languages,
                 night_order: NightOrder) -> Entry:
    """A merged entry with its steps of how to run sorted by night."""
    if not entry.how_to_run:
        return entry
    fixes = night_order.step_fixes(ident, entry.lang)
    return replace(entry, nights={night: steps_for_night(entry.how_to_run, night,
                                                        languages[entry.lang].night, fixes)
                                  for night in TONIGHT})


# The entries found per character key (game, id), by language, in the order read.
_Found = dict[tuple[str, str], dict[str, list[Entry]]]


@dataclass
class _Entries:
    """What the parsed files' entries give, per character key: the entries by language, the
    glossary's term, the team; and each file's character ids in order."""

    found: _Found = field(default_factory=dict)
    terms: dict[tuple[str, str], Term | None] = field(default_factory=dict)
    teams: dict[tuple[str, str], str] = field(default_factory=dict)
    file_ids: dict[str, tuple[str, ...]] = field(default_factory=dict)


def resolve(parsed: list[ParsedFile], languages: Languages, glossary: Glossary,
            night_order: NightOrder, read_diagnostics: list[Diagnostic],
            stores: dict[str, PoFile] | None = None) -> Corpus:
    diagnostics = list(read_diagnostics)
    read = _entries(parsed, glossary, languages, diagnostics)
    for lang, store in sorted((stores or {}).items()):
        _add_store(read, lang, store, languages[lang].quotes)
    characters = _characters(read, languages, night_order, diagnostics)
    rulebooks = tuple(_with_ids(pf.rulebook, glossary) for pf in parsed if pf.rulebook)
    characters += _roles(rulebooks, glossary, languages, diagnostics)
    taken: set[str] = set()
    scripts = tuple(
        Script(id=_script_id(s.id, taken), game="botc", lang=s.lang, title=s.title.text,
               file=s.file, line=s.title.line, author=s.author, declared_count=s.declared_count,
               characters=tuple(dict.fromkeys(read.file_ids[pf.file])), notes=s.notes)
        for pf in parsed for s in pf.scripts)
    # By id within each team: ids are language-neutral and read like the English names.
    characters.sort(key=lambda c: (c.game, glossary.team_order(c.team), c.id))
    return Corpus(languages, tuple(characters), scripts, rulebooks, tuple(parsed), glossary,
                  night_order, tuple(diagnostics), dict(stores or {}))


def _entries(parsed: list[ParsedFile], glossary: Glossary, languages: Languages,
             diagnostics: list[Diagnostic]) -> _Entries:
    """Every parsed entry under its character's key (a damaged name repaired, an unknown one
    said), with the files' findings."""
    read = _Entries()
    for pf in parsed:
        diagnostics += pf.diagnostics
        ids = []
        for entry in pf.entries:
            entry = _quoting(entry, languages[entry.lang].quotes)
            term = glossary.lookup("botc", entry.lang, entry.name)
            if entry.raw_name != entry.name:
                if term:  # a repaired name takes its proper spelling
                    entry = replace(entry, name=term.name(entry.lang))
                diagnostics.append(DAMAGED_NAME.at(entry.file, entry.line, entry.raw_name,
                                                   raw=entry.raw_name, name=entry.name))
            key = ("botc", term.id if term else character_id(entry.name))
            if term is None:
                diagnostics.append(UNKNOWN_CHARACTER.at(entry.file, entry.line, entry.raw_name,
                                                        "entry", name=entry.name))
            read.terms[key] = term
            read.teams.setdefault(key, term.team if term else entry.team or "")
            read.found.setdefault(key, {}).setdefault(entry.lang, []).append(entry)
            ids.append(key[1])
        read.file_ids[pf.file] = tuple(ids)
    return read


def _add_store(read: _Entries, lang: str, store: PoFile, quotes: str) -> None:
    """A language's store as one more entry per character it translates, after the corpus's."""
    by_id: dict[str, dict[str, PoMessage]] = {}
    for (ident, section), message in store_sections(store).items():
        by_id.setdefault(ident, {})[section] = message
    for ident, sections in by_id.items():
        key = ("botc", ident)
        if key not in read.found:
            continue  # a context naming no character of the corpus: the check says so
        term = read.terms[key]
        # A character the glossary does not know goes by the name its entries give it.
        name = term.name(lang) if term else \
            next(e.name for entries in read.found[key].values() for e in entries)
        read.found[key].setdefault(lang, []).append(
            _store_entry(lang, store.file, ident, name, read.teams[key], sections, quotes))


def _characters(read: _Entries, languages: Languages, night_order: NightOrder,
                diagnostics: list[Diagnostic]) -> list[Character]:
    """One character per key, its entries merged per language (what was superseded said)."""
    characters = []
    for (game, ident), by_lang in read.found.items():
        term = read.terms[(game, ident)]
        names = dict(term.names) if term else \
            _names({e.lang: e.name for es in by_lang.values() for e in es}, languages)
        entries = {}
        for lang, found_entries in sorted(by_lang.items()):
            named = Name(names.get(lang, ident), lang, tuple(sorted(names.items())))
            merged, superseded = _merge(found_entries, named)
            entries[lang] = _with_nights(merged, ident, languages, night_order)
            diagnostics += superseded
        characters.append(Character(
            id=ident, game=game, team=read.teams[(game, ident)], names=names,
            official=term is not None, entries=entries,
            places={lang: tuple(es) for lang, es in sorted(by_lang.items())}))
    return characters


def _roles(rulebooks: tuple[Rulebook, ...], glossary: Glossary, languages: Languages,
           diagnostics: list[Diagnostic]) -> list[Character]:
    """One Night's roles as characters, each named by the glossary (an unknown one said)."""
    characters = []
    for book in rulebooks:
        for role in book.roles:
            role_id = book.role_ids.get(role.name)
            term = glossary.by_id("onuw", role_id) if role_id else None
            if term is None:
                diagnostics.append(UNKNOWN_CHARACTER.at(book.file, role.line, role.name, "role",
                                                        name=role.name))
            characters.append(Character(
                id=term.id if term else character_id(role.name), game="onuw",
                team=term.team if term else "", names=dict(term.names) if term else
                _names({book.lang: role.name}, languages), official=term is not None, role=role))
    return characters
