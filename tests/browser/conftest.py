"""Browser test harness: serve the repo, drive Debian's Chromium, watch for trouble.

Fixtures
--------
``site_url``        session: ``http://127.0.0.1:PORT`` serving the repo root (threaded,
                    same handler as ``scripts/serve``).
``page_watch``      function: a :class:`PageWatch` that records page errors, console
                    errors, Content-Security-Policy violations (in every frame),
                    failed/4xx-5xx same-origin requests and every request that leaves
                    the site's origin; it stops listening when its test ends.
``context``         function: pytest-playwright's, but kept for the worker's later tests
                    with the same options, its site data cleared before each test
                    (:class:`ContextPool`, which also keeps a page of the site open in it so
                    the test's pages start in a warm renderer); a ``first_visit`` or
                    ``fresh_context`` test gets a context of its own.
``game_page``       function: a fresh page with ``page_watch`` attached, in ``context``.
                    At teardown the test errors if the watch saw anything. Python starts
                    from the snapshot, as on a return visit (``@pytest.mark.first_visit``:
                    afresh, as on a first visit, in a fresh context).
``open_game``       function: ``open_game("?seed=3")`` navigates ``game_page`` to
                    ``index.html`` + suffix and waits until the page is ready.
``browser_context_args``  session: pytest-playwright's, with service workers blocked.
``browser``         function: the session's Chromium, launched afresh after a test whose
                    renderer crashed (:class:`BrowserKeeper`).

Helpers: :func:`wait_ready` (waits for ``body[data-ready=true]``, failing fast on
``.py-error``, a page error or a CSP violation) and :func:`chromium_launch_options` (also used by
``benchmarks/page_load.py``).

Environment: ``KSERI_READY_TIMEOUT`` (seconds, default 90) bounds the wait for ready.
"""

from __future__ import annotations

import json
import os
import re
import signal
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import urlsplit

import pytest

from devtools import serve as dev_server
from devtools.browser import chromium_launch_options

ROOT = Path(__file__).resolve().parents[2]
READY_TIMEOUT = float(os.environ.get("KSERI_READY_TIMEOUT", "90"))

def _check_runtime() -> None:
    needed = [
        "runtime/pyodide/pyodide.mjs",
        "runtime/pyodide/pyodide.asm.mjs",
        "runtime/pyodide/pyodide.asm.wasm",
        "runtime/pyodide/python_stdlib.zip",
        "runtime/pyodide/pyodide-lock.json",
        "runtime/pyscript/core.js",
        "runtime/pyscript/core.css",
    ]
    missing = [p for p in needed if not (ROOT / p).is_file()]
    if missing:
        pytest.fail(f"runtime not installed (missing {', '.join(missing)}): run scripts/setup --test", pytrace=False)


# --------------------------------------------------------------------------- fixtures


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, browser_name):
    """pytest-playwright's launch args plus ours (``playwright install`` can't fetch a browser here)."""
    ours = chromium_launch_options(browser_name)
    merged = {**browser_type_launch_args, **ours}
    merged["args"] = [*browser_type_launch_args.get("args", []), *ours.get("args", [])]
    if browser_name == "chromium":
        merged["args"].append("--process-per-site")  # with ContextPool's anchors: see its docstring
    return merged


class BrowserKeeper:
    """The session's Chromium, launched again for the test after one whose renderer crashed.

    A crashed renderer ("Target crashed", "Page crashed") has been seen on CI machines several
    times in one worker, late in a run, each test passing alone: pytest-rerunfailures gives such a
    test up to two more tries (pytest.ini), and each try gets a browser of its own. So does a test
    that hung (:func:`hang_guard`).
    """

    def __init__(self, launch: Any) -> None:
        self._launch = launch
        self._browser: Any = None
        self.crashed = False

    def get(self) -> Any:
        if self._browser is None or self.crashed or not self._browser.is_connected():
            self.close()
            self._browser = self._launch()
            self.crashed = False
        return self._browser

    def close(self) -> None:
        if self._browser is not None:
            with suppress(Exception):  # a browser that crashed may already be gone
                self._browser.close()
            self._browser = None


