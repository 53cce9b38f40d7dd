"""`almanac COMMAND`: the command line, arguments in and one-line errors out.

Bad usage or input ends in one line, `file[:line]: error: message`, and exit status 2."""
from __future__ import annotations

import argparse
import errno
import io
import json
import os
import shlex
import shutil
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext, redirect_stdout, suppress
from dataclasses import replace
from importlib.metadata import version
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TextIO
from urllib.parse import urlsplit

from generator.checks import run_checks
from generator.errors import AlmanacError
from generator.export.records import diagnostic_record, records
from generator.facts.language_codes import language_tag
from generator.facts.languages import Languages
from generator.facts.official import OfficialTexts, load_official
from generator.facts.site_languages import select_languages
from generator.files import output_path, writable, write_bytes, write_text
from generator.model import CONTROL, SECTIONS, visible
from generator.output.build import build
from generator.output.publish import build_lock, recover
from generator.pipeline import load_corpus
from generator.resolve import Corpus
from generator.views.messages import message
from generator.views.nightsheet import DETAILS, NIGHTS, NightSheet
from generator.views.official_names import named

# What only some commands use (the browser, the script schema, the live server, the PO store)
# is imported by them: a build starts in less time, and its languages' processes wait on it.
if TYPE_CHECKING:
    from generator.read.script_spec import ScriptSpec
    from generator.views.scriptsheet import ScriptSheet

ROOT = Path.cwd()


def _parse(args: argparse.Namespace) -> int:
    target = output_path(args.json, "--json")
    corpus = load_corpus(args.root)
    document = records(corpus, run_checks(corpus))
    write_text(target, json.dumps(document, ensure_ascii=False, indent=1) + "\n")
    print(f"{len(document['characters'])} characters, {len(document['scripts'])} scripts, "
          f"{len(document['diagnostics'])} diagnostics → {args.json}")
    return 0


def _check(args: argparse.Namespace) -> int:
    from generator.views.counts import counts_line
    corpus = load_corpus(args.root)
    lang = corpus.languages[language_tag(args.lang)].code if args.lang else "en"
    diagnostics = run_checks(corpus)
    shown = [d for d in diagnostics if d.severity != "info"] if args.quiet else diagnostics
    if args.format == "json":
        print(json.dumps([diagnostic_record(d, lang) for d in shown], ensure_ascii=False,
                         indent=1))
    else:
        for diagnostic in shown:
            print(diagnostic.format(message(diagnostic, lang)))
    if not args.quiet:  # on standard error: standard output stays the findings alone
        sys.stdout.flush()
        print(counts_line(corpus, diagnostics, lang), file=sys.stderr)
    failing = {"error"} | ({"warning"} if args.strict else set())
    return 1 if any(d.severity in failing for d in diagnostics) else 0


def _build(args: argparse.Namespace) -> int:
    return build(args.root, args.site_url or "", args.allow_errors, _official(args),
                 args.offline, args.languages, args.official or "", args.strict, _invoked(),
                 args.verbose)


def _invoked() -> str:
    """This program as the user can type it again: `almanac` where the PATH finds this very
    program, else the path it was started by (`.venv/bin/almanac`, the way scripts/build
    starts it), else the Python module (`python -m generator.cli`)."""
    started = Path(sys.argv[0])
    if started.name != "almanac":
        return f"{shlex.quote(sys.executable)} -m generator.cli"
    found = shutil.which("almanac")
    if found and Path(found).resolve() == started.resolve():
        return "almanac"
    path = started.absolute()
    shown = path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path
    return shlex.quote(str(shown))


def _official(args: argparse.Namespace) -> OfficialTexts | None:
    return load_official(Path(args.official)) if args.official else None


# Warnings of a script file shown one a line; past this, counted (--verbose shows them all).
_SHOWN_WARNINGS = 10


