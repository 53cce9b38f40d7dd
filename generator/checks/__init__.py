"""Checks: small named units, each with a code, a severity and a one-line description.

Each family module registers its checks with @check and a code of generator/codes.py;
run_checks runs every one over the corpus once and returns their findings together with those
of reading, parsing and resolving.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from generator.codes import CORPUS_CODES, Code
from generator.facts.official import OfficialTexts
from generator.model import Corpus, Diagnostic


@dataclass(frozen=True)
class Check:
    kind: Code
    family: str
    run: Callable[..., Iterable[Diagnostic]] | None  # None: found while parsing
    official: bool = False  # run takes the official data too: (corpus, official)

    @property
    def code(self) -> str:
        return self.kind.code

    @property
    def severity(self) -> str:
        return self.kind.severity

    @property
    def description(self) -> str:
        return self.kind.description


# Findings of the reading, parsing and resolving stages come first in the report.
REGISTRY: list[Check] = [Check(kind, "parse", None) for kind in CORPUS_CODES]


def check(kind: Code, official: bool = False):
    """Register a function corpus → findings of this code as a check; official: one of (corpus,
    official data) → findings, for a check that counts what the official data gives."""
    def register(function: Callable[..., Iterable[Diagnostic]]):
        REGISTRY.append(Check(kind, function.__module__.rsplit(".", 1)[-1], function, official))
        return function
    return register


def run_checks(corpus: Corpus, official: OfficialTexts | None = None) -> tuple[Diagnostic, ...]:
    """Every finding; official: the data given with --official, whose texts count as the
    report counts them (translation/lacking.covered)."""
    found = list(corpus.diagnostics)
    for registered in REGISTRY:
        if registered.run is not None:
            arguments: tuple[Any, ...] = (corpus, official) if registered.official else (corpus,)
            found += registered.run(*arguments)
    return tuple(sorted(found, key=lambda d: (d.file, d.line, d.code, d.message)))


# The families register their checks on import; they need `check` defined above.
from generator.checks import (  # noqa: E402,F401
    ability,
    coverage,
    duplicates,
    noise,
    reminder_tokens,
    step_nights,
    structure,
    terminology,
    translations,
    ui_catalogs,
    untranslated,
)