HANG_LIMIT = 480
"""Seconds a Chromium test may run before :func:`hang_guard` ends its browser: four times the slowest
test on a busy 2-core machine (115 s), since CI's machine has been slower still. pytest.ini's limit
(pytest-timeout, 660 s) is the last resort."""
HUNG = "the test hung: its Chromium was ended after"


def _chromium_descendants(root: int) -> list[int]:
    """The pids of the Chromium processes started below ``root`` (through Playwright's driver)."""
    children: dict[int, list[int]] = {}
    names: dict[int, str] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with suppress(OSError, ValueError, IndexError):
            text = stat.read_text()
            pid, rest = int(text.split(" ", 1)[0]), text.rsplit(")", 1)[1].split()
            children.setdefault(int(rest[1]), []).append(pid)
            names[pid] = text[text.index("(") + 1:text.rindex(")")]
    found, todo = [], [root]
    while todo:
        for child in children.get(todo.pop(), []):
            todo.append(child)
            if "chrom" in names.get(child, ""):
                found.append(child)
    return found


@pytest.fixture(autouse=True)
def hang_guard(request) -> Iterator[None]:
    """End this process's Chromium when a test runs past :data:`HANG_LIMIT`.

    A page whose script never returns holds a Playwright call (``evaluate`` has no time limit) and with
    it the whole run: on 2026-12-07 CI ran out of its 90 minutes with 2 of 2,600 tests left. Ending the
    browser makes the waiting call fail at once; :func:`pytest_runtest_call` says the test hung, and it
    gets the same two more tries as a crashed renderer, in a new browser (pytest.ini). pytest-timeout
    cannot do this itself: its signal lands in Playwright's event loop, which then never returns."""
    if "browser" not in request.fixturenames:  # no Chromium (the other browsers have limits of their own)
        yield
        return

    def end_chromium() -> None:
        request.node.stash[HUNG_KEY] = True
        for pid in _chromium_descendants(os.getpid()):
            with suppress(OSError):
                os.kill(pid, signal.SIGKILL)

    timer = threading.Timer(HANG_LIMIT, end_chromium)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()


HUNG_KEY = pytest.StashKey[bool]()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    """A test that :func:`hang_guard` ended fails with :data:`HUNG` (what pytest.ini reruns), not with the
    error of the Playwright call its browser's end interrupted."""
    outcome = yield
    if item.stash.get(HUNG_KEY, False) and outcome.excinfo is not None:
        keeper = item.config.stash.get(KEEPER, None)
        if keeper is not None:
            keeper.crashed = True
        outcome.force_exception(pytest.fail.Exception(f"{HUNG} {HANG_LIMIT} s", pytrace=False))


KEEPER = pytest.StashKey[BrowserKeeper]()
CRASHED = re.compile(r"(Target|Page) crashed|the test hung")
"""A renderer that crashed, or a test that hung (:func:`hang_guard`): as pytest.ini's ``--only-rerun``."""


@pytest.fixture(scope="session")
def browser_keeper(launch_browser, pytestconfig) -> Iterator[BrowserKeeper]:
    keeper = BrowserKeeper(launch_browser)
    pytestconfig.stash[KEEPER] = keeper
    yield keeper
    keeper.close()


@pytest.fixture
def browser(browser_keeper):
    """pytest-playwright's ``browser``, but a new one after a renderer crash (:class:`BrowserKeeper`)."""
    return browser_keeper.get()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, "rep_" + report.when, report)
    keeper = item.config.stash.get(KEEPER, None)
    if keeper is not None and report.failed and call.excinfo and CRASHED.search(str(call.excinfo.value)):
        keeper.crashed = True


class KeptContext(NamedTuple):
    """A context :class:`ContextPool` keeps: the browser it belongs to, and its anchor page."""

    browser: Any
    context: Any
    anchor: Any


