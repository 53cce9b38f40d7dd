"""The translator's report: the coverage matrix, then every finding grouped by its check."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from generator.checks import REGISTRY, Check
from generator.checks.coverage import matrix
from generator.model import SECTIONS, Diagnostic
from generator.resolve import Corpus

STATUS_ORDER = ("present", "untranslated", "placeholder", "missing")


@dataclass(frozen=True)
class MatrixRow:
    id: str
    names: dict[str, str]  # the name shown in each language, with its fallback
    cells: tuple[tuple[str, str, str], ...]  # (lang, section, status)


@dataclass(frozen=True)
class Totals:
    label: str
    counts: tuple[tuple[str, int], ...]  # (status, count) in STATUS_ORDER


@dataclass(frozen=True)
class CheckFindings:
    check: Check
    findings: tuple[Diagnostic, ...]


@dataclass(frozen=True)
class ReportView:
    rows: tuple[MatrixRow, ...]
    by_language: tuple[Totals, ...]
    by_script: tuple[Totals, ...]
    by_file: tuple[Totals, ...]
    checks: tuple[CheckFindings, ...]
    statuses: tuple[str, ...] = STATUS_ORDER  # the totals' columns


def _totals(label: str, statuses: list[str]) -> Totals:
    counts = Counter(statuses)
    return Totals(label, tuple((s, counts[s]) for s in STATUS_ORDER))


def _name(corpus: Corpus, game: str, ident: str, lang: str) -> str:
    character = corpus.character(game, ident)
    return character.name(lang) if character else ident


def report_view(corpus: Corpus, diagnostics: tuple[Diagnostic, ...]) -> ReportView:
    table = matrix(corpus)
    langs = corpus.languages.codes
    rows = tuple(
        MatrixRow(ident, {lang: _name(corpus, game, ident, lang) for lang in langs},
                  tuple((lang, s, table[(game, ident)][lang][s])
                        for lang in langs for s in SECTIONS))
        for (game, ident) in table)
    by_language = tuple(_totals(lang, [table[key][lang][s] for key in table for s in SECTIONS])
                        for lang in langs)
    by_script = tuple(
        _totals(f"{script.title} ({lang})",
                [table[("botc", i)][lang][s] for i in script.characters if ("botc", i) in table
                 for s in SECTIONS])
        for script in corpus.scripts for lang in langs)
    by_file = tuple(
        _totals(pf.file, [e.status[s] for e in pf.entries for s in SECTIONS])
        for pf in corpus.parsed if pf.entries)
    grouped = tuple(CheckFindings(check, tuple(d for d in diagnostics if d.code == check.code))
                    for check in REGISTRY)
    return ReportView(rows, by_language, by_script, by_file, grouped)
