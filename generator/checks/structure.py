"""The rulebook's own structure: table of contents against chapters, wake order against roles."""
from __future__ import annotations

from itertools import zip_longest

from generator.checks import check
from generator.codes import TOC_MISMATCH, WAKE_ORDER_DATA, WAKE_ORDER_ROLE
from generator.facts.glossary import Term
from generator.model import Corpus, Name


@check(TOC_MISMATCH)
def toc_mismatch(corpus: Corpus):
    for book in corpus.rulebooks:
        chapters = {c.title: c for c in book.chapters}
        for number, title, line in book.toc:
            chapter = chapters.get(title)
            if chapter is None:
                yield TOC_MISMATCH.at(book.file, line, f"{number}. {title}", "no-chapter",
                                      number=number, title=title)
            elif chapter.number != number:
                yield TOC_MISMATCH.at(book.file, line, f"{number}. {title}", "number",
                                      number=number, title=title, heading_line=chapter.line,
                                      heading=chapter.number)
        listed = {title for _, title, _ in book.toc}
        for chapter in book.chapters:
            if chapter.title not in listed:
                yield TOC_MISMATCH.at(book.file, chapter.line,
                                      f"{chapter.number}. {chapter.title}", "not-listed",
                                      number=chapter.number, title=chapter.title)


@check(WAKE_ORDER_ROLE)
def wake_order_role(corpus: Corpus):
    for book in corpus.rulebooks:
        ordered = {step.name for step in book.wake_order_alone}
        for role in book.roles:
            if role.wakes != (role.name in ordered):
                term = corpus.glossary.by_id("onuw", book.role_ids.get(role.name) or "")
                yield WAKE_ORDER_ROLE.at(book.file, role.line, role.name,
                                         "wakes" if role.wakes else "sleeps",
                                         name=_named(term, book.lang, role.name))


def _named(term: Term | None, lang: str, written: str) -> Name | str:
    """A role's name as the rulebook writes it, its names in other languages with it."""
    return Name(written, lang, tuple(sorted(term.names.items()))) if term else written


def _step(step: tuple[str, str | None] | None) -> str:
    """A wake step as a message shows it: `#2-B alphawolf` (not Python's tuple)."""
    return " ".join(part or "?" for part in step) if step else "-"


@check(WAKE_ORDER_DATA)
def wake_order_data(corpus: Corpus):
    for book in corpus.rulebooks:
        for steps, data in ((book.wake_order_alone, corpus.night_order.onuw_daybreak),
                            (book.wake_order_combined, corpus.night_order.onuw_combined)):
            for step, expected in zip_longest(steps, data):
                found = (step.code, book.role_ids.get(step.role)) if step else None
                if found != expected:
                    line = step.line if step else (steps[-1].line if steps else 1)
                    yield WAKE_ORDER_DATA.at(book.file, line, step.raw if step else "", "step",
                                             found=_step(found), expected=_step(expected))
        ordered = {book.role_ids.get(step.role) for step in book.wake_order_combined}
        for term in corpus.glossary.game_terms("onuw"):
            if term.wakes and term.id not in ordered:
                yield WAKE_ORDER_DATA.at(book.file, book.wake_order_combined[0].line
                                         if book.wake_order_combined else 1,
                                         term.name(book.lang), "no-step",
                                         name=_named(term, book.lang, term.name(book.lang)))