def _script(args: argparse.Namespace, corpus: Corpus, official: OfficialTexts | None,
            lang: str) -> ScriptSpec:
    """The script file, its warnings printed (`file: warning: …`), with what its written-out
    official characters replace (in lang, the run's language); its errors raised."""
    from generator.read.script_json import read_script
    from generator.views.overrides import override_lines, overrides
    from generator.views.script_notes import said
    script = read_script(Path(args.script), {t.id for t in corpus.glossary.game_terms("botc")},
                         corpus.night_order.specials)
    script = replace(script, warnings=(*script.warnings, *override_lines(
        overrides(script, corpus.night_order, official), lang)))
    shown = script.warnings if args.verbose else script.warnings[:_SHOWN_WARNINGS]
    for warning in (*shown, *(script.details if args.verbose else ())):
        print(f"{args.script}: warning: {said(warning, lang)}", file=sys.stderr)  # _Shown escapes
    if len(shown) < len(script.warnings):
        from generator.facts.catalogs import translations
        more = translations(lang).gettext("and %(count)d more; --verbose lists every one")
        print(f"{args.script}: warning: " + more % {"count": len(script.warnings) - len(shown)},
              file=sys.stderr)
    return script


def _sheets(args: argparse.Namespace, asked: str | None, kinds: tuple[str, ...],
            single: bool = False
            ) -> tuple[Corpus, ScriptSpec, list[ScriptSheet | NightSheet], OfficialTexts | None]:
    """The corpus, the script and its sheets of each kind in each language asked: `all`, codes
    separated by commas in either spelling (zh_Hans, zh-Hans), None for languages.yaml's (single:
    its first); a language of the official data alone is the data's, what it lacks said in one
    line. The run speaks the first language named, else the reader's (args.run_lang)."""
    from generator.facts.catalogs import has_catalog
    from generator.output.sheets import make_sheet
    official = _official(args)
    corpus = load_corpus(args.root)
    selection = select_languages(corpus.languages, official, asked, args.official or "",
                                 mention_others=not single)
    for notice in selection.notices:
        print(notice, file=sys.stderr)
    # The almanac's languages stay, for their texts and names stand in for missing ones.
    declared = corpus.languages
    corpus = replace(corpus, languages=Languages((*declared.all, *(
        language for language in selection.languages.all if not declared.get(language.code)))))
    # The sheets name characters, tokens and teams as the data does in each language.
    corpus = named(corpus, official)
    langs = list(selection.languages.codes)[:1 if single else None]
    chosen = asked is not None and asked.strip() != "all"
    spoken = langs[0] if chosen else _reader_language(corpus)
    args.run_lang = spoken if has_catalog(spoken) else "en"  # no half-translated lines
    script = _script(args, corpus, official, args.run_lang)
    sheets = [make_sheet(corpus, script, lang, kind, official, getattr(args, "detail", "full"))
              for lang in langs for kind in kinds]
    return corpus, script, sheets, official


def _reader_language(corpus: Corpus) -> str:
    """The reader's language as gettext finds it (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), where
    the project has it; else English."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        if value := os.environ.get(variable, "").split(":")[0].split(".")[0].split("@")[0]:
            found = next((code for code in (value, value.split("_")[0])
                          if code in corpus.languages.codes), None)
            return found or "en"
    return "en"


def _summarise(args: argparse.Namespace, script: ScriptSpec,
               sheets: list[ScriptSheet | NightSheet], official: bool,
               pages: list[tuple[str, int]]) -> int:
    """The run's last line: what the sheets lack; with --strict, exit 1 when anything does."""
    from generator.views.sheet_summary import summarise
    summary = summarise(args.script, [(s.lang, s) for s in sheets], official,
                        len(script.warnings), pages, args.run_lang)
    print(summary.line, file=sys.stdout if summary.complete else sys.stderr)
    return 1 if args.strict and not summary.complete else 0


def _fonts_have_letters(printed: list[tuple[str, Path, str]], speak: str) -> bool:
    """Whether every letter of each (HTML, file, language) sheet has an installed font; where
    one has none, one line per sheet says which (a box is never printed in silence), in speak,
    the run's language."""
    from generator.output.glyphs import fonts_unknown, sheet_gap
    lines = [unknown] if (unknown := fonts_unknown(speak)) else \
        [line for html, target, lang in printed if (line := sheet_gap(html, target, lang, speak))]
    for line in lines:
        print(line, file=sys.stderr)
    return not lines


