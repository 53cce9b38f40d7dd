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
