"""Sheets printed to PDF by headless Chromium, each on one A4 page as far as it can be read."""
from __future__ import annotations

import base64
import json
import queue
import re
import threading
from concurrent.futures import Future
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

from generator.errors import AlmanacError
from generator.files import write_bytes
from generator.output.devtools import DevTools

# The printable area of A4 with the sheets' 7 mm margins, in CSS pixels (96 per inch).
_PAGE_WIDTH, _PAGE_HEIGHT = (210 - 14) / 25.4 * 96, (297 - 14) / 25.4 * 96
# Scales tried, largest first, so a long night still fits one page; below the last, the
# text would be too small to read in the dark, and the sheet runs onto a second page.
# Above 1 Chromium cut the sheet's right edge when tried, so a short sheet keeps its size.
_SCALES = (1.0, 0.95, 0.9, 0.85, 0.8, 0.75, 0.7)


@dataclass(frozen=True)
class Printed:
    """A sheet as printed: its PDF's pages, and whether the page printed was the sheet as built
    (its one stylesheet, no element the templates do not make, every row laid out)."""

    pages: int
    as_built: bool


# What no sheet's template makes: data that became one would have been markup, not text.
_AS_BUILT = """() => document.querySelectorAll('style').length === 1 &&
    !document.querySelector('script, link, iframe, frame, object, embed, img, svg, video, audio,'
                            + ' form, input, button, a[href], [style], base, meta[http-equiv]') &&
    [...document.querySelectorAll('[data-id]')].every(row => row.getClientRects().length > 0)"""
# A sheet set in a tab in place of the last, written into its document as Playwright's
# set_content did; once loaded, whether it is as built, and its height at the tab's width.
_SET = f"""async html => {{
    document.open(); document.write(html); document.close();
    if (document.readyState !== 'complete')
        await new Promise(loaded => addEventListener('load', loaded, {{once: true}}));
    return [({_AS_BUILT})(), document.documentElement.scrollHeight];
}}"""
_HEIGHT = "() => document.documentElement.scrollHeight"
# The families Playwright gives a headless tab, for letters no font of the stylesheet has.
_FAMILIES = {"standard": "Times New Roman", "fixed": "Monospace", "serif": "Times New Roman",
             "sansSerif": "Arial", "cursive": "Comic Sans MS", "fantasy": "Impact"}


class Printer:
    """Prints sheets with one Chromium: A4 from the stylesheet's @page, backgrounds kept, fonts
    embedded, scaled down as far as readable to keep one page; each PDF written whole, or not
    at all. Chromium starts as the printer is made, so it boots while the sheets are built,
    and `tabs` sheets print at once, each in a tab of its own, the next set in place of the
    last (a new page for each took longer than the printing). Closed on leaving `with`."""

    def __init__(self, tabs: int = 2) -> None:
        self._chromium = DevTools()
        self._jobs: queue.SimpleQueue[tuple[str, Path, Future[Printed]] | None] = \
            queue.SimpleQueue()
        self._tabs = [threading.Thread(target=self._work, daemon=True, name=f"tab-{n}")
                      for n in range(tabs)]
        for tab in self._tabs:
            tab.start()

    def submit(self, html: str, pdf: Path) -> Future[Printed]:
        """The sheet, to print into pdf by the first tab free."""
        printed: Future[Printed] = Future()
        self._jobs.put((html, pdf, printed))
        return printed

    def _work(self) -> None:
        """One tab's thread: it opens the tab, then prints sheets until told to stop."""
        try:
            tab: _Tab | BaseException = _Tab(self._chromium)
        except BaseException as err:  # every sheet this tab takes fails with it
            tab = err
        while (job := self._jobs.get()) is not None:
            html, pdf, printed = job
            if not printed.set_running_or_notify_cancel():
                continue
            try:
                if isinstance(tab, BaseException):
                    raise tab
                printed.set_result(tab.print(html, pdf))
            except BaseException as err:  # raised again where it is awaited
                printed.set_exception(err)

    def close(self, at_once: bool = False) -> None:
        """Waits for the sheets submitted to print, then ends Chromium; at_once (leaving `with`
        by an error), Chromium ends first: the sheets printing fail, those waiting are
        cancelled."""
        if at_once:
            self._chromium.close()
            with suppress(queue.Empty):
                while job := self._jobs.get_nowait():
                    job[2].cancel()
        for _ in self._tabs:
            self._jobs.put(None)
        for tab in self._tabs:
            tab.join()
        self._chromium.close()

    def __enter__(self) -> Printer:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close(at_once=error is not None)


