"""`almanac COMMAND`: the command line, arguments in and one-line errors out.

Bad usage or input ends in one line, `file[:line]: error: message`, and exit status 2."""
from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext, redirect_stdout, suppress
from pathlib import Path
from typing import Any, NoReturn, TextIO
from urllib.parse import urlsplit

from generator.errors import AlmanacError
from generator.model import CONTROL, visible
from generator.views.sheet_kinds import DETAILS, NIGHTS


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
    official = command.add_mutually_exclusive_group()
    official.add_argument("--official", metavar="DIR",
                          help="the official data files (roles.json, jinxes.json, "
                               "game.<lang>.json …) to fill what the almanac lacks; default: "
                               "those `almanac official fetch` keeps, where it has")
    official.add_argument("--no-official", action="store_true",
                          help="leave the official data out, even that `almanac official "
                               "fetch` keeps")


def _base_url(value: str) -> str:
    """An http(s) address under which <owner>/<repo>/<commit>/<path> are the files."""
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.netloc or CONTROL.search(value):
        raise argparse.ArgumentTypeError(f"a base URL is an http or https address, not "
                                         f"'{visible(value)}'")
    return value


def _languages_option(command: argparse.ArgumentParser) -> None:
    command.add_argument("--languages", metavar="all|CODES",
                         help="the languages to build: `all` (content/languages.yaml's and every "
                              "language of the official data with enough), or codes separated "
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
    """-q and -v, the same for every command (docs/pages/commands.md, "How much a command says")."""
    level = command.add_mutually_exclusive_group()
    level.add_argument("-q", "--quiet", action="store_true",
                       help="say only what is wrong or lacking (on standard error) and, for "
                            "check, its errors and warnings: no counts, paths or progress")
    level.add_argument("-v", "--verbose", action="store_true",
                       help="list what is otherwise cut short: every warning about a script "
                            "and its notes; the warning findings beside the errors (build, "
                            "serve)")


def _command(commands: Any, name: str, summary: str) -> argparse.ArgumentParser:
    """A command, its summary in `almanac -h` and atop its own `-h`."""
    parser: argparse.ArgumentParser = commands.add_parser(
        name, help=summary, description=f"{summary[0].upper()}{summary[1:]}.")
    return parser


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


class _Version(argparse.Action):
    """--version, the installed almanac's looked up only then: importlib.metadata takes longer
    to import than some commands take to run."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> NoReturn:
        from importlib.metadata import version
        print(f"{parser.prog} {version('almanac')}")
        parser.exit()


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
    parser.add_argument("--version", action=_Version, nargs=0,
                        help="show the almanac's version and exit")
    parser.add_argument("--root", type=Path, default=Path.cwd(),
                        help="project folder holding content/ (default: the current folder)")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser,
                                     title="commands", metavar="COMMAND")

    parse = _command(commands, "parse", "write the records JSON")
    parse.add_argument("--json", required=True, help="where to write the records")
    parse.set_defaults(run="parse:run")

    check = _command(commands, "check", "print diagnostics as file:line: severity code: message")
    check.add_argument("--format", choices=("text", "json"), default="text",
                       help="text: one finding a line (default); json: a list of records")
    check.add_argument("--strict", action="store_true", help="exit 1 on warnings too")
    check.add_argument("--lang", help="the language of the messages: any language CLDR knows "
                                      "(ja, de, pt_BR; default: English)")
    _official_option(check)  # the characters' names in the reader's language
    check.set_defaults(run="check:run")

    build = _command(commands, "build", "parse, check and build the site into site/")
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
    build.set_defaults(run="build:run")

    serve = _command(commands, "serve", "a live preview on 127.0.0.1: rebuilt and reloaded as "
                                        "content/ or templates/ change")
    serve.add_argument("--port", type=_port, default=8000,
                       help="the port on 127.0.0.1 to serve on (default: 8000)")
    _official_option(serve)
    _languages_option(serve)
    serve.set_defaults(run="serve:run")

    sheet = _command(commands, "nightsheet", "a night sheet of a script JSON file")
    sheet.add_argument("script", help="a custom script in the official JSON format")
    _official_option(sheet)
    sheet.add_argument("--lang", help="a language of content/languages.yaml or of the official "
                                       "data (default: languages.yaml's first)")
    sheet.add_argument("--night", choices=NIGHTS, default="first",
                       help="first: the first night (default); other: every other night")
    _sheet_options(sheet, True)
    _outputs(sheet)
    sheet.set_defaults(run="sheets:nightsheet")

    script_sheet = _command(commands, "scriptsheet",
                            "the sheet players hold: characters and jinxes")
    script_sheet.add_argument("script", help="a custom script in the official JSON format")
    script_sheet.add_argument("--lang", help="a language of content/languages.yaml or of "
                                             "the official data (default: languages.yaml's first)")
    _official_option(script_sheet)
    _sheet_options(script_sheet, False)
    _outputs(script_sheet)
    script_sheet.set_defaults(run="sheets:scriptsheet")

    print_all = _command(commands, "print", "every sheet of a script as one-page PDFs")
    print_all.add_argument("script", help="a custom script in the official JSON format")
    print_all.add_argument("-o", "--output", required=True,
                           help="the folder for script-, first- and other-<lang>.pdf")
    print_all.add_argument("--lang", metavar="all|CODES",
                           help="`all` (content/languages.yaml's and every language of "
                                "the official data with enough) or codes separated by commas "
                                "(ko,de,ja; zh_Hans or zh-Hans); default: languages.yaml's")
    _official_option(print_all)
    _sheet_options(print_all, True)
    print_all.set_defaults(run="sheets:print_sheets")

    narration = _command(commands, "narration", "a One Night narration sheet for some roles")
    narration.add_argument("--roles", required=True,
                           help="comma-separated role ids or names (Korean or English)")
    narration.add_argument("--lang",
                           help="a language of content/languages.yaml (default: its first)")
    narration.add_argument("--title", help="the sheet's title (default: the rulebook's)")
    _outputs(narration)
    narration.set_defaults(run="narration:run")

    export_script = _command(commands, "export-script",
                             "write a corpus script as official script JSON")
    export_script.add_argument("script_id", help="the script's id (e.g. 000) or title")
    export_script.add_argument("-o", "--output", required=True, metavar="FILE",
                               help="where to write the script JSON")
    export_script.set_defaults(run="export_script:run")

    export_po = _command(commands, "export-po",
                         "a PO file of the sections a language still lacks")
    export_po.add_argument("--lang", required=True,
                           help="any language CLDR knows (ja, de, pt_BR); content/languages.yaml "
                                "needs no entry for it")
    export_po.add_argument("-o", "--output", required=True, metavar="FILE",
                           help="where to write the PO file")
    export_po.add_argument("--character", action="append", metavar="ID",
                           help="only these characters (ids, repeated or comma-separated)")
    export_po.add_argument("--section", action="append", metavar="NAME",
                           help="only these sections: ability, flavor, summary, how_to_run, "
                                "examples (repeated or comma-separated)")
    _official_option(export_po)
    export_po.set_defaults(run="translate:export_po")

    import_po_command = _command(commands, "import-po", "merge a translated PO into the store, "
                                                       "content/<lang>/translations.po")
    import_po_command.add_argument("po", help="a PO file made by export-po and translated")
    import_po_command.add_argument("--lang", help="the PO's language, where its header has none")
    _official_option(import_po_command)  # a translation that is an official text is refused
    import_po_command.set_defaults(run="translate:import_po")

    glossary = _command(commands, "export-glossary",
                        "write a language's glossary (names, teams, reminder tokens) as TBX or "
                        "CSV for PO editors and Weblate")
    glossary.add_argument("--lang", required=True,
                          help="any language CLDR knows (ja, de, pt_BR)")
    glossary.add_argument("-o", "--output", required=True, metavar="FILE",
                          help="the file to write: FILE.tbx or FILE.csv")
    _official_option(glossary)  # the official names of the language
    glossary.set_defaults(run="translate:export_glossary")

    update_po_command = _command(
        commands, "update-po", "bring content/<lang>/translations.po up to date with the corpus")
    update_po_command.add_argument("--lang", required=True,
                                   help="any language CLDR knows (ja, de, pt_BR); "
                                        "content/languages.yaml needs no entry for it")
    _official_option(update_po_command)  # its names and terms in the target language's hints
    update_po_command.set_defaults(run="translate:update_po")

    official = _command(commands, "official", "the publisher's official data, which every "
                                              "command reads: what is there, or fetch it")
    official.add_argument("action", nargs="?", choices=("status", "fetch"), default="status",
                          metavar="status|fetch",
                          help="status: what the data folder holds, from which commits (the "
                               "default; exit 1 where it lacks a file); fetch: download the "
                               "files at the commits the almanac pins, each checked against its "
                               "SHA-256, into $XDG_DATA_HOME/almanac/official "
                               "(~/.local/share/almanac/official)")
    official.add_argument("--from", dest="sources", action="append", metavar="DIR|ARCHIVE",
                          help="fetch: take the files you have instead, a folder or a .zip or "
                               ".tar.gz of the two repositories (repeated for each), checked "
                               "against the same sums")
    official.add_argument("--url", type=_base_url, metavar="BASE",
                          help="fetch: the address the files are under as "
                               "BASE/<owner>/<repo>/<commit>/<path> (default: "
                               "$ALMANAC_OFFICIAL_URL, else https://raw.githubusercontent.com)")
    official.add_argument("--check-online", action="store_true",
                          help="status: also ask GitHub whether the repositories have newer "
                               "commits than the pinned ones")
    official.set_defaults(run="official:run", project=False)

    for command in commands.choices.values():
        _output_levels(command)
    return parser


def _run(args: argparse.Namespace) -> int:
    try:
        if getattr(args, "project", True) and not (args.root / "content").is_dir():
            raise AlmanacError("no content/ folder: run in the project folder or pass --root",
                               str(args.root))
        # The command's module is imported only now: each loads only what it needs (MkDocs
        # for build and serve alone), and `almanac -h` none.
        module, function = args.run.split(":")
        command = getattr(importlib.import_module(f"generator.commands.{module}"), function)
        # -q: standard output is dropped, but for check, whose findings are what it is for.
        quiet = args.quiet and args.command != "check"
        with open(os.devnull, "w", encoding="utf-8") as null, \
                redirect_stdout(null) if quiet else nullcontext():
            status: int = command(args)
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
