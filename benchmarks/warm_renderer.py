"""What a page load costs Chromium when its renderer is new, and when it joins a warm one.

The browser tests keep their contexts (tests/browser/conftest.py, ``ContextPool``): each keeps one
small page of the site open, and their Chromium runs with ``--process-per-site``, so a test's page
joins the renderer that already ran the game and finds the runtime compiled. This measures both
ways on this machine, as the tests load the page (a return visit, from the interpreter's snapshot,
reduced motion):

  new   -- a kept context, each page in a renderer of its own (what the tests did before);
  warm  -- the same with the anchor page and ``--process-per-site`` (what they do now).

Each mode has a browser of its own, launched when its turn comes (the two modes take turns, the
order alternating by round), one load to warm its caches, then ``--loads`` loads measured. A load's
cost is the CPU time (user + system, from /proc) of every Chromium process, from navigation until
three seconds after ``body[data-ready=true]`` (the page's warm-up after it is ready counts too).
Only one browser runs at a time, so all of that CPU is the load's. Reported: the median per mode
and the ratio of the medians.

    .venv/bin/python benchmarks/warm_renderer.py [--rounds 2] [--loads 3]

Needs ``scripts/setup --test``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from devtools import serve  # noqa: E402
from devtools.browser import chromium_launch_options, playwright_sync_api  # noqa: E402
from tests.browser.conftest import RETURN_VISIT_JS, ContextPool  # noqa: E402

AFTER_READY_S = 3.0


def chromium_cpu_seconds() -> float:
    """User + system CPU of every live Chromium process."""
    total = 0
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if b"chromium" not in Path(f"/proc/{pid}/cmdline").read_bytes():
                continue
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # gone meanwhile
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def measure(sync_api, url: str, *, warm: bool, loads: int) -> list[float]:
    """CPU seconds of each of ``loads`` page loads after one unmeasured load."""
    options = chromium_launch_options()
    if warm:
        options["args"].append("--process-per-site")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(**options)
        context = browser.new_context(service_workers="block", reduced_motion="reduce")
        if warm:
            context.new_page().goto(f"{url}{ContextPool.ANCHOR}")
        costs = []
        for n in range(loads + 1):
            page = context.new_page()
            page.add_init_script(RETURN_VISIT_JS)
            before = chromium_cpu_seconds()
            page.goto(f"{url}/index.html?seed=3&level=easy")
            page.wait_for_selector("body[data-ready=true]", timeout=120_000)
            time.sleep(AFTER_READY_S)
            if n:
                costs.append(chromium_cpu_seconds() - before)
            page.close()
        browser.close()
    return costs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="A page load's Chromium CPU: a new renderer against a warm one.")
    parser.add_argument("--rounds", type=int, default=2, help="turns of each mode (default 2)")
    parser.add_argument("--loads", type=int, default=3, help="measured loads per turn (default 3)")
    args = parser.parse_args(argv)
    sync_api = playwright_sync_api()
    serve.pack.package_bytes(ROOT)
    serve.snapshot.snapshot_bytes(ROOT)
    server, url = serve.start(ROOT)
    costs: dict[str, list[float]] = {"new": [], "warm": []}
    try:
        for turn in range(args.rounds):
            for mode in (("new", "warm") if turn % 2 == 0 else ("warm", "new")):
                costs[mode] += measure(sync_api, url, warm=mode == "warm", loads=args.loads)
    finally:
        server.shutdown()
    for mode, values in costs.items():
        print(f"{mode:5} renderer: median {statistics.median(values):.2f} s of CPU a load "
              f"({len(values)} loads, {min(values):.2f}-{max(values):.2f})")
    print(f"warm / new: {statistics.median(costs['warm']) / statistics.median(costs['new']):.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
