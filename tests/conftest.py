"""Shared test settings.

Hypothesis explores new examples on every local run; in CI (``CI`` set) it is
derandomized, so a green or red result on the same commit is reproducible.
"""

import os
import shutil
import time
from contextlib import suppress
from pathlib import Path

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