class ContextPool:
    """Browser contexts kept across one worker's tests, one per set of context options.

    Why: a fresh context has an empty HTTP cache, so each page's first load compiles the Python
    runtime's WebAssembly again. Measured on a 2-core machine (Chromium's CPU time from /proc, a
    start from the snapshot as the tests make it, three contexts): a fresh context's first load took
    2.5-2.9 s of CPU, a second load in the same context 1.2 s. The browser tests are CPU-bound, so
    this is wall time too (docs/performance.md, "The test suite's time").

    What a test still gets fresh: every site data of the test servers' origins is cleared before
    it (storage, IndexedDB, cookies, caches, service workers), its pages are new (so is session
    storage), and the context's permissions, offline mode and routes are reset after it. Only the
    HTTP cache (and the compiled code kept with it) is shared: a test about a first visit, or one
    that counts what the network sends, asks for a context of its own (``first_visit`` or
    ``fresh_context``).

    Each kept context also keeps one small page of the test site open (its anchor), and the tests'
    Chromium runs one renderer process per site (``--process-per-site``). So a test's pages start in
    a renderer that has run the page before, whose V8 keeps the runtime's compiled WebAssembly and
    scripts in memory: no new process, no compiling again. Measured (Chromium's CPU time from /proc,
    a start from the snapshot, reduced motion, the second and third loads of one context): the
    renderer took 0.8-0.9 s to ready and 0.2-0.3 s in the three seconds after, against 1.9-2.3 s and
    0.9-1.3 s with a new renderer each time (benchmarks/warm_renderer.py measures it again). Only what
    V8 keeps per process is shared; each page has its own document, storage and Python. Pages a
    test opens at once in one context share that renderer's main thread, as same-site tabs in a
    busy browser may."""

    LIMIT = 4
    ANCHOR = "/static/favicon.svg"
    """A small page of the test site that each kept context keeps open (the class's docstring)."""

    def __init__(self) -> None:
        self._contexts: OrderedDict[str, KeptContext] = OrderedDict()

    def get(self, browser: Any, args: dict[str, Any], site_url: str) -> KeptContext:
        key = json.dumps(args, sort_keys=True, default=repr)
        kept = self._contexts.pop(key, None)
        if kept is not None and (kept.browser is not browser or not browser.is_connected()
                                 or kept.anchor.is_closed()):
            with suppress(Exception):
                kept.context.close()
            kept = None
        if kept is None:
            context = browser.new_context(**args)
            anchor = context.new_page()
            anchor.goto(f"{site_url}{self.ANCHOR}")
            kept = KeptContext(browser, context, anchor)
        self._contexts[key] = kept
        while len(self._contexts) > self.LIMIT:
            _, oldest = self._contexts.popitem(last=False)
            with suppress(Exception):
                oldest.context.close()
        return kept

    def lend(self, browser: Any, args: dict[str, Any], site_url: str) -> Any:
        """A kept context for ``args``, with the test servers' site data cleared."""
        kept = self.get(browser, args, site_url)
        port = urlsplit(site_url).port
        cdp = kept.context.new_cdp_session(kept.anchor)
        for origin in (site_url, f"http://localhost:{port}"):
            cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
        cdp.detach()
        return kept.context

    def give_back(self, context: Any, *, failed: bool = False) -> None:
        """Close the pages a test opened in ``context`` and reset what it may have set; a failed
        test's context (or one that cannot be reset) is closed, not kept."""
        kept = self._kept(context)
        try:
            for open_page in list(context.pages):
                if kept is None or open_page is not kept.anchor:
                    open_page.close()
            if kept is None or kept.anchor.is_closed():
                raise RuntimeError("the context's anchor page is gone")
            context.clear_permissions()
            context.set_offline(False)
            context.unroute_all()
        except Exception:
            failed = True
        if failed:
            self.drop(context)

    def drop(self, context: Any) -> None:
        """Forget ``context`` and close it."""
        for key, kept in list(self._contexts.items()):
            if kept.context is context:
                del self._contexts[key]
        with suppress(Exception):
            context.close()

    def close(self) -> None:
        for kept in self._contexts.values():
            with suppress(Exception):
                kept.context.close()
        self._contexts.clear()

    def _kept(self, context: Any) -> KeptContext | None:
        return next((kept for kept in self._contexts.values() if kept.context is context), None)


