"""The rulebook's own structure: table of contents against chapters, wake order against roles."""
from __future__ import annotations

from itertools import zip_longest

from generator.checks import check
from generator.resolve import Corpus


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


@check("wake-order-data", "warning",
       "The rulebook's wake order differs from content/night-order.yaml, or from which roles wake.")
def wake_order_data(corpus: Corpus):
    for book in corpus.rulebooks:
        for steps, data in ((book.wake_order_alone, corpus.night_order.onuw_daybreak),
                            (book.wake_order_combined, corpus.night_order.onuw_combined)):
            for step, expected in zip_longest(steps, data):
                found = (step.code, book.role_ids.get(step.role)) if step else None
                if found != expected:
                    line = step.line if step else (steps[-1].line if steps else 1)
                    yield (f"wake order step {found} where the night-order data has {expected}",
                           book.file, line, step.raw if step else "")
        ordered = {book.role_ids.get(step.role) for step in book.wake_order_combined}
        for term in corpus.glossary.game_terms("onuw"):
            if term.wakes and term.id not in ordered:
                yield (f"{term.name(book.lang)} wakes by the glossary but has no step in the "
                       f"combined wake order", book.file, book.wake_order_combined[0].line
                       if book.wake_order_combined else 1, term.name(book.lang))
