"""The languages of a site build side by side, each in a process of its own, bounded by the
cores; a failure in one comes back as it was raised, and stops the others."""
from __future__ import annotations

import multiprocessing
import os
import signal

import pytest
from mkdocs.exceptions import Abort

from generator.errors import AlmanacError
from generator.output.processes import in_processes


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
