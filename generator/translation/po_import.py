"""`almanac import-po`: a PO file translated in any editor, back into the content of its
language as content/<lang>/translations.txt, a file of its own in the line shape (corpus files
are never rewritten). Each translation supersedes the section it translates when the corpus
is read (resolve.py); what cannot be imported is reported at its line of the PO."""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import PoFileError, read_po

from generator.codes import PO_CONTEXT, PO_LINE_SHAPE, PO_STALE, PO_STEPS
from generator.errors import AlmanacError
from generator.facts.languages import Language
from generator.model import PRESENT, SECTIONS, Diagnostic
from generator.output.files import write_text
from generator.parse.vocabulary import BULLET
from generator.resolve import Character, Corpus
from generator.translation.lacking import TRANSLATIONS, is_translation, source_of
from generator.translation.line_shape import LISTS, Translated, file_text, misread, translated_of


@dataclass(frozen=True)
class Imported:
    file: str  # the translations file, as findings name it
    sections: int  # sections taken from the PO
    changed: bool  # whether the file was written
    problems: tuple[Diagnostic, ...]
    roles: int = 0  # One Night role texts translated, which have no shape to go in yet


@dataclass(frozen=True)
class _Section:
    id: str
    section: str
    lines: tuple[str, ...]
    po_line: int


def read_catalog(path: Path) -> Catalog:
    try:
        with path.open("rb") as po:
            return read_po(po, abort_invalid=True)
    except OSError as err:
        raise AlmanacError(f"cannot read the PO file: {err.strerror}", str(path)) from err
    except (PoFileError, UnicodeDecodeError, ValueError) as err:
        raise AlmanacError(f"not a PO file babel can read: {err}", str(path)) from err


def po_language(catalog: Catalog, corpus: Corpus, path: Path) -> Language:
    """The project language the PO header's `Language` names (ko, ko_KR, ko-KR …)."""
    named = (catalog.locale_identifier or "").replace("_", "-")
    for language in corpus.languages.all:
        if language.code.lower() in (named.lower(), named.split("-")[0].lower()):
            return language
    raise AlmanacError(f"the PO header's Language is '{named or 'missing'}', not a language of "
                       f"content/languages.yaml ({', '.join(corpus.languages.codes)})",
                       f"{path}:1")


def _lines(message: Message) -> list[str]:
    raw = message.string
    text = raw if isinstance(raw, str) else (raw[0] if raw else "")
    return [line.strip() for line in text.split("\n") if line.strip()]


def _section(message: Message, corpus: Corpus, characters: dict[str, Character],
             language: Language, shown: str) -> tuple[_Section | None, list[Diagnostic]]:
    """A message as a translated section (None: not imported), and what there is to say."""
    line = message.lineno or 1
    ident, _, section = (message.context or "").partition("/")
    character = characters.get(ident)
    if character is None or section not in SECTIONS:
        return None, [PO_CONTEXT.at(shown, line, str(message.id), context=message.context or "")]
    name = character.name(language.code)
    source = source_of(corpus, character, language.code, section)
    if source is None or message.id != "\n".join(x.text for x in source.field_lines(section)):
        return None, [PO_STALE.at(shown, line, str(message.id), name=name, section=section)]
    lines = _lines(message)
    said: list[Diagnostic] = []
    if section in LISTS:
        # The export writes steps without their bullets; a translator may have added them.
        lines = [x.removeprefix(BULLET.strip()).strip() for x in lines]
        expected = len(source.field_lines(section))
        if len(lines) != expected:
            said.append(PO_STEPS.at(shown, line, "\n".join(lines), name=name, section=section,
                                    found=len(lines), expected=expected))
    elif len(lines) > 1:
        said.append(PO_LINE_SHAPE.at(shown, line, "\n".join(lines), "joined", name=name,
                                     section=section, found=len(lines)))
        lines = [" ".join(lines)]
    if section == "summary" and lines[0][0] not in language.quotes:
        return None, [PO_LINE_SHAPE.at(shown, line, lines[0], "summary", name=name,
                                       section=section)]
    return _Section(ident, section, tuple(lines), line), said


def _current(characters: dict[str, Character], lang: str) -> dict[str, Translated]:
    """What the language's translations file holds now, by character id."""
    return {c.id: translated_of(entry, c.id, c.team)
            for c in characters.values() for entry in c.places.get(lang, ())
            if is_translation(entry.file)}


def import_po(root: Path, corpus: Corpus, path: Path) -> Imported:
    """Bring a translated PO into content/<lang>/translations.txt; write it only if it changes."""
    catalog = read_catalog(path)
    language = po_language(catalog, corpus, path)
    lang, shown = language.code, str(path)
    file = f"content/{lang}/{TRANSLATIONS}"
    characters = {c.id: c for c in corpus.characters if c.game == "botc"}
    entries = _current(characters, lang)
    problems: list[Diagnostic] = []
    taken: dict[tuple[str, str], int] = {}  # (id, section) → its line in the PO
    roles = 0
    for message in catalog:
        if not message.id or message.fuzzy or not _lines(message):
            continue  # drafts and empty messages wait
        if (message.context or "").startswith("onuw/"):
            roles += 1  # One Night roles: no corpus shape holds a lone role's text yet
            continue
        section, said = _section(message, corpus, characters, language, shown)
        problems += said
        if section is None:
            continue
        character = characters[section.id]
        entry = entries.get(section.id) or \
            Translated(section.id, character.team, character.name(lang), {})
        entries[section.id] = replace(entry, sections=entry.sections |
                                      {section.section: section.lines})
        taken[(section.id, section.section)] = section.po_line
    for ident, entry in list(entries.items()):
        entry, said = _fitted(entry, characters[ident], language, file, shown, taken)
        problems += said
        if entry.sections:
            entries[ident] = entry
        else:
            del entries[ident]
    order = {team.id: i for i, team in enumerate(corpus.glossary.teams)}
    ordered = sorted(entries.values(), key=lambda e: (order.get(e.team, len(order)), e.name))
    text = file_text(ordered, language)
    target = root / file
    changed = target.read_text(encoding="utf-8") != text if target.is_file() else bool(text)
    if changed:
        target.parent.mkdir(parents=True, exist_ok=True)
        write_text(target, text)
    kept = sum(section in entries[ident].sections for ident, section in taken
               if ident in entries)
    return Imported(file, kept, changed, tuple(problems), roles)


def _fitted(entry: Translated, character: Character, language: Language, file: str,
            shown: str, taken: dict[tuple[str, str], int]) -> tuple[Translated, list[Diagnostic]]:
    """The entry as the line shape can hold it: a flavor needs an ability line before it (the
    language's own, copied, where only the flavor is translated), and every section must read
    back as written. What cannot be held is dropped and said at its PO line."""
    said: list[Diagnostic] = []
    name = character.name(language.code)
    sections = dict(entry.sections)
    own = character.entries.get(language.code)
    if "flavor" in sections and "ability" not in sections:
        if own and own.ability and own.status["ability"] == PRESENT:
            sections["ability"] = (own.ability.text,)
        else:
            del sections["flavor"]
            said.append(PO_LINE_SHAPE.at(shown, taken.get((entry.id, "flavor"), 1), "",
                                         "needs-ability", name=name, section="flavor"))
    # Dropping a section can move the ones after it (a flavor read as the ability): again.
    while bad := misread(replace(entry, sections=sections), language, file):
        for section in bad:
            del sections[section]
            said.append(PO_LINE_SHAPE.at(shown, taken.get((entry.id, section), 1), "",
                                         "misread", name=name, section=section))
    return replace(entry, sections=sections), said
