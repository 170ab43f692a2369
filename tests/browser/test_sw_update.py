"""Updates that never lose the offline copy: a deploy, reloads while the new version's worker
installs, and the new version's cache is whole once it takes over, so the game then loads and
plays with the site gone; an install cut off by the site going away resumes where it stopped.
(How the worker keeps caches and hands over: sw.js.)"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from devtools import build as site_build
from devtools import precache

from .conftest import PageWatch, wait_ready
from .deploys import CACHE_REPORT_JS, SEEN_JS, WORKERS_JS, Server, release, reload_ready, settle

INSTALL_RELOADS = 40
"""At most this many reloads while one install runs (a fail-safe, not a measure)."""


@contextmanager
def _site_at_version_one(browser, tmp_path: Path) -> Iterator[tuple[Server, Any, PageWatch, Path]]:
    """A built site at version 1, served by a server that can stop and start again, open in a page
    whose worker has cached version 1 whole."""
    site_dir = tmp_path / "site"
    site_build.build(site_dir)
    first = release(site_dir, 1)
    server = Server(site_dir)
    context = browser.new_context(service_workers="allow", reduced_motion="reduce")
    try:
        page = context.new_page()
        watch = PageWatch(origin=server.url)
        watch.attach(page)
        page.goto(f"{server.url}/index.html?seed=3&level=easy")
        wait_ready(page, watch)
        outcome = settle(page, first)
        assert outcome["settled"], outcome
        yield server, page, watch, site_dir
    finally:
        context.close()
        server.stop()


def _reload(page, watch: PageWatch) -> None:
    reload_ready(page, lambda p, timeout: wait_ready(p, watch, timeout))


def _installing(page, version: str, polls: int = 600) -> bool:
    """Wait (polling, at most ``polls`` times) until the page's registration has ``version``
    installing; False if it is past that already (waiting or active)."""
    for _ in range(polls):
        workers = page.evaluate(WORKERS_JS)
        if workers["installing"] == version:
            return True
        if version in (workers["waiting"], workers["active"]):
            return False
        page.wait_for_timeout(50)
    raise AssertionError(f"version {version} never began to install: {workers}")


def _play_a_card(page) -> None:
    """Click the first card the player may play and wait until it has left the hand."""
    button = page.locator("#hand [data-card]:enabled").first
    button.wait_for(state="visible", timeout=120_000)
    code = button.get_attribute("data-card")
    button.click()
    page.locator(f'#hand [data-card="{code}"]').wait_for(state="detached", timeout=120_000)


@pytest.mark.browser
def test_reloads_during_three_installs_leave_each_new_cache_whole_and_playable_offline(browser, tmp_path):
    """Three releases in a row (five until 2026-12-07: the suite's longest Chromium test; three still has
    a release installed over one that was itself installed over another)."""
    with _site_at_version_one(browser, tmp_path) as (server, page, watch, site_dir):
        for number in range(2, 5):
            cache = release(site_dir, number)
            version = cache.removeprefix("kseri-")
            _reload(page, watch)  # this load registers the new version: its worker installs
            during = 0
            while during < INSTALL_RELOADS and _installing(page, version):
                _reload(page, watch)
                during += 1
            assert during >= 1, f"version {number}: no reload fell within its install"
            outcome = settle(page, cache)
            assert outcome["settled"], f"version {number}: {outcome}"
            assert outcome["missing"] == 0 and outcome["want"] > 100, outcome

            server.stop()  # the site is gone: the next load comes from the worker's cache alone
            page.context.set_offline(True)
            _reload(page, watch)
            assert page.evaluate(SEEN_JS) == [str(number), str(number)]
            assert page.evaluate(WORKERS_JS)["controller"] == version
            _play_a_card(page)
            page.context.set_offline(False)
            server.start()
        assert watch.problems() == [], watch.problems()


@pytest.mark.browser
def test_an_install_cut_off_by_the_site_going_away_resumes_where_it_stopped(browser, tmp_path):
    with _site_at_version_one(browser, tmp_path) as (server, page, watch, site_dir):
        cache = release(site_dir, 2)
        version = cache.removeprefix("kseri-")
        want = len(precache.build_manifest(site_dir)["files"])
        _reload(page, watch)
        assert _installing(page, version), "the install ended before it could be cut off"
        stored: dict[str, Any] = {"entries": 0}
        for _ in range(600):  # until the new cache holds a first file
            stored = page.evaluate(CACHE_REPORT_JS, cache)
            if stored.get("entries", 0) > 0:
                break
            page.wait_for_timeout(20)
        server.stop()
        for _ in range(600):  # the install fails without the site
            if page.evaluate(WORKERS_JS)["installing"] != version:
                break
            page.wait_for_timeout(100)
        workers = page.evaluate(WORKERS_JS)
        assert workers["installing"] is None and workers["waiting"] is None, workers
        partial = page.evaluate("async (name) => (await (await caches.open(name)).keys()).length", cache)
        assert 0 < partial < want, f"{partial} of {want} files stored when the site went away"
        seen = -1
        while seen != len(watch.failed_requests):  # the cut-off install's requests were meant to fail
            seen = len(watch.failed_requests)
            page.wait_for_timeout(1000)
        watch.clear()

        server.requests.clear()
        server.start()
        _reload(page, watch)  # registers version 2 again: a new install of the same version
        outcome = settle(page, cache)
        assert outcome["settled"] and outcome["missing"] == 0, outcome
        files = {"/" + path for path in precache.build_manifest(site_dir)["files"]}
        fetched = sum(count for path, count in server.requests.items() if path in files)
        # Only what was missing was fetched again (a page load reads the old version's cache).
        assert fetched <= want - partial, f"fetched {fetched} files again; {partial} of {want} were stored"
        assert watch.problems() == [], watch.problems()
