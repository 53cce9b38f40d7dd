"""MkDocs' and Material's internals, all used through generator/mkdocs_internals.py, are still
there: an update of either that changes them fails here, naming the versions they were read
from and the ones installed, before a build or a preview breaks in a user's hands."""
from __future__ import annotations

import tomllib

from generator import mkdocs_internals
from generator.mkdocs_internals import INSTALLED, READ_FROM, internals_missing
from tests.conftest import ROOT


def _pins() -> dict[str, str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    pins = (d.split("==") for d in project["dependencies"])
    return {name: pinned for name, pinned in pins if name in ("mkdocs", "mkdocs-material")}


def test_the_internals_were_read_from_the_pinned_versions():
    assert _pins() == READ_FROM, (
        f"pyproject.toml pins {_pins()}, but generator/mkdocs_internals.py was read from "
        f"{READ_FROM}: read its internals again in the new versions, then update READ_FROM")


def test_every_internal_is_in_the_installed_versions():
    assert internals_missing() == [], (
        f"read from {READ_FROM}, installed {INSTALLED}: the installed versions lack these "
        "internals; see generator/mkdocs_internals.py")


def test_an_internal_that_is_gone_is_named(monkeypatch):
    monkeypatch.setattr(mkdocs_internals, "DIRTY_WARNING", "'filthy' build")
    monkeypatch.setattr(mkdocs_internals, "_SERVER_ATTRIBUTES",
                        ("_build_loop", "_rebuild_everything"))
    assert internals_missing() == [
        "mkdocs.livereload.LiveReloadServer._rebuild_everything",
        "mkdocs.commands.build: the warning of a dirty build ('filthy' build)"]
