"""`almanac parse|check|build|serve|nightsheet|scriptsheet|print|narration|export-script|
export-po|import-po`.

Bad usage or input ends in one line, `file[:line]: error: message`, and exit status 2."""
from __future__ import annotations

import argparse
import errno
import io
import json
import os
import sys
import time
from contextlib import suppress
from pathlib import Path
from typing import NoReturn
from urllib.parse import urlsplit

from generator.checks import run_checks
from generator.errors import AlmanacError
from generator.export.po import write_lacking
from generator.export.records import diagnostic_record, records
from generator.export.script_json import ScriptSpec, export, read_script
from generator.facts.official import OfficialTexts, load_official
from generator.model import CONTROL
from generator.output.build import build
from generator.output.files import output_path, write_bytes, write_text
from generator.output.live import LiveServer
from generator.output.preview import Preview, preview_lock
from generator.output.printing import print_pdfs, standalone_html
from generator.output.publish import build_lock, recover
from generator.output.sheets import KINDS, sheet_html
from generator.pipeline import load_corpus
from generator.resolve import Corpus
from generator.translation.po_import import import_po
from generator.views.messages import message
from generator.views.narration import build_narration
from generator.views.nightsheet import NIGHTS
from generator.views.onuw import rulebook

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
    corpus = load_corpus(args.root)
    lang = corpus.languages[args.lang].code if args.lang else "en"
    diagnostics = run_checks(corpus)
    if args.format == "json":
        print(json.dumps([diagnostic_record(d, lang) for d in diagnostics], ensure_ascii=False,
                         indent=1))
    else:
        for diagnostic in diagnostics:
            print(diagnostic.format(message(diagnostic, lang)))
    failing = {"error"} | ({"warning"} if args.strict else set())
    return 1 if any(d.severity in failing for d in diagnostics) else 0


def _build(args: argparse.Namespace) -> int:
    return build(args.root, args.site_url or "", args.allow_errors, _official(args),
                 args.offline)


def _official(args: argparse.Namespace) -> OfficialTexts | None:
    return load_official(Path(args.official)) if args.official else None


def _script(args: argparse.Namespace, corpus: Corpus) -> ScriptSpec:
    """The script file, its warnings printed (`file: warning: …`), its errors raised."""
    script = read_script(Path(args.script), {t.id for t in corpus.glossary.game_terms("botc")},
                         corpus.night_order.specials)
    for warning in script.warnings:
        print(f"{args.script}: warning: {warning}", file=sys.stderr)
    return script


def _nightsheet(args: argparse.Namespace) -> int:
    target = _sheet_target(args)
    official = _official(args)
    corpus = load_corpus(args.root)
    html = sheet_html(corpus, args.root / "templates", _script(args, corpus),
                      _language(args, corpus), args.night, official)
    return _write_sheet(html, target, args.pdf is not None)


def _scriptsheet(args: argparse.Namespace) -> int:
    target = _sheet_target(args)
    official = _official(args)
    corpus = load_corpus(args.root)
    html = sheet_html(corpus, args.root / "templates", _script(args, corpus),
                      _language(args, corpus), "script", official)
    return _write_sheet(html, target, args.pdf is not None)


def _print(args: argparse.Namespace) -> int:
    """Every sheet of a script, in each language asked, as one-page PDFs: one Chromium."""
    folder = _output_folder(args.output)
    official = _official(args)
    corpus = load_corpus(args.root)
    langs = [corpus.languages[code.strip()].code for code in args.lang.split(",") if code.strip()] \
        if args.lang else list(corpus.languages.codes)
    script = _script(args, corpus)
    jobs = [(sheet_html(corpus, args.root / "templates", script, lang, kind, official),
             folder / f"{kind}-{lang}.pdf") for lang in langs for kind in KINDS]
    print_pdfs(jobs)
    for _, pdf in jobs:
        print(pdf)
    return 0