def _one_sheet(args: argparse.Namespace, kind: str) -> int:
    from generator.output.sheets import sheet_html
    target = _sheet_target(args)
    if args.lang and ("," in args.lang or args.lang.strip() == "all"):
        raise AlmanacError(f"--lang takes one language, not '{args.lang}' (`print` makes the "
                           "sheets of several)")
    corpus, script, sheets, official = _sheets(args, args.lang or None, (kind,), single=True)
    html = sheet_html(corpus, args.root / "templates", sheets[0], official)
    pages = _write_sheet(html, target, args.pdf is not None)
    lettered = _fonts_have_letters([(html, target, sheets[0].lang)], args.run_lang)
    status = _summarise(args, script, sheets, official is not None,
                        [(str(target), pages)] if pages else [])
    return 1 if args.strict and not lettered else status


def _nightsheet(args: argparse.Namespace) -> int:
    return _one_sheet(args, args.night)


def _scriptsheet(args: argparse.Namespace) -> int:
    return _one_sheet(args, "script")


def _print(args: argparse.Namespace) -> int:
    """Every sheet of a script, in each language asked, as one-page PDFs: one Chromium."""
    from generator.output.printing import print_pdfs
    from generator.output.sheets import KINDS, sheet_html
    from generator.views.scriptsheet import ScriptSheet
    folder = _output_folder(args.output)
    if args.lang is not None and not any(code.strip() for code in args.lang.split(",")):
        raise AlmanacError("--lang names no language; give `all` or codes separated by commas "
                           "(ko,en,de), or leave it out for content/languages.yaml's")
    corpus, script, sheets, official = _sheets(args, args.lang, KINDS)
    folder.mkdir(exist_ok=True)  # only once the script and languages are known good
    jobs = [(sheet_html(corpus, args.root / "templates", sheet, official),
             folder / f"{'script' if isinstance(sheet, ScriptSheet) else sheet.night}-"
                      f"{sheet.lang}.pdf") for sheet in sheets]
    counts = print_pdfs(jobs)
    for _, pdf in jobs:
        print(pdf)
    lettered = _fonts_have_letters([(html, pdf, sheet.lang)
                                    for (html, pdf), sheet in zip(jobs, sheets, strict=True)],
                                   args.run_lang)
    status = _summarise(args, script, sheets, official is not None,
                        [(str(pdf), count) for (_, pdf), count in zip(jobs, counts, strict=True)])
    return 1 if args.strict and not lettered else status


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


def _narration(args: argparse.Namespace) -> int:
    from generator.output.printing import standalone_html
    from generator.views.narration import build_narration, refuse_unknown_roles
    from generator.views.onuw import rulebook
    from generator.views.writing import written_in
    target = _sheet_target(args)
    asked = [name.strip() for name in args.roles.split(",") if name.strip()]
    if not asked:
        raise AlmanacError("--roles names no role; give ids or names separated by commas")
    corpus = load_corpus(args.root)
    book = rulebook(corpus)
    if book is None:
        raise AlmanacError("no One Night rulebook in content/", str(args.root / "content"))
    refuse_unknown_roles(corpus, asked)
    lang = _language(args, corpus)
    title_lang = (written_in(corpus.languages, args.title) or lang) if args.title else book.lang
    sheet = build_narration(corpus, book, args.title or book.title, asked, lang, title_lang)
    html = standalone_html(args.root / "templates", lang, corpus, "narration/_sheet.html.j2",
                           sheet.title, sheet=sheet)
    _write_sheet(html, target, args.pdf is not None)  # its page count is no exit status
    return 0


def _language(args: argparse.Namespace, corpus: Corpus) -> str:
    """The --lang asked for, checked against the project's languages; else the default."""
    return corpus.languages[language_tag(args.lang)].code if args.lang else \
        corpus.languages.default.code


