"""Bad input and bad usage: one line `file[:line]: error: message`, exit 2, nothing half-written;
content the parser cannot use is a diagnostic, never a crash."""
from __future__ import annotations

import json
import os
import socket
import urllib.error
import urllib.request

import pytest

from generator.checks import run_checks
from generator.commands.build import build
from generator.files import umask
from generator.output.browser import serve
from generator.pipeline import load_corpus
from tests.conftest import FILES, ROOT, free_port, line_of
from tests.projects import SMALL_ALMANAC, almanac, site_files, site_project
from tests.test_site import report_html

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


def test_serve_of_a_corpus_with_errors_serves_nothing(tmp_path):
    """serve builds its preview first; with error findings there is nothing to show."""
    site_project(tmp_path, {"en/004_x.txt": b"Townsfolk\n\xff\n"})
    result = almanac("serve", "--port", str(free_port()), root=tmp_path)
    assert result.returncode == 1
    assert result.stderr == ("content/en/004_x.txt:2: undecodable: not UTF-8 at byte 10: invalid "
                             "start byte; file skipped\n"
                             "Nothing served: 1 error above. Fix them and run `almanac serve` "
                             "again.\n")


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
                   f"{tmp_path / 'content' / 'night-order.yaml'}:2: error: botc.first: no such "
                   "field (the fields are: first_night, other_night, specials, first_night_only)")


# ---- content the tool must take without crashing


def built_pages(project) -> list[str]:
    assert build(project, URL) == 0
    return site_files(project / "site")


def test_a_character_in_one_language_only_and_not_in_the_glossary(tmp_path):
    almanac_text = "마을주민\n떠돌이 악사\n능력 문장입니다.\n"
    project = site_project(tmp_path, {"ko/001_x.txt": almanac_text.encode()})
    pages = built_pages(project)
    assert "en/characters/떠돌이악사/index.html" in pages
    report = (project / "site" / "en" / "report" / "coverage-townsfolk" / "index.html"
              ).read_text(encoding="utf-8")
    assert '<a href="../../characters/떠돌이악사/">떠돌이 악사</a>' in report


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
    # The edit keeps the corpus's lines: the name stands where the Noble's does there.
    assert [(d.line, d.message) for d in damaged] == \
        [(line_of(FILES["000"], "귀족", whole=True),
          "name '귀족1-75' carries stray characters; read as '귀족'")]


