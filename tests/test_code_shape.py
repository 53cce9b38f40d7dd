"""The shape of the code, beside the layers (test_layers.py): no function of generator/ decides
among more than 30 branch points, by ruff's count (mccabe, C901)."""
from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT

MOST_BRANCHES = 30


def complexity(*arguments: str, text: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--select", "C901",
                           "--config", f"lint.mccabe.max-complexity={MOST_BRANCHES}",
                           "--output-format", "concise", *arguments],
                          cwd=ROOT, input=text, capture_output=True, text=True)


def test_no_function_decides_among_more_than_30_branch_points():
    run = complexity("generator")
    assert (run.returncode, run.stdout.splitlines()[:-1], run.stderr) == (0, [], "")


def test_a_function_over_the_limit_is_named():
    # The count the test above holds, on a function of 31 decisions and one of 30.
    def function(name: str, ifs: int) -> str:
        return f"def {name}(x):\n" + "".join(f"    if x == {n}:\n        return {n}\n"
                                              for n in range(ifs - 1))
    run = complexity("--stdin-filename", "shape.py", "-",
                     text=function("over", 31) + "\n\n" + function("within", 30))
    assert (run.returncode, run.stdout.splitlines()[:-1]) == (
        1, ["shape.py:1:5: C901 `over` is too complex (31 > 30)"])
