"""`almanac build` replaces site/ whole or not at all: one build at a time, errors keep the old
site, and a build killed while swapping never leaves the project without a whole site/."""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
import urllib.request

from generator.output.build import build
from generator.output.publish import LOCK, STAGING_PREFIX, old_site, recover
from tests.conftest import ROOT, free_port
from tests.projects import site_files, site_project

URL = "http://127.0.0.1:8000/"


def leftovers(root):
    return sorted(p.name for p in root.iterdir()
                  if p.name.startswith(STAGING_PREFIX) or p.name == "site.old")


def test_a_good_build_replaces_the_site_whole(tmp_path):
    project = site_project(tmp_path)
    (project / "site").mkdir()
    (project / "site" / "previous.html").write_text("old", encoding="utf-8")
    assert build(project, URL) == 0
    files = site_files(project / "site")
    assert "previous.html" not in files
    assert {"index.html", "en/characters/chef/index.html", "ko/characters/imp/index.html"} <= \
        set(files)
    assert leftovers(project) == []


def test_a_failed_mkdocs_build_leaves_the_previous_site(tmp_path, capsys):
    project = site_project(tmp_path)
    home = project / "templates" / "home.md.j2"
    home.write_text(home.read_text(encoding="utf-8") + "\n[broken](missing.md)\n",
                    encoding="utf-8")
    (project / "site").mkdir()
    (project / "site" / "previous.html").write_text("old", encoding="utf-8")
    assert build(project, URL) == 1
    assert "Site not built (the previous site/ is unchanged)" in capsys.readouterr().err
    assert site_files(project / "site") == ["previous.html"]
    assert leftovers(project) == []


def test_error_findings_keep_the_previous_site_unless_allowed(tmp_path, capsys):
    project = site_project(tmp_path)
    (project / "content" / "ko").mkdir()
    (project / "content" / "ko" / "bad.txt").write_bytes(b"\xff")
    (project / "site").mkdir()
    (project / "site" / "previous.html").write_text("old", encoding="utf-8")
    assert build(project, URL) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0] == ("content/ko/bad.txt:1: undecodable: not UTF-8 at byte 0: invalid start "
                      "byte; file skipped")
    assert err[1] == ("Site not built: 1 errors above; the previous site/ is unchanged. "
                      "Fix them, or pass --allow-errors to build anyway.")
    assert site_files(project / "site") == ["previous.html"]
    assert build(project, URL, allow_errors=True) == 1  # built, and still says it has errors
    assert "en/characters/chef/index.html" in site_files(project / "site")


def test_two_builds_at_once_both_leave_the_whole_site(tmp_path):
    project = site_project(tmp_path)
    assert build(project, URL) == 0
    whole = site_files(project / "site")
    runs = [subprocess.Popen([sys.executable, "-m", "generator.cli", "--root", str(project),
                              "build"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True) for _ in range(2)]
    for run in runs:
        out, err = run.communicate(timeout=300)
        assert run.returncode == 0, err
        assert "Site built in" in out
    assert site_files(project / "site") == whole
    assert leftovers(project) == []


# Swaps site/ for a new version of 200 files, over and over, until killed.
SWAPPER = """
import sys
from pathlib import Path
from generator.output.publish import staging_folder, swap_in
site = Path(sys.argv[1])
for version in range(10**6):
    staging = staging_folder(site)
    for n in range(200):
        (staging / f"{n}.html").write_text(str(version))
    swap_in(staging, site)
"""


def assert_whole(site):
    files = sorted(site.iterdir())
    assert len(files) == 200
    assert len({f.read_text() for f in files}) == 1  # one version, not a mix


def test_a_build_killed_while_swapping_leaves_a_whole_site(tmp_path):
    site = tmp_path / "site"
    chance = random.Random(8)
    for _ in range(12):
        swapper = subprocess.Popen([sys.executable, "-c", SWAPPER, str(site)], cwd=ROOT)
        time.sleep(0.4 + chance.random() * 0.4)
        swapper.send_signal(signal.SIGKILL)
        swapper.wait()
        assert_whole(site)
        recover(site)  # what the next build does first: the killed build's staging goes
        assert_whole(site)
        assert [p.name for p in tmp_path.iterdir()] == ["site"]


def test_recovery_after_a_crash_between_two_renames(tmp_path):
    """Where folders cannot be exchanged in one step, site/ goes aside first; a crash there
    leaves site.old/, which the next build or serve puts back before anything else."""
    project = site_project(tmp_path)
    assert build(project, URL) == 0
    whole = site_files(project / "site")
    (project / "site").rename(old_site(project / "site"))
    (project / f"{STAGING_PREFIX}dead").mkdir()
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "generator.cli", "serve", "--port", str(port)],
                              cwd=project, stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        assert server.stdout.readline().startswith(
            f"Serving the live preview at http://127.0.0.1:{port}/ ")
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/en/characters/chef/") as page:
            assert "Chef" in page.read().decode("utf-8")
    finally:
        server.terminate()
        server.wait()
    assert site_files(project / "site") == whole
    assert leftovers(project) == []
    assert (project / LOCK).exists()
