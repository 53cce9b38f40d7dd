"""What several commands read alike from their arguments: the official data, the language."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from generator.facts.language_codes import language_tag
from generator.facts.official import OfficialTexts, load_official
from generator.model import Corpus, visible
from generator.release.store import default_official, official_home


def official_folder(args: argparse.Namespace) -> str:
    """The folder of official data the command reads: --official DIR, else the one `almanac
    official fetch` keeps where it has, none ("") with --no-official."""
    if args.official or args.no_official:
        return str(args.official or "")
    kept = default_official()
    return str(kept) if kept else ""


def official_data(args: argparse.Namespace, every: bool = False) -> OfficialTexts | None:
    """The official data files of official_folder(args), None without one: only the files of
    the languages the command asks for (--languages or --lang naming codes), every language's
    where it asks for all or for those of languages.yaml (whose notices name the data's others),
    or where every (a --lang that names the reader's language alone, as check's).
    What was read past is one line each, on standard error."""
    folder = official_folder(args)
    if not folder:
        if not args.no_official and official_home().is_dir():
            print(f"{official_home()}: no roles.json: the official data is left out (`almanac "
                  "official fetch` fetches it again)", file=sys.stderr)
        return None
    asked = None if every else getattr(args, "languages", None) or getattr(args, "lang", None)
    wanted = None if not asked or asked.strip() == "all" else \
        {language_tag(code.strip()) for code in asked.split(",") if code.strip()}
    official = load_official(Path(folder), wanted)
    for notice in official.notices:
        print(visible(notice), file=sys.stderr)
    return official


def language(args: argparse.Namespace, corpus: Corpus) -> str:
    """The --lang asked for, checked against the project's languages; else the default."""
    return corpus.languages[language_tag(args.lang)].code if args.lang else \
        corpus.languages.default.code