def _output_folder(value: str) -> Path:
    """The folder `print` writes into: made if missing, but only inside a folder that exists."""
    folder = Path(value)
    if folder.exists() and not folder.is_dir():
        raise AlmanacError("is not a folder", value)
    if not folder.parent.is_dir():
        raise AlmanacError(f"the folder {folder.parent} does not exist", value)
    folder.mkdir(exist_ok=True)
    return folder


def _narration(args: argparse.Namespace) -> int:
    target = _sheet_target(args)
    asked = [name.strip() for name in args.roles.split(",") if name.strip()]
    if not asked:
        raise AlmanacError("--roles names no role; give ids or names separated by commas")
    corpus = load_corpus(args.root)
    book = rulebook(corpus)
    if book is None:
        raise AlmanacError("no One Night rulebook in content/", str(args.root / "content"))
    lang = _language(args, corpus)
    sheet = build_narration(corpus, book, args.title or book.title, asked, lang)
    if sheet.unknown:
        print(f"warning: unknown roles, not placed: {', '.join(sheet.unknown)}", file=sys.stderr)
    html = standalone_html(args.root / "templates", lang, corpus, "narration/_sheet.html.j2",
                           sheet.title, sheet=sheet)
    return _write_sheet(html, target, args.pdf is not None)


def _language(args: argparse.Namespace, corpus: Corpus) -> str:
    """The --lang asked for, checked against the project's languages; else the default."""
    return corpus.languages[args.lang].code if args.lang else corpus.languages.default.code


def _sheet_target(args: argparse.Namespace) -> Path:
    return output_path(args.pdf, "--pdf") if args.pdf is not None else \
        output_path(args.html, "--html")


def _write_sheet(html: str, target: Path, pdf: bool) -> int:
    if pdf:
        print_pdfs([(html, target)])
    else:
        write_text(target, html)
    print(target)
    return 0


def _export_script(args: argparse.Namespace) -> int:
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
    with build_lock(args.root):
        recover(args.root / "site")  # a build that died while swapping may have left site/ aside
    live = Preview(args.root, f"http://127.0.0.1:{args.port}/", _official(args))
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
    target = output_path(args.output, "--output")
    corpus = load_corpus(args.root)
    buffer = io.BytesIO()
    count = write_lacking(corpus, _language(args, corpus), buffer, _official(args),
                          _ids(args.character), _ids(args.section))
    write_bytes(target, buffer.getvalue())
    print(f"{count} messages → {target}")
    return 0


def _ids(values: list[str] | None) -> set[str] | None:
    """Repeated or comma-separated options as one set; None when not given."""
    return {v.strip() for value in values for v in value.split(",") if v.strip()} \
        if values else None


def _import_po(args: argparse.Namespace) -> int:
    corpus = load_corpus(args.root)
    result = import_po(args.root, corpus, Path(args.po))
    for problem in result.problems:
        print(problem.format(message(problem, "en")), file=sys.stderr)
    state = "written" if result.changed else "unchanged"
    if result.roles:
        print(f"{args.po}: {result.roles} One Night role texts kept in the PO: the corpus has no "
              "shape for a lone role's text yet", file=sys.stderr)
    print(f"{result.sections} section{'' if result.sections == 1 else 's'} imported; "
          f"{result.file} {state}"
          f"{f'; {len(result.problems)} not as written (above)' if result.problems else ''}")
    return 0


def _site_url(value: str) -> str:
    """An http(s) address, which MkDocs writes into every page's links as it is."""
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.netloc or \
            any(mark in value for mark in "\"'<>` \\") or CONTROL.search(value):
        raise argparse.ArgumentTypeError(f"a site URL is an http or https address, not '{value}'")
    return value


def _port(value: str) -> int:
    if not value.isdigit() or not 1 <= int(value) <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a number from 1 to 65535, not '{value}'")
    return int(value)


