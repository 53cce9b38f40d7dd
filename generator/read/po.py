"""A gettext PO file, read as msgfmt reads it: every message with the line of its msgid and of
its msgstr, its flags, its previous msgid (`#|`), its plural forms and whether it is obsolete
(`#~`). The project's one PO model: the translation stores and the interface catalogs
(generator/locales/) are read into it, export-po's files are made as it, and
translation/po_text.py writes it.

Babel's reader is not used here: it decodes five escapes only (`\\v`, octal and hex come through
as a backslash and a letter), reads a string without its closing quote by dropping its last
character, keeps the last of two messages of one context without a word, and gives no line for
a msgstr. This reader follows gettext's grammar and fails at the line, as msgfmt does."""
from __future__ import annotations

import codecs
import re
from dataclasses import dataclass, field
from typing import NamedTuple

from generator.errors import AlmanacError

# The first four bytes of a compiled catalog, in either byte order.
_MO_MAGIC = (b"\xde\x12\x04\x95", b"\x95\x04\x12\xde")
_KEYWORD = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s*(.*)$")
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v",
            "\\": "\\", '"': '"', "?": "?", "'": "'"}
_ESCAPE = re.compile(r"\\(?:([0-7]{1,3})|x([0-9A-Fa-f]+)|(.)|$)")
_QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"')
# The lines git writes around the two sides of a merge conflict (`|||||||`: the base, in diff3).
_CONFLICT = re.compile(r"(<{7}|\|{7}|={7}|>{7})(?: |$)")
_CHARSET = re.compile(rb'^"Content-Type:[^"\n]*charset=([A-Za-z0-9_.:-]+)', re.MULTILINE)


class PoRefusedError(AlmanacError):
    """A PO file refused whole for a reason a finding names in its reader's language: key is
    the template's key (codes.py, store-unreadable)."""

    def __init__(self, key: str, message: str, file: str, line: int, **params: str) -> None:
        super().__init__(message, file, line)
        self.key = key
        self.params = params


@dataclass(frozen=True)
class PoMessage:
    context: str | None
    id: str
    string: str
    line: int  # of its msgid
    string_line: int  # of its msgstr
    flags: tuple[str, ...] = ()
    previous_id: str | None = None  # `#| msgid`: the source it was translated from
    previous_context: str | None = None
    obsolete: bool = False
    id_plural: str | None = None  # msgid_plural (a store's section is one text: not supported)
    plural_strings: tuple[str, ...] = ()  # msgstr[0], msgstr[1] … of a message with id_plural
    comments: tuple[str, ...] = field(default=(), hash=False)  # `# ` translator comments
    auto_comments: tuple[str, ...] = field(default=(), hash=False)  # `#.`
    locations: tuple[str, ...] = field(default=(), hash=False)  # `#:`

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    @property
    def plural(self) -> bool:
        return self.id_plural is not None


@dataclass(frozen=True)
class PoFile:
    file: str  # as findings name it
    header: dict[str, str] = field(hash=False)
    header_line: int
    messages: tuple[PoMessage, ...]
    header_comments: tuple[str, ...] = ()  # the `# ` lines above the header

    @property
    def language(self) -> str | None:
        return self.header.get("Language") or None


def _unescape(body: str, file: str, line: int, column: int) -> str:
    """The string between the quotes, its escapes decoded as msgfmt does."""
    if "\\" not in body:  # most strings have none: no pattern to run
        return body

    def one(match: re.Match[str]) -> str:
        octal, hexa, char = match.groups()
        if octal or hexa:
            value = int(octal, 8) if octal else int(hexa, 16)
            if value > 0x7F:  # gettext reads it as a byte of the encoding, not a character
                raise AlmanacError(f"the escape {match.group(0)} stands for a byte above 127 "
                                   f"(column {column + match.start() + 1}); write the "
                                   "character itself", file, line)
            return chr(value)
        if char is not None and char in _ESCAPES:
            return _ESCAPES[char]
        shown = f"\\{char}" if char is not None else "a lone \\"
        raise AlmanacError(f"invalid escape {shown} in a string (column "
                           f"{column + match.start() + 1}); write \\\\ for a backslash",
                           file, line)
    return _ESCAPE.sub(one, body)


