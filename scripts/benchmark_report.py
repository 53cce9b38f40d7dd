"""The translator's report on a phone: for each report page of a built site, its size, its
elements, and its load in a cold Chromium page 390 px wide (a phone's screen, 3 device pixels a
CSS pixel), beside a character page loaded the same way:

- cpu: the renderer's main thread busy until the load event, in CPU seconds (Chromium's own
  trace, top-level tasks' thread time), the median of the loads: what a CPU 4× slower takes
  4 times over, since the files come from this machine and nothing else waits; `4× cpu` is that
  estimate of a phone's load;
- load: the time to the load event with the CPU throttled 4× (Emulation.setCPUThrottlingRate),
  the fastest of the loads: on a busy machine the wall clock runs slow by whatever else runs,
  and the fastest load is the nearest to an idle one's;
- × chef: cpu and load over the character page's, within this run (the ratios hold across
  machines better than the seconds).

Usage: .venv/bin/python scripts/benchmark_report.py [SITE] [--lang CODE …] [--runs N]
(default: site/, as built; every language; 5 loads of each page each way)
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from generator.output.browser import chromium, serve  # noqa: E402

THROTTLE = 4
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3,
         "is_mobile": True, "has_touch": True}
TIMING = """() => [performance.getEntriesByType("navigation")[0].loadEventEnd,
                   document.getElementsByTagName("*").length]"""
TRACED = ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline", "loading"]
REFERENCE = "characters/chef/"  # a page every site has, for the ratio


def main_thread_cpu(trace: dict) -> float:
    """CPU seconds of the renderer's main thread from the navigation to the load event: the
    thread time of its top-level tasks (a task inside another is counted with it)."""
    events = trace["traceEvents"]
    main = {(e["pid"], e["tid"]) for e in events if e.get("ph") == "M" and
            e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}
    marks = {e["name"]: e["ts"] for e in events if (e.get("pid"), e.get("tid")) in main and
             e.get("name") in ("navigationStart", "loadEventEnd")}
    start, end = marks.get("navigationStart", 0), marks.get("loadEventEnd", float("inf"))
    tasks = sorted((e for e in events if e.get("ph") == "X" and e.get("name") == "RunTask" and
                    (e["pid"], e["tid"]) in main and start <= e["ts"] <= end),
                   key=lambda e: (e["ts"], -e.get("dur", 0)))
    busy, edge = 0, -1.0
    for task in tasks:
        if task["ts"] >= edge:
            busy += task.get("tdur", 0)
            edge = task["ts"] + task.get("dur", 0)
    return busy / 1e6


def load(browser, url: str, throttle: int, traced: bool = False) -> tuple[float, int, float]:
    """(seconds to the load event, elements, main-thread CPU seconds where traced) of one cold
    load of url."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    if traced:
        browser.start_tracing(page=page, categories=TRACED)
    page.goto(url, wait_until="load")
    loaded, elements = page.evaluate(TIMING)
    cpu = main_thread_cpu(json.loads(browser.stop_tracing())) if traced else 0.0
    context.close()
    return loaded / 1000, elements, cpu


def measure(browser, url: str, runs: int) -> tuple[float, float, int]:
    """(main-thread CPU: the median of unthrottled loads, load with the CPU throttled: the
    fastest, elements)."""
    cpu = statistics.median(load(browser, url, 1, traced=True)[2] for _ in range(runs))
    throttled = [load(browser, url, THROTTLE) for _ in range(runs)]
    return cpu, min(t for t, _, _ in throttled), throttled[0][1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", nargs="?", default=str(ROOT / "site"))
    parser.add_argument("--lang", action="append", help="a language's report (default: all)")
    parser.add_argument("--runs", type=int, default=5, help="cold loads of each page each way")
    args = parser.parse_args()
    site = Path(args.site)
    langs = args.lang or sorted(p.parent.name for p in site.glob("*/report"))
    print(f"{'page':<36} {'KiB':>5} {'elements':>8} {'cpu':>6} {'4× cpu':>6} {'load':>6} "
          f"{'× chef':>13}   (390 px; load: CPU {THROTTLE}× slower, the fastest of "
          f"{args.runs} cold loads; cpu: the main thread's median)")
    worst = (0.0, "")
    with serve(site) as base, chromium() as browser:
        for lang in langs:
            chef_cpu, chef, chef_elements = measure(browser, f"{base}{lang}/{REFERENCE}",
                                                    args.runs)
            for page in sorted(site.glob(f"{lang}/report/**/index.html")):
                path = page.parent.relative_to(site).as_posix() + "/"
                cpu, loaded, elements = measure(browser, base + path, args.runs)
                worst = max(worst, (THROTTLE * cpu, path))
                print(f"{path:<36} {page.stat().st_size / 1024:>5.0f} {elements:>8} "
                      f"{cpu:>5.2f}s {THROTTLE * cpu:>5.2f}s {loaded:>5.2f}s "
                      f"{cpu / chef_cpu:>6.2f} {loaded / chef:>6.2f}")
            print(f"{lang + '/' + REFERENCE:<36} {'':>5} {chef_elements:>8} {chef_cpu:>5.2f}s "
                  f"{THROTTLE * chef_cpu:>5.2f}s {chef:>5.2f}s")
    print(f"the heaviest report page: {worst[1]}, {worst[0]:.2f} s at {THROTTLE}× its CPU")


if __name__ == "__main__":
    main()
