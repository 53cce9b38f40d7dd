"""Search on a phone-class CPU: for each language of a built site, in a cold Chromium page with
its CPU throttled 4×, the search data fetched before the first answer (the index, the worker,
lunr's scripts), when the worker has built the index, and the time to the results of a query
typed in the search box: the first typed as soon as the page has loaded (from its load event:
the index fetched and built meanwhile), the next ones from their keystroke (the median of five
names).
With --runs N, each figure is the median of N cold pages: on a shared machine one run says more
about the other processes than about the search.

Usage: .venv/bin/python scripts/benchmark_search.py [SITE] [--runs N]   (default: site/, 1)
"""
from __future__ import annotations

import json
import re
import statistics
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
# When Material's search worker says it is ready (its message of type 1), in milliseconds from
# the page's navigation.
READY = """
const Native = window.Worker
window.Worker = class extends Native {
  constructor(...args) {
    super(...args)
    this.addEventListener("message", event => {
      if (event.data && event.data.type === 1) window.almanacSearchReady = performance.now()
    })
  }
}
"""


def names(site: Path, lang: str) -> list[str]:
    """Six character names of the language's index, as a reader would type them."""
    index = json.loads((site / lang / "search" / "search_index.json").read_text("utf-8"))
    return [doc["title"] for doc in index["docs"]
            if re.fullmatch(r"characters/[^/#]+/", doc["location"])][:6]


def ask(page, query: str) -> float:
    """Seconds from typing query (filled and announced: Hangul typing fires no key events) to
    the results it shows; the box emptied first, outside the time, where it has a query. The
    time includes waiting for the page to take the keystroke (a page still busy with the index
    takes it late)."""
    box = page.locator("input.md-search__input")
    if box.input_value():
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


def measure(browser, base: str, site: Path, lang: str) -> tuple[int, float, float, float]:
    """Search data (bytes), index ready, first answer, next answers (seconds)."""
    context = browser.new_context()
    context.add_init_script(READY)
    page = context.new_page()
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
    fetched: dict[str, int] = {}
    page.on("response", lambda response: fetched.update({response.url: len(response.body())}))
    first_name, *next_names = names(site, lang)
    page.goto(f"{base}{lang}/", wait_until="load")
    ask(page, first_name)
    # From the load event, when a reader could first type: the page takes the keystroke only
    # once it has handed the index to the worker.
    loaded = "performance.getEntriesByType('navigation')[0].loadEventEnd"
    first = page.evaluate(f"performance.now() - {loaded}") / 1000
    data = sum(size for url, size in fetched.items() if SEARCH_DATA.search(urlsplit(url).path))
    ready = page.evaluate(f"window.almanacSearchReady - {loaded}") / 1000
    following = statistics.median(ask(page, name) for name in next_names)
    context.close()
    return data, ready, first, following


def main() -> None:
    args = sys.argv[1:]
    runs = int(args[args.index("--runs") + 1]) if "--runs" in args else 1
    if "--runs" in args:
        del args[args.index("--runs"):args.index("--runs") + 2]
    site = Path(args[0]) if args else ROOT / "site"
    langs = sorted(p.parent.parent.name for p in site.glob("*/search/search_index.json"))
    print(f"{'lang':<8} {'search data':>11} {'ready':>6} {'1st answer':>10} {'next':>6}   "
          f"(CPU {THROTTLE}× slower; median of {runs})")
    with serve(site) as base, chromium() as browser:
        for lang in langs:
            figures = [measure(browser, base, site, lang) for _ in range(runs)]
            data, ready, first, following = (statistics.median(column)
                                             for column in zip(*figures, strict=True))
            print(f"{lang:<8} {data / 1024:>7.0f} KiB {ready:>5.2f}s {first:>9.2f}s "
                  f"{following:>5.2f}s")


if __name__ == "__main__":
    main()