def test_character_almanacs_only_build_a_site(tmp_path):
    """No script and no One Night rulebook: a site of characters, teams and the report."""
    pages = built_pages(site_project(tmp_path))
    assert [p for p in pages if p.startswith("ko/") and p.endswith("index.html")] == [
        "ko/characters/chef/index.html", "ko/characters/imp/index.html", "ko/index.html",
        # The report: the coverage of each team, the findings of each severity, the summary,
        # what Korean lacks.
        "ko/report/coverage-demon/index.html", "ko/report/coverage-townsfolk/index.html",
        "ko/report/findings-error/index.html", "ko/report/findings-info/index.html",
        "ko/report/findings-warning/index.html", "ko/report/index.html",
        "ko/report/translatable-ko/index.html", "ko/scripts/index.html",
        "ko/sources/en/004_small.txt/index.html", "ko/teams/demon/index.html",
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
    assert "content/en/004_small.txt:2: info missing-translation: Chef (요리사) has no Korean entry" in \
        result.stdout.splitlines()


# ---- found by a hostile probe


def test_an_output_that_is_a_device_or_a_pipe_is_refused(tmp_path):
    site_project(tmp_path)
    os.mkfifo(tmp_path / "pipe.json")
    one_line_error(almanac("parse", "--json", "pipe.json", root=tmp_path),
                   "pipe.json: error: is not a regular file (a device or a pipe); --json writes "
                   "whole files only")
    one_line_error(almanac("parse", "--json", "/dev/null", root=tmp_path),
                   "/dev/null: error: is not a regular file (a device or a pipe); --json writes "
                   "whole files only")


def test_an_output_through_a_link_writes_the_linked_file(tmp_path):
    site_project(tmp_path)
    (tmp_path / "link.json").symlink_to(tmp_path / "target.json")
    assert almanac("parse", "--json", "link.json", root=tmp_path).returncode == 0
    assert (tmp_path / "link.json").is_symlink()
    assert (tmp_path / "target.json").read_text(encoding="utf-8").startswith("{")


def test_an_output_name_too_long(tmp_path):
    site_project(tmp_path)
    name = "a" * 300 + ".json"
    one_line_error(almanac("parse", "--json", name, root=tmp_path),
                   f"{name[:200]}: error: cannot be written: File name too long")


def test_outputs_and_the_site_are_readable_by_others(tmp_path):
    project = site_project(tmp_path)
    assert almanac("parse", "--json", "records.json", root=project).returncode == 0
    assert (project / "records.json").stat().st_mode & 0o777 == 0o666 & ~umask()
    assert build(project, URL) == 0
    assert (project / "site").stat().st_mode & 0o777 == 0o777 & ~umask()


@pytest.mark.parametrize("ident, message", [
    ("../../../tmp/escape", "botc '../../../tmp/escape': an id is lower-case letters, digits "
                            "and hyphens (at most 50)"),
    ("<b>x</b>", "botc '<b>x</b>': an id is lower-case letters, digits and hyphens (at most 50)"),
    ("knight", "botc 'knight': the id is given twice"),
])
def test_glossary_ids_are_slugs_and_given_once(tmp_path, ident, message):
    project = site_project(tmp_path)
    glossary = project / "content" / "glossary.yaml"
    glossary.write_text(glossary.read_text(encoding="utf-8").replace(
        "- id: steward\n", f"- id: {json.dumps(ident)}\n", 1), encoding="utf-8")
    one_line_error(almanac("check", root=project), f"{glossary}: error: {message}")


def test_a_language_code_must_be_a_code(tmp_path):
    project = site_project(tmp_path)
    languages = project / "content" / "languages.yaml"
    languages.write_text(languages.read_text(encoding="utf-8") + "../x:\n  name: X\n",
                         encoding="utf-8")
    one_line_error(almanac("check", root=project),
                   f"{languages}: error: '../x' is no language code (such as ko, en, pt-BR, "
                   "zh_Hans): it names folders and pages")
    assert not (project / "x").exists()


@pytest.mark.parametrize("order, message", [
    ("first_night: dusk\n", ":2: error: botc.first_night: expected a list, found text 'dusk'"),
    ("first_night: [dusk, {id: x}]\n",
     ":2: error: botc.first_night[1]: expected an id, found a mapping"),
    ("first_night: [dusk, dusk]\n",
     ": error: not in the expected layout: botc.first_night names an id twice"),
])
def test_the_night_order_is_lists_of_ids(tmp_path, order, message):
    project = site_project(tmp_path)
    night_order = project / "content" / "night-order.yaml"
    night_order.write_text(f"botc:\n  {order}  other_night: []\n", encoding="utf-8")
    one_line_error(almanac("check", root=project), f"{night_order}{message}")


def test_a_sentence_where_the_name_should_be_still_builds(tmp_path):
    sentence = "첫날 밤에는 아무 일도 일어나지 않지만 " * 8
    project = site_project(tmp_path, {"ko/001_x.txt": f"마을주민\n{sentence}\n능력 문장\n".encode()})
    (character,) = load_corpus(project).characters
    assert len(character.id) == 41 and character.id[32] == "-"
    assert f"ko/characters/{character.id}/index.html" in built_pages(project)


def test_control_characters_are_found_and_kept_off_the_line(tmp_path):
    project = site_project(tmp_path, {"en/004_x.txt": b"Townsfolk\nLib\x0brar\xc2\x85ian\nAbility\n"})
    result = almanac("check", root=project)
    lines = [line for line in result.stdout.splitlines() if "control-character" in line]
    assert lines == ["content/en/004_x.txt:2: warning control-character: name has control "
                     "characters: U+000B, U+0085"]
    assert all(line.startswith("content/") for line in result.stdout.splitlines())


def test_serve_answers_a_nul_in_the_path_with_400(tmp_path):
    (tmp_path / "index.html").write_text("<p>site</p>", encoding="utf-8")
    with serve(tmp_path) as base:
        with pytest.raises(urllib.error.HTTPError) as answer:
            urllib.request.urlopen(base + "index.html%00")
        assert answer.value.code == 400


def test_files_no_stage_reads_are_reported(tmp_path):
    project = site_project(tmp_path)
    (project / "content" / "en" / "deep").mkdir()
    (project / "content" / "en" / "deep" / "100.txt").write_text("Townsfolk\n", encoding="utf-8")
    (project / "content" / "notes.txt").write_text("hello\n", encoding="utf-8")
    (project / "content" / "en" / ".gitkeep").write_text("", encoding="utf-8")
    result = almanac("check", root=project)
    assert [line for line in result.stdout.splitlines() if "not-read" in line] == [
        "content/en/deep/100.txt:1: warning not-read: not read: the almanac texts are "
        "content/<language>/*.txt",
        "content/notes.txt:1: warning not-read: not read: the almanac texts are "
        "content/<language>/*.txt"]


def test_a_script_with_nan_and_usage_errors_are_one_line(tmp_path):
    site_project(tmp_path)
    (tmp_path / "s.json").write_text('["imp", {"id": "x", "name": "X", "team": "townsfolk", '
                                     '"ability": "A.", "firstNight": NaN}]', encoding="utf-8")
    one_line_error(almanac("nightsheet", "s.json", "--html", "x.html", root=tmp_path),
                   "s.json: error: not JSON: NaN is no JSON number")
    one_line_error(almanac("build", "--site-url", "javascript:alert(1)", root=tmp_path),
                   "error: argument --site-url: a site URL is an http or https address, not "
                   "'javascript:alert(1)' (see `almanac build -h`)")
    one_line_error(almanac("narration", "--roles", ",", "--html", "x.html", root=tmp_path),
                   "error: --roles names no role; give ids or names separated by commas")


def test_a_broken_mkdocs_yml_is_one_line_at_its_line_and_keeps_the_site(tmp_path):
    project = site_project(tmp_path)
    assert almanac("build", root=project).returncode == 0
    before = site_files(project / "site")
    lines = (project / "mkdocs.yml").read_text(encoding="utf-8").count("\n")
    with (project / "mkdocs.yml").open("a", encoding="utf-8") as config:
        config.write(": : bad [\n")
    result = almanac("build", root=project)
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        f"{project / 'mkdocs.yml'}:{lines + 1}: error: not valid YAML: did not find expected key"]
    assert site_files(project / "site") == before
    assert not list(project.glob(".site.almanac-*"))  # no staging folder left behind


