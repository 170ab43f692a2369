"""The built site (scripts/build) served under a sub-path, as GitHub Pages serves a project."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import PageWatch, wait_ready
from .rounds import play_round
from ..scripts import load_script

ROOT = Path(__file__).resolve().parents[2]




@pytest.mark.browser
def test_built_site_plays_a_round_under_a_sub_path(browser, tmp_path):
    load_script("build").build(tmp_path / "kseri-game")
    server, url = load_script("serve").start(tmp_path)
    context = browser.new_context(reduced_motion="reduce", service_workers="block")
    try:
        page = context.new_page()
        watch = PageWatch(origin=url)
        watch.attach(page)
        page.goto(f"{url}/kseri-game/?seed=5&level=easy")
        wait_ready(page, watch)
        outside = [r for r in watch.requests if not r.startswith(f"{url}/kseri-game/")]
        assert outside == [], f"requests outside the sub-path: {outside}"
        after = play_round(page)
        assert sum(after) >= 22
        assert watch.problems() == [], watch.problems()
    finally:
        context.close()
        server.shutdown()
        server.server_close()
