"""`almanac parse|check|build|nightsheet|narration|export-script|export-po`."""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from .checks import run_checks
from .pipeline import load_corpus
from .records import diagnostic_record, records

ROOT = Path.cwd()


def _parse(args: argparse.Namespace) -> int:
    corpus = load_corpus(args.root)
    document = records(corpus, run_checks(corpus))
    Path(args.json).write_text(json.dumps(document, ensure_ascii=False, indent=1) + "\n",
                               encoding="utf-8")
    print(f"{len(document['characters'])} characters, {len(document['scripts'])} scripts, "
          f"{len(document['diagnostics'])} diagnostics → {args.json}")
    return 0


def _check(args: argparse.Namespace) -> int:
    diagnostics = run_checks(load_corpus(args.root))
    if args.format == "json":
        print(json.dumps([diagnostic_record(d) for d in diagnostics], ensure_ascii=False,
                         indent=1))
    else:
        for diagnostic in diagnostics:
            print(diagnostic.format())
    failing = {"error"} | ({"warning"} if args.strict else set())
    return 1 if any(d.severity in failing for d in diagnostics) else 0


def _build(args: argparse.Namespace) -> int:
    corpus = load_corpus(args.root)
    diagnostics = run_checks(corpus)
    counts = Counter(d.severity for d in diagnostics)
    print(f"{len(corpus.characters)} characters, {len(corpus.scripts)} scripts, "
          f"{len(corpus.rulebooks)} rulebook; " +
          ", ".join(f"{counts[s]} {s}s" for s in ("error", "warning", "info")))
    return 1 if counts["error"] else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="almanac", description=__doc__)
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="project folder holding content/ (default: the current folder)")
    commands = parser.add_subparsers(dest="command", required=True)

    parse = commands.add_parser("parse", help="write the records JSON")
    parse.add_argument("--json", required=True, help="where to write the records")
    parse.set_defaults(run=_parse)

    check = commands.add_parser("check", help="print diagnostics as file:line: severity code: message")
    check.add_argument("--format", choices=("text", "json"), default="text")
    check.add_argument("--strict", action="store_true", help="exit 1 on warnings too")
    check.set_defaults(run=_check)

    build = commands.add_parser("build", help="parse, check and build the site")
    build.set_defaults(run=_build)

    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
