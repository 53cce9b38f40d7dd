"""`almanac serve` keeps its promise under load: a request is read without a thread (slow and
idle clients hold none), whatever is past a bound is answered 503 at once and closed, a slow
client is cut at its deadline, and the hostile requests an attacker tries are refused. Raw
sockets on 127.0.0.1, every loop bounded in count and time (scripts/load_serve.py measures the
same under a heavy load)."""
from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, suppress
from pathlib import Path

import pytest

from generator.livereload import CONNECTIONS, OTHER_FILES, WAITING, LiveServer
from generator.output.preview_site import watched_files
from generator.reception import BUSY, LATE, LONG_HEAD, LONG_LINE
from tests.conftest import ROOT

WAIT = 20.0  # seconds: "answered at all", on a noisy machine
PAGE = "<p>site</p>"


def make_server(root: Path, request_time: float = 60.0, connections: int = 4,
                waiting: int = 16, send_time: float = 60.0) -> LiveServer:
    """The preview's server with the bounds given, listening, serving root/site (one page) and
    updating, as after an edit, when a file of root/watched changes."""
    site, watched = root / "site", root / "watched"
    site.mkdir()
    watched.mkdir()
    (site / "index.html").write_text(PAGE, encoding="utf-8")
    server = LiveServer(lambda: True, 0, site, [watched], request_time=request_time,
                        connections=connections, waiting=waiting, send_time=send_time)
    server.begin_watching()
    return server


@contextmanager
def running(server: LiveServer) -> Iterator[LiveServer]:
    """server answering and updating, in a thread, until the end of the block."""
    thread = threading.Thread(target=server.run)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        thread.join(WAIT)
        server.close()


def live_server(root: Path, request_time: float = 60.0, connections: int = 4,
                waiting: int = 16, send_time: float = 60.0) -> AbstractContextManager[LiveServer]:
    return running(make_server(root, request_time, connections, waiting, send_time))


def answering() -> int:
    """The server's threads answering a request now."""
    return sum(thread.name.endswith("(process_request_thread)")
               for thread in threading.enumerate())


def until(condition: Callable[[], bool]) -> None:
    for _ in range(int(WAIT / 0.05)):
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError(f"not so within {WAIT:.0f} s")


def connect(server: LiveServer) -> socket.socket:
    return socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=WAIT)


def request(path: str = "/", host: str = "127.0.0.1") -> bytes:
    return f"GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode()


def read_all(connection: socket.socket) -> bytes:
    """What the server sends until it closes the connection."""
    chunks = []
    for _ in range(1000):
        try:
            chunk = connection.recv(65536)
        except ConnectionResetError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks)


def ask(server: LiveServer, sent: bytes) -> bytes:
    with connect(server) as connection:
        with suppress(OSError):  # refused before all of it was read: the answer says why
            connection.sendall(sent)
        return read_all(connection)


def test_connections_past_the_waiting_bound_are_answered_503_at_once(tmp_path):
    """Three connections may wait for their request here (512 in use): more get 503 at once,
    not a place in a queue, while the three wait without a thread and are answered once
    their request is whole."""
    with live_server(tmp_path, waiting=3) as server:
        held = [connect(server) for _ in range(3)]
        for connection in held:
            connection.sendall(b"GET / HTTP/1.1\r\n")  # a request begun, not ended
        for _ in range(5):
            assert ask(server, request()) == BUSY
        assert answering() == 0
        for connection in held:
            connection.sendall(b"Host: 127.0.0.1\r\n\r\n")
            answer = read_all(connection)
            connection.close()
            assert answer.startswith(b"HTTP/1.0 200 OK\r\n")
            assert PAGE.encode() in answer
        assert ask(server, request()).startswith(b"HTTP/1.0 200 OK\r\n")


def test_requests_past_the_thread_bound_are_answered_503_at_once(tmp_path):
    """Three requests are answered at once here (64 in use): open pages' reload polls, each
    holding a thread until an edit, take them all; more requests get 503 at once and start no
    thread; the edit frees them."""
    with live_server(tmp_path, connections=3) as server:
        page = ask(server, request())
        shown = re.search(rb"livereload\((\d+), \d+\)", page)
        assert shown
        epoch = int(shown[1])
        polls = [connect(server) for _ in range(3)]
        for poll in polls:
            poll.sendall(request(f"/livereload/{epoch}/1"))
        until(lambda: answering() == 3)
        for _ in range(5):
            assert ask(server, request()) == BUSY
        assert answering() == 3
        (tmp_path / "watched" / "text.txt").write_text("edited", encoding="utf-8")
        for poll in polls:
            answer = read_all(poll)
            poll.close()
            assert answer.startswith(b"HTTP/1.0 200 OK\r\n")
            assert int(answer.split(b"\r\n\r\n", 1)[1]) > epoch  # the page is told to reload
        until(lambda: answering() == 0)
        assert ask(server, request()).startswith(b"HTTP/1.0 200 OK\r\n")


