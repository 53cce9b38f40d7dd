"""Wall time, CPU time and peak memory of `almanac print` on Trouble Brewing, in English and with
`--lang all`, side by side with the same commands of an earlier revision of the project (by
default the one before printing was made faster for issue 39), and with the peer tool
scriptmaker 4.0.0 (script and full night order, English) when its Python is given. Ratios are
within one run: the machine is noisy.

The commands take turns, each --runs times, for its best and median wall time, after one run
untimed that compiles the modules' bytecode (as a user's Python keeps it; a sandbox's
PYTHONDONTWRITEBYTECODE is left out) and warms the disk cache; then once more with its memory
sampled (reading PSS costs enough CPU to slow a run down, so that run's time is not used). CPU
time is the whole process tree's, user and system, in the fastest run. Memory covers the whole
tree too, as Chromium runs as children: every 50 ms the PSS of each descendant (shared pages
divided among the processes sharing them) is summed; this process is made the subreaper, so
processes that detach (Chromium's crash handler) are counted and their CPU time too. PSS
divides pages with processes outside the tree as well: another Chromium running on the machine
lowers ours. The largest single process (exact, over all runs; what `/usr/bin/time -v` calls
the maximum resident set size) is shown beside it.

Usage: .venv/bin/python scripts/benchmark_print.py [--runs N] [--official DIR] [--before REV]
       [--scriptmaker /path/to/python]
"""
from __future__ import annotations

import argparse
import ctypes
import io
import os
import resource
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tests" / "fixtures" / "trouble-brewing.json"
# The project before printing was made faster (issue 39, item 4).
BEFORE = "954c56c484a72d1e3c4ad8dd6cc29d5d2d909221"
# Issue 39's goals: English in 0.15× scriptmaker's time where it took 0.26× (so 0.58× the time
# before), and every language of one script within 15 s on 2 cores.
GOAL_EN, GOAL_ALL = 0.15 / 0.26, 15.0
INTERVAL = 0.05
PR_SET_CHILD_SUBREAPER = 36


class Figures(NamedTuple):
    seconds: float
    cpu: float  # seconds of CPU, user and system, of the whole tree
    tree_pss: int  # bytes, the peak of the sum over the tree
    largest_rss: int  # bytes, the peak of the largest single process
    pdfs: int
    median: float = 0.0  # seconds, of the timed runs


class Command(NamedTuple):
    label: str
    argv: Callable[[Path], list[str]]  # the command line, given its output folder
    cwd: Path


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


