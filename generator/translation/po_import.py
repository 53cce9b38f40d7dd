"""`almanac import-po`: a translator's PO merged into the language's store,
content/<lang>/translations.po. A message is taken when it is translated, not a draft, and
made from the current source text; a store entry that changed since the PO was made (by the
`store:` revision export-po writes beside each message) and differs from it is a conflict,
named and left as it is. A second import of the same PO changes nothing."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from generator.codes import (
    PO_CONFLICT,
    PO_CONTEXT,
    PO_DRAFT,
    PO_DUPLICATE,
    PO_INVISIBLE,
    PO_REFUSED,
    PO_STALE,
    PO_STEPS,
    STORE_MESSAGE,
)
from generator.errors import AlmanacError
from generator.facts.languages import Language
from generator.facts.official import OfficialTexts
from generator.model import SECTIONS, Corpus, Diagnostic
from generator.read.corpus import store_file
from generator.read.po import FORBIDDEN, INVISIBLE, PoFile, PoMessage, named, read_po_bytes
from generator.read.regular_file import read_regular
from generator.translation.comments import Address
from generator.translation.lacking import revision, same_text, translatable, written_state
from generator.translation.store import (
    empty_store,
    fresh_messages,
    other_sources,
    write_store,
)


@dataclass(frozen=True)
class Imported:
    file: str  # the store, as findings name it
    lang: str
    sections: int  # translations taken into the store
    kept_drafts: int  # translations of an earlier source, kept in the store as drafts
    unchanged: int  # translations the store already held as they are
    drafts: int  # translated but fuzzy: left in the PO until the translator clears the flag
    waiting: int  # empty messages, left in the PO
    changed: bool  # whether the store was written
    problems: tuple[Diagnostic, ...]

    @property
    def refused(self) -> int:
        """Problems that kept a message out of the store (the others were imported, and said)."""
        return sum(1 for p in self.problems if p.code not in _TAKEN_WITH_A_WARNING | _KEPT)

    @property
    def warned(self) -> int:
        """Translations imported with a warning."""
        return sum(1 for p in self.problems if p.code in _TAKEN_WITH_A_WARNING)


# The problems of a message imported as it is, a warning only.
_TAKEN_WITH_A_WARNING = frozenset({PO_STEPS.code, PO_INVISIBLE.code})
# The problems of a message kept in the store as a draft.
_KEPT = frozenset({PO_DRAFT.code})


# The most a translator's PO file may be: a whole language's is about 300 KB.
MAX_PO = 64 * 2**20


def read_translator_po(path: Path) -> PoFile:
    data = read_regular(path, MAX_PO, "PO file", "cannot read the PO file")
    return read_po_bytes(data, str(path), any_charset=True)


def po_language(po: PoFile, corpus: Corpus, given: str | None) -> Language:
    """The project language of the PO: --lang, else its header's `Language` (ko, ko_KR …)."""
    header = (po.language or "").replace("_", "-")
    if given and header and given.lower() not in (header.lower(), header.split("-")[0].lower()):
        raise AlmanacError(f"--lang {given}, but the PO header says Language: {po.language}; "
                           "drop --lang or correct the header", po.file, po.header_line)
    named_ = given or header
    where = None if given else po.header_line
    if not named_:
        made = _made_for(po, corpus)
        hint = f'("Language: {made}\\n": its messages are those of an export for {made})' \
            if made else f"(\"Language: CODE\\n\", a code of content/languages.yaml: " \
                         f"{', '.join(corpus.languages.codes)})"
        raise AlmanacError(f"the PO header has no Language; add one {hint} or pass --lang",
                           po.file, where)
    for language in corpus.languages.all:
        if language.code.lower() in (named_.lower(), named_.split("-")[0].lower()):
            return language
    declared = [language.code for language in corpus.languages.all if language.almanac]
    raise AlmanacError(f"the PO header's Language is '{named_}', not a language of "
                       f"content/languages.yaml ({', '.join(declared)}) nor one CLDR knows",
                       po.file, where)


class StoreRefusedError(AlmanacError):
    """The store was not read whole, so nothing is written over it: its finding (None where the
    checks have none), for the command to say in lang."""

    def __init__(self, finding: Diagnostic | None, file: str, lang: str) -> None:
        super().__init__("the translation store cannot be read; not written until it can be "
                         "read whole", file, finding.line if finding else None)
        self.finding, self.lang = finding, lang


