"""`almanac import-po`: a PO file translated in any editor, back into the content of its
language as content/<lang>/translations.txt, a file of its own in the line shape (corpus files
are never rewritten). Each translation supersedes the section it translates when the corpus
is read (resolve.py); what cannot be imported is reported at its line of the PO."""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import PoFileError, read_po, unescape

from generator.codes import PO_CONTEXT, PO_DUPLICATE, PO_LINE_SHAPE, PO_STALE, PO_STEPS
from generator.errors import AlmanacError
from generator.facts.languages import Language
from generator.model import PRESENT, SECTIONS, Diagnostic
from generator.output.files import write_text
from generator.parse.vocabulary import BULLET
from generator.resolve import Character, Corpus
from generator.translation.lacking import TRANSLATIONS, is_translation, source_text
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


# A PO line that is no comment: a keyword and a string, or a string continued, closed on its
# line. Babel reads a string without its closing quote by dropping its last character.
_STRING_LINE = re.compile(r'^(?:(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+)?'
                          r'"(?:[^"\\]|\\.)*"$')
_KEYWORD = re.compile(r'^(?P<keyword>msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+')


def read_catalog(path: Path) -> tuple[Catalog, dict[str, list[int]]]:
    """The catalog, and each context whose message (context and msgid) stands more than once,
    with its lines: Babel keeps one of them, without a word."""
    try:
        data = path.read_bytes()
        text = data.decode("utf-8").removeprefix("\ufeff")
    except OSError as err:
        raise AlmanacError(f"cannot read the PO file: {err.strerror}", str(path)) from err
    except UnicodeDecodeError as err:
        raise AlmanacError(f"not UTF-8 at byte {err.start}", str(path)) from err
    seen: dict[tuple[str, str], list[int]] = {}  # (context, msgid) → the context's lines
    keyword, parts = "", {"msgctxt": "", "msgid": ""}
    context_line = 0
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if not _STRING_LINE.match(line):
            raise AlmanacError("not a PO line: a keyword and a string in double quotes, closed "
                               "on its line", f"{path}:{number}")
        if match := _KEYWORD.match(line):
            keyword = match.group("keyword")
            if keyword == "msgctxt":
                parts, context_line = {"msgctxt": "", "msgid": ""}, number
            if keyword.startswith("msgstr") and parts["msgctxt"]:
                seen.setdefault((parts["msgctxt"], parts["msgid"]), []).append(context_line)
                parts = {"msgctxt": "", "msgid": ""}
        if keyword in parts:
            parts[keyword] += unescape(line[line.index('"'):])
    contexts = {context: lines for (context, _), lines in seen.items() if len(lines) > 1}
    try:
        return read_po(BytesIO(data), abort_invalid=True), contexts
    except (PoFileError, ValueError) as err:
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
    source = source_text(corpus, character, language.code, section)
    if source is None or message.id != source:
        return None, [PO_STALE.at(shown, line, str(message.id), name=name, section=section)]
    lines = _lines(message)
    said: list[Diagnostic] = []
    if section in LISTS:
        # The export writes steps without their bullets; a translator may have added them.
        lines = [x.removeprefix(BULLET).strip() for x in lines]
        expected = source.count("\n") + 1  # a source line a step
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


def _made_for_another(catalog: Catalog, corpus: Corpus, language: Language,
                      characters: dict[str, Character]) -> str | None:
    """The language whose export the PO's messages are, where not one of them is what the
    header's language is translated from and every one is what that language is."""
    def matches(lang: str) -> int:
        found = 0
        for message in catalog:
            ident, _, section = (message.context or "").partition("/")
            if message.id and ident in characters and section in SECTIONS:
                found += message.id == source_text(corpus, characters[ident], lang, section)
        return found
    if matches(language.code):
        return None
    return next((code for code in corpus.languages.codes
                 if code != language.code and matches(code)), None)


def import_po(root: Path, corpus: Corpus, path: Path) -> Imported:
    """Bring a translated PO into content/<lang>/translations.txt; write it only if it changes."""
    catalog, contexts = read_catalog(path)
    language = po_language(catalog, corpus, path)
    lang, shown = language.code, str(path)
    file = f"content/{lang}/{TRANSLATIONS}"
    characters = {c.id: c for c in corpus.characters if c.game == "botc"}
    if other := _made_for_another(catalog, corpus, language, characters):
        raise AlmanacError(f"the header says Language: {lang}, but the messages are those of "
                           f"an export for {other} (`export-po --lang {other}`); correct the "
                           "header", f"{path}:1")
    entries = _current(characters, lang)
    target = root / file
    before = _unchanged_by_rewrite(target, file, file_text(list(entries.values()), language))
    problems: list[Diagnostic] = []
    taken: dict[tuple[str, str], int] = {}  # (id, section) → its line in the PO
    notes: dict[tuple[str, str], list[Diagnostic]] = {}  # said of a section if it is kept
    roles = 0
    twice = contexts
    problems += [PO_DUPLICATE.at(shown, lines[1], context=context, count=len(lines),
                                 lines=tuple(map(str, lines))) for context, lines in twice.items()]
    for message in catalog:
        if not message.id or message.fuzzy or not _lines(message) or message.context in twice:
            continue  # drafts and empty messages wait; a context twice is for a person to settle
        if (message.context or "").startswith("onuw/"):
            roles += 1  # One Night roles: no corpus shape holds a lone role's text yet
            continue
        section, said = _section(message, corpus, characters, language, shown)
        if section is None:
            problems += said
            continue
        notes[(section.id, section.section)] = said
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
    changed = before != text if before is not None else bool(text)
    if changed:
        target.parent.mkdir(parents=True, exist_ok=True)
        write_text(target, text)
    kept = [(ident, section) for ident, section in taken
            if ident in entries and section in entries[ident].sections]
    problems += [note for key in kept for note in notes[key]]
    return Imported(file, len(kept), changed,
                    tuple(sorted(problems, key=lambda d: (d.line, d.code))), roles)


def _unchanged_by_rewrite(target: Path, file: str, rewritten: str) -> str | None:
    """The file's text, once sure that writing it anew loses none of its lines: one edited by
    hand that the parser reads otherwise (a line it cannot place, a placeholder) is refused."""
    if not target.is_file():
        return None
    try:
        text = target.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise AlmanacError(f"cannot read it to add the translations: {err}", file) from err
    lines = [line.strip() for line in text.splitlines()]
    lost = Counter(line for line in lines if line) - Counter(rewritten.splitlines())
    if lost:
        number = next(i for i, line in enumerate(lines, 1) if line in lost)
        raise AlmanacError("this line would be lost when the file is written anew, as the "
                           "almanac does not read it as part of a translation (see `almanac "
                           "check`); fix or move it, then import again", f"{file}:{number}")
    return text


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
        for section, why in bad.items():
            del sections[section]
            said.append(PO_LINE_SHAPE.at(shown, taken.get((entry.id, section), 1), "", why,
                                         name=name, section=section, language=language.code))
    return replace(entry, sections=sections), said
