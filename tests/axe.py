"""axe-core (pinned, installed by scripts/setup) in Chromium: which page is checked at which width.

The first page of each kind (a language's characters, teams, sheets, sources, report, …) is
checked at both widths, then every EVERY-th page of the kind, the widths taking turns. The plan
is cut into shards, one test module each, so that pytest-xdist's workers share the site between
them (axe over the site is the slow part)."""
from __future__ import annotations

import json
import os
import shutil
from itertools import groupby
from pathlib import Path

import pytest

from tests.conftest import ROOT

AXE = ROOT / ".venv" / "node" / "node_modules" / "axe-core" / "axe.min.js"
WIDTHS = {"desktop": (1280, 900), "phone": (390, 844)}
FAILING = ("serious", "critical")
# The rules of the pinned axe-core whose every check finds moderate or minor violations alone:
# they can never fail a page here, and are left out of the run (a tenth of its time).
# test_accessibility reads them from axe itself, so that another version says what changed.
UNDER_SERIOUS = (
    "aria-allowed-role", "aria-deprecated-role", "empty-table-header", "focus-order-semantics",
    "form-field-multiple-labels", "heading-order", "hidden-content", "html-xml-lang-mismatch",
    "image-redundant-alt", "landmark-banner-is-top-level", "landmark-complementary-is-top-level",
    "landmark-contentinfo-is-top-level", "landmark-main-is-top-level",
    "landmark-no-duplicate-banner", "landmark-no-duplicate-contentinfo",
    "landmark-no-duplicate-main", "landmark-one-main", "landmark-unique", "meta-viewport-large",
    "no-autoplay-audio", "page-has-heading-one", "presentation-role-conflict", "region",
    "server-side-image-map", "skip-link", "table-duplicate-name")
RUN = ("axe.run(document, {resultTypes: ['violations'], rules: {"
       + ", ".join(f"'{rule}': {{enabled: false}}" for rule in UNDER_SERIOUS) + "}})")
# Axe's own list of them (its internals: each rule's checks, and each check's impact).
AXE_UNDER_SERIOUS = f"""() => axe._audit.rules.filter(rule => rule.enabled && ![
  ...rule.any, ...rule.all, ...rule.none].some(check => {list(FAILING)}.includes(
  axe._audit.data.checks[check.id ?? check].impact))).map(rule => rule.id).sort()"""
SETTLED = "document.getAnimations().every(a => a.playState !== 'running')"
SHARDS = 2
# The pages of a kind share their template: every third, spread over the kind, meets what its
# data can break (a team's colours, a long name, another language's text) in a third of the time.
EVERY = 3


def pages(site: Path) -> list[str]:
    """Every page of every language, as a path from the site's root."""
    return sorted(p.parent.relative_to(site).as_posix() + "/"
                  for p in site.glob("*/**/index.html") if p.parent != site)


def kind(path: str) -> tuple[str, ...]:
    """A page's language and the section it belongs to ('ko', 'characters'); a home page's ('ko',)."""
    return tuple(path.split("/")[:2]) if path.count("/") > 1 else (path.split("/")[0],)


def plan(site: Path) -> list[tuple[str, str]]:
    """(page, width) pairs: each kind's first at both widths, then every EVERY-th page of the
    kind once, widths taking turns."""
    runs = []
    for _, group in groupby(sorted(pages(site), key=kind), key=kind):
        first, *rest = group
        runs += [(first, width) for width in WIDTHS]
        runs += [(path, list(WIDTHS)[i % len(WIDTHS)])
                 for i, path in enumerate(rest[EVERY - 1::EVERY])]
    return runs


def shard(site: Path, number: int) -> list[tuple[str, str]]:
    return plan(site)[number::SHARDS]


def serious(result: dict) -> list[str]:
    return [f"{v['id']} ({v['impact']}): {node['target']}"
            for v in result["violations"] if v["impact"] in FAILING for node in v["nodes"][:3]]


def without_search_pages(site: Path, view: Path) -> Path:
    """The site as hard links, each language's search index with its pages left out. The
    worker of every page loaded would otherwise build the whole index (a sixth of the plan's
    CPU), though a page's search panel, closed, is the same without it (the search tests open it
    on the real index). A copy served, not a route: Playwright turns off the HTTP cache of a
    page it routes, and every page would fetch and compile the theme's scripts anew."""
    shutil.copytree(site, view, copy_function=os.link)
    for index in view.glob("*/search/search_index.json"):
        data = json.loads(index.read_text(encoding="utf-8"))
        index.unlink()  # a link to the site's own file, which the other tests serve
        index.write_text(json.dumps({**data, "docs": []}), encoding="utf-8")
    return view


def violations(tabs: dict, base: str, runs: list[tuple[str, str]]) -> dict[str, list[str]]:
    """The serious violations of each (page, width) of runs that has any."""
    found = {}
    for path, width in runs:
        tabs[width].goto(f"{base}{path}", wait_until="load")
        if problems := serious(tabs[width].evaluate(RUN)):
            found[f"{path} ({width})"] = problems
    return found


@pytest.fixture(scope="module")
def plan_url(built_site, tmp_path_factory):
    """The base URL of the built site with its search indexes' pages left out, for the plan."""
    from generator.output.browser import serve
    with serve(without_search_pages(built_site[0], tmp_path_factory.mktemp("axe") / "site")) \
            as base:
        yield base


@pytest.fixture(scope="module")
def axe_tab(browser):
    """A tab per width with axe loaded in every page it opens."""
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run scripts/setup")
    tabs = {}
    for name, (width, height) in WIDTHS.items():
        tab = browser.new_page(viewport={"width": width, "height": height})
        tab.add_init_script(path=str(AXE))
        tabs[name] = tab
    yield tabs
    for tab in tabs.values():
        tab.close()