def current_store(root: Path, corpus: Corpus, lang: str) -> PoFile:
    """The store as the corpus read it; one that exists but was not read whole (unreadable, or
    a link out of the project) is refused with its finding, so that writing it anew never loses
    what it holds nor writes outside the project."""
    store = corpus.stores.get(lang)
    if store is not None:
        return store
    file = store_file(lang)
    path = root / file
    if path.exists() or path.is_symlink():
        raise StoreRefusedError(next((d for d in corpus.diagnostics if d.file == file), None), file,
                           lang)
    return empty_store(corpus, lang)


def mergeable_store(root: Path, corpus: Corpus, lang: str) -> PoFile:
    """The store as update-po may rewrite it: read whole, and no context twice (msgfmt refuses
    that too; a merge keeps one message a context, and would drop the other's translation)."""
    store = current_store(root, corpus, lang)
    first: dict[str, int] = {}
    for m in store.messages:
        if m.obsolete or m.context is None:
            continue
        if m.context in first:
            raise StoreRefusedError(STORE_MESSAGE.at(store.file, m.line, key="duplicate",
                                                context=m.context, first=first[m.context]),
                               store.file, lang)
        first[m.context] = m.line
    return store


def _sources(corpus: Corpus, lang: str) -> dict[str, str]:
    """context → the text a translation into lang is made from, for every context the store
    may hold; and those of the other languages, to tell a moved context from an edited msgid."""
    found = {item.context: item.text for item in translatable(corpus, lang)}
    return found | other_sources(corpus, lang)


def _problem(message: PoMessage, shown: str, sources: dict[str, str], by_text: dict[str, str],
             store: dict[str, PoMessage], corpus: Corpus, lang: str) -> Diagnostic | None:
    """Why a translated message cannot be taken as it is (None: it can; PO_DRAFT: it is kept
    as a draft). by_text: source text → the first context it is the source of (a moved msgctxt
    found in one look-up)."""
    context = message.context or ""
    at = (shown, message.line, message.string)
    ident, _, section = context.partition("/")
    if context not in sources:
        character = corpus.character("botc", ident)
        if character and section in SECTIONS and written_state(character, lang, section) == \
                "present":
            return PO_REFUSED.at(*at, key="written", context=context, language=lang)
        return PO_CONTEXT.at(*at, key="" if context else "none", context=context)
    if message.plural:
        return PO_REFUSED.at(*at, key="plural", context=context)
    if not same_text(message.id, sources[context]):
        if moved := by_text.get(message.id):
            return PO_STALE.at(*at, key="moved", context=context, other=moved)
        held = store.get(context)
        if not (held and held.string.strip()) and not FORBIDDEN.search(_text(message)):
            # An earlier source (or a msgid edited by hand) where the store has no translation:
            # the translator's work kept, for review.
            return PO_DRAFT.at(*at, context=context)
        if held and message.id in (held.id, held.previous_id):
            return PO_STALE.at(*at, context=context)
        return PO_STALE.at(*at, key="edited", context=context)
    if found := FORBIDDEN.findall(message.string.replace("\r\n", "\n")):
        return PO_REFUSED.at(*at, key="characters", context=context,
                             characters=named("".join(found)))
    return None


def _base(message: PoMessage) -> str | None:
    """The store's revision when the PO was made, where export-po wrote it."""
    return next((c.removeprefix("store:").strip() for c in message.auto_comments
                 if c.startswith("store:")), None)


# The official sentences a translation must not be (a name is a word, and may be one).
_SENTENCES = ("ability", "flavor", "first", "other")


def _refuse_official(po: PoFile, official: OfficialTexts | None) -> None:
    """A translation that is an official sentence of its character (its card's ability, flavor
    or night reminder, in any language): refused whole, at its line, as nothing is written."""
    if official is None:
        return
    for message in po.messages:
        ident = (message.context or "").partition("/")[0]
        text = " ".join(message.string.split())
        if message.obsolete or not text:
            continue
        for key in _SENTENCES:
            card = next((card for card in official.every_language(ident, key)
                         if " ".join(card.text.split()) == text), None)
            if card is not None:
                raise AlmanacError(
                    f"the translation of {message.context} is the official {card.lang} card's "
                    f"text ({key}); the project never copies official texts (its pages show "
                    "them): clear it, then import again", po.file, message.string_line)


