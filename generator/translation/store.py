"""The translation store, content/<lang>/translations.po, brought up to date with the corpus as
msgmerge does: a new section an empty message; a section whose source text changed keeps its
translation as a draft (fuzzy) with its previous msgid (`#|`); a section no longer translatable
obsolete (`#~`), or dropped when it was never translated."""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from generator.facts.languages import display_name
from generator.facts.official import OfficialTexts
from generator.files import write_text
from generator.model import PRESENT, SECTIONS, Corpus
from generator.read.corpus import store_file
from generator.read.po import PoFile, PoMessage
from generator.translatable import REVIEWED
from generator.translation.comments import Address, message_comments
from generator.translation.lacking import (
    other_texts,
    same_text,
    source_text,
    translatable,
)
from generator.translation.po_text import po_text


def empty_store(corpus: Corpus, lang: str) -> PoFile:
    name = display_name(lang, "en") or corpus.languages[lang].name
    # In gettext's order of header fields, which msgmerge keeps.
    header = {"Project-Id-Version": "almanac", "Language-Team": f"{name} <{lang}>",
              "Language": lang, "MIME-Version": "1.0",
              "Content-Type": "text/plain; charset=UTF-8", "Content-Transfer-Encoding": "8bit"}
    comments = (f"Translations of the almanac into {name}: msgctxt names character and section, "
                "msgid is the text translated from.",
                f"Edit in any PO editor; `almanac update-po --lang {lang}` brings it up to date "
                "with the corpus.")
    return PoFile(store_file(lang), header, 1, (), comments)


def _merged(old: PoMessage | None, new: PoMessage) -> PoMessage:
    """The store's message for a current section, as msgmerge makes it from the old one."""
    if old is None:
        return new
    kept = replace(new, string=old.string, comments=old.comments,
                   flags=tuple(f for f in old.flags if f != "fuzzy"))
    if same_text(old.id, new.id):  # a spacing edit of the msgid: the source written back
        return replace(kept, flags=old.flags,
                       previous_id=old.previous_id if old.fuzzy else None,
                       previous_context=old.previous_context if old.fuzzy else None)
    if not old.string:
        return kept  # nothing translated: nothing to review
    earlier = old.previous_id if old.fuzzy and old.previous_id is not None else old.id
    if same_text(earlier, new.id):
        return kept  # the source is back to the text it was translated from
    # A changed source needs a review again: the mark goes with the fuzzy flag's coming.
    kept = replace(kept, comments=tuple(c for c in kept.comments if c.strip() != REVIEWED))
    return replace(kept, flags=("fuzzy", *kept.flags), previous_id=earlier,
                   previous_context=old.context if earlier != old.id or old.previous_context
                   is None else old.previous_context)


def fresh_messages(corpus: Corpus, lang: str, official: OfficialTexts | None = None,
                   address: Address | None = None) -> dict[str, PoMessage]:
    """context → the store's empty message of every section and role translatable into lang
    today, in corpus order: its source as msgid, its names and terms, its source's line, the
    page it shows on."""
    messages = [PoMessage(item.context, item.text, "", 0, 0, locations=(item.location,),
                          auto_comments=tuple(message_comments(corpus, item, lang, address)))
                for item in translatable(corpus, lang, official)]
    messages += [PoMessage(role.context, role.text, "", 0, 0, auto_comments=(role.comment,),
                           locations=(f"{role.location[0]}:{role.location[1]}",))
                 for role in other_texts(corpus, lang)]
    return {m.context or "": m for m in messages}


