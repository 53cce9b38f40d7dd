"""`almanac parse`: the whole corpus as one records JSON document."""
from __future__ import annotations

import argparse
import json

from generator.checks import run_checks
from generator.export.records import records
from generator.files import output_path, write_text
from generator.pipeline import load_corpus


def run(args: argparse.Namespace) -> int:
    target = output_path(args.json, "--json")
    corpus = load_corpus(args.root)
    document = records(corpus, run_checks(corpus))
    write_text(target, json.dumps(document, ensure_ascii=False, indent=1) + "\n")
    print(f"{len(document['characters'])} characters, {len(document['scripts'])} scripts, "
          f"{len(document['diagnostics'])} diagnostics → {args.json}")
    return 0