def test_a_corpus_file_name_with_url_marks_is_linked_by_its_escaped_name(tmp_path):
    from generator.views.sources import source_link
    shown = frozenset({"content/ko/my notes #2?.txt"})
    assert source_link("content/ko/my notes #2?.txt", 3, shown) == \
        "sources/ko/my%20notes%20%232%3F.txt/#L3"
    assert source_link("content/ko/other.txt", 3, shown) is None


def test_terminal_escapes_in_a_script_reach_the_terminal_as_text(tmp_path):
    """A script's ids and names, a file's name, an option's value: whatever the tool prints, a
    control character in it is shown as an escape, never sent to the terminal to run."""
    site_project(tmp_path)
    (tmp_path / "s.json").write_text(json.dumps(
        [{"id": "_meta", "name": "x"}, "chef", "\x1b]0;pwned\x07\x1b[2Jimp", "\x9b31mbaron",
         "imp", "noble"]), encoding="utf-8")
    result = almanac("nightsheet", "s.json", "--html", "x.html", root=tmp_path)
    assert result.returncode == 0
    warnings, summary = result.stderr.splitlines()[:-1], result.stderr.splitlines()[-1]
    assert warnings == [
        "s.json: warning: [2]: unknown id '\\x1b]0;pwned\\x07\\x1b[2Jimp'",
        "s.json: warning: [3]: unknown id '\\x9b31mbaron'",
        "s.json: warning: the script has no Minion"]  # the Baron's id was the escape's
    assert summary.startswith("s.json: 1 row without an instruction, 1 text in another language, "
                              "2 characters the tool does not know")
    assert "\x1b" not in summary and "\x9b" not in summary
    escape = "\x1b[2J.html"
    one_line_error(almanac("nightsheet", "missing.json", "--html", f"out/{escape}",
                           root=tmp_path),
                   "out/\\x1b[2J.html: error: the folder out does not exist")
    one_line_error(almanac("serve", "--port", "\x1b[31m1", root=tmp_path),
                   "error: argument --port: a port is a number from 1 to 65535, not "
                   "'\\x1b[31m1' (see `almanac serve -h`)")


