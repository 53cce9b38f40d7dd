"""`almanac build` replaces site/ whole or not at all: one build at a time, errors keep the old
site, and a build killed while swapping never leaves the project without a whole site/."""
from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from generator.commands.build import build
from generator.output.publish import LOCK, old_site, recover, staging_prefix
from tests.conftest import ROOT, free_port
from tests.projects import almanac, site_files, site_project

URL = "http://127.0.0.1:8000/"


def serving(server: subprocess.Popen[str]) -> str:
    """The line `serve` says once it serves, after what its build says first."""
    assert server.stdout
    return next(line for line in server.stdout if line.startswith("Serving "))


def leftovers(root, site="site"):
    return sorted(p.name for p in root.iterdir() if p.name.startswith(f".{site}.almanac-"))


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
    assert err[1] == ("Site not built: 1 error above; the previous site/ is unchanged. "
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
    if version == 0:  # the first site is whole: from here on a kill may land anywhere
        print("swapped", flush=True)
"""


def assert_whole(site):
    files = sorted(site.iterdir())
    assert len(files) == 200
    assert len({f.read_text() for f in files}) == 1  # one version, not a mix


def test_a_build_killed_while_swapping_leaves_a_whole_site(tmp_path):
    site = tmp_path / "site"
    chance = random.Random(8)
    for _ in range(12):
        swapper = subprocess.Popen([sys.executable, "-c", SWAPPER, str(site)], cwd=ROOT,
                                   stdout=subprocess.PIPE, text=True)
        assert swapper.stdout.readline() == "swapped\n"  # however long the start took
        time.sleep(chance.random() * 0.4)
        swapper.send_signal(signal.SIGKILL)
        swapper.wait()
        swapper.stdout.close()
        assert_whole(site)
        recover(site)  # what the next build does first: the killed build's staging goes
        assert_whole(site)
        assert [p.name for p in tmp_path.iterdir()] == ["site"]


def test_recovery_after_a_crash_between_two_renames(tmp_path):
    """Where folders cannot be exchanged in one step, site/ goes aside first; a crash there
    leaves it aside (.site.almanac-old/), which the next build or serve puts back before anything else."""
    project = site_project(tmp_path)
    assert build(project, URL) == 0
    whole = site_files(project / "site")
    (project / "site").rename(old_site(project / "site"))
    (project / f"{staging_prefix(project / 'site')}dead").mkdir()
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "generator.cli", "serve", "--port", str(port)],
                              cwd=project, stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        assert serving(server).startswith(f"Serving the live preview at http://127.0.0.1:{port}/ ")
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/en/characters/chef/") as page:
            assert "Chef" in page.read().decode("utf-8")
    finally:
        server.terminate()
        server.wait()
    assert site_files(project / "site") == whole
    assert leftovers(project) == []
    assert (project / LOCK).exists()


def test_folders_a_person_made_beside_the_site_are_never_removed(tmp_path):
    """Only folders of the tool's own names are its leftovers: `site.old/` and the like, made by
    a person, survive build and serve, even with site/ missing."""
    project = site_project(tmp_path)
    mine = ("site.old", "site-old", ".site-staging-mine", "site.bak")
    for name in mine:
        (project / name).mkdir()
        (project / name / "keep.txt").write_text(name, encoding="utf-8")
    assert build(project, URL) == 0
    shutil.rmtree(project / "site")
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "generator.cli", "serve", "--port", str(port)],
                              cwd=project, stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        assert serving(server).startswith("Serving the live preview at ")
    finally:
        server.terminate()
        server.wait()
    assert not (project / "site").exists()  # site.old/ was not taken for a site put aside
    assert build(project, URL) == 0
    assert {name: (project / name / "keep.txt").read_text(encoding="utf-8") for name in mine} == \
        {name: name for name in mine}
    assert leftovers(project) == []


def test_a_site_linked_to_a_web_root_is_published_through_the_link(tmp_path):
    project = site_project(tmp_path / "project")
    www = tmp_path / "www"
    (www / "html").mkdir(parents=True)
    (www / "html" / "previous.html").write_text("old", encoding="utf-8")
    (project / "site").symlink_to(www / "html")
    for _ in range(2):  # the first swap replaces a folder of its own, the second one it made
        assert build(project, URL) == 0
        assert os.readlink(project / "site") == str(www / "html")
        files = site_files(www / "html")
        assert "previous.html" not in files
        assert "en/characters/chef/index.html" in files
        assert sorted(p.name for p in www.iterdir()) == ["html"]  # no staging left beside it
        assert sorted(p.name for p in project.iterdir()) == [
            ".almanac-build.lock", "build", "content", "mkdocs.yml", "site", "templates"]


def test_a_site_linked_to_a_missing_folder_is_made_there(tmp_path):
    project = site_project(tmp_path / "project")
    (tmp_path / "www").mkdir()
    (project / "site").symlink_to(tmp_path / "www" / "html")
    assert build(project, URL) == 0
    assert (project / "site").is_symlink()
    assert "en/characters/chef/index.html" in site_files(tmp_path / "www" / "html")
    assert sorted(p.name for p in (tmp_path / "www").iterdir()) == ["html"]


def _build_beside_unwritable(project: Path, locked: Path) -> subprocess.CompletedProcess[str]:
    """`almanac build` with the folder `locked` unwritable: by its mode, or for root, whom modes
    do not stop, by a read-only bind mount in a mount namespace of its own."""
    if os.geteuid() != 0:
        locked.chmod(0o555)
        try:
            return almanac("build", root=project)
        finally:
            locked.chmod(0o755)
    read_only = 'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && shift && exec "$@"'
    return subprocess.run(["unshare", "-rm", "sh", "-c", read_only, "sh", str(locked),
                           sys.executable, "-m", "generator.cli", "build"], cwd=project,
                          capture_output=True, text=True, encoding="utf-8",
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(ROOT)})


@pytest.mark.parametrize("target, reason", [
    ("file.html", "links to {www}/file.html, which is not a folder; the site is a folder"),
    ("gone/html", "links to {www}/gone/html, whose folder {www}/gone does not exist"),
    ("locked/html", "the folder {www}/locked is not writable: a build stages the site beside "
     "html and swaps it in one step"),
])
def test_a_site_linked_where_it_cannot_be_swapped_is_refused_first(tmp_path, target, reason):
    project = site_project(tmp_path / "project")
    www = tmp_path / "www"
    (www / "locked" / "html").mkdir(parents=True)
    (www / "file.html").write_text("mine", encoding="utf-8")
    (project / "site").symlink_to(www / target)
    result = _build_beside_unwritable(project, www / "locked")
    assert (result.returncode, result.stdout, result.stderr) == (
        2, "", f"{project / 'site'}: error: {reason.format(www=www)}\n")
    assert os.readlink(project / "site") == str(www / target)
    assert sorted(p.name for p in project.iterdir()) == [
        "content", "mkdocs.yml", "site", "templates"]  # no lock, no build/, no staging
    assert (www / "file.html").read_text(encoding="utf-8") == "mine"
    assert sorted(p.name for p in (www / "locked").iterdir()) == ["html"]
