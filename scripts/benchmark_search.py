"""Search on a phone-class CPU: for each language of a built site, in a cold Chromium page with
its CPU throttled 4×, the search data fetched before the first answer (the index, the worker,
lunr's scripts), and the time from a keystroke in the search box to the results, the first
(the index fetched and built meanwhile) and the next.

Usage: .venv/bin/python scripts/benchmark_search.py [SITE]   (default: site/, as built)
"""
from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from generator.output.browser import chromium, serve  # noqa: E402

THROTTLE = 4
# What the search fetches: the index, Material's search worker, lunr's and the almanac's scripts.
SEARCH_DATA = re.compile(r"/(?:search/search_index\.json|workers/search\.[0-9a-f]+\.min\.js|"
                         r"lunr/[^/]+\.js|lunr/min/[^/]+\.js)$")


def names(site: Path, lang: str) -> list[str]:
    """Two character names of the language's index, as a reader would type them."""
    index = json.loads((site / lang / "search" / "search_index.json").read_text("utf-8"))
    return [doc["title"] for doc in index["docs"]
            if re.fullmatch(r"characters/[^/#]+/", doc["location"])][:2]


def ask(page, query: str) -> float:
    """Seconds from typing query (filled and announced: Hangul typing fires no key events) to
    the results it shows."""
    box = page.locator("input.md-search__input")
    box.fill("")
    box.dispatch_event("input")
    start = time.perf_counter()
    box.fill(query)
    box.dispatch_event("input")
    box.dispatch_event("keyup")
    page.wait_for_function(
        "q => document.querySelector('.md-search-result__item') && "
        "document.querySelector('input.md-search__input').value === q", arg=query,
        timeout=120_000)
    return time.perf_counter() - start


def measure(browser, base: str, site: Path, lang: str) -> tuple[int, float, float]:
    context = browser.new_context()
    page = context.new_page()
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
    fetched: dict[str, int] = {}
    page.on("response", lambda response: fetched.update({response.url: len(response.body())}))
    first_name, next_name = names(site, lang)
    page.goto(f"{base}{lang}/", wait_until="load")
    first = ask(page, first_name)
    data = sum(size for url, size in fetched.items() if SEARCH_DATA.search(urlsplit(url).path))
    following = ask(page, next_name)
    context.close()
    return data, first, following


def main() -> None:
    site = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "site"
    langs = sorted(p.parent.parent.name for p in site.glob("*/search/search_index.json"))
    print(f"{'lang':<8} {'search data':>11} {'1st answer':>10} {'next':>6}   "
          f"(CPU {THROTTLE}× slower)")
    with serve(site) as base, chromium() as browser:
        for lang in langs:
            data, first, following = measure(browser, base, site, lang)
            print(f"{lang:<8} {data / 1024:>7.0f} KiB {first:>9.2f}s {following:>5.2f}s")


if __name__ == "__main__":
    main()
