"""Is the bot's move ready before its card would start to fly? In the page, per level.

The page shows a bot's play no sooner than :data:`kseri.web.pace.BOT_MIN_THINK` after its turn
comes up (650 ms at the normal speed): that pause is what a player sees as the bot thinking, and a
bot that needs longer keeps the table waiting. This benchmark plays you against each level at the
two-seat Greek table, the open table and Pişti at four and six seats (``--tables``) with reduced
motion (the page then skips every pause, so the bot's turn lasts exactly as long as its search plus
drawing its play) and times each bot turn from ``body[data-phase]``: from ``bot`` to the next
phase, and with several bots in a row, from one play to the next (the pile's ``data-count``
changes at every play; see :func:`split_turns`). (A ``MutationObserver`` reports the
phase at the end of a task, so a bot turn begun and ended in one task, as ``easy``'s often are, is
not seen: the turns timed are those that took more than one task.) It also counts main-thread
tasks over 50 ms (a ``longtask`` observer), during the bots' turns and in the whole deal's play;
what a level adds is its count less ``easy``'s, which thinks in no time, on the same deals.
``--busy K`` runs K CPU-bound processes beside the browser for the whole run (a busy machine).
``--motion`` plays at the normal pace instead, skipping nothing, and times how long each bot keeps
its card back from when its turn comes up: :data:`BOT_MIN_THINK` when its move was ready in time
(it may have started thinking while the card before it flew, or while you chose yours), longer when
it was not. ``--choose MS`` gives you that long to choose each card (0: at once, as soon as the table
is settled, which leaves the bot no time to think ahead).
Each long task is printed with the phase it began in and, where Chromium has the Long Animation
Frames API, what its frame ran (a timer or a message is a slice of the Python event loop, a pointer
handler your click); ``--trace`` adds which of the session's Python calls ran in it and lists the
longest (:mod:`benchmarks.python_trace`).

    .venv/bin/python benchmarks/bot_ready.py [--levels easy,hard,expert] [--tables greek,sums,pisti4,pisti6]
        [--runs 3] [--first-seed 1] [--turns 8] [--busy 0] [--motion [--choose 0] [--trace]]

Needs ``scripts/setup --test`` (runtime/ and Chromium). Results: docs/performance.md.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.in_chromium import site_and_chromium  # noqa: E402
from benchmarks.long_tasks import SETTLED_JS, play_one  # noqa: E402
from benchmarks.python_trace import calls, calls_in, expose_python, start_trace  # noqa: E402
from kseri.web.pace import BOT_MIN_THINK  # noqa: E402


def _seating(spec: dict[str, object]) -> str:
    return "?rules=" + quote(json.dumps(spec, separators=(",", ":"))) + "&seed={seed}&level={level}"


QUERIES = {"greek": "?seed={seed}&level={level}", "sums": "?rules=sums&seed={seed}&level={level}",
           "pisti4": _seating({"profile": "pisti", "players": 4}),
           "pisti6": _seating({"profile": "pisti", "players": 6})}
"""Each table's page; at four and six seats the three or five bots play one after another in one
``bot`` phase, told apart by the pile's ``data-count``, which every play changes."""

OBSERVE_JS = """() => {
  window.__phases = [[document.body.dataset.phase, performance.now()]];
  new MutationObserver(() => {
    const phase = document.body.dataset.phase, last = window.__phases[window.__phases.length - 1];
    if (phase !== last[0]) window.__phases.push([phase, performance.now()]);
  }).observe(document.body, {attributes: true, attributeFilter: ['data-phase']});
  window.__plays = [];
  let count = document.querySelector('#pile')?.dataset.count;
  new MutationObserver(() => {
    const now = document.querySelector('#pile')?.dataset.count;
    if (now !== count) { count = now; window.__plays.push(performance.now()); }
  }).observe(document.body, {attributes: true, subtree: true, childList: true,
                             attributeFilter: ['data-count']});
  window.__longTasks = [];
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
  }).observe({type: 'longtask'});
}"""