def _sheet_target(args: argparse.Namespace) -> Path:
    return output_path(args.pdf, "--pdf") if args.pdf is not None else \
        output_path(args.html, "--html")


def _write_sheet(html: str, target: Path, pdf: bool) -> int:
    """Writes the sheet; its page count when printed, else 0."""
    from generator.output.printing import print_pdfs
    pages = print_pdfs([(html, target)])[0] if pdf else 0
    if not pdf:
        write_text(target, html)
    print(target)
    return pages


def _export_script(args: argparse.Namespace) -> int:
    from generator.export.script_json import export
    target = output_path(args.output, "--output")
    corpus = load_corpus(args.root)
    script = next((s for s in corpus.scripts if args.script_id in (s.id, s.title)), None)
    if script is None:
        known = ", ".join(f"{s.id} ({s.title})" for s in corpus.scripts) or "no scripts"
        raise AlmanacError(f"no script '{args.script_id}'; the corpus has: {known}")
    write_text(target, json.dumps(export(script), ensure_ascii=False, indent=1) + "\n")
    print(target)
    return 0


def _serve(args: argparse.Namespace) -> int:
    from generator.output.live import LiveServer
    from generator.output.preview import Preview, preview_lock
    with build_lock(args.root), suppress(AlmanacError):  # where no build can write, none left
        recover(args.root / "site")  # a build that died while swapping may have left site/ aside
    live = Preview(args.root, f"http://127.0.0.1:{args.port}/", _official(args), args.languages,
                   args.official or "", args.verbose)
    try:
        server = LiveServer(live.rebuild, args.port, live.site, live.watched)
    except OSError as err:
        reason = "is in use; pass another with --port" if err.errno == errno.EADDRINUSE \
            else f"cannot be used: {err.strerror}"
        raise AlmanacError(f"port {args.port} {reason}") from err
    try:
        with preview_lock(args.root):
            start = time.perf_counter()
            built = live.update() is not None
            if not built and not live.good:
                return 1
            state = f"built in {time.perf_counter() - start:.1f} s into" if built else \
                "the last good one, in"
            print(f"Serving the live preview at {server.url} ({state} {live.site}; edits to "
                  "content/, templates/ and mkdocs.yml show in the open page; Ctrl-C stops)",
                  flush=True)
            with suppress(KeyboardInterrupt):
                server.run()
    finally:
        server.close()
    return 0


def _export_po(args: argparse.Namespace) -> int:
    from generator.export.po import write_lacking
    from generator.views.po_outcome import exported_summary
    target = output_path(args.output, "--output")
    from generator.translation.po_import import current_store
    characters = _ids(args.character, "--character", "character ids")
    sections = _ids(args.section, "--section", ", ".join(SECTIONS))
    corpus = load_corpus(args.root)
    lang = _language(args, corpus)
    current_store(args.root, corpus, lang)  # unread, every section would look untranslated
    buffer = io.BytesIO()
    count = write_lacking(corpus, lang, buffer, _official(args), characters, sections)
    write_bytes(target, buffer.getvalue())
    print(exported_summary(count, str(target), _language(args, corpus)))
    return 0


def _ids(values: list[str] | None, option: str, what: str) -> set[str] | None:
    """Repeated or comma-separated options as one set; None when not given. Given but naming
    nothing (`--section ,`) is refused: it would export nothing and seem to have worked."""
    if values is None:
        return None
    ids = {v.strip() for value in values for v in value.split(",") if v.strip()}
    if not ids:
        raise AlmanacError(f"{option} names nothing; give {what}, separated by commas")
    return ids


# What a waiting command says while another changes the project (a build or an import).
_WAITING = "Another almanac command is changing this project; waiting for it to finish."


def _import_po(args: argparse.Namespace) -> int:
    from generator.translation.po_import import import_po
    from generator.views.po_outcome import imported_summary
    with build_lock(args.root, _WAITING):
        corpus = load_corpus(args.root)  # read under the lock: the store as the last one left it
        result = import_po(args.root, corpus, Path(args.po), args.lang)
    for problem in result.problems:
        print(problem.format(message(problem, result.lang)), file=sys.stderr)
    print(imported_summary(result, result.lang))
    return 1 if result.refused else 0