def _official_option(command: argparse.ArgumentParser) -> None:
    command.add_argument("--official", metavar="DIR",
                         help="the official data files (roles.json, jinxes.json, "
                              "game.<lang>.json …) to fill what the almanac lacks")


def _outputs(command: argparse.ArgumentParser) -> None:
    out = command.add_mutually_exclusive_group(required=True)
    out.add_argument("--html", help="write the sheet as a standalone HTML file")
    out.add_argument("--pdf", help="print the sheet to PDF with headless Chromium")


class _Parser(argparse.ArgumentParser):
    """Usage errors as one line, like every other error (`almanac -h` shows the usage)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {message} (see `{self.prog} -h`)\n")


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(prog="almanac", description=__doc__)
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="project folder holding content/ (default: the current folder)")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    parse = commands.add_parser("parse", help="write the records JSON")
    parse.add_argument("--json", required=True, help="where to write the records")
    parse.set_defaults(run=_parse)

    check = commands.add_parser("check",
                                help="print diagnostics as file:line: severity code: message")
    check.add_argument("--format", choices=("text", "json"), default="text")
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
    _official_option(build)
    build.set_defaults(run=_build)

    serve = commands.add_parser("serve", help="a live preview on 127.0.0.1: rebuilt and "
                                              "reloaded as content/ or templates/ change")
    serve.add_argument("--port", type=_port, default=8000)
    _official_option(serve)
    serve.set_defaults(run=_serve)

    sheet = commands.add_parser("nightsheet", help="a night sheet of a script JSON file")
    sheet.add_argument("script", help="a custom script in the official JSON format")
    _official_option(sheet)
    sheet.add_argument("--lang", help="a language of content/languages.yaml (default: its first)")
    sheet.add_argument("--night", choices=NIGHTS, default="first")
    _outputs(sheet)
    sheet.set_defaults(run=_nightsheet)

    script_sheet = commands.add_parser("scriptsheet",
                                       help="the sheet players hold: characters and jinxes")
    script_sheet.add_argument("script", help="a custom script in the official JSON format")
    script_sheet.add_argument("--lang",
                              help="a language of content/languages.yaml (default: its first)")
    _official_option(script_sheet)
    _outputs(script_sheet)
    script_sheet.set_defaults(run=_scriptsheet)

    print_all = commands.add_parser("print", help="every sheet of a script as one-page PDFs")
    print_all.add_argument("script", help="a custom script in the official JSON format")
    print_all.add_argument("-o", "--output", required=True,
                           help="the folder for script-, first- and other-<lang>.pdf")
    print_all.add_argument("--lang", help="languages, comma-separated (default: all)")
    _official_option(print_all)
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
    export_script.add_argument("-o", "--output", required=True)
    export_script.set_defaults(run=_export_script)

    export_po = commands.add_parser("export-po",
                                    help="a PO file of the sections a language still lacks")
    export_po.add_argument("--lang", required=True, help="a language of content/languages.yaml")
    export_po.add_argument("-o", "--output", required=True)
    export_po.add_argument("--character", action="append", metavar="ID",
                           help="only these characters (ids, repeated or comma-separated)")
    export_po.add_argument("--section", action="append", metavar="NAME",
                           help="only these sections: ability, flavor, summary, how_to_run, "
                                "examples (repeated or comma-separated)")
    _official_option(export_po)
    export_po.set_defaults(run=_export_po)

    import_po_command = commands.add_parser(
        "import-po", help="bring a translated PO back into content/<lang>/translations.txt")
    import_po_command.add_argument("po", help="a PO file made by export-po and translated")
    import_po_command.set_defaults(run=_import_po)

    args = parser.parse_args(argv)
    try:
        if not (args.root / "content").is_dir():
            raise AlmanacError("no content/ folder: run in the project folder or pass --root",
                               str(args.root))
        return args.run(args)
    except AlmanacError as err:
        print(err, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader stopped early (`almanac check | head`): as the Python docs advise, point
        # stdout at /dev/null so the interpreter's final flush does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
