"""`almanac nightsheet`, `scriptsheet` and `print`: a script's sheets, one as HTML or PDF or
every one as one-page PDFs, in the languages asked; the last line says what they lack."""
from __future__ import annotations

import argparse
import os
import sys
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from generator.cards import joined
from generator.commands.arguments import official_data, official_folder
from generator.errors import AlmanacError
from generator.facts.languages import Languages
from generator.facts.site_languages import ALL, select_languages
from generator.files import output_path, writable, write_text
from generator.model import Corpus
from generator.pipeline import load_corpus
from generator.views.nightsheet import NightSheet

# What only a sheet's printing uses (the browser, the script schema) is imported where it is used.
if TYPE_CHECKING:
    from concurrent.futures import Future

    from generator.output.printing import Printed, Printer
    from generator.read.script_spec import ScriptSpec
    from generator.views.scriptsheet import ScriptSheet


def nightsheet(args: argparse.Namespace) -> int:
    return _one_sheet(args, args.night)


def scriptsheet(args: argparse.Namespace) -> int:
    return _one_sheet(args, "script")


def print_sheets(args: argparse.Namespace) -> int:
    """Every sheet of a script, in each language asked, as one-page PDFs: one Chromium, which
    boots while the corpus loads and prints each sheet while the next is built."""
    from generator.output.printing import Printer
    folder = _output_folder(args.output)
    if args.lang is not None and not any(code.strip() for code in args.lang.split(",")):
        raise AlmanacError("--lang names no language; give `all` or codes separated by commas "
                           "(ko,en,de), or leave it out for content/languages.yaml's")
    with Printer() as printer:
        from generator.output.render import keep_compiled  # imported while Chromium starts
        from generator.output.sheets import KINDS, sheet_html
        keep_compiled(args.root / "build" / "compiled-templates")  # build's, compiled once
        from generator.views.scriptsheet import ScriptSheet
        run = _sheets(args, args.lang, KINDS)
        folder.mkdir(exist_ok=True)  # only once the script and languages are known good
        jobs, printing = [], []
        for sheet in run.sheets:  # each printing while the next is built
            jobs.append((sheet_html(run.corpus, args.root / "templates", sheet),
                         folder / f"{'script' if isinstance(sheet, ScriptSheet) else sheet.night}"
                                  f"-{sheet.lang}.pdf"))
            printing.append(printer.submit(*jobs[-1]))
        gaps = _font_gaps([(html, pdf, sheet.lang)  # while the last sheets print
                           for (html, pdf), sheet in zip(jobs, run.sheets, strict=True)],
                          run.speaks)
        printed = [done.result() for done in printing]
    for _, pdf in jobs:
        print(pdf)
    for line in gaps:
        print(line, file=sys.stderr)
    status = _summarise(args, run, [(str(pdf), sheet.pages, sheet.as_built)
                                    for (_, pdf), sheet in zip(jobs, printed, strict=True)])
    _languages_apart(args, run)
    return 1 if args.strict and gaps else status


@dataclass(frozen=True)
class _Run:
    """What a sheet command works with: the corpus (with the languages asked), the script, its
    sheets (the official data joined to the corpus), and the language the run speaks in."""

    corpus: Corpus
    script: ScriptSpec
    sheets: list[ScriptSheet | NightSheet]
    speaks: str
    left_out: str = ""  # with --lang all, the languages of the data left out, in one line


# Warnings of a script file shown one a line; past this, counted (--verbose shows them all).
_SHOWN_WARNINGS = 10


def _script(args: argparse.Namespace, corpus: Corpus, lang: str) -> ScriptSpec:
    """The script file, its warnings printed (`file: warning: …`), with what its written-out
    official characters replace (in lang, the run's language); its errors raised."""
    from generator.read.script_json import read_script
    from generator.views.overrides import override_lines, overrides
    from generator.views.script_notes import missing_teams, said
    order = corpus.night_order
    script = read_script(Path(args.script), {t.id for t in corpus.glossary.game_terms("botc")},
                         order.specials, (order.first_night, order.other_night))
    script = replace(script, warnings=(*script.warnings, *override_lines(
        overrides(script, corpus), lang), *missing_teams(corpus, script, lang)))
    shown = script.warnings if args.verbose else script.warnings[:_SHOWN_WARNINGS]
    for warning in (*shown, *(script.details if args.verbose else ())):
        print(f"{args.script}: warning: {said(warning, lang)}", file=sys.stderr)  # cli escapes
    if len(shown) < len(script.warnings):
        from generator.facts.catalogs import translations
        more = translations(lang).gettext("and %(count)d more; --verbose lists every one")
        print(f"{args.script}: warning: " + more % {"count": len(script.warnings) - len(shown)},
              file=sys.stderr)
    return script


