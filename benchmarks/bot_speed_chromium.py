"""Think time per move of each bot level in Chromium: ``benchmarks/bot_speed.py`` run on the page's
main thread by the site's own Pyodide (``benchmarks/bot_speed_page.html``), as the game page thinks.

    python3 benchmarks/bot_speed_chromium.py [--rounds N] [--levels easy,medium,hard] [--rules R]

Prints the same markdown table as ``bot_speed.py`` (wall-clock times: in the browser Python has no
CPU clock of its own, so the CPU columns repeat the wall clock) and the machine's load average
before and after. Needs ``scripts/setup --test`` (runtime/ and Chromium).
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
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--levels", default="hard")
    parser.add_argument("--rules", default="greek")
    parser.add_argument("--timeout", type=float, default=1800.0, help="seconds")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    script_args = ",".join(["--rounds", str(args.rounds), "--levels", args.levels, "--rules", args.rules])
    server, url = dev_server.start(ROOT)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**chromium_launch_options())
            page = browser.new_page()
            before = load()
            page.goto(f"{url}/benchmarks/bot_speed_page.html?args={quote(script_args)}")
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
