"""Headless Chromium (Debian's, driven by Playwright) and a local static server for it."""
from __future__ import annotations

import os
import re
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, sync_playwright
from playwright.sync_api import Error as PlaywrightError

from generator.output.chromium import FLAGS, cannot_start, chromium_path, unusable


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base's name
        pass

    def list_directory(self, path: str | os.PathLike[str]) -> None:
        self.send_error(404)  # a folder without index.html is not a page of the site

    def send_head(self):  # noqa: ANN201 - the base's signature
        try:
            return super().send_head()
        except ValueError:  # a NUL or the like in the path: no file has such a name
            self.send_error(400)
            return None


class _QuietServer(ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser that stops reading (a page left, a fetch cancelled) is no error of ours.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextmanager
def serve(directory: Path, port: int = 0) -> Iterator[str]:
    """Serve directory on 127.0.0.1 in a thread; yield its base URL."""
    server = _QuietServer(("127.0.0.1", port), partial(_QuietHandler, directory=str(directory)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def _why_not(path: str, err: PlaywrightError) -> str:
    """Why Chromium did not start, in a few words: Playwright's message runs to many lines."""
    if why := unusable(path):
        return why
    ended = re.search(r"process did exit: exitCode=(\w+), signal=(\w+)", err.message)
    if ended:
        how = f"signal {ended[2]}" if ended[2] != "null" else f"exit status {ended[1]}"
        return f"it ended at once with {how}"
    return err.message.splitlines()[0].removeprefix("BrowserType.launch: ")


@contextmanager
def chromium() -> Iterator[Browser]:
    path = chromium_path()
    with sync_playwright() as playwright:
        try:
            browser = playwright.chromium.launch(executable_path=path, args=list(FLAGS))
        except PlaywrightError as err:
            raise cannot_start(path, _why_not(path, err)) from err
        try:
            yield browser
        finally:
            browser.close()
