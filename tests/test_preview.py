"""`almanac serve` as an author uses it: started on a copy of the project, the text edited, and
the open page in Chromium reloading with the new text, no build run by hand."""
from __future__ import annotations

import fcntl
import json
import os
import re
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

from generator.commands.serve import Preview
from generator.output.language_sites import site_of
from generator.output.preview_site import preview_lock
from generator.output.publish import LOCK
from generator.pipeline import load_corpus
from generator.views.sources import SourceView
from tests.conftest import ROOT, free_port, project_copy
from tests.projects import SMALL_ALMANAC, almanac, site_project

STEWARD = "content/en/004_12a4a26f551c30b4.txt"  # the Steward and the Librarian, in 004
UPDATED = re.compile(r"^\d\d:\d\d:\d\d preview updated in \d+\.\d\d s: (?P<what>.*)$")


class Lines:
    """What a process writes to one stream, line by line, read as it comes."""

    def __init__(self, stream) -> None:
        self.lines: list[str] = []
        self.times: list[float] = []  # when each line arrived (time.monotonic)
        self.seen = 0
        self.ended = False  # the stream closed: the process ended, no line will come
        self._arrived = threading.Condition()
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream) -> None:
        for line in stream:
            with self._arrived:
                self.lines.append(line.rstrip("\n"))
                self.times.append(time.monotonic())
                self._arrived.notify_all()
        with self._arrived:
            self.ended = True
            self._arrived.notify_all()

    def next_with(self, text: str, timeout: float) -> str:
        """The next line (after those already returned) that holds text; failing at once when
        the stream ends without it."""
        def found() -> bool:
            return any(text in line for line in self.lines[self.seen:])
        with self._arrived:
            self._arrived.wait_for(lambda: found() or self.ended, timeout)
            assert found(), (text, "ended" if self.ended else "timed out", self.lines)
            index = next(i for i in range(self.seen, len(self.lines)) if text in self.lines[i])
            self.seen = index + 1
            return self.lines[index]

    def rest(self) -> list[str]:
        """The lines arrived and not yet returned, without waiting for more."""
        with self._arrived:
            rest, self.seen = self.lines[self.seen:], len(self.lines)
            return rest


@dataclass
class Live:
    project: Path
    url: str
    out: Lines
    err: Lines

    def edit(self, file: str, old: str, new: str) -> None:
        path = self.project / file
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1
        path.write_text(text.replace(old, new), encoding="utf-8")

    def put_to_sleep(self, word: str) -> None:
        """The Steward's How to run ends "Put the Steward to sleep: <word>.", whatever word an
        earlier test left there (a test that failed leaves the next its own start)."""
        path = self.project / STEWARD
        # Saved whole (renamed over it): an update never reads it half written, as it may when
        # two writes come a tenth of a second apart (the one after shows it whole again).
        saved = path.with_name(".saving")
        saved.write_text(asleep(path.read_text(encoding="utf-8"), word), encoding="utf-8")
        os.replace(saved, path)

    def served(self, path: str) -> str:
        with urllib.request.urlopen(self.url + path) as answer:
            return answer.read().decode("utf-8")

    def updated(self) -> str:
        """What the next update rebuilt, as serve says it."""
        match = UPDATED.match(self.out.next_with(" preview updated in ", 300))
        assert match
        return match.group("what")


def asleep(text: str, word: str) -> str:
    changed, count = re.subn(r"Put the Steward to sleep(: \w+)?\.",
                             f"Put the Steward to sleep: {word}.", text)
    assert count == 1
    return changed


def wait_until(condition, timeout: float) -> None:
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.01)


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    project = project_copy(tmp_path_factory.mktemp("live"))
    port = free_port()
    # Started while an `almanac build` of the project holds its lock: the preview waits for none.
    building = (project / LOCK).open("a")
    fcntl.flock(building, fcntl.LOCK_EX)
    server = subprocess.Popen(
        [sys.executable, "-m", "generator.cli", "serve", "--port", str(port)], cwd=project,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8",
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(ROOT)})
    out, err = Lines(server.stdout), Lines(server.stderr)
    try:
        # Served once a language is built, the other following.
        first = out.next_with("Serving the live preview at ", 900)
        building.close()
        site = project / "build" / "preview" / "site"
        assert re.fullmatch(rf"Serving the live preview at http://127\.0\.0\.1:{port}/ \((ko|en) "
                            rf"built in \d+\.\d s into {site}, (ko|en) to follow; edits to .*",
                            first), first
        assert re.fullmatch(r"\d\d:\d\d:\d\d every language built in \d+\.\d s: (ko|en) \d+ "
                            r"pages, (ko|en) \d+ pages", out.next_with("every language", 900))
        assert not any("waiting" in line for line in err.lines)
        yield Live(project, f"http://127.0.0.1:{port}/", out, err)
    finally:
        server.terminate()
        server.wait()