@pytest.fixture(scope="session")
def context_pool() -> Iterator[ContextPool]:
    pool = ContextPool()
    yield pool
    pool.close()


def failed(request: Any) -> bool:
    """Whether the test of ``request`` failed in its call."""
    report = getattr(request.node, "rep_call", None)
    return report is None or report.failed


@pytest.fixture
def context(browser, browser_context_args, request, context_pool, site_url):
    """pytest-playwright's ``context``, from :class:`ContextPool` unless the test is marked
    ``first_visit`` or ``fresh_context``."""
    marker = request.node.get_closest_marker("browser_context_args")
    args = {**browser_context_args, **(marker.kwargs if marker else {})}
    if request.node.get_closest_marker("first_visit") or request.node.get_closest_marker("fresh_context"):
        fresh = browser.new_context(**args)
        yield fresh
        with suppress(Exception):
            fresh.close()
        return
    kept = context_pool.lend(browser, args, site_url)
    yield kept
    context_pool.give_back(kept, failed=failed(request))


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """Fresh contexts block service workers, so no test is served from a cache another part
    of the page installed (``page.route`` cannot see requests a worker answers). The offline
    tests (test_offline.py) make their own contexts with ``service_workers="allow"``."""
    return {**browser_context_args, "service_workers": "block"}


@pytest.fixture(scope="session")
def site_url():
    """Base URL (no trailing slash) of the repo root served on 127.0.0.1 at a free port."""
    _check_runtime()
    # The zip and the interpreter's snapshot are made once here (seconds; remembered on disk
    # by the sources' hash), not inside the first test that asks for them.
    dev_server.pack.package_bytes(ROOT)
    dev_server.snapshot.snapshot_bytes(ROOT)
    serve = dev_server
    server, url = serve.start(ROOT)
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


# Runs in every document and frame before the page's own scripts. Each
# ``securitypolicyviolation`` goes into ``window.__cspViolations`` (for a test to read
# in the page) and, through the binding PageWatch.attach installs, straight to the
# watch: a violation just before a navigation is not lost with its document.
CSP_WATCH_JS = """(() => {
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    const text = `${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} in ${location.href}`
      + (e.sourceFile ? ` (${e.sourceFile}:${e.lineNumber})` : '') + (e.sample ? `: ${e.sample}` : '');
    window.__cspViolations.push(text);
    if (typeof window.__kseriCspViolation === 'function') window.__kseriCspViolation(text).catch(() => {});
  });
})();"""


