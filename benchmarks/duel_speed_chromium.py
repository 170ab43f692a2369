"""The fair deal's cost and the messages' sizes in Chromium: ``benchmarks/duel_speed.py`` run on the page's main
thread by the site's own Pyodide (``benchmarks/duel_speed_page.html``), as the game page computes it.

    python3 benchmarks/duel_speed_chromium.py [--repeat N]

Prints the same tables as ``duel_speed.py`` (wall-clock medians) and the machine's load average before and
after. Needs ``scripts/setup --test`` (runtime/ and Chromium).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from devtools import serve as dev_server  # noqa: E402
from devtools.browser import chromium_launch_options  # noqa: E402


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--timeout", type=float, default=1800.0, help="seconds")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server, url = dev_server.start(ROOT)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**chromium_launch_options())
            page = browser.new_page()
            before = load()
            page.goto(f"{url}/benchmarks/duel_speed_page.html?args={quote(f'--repeat,{args.repeat}')}")
            page.wait_for_function("() => document.body.dataset.done", timeout=args.timeout * 1000)
            text = page.locator("#output").inner_text()
            version = browser.version
            browser.close()
    finally:
        server.shutdown()
    print(f"Chromium {version}; load average before: {before}, after: {load()}\n")
    print(text)
    return 0 if "error:" not in text else 1


if __name__ == "__main__":
    sys.exit(main())
