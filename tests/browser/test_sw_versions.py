"""A deploy while pages are open: every page shows one version whole, never the old page
with the new style sheet (the service worker keeps one cache per version, and a page
reads the cache of the version it was loaded from)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from devtools import build as site_build
from devtools import precache

from .conftest import OwnSite, own_site, wait_ready
from .deploys import SEEN_JS, old_caches_go, release, reload_ready
from .rounds import wait_offline_ready

FETCHED_CSS_JS = """async () => {
    const text = await (await fetch('static/style.css')).text();
    return (text.match(/--kseri-test-version: "(\\d+)"/) || [])[1] || 'none';
}"""


PINS_JS = """async () => {
    const saved = await (await caches.open('kseri:pins')).match(new URL('kseri-pins.json', location.href).href);
    return saved ? await saved.json() : {};
}"""


def _pins_ready(page) -> bool:
    """Whether every pin the worker keeps says its page is ready (bounded: 100 looks, 200 ms apart)."""
    for _ in range(100):
        pins = page.evaluate(PINS_JS)
        if pins and all(pin.get("ready") for pin in pins.values()):
            return True
        page.wait_for_timeout(200)
    return False


def _reload(page, watch) -> None:
    """Reload ``page`` and wait for the page's own ready mark (the navigation's load event is not
    waited for: on a busy machine it can come long after the page is ready)."""
    reload_ready(page, lambda p, timeout: wait_ready(p, watch, timeout))


def _old_cache_goes(page, watch, current: str) -> bool:
    """Reload until only ``current`` is left (a page's pin outlives it by up to 10 s)."""
    return old_caches_go(page, lambda p, timeout: wait_ready(p, watch, timeout), current)


@contextmanager
def _version_one_installed(browser, site_dir: Path) -> Iterator[tuple[OwnSite, str]]:
    """Version 1 of the built site, open in a page whose service worker has cached it whole."""
    site_build.build(site_dir)
    release(site_dir, 1)
    with own_site(browser, site_dir, service_workers="allow", reduced_motion="reduce") as site:
        site.page.goto(f"{site.url}/index.html?seed=3")
        wait_ready(site.page, site.watch)
        yield site, wait_offline_ready(site.page)


@pytest.mark.browser
@pytest.mark.parametrize("first_load", ["through the worker", "from the network"])
def test_an_open_page_keeps_its_version_when_a_new_one_takes_over(browser, tmp_path, first_load):
    """Also a first visit's page, loaded from the network before any worker served it: the first worker
    claims it unpinned, and once a newer one took over (another tab), its later requests got the newer
    version's files."""
    site_dir = tmp_path / "site"
    with _version_one_installed(browser, site_dir) as (site, first):
        old, watch = site.page, site.watch
        if first_load == "through the worker":
            _reload(old, watch)  # now loaded through the worker, from version 1's cache
        else:  # claimed at activation, the page says it is ready, or it would hold a hand-over back 45 s
            assert _pins_ready(old), old.evaluate(PINS_JS)
        assert old.evaluate(SEEN_JS) == ["1", "1"]

        release(site_dir, 2)  # a deploy while the page is open
        new = old.context.new_page()
        watch.attach(new)
        new.goto(f"{site.url}/index.html?seed=4")
        wait_ready(new, watch)
        version = precache.build_manifest(site_dir)["version"]
        second = first
        for _ in range(900):  # the new worker installs and takes over (a fail-safe bound)
            if new.evaluate("navigator.serviceWorker.controller?.scriptURL || ''").endswith(version):
                second = wait_offline_ready(new)
                break
            new.wait_for_timeout(200)
        assert second == "kseri-" + version != first
        # The old page, now controlled by the new worker, still gets its own version's files.
        assert old.evaluate(FETCHED_CSS_JS) == "1"
        _reload(new, watch)
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
            release(site_dir, version)
            for pause in (0, 300, 900, 0):
                _reload(page, watch)
                seen.append(tuple(page.evaluate(SEEN_JS)))
                page.wait_for_timeout(pause)
        mixed = [pair for pair in seen if pair[0] != pair[1]]
        assert not mixed, f"a load mixed two versions (page, style sheet): {seen}"
        assert watch.problems() == []
