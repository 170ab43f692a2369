"""Shared test settings.

Hypothesis explores new examples on every local run; in CI (``CI`` set) it is
derandomized, so a green or red result on the same commit is reproducible.
"""

import os
import shutil
from contextlib import suppress
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


def pytest_collection_modifyitems(config, items):
    """Everything under ``tests/browser/`` drives a browser: mark it so ``-m "not browser"``
    (``scripts/test --fast``) leaves it out."""
    browser_dir = os.path.join(os.path.dirname(__file__), "browser") + os.sep
    for item in items:
        if str(item.path).startswith(browser_dir):
            item.add_marker(pytest.mark.browser)


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