def test_print_checks_everything_before_it_makes_its_folder(tmp_path):
    site_project(tmp_path)
    (tmp_path / "bad.json").write_text('["imp", {"id": 3}]', encoding="utf-8")
    result = almanac("print", "bad.json", "-o", "sheets", root=tmp_path)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.startswith("bad.json: error: ")
    result = almanac("print", "missing.json", "-o", "sheets", root=tmp_path)
    assert (result.returncode, result.stdout) == (2, "")
    result = almanac("print", "bad.json", "-o", "sheets", "--lang", "xx", root=tmp_path)
    assert (result.returncode, result.stdout) == (2, "")
    assert not (tmp_path / "sheets").exists()
    for empty in ("", " "):
        one_line_error(almanac("print", "bad.json", "-o", empty, root=tmp_path),
                       "error: -o needs a folder name (`-o .` for the current folder)")
    for nothing in (",", "", " , "):
        one_line_error(almanac("print", "bad.json", "-o", "sheets", "--lang", nothing,
                               root=tmp_path),
                       "error: --lang names no language; give `all` or codes separated by "
                       "commas (ko,en,de), or leave it out for content/languages.yaml's")
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "bad.json", "content", "mkdocs.yml", "templates"]


def test_a_killed_print_leaves_nothing_the_next_one_does_not_remove(tmp_path):
    """A run killed while Chromium writes a PDF leaves its temporary file; the next run that
    writes into the folder removes it, and only the files of runs no longer alive."""
    import subprocess
    import sys
    site_project(tmp_path)
    (tmp_path / "s.json").write_text('["chef", "imp"]', encoding="utf-8")
    out = tmp_path / "sheets"
    out.mkdir()
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True).stdout.strip()
    left = {f".almanac-{dead}-x1y2.part": "killed", ".almanac-1-a.part": "a live process's",
            ".almanac-notes.part": "a person's", f"almanac-{dead}-x.part": "a person's"}
    for name, text in left.items():
        (out / name).write_text(text, encoding="utf-8")
    result = almanac("print", "s.json", "-o", "sheets", "--lang", "en", root=tmp_path)
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in out.iterdir()) == sorted(
        [".almanac-1-a.part", ".almanac-notes.part", f"almanac-{dead}-x.part",
         "first-en.pdf", "other-en.pdf", "script-en.pdf"])


INDEX_SCRIPT = "\n".join([
    "색인 대본", "", "해설서 · 누군가 · 1개 캐릭터", "", "마을주민", "", "요리사", "",
    "시험용 능력입니다.", "", "시험용 풍미.", "", "\"시험용 능력입니다.\" 요리사는 셉니다.", "",
    "진행 방법", "", "첫날 밤, 요리사를 깨우세요.", ""])


