"""Shared test settings.

Hypothesis explores new examples on every local run; in CI (``CI`` set) it is
derandomized, so a green or red result on the same commit is reproducible.
"""

import os
import shutil
import threading
import time
from contextlib import suppress
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


def pytest_collection_modifyitems(config, items):
    """Everything under ``tests/browser/`` drives a browser: mark it so ``-m "not browser"``
    (``scripts/test --fast``) leaves it out.

    ``scripts/test`` hands the tests to its processes one by one (pytest-xdist's ``loadgroup``), so
    both stay busy to the end: handed out file by file, the last files (those of one or two long
    tests: the other browsers, the updates) kept one process working while the other had nothing
    left. A file whose tests share a fixture made once per file stays in one process."""
    browser_dir = os.path.join(os.path.dirname(__file__), "browser") + os.sep
    for item in items:
        if str(item.path).startswith(browser_dir):
            item.add_marker(pytest.mark.browser)
        info = getattr(item, "_fixtureinfo", None)
        definitions = info.name2fixturedefs.values() if info is not None else ()
        if any(d.scope in ("module", "class", "package") for defs in definitions for d in defs):
            item.add_marker(pytest.mark.xdist_group(name=str(item.path)))


@pytest.hookimpl(trylast=True)
def pytest_terminal_summary(terminalreporter) -> None:
    """Chromium's shared memory, the disk's and the memory's room, under the results (``-q`` hides the header):
    the first things to read when a renderer crashes on a machine we cannot log in to."""
    room = []
    for folder in ("/dev/shm", "/tmp"):
        with suppress(OSError):
            usage = shutil.disk_usage(folder)
            room.append(f"{folder} {usage.total / 2**20:,.0f} MiB ({usage.free / 2**20:,.0f} free)")
    with suppress(OSError, ValueError, IndexError):
        meminfo = dict(line.split(":", 1) for line in Path("/proc/meminfo").read_text().splitlines())
        room.append(f"memory {int(meminfo['MemAvailable'].split()[0]) / 1024:,.0f} MiB available")
    terminalreporter.write_line("room: " + ", ".join(room))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """With ``KSERI_TEST_TIMELINE=FILE``, each test's process, start and end (wall clock, seconds)
    and id go to FILE, one line each: how the two processes of ``scripts/test`` share the work, and
    how long one waits for the other at the end (docs/performance.md, "The test suite's time")."""
    timeline = os.environ.get("KSERI_TEST_TIMELINE")
    start = time.time()
    yield
    if timeline:
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        with open(timeline, "a", encoding="utf-8") as out:
            out.write(f"{worker}\t{start:.3f}\t{time.time():.3f}\t{item.nodeid}\n")


class LongRunningTests:
    """A plugin of pytest-xdist's controller (``scripts/test`` runs two processes): a line for each test
    still running after :attr:`AFTER` seconds, again every :attr:`AFTER` seconds while it runs. (In a
    run of one process the test's own output capture swallows the line.)

    Why: on 2026-12-07 CI stopped the suite at its 90 minutes with 2 of 2,600 tests left, and its log
    (``-q``'s dots) could not tell which two. These lines would have. No test runs that long on a
    working machine (the longest took 115 s on a busy one), so a normal run prints none.
    ``KSERI_LONG_TEST_SECONDS`` sets another limit."""

    AFTER = float(os.environ.get("KSERI_LONG_TEST_SECONDS", "240"))

    def __init__(self, config: Any) -> None:
        self._config = config
        self._running: dict[str, float] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()

    def pytest_sessionstart(self) -> None:
        threading.Thread(target=self._watch, name="long-running-tests", daemon=True).start()

    def pytest_sessionfinish(self) -> None:
        self._stop.set()

    def pytest_runtest_logstart(self, nodeid: str) -> None:
        with self._lock:
            self._running[nodeid] = time.monotonic()

    def pytest_runtest_logreport(self, report: Any) -> None:
        """A test's teardown ends it; so does the report of a process that crashed under it (``when``
        is then neither setup nor call)."""
        if report.when not in ("setup", "call"):
            with self._lock:
                self._running.pop(report.nodeid, None)

    def _watch(self) -> None:
        told: dict[str, float] = {}
        while not self._stop.wait(self.AFTER / 8):
            now = time.monotonic()
            with self._lock:
                running = dict(self._running)
            for nodeid, since in running.items():
                if now - since >= self.AFTER and now - told.get(nodeid, since) >= self.AFTER:
                    told[nodeid] = now
                    reporter = self._config.pluginmanager.get_plugin("terminalreporter")
                    reporter.write(f"\nstill running after {now - since:.0f} s: {nodeid}\n")  # off the dots' line


def pytest_configure(config) -> None:
    if not hasattr(config, "workerinput"):
        config.pluginmanager.register(LongRunningTests(config), "kseri-long-running-tests")
