"""First visit on a slow network: time to ready, and how the loading bar moves.

Chromium's own network emulation (DevTools protocol) throttles a fresh browser context
(empty cache, no service worker) to the given speed and latency; the benchmark loads
our ``index.html`` and a bare PyScript page on the same runtime (``benchmarks/bare.html``),
alternating, and reports for each the median time from navigation to ``data-ready`` (set
by the bare page's one-line script), the ratio, and for ours the
bar's movement: samples taken every 250 ms, how many distinct positions it showed and
its longest stillness.

    python3 benchmarks/slow_network.py [--runs N] [--mbit 1.6] [--latency 150] [--shot FILE]

Needs ``scripts/setup --test`` (runtime/ and Chromium).
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from devtools import serve as dev_server  # noqa: E402
from devtools.browser import chromium_launch_options, playwright_sync_api  # noqa: E402

BAR_JS = """() => {
  const bar = document.querySelector('#loading .progress .bar');
  const transform = bar && getComputedStyle(bar).transform;
  // 'none': the style sheet has not arrived yet, and the unstyled bar is not drawn.
  return transform && transform !== 'none' ? new DOMMatrix(transform).a : null;
}"""
READY_JS = """() => !!document.body && document.body.dataset.ready === 'true'"""


def load(browser, url: str, mbit: float, latency: float, shot: str | None) -> tuple[float, list[float]]:
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    rate = mbit * 1_000_000 / 8
    cdp.send("Network.emulateNetworkConditions",
             {"offline": False, "latency": latency, "downloadThroughput": rate, "uploadThroughput": rate})
    started = time.monotonic()
    page.goto(url, wait_until="commit")
    bars: list[float] = []
    shot_taken = shot is None
    while True:
        try:
            if page.evaluate(READY_JS):
                break
            bar = page.evaluate(BAR_JS)
        except Exception:
            bar = None
        if bar is not None:
            bars.append(round(bar, 3))
        if not shot_taken and time.monotonic() - started > 20:
            page.screenshot(path=shot)
            shot_taken = True
        if time.monotonic() - started > 600:
            raise TimeoutError(f"{url} not ready after 600 s")
        time.sleep(0.25)
    elapsed = time.monotonic() - started
    context.close()
    return elapsed, bars


def longest_still(values: list[float]) -> int:
    longest = run = 0
    for before, after in itertools.pairwise(values):
        run = run + 1 if after == before else 0
        longest = max(longest, run)
    return longest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--mbit", type=float, default=1.6)
    parser.add_argument("--latency", type=float, default=150)
    parser.add_argument("--shot", default=None, help="a screenshot of our page after 20 s, to look at")
    args = parser.parse_args()
    sync_playwright = playwright_sync_api().sync_playwright

    server, base = dev_server.start(ROOT)
    times: dict[str, list[float]] = {"ours": [], "bare": []}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(**chromium_launch_options("chromium"))
            for run in range(args.runs):
                order = ("ours", "bare") if run % 2 == 0 else ("bare", "ours")
                for name in order:
                    url = f"{base}/index.html?seed=1" if name == "ours" else f"{base}/benchmarks/bare.html"
                    elapsed, bars = load(browser, url, args.mbit, args.latency, args.shot if name == "ours" else None)
                    times[name].append(elapsed)
                    line = f"run {run + 1} {name}: ready after {elapsed:.1f} s"
                    if name == "ours":
                        backs = [(i, a, b) for i, (a, b) in enumerate(itertools.pairwise(bars)) if b < a]
                        line += (f"; bar: {len(bars)} samples, {len(set(bars))} positions, longest still "
                                 f"{longest_still(bars) * 0.25:.1f} s, steps back: {backs[:5] or 'none'}")
                    print(line, flush=True)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    ours, bare = statistics.median(times["ours"]), statistics.median(times["bare"])
    print(f"\n{args.mbit} Mbit/s, {args.latency:.0f} ms: ours {ours:.1f} s, bare {bare:.1f} s, "
          f"ratio {ours / bare:.2f}×")


if __name__ == "__main__":
    main()
