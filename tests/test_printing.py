"""Printing with one Chromium driven over a pipe: sheets scaled to keep one page as far as
readable, said when not as built; a Chromium that ends, hangs or breaks is one line; nothing is
left behind, not even by a killed run."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from generator.errors import AlmanacError
from generator.output import devtools
from generator.output.chromium import chromium_path
from generator.output.printing import Printer
from tests.projects import almanac, site_project
from tests.test_bad_input import one_line_error

# A sheet as the templates make one: one stylesheet, A4 with 7 mm margins, rows of 100 px.
SHEET = ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>t</title><style>'
         '@page {{ size: A4; margin: 7mm }} body {{ margin: 0; font: 20px sans-serif }} '
         '.row {{ height: 100px; margin: 0 }}</style>{head}</head><body>{rows}</body></html>')


def sheet(rows: int, head: str = "") -> str:
    return SHEET.format(head=head, rows="".join(f'<p class="row" data-id="r{n}">Row{n}</p>'
                                                for n in range(rows)))


def row_tops(pdf: Path) -> list[float]:
    """Where each row's word starts down its page, in points, as poppler reads it."""
    boxes = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True,
                           text=True, check=True).stdout
    return [float(line.split('yMin="')[1].split('"')[0]) for line in boxes.splitlines()
            if ">Row" in line]


def chromium_processes() -> list[int]:
    """The Chromium processes this test process started itself (Playwright's are its driver's)."""
    found = []
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                parent = int(Path(entry.path, "stat").read_text().rsplit(")", 1)[1].split()[1])
                command = Path(entry.path, "cmdline").read_bytes()
            except OSError:
                continue
            if parent == os.getpid() and b"--remote-debugging-pipe" in command:
                found.append(int(entry.name))
    return found


def profiles(folder: Path) -> list[str]:
    """The Chromium profiles in the folder (Chromium keeps files of its own there too)."""
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("almanac-chromium"))


@pytest.fixture
def runtime(tmp_path, monkeypatch):
    """A runtime folder of the test's own, where Chromium's profile goes."""
    folder = tmp_path / "runtime"
    folder.mkdir()
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(folder))
    return folder


def test_each_sheet_keeps_its_size_or_shrinks_to_fit_one_page_as_far_as_readable(
        tmp_path, runtime):
    """The printable height is 283 mm, 1,069.6 px: 10 rows keep their size, 11 fit at 0.95,
    14 at 0.75, and 16 even at 0.7 take two pages; rows 75 pt apart at scale 1."""
    with Printer(tabs=1) as printer:  # in turn: the last is set at scale 1 again
        printing = {rows: printer.submit(sheet(rows), tmp_path / f"{rows}.pdf")
                    for rows in (10, 11, 14, 16, 5)}
        printed = {rows: done.result() for rows, done in printing.items()}
    assert {rows: (p.pages, p.as_built) for rows, p in printed.items()} == \
        {10: (1, True), 11: (1, True), 14: (1, True), 16: (2, True), 5: (1, True)}
    for rows, scale in ((10, 1.0), (11, 0.95), (14, 0.75), (16, 0.7), (5, 1.0)):
        tops = row_tops(tmp_path / f"{rows}.pdf")
        assert len(tops) == rows
        assert tops[1] - tops[0] == pytest.approx(75 * scale, abs=0.05), rows
    assert profiles(runtime) == [] and chromium_processes() == []


@pytest.mark.parametrize("head, body", [
    ("", ""), ("<style></style>", ""), ("<script></script>", ""), ("", "<img alt=x>"),
    ("", '<p data-id="hidden" hidden>x</p>'), ("", '<p style="color: red">x</p>')])
def test_a_sheet_that_is_not_as_built_is_said_so(tmp_path, runtime, head, body):
    html = sheet(2, head).replace("</body>", body + "</body>")
    with Printer(tabs=1) as printer:
        printed = printer.submit(html, tmp_path / "s.pdf").result()
    assert (printed.pages, printed.as_built) == (1, head == body == "")