class _Tab:
    """A tab of Chromium set up as Playwright set up its pages, to print sheets, at the width
    of the page at scale 1 until a sheet too long for that asks for another."""

    def __init__(self, chromium: DevTools) -> None:
        self._chromium = chromium
        target = chromium.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self._session = chromium.call("Target.attachToTarget",
                                      {"targetId": target, "flatten": True})["sessionId"]
        self._scale = 0.0
        for done in (self._send("Emulation.setEmulatedMedia", {"media": "print", "features": []}),
                     self._send("Page.setFontFamilies", {"fontFamilies": _FAMILIES}),
                     self._at_scale(_SCALES[0])):
            done.result()

    def print(self, html: str, pdf: Path) -> Printed:
        if self._scale != _SCALES[0]:
            self._at_scale(_SCALES[0]).result()
        as_built, height = self._evaluate(_SET, html)
        scale = self._fitting_scale(height)
        data = base64.b64decode(self._call("Page.printToPDF", {
            "printBackground": True, "preferCSSPageSize": True, "scale": scale,
            "paperWidth": 8.5, "paperHeight": 11, "marginTop": 0, "marginBottom": 0,
            "marginLeft": 0, "marginRight": 0, "generateTaggedPDF": False})["data"])
        write_bytes(pdf, data)
        return Printed(pdf_pages(data), bool(as_built))

    def _fitting_scale(self, height: float) -> float:
        """The largest scale at which the sheet, height tall at scale 1, fits one page: laid
        out as wide as the page allows at that scale, its height times the scale within the
        page's height."""
        for scale in _SCALES:
            if scale != self._scale:
                self._at_scale(scale).result()
                height = self._evaluate(_HEIGHT)
            if height * scale <= _PAGE_HEIGHT:
                return scale
        return _SCALES[-1]

    def _at_scale(self, scale: float) -> Future[dict[str, Any]]:
        """The tab as wide as the page allows at scale (its height does not count)."""
        self._scale = scale
        width = round(_PAGE_WIDTH / scale)
        return self._send("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": 800, "screenWidth": width, "screenHeight": 800,
            "deviceScaleFactor": 1, "mobile": False,
            "screenOrientation": {"angle": 0, "type": "landscapePrimary"}})

    def _evaluate(self, function: str, *arguments: str) -> Any:
        """What the function returns, awaited, called with arguments (as JSON: text stays
        text)."""
        answer = self._call("Runtime.evaluate", {
            "expression": f"({function})({', '.join(map(json.dumps, arguments))})",
            "awaitPromise": True, "returnByValue": True})
        if "exceptionDetails" in answer:  # the sheet broke what the function calls
            thrown = answer["exceptionDetails"]
            raise AlmanacError("Chromium could not lay the sheet out: " + str(
                thrown.get("exception", {}).get("description") or thrown.get("text")
            ).split("\n")[0])
        return answer["result"].get("value")

    def _send(self, method: str, params: dict[str, Any]) -> Future[dict[str, Any]]:
        return self._chromium.send(method, params, self._session)

    def _call(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        return self._chromium.call(method, params, self._session)


# A page object of a PDF: `/Type /Page`, not the `/Type /Pages` of the tree above them.
# Chromium writes page objects as plain objects, never inside compressed object streams.
_PAGE = re.compile(rb"/Type\s*/Page(?![A-Za-z])")


def pdf_pages(data: bytes) -> int:
    return len(_PAGE.findall(data))
