"""Screenshots of site pages in headless Chromium, the way a player sees them on a phone.

Usage: .venv/bin/python scripts/screenshots.py OUT_DIR [--site DIR] [--width PX ...] [PAGE ...]
PAGE is a path under the site (default: ko/characters/chef ko/characters/farmer); --width
defaults to a phone's 390 px. Builds nothing: point --site at a built site (default site/).
Each shot is OUT_DIR/<page with / as ->-<width>.png, the whole page.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from generator.output.browser import chromium, serve  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PAGES = ("ko/characters/chef", "ko/characters/farmer")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", type=Path, help="folder the PNG files are written to")
    parser.add_argument("pages", nargs="*", default=list(PAGES), help="paths under the site")
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="a built site")
    parser.add_argument("--width", type=int, action="append", help="viewport width in px")
    args = parser.parse_args()
    if not (args.site / "index.html").is_file():
        parser.error(f"{args.site}: no built site here (run `almanac build` first)")
    args.out.mkdir(parents=True, exist_ok=True)
    with serve(args.site) as base, chromium() as browser:
        for path in args.pages:
            for width in args.width or [390]:
                page = browser.new_page(viewport={"width": width, "height": 844},
                                        device_scale_factor=1)
                page.goto(f"{base}{path.strip('/')}/", wait_until="networkidle")
                target = args.out / f"{path.strip('/').replace('/', '-')}-{width}.png"
                page.screenshot(path=str(target), full_page=True)
                page.close()
                print(target)


if __name__ == "__main__":
    main()
