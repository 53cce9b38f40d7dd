"""The languages of a site build side by side, each in a process of its own, bounded by the
cores; a failure in one comes back as it was raised, and stops the others."""
from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import subprocess
import sys
import time

import pytest
from mkdocs.exceptions import Abort

from generator.errors import AlmanacError
from generator.output.processes import Background, as_done, in_processes
from tests.conftest import ROOT


def _meet(barrier, into, name: str) -> None:
    barrier.wait()  # only passes when the other job runs at the same time
    (into / name).write_text(str(os.getpid()), encoding="utf-8")


def test_two_jobs_run_at_once_in_processes_of_their_own(tmp_path):
    barrier = multiprocessing.get_context("fork").Barrier(2, timeout=120)
    in_processes({name: lambda name=name: _meet(barrier, tmp_path, name) for name in ("ko", "en")},
                 workers=2)
    pids = {(tmp_path / name).read_text(encoding="utf-8") for name in ("ko", "en")}
    assert len(pids) == 2 and str(os.getpid()) not in pids


def test_one_worker_runs_the_jobs_here_one_after_another(tmp_path):
    order = []
    in_processes({name: lambda name=name: order.append((name, os.getpid()))
                  for name in ("ko", "en", "de")}, workers=1)
    assert order == [("ko", os.getpid()), ("en", os.getpid()), ("de", os.getpid())]


def _fail(error: Exception) -> None:
    raise error


@pytest.mark.parametrize("error", [AlmanacError("nested too deep", "mkdocs.yml", 3),
                                   Abort("Aborted with 1 warnings in strict mode!")])
def test_a_failure_in_a_job_is_raised_as_it_was(error):
    with pytest.raises(type(error)) as raised:
        in_processes({"ko": lambda: _fail(error), "en": lambda: None}, workers=2)
    assert str(raised.value) == str(error)


def test_a_job_killed_is_one_line_and_the_others_are_stopped(tmp_path):
    def other() -> None:
        signal.pause()  # would wait for ever: the failure of "ko" must stop it

    with pytest.raises(AlmanacError) as raised:
        in_processes({"en": other, "ko": lambda: os.kill(os.getpid(), signal.SIGKILL)},
                     workers=2)
    assert str(raised.value) == ("error: the process building 'ko' ended before it finished "
                                 "(exit status -9)")


def test_a_job_interrupted_says_so_without_a_traceback(capfd):
    def interrupted() -> None:
        signal.signal(signal.SIGINT, signal.default_int_handler)  # pytest-xdist's ignore it
        os.kill(os.getpid(), signal.SIGINT)
        signal.pause()

    with pytest.raises(AlmanacError) as raised:
        in_processes({"ko": interrupted, "en": lambda: None}, workers=2)
    assert str(raised.value) == ("error: the process building 'ko' ended before it finished "
                                 "(exit status 130)")
    assert "Traceback" not in capfd.readouterr().err


def test_a_build_keeps_its_compiled_templates_for_the_next(tmp_path):
    """Each language's process compiles the page templates; the next build's take them."""
    from generator.commands.build import build
    from generator.output.render import CompiledTemplates, environment
    from generator.pipeline import load_corpus
    from tests.projects import site_project

    project = site_project(tmp_path)
    assert build(project, "http://127.0.0.1:8000/") == 0
    compiled = project / "build" / "compiled-templates"
    kept = CompiledTemplates(compiled)
    env = environment(project / "templates", "en", load_corpus(project))
    env.bytecode_cache = kept
    compiles = []
    real = env.compile
    env.compile = lambda *args, **kwargs: compiles.append(args) or real(*args, **kwargs)
    env.get_template("character.md.j2")
    assert compiles == [] and sorted(compiled.iterdir())  # read, not compiled again


def test_templates_compiled_by_another_version_of_the_environment_are_not_taken(tmp_path):
    """A kept template compiled where `link` was a plain filter (applied to its constants when
    compiling, called without the context) is compiled anew, not run."""
    from jinja2 import BytecodeCache, Environment, FileSystemLoader
    from jinja2.bccache import Bucket

    from generator.commands.build import build
    from generator.output.render import CompiledTemplates
    from tests.projects import site_project

    project = site_project(tmp_path)
    compiled = project / "build" / "compiled-templates"
    compiled.mkdir(parents=True)
    templates = project / "templates"
    older = Environment(loader=FileSystemLoader(templates))
    older.filters.update(link=lambda url: url, yaml=lambda value: value)
    for name in ("redirect.html.j2", "character.md.j2"):
        source, filename, _ = older.loader.get_source(older, name)
        key = BytecodeCache().get_cache_key(name, filename)  # as the cache named it before
        bucket = Bucket(older, key, CompiledTemplates().get_source_checksum(source))
        bucket.code = older.compile(source, name, filename)
        (compiled / key).write_bytes(bucket.bytecode_to_string())
    assert build(project, offline=True) == 0
    site = project / "site"
    assert 'location.replace(chosen + "/index.html")' in (site / "index.html").read_text()
    assert (site / "en" / "characters" / "chef.html").is_file()


