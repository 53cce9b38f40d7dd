"""The live preview's web server: MkDocs' LiveReloadServer, which injects into every page a
script that reloads it once the site has been rebuilt, kept to the static server's guarantees
(127.0.0.1 only, no folder listings, 400 for a NUL in the path), answering only requests made
to this machine by name (421 for any other Host: a page of another site that points its own
name at 127.0.0.1, DNS rebinding, reads nothing)."""
from __future__ import annotations

import io
import re
import socket
import threading
import time
import traceback
from collections.abc import Callable, Iterable
from contextlib import suppress
from pathlib import Path
from typing import Any, cast

from mkdocs.livereload import LiveReloadServer

# How often the watched files are looked at, in seconds: an edit shows this much sooner.
POLL = 0.05
# How long after a change a rebuild waits for more (an editor's save is one write or a rename).
# Longer than a poll: a save that two polls see in part (its truncate and its write, a rename
# and a delete) is one update, not a second one that finds no page changed.
SETTLE = 0.1
# How many times in a row an update is done again, before pages are shown, when a watched file
# changed while it ran (past this, the site is shown and updated once more).
REDO = 3
# The names of this machine a browser may send as Host (with the port or without).
LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]")
# The theme's scripts and stylesheets named by a hash of their content (bundle.79ae519e.min.js):
# a page reloaded after an edit takes them from the browser's cache, not from this server again.
_HASHED = re.compile(r"/assets/(?:javascripts|stylesheets)/(?:[\w-]+/)*[\w-]+\.[0-9a-f]{8}"
                     r"\.min\.(?:js|css)\Z")
# A request must arrive whole (line and headers) within this many seconds: a client that sends
# it a byte at a time (slowloris) holds a thread no longer.
REQUEST_TIME = 10.0
# Connections served at once (each a thread; an open page's reload poll holds one): past this,
# a new one is answered 503 at once, so slow or idle clients cannot pile up threads.
CONNECTIONS = 64
# How long writing an answer may stall (a client that stopped reading) before it is dropped.
SEND_TIME = 30.0
_BUSY = (b"HTTP/1.0 503 Service Unavailable\r\nRetry-After: 1\r\nConnection: close\r\n"
         b"Content-Type: text/plain\r\n\r\n503 Service Unavailable: too many connections\n")


class _Deadline(io.RawIOBase):
    """A connection read against one deadline for the whole request, not a timeout per read
    that a byte every few seconds would renew."""

    def __init__(self, connection: socket.socket, seconds: float) -> None:
        self._connection = connection
        self._end = time.monotonic() + seconds

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        left = self._end - time.monotonic()
        if left <= 0:
            raise TimeoutError("the request did not arrive in time")
        self._connection.settimeout(left)
        return self._connection.recv_into(buffer)


class _BoundedRequest:
    """Mixed into the server's request handler: the request read by its deadline, the
    answer written with a bounded stall, a client too slow or gone simply closed."""

    connection: socket.socket
    rfile: Any
    server: LiveServer

    def setup(self) -> None:
        super().setup()  # type: ignore[misc]
        self.rfile = io.BufferedReader(_Deadline(self.connection, self.server.request_time))

    def parse_request(self) -> bool:
        parsed: bool = super().parse_request()  # type: ignore[misc]
        self.connection.settimeout(SEND_TIME)  # the request is in: the deadline was for it
        return parsed

    def handle(self) -> None:
        with suppress(TimeoutError, ConnectionError):
            super().handle()  # type: ignore[misc]


