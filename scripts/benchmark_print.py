"""Wall time and peak memory of `almanac print` on Trouble Brewing (English; both languages),
and of the peer tool scriptmaker 4.0.0 (script and full night order, English) when its Python
is given. Ratios are within one run: the machine is noisy.

Each command runs --runs times for its best wall time, then once more with its memory sampled
(reading PSS costs enough CPU to slow a run down, so that run's time is not used). Memory covers
the whole process tree, as Chromium runs as children: every 50 ms the PSS of each descendant
(shared pages divided among the processes sharing them) is summed; this process is made the
subreaper, so processes that detach (Chromium's crash handler) are counted too. PSS divides
pages with processes outside the tree as well: another Chromium running on the machine lowers
ours. The largest single process (exact, over all runs; what `/usr/bin/time -v` calls the
maximum resident set size) is shown beside it.

Usage: .venv/bin/python scripts/benchmark_print.py [--runs N] [--scriptmaker /path/to/python]
"""
from __future__ import annotations

import argparse
import ctypes
import os
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tests" / "fixtures" / "trouble-brewing.json"
INTERVAL = 0.05
PR_SET_CHILD_SUBREAPER = 36


class Figures(NamedTuple):
    seconds: float
    tree_pss: int  # bytes, the peak of the sum over the tree
    largest_rss: int  # bytes, the peak of the largest single process


def descendants(root: int) -> list[int]:
    """Every process below root, found by parent id in /proc."""
    children: dict[int, list[int]] = {}
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                stat = Path(entry.path, "stat").read_text()
            except (FileNotFoundError, ProcessLookupError):
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])  # the name may hold spaces
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], list(children.get(root, []))
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(children.get(pid, []))
    return found


def pss(pid: int) -> int:
    """The proportional set size of a process in bytes; 0 if it has ended."""
    try:
        rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return 0
    return next((int(line.split()[1]) * 1024 for line in rollup.splitlines()
                 if line.startswith("Pss:")), 0)


def reap_adopted(timeout: float = 5.0) -> None:
    """Wait for the detached processes this subreaper adopted, so the next run starts clean."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if os.waitpid(-1, os.WNOHANG)[0] == 0:
                time.sleep(INTERVAL)
        except ChildProcessError:
            return


def run(command: list[str], cwd: Path, out: Path, pdfs: int, sample: bool) -> Figures:
    """One run of command, which must write pdfs PDF files under out; the tree's memory is
    sampled if asked (0 if not)."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    log = out.with_suffix(".log")
    with log.open("w") as output:
        start = time.perf_counter()
        process = subprocess.Popen(command, cwd=cwd, env=env, stdout=output,
                                   stderr=subprocess.STDOUT)
        peak = 0
        while True:
            if sample:
                peak = max(peak, sum(pss(pid) for pid in descendants(os.getpid())))
            pid, status, usage = os.wait4(process.pid, os.WNOHANG if sample else 0)
            if pid:
                break
            time.sleep(INTERVAL)
        seconds = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    reap_adopted()
    written = sorted(out.rglob("*.pdf"))
    if process.returncode != 0 or len(written) != pdfs:
        raise SystemExit(f"{' '.join(command)}: exit {process.returncode}, {len(written)} of "
                         f"{pdfs} PDFs\n{log.read_text()[-3000:]}")
    return Figures(seconds, peak, usage.ru_maxrss * 1024)


def best(command: Callable[[Path], list[str]], cwd: Path, folder: Path, pdfs: int,
         runs: int) -> Figures:
    """The best time of the unsampled runs, the tree memory of one sampled run, and the largest
    process of all; each run writes into a new folder."""
    folder.mkdir()
    timed = [run(command(folder / str(n)), cwd, folder / str(n), pdfs, sample=False)
             for n in range(runs)]
    sampled = run(command(folder / "sampled"), cwd, folder / "sampled", pdfs, sample=True)
    return Figures(min(r.seconds for r in timed), sampled.tree_pss,
                   max(r.largest_rss for r in [*timed, sampled]))


def main() -> None:
    parser = argparse.ArgumentParser(description="Time and memory of almanac print "
                                     "(and of scriptmaker) on Trouble Brewing.")
    parser.add_argument("--runs", type=int, default=3, help="runs of each command (default 3)")
    parser.add_argument("--scriptmaker", metavar="PYTHON",
                        help="a Python with scriptmaker 4.0.0 installed")
    args = parser.parse_args()
    if ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        raise SystemExit(f"prctl: {os.strerror(ctypes.get_errno())}")
    almanac = str(ROOT / ".venv" / "bin" / "almanac")
    peer = args.scriptmaker
    with tempfile.TemporaryDirectory() as tmp:
        rows = [("almanac print --lang en (3 PDFs)",
                 best(lambda out: [almanac, "print", str(SCRIPT), "-o", str(out), "--lang", "en"],
                      ROOT, Path(tmp, "en"), 3, args.runs)),
                ("almanac print --lang ko,en (6 PDFs)",
                 best(lambda out: [almanac, "print", str(SCRIPT), "-o", str(out),
                                   "--lang", "ko,en"], ROOT, Path(tmp, "ko-en"), 6, args.runs))]
        if peer:
            rows.append(("scriptmaker 4.0.0 --full, en (2 PDFs)",
                         best(lambda out: [peer, "-m", "scriptmaker", "make-pdf", "--script",
                                           str(SCRIPT), "--output-folder", str(out), "--full"],
                              Path(tmp), Path(tmp, "scriptmaker"), 2, args.runs)))
    print(f"Trouble Brewing: best wall time of {args.runs} runs; peak memory in MiB")
    print(f"{'':40}{'wall s':>8}{'tree PSS':>10}{'largest process':>17}")
    for label, figures in rows:
        print(f"{label:40}{figures.seconds:>8.2f}{figures.tree_pss / 2**20:>10.0f}"
              f"{figures.largest_rss / 2**20:>17.0f}")
    if not peer:
        print("scriptmaker: not run (give --scriptmaker /path/to/python)")
        return
    ours, theirs = rows[0][1], rows[2][1]
    print(f"scriptmaker / almanac (en): time {theirs.seconds / ours.seconds:.2f}x, "
          f"tree PSS {theirs.tree_pss / ours.tree_pss:.2f}x, "
          f"largest process {theirs.largest_rss / ours.largest_rss:.2f}x")


if __name__ == "__main__":
    main()