def _string(text: str, file: str, line: int, column: int) -> str:
    """A quoted PO string: its text decoded; anything else is an error at its line."""
    if not _QUOTED.fullmatch(text):
        raise AlmanacError("not a PO line: a keyword and a string in double quotes, closed on "
                           "its line", file, line)
    return _unescape(text[1:-1], file, line, column + 1)


def declared_charset(data: bytes) -> str | None:
    """The charset the header's Content-Type names (ASCII, as gettext requires), if any."""
    found = _CHARSET.search(data[:data.find(b"\n\n") if b"\n\n" in data else 4096])
    return found.group(1).decode("ascii") if found else None


def _codec(charset: str | None, file: str) -> str:
    """The codec of a declared charset; UTF-8 where none is declared, as msgfmt reads it."""
    if charset is None or charset.upper() == "CHARSET":  # xgettext's placeholder
        return "utf-8"
    try:
        return codecs.lookup(charset).name
    except LookupError:
        raise AlmanacError(f"the header's charset={charset} is no encoding this tool knows; "
                           f"convert the file: msgconv -t UTF-8 {file} -o {file}", file) from None


def decode_po(data: bytes, file: str, any_charset: bool = False) -> list[str]:
    """The file's lines as text (a BOM dropped, CRLF read as LF), or one error: a compiled
    catalog, or bytes that are not in its encoding, at their line and column. The encoding is
    UTF-8, or with any_charset the one its header declares (a translator's file, read as msgfmt
    reads it; the store the tool writes stays UTF-8)."""
    if data[:4] in _MO_MAGIC:
        raise AlmanacError("a compiled catalog (.mo), not a PO file; give the .po it was "
                           "compiled from", file)
    data = data.removeprefix(b"\xef\xbb\xbf")
    charset = declared_charset(data)
    codec = _codec(charset, file) if any_charset else "utf-8"
    try:
        text = data.decode(codec)
    except UnicodeDecodeError as err:
        start = data.rfind(b"\n", 0, err.start) + 1
        line = data.count(b"\n", 0, err.start) + 1
        column = len(data[start:err.start].decode(codec, "replace")) + 1
        byte = f"byte 0x{data[err.start]:02X}"
        if codec != "utf-8":
            raise AlmanacError(f"not {charset} at column {column} ({byte}), the charset its "
                               "header declares: correct the header's charset, or save the "
                               "file as UTF-8", file, line) from err
        if charset is not None and _codec(charset, file) != "utf-8":
            raise AlmanacError(f"not UTF-8 at column {column} ({byte}): the header declares "
                               f"charset={charset}, and the store is UTF-8; convert it: msgconv "
                               f"-t UTF-8 {file} -o {file}", file, line) from err
        raise AlmanacError(f"not UTF-8 at column {column} ({byte}; Latin-1 or another legacy "
                           "encoding?): save the file as UTF-8", file, line) from err
    lines = [each.removesuffix("\r") for each in text.split("\n")]
    for number, each in enumerate(lines, 1):
        if "\r" in each and "\r" in _QUOTED.sub("", each):
            raise PoRefusedError("carriage-return", "its lines end in a carriage return alone "
                                 "(as old Mac editors save them), which msgfmt does not read as "
                                 "line ends; save the file with LF line ends", file, number)
    return lines