def test_damaged_compiled_templates_are_compiled_anew_not_a_traceback(tmp_path):
    """Entries that begin as Jinja's do but hold garbage (a disk error, an interrupted copy),
    and an entry that is a folder: the build compiles those templates again, the same site."""
    from jinja2.bccache import bc_magic

    from generator.commands.build import build
    from tests.projects import site_project

    project = site_project(tmp_path)
    assert build(project) == 0
    site = project / "site"
    before = {p.relative_to(site): p.read_bytes() for p in site.rglob("*") if p.is_file()}
    compiled = project / "build" / "compiled-templates"
    entries = sorted(compiled.iterdir())
    for entry in entries[1:]:
        entry.write_bytes(bc_magic + b"garbage")
    entries[0].unlink()
    entries[0].mkdir()
    assert build(project) == 0
    assert {p.relative_to(site): p.read_bytes() for p in site.rglob("*") if p.is_file()} == \
        before
    # No partial file is left beside the entry that is a folder.
    assert sorted(p.name for p in compiled.iterdir()) == sorted(e.name for e in entries)


def test_a_file_added_to_the_theme_is_published_by_the_next_build(tmp_path):
    """The theme's file list is kept between builds (output/theme_files.py), but a file added to
    the project's theme folder is in the next site, and a damaged list is listed anew."""
    from generator.commands.build import build
    from tests.projects import site_project

    project = site_project(tmp_path)
    assert build(project) == 0
    site = project / "site"
    before = sorted(p.relative_to(site) for p in site.rglob("*") if p.is_file())
    kept = sorted((project / "build" / "compiled-templates").glob("theme-files-*.json"))
    assert kept
    added = project / "templates" / "theme" / "assets" / "added.txt"
    added.write_text("new", encoding="utf-8")
    assert build(project) == 0
    assert (site / "en" / "assets" / "added.txt").read_text(encoding="utf-8") == "new"
    added.unlink()
    for listing in (project / "build" / "compiled-templates").glob("theme-files-*.json"):
        listing.write_text('["assets/missing.css"', encoding="utf-8")  # cut short
    assert build(project) == 0
    assert sorted(p.relative_to(site) for p in site.rglob("*") if p.is_file()) == before


def _after(event, name: str) -> str:
    return name if event.wait(60) else f"{name}, never told the other had ended"


def test_each_job_comes_back_as_it_ends_with_what_it_returned():
    """The first job started waits until the second has come back."""
    ended = multiprocessing.get_context("fork").Event()
    arrived = []
    for name, result in as_done({"ko": lambda: _after(ended, "ko"), "en": lambda: "en"},
                                workers=2):
        arrived.append((name, result))
        ended.set()
    assert arrived == [("en", "en"), ("ko", "ko")]
    assert in_processes({"ko": lambda: 1, "en": lambda: 2}, workers=2) == {"ko": 1, "en": 2}


def test_jobs_in_the_background_arrive_and_a_failure_is_raised_as_it_was():
    jobs = {"ko": lambda: "ko", "en": lambda: "en"}
    assert sorted(Background(jobs, workers=2).arrivals()) == [("en", "en"), ("ko", "ko")]
    failing = Background({"ko": lambda: _fail(AlmanacError("nested too deep", "mkdocs.yml", 3))},
                         workers=2)
    with pytest.raises(AlmanacError) as raised:
        list(failing.arrivals())
    assert str(raised.value) == "mkdocs.yml:3: error: nested too deep"


# A process that starts jobs in the background, says the pid of the one running, and waits.
ORPHANED = r"""
import os, signal, sys
from generator.output.processes import Background
def job():
    sys.stdout.write(f"{os.getpid()}\n")  # one write, whatever the buffering
    sys.stdout.flush()
    signal.pause()
arrivals = Background({"ko": job, "en": job}, workers=2).arrivals()
signal.pause()
"""


def test_jobs_in_the_background_stop_with_the_process_that_started_them(tmp_path):
    """Stopped (stop) or killed, the process that started them leaves no job building."""
    jobs = Background({"ko": lambda: signal.pause(), "en": lambda: signal.pause()}, workers=2)
    jobs.stop()  # from another thread, what Ctrl-C in serve does
    assert multiprocessing.active_children() == []
    starter = subprocess.Popen([sys.executable, "-c", ORPHANED], cwd=ROOT, text=True,
                               stdout=subprocess.PIPE)
    pids = []
    try:
        pids = [int(starter.stdout.readline()) for _ in range(2)]
    finally:
        starter.kill()
        starter.wait()
    left = set(pids)
    for _ in range(200):
        for pid in list(left):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, 0)
                continue
            left.discard(pid)
        if not left:
            break
        time.sleep(0.05)
    for pid in left:  # not to outlive the test
        os.kill(pid, signal.SIGKILL)
    assert left == set()
