"""What several commands read alike from their arguments: the official data, the language."""
from __future__ import annotations

import argparse
from pathlib import Path

from generator.facts.language_codes import language_tag
from generator.facts.official import OfficialTexts, load_official
from generator.resolve import Corpus


def official_data(args: argparse.Namespace) -> OfficialTexts | None:
    """The official data files of --official DIR, None without it."""
    return load_official(Path(args.official)) if args.official else None


def language(args: argparse.Namespace, corpus: Corpus) -> str:
    """The --lang asked for, checked against the project's languages; else the default."""
    return corpus.languages[language_tag(args.lang)].code if args.lang else \
        corpus.languages.default.code
