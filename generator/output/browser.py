"""Headless Chromium (Debian's, driven by Playwright) and a local static server for it."""
from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

CHROMIUM = "/usr/bin/chromium"
# Without the background-networking flags Chromium tries to reach Google's hosts at start.
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]


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


@contextmanager
def serve(directory: Path, port: int = 0) -> Iterator[str]:
    """Serve directory on 127.0.0.1 in a thread; yield its base URL."""
    server = ThreadingHTTPServer(("127.0.0.1", port), partial(_QuietHandler,
                                                              directory=str(directory)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def chromium() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            yield browser
        finally:
            browser.close()