@dataclass
class PageWatch:
    """What went wrong on a page. ``problems()`` is empty when all is well."""

    origin: str
    page_errors: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    csp_violations: list[str] = field(default_factory=list)
    off_origin: list[str] = field(default_factory=list)
    bad_responses: list[str] = field(default_factory=list)
    failed_requests: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)
    contexts: list[Any] = field(default_factory=list, repr=False)
    """The contexts listened to: :meth:`detach` stops, as a kept context outlives its test."""

    def is_same_origin(self, url: str) -> bool:
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob"):
            return True
        return f"{parts.scheme}://{parts.netloc}" == self.origin

    def attach(self, page) -> None:
        page.on("pageerror", lambda exc: self.page_errors.append(f"{exc.name}: {exc.message}\n{exc.stack or ''}"))
        page.on("console", self._on_console)
        page.expose_function("__kseriCspViolation", lambda text: self.csp_violations.append(text))
        page.add_init_script(CSP_WATCH_JS)
        # Context-level so requests from workers and service workers count too; once a context,
        # so that a request counts once whatever number of the test's pages it has.
        if page.context not in self.contexts:
            self.contexts.append(page.context)
            for event, handler in self._context_handlers():
                page.context.on(event, handler)

    def detach(self) -> None:
        """Stop listening to the contexts (a kept context goes on to the next test)."""
        for context in self.contexts:
            for event, handler in self._context_handlers():
                with suppress(Exception):
                    context.remove_listener(event, handler)
        self.contexts.clear()

    def _context_handlers(self) -> list[tuple[str, Any]]:
        return [("request", self._on_request), ("response", self._on_response),
                ("requestfailed", self._on_request_failed)]

    def _on_console(self, msg) -> None:
        if msg.type == "error":
            loc = msg.location or {}
            where = f" ({loc.get('url', '')}:{loc.get('lineNumber', '')})" if loc.get("url") else ""
            self.console_errors.append(msg.text + where)

    def _on_request(self, request) -> None:
        self.requests.append(request.url)
        if not self.is_same_origin(request.url):
            self.off_origin.append(f"{request.method} {request.url}")

    def _on_response(self, response) -> None:
        if response.status >= 400 and self.is_same_origin(response.url):
            self.bad_responses.append(f"{response.status} {response.url}")

    def _on_request_failed(self, request) -> None:
        failure = request.failure or ""
        if self.is_same_origin(request.url) and "ERR_ABORTED" not in failure:
            self.failed_requests.append(f"{request.url}: {failure}")

    def problems(self) -> list[str]:
        out = []
        for label, items in [
            ("page error", self.page_errors),
            ("console error", self.console_errors),
            ("Content-Security-Policy violation", self.csp_violations),
            ("request off the site's origin", self.off_origin),
            ("HTTP error", self.bad_responses),
            ("failed request", self.failed_requests),
        ]:
            out.extend(f"{label}: {item}" for item in items)
        return out

    def wait_ready(self, page, timeout: float | None = None) -> float:
        """Same as :func:`wait_ready` with this watch (handy where conftest can't be imported)."""
        return wait_ready(page, self, READY_TIMEOUT if timeout is None else timeout)

    def clear(self) -> None:
        """Forget what was seen so far (for a test that provokes an error on purpose)."""
        for items in (self.page_errors, self.console_errors, self.csp_violations, self.off_origin,
                      self.bad_responses, self.failed_requests):
            items.clear()


# Runs before the page's scripts: Python starts from the interpreter's memory snapshot, as on a
# return visit, instead of afresh as on a first visit (about 1.7 s less of a page load's CPU here:
# 2.0 s against 3.7 s, the median of six each). The page uses the snapshot only when its service
# worker answers it; test contexts block workers (see browser_context_args), so this stands in
# for one: a controller to see (whose messages go nowhere) and the snapshot's cache-only read sent
# to the server. The page still checks the snapshot against the package it was made from.
# First visits keep their own tests (marked ``first_visit``, and pages opened without ``watch_page``).
RETURN_VISIT_JS = """(() => {
  const own = Object.getOwnPropertyDescriptor(ServiceWorkerContainer.prototype, 'controller');
  const standIn = { postMessage() {} };
  Object.defineProperty(ServiceWorkerContainer.prototype, 'controller', {
    configurable: true,
    get() { return (own && own.get.call(this)) || standIn; },
  });
  const fetchOwn = window.fetch;
  window.fetch = function (input, init) {
    const url = typeof input === 'string' ? input : String(input && input.url);
    if (init && init.cache === 'only-if-cached' && url.endsWith('/kseri-snapshot.gz')) {
      init = { ...init, cache: 'default' };
    }
    return fetchOwn.call(this, input, init);
  };
})();"""


def watch_page(page, watch: PageWatch, *, first_visit: bool = False) -> None:
    """Every test page's start: ``watch`` sees its errors, and (in a context that blocks service
    workers, as test contexts do) it starts Python from the snapshot as a return visit does,
    unless it stands for a ``first_visit``."""
    watch.attach(page)
    if not first_visit:
        page.add_init_script(RETURN_VISIT_JS)


@pytest.fixture
def page_watch(site_url):
    watch = PageWatch(origin=site_url)
    yield watch
    watch.detach()


