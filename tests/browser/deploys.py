"""Deploys of a built site, for the service-worker tests and ``benchmarks/sw_deploys.py``.

A "deploy" rewrites two files of a built site (``devtools/build.py``) in place, as a host would
publish a new version, and rewrites its ``precache-manifest.json``: ``index.html`` carries a
``<meta name="kseri-test-version">`` and ``static/style.css`` a ``--kseri-test-version`` custom
property, both with the version's number, so a page can tell which version each of them came from.

Only bounded waits here, as fail-safes for hangs; nothing asserts how long anything took.
"""

from __future__ import annotations

import collections
import functools
import re
import threading
import time
import warnings
from pathlib import Path
from typing import Any

from devtools import precache
from devtools import serve as dev_server

SEEN_JS = """() => [
    document.querySelector('meta[name=kseri-test-version]').content,
    getComputedStyle(document.documentElement).getPropertyValue('--kseri-test-version').replaceAll('"', '').trim()]"""
"""The version of the page and of the style sheet it got: ``[page, style]``."""

WORKERS_JS = """async () => {
  const reg = await navigator.serviceWorker.getRegistration();
  const v = (w) => w ? new URL(w.scriptURL).searchParams.get('v') : null;
  return {controller: v(navigator.serviceWorker.controller), installing: v(reg?.installing),
          waiting: v(reg?.waiting), active: v(reg?.active)};
}"""
"""The version of the page's controller and of the registration's installing, waiting and active
workers (``None`` where there is none)."""

CACHE_REPORT_JS = """async (name) => {
  // How whole the cache ``name`` is: which precache-manifest entries it lacks.
  if (!(await caches.keys()).includes(name)) return {exists: false, missing: -1, want: -1};
  const cache = await caches.open(name);
  const hit = await cache.match(new URL('precache-manifest.json', document.baseURI).href);
  if (!hit) return {exists: true, missing: -1, want: -1, entries: (await cache.keys()).length};
  const manifest = await hit.json();
  const lacking = [];
  for (const path of Object.keys(manifest.files)) {
    if (!(await cache.match(new URL(path, document.baseURI).href))) lacking.push(path);
  }
  return {exists: true, missing: lacking.length, want: Object.keys(manifest.files).length,
          entries: (await cache.keys()).length, first_missing: lacking.slice(0, 3)};
}"""
"""``{exists, missing, want, entries}`` of one cache; ``missing == 0`` means whole (``-1``: no
manifest entry, so nothing can be counted)."""

KSERI_CACHES_JS = "async () => (await caches.keys()).filter(n => n.startsWith('kseri-'))"


def release(site_dir: Path, version: int) -> str:
    """Deploy version ``version`` of the built site in ``site_dir``; return its cache's name."""
    page = site_dir / "index.html"
    html = re.sub(r'<meta name="kseri-test-version" content="\d+">', "", page.read_text())
    page.write_text(html.replace("<head>", f'<head><meta name="kseri-test-version" content="{version}">', 1))
    css = site_dir / "static" / "style.css"
    text = re.sub(r'\n:root \{ --kseri-test-version: "\d+"; \}\n', "", css.read_text())
    css.write_text(text + f'\n:root {{ --kseri-test-version: "{version}"; }}\n')
    precache.write(site_dir)
    return cache_name(site_dir)


def cache_name(site_dir: Path) -> str:
    """The name of the cache the worker of the deployed version fills."""
    return "kseri-" + precache.build_manifest(site_dir)["version"]


def settle(page: Any, cache: str, timeout_s: float = 180) -> dict[str, Any]:
    """Wait until the version whose cache is ``cache`` controls ``page`` with nothing installing or
    waiting, and its cache is whole; return ``{"settled": bool, ...}`` with the cache's report
    (:data:`CACHE_REPORT_JS`) and, when it did not settle, the workers seen last."""
    version = cache.removeprefix("kseri-")
    deadline = time.monotonic() + timeout_s
    state: dict[str, Any] = {}
    report: dict[str, Any] = {}
    while time.monotonic() < deadline:
        state = page.evaluate(WORKERS_JS)
        if state["controller"] == version and not state["installing"] and not state["waiting"]:
            report = page.evaluate(CACHE_REPORT_JS, cache)
            if report.get("missing") == 0:
                return {"settled": True, **report}
        page.wait_for_timeout(250)
    return {"settled": False, "workers": state, **report}