def _sheets(args: argparse.Namespace, asked: str | None, kinds: tuple[str, ...],
            single: bool = False) -> _Run:
    """The corpus, the script and its sheets of each kind in each language asked: `all`, codes
    separated by commas in either spelling (zh_Hans, zh-Hans), None for languages.yaml's (single:
    its first); a language of the official data alone is the data's, what it lacks said in one
    line. The run speaks the first language named, else the reader's, where it has a catalog."""
    from generator.facts.catalogs import has_catalog
    from generator.output.sheets import make_sheet
    official = official_data(args)
    corpus = load_corpus(args.root)
    selection = select_languages(corpus.languages, official, asked, official_folder(args),
                                 mention_others=not single,
                                 option=("--lang", "prints", "sheets"))
    # With all, the languages left out are summed up in one line at the run's end.
    summed = not single and asked is not None and asked.strip() == ALL and selection.left_out
    folded = {item.notice for item in selection.left_out} if summed else set()
    for notice in selection.notices:
        if notice not in folded:
            print(notice, file=sys.stderr)
    # The almanac's languages stay, for their texts and names stand in for missing ones.
    declared = corpus.languages
    corpus = replace(corpus, languages=Languages((*declared.all, *(
        language for language in selection.languages.all if not declared.get(language.code)))))
    # The sheets name characters, tokens and teams as the data does in each language.
    corpus = joined(corpus, official)
    langs = list(selection.languages.codes)[:1 if single else None]
    chosen = asked is not None and asked.strip() != "all"
    spoken = langs[0] if chosen else _reader_language(corpus)
    speaks = spoken if has_catalog(spoken) else "en"  # no half-translated lines
    script = _script(args, corpus, speaks)
    sheets = [make_sheet(corpus, script, lang, kind, getattr(args, "detail", "full"))
              for lang in langs for kind in kinds]
    return _Run(corpus, script, sheets, speaks,
                selection.left_out_line(args.official or "", "sheets") if summed else "")


def _reader_language(corpus: Corpus) -> str:
    """The reader's language as gettext finds it (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), where
    the project has it; else English."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        if value := os.environ.get(variable, "").split(":")[0].split(".")[0].split("@")[0]:
            found = next((code for code in (value, value.split("_")[0])
                          if code in corpus.languages.codes), None)
            return found or "en"
    return "en"


def _summarise(args: argparse.Namespace, run: _Run,
               pages: list[tuple[str, int, bool]]) -> int:
    """The run's last line: what the sheets lack; with --strict, exit 1 when anything does."""
    from generator.views.sheet_summary import summarise
    summary = summarise(args.script, [(s.lang, s) for s in run.sheets],
                        run.corpus.official is not None, len(run.script.warnings), pages,
                        run.speaks)
    print(summary.line, file=sys.stdout if summary.complete else sys.stderr)
    return 1 if args.strict and not summary.complete else 0


def _languages_apart(args: argparse.Namespace, run: _Run) -> None:
    """The run's closing lines: the languages it left out (with all), and those whose sheets
    are mostly in another language, each in one line."""
    from generator.views.sheet_summary import mostly_foreign
    if run.left_out:
        print(run.left_out, file=sys.stderr)
    if line := mostly_foreign(args.script, [(s.lang, s) for s in run.sheets], run.speaks):
        print(line, file=sys.stderr)


def _font_gaps(printed: list[tuple[str, Path, str]], speak: str) -> list[str]:
    """For each (HTML, file, language) sheet with a letter no installed font has, one line
    saying which (a box is never printed in silence), in speak, the run's language."""
    from generator.output.glyphs import fonts_unknown, sheet_gap
    return [unknown] if (unknown := fonts_unknown(speak)) else \
        [line for html, target, lang in printed if (line := sheet_gap(html, target, lang, speak))]


def _one_sheet(args: argparse.Namespace, kind: str) -> int:
    target = sheet_target(args)
    if args.lang and ("," in args.lang or args.lang.strip() == "all"):
        raise AlmanacError(f"--lang takes one language, not '{args.lang}' (`print` makes the "
                           "sheets of several)")
    with sheet_printer(args) as printer:
        from generator.output.sheets import sheet_html  # imported while Chromium starts
        run = _sheets(args, args.lang or None, (kind,), single=True)
        html = sheet_html(run.corpus, args.root / "templates", run.sheets[0])
        printing = printer.submit(html, target) if printer else None
        gaps = _font_gaps([(html, target, run.sheets[0].lang)], run.speaks)  # while it prints
        pages, as_built = write_sheet(html, target, printing)
    for line in gaps:
        print(line, file=sys.stderr)
    status = _summarise(args, run, [(str(target), pages, as_built)] if pages else [])
    return 1 if args.strict and gaps else status


def _output_folder(value: str) -> Path:
    """The folder `print` writes into, checked before any work: it is made (later) only inside
    a folder that exists."""
    if not value.strip():
        raise AlmanacError("-o needs a folder name (`-o .` for the current folder)")
    folder = Path(value)
    if folder.exists() and not folder.is_dir():
        raise AlmanacError("is not a folder", value)
    if not folder.parent.is_dir():
        raise AlmanacError(f"the folder {folder.parent} does not exist", value)
    writable(folder if folder.is_dir() else folder.parent, value)
    return folder


def sheet_target(args: argparse.Namespace) -> Path:
    return output_path(args.pdf, "--pdf") if args.pdf is not None else \
        output_path(args.html, "--html")


def sheet_printer(args: argparse.Namespace) -> AbstractContextManager[Printer | None]:
    """With --pdf, Chromium starting now, to boot while the sheet is built; else none."""
    from generator.output.printing import Printer
    return Printer(tabs=1) if args.pdf is not None else nullcontext()


def write_sheet(html: str, target: Path, printing: Future[Printed] | None) -> tuple[int, bool]:
    """Writes the sheet as HTML, or waits for it printing into target; its page count when
    printed (else 0), and whether it printed as built."""
    printed = printing.result() if printing else None
    if printed is None:
        write_text(target, html)
    print(target)
    return (printed.pages, printed.as_built) if printed else (0, True)