def test_a_slow_client_is_cut_at_its_deadline_holding_no_thread(tmp_path):
    """Slowloris: a header byte every 0.2 s renews any per-read timeout; the request as a
    whole has 1 s here, and no thread waits for it meanwhile."""
    with live_server(tmp_path, request_time=1.0) as server:
        start = time.monotonic()
        with connect(server) as slow:
            slow.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            slow.settimeout(0.2)
            first = b""
            for _ in range(int(WAIT / 0.2)):
                assert answering() == 0
                try:
                    first = slow.recv(65536)
                    break
                except TimeoutError:
                    slow.sendall(b"X")
            elapsed = time.monotonic() - start
            slow.settimeout(WAIT)
            assert first + read_all(slow) == LATE
        assert elapsed >= 1.0
        assert ask(server, request()).startswith(b"HTTP/1.0 200 OK\r\n")


def test_a_client_that_reads_its_answer_a_little_at_a_time_is_dropped_at_its_deadline(tmp_path):
    """A slow reader: 4 KiB every 0.2 s renews any per-write timeout; the answer as a whole has
    1 s here, then its thread is free and the connection closed, the file not all sent."""
    size = 16_000_000
    with live_server(tmp_path, send_time=1.0) as server:
        (tmp_path / "site" / "big.bin").write_bytes(b"a" * size)
        with socket.socket() as reader:
            reader.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            reader.settimeout(WAIT)
            reader.connect(("127.0.0.1", server.server_address[1]))
            reader.sendall(request("/big.bin"))
            received = len(reader.recv(4096))  # the answer has begun
            for _ in range(int(WAIT / 0.2)):
                if answering() == 0:
                    break
                received += len(reader.recv(4096))
                time.sleep(0.2)
            assert answering() == 0
            received += len(read_all(reader))
        assert received < size
        assert ask(server, request()).startswith(b"HTTP/1.0 200 OK\r\n")


def test_requests_are_answered_while_slow_clients_hold_connections(tmp_path):
    """Thirty slow clients hold connections, more than the two threads that answer here: a
    whole request is answered all the same, each time."""
    with live_server(tmp_path, connections=2, waiting=40) as server:
        slow = [connect(server) for _ in range(30)]
        try:
            for connection in slow:
                connection.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            for _ in range(10):
                answer = ask(server, request())
                assert answer.startswith(b"HTTP/1.0 200 OK\r\n")
                assert PAGE.encode() in answer
        finally:
            for connection in slow:
                connection.close()


def test_a_burst_of_connections_waits_to_be_accepted_and_each_is_answered(tmp_path):
    """A hundred clients connect before the server accepts any (the system holds them; with
    socketserver's 5 it drops the rest, and they try again a second or more later): each is
    answered, the page or 503."""
    server = make_server(tmp_path, connections=2, waiting=512)
    burst = []
    try:
        for _ in range(100):
            burst.append(connect(server))
            burst[-1].sendall(request())
        with running(server):
            answers = [read_all(connection) for connection in burst]
    finally:
        for connection in burst:
            connection.close()
    served = sum(answer.startswith(b"HTTP/1.0 200 OK\r\n") and PAGE.encode() in answer
                 for answer in answers)
    assert served + answers.count(BUSY) == 100
    assert served >= 1


# The preview's server in a process of its own, started with 256 open files allowed (a macOS
# shell's) and the hard limit given; it says its port and its limit then, and serves until its
# standard input ends.
LIMITED = """
import pathlib, resource, sys
resource.setrlimit(resource.RLIMIT_NOFILE, (256, int(sys.argv[1])))
from generator.livereload import LiveServer
server = LiveServer(lambda: False, 0, pathlib.Path(sys.argv[2]), [])
server.start_serving()
print(server.server_address[1], resource.getrlimit(resource.RLIMIT_NOFILE)[0], flush=True)
sys.stdin.read()
server.shutdown()
server.close()
"""


