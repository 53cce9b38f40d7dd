"""The live preview's web server: MkDocs' LiveReloadServer (through generator/mkdocs_internals.py),
which injects into every page a
script that reloads it once the site has been rebuilt, kept to the static server's guarantees
(127.0.0.1 only, no folder listings, 400 for a NUL in the path), answering only requests made
to this machine by name (421 for any other Host: a page of another site that points its own
name at 127.0.0.1, DNS rebinding, reads nothing), and bounded under load: requests are read
without a thread (generator/reception.py), answered by at most CONNECTIONS threads, and what
is over a bound is answered 503 at once."""
from __future__ import annotations

import io
import re
import resource
import socket
import threading
import time
import traceback
from collections.abc import Callable, Iterable
from contextlib import suppress
from pathlib import Path
from typing import Any, cast

from generator.mkdocs_internals import ReloadServer
from generator.model import visible
from generator.output.preview_site import watched_files
from generator.reception import Reception

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
# it a byte at a time (slowloris) is answered 408 and closed.
REQUEST_TIME = 10.0
# Connections whose request is still arriving, all read by one thread: past this, a new one is
# answered 503 at once (slow or idle clients hold a socket each, never a thread).
WAITING = 512
# Requests answered at once, each in a thread (an open page's reload poll holds one for up to a
# minute): past this, a whole request is answered 503 at once.
CONNECTIONS = 64
# Connections the system holds until they are accepted: a burst of them is not dropped (with
# socketserver's 5, the kernel drops the rest and each client tries again a second or more later).
BACKLOG = 1024
# Files kept open besides the connections (the files being sent, the watcher's, Python's): with
# the bounds, what the limit of open files must allow, or accepting fails and the server spins.
OTHER_FILES = 256
# How much of a request's line a log line shows.
LOGGED = 200
# How long writing an answer may take from its first byte: a client that stops reading it, or
# reads it a byte at a time, is dropped then.
SEND_TIME = 30.0


def open_files(wanted: int) -> int:
    """The process's limit of open files raised to wanted where the system allows (a macOS
    shell starts at 256): how many it may now keep open."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return wanted
    soft = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    return soft


class _Sending(io.RawIOBase):
    """A connection written against one deadline for the whole answer, counted from its first
    byte (a reload poll waits for an edit before it writes), not a timeout per write that a
    client reading a little at a time would renew."""

    def __init__(self, connection: socket.socket, seconds: float) -> None:
        self._connection = connection
        self._seconds = seconds
        self._end: float | None = None

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        view = memoryview(data).cast("B")
        if self._end is None:
            self._end = time.monotonic() + self._seconds
        sent = 0
        try:
            while sent < len(view):
                left = self._end - time.monotonic()
                if left <= 0:
                    raise TimeoutError
                self._connection.settimeout(left)
                sent += self._connection.send(view[sent:])
        except TimeoutError as late:  # a dropped client, as wsgiref expects it: no traceback
            raise ConnectionAbortedError("the answer was not read in time") from late
        return sent


class _BoundedRequest:
    """Mixed into the server's request handler: the request read from the head the reception
    read, the answer written by its deadline, a client too slow or gone simply closed."""

    connection: socket.socket
    rfile: Any
    wfile: Any
    requestline: str
    server: LiveServer

    def setup(self) -> None:
        super().setup()  # type: ignore[misc]
        self.rfile.close()  # the socket's reader: the head was read from it already
        self.rfile = io.BytesIO(self.server.head_of(self.connection))
        self.wfile = _Sending(self.connection, self.server.send_time)

    def handle(self) -> None:
        with suppress(TimeoutError, ConnectionError):
            super().handle()  # type: ignore[misc]

    def log_request(self, code: Any = "-", size: Any = "-") -> None:
        """MkDocs logs the request line of every answer but 200 (to the terminal, in serve):
        shown escaped and cut short, a terminal's escape sequences in it never run."""
        line = visible(self.requestline)
        self.requestline = line if len(line) <= LOGGED else line[:LOGGED] + "…"
        super().log_request(code, size)  # type: ignore[misc]


