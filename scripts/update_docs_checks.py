"""Rewrite the table of checks in docs/pages/checks.md with the count of each on the corpus as
it is now.

Usage: .venv/bin/python scripts/update_docs_checks.py   (a test fails while the table is stale)
"""
from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from generator.checks import REGISTRY, run_checks  # noqa: E402
from generator.pipeline import load_corpus  # noqa: E402

HEADER = "| check | severity | findings |\n|---|---|---|\n"


def main() -> None:
    counts = Counter(d.code for d in run_checks(load_corpus(ROOT)))
    rows = "".join(f"| `{c.code}` | {c.severity} | {counts[c.code]} |\n" for c in REGISTRY)
    page = ROOT / "docs" / "pages" / "checks.md"
    text = page.read_text(encoding="utf-8")
    table = re.compile(re.escape(HEADER) + r"(?:\|.*\|\n)+")
    page.write_text(table.sub(lambda _: HEADER + rows, text), encoding="utf-8")


if __name__ == "__main__":
    main()
