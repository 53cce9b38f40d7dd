"""PNG renders of the night sheets of script 000 (both nights, both languages) and of one
recommended One Night role set, printed to PDF by headless Chromium first.

Usage: .venv/bin/python scripts/render_sheets.py [OUT_DIR]   (default: out/sheets)
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
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "out" / "sheets"
    out.mkdir(parents=True, exist_ok=True)
    corpus = load_corpus(ROOT)
    script = next(s for s in corpus.scripts if s.id == "000")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "000.json"
        path.write_text(json.dumps(export(script), ensure_ascii=False), encoding="utf-8")
        for lang in ("ko", "en"):
            for night in ("first", "other"):
                pdf = out / f"000-{lang}-{night}.pdf"
                almanac(["--root", str(ROOT), "nightsheet", str(path), "--lang", lang,
                         "--night", night, "--pdf", str(pdf)])
                to_png(pdf)
    pdf = out / "onuw-evil-transformation.pdf"
    almanac(["--root", str(ROOT), "narration", "--title", "사악한 변신", "--lang", "ko",
             "--roles", "도플갱어,태초의 늑대인간,신비한 늑대인간,하수인,도둑,마녀",
             "--pdf", str(pdf)])
    to_png(pdf)


if __name__ == "__main__":
    main()