def _update_po(args: argparse.Namespace) -> int:
    from generator.translation.po_import import mergeable_store
    from generator.translation.store import LINE_SHAPE_FILE, migrate, update_po
    from generator.views.po_outcome import migrated_summary, updated_summary
    with build_lock(args.root, _WAITING):
        corpus = load_corpus(args.root)
        lang = _language(args, corpus)
        mergeable_store(args.root, corpus, lang)  # one not read whole is never written over
        if moved := migrate(args.root, corpus, lang):
            print(migrated_summary(moved, f"content/{lang}/{LINE_SHAPE_FILE}", lang))
            corpus = load_corpus(args.root)
        result = update_po(args.root, corpus, lang)
    print(updated_summary(result, lang))
    return 0


def _site_url(value: str) -> str:
    """An http(s) address, which MkDocs writes into every page's links as it is."""
    try:
        parts = urlsplit(value)
    except ValueError:  # a host in brackets left open (`http://[::1/`)
        parts = None
    if parts is None or parts.scheme not in ("http", "https") or not parts.netloc or \
            any(mark in value for mark in "\"'<>` \\") or CONTROL.search(value):
        raise argparse.ArgumentTypeError("a site URL is an http or https address, not "
                                         f"'{visible(value)}'")
    return value


def _port(value: str) -> int:
    if not value.isdigit() or not 1 <= int(value) <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a number from 1 to 65535, not '{value}'")
    return int(value)


def _official_option(command: argparse.ArgumentParser) -> None:
    command.add_argument("--official", metavar="DIR",
                         help="the official data files (roles.json, jinxes.json, "
                              "game.<lang>.json …) to fill what the almanac lacks")


def _languages_option(command: argparse.ArgumentParser) -> None:
    command.add_argument("--languages", metavar="all|CODES",
                         help="the languages to build: `all` (content/languages.yaml's and every "
                              "language of --official DIR with enough data), or codes separated "
                              "by commas, as the data or BCP 47 spells them (ko,en,de,zh_Hans); "
                              "default: content/languages.yaml's")


def _sheet_options(command: argparse.ArgumentParser, detail: bool) -> None:
    if detail:
        command.add_argument("--detail", choices=DETAILS, default="short",
                             help="short: a row's one-line reminder where there is one "
                                  "(default); full: every step of the almanac for tonight")
    command.add_argument("--strict", action="store_true",
                         help="exit 1 when a sheet lacks anything, the script has warnings or "
                              "a letter has no installed font")


def _output_levels(command: argparse.ArgumentParser) -> None:
    """-q and -v, the same for every command (the README's "How much a command says")."""
    level = command.add_mutually_exclusive_group()
    level.add_argument("-q", "--quiet", action="store_true",
                       help="say only what is wrong or lacking (on standard error) and, for "
                            "check, its errors and warnings: no counts, paths or progress")
    level.add_argument("-v", "--verbose", action="store_true",
                       help="list what is otherwise cut short: every warning about a script "
                            "and its notes; the warning findings beside the errors (build, "
                            "serve)")


def _outputs(command: argparse.ArgumentParser) -> None:
    out = command.add_mutually_exclusive_group(required=True)
    out.add_argument("--html", help="write the sheet as a standalone HTML file")
    out.add_argument("--pdf", help="print the sheet to PDF with headless Chromium")


class _Shown:
    """A standard stream that shows the control characters of what is written to it (a file's
    or a script's text in a message) as escapes, so none reaches the terminal to run; line ends
    stay."""

    def __init__(self, stream: TextIO, name: str) -> None:
        self._stream = stream
        self._name = name

    def write(self, text: str) -> int:
        try:
            return self._stream.write("\n".join(map(visible, text.split("\n"))))
        except OSError as err:  # a full disk (`> /dev/full`): named, as a file would be
            raise OSError(err.errno, err.strerror, self._name) from err

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as err:
            raise OSError(err.errno, err.strerror, self._name) from err

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


