"""The harness's answer to a crashed renderer (conftest.BrowserKeeper, pytest.ini's --only-rerun)."""

from __future__ import annotations

import os
import signal

import pytest
from playwright.sync_api import Error

from .conftest import CRASHED


def test_a_crashed_renderer_says_crashed_and_the_next_browser_is_new(browser_keeper):
    """The words pytest.ini reruns on are the ones Playwright gives when a renderer dies, and after
    a crash the keeper launches a browser of its own (the old one closed) instead of handing back
    the same one."""
    browser = browser_keeper.get()
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto("about:blank")
        # Killed from outside, as the kernel would kill it: this worker's browser runs no other test.
        info = browser.new_browser_cdp_session().send("SystemInfo.getProcessInfo")
        for process in info["processInfo"]:
            if process["type"] == "renderer":
                os.kill(process["id"], signal.SIGKILL)
        with pytest.raises(Error) as crash:
            page.wait_for_timeout(5_000)  # the crash arrives as this call's error
        assert CRASHED.search(str(crash.value)), crash.value
    finally:
        context.close()
    browser_keeper.crashed = True
    fresh = browser_keeper.get()
    assert fresh is not browser and fresh.is_connected() and not browser.is_connected()
    assert browser_keeper.get() is fresh  # with no crash since, the same browser
    fresh.new_page().close()