def bot_turns(phases: list[list[object]]) -> list[tuple[float, float]]:
    """The (start, end) of each stretch in the ``bot`` phase that ended, in ms of the page's clock.

    >>> bot_turns([["human", 0.0], ["bot", 10.0], ["human", 300.0], ["bot", 400.0]])
    [(10.0, 300.0)]
    """
    stretches = []
    for (phase, at), (_, after) in itertools.pairwise(phases):
        if phase == "bot":
            stretches.append((float(str(at)), float(str(after))))
    return stretches


def split_turns(stretches: list[tuple[float, float]], plays: list[float]) -> list[tuple[float, float]]:
    """Each bot's turn in the ``bot`` stretches: a stretch in which several bots played one after
    another (more than two seats) is cut at each play but its last (a play ends one bot's turn and
    begins the next one's; the last bot's turn ends with the stretch, as at two seats).

    >>> split_turns([(10.0, 300.0), (400.0, 500.0)], [5.0, 100.0, 180.0, 290.0, 490.0])
    [(10.0, 100.0), (100.0, 180.0), (180.0, 300.0), (400.0, 500.0)]
    """
    turns = []
    for start, end in stretches:
        inside = [at for at in plays if start < at <= end]
        cuts = [start, *inside[:-1], end]
        turns += list(itertools.pairwise(cuts))
    return turns


WAITS_JS = """() => {
  window.__waits = [];
  let since = null;
  new MutationObserver(() => {
    const thinking = !!document.querySelector('#status .dots');
    if (thinking && since === null) since = performance.now();
    if (!thinking && since !== null) { window.__waits.push(performance.now() - since); since = null; }
  }).observe(document.querySelector('#status'), {childList: true, subtree: true});
  window.__longTasks = [];
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
  }).observe({type: 'longtask'});
  window.__frames = [];
  try {  // where the Long Animation Frames API is (Chromium): what each long frame's time went to
    new PerformanceObserver(list => {
      for (const e of list.getEntries()) window.__frames.push({
        start: e.startTime, duration: e.duration, render: e.renderStart ? e.startTime + e.duration - e.renderStart : 0,
        scripts: e.scripts.map(s => [s.invoker, Math.round(s.duration), Math.round(s.startTime - e.startTime)])});
    }).observe({type: 'long-animation-frame'});
  } catch (e) {}
  window.__phases = [[document.body.dataset.phase, performance.now()]];
  new MutationObserver(() => {
    const phase = document.body.dataset.phase, last = window.__phases[window.__phases.length - 1];
    if (phase !== last[0]) window.__phases.push([phase, performance.now()]);
  }).observe(document.body, {attributes: true, attributeFilter: ['data-phase']});
}"""
"""With ``--motion``: each bot's wait, from its turn coming up (the status line says it is thinking)
to its card setting off (the line no longer does); each task over 50 ms (start, length) and the
page's phases (to tell in which one a long task began)."""


def waits_in_motion(browser, base: str, table: str, level: str, seed: int,
                    turns: int, choose_ms: int = 0, trace: bool = False) -> tuple[list[float], list[float]]:
    """Your ``turns`` plays against ``level`` at the normal pace, nothing skipped, each chosen in
    ``choose_ms``: how long each bot turn kept its card back (at least :data:`BOT_MIN_THINK`; longer
    when its search was not done), and every main-thread task over 50 ms in the play. With ``trace``,
    each long task says which of the session's calls ran in it (:mod:`benchmarks.python_trace`)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    try:
        page = context.new_page()
        if trace:
            expose_python(page)
        page.goto(f"{base}/index.html" + QUERIES[table].format(seed=seed, level=level))
        page.wait_for_function("document.body.dataset.ready === 'true'", timeout=180_000)
        if trace:
            start_trace(page)
        page.evaluate(WAITS_JS)
        for _ in range(turns):
            if not play_one(page, skip=False, choose_ms=choose_ms):
                break
        page.wait_for_function(SETTLED_JS, timeout=120_000)
        phases = page.evaluate("window.__phases")
        long = page.evaluate("window.__longTasks")
        frames = page.evaluate("window.__frames")
        traced = calls(page) if trace else []
        for start, duration in long:
            end = start + duration
            print(f"  long task {duration:.0f} ms in phase {phase_at(phases, start)}"
                  f"{frame_text(frames, start, end)}{calls_in(traced, start, end)}", flush=True)
        if trace:
            slowest = sorted(traced, key=lambda call: -call[2])[:5]
            print("  longest traced calls: " + ", ".join(f"{name} {took:.0f} ms" for name, _, took in slowest),
                  flush=True)
        return [float(w) for w in page.evaluate("window.__waits")], [float(d) for _, d in long]
    finally:
        context.close()


def frame_text(frames: list[dict[str, object]], start: float, end: float) -> str:
    """What the long animation frames over ``start``..``end`` spent their time on: each script
    (its invoker: a timer is a slice of the Python event loop, a click a handler) and the
    rendering at the frame's end ("" where the browser has no such API)."""
    parts = []
    for frame in frames:
        at, length = float(frame["start"]), float(frame["duration"])  # type: ignore[arg-type]
        if at < end and start < at + length:
            scripts = ", ".join(f"{name} {ms} ms at +{offset}" for name, ms, offset in frame["scripts"])  # type: ignore[attr-defined]
            parts.append(f"frame {length:.0f} ms: {scripts or 'no script'}; render {float(frame['render']):.0f} ms")  # type: ignore[arg-type]
    return " (" + " | ".join(parts) + ")" if parts else ""


