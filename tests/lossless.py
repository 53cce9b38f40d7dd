"""Rebuild a file's non-blank lines from what the parser made of it: fields, markers, diagnostics."""
from __future__ import annotations

from collections import Counter

from generator.model import SECTIONS, ParsedFile


def rebuilt(pf: ParsedFile) -> Counter:
    lines: Counter = Counter()

    def add(line, text=None):
        lines[(line.line, line.text if text is None else text)] += 1

    for entry in pf.entries:
        if not (entry.summary and entry.summary.line == entry.line):  # 002 names inside the paragraph
            lines[(entry.line, entry.raw_name)] += 1
        for section in SECTIONS:
            for item in entry.field_lines(section):
                add(item, item.marker + item.text)
    for script in pf.scripts:
        add(script.title)
        for note in script.notes:
            add(note)
    book = pf.rulebook
    if book:
        for role in book.roles:
            lines[(role.line, role.name)] += 1
            for line in role.description:
                add(line)
            for utterance in role.narration:
                for line in utterance.lines:
                    add(line)
        for step in (*book.wake_order_alone, *book.wake_order_combined):
            lines[(step.line, step.raw)] += 1
        for artifact in book.artifacts:
            lines[(artifact.line, artifact.name)] += 1
            for line in artifact.effect:
                add(line)
        for doppel_note in book.doppelganger_notes:
            marked = ("*" if doppel_note.acts_at_once else "") + doppel_note.role
            lines[(doppel_note.line, marked)] += 1
            for line in doppel_note.note:
                add(line)
        for doppel_step in book.doppelganger_steps:
            for utterance in doppel_step.narration:
                for line in utterance.lines:
                    add(line)
        for role_set in book.role_sets:
            for line in role_set.lines:
                add(line)
        for line in book.beginner_roles:
            add(line)
        for utterance in book.beginner_narration:
            for line in utterance.lines:
                add(line)
        for chapter in book.chapters:
            for line in chapter.text:
                add(line)
    for marker in pf.markers:
        add(marker)
    for diagnostic in pf.diagnostics:
        if diagnostic.text:
            lines[(diagnostic.line, diagnostic.text)] += 1
    return lines


def source_lines(text_lines) -> Counter:
    return Counter((number, raw.strip()) for number, raw in enumerate(text_lines, 1) if raw.strip())


def normalised(counter: Counter) -> Counter:
    return Counter({(line, text.strip()): n for (line, text), n in counter.items()})