@contextmanager
def _shown_streams() -> Iterator[None]:
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _Shown(out, "standard output"), _Shown(err, "standard error")
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err


_DESCRIPTION = ("Turns the almanac texts of content/ into records, a reference site, night "
                "sheets and translation files.")
_EPILOG = ("`almanac COMMAND -h` tells more of a command. Bad usage or input: one line "
           "`file[:line]: error: message` and exit status 2; `check` and `build` exit 1 on "
           "error findings.")


class _Parser(argparse.ArgumentParser):
    """Usage errors as one line, like every other error (`almanac -h` shows the usage)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {message} (see `{self.prog} -h`)\n")


def main(argv: list[str] | None = None) -> int:
    with _shown_streams():
        return _run(command_line().parse_args(argv))


def command_line() -> argparse.ArgumentParser:
    """Every command and option, each with its help."""
    parser = _Parser(prog="almanac", description=_DESCRIPTION, epilog=_EPILOG)
    parser.add_argument("--version", action="version", version=f"%(prog)s {version('almanac')}",
                        help="show the almanac's version and exit")
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="project folder holding content/ (default: the current folder)")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser,
                                     title="commands", metavar="COMMAND")

    parse = commands.add_parser("parse", help="write the records JSON")
    parse.add_argument("--json", required=True, help="where to write the records")
    parse.set_defaults(run=_parse)

    check = commands.add_parser("check",
                                help="print diagnostics as file:line: severity code: message")
    check.add_argument("--format", choices=("text", "json"), default="text",
                       help="text: one finding a line (default); json: a list of records")
    check.add_argument("--strict", action="store_true", help="exit 1 on warnings too")
    check.add_argument("--lang", help="the language of the messages: a language of "
                                      "content/languages.yaml (default: English)")
    check.set_defaults(run=_check)

    build = commands.add_parser("build", help="parse, check and build the site into site/")
    build.add_argument("--site-url", type=_site_url,
                       help="where the site will be served (its sitemap and canonical links; "
                            "without it, none)")
    build.add_argument("--offline", action="store_true",
                       help="a site that works opened from its files (file://), search included")
    build.add_argument("--allow-errors", action="store_true",
                       help="replace site/ even when the checks find errors")
    build.add_argument("--strict", action="store_true",
                       help="exit 1, keeping the previous site/, where a page shows a letter no "
                            "installed font has")
    _official_option(build)
    _languages_option(build)
    build.set_defaults(run=_build)

    serve = commands.add_parser("serve", help="a live preview on 127.0.0.1: rebuilt and "
                                              "reloaded as content/ or templates/ change")
    serve.add_argument("--port", type=_port, default=8000,
                       help="the port on 127.0.0.1 to serve on (default: 8000)")
    _official_option(serve)
    _languages_option(serve)
    serve.set_defaults(run=_serve)

    sheet = commands.add_parser("nightsheet", help="a night sheet of a script JSON file")
    sheet.add_argument("script", help="a custom script in the official JSON format")
    _official_option(sheet)
    sheet.add_argument("--lang", help="a language of content/languages.yaml (default: its first)")
    sheet.add_argument("--night", choices=NIGHTS, default="first",
                       help="first: the first night (default); other: every other night")
    _sheet_options(sheet, True)
    _outputs(sheet)
    sheet.set_defaults(run=_nightsheet)

    script_sheet = commands.add_parser("scriptsheet",
                                       help="the sheet players hold: characters and jinxes")
    script_sheet.add_argument("script", help="a custom script in the official JSON format")
    script_sheet.add_argument("--lang",
                              help="a language of content/languages.yaml (default: its first)")
    _official_option(script_sheet)
    _sheet_options(script_sheet, False)
    _outputs(script_sheet)
    script_sheet.set_defaults(run=_scriptsheet)

    print_all = commands.add_parser("print", help="every sheet of a script as one-page PDFs")
    print_all.add_argument("script", help="a custom script in the official JSON format")
    print_all.add_argument("-o", "--output", required=True,
                           help="the folder for script-, first- and other-<lang>.pdf")
    print_all.add_argument("--lang", metavar="all|CODES",
                           help="`all` (content/languages.yaml's and every language of "
                                "--official DIR with enough data) or codes separated by commas "
                                "(ko,de,ja; zh_Hans or zh-Hans); default: languages.yaml's")
    _official_option(print_all)
    _sheet_options(print_all, True)
    print_all.set_defaults(run=_print)

    narration = commands.add_parser("narration", help="a One Night narration sheet for some roles")
    narration.add_argument("--roles", required=True,
                           help="comma-separated role ids or names (Korean or English)")
    narration.add_argument("--lang",
                           help="a language of content/languages.yaml (default: its first)")
    narration.add_argument("--title", help="the sheet's title (default: the rulebook's)")
    _outputs(narration)
    narration.set_defaults(run=_narration)

    export_script = commands.add_parser("export-script",
                                        help="write a corpus script as official script JSON")
    export_script.add_argument("script_id", help="the script's id (e.g. 000) or title")
    export_script.add_argument("-o", "--output", required=True, metavar="FILE",
                               help="where to write the script JSON")
    export_script.set_defaults(run=_export_script)

    export_po = commands.add_parser("export-po",
                                    help="a PO file of the sections a language still lacks")
    export_po.add_argument("--lang", required=True, help="a language of content/languages.yaml")
    export_po.add_argument("-o", "--output", required=True, metavar="FILE",
                           help="where to write the PO file")
    export_po.add_argument("--character", action="append", metavar="ID",
                           help="only these characters (ids, repeated or comma-separated)")
    export_po.add_argument("--section", action="append", metavar="NAME",
                           help="only these sections: ability, flavor, summary, how_to_run, "
                                "examples (repeated or comma-separated)")
    _official_option(export_po)
    export_po.set_defaults(run=_export_po)

    import_po_command = commands.add_parser(
        "import-po", help="merge a translated PO into the store, content/<lang>/translations.po")
    import_po_command.add_argument("po", help="a PO file made by export-po and translated")
    import_po_command.add_argument("--lang", help="the PO's language, where its header has none")
    import_po_command.set_defaults(run=_import_po)

    update_po_command = commands.add_parser(
        "update-po", help="bring content/<lang>/translations.po up to date with the corpus")
    update_po_command.add_argument("--lang", required=True,
                                   help="a language of content/languages.yaml")
    update_po_command.set_defaults(run=_update_po)

    for command in commands.choices.values():
        _output_levels(command)
    return parser


def _run(args: argparse.Namespace) -> int:
    try:
        if not (args.root / "content").is_dir():
            raise AlmanacError("no content/ folder: run in the project folder or pass --root",
                               str(args.root))
        # -q: standard output is dropped, but for check, whose findings are what it is for.
        quiet = args.quiet and args.run is not _check
        with open(os.devnull, "w", encoding="utf-8") as null, \
                redirect_stdout(null) if quiet else nullcontext():
            status: int = args.run(args)
        sys.stdout.flush()  # what is still buffered fails here, in one line, not at exit
        return status
    except AlmanacError as err:
        _say(str(err))
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader stopped early (`almanac check | head`): as the Python docs advise, point
        # stdout at /dev/null so the interpreter's final flush does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except OSError as err:  # a file, a folder or a stream no check before the work foresaw
        try:
            sys.stdout.flush()
        except OSError:  # stdout is what failed: nothing more for it, not even at exit
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        where = os.fsdecode(err.filename) if isinstance(err.filename, str | bytes) else None
        _say(str(AlmanacError(err.strerror or str(err), where)))
        return 2


def _say(line: str) -> None:
    """An error on standard error, unless that too cannot be written."""
    with suppress(OSError):
        print(line, file=sys.stderr, flush=True)


if __name__ == "__main__":
    sys.exit(main())