@pytest.mark.parametrize("hard, soft, waiting", [
    (4096, WAITING + CONNECTIONS + OTHER_FILES, WAITING),
    (CONNECTIONS + OTHER_FILES + 40, CONNECTIONS + OTHER_FILES + 40, 40),
])
def test_the_open_files_hold_every_connection_the_bounds_admit(tmp_path, hard, soft, waiting):
    """A limit of 256 open files is raised to what the bounds need where the system allows;
    where it does not, fewer connections wait, and one past them is answered 503 rather than
    left to an accept that fails."""
    (tmp_path / "index.html").write_text(PAGE, encoding="utf-8")
    server = subprocess.Popen([sys.executable, "-c", LIMITED, str(hard), str(tmp_path)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                              cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    held: list[socket.socket] = []
    try:
        assert server.stdout
        port, limit = map(int, server.stdout.readline().split())
        assert limit == soft
        for _ in range(waiting):
            held.append(socket.create_connection(("127.0.0.1", port), timeout=WAIT))
            held[-1].sendall(b"GET / HTTP/1.1\r\n")
        with socket.create_connection(("127.0.0.1", port), timeout=WAIT) as extra:
            extra.sendall(request())
            assert read_all(extra) == BUSY
        held[0].sendall(b"Host: 127.0.0.1\r\n\r\n")
        assert read_all(held[0]).startswith(b"HTTP/1.0 200 OK\r\n")
    finally:
        for connection in held:
            connection.close()
        assert server.stdin
        server.stdin.close()
        server.wait(WAIT)


@pytest.mark.parametrize("sent, expected", [
    (b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * 70_000 + b"\r\n\r\n", LONG_HEAD),
    (b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"X-Many: a\r\n" * 7_000, LONG_HEAD),
    (b"GET /" + b"a" * 70_000, LONG_LINE),
], ids=["a long header", "many headers", "a long line"])
def test_a_huge_request_head_is_refused_at_once(tmp_path, sent, expected):
    with live_server(tmp_path) as server:
        assert ask(server, sent) == expected
        assert answering() == 0


def test_a_request_line_reaches_the_terminal_escaped_and_cut_short(tmp_path, caplog):
    """MkDocs logs every answer but 200: a terminal's escape sequence in the path is shown,
    never run, and a 60 KiB path is not printed whole."""
    with live_server(tmp_path) as server:
        assert ask(server, b"GET /\x1b]0;owned\x07\x1b[2J HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n") \
            .startswith(b"HTTP/1.0 404 Not Found\r\n")
        assert ask(server, request("/" + "a" * 60_000)).startswith(b"HTTP/1.0 404 Not Found\r\n")
    logged = [record.getMessage().split("] ", 1)[1] for record in caplog.records  # its time
              if record.name == "mkdocs.livereload" and "code 404" in record.getMessage()]
    assert logged == ['"GET /\\x1b]0;owned\\x07\\x1b[2J HTTP/1.1" code 404',
                      '"GET /' + "a" * 195 + '…" code 404']


@pytest.mark.parametrize("path, host, status", [
    ("/../secret.txt", "127.0.0.1", b"404 Not Found"),
    ("/%2e%2e/secret.txt", "127.0.0.1", b"404 Not Found"),
    ("/..%2fsecret.txt", "127.0.0.1", b"404 Not Found"),
    ("/%2e%2e%2f%2e%2e%2fsecret.txt", "localhost", b"404 Not Found"),
    ("/index.html%00", "127.0.0.1", b"400 Bad Request"),
    ("/index.html%00.txt", "127.0.0.1", b"400 Bad Request"),
    ("/", "evil.example", b"421 Misdirected Request"),
    ("/../secret.txt", "evil.example", b"421 Misdirected Request"),
])
def test_what_an_attacker_tries_is_refused(tmp_path, path, host, status):
    """Outside the site, a NUL in the path, another site's name as Host (DNS rebinding)."""
    (tmp_path / "secret.txt").write_text("the secret", encoding="utf-8")
    with live_server(tmp_path) as server:
        answer = ask(server, request(path, host))
        assert answer.split(b"\r\n", 1)[0] == b"HTTP/1.0 " + status
        assert b"the secret" not in answer


def test_a_request_for_a_language_still_being_built_waits_for_it(tmp_path):
    """The first build serves once one language is built: a page of another is answered once
    that one is (not a 404 meanwhile), while the built one's are answered at once."""
    with live_server(tmp_path) as server:
        (tmp_path / "site" / "en").mkdir()
        server.hold(["en"])
        waiting = connect(server)
        waiting.sendall(request("/en/"))
        waiting.settimeout(0.5)
        with pytest.raises(TimeoutError):  # held
            waiting.recv(1)
        assert ask(server, request()).startswith(b"HTTP/1.0 200 OK\r\n")  # the rest is not
        (tmp_path / "site" / "en" / "index.html").write_text("<p>en</p>", encoding="utf-8")
        server.release("en")
        waiting.settimeout(WAIT)
        answer = read_all(waiting)
        waiting.close()
        assert answer.startswith(b"HTTP/1.0 200 OK\r\n") and b"<p>en</p>" in answer


def test_an_edit_made_before_the_watching_began_is_updated_at_once(tmp_path):
    """serve watches once its first build's processes are forked: a file that changed since
    that build read it has an update done as the watching begins."""
    (tmp_path / "site").mkdir()
    watched = tmp_path / "watched"
    watched.mkdir()
    (watched / "text.txt").write_text("as read", encoding="utf-8")
    read = watched_files([watched])
    (watched / "text.txt").write_text("as edited meanwhile", encoding="utf-8")
    updates = []
    server = LiveServer(lambda: updates.append(1) is None, 0, tmp_path / "site", [watched])
    with running(server):
        server.begin_watching(read)
        until(lambda: updates == [1])
    untouched = []
    server = LiveServer(lambda: untouched.append(1) is None, 0, tmp_path / "site", [watched])
    with running(server):
        server.begin_watching(watched_files([watched]))
        time.sleep(1)
        assert untouched == []
