"""Offline play: the service worker precaches the whole site on the first visit, then the
game loads and plays a full round with the server gone."""

from __future__ import annotations

from pathlib import Path

import pytest

from devtools import build as site_build
from devtools import precache

from .conftest import own_site, reload_page, wait_ready
from .rounds import play_round, wait_offline_ready
from .test_sw_versions import _old_cache_goes

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.browser
def test_game_plays_a_round_offline_after_one_visit(browser):
    # A server of its own, to stop (site_url is shared by the session and must keep running).
    with own_site(browser, ROOT, service_workers="allow", reduced_motion="reduce") as site:
        page, watch, url = site.page, site.watch, site.url
        page.goto(f"{url}/index.html?seed=3&level=easy")
        wait_ready(page, watch)
        # A first visit starts Python afresh and never asks for the interpreter's snapshot
        # (the service worker fetches it in the background, with the rest of the site).
        assert page.evaluate("document.documentElement.dataset.pythonStart") == "fresh"
        # (The page's own resource timings: the worker's fetches are not among them.)
        assert page.evaluate("performance.getEntriesByName(new URL('kseri-snapshot.gz', document.baseURI).href)"
                             ".length") == 0
        assert page.evaluate("performance.getEntriesByName(new URL('kseri.zip', document.baseURI).href)"
                             ".length") == 1, "the check above would see a request of the page"
        cache = wait_offline_ready(page)
        assert watch.problems() == []
        types = page.evaluate("""async (name) => {
            const cache = await caches.open(name);
            const type = async (path) =>
                (await cache.match(new URL(path, document.baseURI).href)).headers.get('content-type');
            return [await type('runtime/pyodide/pyodide.asm.wasm'), await type('runtime/pyodide/pyodide.mjs')];
        }""", cache)
        assert types[0] == "application/wasm" and types[1].startswith("text/javascript"), types

        site.stop_server()
        page.context.set_offline(True)
        from_worker, from_network = [], []
        page.on("response", lambda r: (from_worker if r.from_service_worker else from_network).append(r.url))

        reload_page(page)
        wait_ready(page, watch)
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        after = play_round(page)
        assert sum(after) >= 22
        assert watch.problems() == [], watch.problems()
        assert from_network == [], f"answered by the network while offline: {from_network}"
        assert f"{url}/runtime/pyodide/pyodide.asm.wasm" in from_worker
        assert f"{url}/kseri.zip" in from_worker
        # The return visit started from the snapshot (static/pyodide-start.mjs) and played on.
        assert page.evaluate("document.documentElement.dataset.pythonStart") == "snapshot"
        assert f"{url}/kseri-snapshot.gz" in from_worker
        assert cache.startswith("kseri-")


@pytest.mark.browser
def test_a_new_version_replaces_the_old_cache(browser, tmp_path):
    """Change a file: the next visit installs a new worker, whose cache replaces the old one whole."""
    build = site_build
    site_dir = tmp_path / "site"
    build.build(site_dir)
    with own_site(browser, site_dir, service_workers="allow", reduced_motion="reduce") as site:
        page, watch = site.page, site.watch
        page.goto(f"{site.url}/embed.html?scene=pile=10D;plays=10S")
        wait_ready(page, watch)
        first = wait_offline_ready(page)

        # A new release: one file changes and the manifest is rebuilt.
        css = site_dir / "static" / "embed" / "embed.css"
        css.write_text(css.read_text() + "\n/* new version */\n")
        precache.write(site_dir)
        reload_page(page)
        wait_ready(page, watch)
        second = first
        for _ in range(300):  # the new worker installs and takes over
            second = wait_offline_ready(page)
            if second != first:
                break
            page.wait_for_timeout(200)
        assert second != first
        # This load came from the old version, which stays until no page uses it: at a
        # later load of the new version the old cache is gone.
        assert _old_cache_goes(page, watch, second)
        cached_css = page.evaluate("""async (name) => {
            const cache = await caches.open(name);
            return await (await cache.match(new URL('static/embed/embed.css', document.baseURI).href)).text();
        }""", second)
        assert cached_css.endswith("/* new version */\n")
        assert watch.problems() == []
