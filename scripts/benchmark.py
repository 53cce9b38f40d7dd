"""How long each stage takes and how much memory it holds, on the corpus and on a corpus made
ten times larger (each file repeated). Figures are ratios within one run: the machine is noisy.

Usage: .venv/bin/python scripts/benchmark.py
"""
from __future__ import annotations

import contextlib
import io
import shutil
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from generator.checks import run_checks  # noqa: E402
from generator.export.records import records  # noqa: E402
from generator.output.build import build  # noqa: E402
from generator.pipeline import load_corpus  # noqa: E402

REPEATS = 5


def measure(function, *args):
    """Best wall time of REPEATS runs, and the peak traced memory of one run."""
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        result = function(*args)
        best = min(best, time.perf_counter() - start)
    tracemalloc.start()
    function(*args)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return result, best, peak


def scaled_project(factor: int, into: Path) -> Path:
    """A copy of the project whose every corpus file is in factor copies (as new files)."""
    (into / "content").mkdir(parents=True)
    for name in ("glossary.yaml", "night-order.yaml"):
        shutil.copy(ROOT / "content" / name, into / "content" / name)
    for lang in ("ko", "en"):
        (into / "content" / lang).mkdir()
        for text in sorted((ROOT / "content" / lang).glob("*.txt")):
            for copy in range(factor):
                shutil.copy(text, into / "content" / lang / f"{copy:03d}{text.name}")
    return into


def whole_build(into: Path) -> float:
    """One `almanac build` of the corpus, in a copy of the project so site/ stays as it is."""
    for name in ("content", "templates"):
        shutil.copytree(ROOT / name, into / name)
    shutil.copy(ROOT / "mkdocs.yml", into / "mkdocs.yml")
    start = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):
        build(into, "http://127.0.0.1:8000/")
    return time.perf_counter() - start


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        big = scaled_project(10, Path(tmp))
        rows: list[tuple[str, float, float, float, float, float, float]] = []
        for label, root in (("corpus", ROOT), ("corpus x10", big)):
            corpus, load_s, load_mem = measure(load_corpus, root)
            found, check_s, check_mem = measure(run_checks, corpus)
            _, export_s, export_mem = measure(records, corpus, found)
            rows.append((label, load_s, check_s, export_s, load_mem, check_mem, export_mem))
        base = rows[0]
        print(f"{'':12}{'read+parse+resolve':>20}{'checks':>10}{'records':>10}"
              f"{'peak MiB (parse/check/records)':>34}")
        for row in rows:
            print(f"{row[0]:12}{row[1] * 1000:>17.1f} ms{row[2] * 1000:>7.1f} ms"
                  f"{row[3] * 1000:>7.1f} ms"
                  f"{row[4] / 2**20:>14.1f}{row[5] / 2**20:>8.1f}{row[6] / 2**20:>8.1f}")
        print("ratios x10 / x1: " + ", ".join(
            f"{name} {big_figure / base_figure:.1f}" for name, big_figure, base_figure in
            (("parse", rows[1][1], base[1]), ("checks", rows[1][2], base[2]),
             ("records", rows[1][3], base[3]), ("parse memory", rows[1][4], base[4]))))
        site_s = whole_build(Path(tmp) / "site-project")
        print(f"whole site build (both languages, MkDocs): {site_s:.1f} s, "
              f"{site_s / (base[1] + base[2]):.0f} x parse+checks")


if __name__ == "__main__":
    main()