def updated(corpus: Corpus, lang: str, official: OfficialTexts | None = None,
            address: Address | None = None) -> PoFile:
    """The store of lang as msgmerge would leave it against the corpus of today (a section the
    official card covers in lang is no message: a translation of it obsolete)."""
    store = corpus.stores.get(lang) or empty_store(corpus, lang)
    live = {m.context: m for m in reversed(store.messages) if not m.obsolete}
    obsolete = {m.context: m for m in reversed(store.messages) if m.obsolete}
    messages: list[PoMessage] = []
    for context, new in fresh_messages(corpus, lang, official, address).items():
        old = live.pop(context, None) or obsolete.pop(context, None)
        messages.append(_merged(replace(old, obsolete=False) if old else None, new))
    gone = [replace(m, obsolete=True, flags=tuple(f for f in m.flags if f != "fuzzy"),
                    previous_id=None, previous_context=None, locations=(), auto_comments=())
            for m in live.values() if m.string]
    messages += sorted(gone, key=lambda m: m.line) + sorted(obsolete.values(),
                                                            key=lambda m: m.line)
    return replace(store, messages=tuple(messages))


@dataclass(frozen=True)
class Updated:
    file: str
    new: int  # sections new to the store
    fuzzy: int  # translations whose source changed, kept as drafts
    obsolete: int  # translations of sections no longer translatable
    changed: bool


def _counts(before: PoFile | None, after: PoFile) -> tuple[int, int, int]:
    old = {m.context: m for m in before.messages} if before else {}
    new = sum(1 for m in after.messages if not m.obsolete and m.context not in old)
    fuzzy = sum(1 for m in after.messages if m.fuzzy and not m.obsolete and
                m.context in old and not old[m.context].fuzzy)
    obsolete = sum(1 for m in after.messages if m.obsolete and m.context in old and
                   not old[m.context].obsolete)
    return new, fuzzy, obsolete


def write_store(root: Path, store: PoFile) -> bool:
    """Write the store if its text changes; through a link, where the store is one, so that
    the file it points to is what changes."""
    target = (root / store.file).resolve()
    text = po_text(store)
    try:
        if target.read_bytes() == text.encode("utf-8"):
            return False
    except OSError:
        pass  # not there yet
    target.parent.mkdir(parents=True, exist_ok=True)
    write_text(target, text)
    return True


# The file import-po wrote before the store, in the almanac's line shape: moved into the store
# by the first update-po, then removed.
LINE_SHAPE_FILE = "translations.txt"


def migrate(root: Path, corpus: Corpus, lang: str) -> int:
    """Move content/<lang>/translations.txt into the store: each written section a translated
    message of today's source text. Returns how many; the caller reads the corpus again."""
    old = f"content/{lang}/{LINE_SHAPE_FILE}"
    path = root / old
    if not path.is_file():
        return 0
    store = corpus.stores.get(lang) or empty_store(corpus, lang)
    held = {m.context for m in store.messages if not m.obsolete and m.string.strip()}
    added = []
    for character in corpus.characters:
        for entry in character.places.get(lang, ()):
            if entry.file != old:
                continue
            for section in SECTIONS:
                context = f"{character.id}/{section}"
                if entry.status[section] != PRESENT or context in held:
                    continue
                text = "\n".join(line.text for line in entry.field_lines(section))
                first = entry.field_lines(section)[0].line
                source = source_text(corpus, character, lang, section)
                # A section no other language has is kept obsolete, never dropped.
                # No `#:` to the file about to be removed: update-po names the source's line.
                added.append(PoMessage(context, source or "", text, first, first,
                                       obsolete=source is None))
    write_store(root, replace(store, messages=(*store.messages, *added)))
    path.unlink()
    return len(added)


def update_po(root: Path, corpus: Corpus, lang: str, official: OfficialTexts | None = None,
              address: Address | None = None) -> Updated:
    before = corpus.stores.get(lang)
    after = updated(corpus, lang, official, address)
    new, fuzzy, obsolete = _counts(before, after)
    return Updated(after.file, new, fuzzy, obsolete, write_store(root, after))


def other_sources(corpus: Corpus, lang: str) -> dict[str, str]:
    """context → a One Night role's description or a script's title, for a translation into
    lang."""
    return {text.context: text.text for text in other_texts(corpus, lang)}
