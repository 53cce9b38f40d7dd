"""`almanac serve` is `almanac build` and watching: it says what build says, checks what build
checks (letters no installed font has among them) and serves the pages build makes for the same
site URL, byte for byte but the live-reload script it adds."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.conftest import ROOT, free_port
from tests.projects import SMALL_ALMANAC, almanac, site_project
from tests.test_preview import UPDATED, Lines
from tests.test_writing_systems import NO_GLYPH

# What the server adds to every page it serves: the script that reloads it after an update.
RELOAD = re.compile(r"<script>\nvar livereload = function\(epoch, requestId\).*?</script>"
                    r"(?=</body>)", re.S)
SERVING = "Serving the live preview at "


@contextmanager
def serving(project: Path, port: int, *args: str) -> Iterator[tuple[Lines, Lines]]:
    """`almanac serve ARGS` of project, once it serves every language: its standard output and
    error, line by line."""
    server = subprocess.Popen(
        [sys.executable, "-m", "generator.cli", "serve", "--port", str(port), *args],
        cwd=project, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        encoding="utf-8",
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(ROOT)})
    try:
        out, err = Lines(server.stdout), Lines(server.stderr)
        out.next_with(SERVING, 600)
        out.next_with(" every language built in ", 600)
        yield out, err
    finally:
        server.terminate()
        server.wait()


def served(url: str) -> bytes:
    """What the server answers, a missing page's too."""
    try:
        with urllib.request.urlopen(url) as answer:
            return answer.read()
    except urllib.error.HTTPError as missing:
        assert missing.code == 404
        return missing.read()


def without_reload(page: bytes) -> bytes:
    return RELOAD.sub("", page.decode("utf-8")).encode("utf-8")


def test_serve_says_what_build_says_and_serves_the_pages_build_makes(tmp_path):
    project = site_project(tmp_path / "project")
    official = shutil.copytree(ROOT / "tests" / "fixtures" / "official", tmp_path / "official")
    (official / "game.xx.json").write_text('{"roles": {}}', encoding="utf-8")  # left out
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    asked = ("--official", str(official), "--languages", "all")
    built = almanac("build", "--site-url", url, *asked, root=project)
    assert built.returncode == 0, built.stderr
    said = built.stdout.splitlines()
    assert said[-1].startswith("Site built in ")
    site = project / "site"
    with serving(project, port, *asked) as (out, err):
        # Its counts and languages, and on standard error the language left out, as build's.
        assert out.lines[:out.lines.index(next(line for line in out.lines
                                               if line.startswith(SERVING)))] == said[:-1]
        assert err.lines == built.stderr.splitlines() == [
            f"{official / 'game.xx.json'}: 'xx' names no language CLDR knows (declare it in "
            "content/languages.yaml to build it): 0 of 5 characters named or described, 0 "
            "abilities, 0 reminders, 0 jinxes, 0 editions; left out"]
        pages = {"": "index.html", "ko/": "ko/index.html", "en/": "en/index.html",
                 "en/characters/chef/": "en/characters/chef/index.html",
                 "ko/teams/demon/": "ko/teams/demon/index.html",
                 "en/scripts/": "en/scripts/index.html", "ko/report/": "ko/report/index.html",
                 "en/sources/en/004_small.txt/": "en/sources/en/004_small.txt/index.html",
                 "ko/search/search_index.json": "ko/search/search_index.json",
                 # The root's page for a missing address, linked from the site URL's path.
                 "en/no-such-page/": "404.html"}
        for path, file in pages.items():
            assert without_reload(served(url + path)) == (site / file).read_bytes(), path
        # The sitemap names the same pages at the same URL.
        lastmod = re.compile(rb"<lastmod>[^<]*</lastmod>")
        assert lastmod.sub(b"", served(url + "en/sitemap.xml")) == \
            lastmod.sub(b"", (site / "en" / "sitemap.xml").read_bytes())
        assert not (project / "build" / "preview" / "site" / "en" / "404.html").exists()

        # An edit updated in place is what a new build makes of it.
        text = project / "content" / "en" / "004_small.txt"
        text.write_text(SMALL_ALMANAC.replace("The Chef counts pairs.",
                                              "The Chef counts pairs, as edited."), "utf-8")
        assert UPDATED.match(out.next_with(" preview updated in ", 300))["what"] == \
            "ko 2 pages, en 2 pages"
        assert almanac("build", "--site-url", url, *asked, root=project).returncode == 0
        for path in ("en/characters/chef/", "ko/characters/chef/", "en/characters/imp/"):
            assert without_reload(served(url + path)) == \
                (site / path / "index.html").read_bytes(), path
        assert b"as edited" in served(url + "en/characters/chef/")


def _no_font_lines(stderr: list[str]) -> list[str]:
    """The letters-without-font lines, their pages named as build names them."""
    return sorted(line.replace("build/preview/", "build/") for line in stderr
                  if " warning no-font: " in line)


def test_serve_says_where_a_page_shows_letters_no_font_has_as_build_does(tmp_path):
    project = site_project(tmp_path)
    text = project / "content" / "en" / "004_small.txt"
    text.write_text(SMALL_ALMANAC.replace("The Chef counts pairs.", f"The Chef counts {NO_GLYPH}."),
                    "utf-8")
    built = almanac("build", root=project)
    assert built.returncode == 0, built.stderr
    lines = _no_font_lines(built.stderr.splitlines())
    assert len(lines) == 2 and all("/docs/characters/chef.md:" in line for line in lines)
    with serving(project, free_port()) as (out, err):
        assert _no_font_lines(err.lines) == lines
        # An update looks at the pages it writes anew: the Imp's now, not the Chef's.
        shown = len(err.lines)
        text.write_text(SMALL_ALMANAC.replace("The Imp kills.", f"The Imp kills {NO_GLYPH}."),
                        "utf-8")
        out.next_with(" preview updated in ", 300)
        updated = _no_font_lines(err.lines[shown:])
    built = almanac("build", root=project)
    assert updated == _no_font_lines(built.stderr.splitlines())
    assert len(updated) == 2 and all("/docs/characters/imp.md:" in line for line in updated)


def test_an_edit_made_while_the_first_build_runs_is_shown(tmp_path):
    """Made once serve has read the texts (its first line), before it watches: it is updated
    when the first build ends, as an edit made later is."""
    project = site_project(tmp_path)
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "generator.cli", "serve", "--port", str(port)], cwd=project,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8",
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(ROOT)})
    try:
        out = Lines(server.stdout)
        Lines(server.stderr)
        out.next_with(" characters, ", 300)  # the counts: the texts are read
        (project / "content" / "en" / "004_small.txt").write_text(
            SMALL_ALMANAC.replace("The Chef counts pairs.", "The Chef counts pairs, meanwhile."),
            "utf-8")
        assert UPDATED.match(out.next_with(" preview updated in ", 300))["what"] == \
            "ko 2 pages, en 2 pages"
        assert b"The Chef counts pairs, meanwhile." in \
            served(f"http://127.0.0.1:{port}/en/characters/chef/")
    finally:
        server.terminate()
        server.wait()