def test_an_edit_shows_in_the_open_page_by_itself(live, page):
    page.goto(live.url + "en/characters/steward/", wait_until="load")
    assert "The Steward knows 1 good player. The Steward learns a player" in \
        page.locator("article").inner_text()
    with page.expect_navigation(timeout=300_000):  # the reload that the server's script makes
        live.edit(STEWARD, "The Steward knows 1 good player.",
                  "The Steward knows 1 good player, as the author now writes.")
    assert "The Steward knows 1 good player, as the author now writes. The Steward learns" in \
        page.locator("article").inner_text()
    # The English page and its source file's page, in both languages (Korean shows the English).
    assert live.updated() == "ko 2 pages, en 2 pages"


def test_an_edit_rebuilds_only_the_pages_it_changes(live):
    site = live.project / "build" / "preview" / "site" / "en"
    untouched = [site / "characters" / "chef" / "index.html", site / "index.html",
                 site / "teams" / "townsfolk" / "index.html"]
    librarian = site / "characters" / "librarian" / "index.html"
    before = {page: page.stat().st_mtime_ns for page in [*untouched, librarian]}
    live.edit(STEWARD, "The Librarian learns that a particular Outsider character is in play",
              "The Librarian learns which Outsider character is in play")
    assert live.updated() == "ko 2 pages, en 2 pages"
    assert {page: page.stat().st_mtime_ns for page in untouched} == \
        {page: before[page] for page in untouched}
    assert librarian.stat().st_mtime_ns > before[librarian]
    # MkDocs' dirty build indexes only what it rebuilt; the rest of the index is kept.
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    locations = [doc["location"] for doc in index["docs"]]
    assert (locations.count("characters/librarian/"), locations.count("characters/chef/")) == (1, 1)
    assert any("The Librarian learns which Outsider character is in play" in doc["text"]
               for doc in index["docs"] if doc["location"].startswith("characters/librarian/"))


def test_a_new_character_keeps_every_menu_entry_named(live):
    # The dirty build reads only the pages it rebuilds; the menu's names come from the config.
    live.edit(STEWARD, "Townsfolk\nLibrarian\n", "Demon\nImp\nA made-up ability of an Imp.\n"
              "Townsfolk\nLibrarian\n")
    assert live.updated().startswith("ko ")
    demon = (live.project / "build/preview/site/en/teams/demon/index.html").read_text(
        encoding="utf-8")
    entries = re.findall(r'class="md-ellipsis">\s*([^<]*?)\s*<', demon)
    assert "None" not in entries
    assert {"Townsfolk", "Outsiders", "Minions", "Demons", "Travellers"} <= set(entries)
    assert 'href="../../characters/imp/"' in demon


def test_an_error_is_shown_and_the_last_good_site_served(live):
    bad = live.project / "content" / "en" / "005_bad.txt"
    bad.write_bytes(b"Townsfolk\n\xff\n")
    assert live.err.next_with("005_bad.txt", 300) == \
        "content/en/005_bad.txt:2: undecodable: not UTF-8 at byte 10: invalid start byte; " \
        "file skipped"
    assert live.err.next_with("Preview not updated", 60) == \
        "Preview not updated: 1 error above; it shows the last good site."
    with urllib.request.urlopen(live.url + "en/characters/steward/") as answer:
        assert "as the author now writes" in answer.read().decode("utf-8")
    bad.unlink()
    assert live.updated() == "no page changed"


def test_the_server_lists_no_folders_and_refuses_a_nul(live):
    for path, code in (("en/characters/", 404), ("en/index.html%00", 400)):
        with pytest.raises(urllib.error.HTTPError) as answer:
            urllib.request.urlopen(live.url + path)
        assert answer.value.code == code


def test_a_reloaded_page_takes_the_themes_hashed_assets_from_the_browsers_cache(live):
    with urllib.request.urlopen(live.url + "en/characters/steward/") as answer:
        assert answer.headers["Cache-Control"] is None  # a page is asked again after an edit
        html = answer.read().decode("utf-8")
    bundle = re.search(r'src="([^"]*assets/javascripts/bundle\.[0-9a-f]{8}\.min\.js)"', html)
    assert bundle
    asset = urllib.parse.urljoin(live.url + "en/characters/steward/", bundle[1])
    with urllib.request.urlopen(asset) as answer:
        assert answer.headers["Cache-Control"] == "max-age=31536000, immutable"
    with urllib.request.urlopen(live.url + "en/assets/almanac.css") as answer:
        assert answer.headers["Cache-Control"] is None  # the project's own, edited in place


