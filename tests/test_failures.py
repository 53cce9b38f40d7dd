"""Every failure one line: a name too long for the file system, a full disk during `build` and
`serve`, a Chromium that cannot start. Each is one `file[:line]: error:` line and exit 2, and
the previous site stays as it was."""
from __future__ import annotations

import errno
import os
import re
import shutil
import subprocess
import sys

import pytest

from generator.commands import build as build_module
from generator.commands.build import build
from tests.conftest import ROOT, free_port
from tests.projects import SMALL_ALMANAC, almanac, site_files, site_project
from tests.test_bad_input import one_line_error


def _previous_site(project) -> None:
    (project / "site").mkdir()
    (project / "site" / "previous.html").write_text("old", encoding="utf-8")


def test_a_corpus_file_name_too_long_for_its_page_is_an_error_finding(tmp_path):
    name = "004_" + "a" * 247 + ".txt"  # 255 bytes: its page, name and .md, would be 258
    project = site_project(tmp_path, {f"en/{name}": SMALL_ALMANAC.encode()})
    _previous_site(project)
    finding = (f"content/en/{name}:1: name-too-long: the name is too long for its page in the "
               "site: the name and `.md` are 258 bytes, past the 255 of a file name; shorten it")
    checked = almanac("check", root=project)
    assert checked.returncode == 1
    assert f"content/en/{name}:1: error name-too-long: " in checked.stdout
    # Read all the same: its characters are in the records.
    assert checked.stderr.splitlines()[0] == \
        "2 characters, 0 scripts, 0 rulebooks; 1 error, 0 warnings, 2 infos"
    result = almanac("build", root=project)
    assert result.returncode == 1
    assert result.stderr.splitlines() == [finding, "Site not built: 1 error above; the previous "
                                          "site/ is unchanged. Fix them, or pass --allow-errors "
                                          "to build anyway."]
    allowed = almanac("build", "--allow-errors", root=project)
    assert allowed.returncode == 2
    assert allowed.stderr.splitlines() == [
        finding, f"content/en/{name}: error: the name is too long for its page in the site "
                 "(name-too-long above): rename it to build the site"]
    assert site_files(project / "site") == ["previous.html"]
    assert sorted(p.name for p in project.iterdir()) == [
        ".almanac-build.lock", "content", "mkdocs.yml", "site", "templates"]


# Runs in a mount namespace of its own, where a 2 MiB tmpfs holds a small project: the two
# languages' sites (Material's assets) do not fit, the project does.
FULL_DISK = """
import os, subprocess, sys
from pathlib import Path
from tests.projects import site_project
disk = Path(sys.argv[1])
subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(disk)], check=True)
project = site_project(disk / "p")
(project / "site").mkdir()
(project / "site" / "previous.html").write_text("old")
result = subprocess.run([sys.executable, "-m", "generator.cli", *sys.argv[2:]], cwd=project,
                        capture_output=True, text=True)
print(result.returncode)
print(result.stderr, end="")
print(sorted(os.listdir(project)), sorted(os.listdir(project / "site")))
"""


def _on_a_full_disk(tmp_path, *command: str) -> list[str] | None:
    """The command's exit status, standard error and the project's files after it ran on a
    real full disk; None where no mount namespace can be made (no user namespaces)."""
    unshare = shutil.which("unshare")
    if not unshare or subprocess.run([unshare, "-rm", "true"], capture_output=True).returncode:
        return None
    disk = tmp_path / "disk"
    disk.mkdir()
    result = subprocess.run([unshare, "-rm", sys.executable, "-c", FULL_DISK, str(disk),
                             *command], cwd=ROOT, capture_output=True, text=True,
                            env={**os.environ, "NO_MKDOCS_2_WARNING": "1",
                                 "PYTHONPATH": str(ROOT)}, timeout=600)
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


def test_a_full_disk_during_build_is_one_line_and_keeps_the_site(tmp_path, monkeypatch, capsys):
    ran = _on_a_full_disk(tmp_path, "build")
    if ran is not None:
        status, error, files = ran[0], ran[1:-1], ran[-1]
        assert status == "2"
        assert len(error) == 1
        assert re.fullmatch(r"\.site\.almanac-staging-\w+/(ko|en)/\S+: error: cannot write: No space "
                            r"left on device; the previous site/ is unchanged", error[0])
        assert files == ("['.almanac-build.lock', 'build', 'content', 'mkdocs.yml', 'site', "
                         "'templates'] ['previous.html']")
        return
    # Without user namespaces no disk can be filled here: the same error from the build itself.
    project = site_project(tmp_path)
    _previous_site(project)

    def full(config):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(config.parent / "docs" / "x"))

    monkeypatch.setattr(build_module, "build_site", full)
    from generator.errors import AlmanacError
    with pytest.raises(AlmanacError) as raised:
        build(project, "http://127.0.0.1:8000/")
    assert re.fullmatch(r"build/(ko|en)/docs/x: error: cannot write: No space left on device; "
                        r"the previous site/ is unchanged", str(raised.value))
    assert site_files(project / "site") == ["previous.html"]


def test_a_full_disk_during_serve_is_one_line(tmp_path):
    ran = _on_a_full_disk(tmp_path, "serve", "--port", str(free_port()))
    if ran is None:
        pytest.skip("no mount namespace here to fill a disk in (the build's case covers it)")
    status, error = ran[0], ran[1:-1]
    assert status == "2"
    assert len(error) == 1
    assert re.fullmatch(r"build/preview/site/(ko|en)/\S+: error: cannot write: No space left "
                        r"on device; nothing is served", error[0])


@pytest.mark.parametrize("browser, why", [
    ("/nonexistent/chromium", "no browser there"),
    ("/bin/false", "it ended at once with exit status 1"),
])
def test_a_chromium_that_cannot_start_is_one_line(tmp_path, browser, why):
    project = site_project(tmp_path)
    (project / "s.json").write_text('["chef", "imp", "noble", "poisoner", "baron"]',
                                    encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "generator.cli", "nightsheet", "s.json", "--lang", "en",
         "--night", "first", "--pdf", "sheet.pdf"], cwd=project, capture_output=True, text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), "ALMANAC_CHROMIUM": browser})
    one_line_error(result, f"{browser}: error: Chromium cannot start ({why}); install it with "
                           "`apt-get install chromium`, or name another with ALMANAC_CHROMIUM")
    assert not (project / "sheet.pdf").exists()
