"""What a command prints of the checks' findings."""
from __future__ import annotations

import sys

from generator.model import Diagnostic, visible
from generator.views.messages import message


def print_errors(diagnostics: tuple[Diagnostic, ...], warnings: bool = False) -> None:
    """Every error finding (and with warnings, every warning finding) on standard error, as
    `file:line: code: message`."""
    shown = ("error", "warning") if warnings else ("error",)
    for error in (d for d in diagnostics if d.severity in shown):
        print(visible(f"{error.file}:{error.line}: {error.code}: {message(error, 'en')}"),
              file=sys.stderr)


def errors_above(count: int) -> str:
    """'1 error above', '2 errors above': the lines that follow the errors (in English, as they)."""
    return f"{count} {'error' if count == 1 else 'errors'} above"