def import_po(root: Path, corpus: Corpus, path: Path, lang: str | None = None,
              official: OfficialTexts | None = None, address: Address | None = None
              ) -> Imported:
    """Merge a translated PO into the store of its language; write it only if it changes.
    Call with the project's lock held and a corpus read under it. official: the data whose
    sentences a translation must not be; address: where a section shows (as update-po)."""
    po = read_translator_po(path)
    _refuse_official(po, official)
    language = po_language(po, corpus, lang)
    code = language.code
    store = current_store(root, corpus, code)
    sources = _sources(corpus, code)
    said = f"--lang {lang}" if lang and not po.language else f"the header says Language: {code}"
    _refuse_another_language(po, corpus, code, sources, said)
    held = {m.context or "": m for m in reversed(store.messages) if not m.obsolete}
    sorting = _Sorting(str(path), store.file, held)
    sorting.sort(po, sources, corpus, code)
    merged = _merged(store, sorting.taken, sorting.noted, held,
                     fresh_messages(corpus, code, official, address), sorting.drafted)
    changed = write_store(root, merged) if sorting.taken or merged != store else False
    return Imported(store.file, code, len(sorting.taken), len(sorting.drafted),
                    sorting.unchanged, sorting.drafts, sorting.waiting, changed,
                    tuple(sorted(sorting.problems, key=lambda d: (d.line, d.code))))


def _duplicates(po: PoFile, shown: str) -> tuple[set[str], list[Diagnostic]]:
    """The contexts the PO gives more than one message, none of which is taken, and a problem
    at the second of each."""
    seen: dict[str, list[str]] = {}
    for m in po.messages:
        if m.context is not None and not m.obsolete:
            seen.setdefault(m.context, []).append(str(m.line))
    twice = {context for context, lines in seen.items() if len(lines) > 1}
    return twice, [PO_DUPLICATE.at(shown, int(seen[context][1]), context=context,
                                   count=len(seen[context]), lines=tuple(seen[context]))
                   for context in sorted(twice)]


@dataclass
class _Sorting:
    """The messages of a translator's PO, each where the import puts it: taken into the store,
    kept there as a draft, already there, or left out with the problem why."""

    shown: str  # the PO, as findings name it
    store_file: str
    held: dict[str, PoMessage]  # context → the store's message
    taken: dict[str, PoMessage] = field(default_factory=dict)
    # The translator's comments of a message the store already has as it is.
    noted: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # Translations of an earlier source, kept in the store as drafts.
    drafted: dict[str, PoMessage] = field(default_factory=dict)
    problems: list[Diagnostic] = field(default_factory=list)
    unchanged: int = 0
    drafts: int = 0
    waiting: int = 0

    def sort(self, po: PoFile, sources: dict[str, str], corpus: Corpus, lang: str) -> None:
        twice, self.problems = _duplicates(po, self.shown)
        by_text = {text: context for context, text in reversed(sources.items())}
        for message in po.messages:
            if message.obsolete or not message.id or (message.context or "") in twice:
                continue
            if not message.string.strip():
                self.waiting += 1
            elif message.fuzzy:
                self.drafts += 1  # the translator's own mark that it is not ready
            else:
                self._judged(message, _problem(message, self.shown, sources, by_text, self.held,
                                               corpus, lang))

    def _judged(self, message: PoMessage, problem: Diagnostic | None) -> None:
        context = message.context or ""
        old = self.held.get(context)
        if problem and old and old.fuzzy and (old.previous_id, old.string) == \
                (message.id, _text(message)):
            self.unchanged += 1  # the draft an earlier import kept
        elif problem and problem.code == PO_DRAFT.code:
            self.drafted[context] = message
            self.problems.append(problem)
        elif problem:
            self.problems.append(problem)
        else:
            self._translated(message, old)

    def _translated(self, message: PoMessage, old: PoMessage | None) -> None:
        """A translation of today's source: taken, unless the store has it already or changed
        since the PO was made."""
        context, text = message.context or "", _text(message)
        if old and old.string == text and not old.fuzzy and old.id == message.id:
            self.unchanged += 1
            self.noted[context] = message.comments
        elif old and old.string and old.string != text and _base(message) != revision(old.string):
            self.problems.append(PO_CONFLICT.at(self.shown, message.line, text, context=context,
                                                place=f"{self.store_file}:{old.line}"))
        else:
            if found := INVISIBLE.findall(text):
                self.problems.append(PO_INVISIBLE.at(self.shown, message.line, text,
                                                     context=context,
                                                     characters=named("".join(found))))
            self.problems += _steps(message, text, self.shown)
            self.taken[context] = message