def motion_report(args: argparse.Namespace) -> None:
    """``--motion``: the bots' waits at the normal pace, per table and level."""
    levels, tables = args.levels.split(","), args.tables.split(",")
    waits: dict[tuple[str, str], list[float]] = {(t, lv): [] for t in tables for lv in levels}
    tasks: dict[tuple[str, str], list[float]] = {(t, lv): [] for t in tables for lv in levels}
    loads = [os.getloadavg()[0]]
    with site_and_chromium() as (browser, base):
        for seed in range(args.first_seed, args.first_seed + args.runs):
            for table in tables:
                for level in levels:
                    got, long = waits_in_motion(browser, base, table, level, seed, args.turns, args.choose, args.trace)
                    waits[table, level] += got
                    tasks[table, level] += long
                    loads.append(os.getloadavg()[0])
                    print(f"deal {seed} {table} {level}: {len(got)} bot turns, median wait"
                          f" {statistics.median(got or [0]):.0f} ms, longest {max(got, default=0):.0f} ms,"
                          f" {len(long)} tasks over 50 ms (load {loads[-1]:.1f}); late:"
                          f" {[(turn, round(w)) for turn, w in enumerate(got) if w > BOT_MIN_THINK + ON_PACE_SLACK]}",
                          flush=True)
    on_pace = BOT_MIN_THINK + ON_PACE_SLACK
    print(f"\nload average {min(loads):.1f}-{max(loads):.1f}; a bot's card sets off {BOT_MIN_THINK} ms after"
          f" its turn comes up if its move is ready (counted on pace up to {on_pace} ms)")
    print("table  level    turns  median wait    p90  on pace  longest  tasks>50ms  longest task")
    for (table, level), got in waits.items():
        median, p90, share, longest = spread(got, on_pace)
        long = tasks[table, level]
        print(f"{table:<6} {level:<7} {len(got):>6} {median:>8.0f} ms {p90:>6.0f} ms"
              f" {share:>7.0%} {longest:>6.0f} ms {len(long):>10} {max(long, default=0):>9.0f} ms")


def spread(times: list[float], limit: float) -> tuple[float, float, float, float]:
    """The median, the 90th percentile, the share at or under ``limit`` and the longest of ``times``.

    >>> spread([10.0, 20.0, 700.0], 650)
    (20.0, 700.0, 0.6666666666666666, 700.0)
    """
    ordered = sorted(times) or [0.0]
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return statistics.median(ordered), p90, sum(t <= limit for t in times) / max(1, len(times)), ordered[-1]


ON_PACE_SLACK = 40
"""Milliseconds beyond the pause still counted as on pace: the tasks that draw the status line."""


def phase_at(phases: list[list[object]], at: float) -> str:
    """The page's phase at ``at`` (ms of its clock), as the observer last saw it.

    >>> phase_at([["human", 0.0], ["bot", 10.0]], 12.5)
    'bot'
    """
    current = str(phases[0][0])
    for phase, since in phases:
        if float(str(since)) <= at:
            current = str(phase)
    return current


