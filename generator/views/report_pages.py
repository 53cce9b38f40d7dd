"""The translator's report as pages a phone loads in under a second (scripts/benchmark_report.py
measures it; tests/test_report.py holds each page to 300 KiB): a summary; the coverage matrix,
a page per team; what a language can translate now, a page per language; the findings, a page
per severity, beginning with its checks. A page's share is counted in the elements it adds to
the theme's (a phone's CPU lays out and styles each one): rows, batches or findings past it go
on to the next page of the same kind, the pages of one kind about even."""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from generator.translatable import N_
from generator.views.report import CheckFindings, Finding, MatrixRow, ReportView, Translatable

KINDS = (SUMMARY, COVERAGE, TRANSLATABLE, FINDINGS) = (
    "summary", "coverage", "translatable", "findings")
# The findings' pages, one a severity, by the title each has.
SEVERITIES = {"error": N_("Errors"), "warning": N_("Warnings"), "info": N_("Information")}
LABELS = {SUMMARY: N_("Translator's report"), COVERAGE: N_("Coverage"),
          TRANSLATABLE: N_("Translatable now")}
# The elements a page adds to the theme's some 250: with them a cold load takes a 4× slower
# CPU under a second (the theme's alone, a character page's, some 0.6 s; scripts/
# benchmark_report.py); and the bytes of the findings' text, so that a page of long quotes
# stays far below 300 KiB.
ELEMENTS = 380
FINDING_BYTES = 150_000
_BATCH = 6  # a row of "Translatable now": the row, its name, link and cells, the command
_CHECK = 6  # a check's row: the row, its cells, its code and link
_FINDING_MARKUP = 200  # a finding's bytes beside its text: the link, the list item, the spans

Item = TypeVar("Item")


@dataclass(frozen=True)
class ReportPage:
    path: str  # from the language's docs: report.md, report/coverage-townsfolk.md, …
    kind: str  # one of KINDS
    key: str = ""  # the team, language or severity it shows; "" for the summary
    part: int = 1  # its place among the pages of its key, and how many there are
    parts: int = 1
    rows: tuple[MatrixRow, ...] = ()
    translatable: tuple[Translatable, ...] = ()
    checks: tuple[CheckFindings, ...] = ()  # the findings it shows, by check
    # The checks it lists, each with all its findings and the page they begin on: the
    # summary's, those with findings; a severity's first page, every check of the severity.
    listed: tuple[CheckFindings, ...] = ()
    count: int = 0  # its key's characters, batches or findings, on all its pages

    @property
    def address(self) -> str:
        """Its address from the language's root, as links write it (report/coverage-demon/)."""
        return "report/" if self.kind == SUMMARY else f"{self.path.removesuffix('.md')}/"

    @property
    def label(self) -> str:
        """Its title's words (a msgid), before the team or language it shows."""
        return SEVERITIES[self.key] if self.kind == FINDINGS else LABELS[self.kind]


def _cut(items: Sequence[Item], cost: Callable[[Item], int], share: int,
         first: int = 0) -> list[tuple[Item, ...]]:
    """items in order, in runs about even whose costs add up to share at most (an item past it
    alone); first: what the first run holds already. One empty run for no items."""
    left = first + sum(cost(item) for item in items)
    parts = max(1, math.ceil(left / share))
    runs: list[tuple[Item, ...]] = []
    run: list[Item] = []
    spent = first
    for item in items:
        # Even: each run near what is left over the runs left, closed where the item would
        # take it further past that than it stays short of it.
        even = len(runs) < parts - 1 and spent + cost(item) / 2 > left / (parts - len(runs))
        if run and (even or spent + cost(item) > share):
            runs.append(tuple(run))
            left -= spent
            run, spent = [], 0
        run.append(item)
        spent += cost(item)
    return [*runs, tuple(run)] if run or not runs else runs


def _path(kind: str, key: str, part: int) -> str:
    return f"report/{kind}-{key}{f'-{part}' if part > 1 else ''}.md"


def _finding_elements(finding: Finding) -> int:
    """The list item, the link and its code, the marked names, the quoted line and its break."""
    return 3 + sum(1 for piece in finding.message if piece.lang) + (2 if finding.text else 0)


def _finding_bytes(finding: Finding) -> int:
    return _FINDING_MARKUP + len(finding.file.encode()) + len(finding.text.encode()) + \
        sum(len(piece.text.encode()) for piece in finding.message)


def _findings(checks: Sequence[CheckFindings], severity: str) -> list[ReportPage]:
    """A severity's pages: its checks listed on the first, then its findings in the checks'
    order, each page with its part of every check it holds."""
    listed = tuple(check for check in checks if check.severity == severity)
    found = [(check, finding) for check in listed for finding in check.findings]
    by_elements = _cut(found, lambda pair: _finding_elements(pair[1]), ELEMENTS,
                       first=_CHECK * len(listed))
    runs = [run for elements in by_elements
            for run in _cut(elements, lambda pair: _finding_bytes(pair[1]), FINDING_BYTES)]
    pages = []
    for part, run in enumerate(runs, 1):
        groups: dict[str, CheckFindings] = {}
        for check, finding in run:
            group = groups.setdefault(check.code, replace(check, findings=()))
            groups[check.code] = replace(group, findings=(*group.findings, finding))
        pages.append(ReportPage(_path(FINDINGS, severity, part), FINDINGS, severity, part,
                                len(runs), checks=tuple(groups.values()),
                                listed=listed if part == 1 else (), count=len(found)))
    return pages


def _with_pages(checks: Iterable[CheckFindings], pages: list[ReportPage]
                ) -> tuple[CheckFindings, ...]:
    """The checks, each with the page its findings begin on (its severity's first where it has
    none)."""
    first: dict[str, str] = {}
    for page in pages:
        for check in page.checks:
            first.setdefault(check.code, page.address)
    for page in pages:
        for check in page.listed:
            first.setdefault(check.code, page.address)
    return tuple(replace(check, page=first.get(check.code, "")) for check in checks)


def report_pages(view: ReportView) -> tuple[ReportPage, ...]:
    """The summary, then the coverage by team, what each language can translate now, and the
    findings by severity."""
    sections = len(view.rows[0].cells) if view.rows else 0
    row = 3 + sections * (1 + len(view.langs))  # the row, its name and link, each cell's marks
    coverage = []
    for team in view.teams:
        rows = [r for r in view.rows if r.team == team]
        runs = _cut(rows, lambda _: row, ELEMENTS)
        coverage += [ReportPage(_path(COVERAGE, team, part), COVERAGE, team, part, len(runs),
                                rows=run, count=len(rows)) for part, run in enumerate(runs, 1)]
    translatable = []
    for lang in dict.fromkeys(t.lang for t in view.translatable):
        batches = [t for t in view.translatable if t.lang == lang]
        pieces = _cut(batches, lambda _: _BATCH, ELEMENTS)
        translatable += [ReportPage(_path(TRANSLATABLE, lang, part), TRANSLATABLE, lang, part,
                                    len(pieces), translatable=piece, count=len(batches))
                         for part, piece in enumerate(pieces, 1)]
    findings = [page for severity in SEVERITIES for page in _findings(view.checks, severity)]
    findings = [replace(page, listed=_with_pages(page.listed, findings)) for page in findings]
    summary = ReportPage("report.md", SUMMARY, listed=_with_pages(
        (check for check in view.checks if check.findings), findings))
    return (summary, *coverage, *translatable, *findings)
