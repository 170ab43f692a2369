"""The built site (scripts/build) served under a sub-path, as GitHub Pages serves a project."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from .conftest import PageWatch, wait_ready
from .rounds import play_round

ROOT = Path(__file__).resolve().parents[2]


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"kseri_scripts_{name}_dist", ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.browser
def test_built_site_plays_a_round_under_a_sub_path(browser, tmp_path):
    _load("build").build(tmp_path / "kseri-game")
    server, url = _load("serve").start(tmp_path)
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
