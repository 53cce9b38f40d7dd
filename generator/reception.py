"""The live server's door: every connection's request (its line and headers) read by one thread
for all of them, bounded in count, size and time, before a thread of its own answers it. A slow
or idle client (slowloris) holds a socket here, never a thread; whatever passes a bound is
answered at once (503, 408, 414, 431) and closed."""
from __future__ import annotations

import re
import selectors
import socket
import threading
import time
from collections import deque
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from typing import Any

# The end of a request's head: an empty line, as http.client reads it (CRLF or a bare LF).
_END = re.compile(rb"\n\r?\n")
# The largest head read: a longer line or more headers is no browser's.
HEAD_SIZE = 65536


def answer(status: str, why: str, *headers: str) -> bytes:
    """A whole answer that closes its connection, with a one-line body saying why."""
    lines = [f"HTTP/1.0 {status}", *headers, "Connection: close", "Content-Type: text/plain"]
    return ("\r\n".join(lines) + f"\r\n\r\n{status}: {why}\n").encode("ascii")


BUSY = answer("503 Service Unavailable", "too many connections; try again", "Retry-After: 1")
LATE = answer("408 Request Timeout", "the request did not arrive in time")
LONG_LINE = answer("414 URI Too Long", "the request line is too long")
LONG_HEAD = answer("431 Request Header Fields Too Large", "the headers are too large")


def refuse(connection: socket.socket, reply: bytes) -> None:
    """reply sent and the connection closed, never waiting: the reply fits the socket's buffer,
    and what the client has sent is read before closing, which would otherwise reset the
    connection."""
    with suppress(OSError):
        connection.setblocking(False)
        connection.send(reply)
        with suppress(BlockingIOError):
            connection.recv(HEAD_SIZE)
        connection.shutdown(socket.SHUT_WR)
    connection.close()


@dataclass(frozen=True)
class _Arriving:
    address: Any
    deadline: float
    head: bytearray


class Reception:
    """Connections admitted (up to `waiting` at once, else 503) until their request's head is
    whole, then given to `hand_over(connection, address, head)`, which answers it in a thread
    or says False when none is free (503); a head not whole within `request_time` seconds
    gets 408."""

    def __init__(self, hand_over: Callable[[socket.socket, Any, bytes], bool], waiting: int,
                 request_time: float) -> None:
        self._hand_over = hand_over
        self._room = threading.BoundedSemaphore(waiting)
        self._request_time = request_time
        self._selector = selectors.DefaultSelector()
        self._bell, self._ring = socket.socketpair()  # wakes the thread for a new connection
        self._bell.setblocking(False)
        self._ring.setblocking(False)
        self._selector.register(self._bell, selectors.EVENT_READ)
        self._admitted: deque[tuple[socket.socket, _Arriving] | None] = deque()
        # By deadline, as every connection has the same time: the first to expire comes first.
        self._arriving: dict[socket.socket, _Arriving] = {}
        self._thread = threading.Thread(target=self._run, name="reception", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        """Every connection still arriving closed, and the thread ended."""
        if self._thread.is_alive():
            self._admitted.append(None)
            self._wake()
            self._thread.join()
        for connection in [*self._arriving, *(a[0] for a in self._admitted if a is not None)]:
            connection.close()
        self._arriving.clear()
        self._admitted.clear()
        self._selector.close()
        self._bell.close()
        self._ring.close()

    def admit(self, connection: socket.socket, address: Any) -> None:
        """A connection just accepted (from any thread): read here, or refused when full."""
        if not self._room.acquire(blocking=False):
            refuse(connection, BUSY)
            return
        self._admitted.append((connection, _Arriving(
            address, time.monotonic() + self._request_time, bytearray())))
        self._wake()

    def _wake(self) -> None:
        with suppress(BlockingIOError):  # a full bell is rung already
            self._ring.send(b"\0")

    def _run(self) -> None:
        while True:
            first = next(iter(self._arriving.values()), None)
            timeout = None if first is None else max(0.0, first.deadline - time.monotonic())
            for key, _ in self._selector.select(timeout):
                if key.fileobj is self._bell:
                    if not self._take_admitted():
                        return
                else:
                    self._read(key.fileobj)  # type: ignore[arg-type]
            self._expire(time.monotonic())

    def _take_admitted(self) -> bool:
        """The connections admitted since the last look, watched; False when told to stop."""
        with suppress(BlockingIOError):
            while self._bell.recv(4096):
                pass
        while self._admitted:
            admitted = self._admitted.popleft()
            if admitted is None:
                return False
            connection, arriving = admitted
            try:
                connection.setblocking(False)
                self._selector.register(connection, selectors.EVENT_READ)
            except (OSError, ValueError):  # gone already
                connection.close()
                self._room.release()
                continue
            self._arriving[connection] = arriving
        return True

    def _read(self, connection: socket.socket) -> None:
        arriving = self._arriving[connection]
        try:
            data = connection.recv(HEAD_SIZE)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:  # closed before its request was whole
            self._leave(connection)
            connection.close()
            return
        searched = max(0, len(arriving.head) - 2)
        arriving.head.extend(data)
        end = _END.search(arriving.head, searched)
        if end is not None and end.end() <= HEAD_SIZE:
            self._leave(connection)
            if not self._hand_over(connection, arriving.address, bytes(arriving.head)):
                refuse(connection, BUSY)
        elif len(arriving.head) > HEAD_SIZE:
            self._leave(connection)
            refuse(connection, LONG_HEAD if b"\n" in arriving.head[:HEAD_SIZE] else LONG_LINE)

    def _expire(self, now: float) -> None:
        late = []
        for connection, arriving in self._arriving.items():
            if arriving.deadline > now:
                break
            late.append(connection)
        for connection in late:
            self._leave(connection)
            refuse(connection, LATE)

    def _leave(self, connection: socket.socket) -> None:
        """connection no longer watched here, its place free."""
        del self._arriving[connection]
        with suppress(OSError, ValueError, KeyError):
            self._selector.unregister(connection)
        self._room.release()
