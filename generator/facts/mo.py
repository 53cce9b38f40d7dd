"""An interface catalog compiled in memory into the bytes of a .mo file, for gettext's
GNUTranslations: what Babel's write_mo compiled from the same catalog, so every lookup of the
site gives the same words (no .mo file kept in step with its .po)."""
from __future__ import annotations

import struct

from generator.errors import AlmanacError
from generator.read.po import PoFile, PoMessage

_MAGIC = 0x950412DE
_HEADER_SIZE = 7 * 4


def _plural_forms(po: PoFile, cldr: str) -> tuple[int, str]:
    """(nplurals, plural) of the header's Plural-Forms, as Babel read them; cldr is the
    language's own (Babel's) where the header has none."""
    given = po.header.get("Plural-Forms")
    params = dict((name.strip().lower(), value.strip()) for name, _, value in
                  (part.partition("=") for part in (given or cldr).split(";")))
    try:
        return int(params.get("nplurals", 2)), params.get("plural") or "(n != 1)"
    except ValueError:
        raise AlmanacError(f"the header's Plural-Forms ({given}) gives nplurals no whole "
                           "number, as in nplurals=2; plural=(n != 1);", po.file,
                           po.header_line) from None


def _forms(message: PoMessage, count: int) -> list[str]:
    """A plural message's forms, count of them: an empty or missing one the English msgid (the
    singular for the first form, else the plural), as Babel compiled it."""
    ids = (message.id, message.id_plural or "")
    given = message.plural_strings[:count]
    return [given[n] if n < len(given) and given[n] else ids[min(n, 1)] for n in range(count)]


def _entry(message: PoMessage, count: int, file: str) -> tuple[bytes, bytes]:
    """The message's key (msgctxt EOT msgid [NUL msgid_plural]) and its translation."""
    parts = (message.context or "", message.id, message.id_plural or "", message.string,
             *message.plural_strings)
    if any("\x00" in part for part in parts):
        raise AlmanacError("a NUL character (\\0) in a message, which a compiled catalog "
                           "cannot hold", file, message.line)
    key = message.id if message.id_plural is None else f"{message.id}\x00{message.id_plural}"
    text = message.string if message.id_plural is None else "\x00".join(_forms(message, count))
    key = f"{message.context}\x04{key}" if message.context else key
    return key.encode("utf-8"), text.encode("utf-8")


def compiled(po: PoFile, cldr: str) -> bytes:
    """The catalog as a .mo: its translated messages neither fuzzy nor obsolete (a plural one
    always, its untranslated forms English), the first of a msgid and msgctxt given twice."""
    count, expression = _plural_forms(po, cldr)
    entries = {b"": f"Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals={count}; "
                    f"plural={expression};\n".encode()}
    for message in po.messages:
        if message.id and not message.obsolete and not message.fuzzy and \
                (message.string or message.id_plural is not None):
            entries.setdefault(*_entry(message, count, po.file))
    return _mo(sorted(entries.items()))


def _mo(entries: list[tuple[bytes, bytes]]) -> bytes:
    """GNU's .mo layout: the header, the keys' then the texts' lengths and offsets, then the
    strings, each ended by a NUL; no hash table."""
    keys_at = _HEADER_SIZE + 16 * len(entries)
    keys = b"".join(key + b"\x00" for key, _ in entries)
    texts_at = keys_at + len(keys)
    key_index: list[int] = []
    text_index: list[int] = []
    key_offset = text_offset = 0
    for key, text in entries:
        key_index += [len(key), keys_at + key_offset]
        text_index += [len(text), texts_at + text_offset]
        key_offset, text_offset = key_offset + len(key) + 1, text_offset + len(text) + 1
    index = [_MAGIC, 0, len(entries), _HEADER_SIZE, _HEADER_SIZE + 8 * len(entries), 0, 0,
             *key_index, *text_index]
    return struct.pack(f"<{len(index)}I", *index) + keys + \
        b"".join(text + b"\x00" for _, text in entries)
