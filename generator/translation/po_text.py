"""A PO file as gettext writes it, wrapped as msgcat wraps it: `msgcat` and `msgfmt -c` take it as
it is, so a tool that rewrites the file changes only what was edited."""
from __future__ import annotations

from generator.read.po import PoFile, PoMessage
from generator.translation.po_wrap import wrapped_field as _field


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
    if message.id_plural is None:
        return lines + _field(mark, "msgstr", message.string)
    lines += _field(mark, "msgid_plural", message.id_plural)
    for index, form in enumerate(message.plural_strings or (message.string,)):
        lines += _field(mark, f"msgstr[{index}]", form)
    return lines


def po_text(po: PoFile) -> str:
    header = [*(f"# {c}".rstrip() for c in po.header_comments), 'msgid ""',
              *_field("", "msgstr", "".join(f"{name}: {value}\n"
                                            for name, value in po.header.items()))]
    blocks = [header, *(message_lines(message) for message in po.messages)]
    return "\n".join("\n".join(block) + "\n" for block in blocks)
