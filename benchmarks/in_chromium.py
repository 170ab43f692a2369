"""Run a benchmark script on the main thread of a Chromium page, by the site's own Pyodide, as the game
page runs Python (``benchmarks/script_page.html``): the shared part of ``bot_speed_chromium.py`` and
``duel_speed_chromium.py``. Needs ``scripts/setup --test`` (runtime/ and Chromium).

    python3 benchmarks/in_chromium.py SCRIPT [ARGS ...]     (e.g. bot_speed --rounds 3)
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from devtools import serve as dev_server  # noqa: E402
from devtools.browser import chromium_launch_options, playwright_sync_api  # noqa: E402


def load() -> str:
    """The machine's load averages, for the report."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


@contextmanager
def site_and_chromium() -> Iterator[tuple[Any, str]]:
    """The site served from this checkout and headless Chromium: ``(browser, base URL)``; both stopped after."""
    sync_playwright = playwright_sync_api().sync_playwright

    server, url = dev_server.start(ROOT)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**chromium_launch_options())
            try:
                yield browser, url
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()


def run_in_chromium(script: str, script_args: list[str], *, timeout: float) -> int:
    """Run ``benchmarks/<script>.py``'s ``main(script_args)`` in the page, print what it printed
    (with Chromium's version and the load average before and after); 1 if it failed."""
    with site_and_chromium() as (browser, url):
        page = browser.new_page()
        before = load()
        page.goto(f"{url}/benchmarks/script_page.html?script={script}&args={quote(','.join(script_args))}")
        page.wait_for_function("() => document.body.dataset.done", timeout=timeout * 1000)
        text = page.locator("#output").inner_text()
        version = browser.version
    print(f"Chromium {version}; load average before: {before}, after: {load()}\n")
    print(text)
    return 0 if "error:" not in text else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("script", help="a benchmark in benchmarks/ with a main(argv), without .py: bot_speed")
    parser.add_argument("args", nargs=argparse.REMAINDER, help="its arguments")
    parser.add_argument("--timeout", type=float, default=1800.0, help="seconds")
    args = parser.parse_args()
    return run_in_chromium(args.script, args.args, timeout=args.timeout)


if __name__ == "__main__":
    sys.exit(main())
