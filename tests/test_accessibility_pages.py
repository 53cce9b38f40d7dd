"""axe-core in Chromium over the pages of the plan's second shard (tests/axe.py): no serious or
critical violation. A module of its own so that a second pytest-xdist worker takes it."""
from __future__ import annotations

from tests.axe import axe_tab, plan_url, shard, violations

__all__ = ["axe_tab", "plan_url"]  # the fixtures, for the test of this module


def test_no_page_of_the_second_shard_has_a_serious_violation(axe_tab, built_site, plan_url):
    site, _ = built_site
    assert violations(axe_tab, plan_url, shard(site, 1)) == {}