@dataclass
class _Draft:
    """A message being read, keyword by keyword; each string kept as its lines' pieces, joined
    once at its end (adding piece by piece copies a long continued string at every line)."""

    line: int = 0
    string_line: int = 0
    context: list[str] | None = None
    id: list[str] | None = None
    id_plural: list[str] | None = None
    strings: dict[int, list[str]] = field(default_factory=dict)
    flags: list[str] = field(default_factory=list)
    previous: dict[str, list[str]] = field(default_factory=dict)
    obsolete: bool = False
    comments: list[str] = field(default_factory=list)
    auto_comments: list[str] = field(default_factory=list)
    locations: list[str] = field(default_factory=list)
    last: str = ""  # the keyword a continued string adds to

    def started(self) -> bool:
        return self.id is not None or self.context is not None

    def message(self) -> PoMessage:
        previous = {key: "".join(parts) for key, parts in self.previous.items()}
        strings = {index: "".join(parts) for index, parts in self.strings.items()}
        # msgstr[n] in order of n, a form the file leaves out empty
        forms = tuple(strings.get(n, "") for n in range(max(strings) + 1)) \
            if self.id_plural is not None else ()
        return PoMessage(None if self.context is None else "".join(self.context),
                         "".join(self.id or ()), strings.get(0, ""), self.line,
                         self.string_line, tuple(self.flags), previous.get("msgid"),
                         previous.get("msgctxt"), self.obsolete,
                         None if self.id_plural is None else "".join(self.id_plural), forms,
                         tuple(self.comments), tuple(self.auto_comments), tuple(self.locations))


class _Line(NamedTuple):  # not a dataclass: one is made for every line, and this is cheaper
    """A line of a PO file, its marks (`#~` obsolete, `#|` previous) and spaces taken off."""

    number: int
    text: str
    column: int  # where text starts in the file's line, from 0
    obsolete: bool
    previous: bool


def _marked(raw: str, number: int, file: str) -> _Line | None:
    """The line with its marks read; None for a blank one; a merge conflict's marker refused."""
    if raw[:1] in "<|=>" and (marker := _CONFLICT.match(raw)):
        raise PoRefusedError("conflict", f"a merge conflict (git's {marker.group(1)} line): "
                             "keep one text of each message and remove the marker lines",
                             file, number, marker=marker.group(1))
    line = raw.strip()
    if line[:1] != "#":  # most lines: no mark to take off
        return _Line(number, line, len(raw) - len(raw.lstrip()), False, False) if line else None
    obsolete = line.startswith("#~")
    if obsolete:
        line = line[2:].strip()
    previous = line.startswith("#|") or (obsolete and line.startswith("|"))
    if previous:
        line = line.removeprefix("#").removeprefix("|").strip()
    if not line:
        return None
    column = len(raw) - len(raw.lstrip()) + (len(raw.strip()) - len(line))
    return _Line(number, line, column, obsolete, previous)