def test_a_sheet_that_breaks_the_check_is_one_line_and_no_pdf(tmp_path, runtime):
    broken = sheet(2, "<script>Document.prototype.querySelectorAll = () => "
                      "{ throw new TypeError('broken') }</script>")
    with Printer(tabs=1) as printer, pytest.raises(AlmanacError) as raised:
        printer.submit(broken, tmp_path / "s.pdf").result()
    assert str(raised.value) == "error: Chromium could not lay the sheet out: TypeError: broken"
    assert sorted(tmp_path.glob("*.pdf")) == []


def test_a_chromium_killed_while_printing_is_one_line_and_ends_the_run(tmp_path, runtime):
    """A sheet whose script never ends holds its tab; Chromium killed then, the sheet printing
    and the one waiting fail with one line, and nothing is left."""
    with pytest.raises(AlmanacError) as raised, Printer(tabs=1) as printer:
        stuck = printer.submit(sheet(1, "<script>for (;;);</script>"), tmp_path / "a.pdf")
        waiting = printer.submit(sheet(1), tmp_path / "b.pdf")
        deadline = time.monotonic() + 60
        while not stuck.running() and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.5)  # its script runs
        (killed,) = chromium_processes()
        os.kill(killed, signal.SIGKILL)
        waiting.result()
    assert str(raised.value) == \
        f"{chromium_path()}: error: Chromium ended while printing (signal SIGKILL)"
    assert sorted(tmp_path.glob("*.pdf")) == []
    assert profiles(runtime) == [] and chromium_processes() == []


def test_a_chromium_that_does_not_answer_is_one_line(tmp_path, runtime, monkeypatch):
    silent = tmp_path / "chromium"
    silent.write_text("#!/bin/sh\nexec sleep 60\n", encoding="utf-8")
    silent.chmod(0o755)
    monkeypatch.setenv("ALMANAC_CHROMIUM", str(silent))
    monkeypatch.setattr(devtools, "_ANSWER_WITHIN", 1.0)
    project = site_project(tmp_path / "project")
    (project / "s.json").write_text('["chef", "imp", "noble", "poisoner", "baron"]',
                                    encoding="utf-8")
    one_line_error(almanac("print", "s.json", "-o", "sheets", "--lang", "en", root=project),
                   f"{silent}: error: Chromium did not answer Target.createTarget within 1 s")
    assert profiles(runtime) == [] and chromium_processes() == []
    assert sorted(p.name for p in (project / "sheets").iterdir()) == []


def test_a_script_that_cannot_be_read_leaves_no_chromium_behind(tmp_path, runtime):
    """Chromium starts with the command, before the script is read: a bad script ends it."""
    project = site_project(tmp_path)
    (project / "bad.json").write_text('["imp", {"id": 3}]', encoding="utf-8")
    result = almanac("print", "bad.json", "-o", "sheets", root=project)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.startswith("bad.json: error: ")
    assert profiles(runtime) == [] and chromium_processes() == []


def test_the_profiles_killed_runs_left_go_and_no_other(tmp_path, runtime):
    dead = _ended_pid()
    left = [f"almanac-chromium-{dead}-x1y2", f"almanac-chromium-{os.getppid()}-live",
            "almanac-chromium-notes", f"chromium-{dead}-x"]
    for name in left:
        (runtime / name).mkdir()
        (runtime / name / "Local State").write_text(json.dumps({}), encoding="utf-8")
    with Printer(tabs=1) as printer:
        assert printer.submit(sheet(1), tmp_path / "s.pdf").result().pages == 1
    assert profiles(runtime) == sorted(left[1:3])
    assert (runtime / left[3]).is_dir()


def _ended_pid() -> int:
    """The id of a process that has ended."""
    process = subprocess.Popen(["true"])
    process.wait()
    return process.pid