def cpu_of_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(command: Command, out: Path, env: dict[str, str], sample: bool) -> Figures:
    """One run of command, which must write PDF files under out; the tree's memory is sampled
    if asked (0 if not)."""
    log = out.with_suffix(".log")
    argv = command.argv(out)
    cpu = cpu_of_children()
    with log.open("w") as output:
        start = time.perf_counter()
        process = subprocess.Popen(argv, cwd=command.cwd, env=env, stdout=output,
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
    if process.returncode != 0 or not written:
        raise SystemExit(f"{' '.join(argv)}: exit {process.returncode}, {len(written)} PDFs\n"
                         f"{log.read_text()[-3000:]}")
    return Figures(seconds, cpu_of_children() - cpu, peak, usage.ru_maxrss * 1024, len(written))


def measure(commands: list[Command], folder: Path, env: dict[str, str],
            runs: int) -> list[Figures]:
    """Each command's best time (the commands taking turns, so that they share the machine's
    moods), the CPU time of that run, the tree memory of one sampled run and the largest
    process of all; each run writes into a new folder."""
    for n, command in enumerate(commands):
        run(command, folder / f"{n}-warm", env, sample=False)
    timed: list[list[Figures]] = [[] for _ in commands]
    for turn in range(runs):
        for n, command in enumerate(commands):
            timed[n].append(run(command, folder / f"{n}-{turn}", env, sample=False))
    results = []
    for n, command in enumerate(commands):
        sampled = run(command, folder / f"{n}-sampled", env, sample=True)
        fastest = min(timed[n], key=lambda figures: figures.seconds)
        if len({figures.pdfs for figures in [*timed[n], sampled]}) != 1:
            raise SystemExit(f"{command.label}: the runs wrote different numbers of PDFs")
        results.append(fastest._replace(
            tree_pss=sampled.tree_pss,
            largest_rss=max(figures.largest_rss for figures in [*timed[n], sampled]),
            median=statistics.median(figures.seconds for figures in timed[n])))
    return results


def revision(rev: str, into: Path) -> Path:
    """The project's files at rev (a git revision), written out into a folder."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", rev],
                             capture_output=True, check=False)
    if archive.returncode != 0:
        raise SystemExit(f"git archive {rev}: {archive.stderr.decode().strip()}")
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")
    return into


def main() -> None:
    parser = argparse.ArgumentParser(description="Time and memory of almanac print on Trouble "
                                     "Brewing, against an earlier revision and scriptmaker.")
    parser.add_argument("--runs", type=int, default=3, help="runs of each command (default 3)")
    parser.add_argument("--official", metavar="DIR",
                        help="the official data (default: what `almanac official fetch` keeps)")
    parser.add_argument("--before", metavar="REV", default=BEFORE,
                        help="the revision to compare with (default: the one before issue 39's "
                             f"faster printing, {BEFORE[:7]})")
    parser.add_argument("--scriptmaker", metavar="PYTHON",
                        help="a Python with scriptmaker 4.0.0 installed")
    args = parser.parse_args()
    if ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        raise SystemExit(f"prctl: {os.strerror(ctypes.get_errno())}")
    official = ["--official", str(Path(args.official).resolve())] if args.official else []
    with tempfile.TemporaryDirectory() as tmp:
        before = revision(args.before, Path(tmp, "before"))
        env = {**{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
               "NO_MKDOCS_2_WARNING": "1", "PYTHONPYCACHEPREFIX": str(Path(tmp, "pycache"))}

        def almanac(tree: Path, lang: str) -> Callable[[Path], list[str]]:
            return lambda out: [sys.executable, "-m", "generator.cli", "--root", str(tree),
                                "print", str(SCRIPT), "-o", str(out), "--lang", lang, *official]

        commands = [Command(f"{name} --lang {lang}", almanac(tree, lang), tree)
                    for lang in ("en", "all")
                    for name, tree in ((args.before[:7], before), ("now", ROOT))]
        if args.scriptmaker:
            peer = args.scriptmaker
            commands.append(Command("scriptmaker 4.0.0 --full, en",
                                    lambda out: [peer, "-m", "scriptmaker", "make-pdf",
                                                 "--script", str(SCRIPT), "--output-folder",
                                                 str(out), "--full"], Path(tmp)))
        runs = Path(tmp, "runs")
        runs.mkdir()
        results = measure(commands, runs, env, args.runs)
    print(f"Trouble Brewing: best and median wall time of {args.runs} runs, CPU time of the "
          "best; peak memory in MiB")
    print(f"{'':40}{'wall s':>8}{'median':>8}{'CPU s':>8}{'tree PSS':>10}"
          f"{'largest process':>17}")
    for command, figures in zip(commands, results, strict=True):
        label = f"{command.label} ({figures.pdfs} PDFs)"
        print(f"{label:40}{figures.seconds:>8.2f}{figures.median:>8.2f}{figures.cpu:>8.2f}"
              f"{figures.tree_pss / 2**20:>10.0f}{figures.largest_rss / 2**20:>17.0f}")
    old_en, now_en, old_all, now_all = results[:4]
    print(f"now / {args.before[:7]}, --lang en: time {now_en.seconds / old_en.seconds:.2f}x "
          f"(median {now_en.median / old_en.median:.2f}x; goal {GOAL_EN:.2f}x), CPU "
          f"{now_en.cpu / old_en.cpu:.2f}x")
    print(f"now / {args.before[:7]}, --lang all: time {now_all.seconds / old_all.seconds:.2f}x "
          f"(median {now_all.median / old_all.median:.2f}x), CPU {now_all.cpu / old_all.cpu:.2f}x;"
          f" {now_all.seconds:.1f} s (goal {GOAL_ALL:.0f} s)")
    if not args.scriptmaker:
        print("scriptmaker: not run (give --scriptmaker /path/to/python)")
        return
    theirs = results[4]
    print(f"almanac (now) / scriptmaker, en: time {now_en.seconds / theirs.seconds:.2f}x "
          f"(goal 0.15x), CPU {now_en.cpu / theirs.cpu:.2f}x, tree PSS "
          f"{now_en.tree_pss / theirs.tree_pss:.2f}x, largest process "
          f"{now_en.largest_rss / theirs.largest_rss:.2f}x")


if __name__ == "__main__":
    main()