def test_the_server_answers_only_this_machine_by_name(live):
    """DNS rebinding: a page of another site whose name now points at 127.0.0.1 sends its own
    name as Host, and reads nothing."""
    port = live.url.split(":")[2].rstrip("/")
    answers = {}
    for host in ("127.0.0.1", f"127.0.0.1:{port}", f"localhost:{port}", f"LOCALHOST:{port}",
                 f"[::1]:{port}", f"evil.example:{port}", "evil.example", f"127.0.0.1:{port}1",
                 f"localhost.evil.example:{port}", ""):
        request = urllib.request.Request(live.url + "en/", headers={"Host": host})
        try:
            with urllib.request.urlopen(request) as answer:
                answers[host] = answer.status
        except urllib.error.HTTPError as refused:
            answers[host] = refused.code
    assert answers == {"127.0.0.1": 200, f"127.0.0.1:{port}": 200, f"localhost:{port}": 200,
                       f"LOCALHOST:{port}": 200, f"[::1]:{port}": 200,
                       f"evil.example:{port}": 421, "evil.example": 421,
                       f"127.0.0.1:{port}1": 421, f"localhost.evil.example:{port}": 421, "": 421}
    # The reload channel too (it would hold the request open, waiting for an edit).
    with pytest.raises(urllib.error.HTTPError) as channel:
        urllib.request.urlopen(urllib.request.Request(
            live.url + "livereload/0/1", headers={"Host": f"evil.example:{port}"}), timeout=10)
    assert channel.value.code == 421


def test_an_edit_made_while_an_update_runs_is_the_one_shown(live, page):
    page.goto(live.url + "en/characters/steward/", wait_until="load")
    markdown = live.project / "build/preview/en/docs/characters/steward.md"
    # What the page's reload script asks: answered once a newer site is shown.
    epoch = re.search(r"livereload\((\d+), \d+\)", live.served("en/characters/steward/"))[1]
    shown = []  # when it was answered
    threading.Thread(target=lambda: shown.append(urllib.request.urlopen(
        f"{live.url}livereload/{epoch}/1", timeout=60).read() and time.monotonic()),
        daemon=True).start()
    first = len(live.out.lines)
    with page.expect_navigation(timeout=60_000):
        live.put_to_sleep("Alpha")
        # The update runs: it has written the page's Markdown and not yet had MkDocs build it.
        wait_until(lambda: "sleep: Alpha." in markdown.read_text(encoding="utf-8"), 60)
        live.put_to_sleep("Bravo")
    article = page.locator("article").inner_text()
    assert ("Put the Steward to sleep: Bravo." in article, "Alpha" in article) == (True, False)
    assert (live.updated(), live.updated()) == ("ko 2 pages, en 2 pages",) * 2
    assert "Put the Steward to sleep: Bravo." in live.served("en/characters/steward/")
    # The update the edit overtook was done again before any page was told of a newer site:
    # open pages reload once, after the second line (not a second before it, after the first).
    wait_until(lambda: shown, 10)
    assert shown[0] > live.out.times[first + 1] - 0.2


def test_two_writes_a_tenth_of_a_second_apart_show_the_second(live, page):
    page.goto(live.url + "en/characters/steward/", wait_until="load")
    with page.expect_navigation(timeout=60_000):
        live.put_to_sleep("Charlie")
        time.sleep(0.1)
        live.put_to_sleep("Delta")
    article = page.locator("article").inner_text()
    assert ("Put the Steward to sleep: Delta." in article, "Charlie" in article) == (True, False)
    # One update, or (the second write overtaking it) that update done again before it was
    # shown; its lines were all written before the page reloaded.
    lines = [live.updated(), *(UPDATED.match(line)["what"] for line in live.out.rest())]
    assert lines in (["ko 2 pages, en 2 pages"], ["ko 2 pages, en 2 pages"] * 2,
                     ["ko 2 pages, en 2 pages", "no page changed"])
    assert "Put the Steward to sleep: Delta." in live.served("en/characters/steward/")
    # A later edit alone is still seen (the watcher lives) and is one update.
    with page.expect_navigation(timeout=60_000):
        live.put_to_sleep("Echo")
    assert "Put the Steward to sleep: Echo." in page.locator("article").inner_text()
    assert live.updated() == "ko 2 pages, en 2 pages"


def test_an_editors_save_through_other_files_is_one_update(live, page):
    """Saved as editors save: a new file renamed over the text (atomic saves); vim's swap file
    beside it and its backup, the text moved aside and written anew."""
    page.goto(live.url + "en/characters/steward/", wait_until="load")
    path = live.project / STEWARD
    for after in ("Foxtrot", "Golf"):
        text = asleep(path.read_text(encoding="utf-8"), after)
        with page.expect_navigation(timeout=60_000):
            if after == "Foxtrot":
                temporary = path.with_name(f".{path.name}.tmp")
                temporary.write_text(text, encoding="utf-8")
                temporary.replace(path)
            else:
                swap, backup = path.with_name(f".{path.name}.swp"), path.with_name(path.name + "~")
                swap.write_bytes(b"b0VIM 9.0")
                path.rename(backup)
                path.write_text(text, encoding="utf-8")
                backup.unlink()
                swap.unlink()
        assert f"Put the Steward to sleep: {after}." in page.locator("article").inner_text()
        assert live.updated() == "ko 2 pages, en 2 pages"