def _steps(message: PoMessage, text: str, shown: str) -> list[Diagnostic]:
    """A list section with another number of lines than its source: taken, and said."""
    section = (message.context or "").partition("/")[2]
    if section not in ("how_to_run", "examples"):
        return []
    found = len([line for line in text.split("\n") if line.strip()])
    expected = len([line for line in message.id.split("\n") if line.strip()])
    return [] if found == expected else [PO_STEPS.at(shown, message.line, text,
                                                     context=message.context or "",
                                                     found=found, expected=expected)]


def _merged(store: PoFile, taken: dict[str, PoMessage], noted: dict[str, tuple[str, ...]],
            held: dict[str, PoMessage], fresh: dict[str, PoMessage],
            drafted: dict[str, PoMessage]) -> PoFile:
    """The store with the taken translations and the translator's comments of every message
    imported or already held: in place where it holds their context, else added at the end
    (`update-po` puts them in corpus order) as update-po writes a message. A drafted one is
    fuzzy, its earlier source its previous msgid, as update-po leaves a changed source."""
    messages = []
    for message in store.messages:
        context = message.context or ""
        mine = not message.obsolete and held.get(context) is message
        new = taken.get(context) if mine else None
        draft = drafted.get(context) if mine else None
        if new:
            message = replace(message, id=fresh[context].id, string=_text(new),
                              flags=tuple(f for f in message.flags if f != "fuzzy"),
                              previous_id=None, previous_context=None)
        elif draft:
            message = replace(message, id=fresh[context].id, string=_text(draft),
                              flags=("fuzzy", *(f for f in message.flags if f != "fuzzy")),
                              previous_id=draft.id, previous_context=context)
            new = draft
        comments = new.comments if new else noted.get(context, ()) if mine else ()
        messages.append(replace(message, comments=_with(message.comments, comments)))
    added = [replace(fresh[context], string=_text(m), comments=m.comments)
             for context, m in taken.items() if context not in held]
    added += [replace(fresh[context], string=_text(m), comments=m.comments, flags=("fuzzy",),
                      previous_id=m.id, previous_context=context)
              for context, m in drafted.items() if context not in held]
    return replace(store, messages=tuple(messages + added))


def _with(kept: tuple[str, ...], new: tuple[str, ...]) -> tuple[str, ...]:
    """The store's translator comments, then the PO's it lacks."""
    return kept + tuple(comment for comment in dict.fromkeys(new) if comment not in kept)


def _text(message: PoMessage) -> str:
    return message.string.replace("\r\n", "\n")


def _made_for(po: PoFile, corpus: Corpus) -> str | None:
    """The language whose export the PO's messages are (a msgid its source today), if any."""
    ids = [(m.context or "", m.id) for m in po.messages if m.id and not m.obsolete]
    return next((code for code in corpus.languages.codes
                 if _any_source(ids, _sources(corpus, code))), None)


def _any_source(ids: list[tuple[str, str]], sources: dict[str, str]) -> bool:
    """Whether some (context, msgid) is the source of its context today."""
    return any(sources.get(context) == text for context, text in ids)


def _refuse_another_language(po: PoFile, corpus: Corpus, lang: str,
                             sources: dict[str, str], said: str) -> None:
    """A PO said (by its header or --lang) to be lang but whose msgids are all what another
    language is translated from (an export for it, relabelled): refused at its header."""
    ids = [(m.context or "", m.id) for m in po.messages if m.id and not m.obsolete]
    if not ids or _any_source(ids, sources):
        return
    for other in corpus.languages.codes:
        if other != lang and _any_source(ids, _sources(corpus, other)):
            fix = "correct the header" if said.startswith("the header") else f"give --lang {other}"
            raise AlmanacError(f"{said}, but the messages are those of an export for {other} "
                               f"(`export-po --lang {other}`); {fix}", po.file, po.header_line)
