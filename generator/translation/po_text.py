"""A PO file as gettext writes it, without wrapping: `msgcat --no-wrap` and `msgfmt -c` take it
as it is. Long lines are not wrapped, so an edit to a sentence is a one-line diff in git."""
from __future__ import annotations

from generator.read.po import PoFile, PoMessage

_ESCAPED = {"\\": "\\\\", '"': '\\"', "\t": "\\t", "\r": "\\r", "\a": "\\a", "\b": "\\b",
            "\f": "\\f", "\v": "\\v"}


def _escaped(char: str) -> str:
    """A character as a PO string holds it: C escapes, octal for other ASCII controls."""
    if char in _ESCAPED:
        return _ESCAPED[char]
    return f"\\{ord(char):03o}" if ord(char) < 0x20 and char != "\n" or char == "\x7f" else char


def _quoted(text: str) -> str:
    return '"' + "".join(map(_escaped, text)).replace("\n", "\\n") + '"'


def _field(prefix: str, keyword: str, text: str) -> list[str]:
    """`keyword "text"`, or, where the text has a line break before its end, an empty first
    string and a string per line, as gettext writes them."""
    if "\n" not in text.rstrip("\n") or text == "":
        return [f"{prefix}{keyword} {_quoted(text)}"]
    parts = text.split("\n")
    lines = [part + "\n" for part in parts[:-1]] + ([parts[-1]] if parts[-1] else [])
    return [f"{prefix}{keyword} \"\"", *(f"{prefix}{_quoted(line)}" for line in lines)]


def message_lines(message: PoMessage) -> list[str]:
    lines = [f"# {c}".rstrip() for c in message.comments]
    lines += [f"#. {c}".rstrip() for c in message.auto_comments]
    lines += [f"#: {location}" for location in message.locations]
    if message.flags:
        lines.append("#, " + ", ".join(message.flags))
    mark = "#~ " if message.obsolete else ""
    if message.previous_id is not None:
        previous = "#~| " if message.obsolete else "#| "
        if message.previous_context is not None:
            lines += _field(previous, "msgctxt", message.previous_context)
        lines += _field(previous, "msgid", message.previous_id)
    if message.context is not None:
        lines += _field(mark, "msgctxt", message.context)
    lines += _field(mark, "msgid", message.id)
    lines += _field(mark, "msgstr", message.string)
    return lines


def po_text(po: PoFile) -> str:
    header = [*(f"# {c}".rstrip() for c in po.header_comments), 'msgid ""', 'msgstr ""',
              *(_quoted(f"{name}: {value}\n") for name, value in po.header.items())]
    blocks = [header, *(message_lines(message) for message in po.messages)]
    return "\n".join("\n".join(block) + "\n" for block in blocks)