@pytest.fixture
def game_page(page, page_watch, request):
    """A fresh page (fresh context) whose errors, CSP violations and off-origin requests fail the test.

    It starts Python as a return visit does (from the snapshot), unless the test is marked
    ``first_visit``."""
    watch_page(page, page_watch, first_visit=request.node.get_closest_marker("first_visit") is not None)
    yield page
    problems = page_watch.problems()
    if problems:
        pytest.fail("the page reported problems:\n  " + "\n  ".join(problems), pytrace=False)


_STATE_JS = """() => {
  const err = document.querySelector('.py-error');
  if (err) return 'error:' + (err.textContent || '').trim();
  return document.body && document.body.dataset.ready === 'true' ? 'ready' : 'waiting';
}"""


def wait_ready(page, watch: PageWatch | None = None, timeout: float = READY_TIMEOUT) -> float:
    """Wait for ``body[data-ready=true]``; return the seconds waited.

    Fails at once if PyScript shows its error box (``.py-error``: an exception in
    the main script shows only there), the page throws or the page's policy blocks
    something (a blocked script would only make it hang); fails after ``timeout``
    seconds otherwise (a missing runtime file makes the page hang, not fail).
    """
    from playwright.sync_api import Error as PlaywrightError

    start = time.monotonic()
    while True:
        try:
            state = page.evaluate(_STATE_JS)
        except PlaywrightError:  # navigation in progress: the context was replaced
            state = "waiting"
        if state == "ready":
            return time.monotonic() - start
        if state.startswith("error:"):
            pytest.fail(f"PyScript error box appeared:\n{state[6:]}", pytrace=False)
        if watch is not None and watch.page_errors:
            pytest.fail("page error while loading:\n" + "\n".join(watch.page_errors), pytrace=False)
        if watch is not None and watch.csp_violations:
            pytest.fail("Content-Security-Policy violation while loading:\n" + "\n".join(watch.csp_violations),
                        pytrace=False)
        if time.monotonic() - start > timeout:
            seen = "\n  ".join(watch.problems()) if watch else "(no watch)"
            pytest.fail(f"page not ready after {timeout:.0f} s; problems seen:\n  {seen}", pytrace=False)
        page.wait_for_timeout(100)


def reload_page(page) -> None:
    """``page.reload()``, once more if Chromium reports the reload aborted (``net::ERR_ABORTED``;
    seen once in a suite run beside two busy processes, after the page had long been ready, cause
    not found). A mark set in the old document tells a reload that happened from one that did not,
    so no test goes on with the old document."""
    from playwright.sync_api import Error as PlaywrightError

    for attempt in range(2):
        page.evaluate("() => { window.__kseriBeforeReload = true; }")
        try:
            page.reload()
            return
        except PlaywrightError as error:
            if "ERR_ABORTED" not in str(error) or attempt:
                raise
            page.wait_for_load_state("load")
            if not page.evaluate("() => window.__kseriBeforeReload === true"):
                return  # the reload did happen


@pytest.fixture
def open_game(game_page, page_watch, site_url):
    """``open_game(suffix="")``: load ``index.html`` + suffix in ``game_page``, wait until ready."""

    def _open(suffix: str = ""):
        game_page.goto(f"{site_url}/index.html{suffix}")
        wait_ready(game_page, page_watch)
        return game_page

    return _open


@dataclass
class OwnSite:
    """A page on a server of its own (see :func:`own_site`)."""

    url: str
    page: Any
    watch: PageWatch
    server: Any
    running: bool = True

    def stop_server(self) -> None:
        if self.running:
            self.running = False
            self.server.shutdown()
            self.server.server_close()


@contextmanager
def own_site(browser, directory: Path, **context_args) -> Iterator[OwnSite]:
    """Serve ``directory`` on a server of its own (one a test may stop, unlike ``site_url``)
    and open a watched page in a fresh context; close both afterwards."""
    server, url = dev_server.start(directory)
    context = browser.new_context(**context_args)
    site = OwnSite(url=url, page=context.new_page(), watch=PageWatch(origin=url), server=server)
    site.watch.attach(site.page)
    try:
        yield site
    finally:
        context.close()
        site.stop_server()