class LiveServer(LiveReloadServer):
    """Serves `site` on 127.0.0.1:port (bound at once, so a port in use fails before any work);
    `rebuild` runs on every change of a watched path and says whether the site changed."""

    def __init__(self, rebuild: Callable[[], bool], port: int, site: Path,
                 watched: Iterable[Path], request_time: float = REQUEST_TIME,
                 connections: int = CONNECTIONS) -> None:
        super().__init__(builder=self._rebuild, host="127.0.0.1", port=port, root=str(site),
                         polling_interval=POLL)
        self.RequestHandlerClass = type("BoundedHandler",
                                        (_BoundedRequest, cast(type, self.RequestHandlerClass)),
                                        {})
        self.request_time = request_time
        self._slots = threading.BoundedSemaphore(connections)
        self._update = rebuild
        self.build_delay = SETTLE
        self._not_found = site / "404.html"
        self.error_handler = self._missing
        try:
            self.server_bind()
            self.server_activate()
        except OSError:
            self.server_close()
            raise
        self.url = f"http://127.0.0.1:{self.server_address[1]}/"
        for path in watched:
            self.watch(str(path))
        # Watching from now on: an edit made while the first build runs is not missed.
        self.observer.start()

    def close(self) -> None:
        self.observer.stop()
        self.server_close()

    def run(self) -> None:
        """Serve and rebuild until interrupted (Ctrl-C)."""
        self.serve_thread.start()
        try:
            self._build_loop()
        finally:
            self.shutdown(wait=True)

    def process_request(self, request: Any, client_address: Any) -> None:
        """A thread for the connection while fewer than `connections` are served, else 503."""
        if not self._slots.acquire(blocking=False):
            request.setblocking(False)  # the answer fits the socket's buffer; never wait on it
            with suppress(OSError):
                request.send(_BUSY)
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:  # no thread started: its slot is free again
            self._slots.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._slots.release()

    def _rebuild(self) -> None:
        changed = False
        for done in range(1, REDO + 1):
            try:
                changed = self._update() or changed
            except Exception:  # a bug in one rebuild must not stop the preview of the last good one
                traceback.print_exc()
            with self._rebuild_cond:
                # A watched file changed while this update read it (perhaps half written, empty
                # between an editor's truncate and write): update again before pages are shown.
                if not self._want_rebuild or done == REDO:  # the last: the loop updates again
                    break
                while self._rebuild_cond.wait(timeout=self.build_delay):
                    pass
                self._want_rebuild = False
        if not changed:
            # The server holds pages back while a newer site is wanted: say the one shown is it,
            # so pages are answered again and open ones are not reloaded.
            with self._epoch_cond:
                self._wanted_epoch = self._visible_epoch
                self._epoch_cond.notify_all()

    def _local(self, host: str) -> bool:
        port = str(self.server_address[1])
        return any(host.lower() in (name, f"{name}:{port}") for name in LOCAL_HOSTS)

    def _missing(self, code: int) -> bytes | None:
        """A missing address answered with the site's own page for it, as static hosts do."""
        if code == 404 and self._not_found.is_file():
            # With the reload script: a page whose file an update removed comes back by itself.
            return cast(bytes, self._inject_js_into_html(self._not_found.read_bytes(),
                                                         self._visible_epoch))
        return None

    def _serve_request(self, environ: dict[str, Any],
                       start_response: Callable[..., Any]) -> Iterable[bytes] | None:
        if not self._local(environ.get("HTTP_HOST", "")):
            start_response("421 Misdirected Request", [("Content-Type", "text/plain")])
            return [b"421 Misdirected Request: this preview answers only 127.0.0.1, localhost "
                    b"and [::1]"]
        path = environ.get("PATH_INFO", "")
        if "\0" in path:  # no file has such a name
            start_response("400 Bad Request", [("Content-Type", "text/plain")])
            return [b"400 Bad Request"]
        if not _HASHED.search(path):
            return super()._serve_request(environ, start_response)

        def kept(status: str, headers: list[tuple[str, str]], *rest: Any) -> Any:
            if status.startswith("200"):
                headers = [*headers, ("Cache-Control", "max-age=31536000, immutable")]
            return start_response(status, headers, *rest)
        return super()._serve_request(environ, kept)
