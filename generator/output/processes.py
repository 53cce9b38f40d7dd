"""Jobs run side by side in processes of their own, as many at once as the machine has cores:
each language of a site is rendered and built by MkDocs apart from the others. build waits for
them all (in_processes); serve takes each as it ends, from a process that runs them in the
background (Background) while it serves those already built."""
from __future__ import annotations

import ctypes
import gc
import multiprocessing
import os
import pickle
import signal
import sys
import traceback
from collections.abc import Callable, Generator, Iterator
from multiprocessing.connection import Connection, wait
from typing import Any, TypeVar

from generator.errors import AlmanacError

# Forked, a job starts with what the parent has read and parsed, nothing pickled on the way in.
_FORK = multiprocessing.get_context("fork")
T = TypeVar("T")
_PR_SET_PDEATHSIG = 1  # linux/prctl.h
# What a process answers, its first byte: done (what it returned follows, pickled), failed
# (the exception), a job ended in the background (its name, a NUL, what it returned).
_DONE, _FAILED, _ARRIVED = b"d", b"f", b"a"


def _failure(err: BaseException) -> bytes:
    try:
        return _FAILED + pickle.dumps(err)
    except Exception:  # noqa: BLE001 - an exception that does not pickle
        return _FAILED + pickle.dumps(RuntimeError(f"{type(err).__name__}: {err}"))


def _run(job: Callable[[], Any], answer: Connection) -> None:
    """In the child: what the job returned, or the exception it raised (an AlmanacError, an
    OSError or MkDocs' Abort reach the user as they would have without the process)."""
    # What the parent holds stays as it is: never scanned by the collector again (a tenth of
    # a language's build went to scanning it) nor copied by writes to its counts.
    gc.freeze()
    try:
        answer.send_bytes(_DONE + pickle.dumps(job(), pickle.HIGHEST_PROTOCOL))
    except KeyboardInterrupt:  # Ctrl-C reaches the parent too, which says nothing more
        sys.exit(130)
    except BaseException as err:  # noqa: BLE001 - every failure goes back to the parent
        # The parent says in one line what a command says so (OSError: where it could not write).
        if not isinstance(err, AlmanacError | OSError) and \
                type(err).__module__.split(".")[0] != "mkdocs":
            traceback.print_exc()  # a bug: its traceback, as without the process
        answer.send_bytes(_failure(err))
    finally:
        answer.close()


def as_done(jobs: dict[str, Callable[[], T]], workers: int | None = None
            ) -> Iterator[tuple[str, T]]:
    """Run every job, started in the order given, at most `workers` (default: the cores) at
    once; with one job or one core in this process. Each job's name and what it returned, as
    each ends; the first failure is raised here once the jobs running are stopped."""
    if _workers(jobs, workers) == 1:
        for name, job in jobs.items():
            yield name, job()
        return
    for name, kept in _ended(jobs, workers):
        yield name, pickle.loads(kept)


def _workers(jobs: dict[str, Callable[[], Any]], workers: int | None) -> int:
    return max(1, min(workers or os.cpu_count() or 1, len(jobs)))


def _ended(jobs: dict[str, Callable[[], Any]], workers: int | None) -> Iterator[tuple[str, bytes]]:
    """as_done, what each job returned left pickled."""
    workers = _workers(jobs, workers)
    if workers == 1:
        for name, job in jobs.items():
            yield name, pickle.dumps(job(), pickle.HIGHEST_PROTOCOL)
        return
    waiting = list(jobs.items())
    running: dict[Connection, tuple[str, multiprocessing.process.BaseProcess]] = {}
    try:
        while waiting or running:
            while waiting and len(running) < workers:
                name, job = waiting.pop(0)
                mine, theirs = _FORK.Pipe(duplex=False)
                process = _FORK.Process(target=_run, args=(job, theirs), name=name)
                process.start()
                theirs.close()
                running[mine] = (name, process)
            for done in wait(list(running)):
                assert isinstance(done, Connection)
                name, ended = running.pop(done)
                try:
                    answer = done.recv_bytes()
                except EOFError:  # killed or interrupted before it could answer
                    ended.join()
                    raise AlmanacError(f"the process building '{name}' ended before it "
                                       f"finished (exit status {ended.exitcode})") from None
                ended.join()
                done.close()
                if answer[:1] == _FAILED:
                    raise pickle.loads(answer[1:])
                yield name, answer[1:]
    finally:
        for _, left in running.values():
            left.kill()  # a build of its own staging folder, which the caller removes
            left.join()


def in_processes(jobs: dict[str, Callable[[], T]], workers: int | None = None) -> dict[str, T]:
    """Every job run (as_done): what each returned, by name."""
    return dict(as_done(jobs, workers))


def _with_parent(parent: int) -> None:
    """This process sent SIGTERM when its parent ends (Linux's PR_SET_PDEATHSIG), as when the
    parent is killed: its jobs are stopped, not left building for no one."""
    # The program's own symbols, libc's among them (find_library would start ldconfig).
    prctl = getattr(ctypes.CDLL(None, use_errno=True), "prctl", None)
    if prctl is not None:
        prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != parent:  # it ended before that was asked
        sys.exit(143)


def _stopped(*_: Any) -> None:
    raise KeyboardInterrupt  # as Ctrl-C: through as_done's cleanup, the jobs running stop too


def _coordinate(jobs: dict[str, Callable[[], Any]], workers: int | None, parent: int,
                answer: Connection) -> None:
    """In the coordinating process: each job's name and result sent on as it ends, as they
    came (never unpickled here), then _run's answer."""
    signal.signal(signal.SIGTERM, _stopped)
    _with_parent(parent)

    def every() -> None:
        for name, kept in _ended(jobs, workers):
            answer.send_bytes(_ARRIVED + name.encode("utf-8") + b"\0" + kept)
    _run(every, answer)


class Background:
    """Jobs run as as_done runs them, from a process forked at once: the caller may start threads
    afterwards (a server) and never fork while they run. `arrivals` gives what ended, in turn."""

    def __init__(self, jobs: dict[str, Callable[[], Any]], workers: int | None = None) -> None:
        self._answers, theirs = _FORK.Pipe(duplex=False)
        self._process = _FORK.Process(target=_coordinate, name="languages",
                                      args=(jobs, workers, os.getpid(), theirs))
        self._process.start()
        theirs.close()

    def arrivals(self) -> Generator[tuple[str, Any], None, None]:
        """Each job's name and result as it ends; the first failure raised."""
        try:
            while True:
                try:
                    answer = self._answers.recv_bytes()
                except EOFError:
                    self._process.join()
                    raise AlmanacError("the process building the languages ended before it "
                                       f"finished (exit status {self._process.exitcode})"
                                       ) from None
                if answer[:1] == _DONE:
                    return
                if answer[:1] == _FAILED:
                    raise pickle.loads(answer[1:])
                name, _, kept = answer[1:].partition(b"\0")
                yield name.decode("utf-8"), pickle.loads(kept)
        finally:
            self.stop()
            self._answers.close()

    def stop(self) -> None:
        """The jobs still running stopped (from any thread: arrivals then ends), and the
        coordinating process."""
        if self._process.is_alive():
            self._process.terminate()
        self._process.join()
