"""The project's one error type: bad usage or bad input, shown as one line, never a traceback."""
from __future__ import annotations

from generator.model import visible


class AlmanacError(Exception):
    """Raised for input or usage the tool cannot work with; the CLI prints
    `file[:line]: error: message` and exits with status 2. A bug is any other exception."""

    def __init__(self, message: str, file: str | None = None, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.file and self.line else self.file
        line = f"{where}: error: {self.message}" if where else f"error: {self.message}"
        return visible(line)  # one line, whatever a file name or value holds
