"""Main-thread long tasks while the hard bot thinks and the hint is worked out, in the page.

The bots think in slices (``step(max_ms)``) so that the page never stalls; the tests bound
the work of one slice in CPython (``tests/bots/test_bounds.py``), and this benchmark measures
what that gives in the browser: a ``longtask`` observer (tasks over 50 ms) runs from the
moment the table is ready while you play against ``hard`` (your first playable card each
turn, animations skipped) and ask for a hint once, at the Greek table and at the open table.
For each run it reports the longest task and how many went over 50 ms; the summary gives the
median and the worst over the runs, beside the load average (a busy machine lengthens tasks).

    python3 benchmarks/long_tasks.py [--runs 3] [--turns 8] [--tables greek,sums]

Needs ``scripts/setup --test`` (runtime/ and Chromium).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.in_chromium import site_and_chromium  # noqa: E402

QUERIES = {"greek": "?seed=5&level=hard", "sums": "?rules=sums&seed=5&level=hard"}

OBSERVE_JS = """() => {
  window.__longTasks = [];
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) window.__longTasks.push(Math.round(e.duration));
  }).observe({type: 'longtask'});
}"""

SETTLED_JS = """() => document.body.dataset.busy === 'false' && (
  document.querySelector('#hand [data-card]:not([disabled])') || document.querySelector('dialog[open]'))"""

HINTED_JS = "() => [...document.querySelectorAll('#hand [data-card]')].every(b => b.dataset.hint)"


def play_one(page, *, skip: bool = True, choose_ms: int = 0) -> bool:
    """Play your first card that can be played (its first way at the open table); False at a dialog.
    With ``skip``, the flights and pauses that follow are skipped (Space), as a hurried player does;
    ``choose_ms``: the time you take to choose once the table is settled."""
    page.wait_for_function(SETTLED_JS, timeout=120_000)
    if page.locator("dialog[open]").count():
        return False
    if choose_ms:
        page.wait_for_timeout(choose_ms)
    for button in page.locator("#hand [data-card]:not([disabled])").all():
        button.click()
        if page.locator("#ways:not([hidden]) .ways-refusal").count():
            page.click("#ways .way-cancel")  # a loose card refused while you own a build
            continue
        if page.locator("#ways:not([hidden]) [data-move]").count():
            page.locator("#ways [data-move]").first.click()
        break
    for _ in range(6 if skip else 0):  # skip the flights
        page.keyboard.press("Space")
        page.wait_for_timeout(40)
    return True


def one_run(browser, base: str, table: str, turns: int) -> list[int]:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    try:
        page = context.new_page()
        page.goto(f"{base}/index.html{QUERIES[table]}")
        page.wait_for_function("document.body.dataset.ready === 'true'", timeout=180_000)
        page.evaluate(OBSERVE_JS)  # only after ready: starting Pyodide is one long task by nature
        for turn in range(turns):
            if turn == turns // 2:
                page.wait_for_function(SETTLED_JS, timeout=120_000)
                page.click("#hint-button")
                page.wait_for_function(HINTED_JS, timeout=120_000)
            if not play_one(page):
                break
        page.wait_for_function(SETTLED_JS, timeout=120_000)
        return list(page.evaluate("window.__longTasks"))
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--turns", type=int, default=8)
    parser.add_argument("--tables", default="greek,sums")
    args = parser.parse_args()
    tables = args.tables.split(",")
    longest: dict[str, list[int]] = {t: [] for t in tables}
    over: dict[str, list[int]] = {t: [] for t in tables}
    loads = [os.getloadavg()[0]]
    with site_and_chromium() as (browser, base):
        for run in range(args.runs):
            for table in tables:
                tasks = one_run(browser, base, table, args.turns)
                longest[table].append(max(tasks, default=0))
                over[table].append(len(tasks))
                loads.append(os.getloadavg()[0])
                print(f"run {run + 1} {table}: {len(tasks)} tasks over 50 ms, longest {max(tasks, default=0)} ms"
                      f" (load {loads[-1]:.1f})", flush=True)
    print(f"\nload average {min(loads):.1f}-{max(loads):.1f}")
    print("table   runs   longest task: median   worst   tasks over 50 ms: median")
    for table in tables:
        print(f"{table:<7} {len(longest[table]):>4}   {statistics.median(longest[table]):>18.0f} ms"
              f" {max(longest[table]):>5} ms   {statistics.median(over[table]):>10.0f}")


if __name__ == "__main__":
    main()