def test_a_page_an_update_removed_comes_back_in_the_open_page(live, page):
    """An update that reads a text while an editor has emptied it (truncated, not yet written)
    removes its pages: the page open on one reloads to the site's 404 page, which reloads again
    when the text is written."""
    page.goto(live.url + "en/characters/steward/", wait_until="load")
    path = live.project / STEWARD
    text = asleep(path.read_text(encoding="utf-8"), "India")
    try:
        with page.expect_navigation(timeout=60_000):
            path.write_bytes(b"")
        assert re.fullmatch(r"ko \d+ pages, en \d+ pages", live.updated())
        assert "Page not found" in page.locator("main").inner_text()
        with page.expect_navigation(timeout=60_000):
            path.write_text(text, encoding="utf-8")
    finally:  # the text back, for the tests after
        if path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
    assert "Put the Steward to sleep: India." in page.locator("article").inner_text()
    assert re.fullmatch(r"ko \d+ pages, en \d+ pages", live.updated())


def test_an_edit_shows_though_the_pages_html_is_no_older_than_its_markdown(live):
    """MkDocs' dirty build rebuilds a page whose Markdown is newer than its HTML; a file system
    keeping whole seconds (or a clock set back) gives an edit made soon after an update the
    HTML's time: here the HTML's time is set later."""
    html = live.project / "build/preview/site/en/characters/steward/index.html"
    later = time.time_ns() + 3600 * 10**9
    os.utime(html, ns=(later, later))
    live.put_to_sleep("Hotel")
    assert live.updated() == "ko 2 pages, en 2 pages"
    assert "Put the Steward to sleep: Hotel." in live.served("en/characters/steward/")


def test_a_text_edited_after_it_was_read_shows_on_its_source_page_as_it_was_parsed(tmp_path):
    """An update reads the texts once: the source view of one edited meanwhile (by an editor
    during an update) shows what its character pages were made from, not the edit."""
    project = site_project(tmp_path)
    corpus = load_corpus(project)
    (project / "content" / "en" / "004_small.txt").write_text("Townsfolk\nChef\n", "utf-8")
    _, views = site_of(project, corpus, corpus.diagnostics)
    assert views == (SourceView("content/en/004_small.txt", "en",
                                tuple(enumerate(SMALL_ALMANAC.split("\n"), 1))),)


def test_a_second_serve_of_the_project_is_refused(live):
    result = almanac("serve", "--port", str(free_port()), root=live.project)
    assert (result.returncode, result.stderr) == (
        2, f"{live.project / 'build' / 'preview'}: error: another `almanac serve` of this "
           "project is running\n")


def test_a_later_serve_updates_the_preview_it_finds(tmp_path):
    """A preview another `serve` left is updated, not rebuilt; a language whose build was cut
    short (no marker) is rebuilt whole."""
    project = site_project(tmp_path)
    url = "http://127.0.0.1:8000/"
    with preview_lock(project):
        # Every page: home, scripts, two teams, two characters, the source file, and the
        # report's seven (its summary, each team's coverage, each severity's findings, what
        # Korean lacks).
        assert Preview(project, url).update() == {"ko": 14, "en": 14}
        assert Preview(project, url).update() == {"ko": 0, "en": 0}
        (project / "build" / "preview" / "en" / "built-with").unlink()
        assert Preview(project, url).update() == {"ko": 0, "en": 14}


def test_serve_with_errors_serves_the_last_good_preview(tmp_path):
    project = site_project(tmp_path)
    with preview_lock(project):
        assert Preview(project, "http://127.0.0.1:8000/").update() is not None
    (project / "content" / "en" / "005_bad.txt").write_bytes(b"\xff")
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "generator.cli", "serve", "--port", str(port)], cwd=project,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8",
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(ROOT)})
    try:
        out, err = Lines(server.stdout), Lines(server.stderr)
        assert out.next_with("Serving", 300) == (
            f"Serving the live preview at http://127.0.0.1:{port}/ (the last good one, in "
            f"{project / 'build' / 'preview' / 'site'}; edits to content/, templates/ and "
            "mkdocs.yml show in the open page; Ctrl-C stops)")
        assert err.next_with("Preview not updated", 10) == \
            "Preview not updated: 1 error above; it shows the last good site."
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/en/characters/chef/") as page:
            assert "A made-up ability for a small test of the Chef." in page.read().decode()
    finally:
        server.terminate()
        server.wait()
