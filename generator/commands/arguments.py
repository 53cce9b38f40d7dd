"""What several commands read alike from their arguments: the official data, the language."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from generator.facts.language_codes import language_tag
from generator.facts.official import OfficialTexts, load_official
from generator.model import visible
from generator.resolve import Corpus


def official_data(args: argparse.Namespace) -> OfficialTexts | None:
    """The official data files of --official DIR, None without it: only the files of the
    languages the command asks for (--languages or --lang naming codes), every language's where
    it asks for all or for those of languages.yaml (whose notices name the data's others). What
    was read past is one line each, on standard error."""
    if not args.official:
        return None
    asked = getattr(args, "languages", None) or getattr(args, "lang", None)
    wanted = None if not asked or asked.strip() == "all" else \
        {language_tag(code.strip()) for code in asked.split(",") if code.strip()}
    official = load_official(Path(args.official), wanted)
    for notice in official.notices:
        print(visible(notice), file=sys.stderr)
    return official


def language(args: argparse.Namespace, corpus: Corpus) -> str:
    """The --lang asked for, checked against the project's languages; else the default."""
    return corpus.languages[language_tag(args.lang)].code if args.lang else \
        corpus.languages.default.code
