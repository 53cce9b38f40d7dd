"""The rulebook's own structure: table of contents against chapters, wake order against roles."""
from __future__ import annotations

from ..resolve import Corpus
from . import check


@check("toc-mismatch", "warning",
       "A table-of-contents entry whose number or title differs from the chapter heading.")
def toc_mismatch(corpus: Corpus):
    for book in corpus.rulebooks:
        chapters = {c.title: c for c in book.chapters}
        for number, title, line in book.toc:
            chapter = chapters.get(title)
            if chapter is None:
                yield (f"contents list {number}. {title}, which no chapter has", book.file, line,
                       f"{number}. {title}")
            elif chapter.number != number:
                yield (f"contents number {number} for '{title}', chapter heading at line "
                       f"{chapter.line} says {chapter.number}", book.file, line,
                       f"{number}. {title}")
        listed = {title for _, title, _ in book.toc}
        for chapter in book.chapters:
            if chapter.title not in listed:
                yield (f"chapter {chapter.number}. {chapter.title} is not in the contents",
                       book.file, chapter.line, f"{chapter.number}. {chapter.title}")


@check("wake-order-role", "warning",
       "A role that wakes but is missing from the wake order, or the reverse.")
def wake_order_role(corpus: Corpus):
    for book in corpus.rulebooks:
        ordered = {step.name for step in book.wake_order_alone}
        for role in book.roles:
            if role.wakes != (role.name in ordered):
                state = "wakes" if role.wakes else "does not wake"
                yield (f"{role.name} {state} by its chapter, but the wake order says otherwise",
                       book.file, role.line, role.name)
