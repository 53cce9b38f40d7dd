"""A corpus whose every name, title and text is an attack: for the escaping tests."""
from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import corpus_project

# Each would run script or add markup if any stage printed it as HTML or Markdown.
ATTACKS = (
    "<img src=x onerror=alert(1)>",
    "[x](javascript:alert(2)){ onclick=alert(3) }",
    "\"><svg onload=alert(4)>",
    "<script>alert(5)</script>",
    "![i](x){ onerror=alert(6) }",
    "**<b>bold</b>** `code` <!-- c -->",
)
NAME, LINK, QUOTE, SCRIPT, IMAGE, MARKS = ATTACKS


def block_almanac() -> str:
    """The 000 shape: a script of two characters, one unknown to the glossary."""
    return "\n".join([
        f"로마 {SCRIPT}", "", f"해설서 · {QUOTE} · 2개 캐릭터", "", "메모", "", f"메모 {IMAGE}", "",
        "마을주민", "", NAME, "", f"능력 {LINK}", "", f"풍미 {MARKS}", "",
        f"\"{SCRIPT}\" 요약 {NAME}", "", "진행 방법", "", f"첫날 밤, {LINK}을 깨우세요.", "",
        "예시 · 메모", "", f"예시 {QUOTE}", "",
        "마을주민", "", "귀족", "", f"능력 {IMAGE}", "", f"풍미 {QUOTE}", "",
        f"\"{LINK}\" 귀족은 {MARKS}", "", "진행 방법", "", f"첫날 밤, 귀족을 깨우세요 {SCRIPT}.",
        ""])


def line_almanac() -> str:
    """The 001 shape: one unknown character, one known."""
    return "\n".join([
        "하수인", LINK, f"능력 {NAME}", f"풍미 {SCRIPT}", f"\"{QUOTE}\" 요약", "진행 방법",
        f"- 매일 밤, {IMAGE}", "예시 · 메모", f"- {MARKS}",
        "마을주민", "요리사", f"능력 {LINK}", f"풍미 {NAME}", f"\"{SCRIPT}\" 요리사는 {QUOTE}", ""])


def english_almanac() -> str:
    """The 004 shape in English: an unknown character, and the Chef."""
    return "\n".join([
        "Minion", QUOTE, f"Ability {SCRIPT}", f"Flavor {LINK}", f"\"{NAME}\" summary",
        "How to Run", f"- Each night, wake {MARKS}.", "Examples & Notes", f"- {IMAGE}",
        "Townsfolk", "Chef", f"You start knowing {NAME}.", f"Flavor {QUOTE}",
        f"\"{LINK}\" The Chef {SCRIPT}", ""])


def script_json() -> list[object]:
    return [{"id": "_meta", "name": f"Script {NAME}", "author": LINK},
            "chef", "noble", "imp", "poisoner",
            {"id": "hostile", "name": SCRIPT, "team": "townsfolk", "ability": QUOTE,
             "reminders": [IMAGE], "firstNight": 10, "firstNightReminder": MARKS}]


def hostile_project(root: Path) -> Path:
    project = corpus_project(root, {
        "ko/000_hostile.txt": block_almanac().encode(),
        "ko/001_hostile.txt": line_almanac().encode(),
        "en/004_hostile.txt": english_almanac().encode()})
    (project / "hostile-script.json").write_text(json.dumps(script_json(), ensure_ascii=False),
                                                 encoding="utf-8")
    return project
