"""Which Chromium runs (Debian's, or the one ALMANAC_CHROMIUM names), with what flags, and why
it cannot start, said in one line."""
from __future__ import annotations

import os

from generator.errors import AlmanacError

CHROMIUM = "/usr/bin/chromium"  # Debian's; ALMANAC_CHROMIUM names another
# Without the background-networking flags Chromium tries to reach Google's hosts at start.
FLAGS = ("--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync")


def chromium_path() -> str:
    return os.environ.get("ALMANAC_CHROMIUM") or CHROMIUM


def unusable(path: str) -> str | None:
    """Why the file at path cannot be Chromium, where that shows without running it."""
    if not os.path.isfile(path):
        return "no browser there"
    if not os.access(path, os.X_OK):
        return "the file is not executable"
    return None


def cannot_start(path: str, why: str) -> AlmanacError:
    return AlmanacError(f"Chromium cannot start ({why}); install it with `apt-get install "
                        "chromium`, or name another with ALMANAC_CHROMIUM", path)