RELOAD_STALL_MS = 30_000
"""How long a reload may take to commit its navigation before it is made again."""


def reload_committed(page: Any) -> None:
    """Reload ``page`` and wait for its navigation to commit (callers then wait for the page's own
    ready mark; the load event can come long after it on a busy machine).

    Rarely, a reload that lands at the instant the active worker hands over to the next version
    never commits while DevTools is attached (as in every Playwright test): Chromium stops the
    old worker with the navigation just dispatched to it (sw.js, "Hand-over"; measured in
    docs/performance.md, "Updates: deploys and reloads"). Such a reload is made once more as a
    fresh navigation, with a warning in the test report, so the tests go on to check what they
    are about (whole caches, one version per load); a second stall fails the test."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    try:
        page.reload(wait_until="commit", timeout=RELOAD_STALL_MS)
    except PlaywrightTimeoutError:
        warnings.warn(f"a reload did not commit in {RELOAD_STALL_MS // 1000} s; navigating again", stacklevel=2)
        page.goto(page.url, wait_until="commit", timeout=3 * RELOAD_STALL_MS)


LOAD_STALL_S = 60.0
"""How long a reloaded page may take to become ready before it is loaded once more."""


def reload_ready(page: Any, ready: Any) -> None:
    """Reload ``page`` and wait until it is ready: ``ready(page, timeout_s)`` waits for the page's
    ready mark and fails the test (``pytest.fail``) if it does not come in ``timeout_s`` seconds.

    A load that committed and then never became ready in :data:`LOAD_STALL_S` (one in the whole
    suite's history, in CI, with DevTools attached: a worker stopped with one of the page's requests
    just dispatched to it, which sw.js's hand-over now waits out, see "pagesLoading") is made once
    more, with a warning in the test report; a second stall fails the test."""
    import pytest

    reload_committed(page)
    try:
        ready(page, LOAD_STALL_S)
    except pytest.fail.Exception as failure:
        if "not ready after" not in str(failure):
            raise
        warnings.warn(f"a reloaded page was not ready in {LOAD_STALL_S:.0f} s; loading it again", stacklevel=2)
        page.goto(page.url, wait_until="commit", timeout=3 * RELOAD_STALL_MS)
        ready(page, 3 * LOAD_STALL_S)


def old_caches_go(page: Any, ready: Any, current: str, reloads: int = 15) -> bool:
    """Reload ``page`` (``ready`` as in :func:`reload_ready`) until ``current`` is the only kseri-*
    cache left: an old version's cache goes once no open page was loaded from it (its pin
    outlives the page by up to 10 s)."""
    for _ in range(reloads):
        reload_ready(page, ready)
        if page.evaluate(KSERI_CACHES_JS) == [current]:
            return True
        page.wait_for_timeout(2000)
    return False


class Server:
    """``devtools/serve.py``'s handler on 127.0.0.1 at one port that survives a stop and a start
    (a site that goes offline and comes back), counting the GET requests of each path."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.port = 0
        self.requests: collections.Counter[str] = collections.Counter()
        self._server: dev_server.SiteServer | None = None
        self.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        counts = self.requests

        class Counting(dev_server.QuietHandler):
            def do_GET(self) -> None:
                counts[self.path.split("?", 1)[0]] += 1
                super().do_GET()

        handler = functools.partial(Counting, directory=str(self.directory))
        server = dev_server.SiteServer(("127.0.0.1", self.port), handler)
        self.port = server.server_address[1]
        threading.Thread(target=server.serve_forever, name="kseri-deploys", daemon=True).start()
        self._server = server

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
