"""`almanac narration`: a One Night narration sheet for some roles, as HTML or PDF."""
from __future__ import annotations

import argparse

from generator.commands.arguments import language
from generator.commands.sheets import sheet_printer, sheet_target, write_sheet
from generator.errors import AlmanacError
from generator.pipeline import load_corpus


def run(args: argparse.Namespace) -> int:
    from generator.output.standalone import standalone_html
    from generator.views.narration import book_title, build_narration, refuse_unknown_roles
    from generator.views.onuw import rulebook
    from generator.views.writing import written_in
    target = sheet_target(args)
    asked = [name.strip() for name in args.roles.split(",") if name.strip()]
    if not asked:
        raise AlmanacError("--roles names no role; give ids or names separated by commas")
    with sheet_printer(args) as printer:
        corpus = load_corpus(args.root)
        book = rulebook(corpus)
        if book is None:
            raise AlmanacError("no One Night rulebook in content/", str(args.root / "content"))
        refuse_unknown_roles(corpus, asked)
        lang = language(args, corpus)
        title, title_lang = ((args.title, written_in(corpus.languages, args.title) or lang)
                             if args.title else book_title(corpus, book, lang))
        sheet = build_narration(corpus, book, title, asked, lang, title_lang)
        html = standalone_html(args.root / "templates", lang, corpus, "narration/_sheet.html.j2",
                               sheet.title, scripts=("narration.js",), sheet=sheet)
        printing = printer.submit(html, target) if printer else None
        write_sheet(html, target, printing)  # its page count is no exit status
    return 0