class LiveServer(ReloadServer):
    """Serves `site` on 127.0.0.1:port (bound at once, so a port in use fails before any work);
    `rebuild` runs on every change of a watched path (begin_watching) and says whether the site
    changed."""

    request_queue_size = BACKLOG

    def __init__(self, rebuild: Callable[[], bool], port: int, site: Path,
                 watched: Iterable[Path], request_time: float = REQUEST_TIME,
                 connections: int = CONNECTIONS, waiting: int = WAITING,
                 send_time: float = SEND_TIME) -> None:
        super().__init__(builder=self._rebuild, host="127.0.0.1", port=port, root=site,
                         polling_interval=POLL, build_delay=SETTLE, redo=REDO,
                         error_page=self._missing)
        self.RequestHandlerClass = type("BoundedHandler",
                                        (_BoundedRequest, cast(type, self.RequestHandlerClass)),
                                        {})
        self.send_time = send_time
        self._slots = threading.BoundedSemaphore(connections)
        self._heads: dict[socket.socket, bytes] = {}  # of the requests given a thread
        files = open_files(waiting + connections + OTHER_FILES)
        self._reception = Reception(self._answer_in_thread,
                                    max(1, min(waiting, files - connections - OTHER_FILES)),
                                    request_time)
        self._update = rebuild
        self._not_found = site / "404.html"
        # The site's folders (languages) still being built: requests for them wait.
        self._pending: set[str] = set()
        self._arrival = threading.Condition()
        try:
            self.server_bind()
            self.server_activate()
        except OSError:
            self.server_close()
            self._reception.stop()
            raise
        self.url = f"http://127.0.0.1:{self.server_address[1]}/"
        self._watched = tuple(watched)
        self.watch_paths(self._watched)

    def begin_watching(self, since: dict[Path, bytes | None] | None = None) -> None:
        """Watch from now on (a thread: started once the first build has forked its processes);
        since: the watched files as the first build read them, an update asked for at once
        where one changed since (an edit made while it ran is not missed)."""
        self.start_watching()
        if since is not None and watched_files(self._watched) != since:
            self.want_rebuild()

    def start_serving(self) -> None:
        self._reception.start()
        super().start_serving()

    def close(self) -> None:
        self.release()
        self.stop_watching()
        self.server_close()
        self._reception.stop()

    def hold(self, folders: Iterable[str]) -> None:
        """Requests for what is under these folders of the site wait until each is released
        (a language still being built: its pages come once they are whole, not a 404)."""
        with self._arrival:
            self._pending.update(folders)

    def release(self, folder: str | None = None) -> None:
        """The requests waiting for folder answered (None: for every folder held)."""
        with self._arrival:
            if folder is None:
                self._pending.clear()
            else:
                self._pending.discard(folder)
            self._arrival.notify_all()

    def process_request(self, request: Any, client_address: Any) -> None:
        """A connection just accepted: its request read by the reception, no thread yet."""
        self._reception.admit(request, client_address)

    def _answer_in_thread(self, connection: socket.socket, address: Any, head: bytes) -> bool:
        """A whole request answered in a thread of its own; False when `connections` are
        answered already or no thread can start."""
        if not self._slots.acquire(blocking=False):
            return False
        self._heads[connection] = head
        try:
            connection.setblocking(True)  # the reception reads it without blocking
            super().process_request(connection, address)
        except (OSError, RuntimeError):  # no thread started: its slot is free again
            self._heads.pop(connection, None)
            self._slots.release()
            return False
        return True

    def head_of(self, connection: socket.socket) -> bytes:
        return self._heads.pop(connection)

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._heads.pop(request, None)
            self._slots.release()

    def _rebuild(self) -> bool:
        try:
            return self._update()
        except Exception:  # a bug in one rebuild must not stop the preview of the last good site
            traceback.print_exc()
            return False

    def _local(self, host: str) -> bool:
        port = str(self.server_address[1])
        return any(host.lower() in (name, f"{name}:{port}") for name in LOCAL_HOSTS)

    def _missing(self, code: int) -> bytes | None:
        """A missing address answered with the site's own page for it, as static hosts do."""
        if code == 404 and self._not_found.is_file():
            return self._not_found.read_bytes()
        return None

    def answer(self, environ: dict[str, Any],
               start_response: Callable[..., Any]) -> Iterable[bytes] | None:
        if not self._local(environ.get("HTTP_HOST", "")):
            start_response("421 Misdirected Request", [("Content-Type", "text/plain")])
            return [b"421 Misdirected Request: this preview answers only 127.0.0.1, localhost "
                    b"and [::1]"]
        path = environ.get("PATH_INFO", "")
        if "\0" in path:  # no file has such a name
            start_response("400 Bad Request", [("Content-Type", "text/plain")])
            return [b"400 Bad Request"]
        with self._arrival:
            self._arrival.wait_for(lambda: path.lstrip("/").split("/")[0] not in self._pending)
        if not _HASHED.search(path):
            return self.serve_file(environ, start_response)

        def kept(status: str, headers: list[tuple[str, str]], *rest: Any) -> Any:
            if status.startswith("200"):
                headers = [*headers, ("Cache-Control", "max-age=31536000, immutable")]
            return start_response(status, headers, *rest)
        return self.serve_file(environ, kept)
