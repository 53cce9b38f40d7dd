"""Bad input and bad usage: one line `file[:line]: error: message`, exit 2, nothing half-written;
content the parser cannot use is a diagnostic, never a crash."""
from __future__ import annotations

import os
import socket
import urllib.error
import urllib.request

import pytest

from generator.checks import run_checks
from generator.output.browser import serve
from generator.output.build import build
from generator.pipeline import load_corpus
from tests.conftest import FILES, ROOT
from tests.projects import SMALL_ALMANAC, almanac, site_files, site_project

URL = "http://127.0.0.1:8000/"
CHEF = ("content/en/004_small.txt", SMALL_ALMANAC.encode())


def one_line_error(result, expected: str) -> None:
    assert result.returncode == 2
    assert result.stderr == expected + "\n"


# ---- the command line


def test_a_root_without_content(tmp_path):
    one_line_error(almanac("--root", str(tmp_path), "check"),
                   f"{tmp_path}: error: no content/ folder: run in the project folder or pass "
                   "--root")


@pytest.mark.parametrize("where, expected", [
    ("", "error: --json needs a file name"),
    ("missing/records.json", "missing/records.json: error: the folder missing does not exist"),
    ("content", "content: error: is a folder; --json needs a file name"),
])
def test_output_paths_that_cannot_be_written(tmp_path, where, expected):
    site_project(tmp_path)
    one_line_error(almanac("parse", "--json", where, root=tmp_path), expected)


def test_a_pdf_into_a_missing_folder_creates_nothing(tmp_path):
    site_project(tmp_path)
    (tmp_path / "s.json").write_text('["chef", "imp", "noble", "poisoner", "baron"]')
    one_line_error(almanac("nightsheet", "s.json", "--pdf", "out/x/sheet.pdf", root=tmp_path),
                   "out/x/sheet.pdf: error: the folder out/x does not exist")
    assert not (tmp_path / "out").exists()


def test_an_empty_html_name_is_refused(tmp_path):
    site_project(tmp_path)
    one_line_error(almanac("narration", "--roles", "guard", "--html", "", root=tmp_path),
                   "error: --html needs a file name")


def test_serve_without_a_site(tmp_path):
    site_project(tmp_path)
    one_line_error(almanac("serve", root=tmp_path),
                   f"{tmp_path / 'site'}: error: no built site here; run `almanac build` first")


def test_serve_on_a_port_in_use_or_out_of_range(tmp_path):
    site_project(tmp_path)
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "index.html").write_text("<p>site</p>", encoding="utf-8")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        one_line_error(almanac("serve", "--port", str(port), root=tmp_path),
                       f"error: port {port} is in use; pass another with --port")
    result = almanac("serve", "--port", "70000", root=tmp_path)
    assert result.returncode == 2
    assert result.stderr == ("error: argument --port: a port is a number from 1 to 65535, not "
                             "'70000' (see `almanac serve -h`)\n")


def test_serve_lists_no_folders(tmp_path):
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "almanac.css").write_text("p {}", encoding="utf-8")
    with serve(tmp_path) as base:
        with pytest.raises(urllib.error.HTTPError) as listing:
            urllib.request.urlopen(base + "assets/")
        assert listing.value.code == 404
        with urllib.request.urlopen(base + "assets/almanac.css") as css:
            assert css.read() == b"p {}"


def test_a_malformed_glossary_names_its_line(tmp_path):
    site_project(tmp_path)
    (tmp_path / "content" / "glossary.yaml").write_text("botc:\n- id: chef\n  names: [en\n",
                                                        encoding="utf-8")
    result = almanac("check", root=tmp_path)
    assert result.returncode == 2
    assert result.stderr.startswith(
        f"{tmp_path / 'content' / 'glossary.yaml'}:4: error: not valid YAML: ")
    assert result.stderr.count("\n") == 1


