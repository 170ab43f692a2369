"""The built site (scripts/build) served under a sub-path, as GitHub Pages serves a project."""

from __future__ import annotations

import pytest

from devtools import build

from .conftest import own_site, wait_ready
from .rounds import play_round


@pytest.mark.browser
def test_built_site_plays_a_round_under_a_sub_path(browser, tmp_path):
    build.build(tmp_path / "kseri-game")
    with own_site(browser, tmp_path, reduced_motion="reduce", service_workers="block") as site:
        page, watch, url = site.page, site.watch, site.url
        page.goto(f"{url}/kseri-game/?seed=5&level=easy")
        wait_ready(page, watch)
        outside = [r for r in watch.requests if not r.startswith(f"{url}/kseri-game/")]
        assert outside == [], f"requests outside the sub-path: {outside}"
        after = play_round(page)
        assert sum(after) >= 22
        assert watch.problems() == [], watch.problems()
