"""Rewrite docs/pages/commands.md's reference of commands and options from the command line's
own parser, so that the docs say what `almanac -h` says.

Usage: .venv/bin/python scripts/update_docs_commands.py   (a test fails while it is stale)
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from generator.cli import command_line  # noqa: E402

PAGE = ROOT / "docs" / "pages" / "commands.md"
BEGIN = "<!-- made by scripts/update_docs_commands.py from the parser: edit the help there -->\n"
END = "<!-- end of the made part -->\n"


def cell(text: str) -> str:
    """Text in a Markdown table cell: its lines joined, its pipes and angle brackets escaped."""
    return " ".join(text.split()).replace("|", "\\|").replace("<", "&lt;")


def usage(parser: argparse.ArgumentParser) -> str:
    return " ".join(parser.format_usage().removeprefix("usage: ").split())


def reference() -> str:
    """The table of commands, then each command's options, as the parser declares them."""
    parser = command_line()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    helps = {choice.dest: choice.help or "" for choice in commands._choices_actions}
    lines = ["| command | what it does |", "|---|---|"]
    lines += [f"| [`almanac {name}`](#{name}) | {cell(helps[name])} |"
              for name in commands.choices]
    for name, command in commands.choices.items():
        lines += ["", f"## {name}", "", f"{cell(helps[name])}.", "", "```text", usage(command),
                  "```", "", "| option | what it does |", "|---|---|"]
        for action in command._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            names = ", ".join(action.option_strings) or action.dest
            choices = f" (one of: {', '.join(map(str, action.choices))})" \
                if action.choices and action.option_strings else ""
            lines.append(f"| `{names}` | {cell((action.help or '') + choices)} |")
    return "\n".join(lines) + "\n"


def main() -> None:
    text = PAGE.read_text(encoding="utf-8")
    made = re.compile(re.escape(BEGIN) + r".*?" + re.escape(END), re.S)
    PAGE.write_text(made.sub(lambda _: BEGIN + reference() + END, text), encoding="utf-8")


if __name__ == "__main__":
    main()