def test_a_night_order_without_its_fields(tmp_path):
    site_project(tmp_path)
    (tmp_path / "content" / "night-order.yaml").write_text("botc:\n  first: []\n",
                                                           encoding="utf-8")
    one_line_error(almanac("check", root=tmp_path),
                   f"{tmp_path / 'content' / 'night-order.yaml'}: error: not in the expected "
                   "layout: the field 'first_night' is missing or of the wrong kind")


# ---- content the tool must take without crashing


def built_pages(project) -> list[str]:
    assert build(project, URL) == 0
    return site_files(project / "site")


def test_a_character_in_one_language_only_and_not_in_the_glossary(tmp_path):
    almanac_text = "마을주민\n떠돌이 악사\n능력 문장입니다.\n"
    project = site_project(tmp_path, {"ko/001_x.txt": almanac_text.encode()})
    pages = built_pages(project)
    assert "en/characters/떠돌이악사/index.html" in pages
    report = (project / "site" / "en" / "report" / "index.html").read_text(encoding="utf-8")
    assert '<a href="../characters/떠돌이악사/">떠돌이 악사</a>' in report


def test_a_name_of_punctuation_only(tmp_path):
    project = site_project(tmp_path, {"ko/001_x.txt": "마을주민\n!!!\n능력 문장입니다.\n".encode()})
    corpus = load_corpus(project)
    (character,) = corpus.characters
    assert (character.id, character.names) == ("character-9a7b006d", {"ko": "!!!", "en": "!!!"})
    assert "ko/characters/character-9a7b006d/index.html" in built_pages(project)


def test_a_damaged_name_inside_a_script_file(tmp_path):
    text = (ROOT / FILES["000"]).read_text(encoding="utf-8").replace("\n귀족\n", "\n귀족1-75\n")
    project = site_project(tmp_path, {"ko/000_script.txt": text.encode()})
    corpus = load_corpus(project)
    (script,) = corpus.scripts
    assert script.characters[:3] == ("noble", "clockmaker", "bountyhunter")
    assert len(script.characters) == 26
    damaged = [d for d in run_checks(corpus) if d.code == "damaged-name"]
    assert [(d.line, d.message) for d in damaged] == \
        [(11, "name '귀족1-75' carries stray characters; read as '귀족'")]


def test_character_almanacs_only_build_a_site(tmp_path):
    """No script and no One Night rulebook: a site of characters, teams and the report."""
    pages = built_pages(site_project(tmp_path))
    assert [p for p in pages if p.startswith("ko/") and p.endswith("index.html")] == [
        "ko/characters/chef/index.html", "ko/characters/imp/index.html", "ko/index.html",
        "ko/report/index.html", "ko/scripts/index.html", "ko/teams/demon/index.html",
        "ko/teams/townsfolk/index.html"]


def test_what_cannot_be_read_under_content_is_a_diagnostic(tmp_path):
    project = site_project(tmp_path)
    ko = project / "content" / "ko"
    ko.mkdir()
    (ko / "folder.txt").mkdir()
    (ko / "dangling.txt").symlink_to(ko / "nowhere")
    (ko / "loop.txt").symlink_to(ko / "loop.txt")
    os.mkfifo(ko / "pipe.txt")
    result = almanac("check", root=project)
    assert result.returncode == 1
    assert [line for line in result.stdout.splitlines() if " error " in line] == [
        "content/ko/dangling.txt:1: error unreadable: cannot be read: No such file or directory; "
        "skipped",
        "content/ko/folder.txt:1: error unreadable: cannot be read: a folder, not a text file; "
        "skipped",
        "content/ko/loop.txt:1: error unreadable: cannot be read: Too many levels of symbolic "
        "links; skipped",
        "content/ko/pipe.txt:1: error unreadable: cannot be read: not a regular file; skipped"]
    # The readable file is read as ever.
    assert "content/en/004_small.txt:2: info missing-translation: 요리사 has no ko entry" in \
        result.stdout.splitlines()
