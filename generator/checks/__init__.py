"""Checks: small named units, each with a code, a severity and a one-line description.

Each family module registers its checks with @check; run_checks runs every one over the
corpus once and returns their findings together with those of reading, parsing and resolving.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from generator.model import Diagnostic
from generator.resolve import Corpus


@dataclass(frozen=True)
class Check:
    code: str
    severity: str
    description: str
    family: str
    run: Callable[[Corpus], Iterable[Diagnostic]] | None  # None: found while parsing


REGISTRY: list[Check] = []

# Findings made by the reading, parsing and resolving stages, described for the report.
for _code, _severity, _description in (
        ("unreadable", "error", "A corpus file that cannot be read (a folder, a broken link, no "
                                "permission); it was skipped."),
        ("not-read", "warning", "A file under content/ that is no almanac text "
                                "(content/<language>/*.txt) nor a data file; it was not read."),
        ("unknown-language", "error", "A text in a folder that content/languages.yaml does not "
                                      "declare as a language; it was not read."),
        ("undecodable", "error", "A file is not valid UTF-8; it was skipped."),
        ("unknown-shape", "error",
         "A file matches none of the corpus shapes; its lines were not read."),
        ("unplaced-line", "error", "A line the parser could not place in any field."),
        ("entry-without-name", "error", "A team line with no character after it."),
        ("damaged-name", "warning", "A character name with stray characters after it, repaired."),
        ("script-count", "warning",
         "A script header declares a different number of characters than it has."),
        ("unknown-character", "warning",
         "A name that no glossary character has, officially or as alias.")):
    REGISTRY.append(Check(_code, _severity, _description, "parse", None))


def check(code: str, severity: str, description: str):
    """Register a function corpus → findings (message, file, line, text) as a check."""
    def register(function: Callable[[Corpus], Iterable[tuple[str, str, int, str]]]):
        family = function.__module__.rsplit(".", 1)[-1]

        def run(corpus: Corpus) -> Iterable[Diagnostic]:
            for message, file, line, text in function(corpus):
                yield Diagnostic(severity, code, file, line, message, text)
        REGISTRY.append(Check(code, severity, description, family, run))
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
    structure,
    terminology,
    ui_catalogs,
    untranslated,
)
