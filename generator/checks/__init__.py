"""Checks: small named units, each with a code, a severity and a one-line description.

Each family module registers its checks with @check and a code of generator/codes.py;
run_checks runs every one over the corpus once and returns their findings together with those
of reading, parsing and resolving.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from generator.codes import CORPUS_CODES, Code
from generator.model import Corpus, Diagnostic


@dataclass(frozen=True)
class Check:
    kind: Code
    family: str
    run: Callable[[Corpus], Iterable[Diagnostic]] | None  # None: found while parsing

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


def check(kind: Code):
    """Register a function corpus → findings of this code as a check."""
    def register(function: Callable[[Corpus], Iterable[Diagnostic]]):
        REGISTRY.append(Check(kind, function.__module__.rsplit(".", 1)[-1], function))
        return function
    return register


def run_checks(corpus: Corpus) -> tuple[Diagnostic, ...]:
    found = list(corpus.diagnostics)
    for registered in REGISTRY:
        if registered.run is not None:
            found += registered.run(corpus)
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
