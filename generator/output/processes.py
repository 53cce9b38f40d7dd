"""Jobs run side by side in processes of their own, as many at once as the machine has cores:
each language of a site is rendered and built by MkDocs apart from the others."""
from __future__ import annotations

import gc
import multiprocessing
import os
import sys
import traceback
from collections.abc import Callable
from multiprocessing.connection import Connection, wait

from generator.errors import AlmanacError

# Forked, a job starts with what the parent has read and parsed, nothing pickled on the way in.
_FORK = multiprocessing.get_context("fork")


def _run(job: Callable[[], None], answer: Connection) -> None:
    """In the child: None when the job is done, else the exception it raised (an AlmanacError
    or MkDocs' Abort reach the user as they would have without the process)."""
    # What the parent holds stays as it is: never scanned by the collector again (a tenth of
    # a language's build went to scanning it) nor copied by writes to its counts.
    gc.freeze()
    try:
        job()
        answer.send(None)
    except KeyboardInterrupt:  # Ctrl-C reaches the parent too, which says nothing more
        sys.exit(130)
    except BaseException as err:  # noqa: BLE001 - every failure goes back to the parent
        if not isinstance(err, AlmanacError) and type(err).__module__.split(".")[0] != "mkdocs":
            traceback.print_exc()  # a bug: its traceback, as without the process
        try:
            answer.send(err)
        except Exception:  # noqa: BLE001 - an exception that does not pickle
            answer.send(RuntimeError(f"{type(err).__name__}: {err}"))
    finally:
        answer.close()


def in_processes(jobs: dict[str, Callable[[], None]], workers: int | None = None) -> None:
    """Run every job, at most `workers` (default: the cores) at once; with one job or one core
    in this process. The first failure is raised here once the jobs running are stopped."""
    workers = max(1, min(workers or os.cpu_count() or 1, len(jobs)))
    if workers == 1:
        for job in jobs.values():
            job()
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
                    failure = done.recv()
                except EOFError:  # killed or interrupted before it could answer
                    ended.join()
                    failure = AlmanacError(f"the process building '{name}' ended before it "
                                           f"finished (exit status {ended.exitcode})")
                ended.join()
                done.close()
                if failure is not None:
                    raise failure
    finally:
        for _, left in running.values():
            left.kill()  # a build of its own staging folder, which the caller removes
            left.join()
