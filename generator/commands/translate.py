"""The translator's commands: `export-po` (what a language lacks, as a PO file), `import-po` (a
translated PO merged into the store) and `update-po` (the store brought up to date with the
corpus), each changing the store under the project's lock."""
from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from generator.cards import joined
from generator.commands.arguments import language, official_data
from generator.errors import AlmanacError
from generator.facts.catalogs import translations
from generator.facts.language_codes import language_tag
from generator.files import output_path, write_bytes
from generator.model import SECTIONS
from generator.output.publish import build_lock
from generator.output.slugs import section_address
from generator.pipeline import load_corpus
from generator.read.corpus import store_file
from generator.views.messages import message


def export_po(args: argparse.Namespace) -> int:
    from generator.export.po import write_lacking
    from generator.translation.po_import import current_store
    from generator.views.po_outcome import exported_summary
    target = output_path(args.output, "--output")
    characters = _ids(args.character, "--character", "character ids")
    sections = _ids(args.section, "--section", ", ".join(SECTIONS))
    corpus = load_corpus(args.root, (args.lang,))
    lang = language(args, corpus)
    with _refusals_said():  # unread, every section would look untranslated
        current_store(args.root, corpus, lang)
    buffer = io.BytesIO()
    official = official_data(args)
    count = write_lacking(joined(corpus, official), lang, buffer, characters, sections,
                          section_address)
    write_bytes(target, buffer.getvalue())
    print(exported_summary(count, str(target), lang))
    return 0


def export_glossary(args: argparse.Namespace) -> int:
    from generator.export.term_base import csv_text, tbx
    target = output_path(args.output, "--output")
    kinds = {".tbx": tbx, ".csv": csv_text}
    made = kinds.get(target.suffix.lower())
    if made is None:
        raise AlmanacError(f"{target}: a glossary is written as .tbx or .csv; name the file so")
    corpus = load_corpus(args.root, (args.lang,))
    lang = language(args, corpus)
    official = official_data(args)
    concepts_text = made(joined(corpus, official), lang)
    write_bytes(target, concepts_text.encode("utf-8"))
    print(f"{target} written")
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


def import_po(args: argparse.Namespace) -> int:
    from generator.translation.po_import import import_po
    from generator.views.po_outcome import imported_summary
    with build_lock(args.root, _WAITING), _refusals_said():
        # Read under the lock: the store as the last one left it.
        corpus = load_corpus(args.root, _po_languages(args))
        official = official_data(args)
        result = import_po(args.root, joined(corpus, official), Path(args.po), args.lang, official,
                           section_address)
    for problem in result.problems:
        print(problem.format(message(problem, result.lang)), file=sys.stderr)
    print(imported_summary(result, result.lang))
    return 1 if result.refused else 0


def _po_languages(args: argparse.Namespace) -> tuple[str, ...]:
    """The language a PO is for (--lang, else its header's), that the project may not declare:
    a regional one (ja_JP) as its language where no store has the region's (content/ja-JP/)."""
    from generator.translation.po_import import read_translator_po
    if args.lang:
        return (args.lang,)
    try:
        named = read_translator_po(Path(args.po)).language or ""
    except AlmanacError:
        return ()  # import_po says why, at its line
    tag = language_tag(named)
    return (tag if (Path(args.root) / store_file(tag)).exists() else tag.split("-")[0],)


def update_po(args: argparse.Namespace) -> int:
    from generator.translation.po_import import mergeable_store
    from generator.translation.store import LINE_SHAPE_FILE, migrate, update_po
    from generator.views.po_outcome import migrated_summary, updated_summary
    with build_lock(args.root, _WAITING), _refusals_said():
        corpus = load_corpus(args.root, (args.lang,))
        lang = language(args, corpus)
        mergeable_store(args.root, corpus, lang)  # one not read whole is never written over
        if moved := migrate(args.root, corpus, lang):
            print(migrated_summary(moved, f"content/{lang}/{LINE_SHAPE_FILE}", lang))
            corpus = load_corpus(args.root, (lang,))
        # The official names and terms in the target language, for the translator's hints.
        official = official_data(args)
        result = update_po(args.root, joined(corpus, official), lang, official, section_address)
    print(updated_summary(result, lang))
    return 0


@contextmanager
def _refusals_said() -> Iterator[None]:
    """A store refused (StoreRefusedError) said as its finding, in the translator's language."""
    from generator.translation.po_import import StoreRefusedError
    try:
        yield
    except StoreRefusedError as refused:
        gettext = translations(refused.lang).gettext
        said = message(refused.finding, refused.lang) if refused.finding else \
            gettext("the translation store cannot be read")
        raise AlmanacError(gettext("%(finding)s; not written until it can be read whole")
                           % {"finding": said}, refused.file, refused.line) from refused
