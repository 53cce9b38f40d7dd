"""`almanac check`: every finding, as `file:line: severity code: message`, in the reader's
language; the exit status says whether there are errors (with --strict, warnings)."""
from __future__ import annotations

import argparse
import json
import sys

from generator.checks import run_checks
from generator.export.records import diagnostic_record
from generator.facts.language_codes import language_tag
from generator.pipeline import load_corpus
from generator.views.messages import message


def run(args: argparse.Namespace) -> int:
    from generator.cards import joined
    from generator.commands.arguments import official_data
    from generator.views.counts import counts_line, to_translate_lines
    # The official names of every language: a finding names a character in the reader's.
    official = official_data(args, every=True)  # every language's sections are counted
    corpus = joined(load_corpus(args.root, (args.lang,) if args.lang else ()), official)
    lang = corpus.languages[language_tag(args.lang)].code if args.lang else "en"
    diagnostics = run_checks(corpus, official)
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
        for line in to_translate_lines(corpus, official, lang):
            print(line, file=sys.stderr)
    failing = {"error"} | ({"warning"} if args.strict else set())
    return 1 if any(d.severity in failing for d in diagnostics) else 0
