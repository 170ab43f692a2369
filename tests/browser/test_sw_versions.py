"""A deploy while pages are open: every page shows one version whole, never the old page
with the new style sheet (the service worker keeps one cache per version, and a page
reads the cache of the version it was loaded from)."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from devtools import build as site_build
from devtools import precache

from .conftest import OwnSite, own_site, wait_ready
from .rounds import wait_offline_ready

SEEN_JS = """() => [
    document.querySelector('meta[name=kseri-test-version]').content,
    getComputedStyle(document.documentElement).getPropertyValue('--kseri-test-version').replaceAll('"', '').trim()]"""
FETCHED_CSS_JS = """async () => {
    const text = await (await fetch('static/style.css')).text();
    return (text.match(/--kseri-test-version: "(\\d+)"/) || [])[1] || 'none';
}"""


def _release(site_dir, version: int) -> None:
    """Version ``version`` of the site: index.html and style.css both carry its number."""
    page = site_dir / "index.html"
    html = re.sub(r'<meta name="kseri-test-version" content="\d+">', "", page.read_text())
    page.write_text(html.replace("<head>", f'<head><meta name="kseri-test-version" content="{version}">', 1))
    css = site_dir / "static" / "style.css"
    text = re.sub(r'\n:root \{ --kseri-test-version: "\d+"; \}\n', "", css.read_text())
    css.write_text(text + f'\n:root {{ --kseri-test-version: "{version}"; }}\n')
    precache.write(site_dir)


RELOAD_STALL = 30_000
"""How long a reload may take to commit its navigation before it is given up and made again."""


def _reload(page) -> None:
    """Reload ``page`` and wait for its navigation to commit (the callers then wait for the page's
    own ready mark).

    Rarely, a reload made while a new version's worker installs never commits: twice in CI
    (2026-12-01 and 2026-12-02, 90 s) and once in ten local runs at a load average of 7; never in
    fourteen runs on an idle machine or with two busy processes beside it. The cause is not found
    (README, "Offline"). Such a reload is made once more as a fresh navigation, with a warning in
    the test report, so that these tests go on to check what they are about: which version's files
    each load gets. A second stall fails the test."""
    try:
        page.reload(wait_until="commit", timeout=RELOAD_STALL)
    except PlaywrightTimeoutError:
        warnings.warn(f"a reload did not commit in {RELOAD_STALL // 1000} s; navigating again", stacklevel=2)
        page.goto(page.url, wait_until="commit", timeout=3 * RELOAD_STALL)


def _kseri_caches(page) -> list[str]:
    return page.evaluate("async () => (await caches.keys()).filter(n => n.startsWith('kseri-'))")


def _old_cache_goes(page, watch, current: str) -> bool:
    """Reload until only ``current`` is left (a page's pin outlives it by up to 10 s)."""
    for _ in range(15):
        _reload(page)
        wait_ready(page, watch)
        if _kseri_caches(page) == [current]:
            return True
        page.wait_for_timeout(2000)
    return False


@contextmanager
def _version_one_installed(browser, site_dir: Path) -> Iterator[tuple[OwnSite, str]]:
    """Version 1 of the built site, open in a page whose service worker has cached it whole."""
    site_build.build(site_dir)
    _release(site_dir, 1)
    with own_site(browser, site_dir, service_workers="allow", reduced_motion="reduce") as site:
        site.page.goto(f"{site.url}/index.html?seed=3")
        wait_ready(site.page, site.watch)
        yield site, wait_offline_ready(site.page)


@pytest.mark.browser
def test_an_open_page_keeps_its_version_when_a_new_one_takes_over(browser, tmp_path):
    site_dir = tmp_path / "site"
    with _version_one_installed(browser, site_dir) as (site, first):
        old, watch = site.page, site.watch
        _reload(old)  # now loaded through the worker, from version 1's cache
        wait_ready(old, watch)
        assert old.evaluate(SEEN_JS) == ["1", "1"]

        _release(site_dir, 2)  # a deploy while the page is open
        new = old.context.new_page()
        watch.attach(new)
        new.goto(f"{site.url}/index.html?seed=4")
        wait_ready(new, watch)
        version = precache.build_manifest(site_dir)["version"]
        second = first
        for _ in range(300):  # the new worker installs and takes over
            if new.evaluate("navigator.serviceWorker.controller?.scriptURL || ''").endswith(version):
                second = wait_offline_ready(new)
                break
            new.wait_for_timeout(200)
        assert second == "kseri-" + version != first
        # The old page, now controlled by the new worker, still gets its own version's files.
        assert old.evaluate(FETCHED_CSS_JS) == "1"
        _reload(new)
        wait_ready(new, watch)
        assert new.evaluate(SEEN_JS) == ["2", "2"] and new.evaluate(FETCHED_CSS_JS) == "2"

        old.close()  # the last page of version 1 is gone: its cache goes at a later load
        assert _old_cache_goes(new, watch, second)
        assert watch.problems() == []


@pytest.mark.browser
def test_reloads_across_deploys_never_mix_versions(browser, tmp_path):
    site_dir = tmp_path / "site"
    with _version_one_installed(browser, site_dir) as (site, _):
        page, watch = site.page, site.watch
        seen = []
        for version in (2, 3):
            _release(site_dir, version)
            for pause in (0, 300, 900, 0):
                _reload(page)
                wait_ready(page, watch)
                seen.append(tuple(page.evaluate(SEEN_JS)))
                page.wait_for_timeout(pause)
        mixed = [pair for pair in seen if pair[0] != pair[1]]
        assert not mixed, f"a load mixed two versions (page, style sheet): {seen}"
        assert watch.problems() == []
