"""The README is the front door and docs/ the rest: the docs build as MkDocs builds them with
--strict (a broken table, link or anchor fails), the README stays short, its links lead to files
of the project, and every command line it shows names a command and options the tool has."""
from __future__ import annotations

import re
import shlex
import subprocess

from tests.conftest import LONGEST, ROOT
from tests.projects import almanac

README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_docs_build_strict(tmp_path):
    result = subprocess.run([str(ROOT / ".venv" / "bin" / "mkdocs"), "build", "--strict", "-q",
                             "-f", str(ROOT / "docs" / "mkdocs.yml"), "-d", str(tmp_path)],
                            capture_output=True, text=True)
    assert (result.returncode, result.stderr) == (0, "")
    assert (tmp_path / "translations" / "index.html").is_file()


def test_the_readme_is_at_most_150_lines_and_its_links_are_files_of_the_project():
    assert len(README.splitlines()) <= 150
    links = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", README)
    assert "docs/pages/commands.md" in links
    assert [link for link in links if not (ROOT / link).is_file()] == []


def shown_commands() -> list[list[str]]:
    """The almanac command lines of the README's examples, each as its words."""
    lines = [line.split("#")[0] for block in re.findall(r"```sh\n(.*?)```", README, re.S)
             for line in block.splitlines()]
    return [shlex.split(line)[1:] for line in lines if line.startswith(".venv/bin/almanac ")]


def test_every_command_line_of_the_readme_names_a_command_and_options_it_has():
    commands = shown_commands()
    assert {words[0] for words in commands} >= {"serve", "print", "export-script", "update-po",
                                                "export-po", "import-po", "check"}
    for words in commands:
        help_text = almanac(words[0], "-h").stdout
        unknown = [w.split("=")[0] for w in words[1:] if w.startswith("-")
                   and not re.search(rf"(?<![\w-]){re.escape(w.split('=')[0])}(?![\w-])", help_text)]
        assert unknown == [], words


def test_the_commands_page_says_what_the_parser_says():
    import importlib.util
    spec = importlib.util.spec_from_file_location("update_docs_commands",
                                                  ROOT / "scripts" / "update_docs_commands.py")
    assert spec and spec.loader
    made = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(made)
    page = (ROOT / "docs" / "pages" / "commands.md").read_text(encoding="utf-8")
    assert made.BEGIN + made.reference() + made.END in page  # stale: run the script
    assert "| `--night` | first: the first night (default); other: every other night (one of: " \
           "first, other) |" in page


def test_the_test_files_run_first_are_files_of_the_suite():
    """development.md's "the longest files first": a renamed file would silently go last."""
    assert [name for name in LONGEST if not (ROOT / "tests" / name).is_file()] == []
