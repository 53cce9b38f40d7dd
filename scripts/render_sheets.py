"""PNG renders of every sheet of script 000 and of Trouble Brewing (the script sheet and both
nights, in both languages, printed by `almanac print` with one Chromium), and of one recommended
One Night role set.

Usage: .venv/bin/python scripts/render_sheets.py [OUT_DIR] [--official DIR]
(default: out/sheets; --official: the official data files, to fill what the almanac lacks)
"""
from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from generator.cli import main as almanac  # noqa: E402
from generator.export.script_json import export  # noqa: E402
from generator.pipeline import load_corpus  # noqa: E402


def to_png(pdf: Path) -> None:
    subprocess.run(["pdftoppm", "-r", "110", "-png", "-singlefile", str(pdf),
                    str(pdf.with_suffix(""))], check=True)
    print(pdf.with_suffix(".png"))


def main() -> None:
    arguments = sys.argv[1:]
    official = []
    if "--official" in arguments:
        at = arguments.index("--official")
        official = ["--official", arguments[at + 1]]
        del arguments[at:at + 2]
    out = Path(arguments[0]) if arguments else ROOT / "out" / "sheets"
    out.mkdir(parents=True, exist_ok=True)
    script = next(s for s in load_corpus(ROOT).scripts if s.id == "000")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "000.json"
        path.write_text(json.dumps(export(script), ensure_ascii=False), encoding="utf-8")
        for name, source in (("000", path), ("trouble-brewing",
                                             ROOT / "tests" / "fixtures" / "trouble-brewing.json")):
            folder = out / name
            almanac(["--root", str(ROOT), "print", str(source), "-o", str(folder), *official])
            for pdf in sorted(folder.glob("*.pdf")):
                to_png(pdf)
    pdf = out / "onuw-evil-transformation.pdf"
    almanac(["--root", str(ROOT), "narration", "--title", "사악한 변신", "--lang", "ko",
             "--roles", "도플갱어,태초의 늑대인간,신비한 늑대인간,하수인,도둑,마녀",
             "--pdf", str(pdf)])
    to_png(pdf)


if __name__ == "__main__":
    main()
