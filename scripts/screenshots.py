"""Screenshots of a character page in both languages at 1280 px and 390 px wide.

Usage: .venv/bin/python scripts/screenshots.py [CHARACTER_ID] [OUT_DIR]
Builds nothing: run `scripts/build` first. Serves site/ on port 8000 (the site_url it was built
for).
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from generator.output.browser import chromium, serve  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
WIDTHS = {"desktop": (1280, 900), "phone": (390, 844)}


def main() -> None:
    ident = sys.argv[1] if len(sys.argv) > 1 else "lunatic"
    out = Path(sys.argv[2]) if len(sys.argv) > 2 else ROOT / "out" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    with serve(ROOT / "site", port=8000) as base, chromium() as browser:
        for lang in ("ko", "en"):
            for label, (width, height) in WIDTHS.items():
                page = browser.new_page(viewport={"width": width, "height": height},
                                        device_scale_factor=1)
                page.goto(f"{base}{lang}/characters/{ident}/", wait_until="networkidle")
                target = out / f"{ident}-{lang}-{label}.png"
                page.screenshot(path=str(target), full_page=True)
                page.close()
                print(target)


if __name__ == "__main__":
    main()