def test_a_script_file_named_like_a_page_of_the_site_never_replaces_it(tmp_path):
    """content/ko/index.txt is a script whose id would be `index`: its page would take the
    place of the list of scripts (scripts/index.md); `Index.txt` would on a file system that
    ignores case."""
    project = site_project(tmp_path, {"en/004_small.txt": SMALL_ALMANAC.encode(),
                                      "ko/index.txt": INDEX_SCRIPT.encode(),
                                      "ko/Index.txt": INDEX_SCRIPT.replace("색인", "대문자").encode()})
    assert [(s.id, s.file) for s in load_corpus(project).scripts] == [
        ("Index-2", "content/ko/Index.txt"), ("index-3", "content/ko/index.txt")]
    assert build(project, URL) == 0
    listing = (project / "site" / "ko" / "scripts" / "index.html").read_text(encoding="utf-8")
    assert '<a href="Index-2/" lang="ko">대문자 대본</a>' in listing
    assert '<a href="index-3/" lang="ko">색인 대본</a>' in listing
    assert "lang=\"ko\">색인 대본</h1>" in (project / "site" / "ko" / "scripts" / "index-3" /
                                "index.html").read_text(encoding="utf-8")
    assert "<h1>스크립트</h1>" in listing


def test_only_files_the_tool_read_are_published_as_source_views(tmp_path):
    """Files under content/ that no stage reads are findings, never pages; a text that is a
    link leaving the project is read, but its file is not published."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("Townsfolk\nSecret\nsecret ability\n", encoding="utf-8")
    (outside / "id_rsa").write_text("-----BEGIN KEY-----\n", encoding="utf-8")
    project = site_project(tmp_path / "project")
    content = project / "content"
    (content / "notes.md").write_text("# private notes\n", encoding="utf-8")
    (content / "private.key").write_text("-----BEGIN KEY-----\n", encoding="utf-8")
    (content / "en" / "drafts").mkdir()
    (content / "en" / "drafts" / "005_draft.txt").write_text("Townsfolk\n", encoding="utf-8")
    (content / "en" / "key.txt").symlink_to(outside / "id_rsa")
    (content / "en" / "linked.txt").symlink_to(outside / "secret.txt")
    (content / "en" / "inside.txt").symlink_to(content / "en" / "004_small.txt")
    (content / "en" / "folder").symlink_to(outside)
    assert build(project, URL) == 0
    assert sorted((d.file, d.code) for d in run_checks(load_corpus(project))
                  if d.code in ("not-read", "linked-out")) == [
        ("content/en/drafts/005_draft.txt", "not-read"), ("content/en/folder", "not-read"),
        ("content/en/key.txt", "linked-out"),
        ("content/en/linked.txt", "linked-out"), ("content/notes.md", "not-read"),
        ("content/private.key", "not-read")]
    assert [p for p in site_files(project / "site") if "/sources/" in p] == [
        "en/sources/en/004_small.txt/index.html", "en/sources/en/inside.txt/index.html",
        "ko/sources/en/004_small.txt/index.html", "ko/sources/en/inside.txt/index.html"]
    everything = "".join(p.read_text(encoding="utf-8", errors="replace")
                         for p in (project / "site").rglob("*") if p.is_file())
    assert ("BEGIN KEY" in everything, "private notes" in everything,
            "secret ability" in everything) == (False, False, False)
    assert "content/notes.md" in report_html(project / "site", "en")  # named as a finding


# ---- refused, not accepted: what would give an empty or a wrong output, or fail after the work

UNKNOWN_ROLE = ("in the glossary; give ids (werewolf, seer …) or names in any language")


@pytest.mark.parametrize("roles, expected", [
    ("nobody", f"error: --roles: no role 'nobody' {UNKNOWN_ROLE}"),
    ("R,R,…", f"error: --roles: no role 'R', '…' {UNKNOWN_ROLE}"),  # the README's placeholder
    ("werewolf,seeer", "error: --roles: no role 'seeer' in the glossary; did you mean seer?"),
])
def test_a_narration_of_roles_the_glossary_does_not_know_is_refused(tmp_path, roles, expected):
    sheet = tmp_path / "n.html"
    one_line_error(almanac("narration", "--roles", roles, "--html", str(sheet)), expected)
    assert not sheet.exists()


@pytest.mark.parametrize("option, expected", [
    ("--section", "error: --section names nothing; give ability, flavor, summary, how_to_run, "
                  "examples, separated by commas"),
    ("--character", "error: --character names nothing; give character ids, separated by commas"),
])
def test_an_export_po_of_nothing_is_refused(tmp_path, option, expected):
    site_project(tmp_path)
    for nothing in (",", " , "):
        one_line_error(almanac("export-po", "--lang", "en", "-o", "x.po", option, nothing,
                               root=tmp_path), expected)
    assert not (tmp_path / "x.po").exists()


def test_an_output_where_no_file_can_be_made_is_refused_before_any_work(tmp_path):
    """/proc takes no new file, not even root's: found before the script is read (here it does
    not exist, and the error names the output), not when the sheet is written."""
    site_project(tmp_path)
    one_line_error(almanac("nightsheet", "missing.json", "--html", "/proc/version",
                           root=tmp_path),
                   "/proc/version: error: cannot write in the folder /proc: No such file or "
                   "directory")
    one_line_error(almanac("scriptsheet", "missing.json", "--pdf", "/proc/version",
                           root=tmp_path),
                   "/proc/version: error: cannot write in the folder /proc: No such file or "
                   "directory")
    one_line_error(almanac("print", "missing.json", "-o", "/proc/sheets", root=tmp_path),
                   "/proc/sheets: error: cannot write in the folder /proc: No such file or "
                   "directory")
    one_line_error(almanac("export-script", "000", "-o", "/proc/version", root=tmp_path),
                   "/proc/version: error: cannot write in the folder /proc: No such file or "
                   "directory")


@pytest.mark.parametrize("url, shown", [
    ("http://[::1/", "http://[::1/"),  # urlsplit's ValueError, once named `invalid _site_url`
    ("http://example.org/\nalmanac/", "http://example.org/\\x0aalmanac/"),
])
def test_a_site_url_that_is_no_address_is_one_line(tmp_path, url, shown):
    site_project(tmp_path)
    one_line_error(almanac("build", "--site-url", url, root=tmp_path),
                   f"error: argument --site-url: a site URL is an http or https address, not "
                   f"'{shown}' (see `almanac build -h`)")
    assert not (tmp_path / "site").exists()


# ---- every OSError of every command: one line, exit 2


@pytest.mark.parametrize("command", [("check",), ("check", "--format", "json"),
                                     ("export-script", "000", "-o", "s.json")])
def test_a_full_standard_output_is_one_line(tmp_path, command):
    """`> /dev/full`: the output cannot be written; said once, not as a traceback at exit."""
    import subprocess
    import sys
    site_project(tmp_path, {"en/004_small.txt": SMALL_ALMANAC.encode(),
                            "ko/000_script.txt": INDEX_SCRIPT.encode()})
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "generator.cli", *command],
                                cwd=tmp_path, stdout=full, stderr=subprocess.PIPE, text=True,
                                env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert (result.returncode, result.stderr) == \
        (2, "standard output: error: No space left on device\n")


def test_a_project_without_its_templates_is_one_line(tmp_path):
    site_project(tmp_path)
    (tmp_path / "s.json").write_text('["chef", "imp", "noble", "poisoner", "baron"]',
                                     encoding="utf-8")
    import shutil
    shutil.rmtree(tmp_path / "templates")
    one_line_error(almanac("nightsheet", "s.json", "--html", "x.html", root=tmp_path),
                   f"{tmp_path}/templates/assets/fonts.css: error: No such file or "
                   "directory")
    assert not (tmp_path / "x.html").exists()