class _Reader:
    """The messages of a file's lines, read one line at a time as msgfmt reads them."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.messages: list[PoMessage] = []
        self.draft = _Draft()

    def close(self) -> None:
        """The message read so far ends (a comment, msgctxt or msgid after its msgstr)."""
        if self.draft.started():
            if not self.draft.strings:
                raise AlmanacError("msgid without its msgstr (every message needs a msgstr "
                                   "line, even an empty one: msgstr \"\")", self.file,
                                   self.draft.line)
            self.messages.append(self.draft.message())
        self.draft = _Draft()

    def take(self, line: _Line) -> None:
        if line.text.startswith("#"):
            if not line.obsolete:  # a comment inside an obsolete message is left out
                self._comment(line.text)
        elif line.previous:
            self._previous(line)
        elif line.text.startswith('"'):
            self._continued(line)
        else:
            self._keyword(line)

    def _comment(self, text: str) -> None:
        if self.draft.strings:
            self.close()
        draft, kind, rest = self.draft, text[1:2], text[2:].strip()
        if kind == ",":
            draft.flags += [f.strip() for f in rest.split(",") if f.strip()]
        elif kind == ".":
            draft.auto_comments.append(rest)
        elif kind == ":":
            draft.locations += rest.split()
        elif kind in (" ", ""):
            draft.comments.append(text[2:] if kind == " " else text[1:])

    def _previous(self, line: _Line) -> None:
        """A `#|` line: the msgctxt or msgid the translation was made from, or its next line."""
        match = _KEYWORD.match(line.text)
        if match and match.group(1) in ("msgctxt", "msgid"):
            if self.draft.strings:
                self.close()
            value = _string(match.group(3), self.file, line.number, line.column)
            self.draft.previous[match.group(1)] = [value]
            self.draft.last = "#|" + match.group(1)
        elif line.text.startswith('"') and self.draft.last.startswith("#|"):
            value = _string(line.text, self.file, line.number, line.column)
            self.draft.previous[self.draft.last[2:]].append(value)

    def _continued(self, line: _Line) -> None:
        """A string alone on its line: the rest of the keyword's before it."""
        value = _string(line.text, self.file, line.number, line.column)
        draft = self.draft
        if draft.last == "msgctxt" and draft.context is not None:
            draft.context.append(value)
        elif draft.last == "msgid" and draft.id is not None:
            draft.id.append(value)
        elif draft.last == "msgid_plural" and draft.id_plural is not None:
            draft.id_plural.append(value)
        elif draft.last.startswith("msgstr"):
            draft.strings[int(draft.last[6:] or 0)].append(value)
        else:
            raise AlmanacError("a string with no keyword before it", self.file, line.number)

    def _keyword(self, line: _Line) -> None:
        match = _KEYWORD.match(line.text)
        if match is None:
            raise AlmanacError("not a PO line: a keyword and a string in double quotes, closed "
                               "on its line", self.file, line.number)
        keyword, index, rest = match.group(1), match.group(2), match.group(3)
        value = _string(rest, self.file, line.number, line.column + match.start(3))
        if keyword in ("msgctxt", "msgid") and (self.draft.strings or (
                keyword == "msgctxt" and self.draft.id is not None)):
            self.close()
        if keyword == "msgid" and self.draft.id is not None:
            raise AlmanacError("msgid without its msgstr (every message needs a msgstr line, "
                               "even an empty one: msgstr \"\")", self.file, self.draft.line)
        self.draft.last = self._keyed(keyword, index, value, line.number)
        self.draft.obsolete = self.draft.obsolete or line.obsolete

    def _keyed(self, keyword: str, index: str | None, value: str, number: int) -> str:
        """The draft given the keyword's string; the keyword a continued string adds to."""
        draft = self.draft
        if keyword == "msgctxt":
            draft.context = [value]
            draft.line = draft.line or number
        elif keyword == "msgid":
            draft.id, draft.line = [value], number
        elif keyword == "msgid_plural":
            draft.id_plural = [value]
        else:
            if draft.id is None:
                raise AlmanacError("msgstr without a msgid before it", self.file, number)
            draft.strings[int(index or 0)] = [value]
            draft.string_line = draft.string_line or number
            keyword = f"msgstr{index or ''}"
        return keyword


def parse_po(lines: list[str], file: str) -> PoFile:
    """The messages of a PO file's lines; a line that breaks gettext's grammar is an error."""
    reader = _Reader(file)
    for number, raw in enumerate(lines, 1):
        if (line := _marked(raw, number, file)) is not None:
            reader.take(line)
    reader.close()
    return _with_header(reader.messages, file)


def _with_header(messages: list[PoMessage], file: str) -> PoFile:
    header: dict[str, str] = {}
    header_line, comments = 1, tuple[str, ...]()
    if messages and messages[0].id == "" and messages[0].context is None:
        first = messages.pop(0)
        header_line, comments = first.line, first.comments
        for entry in first.string.split("\n"):
            name, colon, value = entry.partition(":")
            if colon:
                header[name.strip()] = value.strip()
    return PoFile(file, header, header_line, tuple(messages), comments)


def read_po_bytes(data: bytes, file: str, any_charset: bool = False) -> PoFile:
    """The PO file in data (shown as file in its errors); any_charset: see decode_po."""
    return parse_po(decode_po(data, file, any_charset), file)


# Characters a translation may not hold: they break a line for some tools or split a section
# (CR, VT, FF, NEL, the Unicode line and paragraph separators, other controls); a tab is let be.
FORBIDDEN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")
# Characters that show nothing but reorder or join what is around them: a finding, not refused.
INVISIBLE = re.compile("[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]")


def named(characters: str) -> tuple[str, ...]:
    """Each character once, as U+XXXX: a message names it in its reader's language
    (views/labels.py: CHARACTER_NAMES)."""
    return tuple(f"U+{ord(c):04X}" for c in dict.fromkeys(characters))
