"""`almanac serve` under load, all on 127.0.0.1: a small project served, SLOW clients that send
a request a header byte at a time (slowloris; each one cut off opens another), and meanwhile
CLIENTS clients that each make REQUESTS requests one after the other, all at once. Prints the
requests made, those answered (200 or 503) within 2 s, the 503s, the worst time to an answer,
the server's threads at their peak, and how long the server let a slow client hold on. Every
count and wait is bounded; the server is stopped at the end. Exit status 1 when a request was
not answered within 2 s.

Usage: .venv/bin/python scripts/load_serve.py [--slow 150] [--clients 200] [--requests 5]
"""
from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from generator.livereload import REQUEST_TIME  # noqa: E402
from tests.conftest import free_port  # noqa: E402
from tests.projects import site_project  # noqa: E402

PROMISE = 2.0  # seconds within which every request is answered
GIVE_UP = 5.0  # seconds after which a request counts as never answered
TRICKLE = 2.0  # seconds between a slow client's header bytes
START = 600.0  # seconds the first build may take on a busy machine
PAGES = ("en/", "en/characters/chef/", "en/characters/imp/", "")


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)  # of the requests answered
    statuses: dict[int, int] = field(default_factory=dict)
    unanswered: int = 0  # closed, reset or silent past GIVE_UP
    slow_cut: int = 0
    slow_refused: int = 0  # slow clients answered 503 at once
    slow_held: float = 0.0  # the longest a slow client held a connection


async def request(port: int, path: str, tally: Tally) -> None:
    start = time.monotonic()
    try:
        async with asyncio.timeout(GIVE_UP):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            try:
                writer.write(f"GET /{path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                             "Connection: close\r\n\r\n".encode())
                answer = await reader.read()  # to the end: the whole answer
            finally:
                writer.close()
    except (TimeoutError, OSError):
        tally.unanswered += 1
        return
    if not answer.startswith(b"HTTP/1.") or len(answer) < 12:
        tally.unanswered += 1
        return
    status = int(answer[9:12])
    tally.statuses[status] = tally.statuses.get(status, 0) + 1
    tally.latencies.append(time.monotonic() - start)


async def client(port: int, number: int, requests: int, tally: Tally) -> None:
    for turn in range(requests):
        await request(port, PAGES[(number + turn) % len(PAGES)], tally)


async def slow_client(port: int, stop: asyncio.Event, tally: Tally) -> None:
    """Sends a request's head a byte every TRICKLE seconds until the server ends the
    connection, then opens another, until stopped."""
    while not stop.is_set():
        start = time.monotonic()
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            await asyncio.sleep(TRICKLE)
            continue
        answer = b""
        try:
            writer.write(f"GET /en/ HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n".encode())
            while not stop.is_set():
                try:
                    async with asyncio.timeout(TRICKLE):
                        answer = await reader.read(100)
                    break  # an answer, or the end of the connection
                except TimeoutError:
                    writer.write(b"X")
        except OSError:
            pass
        finally:
            writer.close()
        if stop.is_set():
            return
        tally.slow_held = max(tally.slow_held, time.monotonic() - start)
        if answer.startswith(b"HTTP/1.0 503"):
            tally.slow_refused += 1
            await asyncio.sleep(TRICKLE)  # as its Retry-After asks, roughly
        else:
            tally.slow_cut += 1


async def load(port: int, slow: int, clients: int, requests: int) -> Tally:
    tally = Tally()
    stop = asyncio.Event()
    start = time.monotonic()
    trickling = [asyncio.create_task(slow_client(port, stop, tally)) for _ in range(slow)]
    await asyncio.sleep(1.0)  # the slow ones connected first
    await asyncio.gather(*(client(port, n, requests, tally) for n in range(clients)))
    # The slow ones held past the server's deadline for a request, to see them cut.
    await asyncio.sleep(max(0.0, REQUEST_TIME + 3 - (time.monotonic() - start)))
    stop.set()
    for task in trickling:
        task.cancel()
    await asyncio.gather(*trickling, return_exceptions=True)
    return tally


def threads_of(pid: int) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("Threads:"))


def watch_threads(pid: int, done: threading.Event, peak: list[int]) -> None:
    while not done.wait(0.02):
        try:
            peak[0] = max(peak[0], threads_of(pid))
        except (OSError, StopIteration):
            return


def started(server: subprocess.Popen[str]) -> str:
    """The URL the server says it serves, once its first build is done."""
    lines: list[str] = []

    def read() -> None:
        for line in server.stdout or ():
            if line.startswith("Serving"):
                lines.append(line)
                return
    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(START)
    if not lines:
        raise SystemExit(f"serve did not start within {START:.0f} s (exit status "
                         f"{server.poll()})")
    return lines[0].split()[5]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--slow", type=int, default=150, help="slow clients held open")
    parser.add_argument("--clients", type=int, default=200, help="clients making requests")
    parser.add_argument("--requests", type=int, default=5, help="requests each client makes")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="load-serve-") as folder:
        project = site_project(Path(folder))
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "generator.cli", "serve", "--port", str(port)], cwd=project,
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, encoding="utf-8",
            env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(ROOT)})
        try:
            url = started(server)
            idle = threads_of(server.pid)
            peak = [idle]
            done = threading.Event()
            watcher = threading.Thread(target=watch_threads, args=(server.pid, done, peak))
            watcher.start()
            start = time.monotonic()
            tally = asyncio.run(load(port, args.slow, args.clients, args.requests))
            done.set()
            watcher.join()
            took = time.monotonic() - start
        finally:
            server.terminate()
            server.wait(30)
    made = args.clients * args.requests
    within = sum(latency <= PROMISE for latency in tally.latencies)
    statuses = ", ".join(f"{code}: {count}" for code, count in sorted(tally.statuses.items()))
    print(f"serve at {url}: {args.slow} slow clients held open, {args.clients} clients x "
          f"{args.requests} requests, in {took:.1f} s")
    print(f"requests                 {made}")
    print(f"answered within {PROMISE:.0f} s      {within}")
    print(f"503s                     {tally.statuses.get(503, 0)}   ({statuses})")
    print(f"not answered in {GIVE_UP:.0f} s      {tally.unanswered}")
    print(f"worst latency            {max(tally.latencies, default=0):.2f} s")
    print(f"threads at the peak      {peak[0]}   (idle: {idle})")
    print(f"slow clients cut         {tally.slow_cut}, refused at once {tally.slow_refused}, "
          f"longest held {tally.slow_held:.1f} s")
    return 0 if within == made else 1


if __name__ == "__main__":
    sys.exit(main())
