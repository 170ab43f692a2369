"""Hint latency in the page: from a click on Hint to the values on your cards.

The table works the hint out while you look at your cards (``kseri.web.turns``:
think-ahead), so how long the answer takes depends on how long you looked. For each
of your turns in a seeded game against the easy bot, the benchmark waits a given
time after your turn comes up, clicks Hint, and measures inside the page (a
MutationObserver notes when the first value badge appears), then plays the best
card. It reports the median and the 90th percentile for each waiting time; the
"at once" column (no wait) is the baseline the think-ahead is measured against.

    python3 benchmarks/hint_latency.py [--turns N] [--waits 0,0.5,1.5] [--seed S]

Needs ``scripts/setup --test`` (runtime/ and Chromium). Reduced motion keeps the
animations out of the figures.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from devtools import serve as dev_server  # noqa: E402
from devtools.browser import chromium_launch_options, playwright_sync_api  # noqa: E402

PLAYABLE = "#hand button[data-card]:not([disabled])"

CLICK_AND_TIME = """() => new Promise((resolve) => {
  const hand = document.getElementById('hand');
  const started = performance.now();
  const seen = () => hand.querySelector('.hint-badge');
  const observer = new MutationObserver(() => {
    if (seen()) { observer.disconnect(); resolve(performance.now() - started); }
  });
  observer.observe(hand, {subtree: true, childList: true});
  document.getElementById('hint-button').click();
  if (seen()) { observer.disconnect(); resolve(0); }
})"""


def measure(turns: int, waits: list[float], seed: int) -> dict[float, list[float]]:
    sync_playwright = playwright_sync_api().sync_playwright

    server, base = dev_server.start(ROOT)
    results: dict[float, list[float]] = {w: [] for w in waits}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(**chromium_launch_options("chromium"))
            for wait in waits:
                context = browser.new_context(reduced_motion="reduce", viewport={"width": 1280, "height": 800})
                page = context.new_page()
                page.goto(f"{base}/index.html?seed={seed}&level=easy")
                page.wait_for_function("document.body.dataset.ready === 'true'", timeout=180_000)
                page.wait_for_timeout(2500)  # the search's modules load in the first seconds (warm-up)
                for _ in range(turns):
                    page.wait_for_function(
                        f"() => document.querySelector('{PLAYABLE}') && document.body.dataset.busy === 'false'"
                        " || document.querySelector('dialog[open]')", timeout=120_000)
                    if page.locator("dialog[open]").count():
                        break
                    page.wait_for_timeout(wait * 1000)
                    results[wait].append(page.evaluate(CLICK_AND_TIME))
                    page.locator("#hand button.is-best:not([disabled]), " + PLAYABLE).first.click()
                print(f"waited {wait:.1f} s: {len(results[wait])} hints", flush=True)
                context.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=10)
    parser.add_argument("--waits", default="0,0.5,1.5", help="seconds to look at the cards before asking")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    waits = [float(w) for w in args.waits.split(",")]
    results = measure(args.turns, waits, args.seed)
    base = statistics.median(results[waits[0]]) if results[waits[0]] else float("nan")
    print("\nwait before Hint   hints   median ms   p90 ms   median vs first column")
    for wait, times in results.items():
        if not times:
            continue
        times = sorted(times)
        p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
        median = statistics.median(times)
        ratio = median / base if base else 0.0
        print(f"{wait:>10.1f} s    {len(times):>6}   {median:>9.0f}   {p90:>6.0f}   {ratio:>8.2f}×")


if __name__ == "__main__":
    main()