def one_run(browser, base: str, table: str, level: str, seed: int,
            turns: int) -> tuple[list[float], list[float], list[float]]:
    """Your ``turns`` plays against ``level``: each bot turn's length (ms), the long tasks during
    them, and every long task of the play."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block",
                                  reduced_motion="reduce")
    try:
        page = context.new_page()
        page.goto(f"{base}/index.html" + QUERIES[table].format(seed=seed, level=level))
        page.wait_for_function("document.body.dataset.ready === 'true'", timeout=180_000)
        page.evaluate(OBSERVE_JS)  # after ready: starting Pyodide is one long task by nature
        for _ in range(turns):
            if not play_one(page):
                break
        page.wait_for_function(SETTLED_JS, timeout=120_000)
        stretches = split_turns(bot_turns(page.evaluate("window.__phases")), page.evaluate("window.__plays"))
        phases = page.evaluate("window.__phases")
        every = page.evaluate("window.__longTasks")
        tasks = [duration for start, duration in every if any(a <= start <= b for a, b in stretches)]
        for start, duration in every:
            print(f"  long task {duration:.0f} ms in phase {phase_at(phases, start)}", flush=True)
        return [b - a for a, b in stretches], tasks, [duration for _, duration in every]
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", default="easy,hard,expert")
    parser.add_argument("--tables", default="greek,sums")
    parser.add_argument("--runs", type=int, default=3, help="deals per level and table (seeds first-seed ..)")
    parser.add_argument("--first-seed", type=int, default=1, help="the first deal's seed")
    parser.add_argument("--turns", type=int, default=8, help="your plays per deal")
    parser.add_argument("--busy", type=int, default=0, help="CPU-bound processes beside the browser")
    parser.add_argument("--motion", action="store_true",
                        help="play at the normal pace instead and time how long each bot keeps its card back")
    parser.add_argument("--choose", type=int, default=0, metavar="MS",
                        help="with --motion: the time you take to choose each card once the table is settled")
    parser.add_argument("--trace", action="store_true",
                        help="with --motion: say which Python call of the session each long task ran")
    args = parser.parse_args()
    burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(args.busy)]
    try:
        if args.motion:
            motion_report(args)
        else:
            report(args)
    finally:
        for burner in burners:
            burner.kill()


def report(args: argparse.Namespace) -> None:
    """Run the deals and print each, then the summary."""
    levels, tables = args.levels.split(","), args.tables.split(",")
    turns: dict[tuple[str, str], list[float]] = {(t, lv): [] for t in tables for lv in levels}
    tasks: dict[tuple[str, str], list[float]] = {(t, lv): [] for t in tables for lv in levels}
    everywhere: dict[tuple[str, str], list[float]] = {(t, lv): [] for t in tables for lv in levels}
    loads = [os.getloadavg()[0]]
    with site_and_chromium() as (browser, base):
        for seed in range(args.first_seed, args.first_seed + args.runs):
            for table in tables:
                for level in levels:  # levels side by side on the same deal, in turn
                    times, long, every = one_run(browser, base, table, level, seed, args.turns)
                    turns[table, level] += times
                    tasks[table, level] += long
                    everywhere[table, level] += every
                    loads.append(os.getloadavg()[0])
                    print(f"deal {seed} {table} {level}: bot turns median {statistics.median(times or [0]):.0f} ms,"
                          f" longest {max(times, default=0):.0f} ms, {len(long)} tasks over 50 ms in them,"
                          f" {len(every)} in the deal (load {loads[-1]:.1f})",
                          flush=True)
    print(f"\nload average {min(loads):.1f}-{max(loads):.1f}; the card starts to fly at {BOT_MIN_THINK} ms")
    print("table  level    turns  median    p90  ready by then  tasks>50ms  longest task  in the deals  longest")
    for (table, level), times in turns.items():
        median, p90, ready, _ = spread(times, BOT_MIN_THINK)
        long = tasks[table, level]
        print(f"{table:<6} {level:<7} {len(times):>6} {median:>6.0f} ms {p90:>6.0f} ms"
              f" {ready:>12.0%} {len(long):>11} {max(long, default=0):>9.0f} ms"
              f" {len(everywhere[table, level]):>13} {max(everywhere[table, level], default=0):>6.0f} ms")


if __name__ == "__main__":
    main()
