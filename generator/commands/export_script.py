"""`almanac export-script`: a script of the corpus as official script JSON."""
from __future__ import annotations

import argparse
import json

from generator.errors import AlmanacError
from generator.export.script_json import export
from generator.files import output_path, write_text
from generator.pipeline import load_corpus


def run(args: argparse.Namespace) -> int:
    target = output_path(args.output, "--output")
    corpus = load_corpus(args.root)
    script = next((s for s in corpus.scripts if args.script_id in (s.id, s.title)), None)
    if script is None:
        known = ", ".join(f"{s.id} ({s.title})" for s in corpus.scripts) or "no scripts"
        raise AlmanacError(f"no script '{args.script_id}'; the corpus has: {known}")
    write_text(target, json.dumps(export(script), ensure_ascii=False, indent=1) + "\n")
    print(target)
    return 0
