"""Think time per move of each bot level (not a test: run it by hand).

    python benchmarks/bot_speed.py [--rounds N] [--levels easy,medium,hard] [--slice MS] [--rules RULES] [--freeze]

Plays ``--rounds`` rounds per level, the level against itself from fixed
seeds, and times every decision made in one go (``Thinker.run``), as a
CPython page or the protocol bot would. It also thinks each decision in
slices of ``--slice`` ms (``Thinker.step``), as the page does, and reports
the longest single slice: how long the page could be blocked. ``--freeze``
freezes what is alive before the first move (``gc.freeze``), as the page
does once it has loaded the search, so that the cycle collector's full
collections leave it out (``kseri/web/startup.py``).

Times are wall-clock and, separately, this process's CPU time: on a shared
machine other processes stretch wall-clock times (the CPU column is what the
bot itself costs). The load average is printed when the system has one.

Prints a markdown table. The same file runs under Pyodide
(``benchmarks/bot_speed_pyodide.mjs`` imports it there).
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import platform
import random
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import contextlib

from kseri import Observation, Round
from kseri.bots import LEVELS, Thinker
from kseri.bots.tables import search_modules
from kseri.engine.rules import GREEK, Rules, rules_from_text


def cpu_clock():
    """This process's CPU time in seconds: ``time.process_time``, or under Pyodide in Node
    (where that is the wall clock) Node's ``process.cpuUsage()``."""
    if sys.platform == "emscripten":
        try:
            from js import process  # type: ignore[import-not-found]

            def node_clock() -> float:
                usage = process.cpuUsage()
                return (usage.user + usage.system) / 1e6

            node_clock()
            return node_clock
        except Exception:  # not in Node: no CPU clock
            pass
    return time.process_time


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def measure(level: str, rounds: int, slice_ms: float, seed: int = 0, rules: Rules = GREEK) -> dict[str, float]:
    """Per-move think time (ms, wall and CPU) of ``level`` playing itself, and the longest slice."""
    wall: list[float] = []
    cpu: list[float] = []
    clock = cpu_clock()
    longest = [0.0, 0.0]  # wall, cpu
    where = ""
    for r in range(rounds):
        state = Round.deal(rules, dealer=r % rules.players, rng=random.Random(f"speed:{seed}:{r}"))
        move = 0
        while not state.is_terminal():
            obs = Observation.from_round(state, seat=state.to_move)
            w0, c0 = time.perf_counter(), clock()
            card = Thinker(level, obs, random.Random(f"speed:{seed}:{r}:{move}")).run()
            wall.append((time.perf_counter() - w0) * 1000.0)
            cpu.append((clock() - c0) * 1000.0)
            sliced = Thinker(level, obs, random.Random(f"speed:{seed}:{r}:{move}"))
            while True:
                w0, c0 = time.perf_counter(), clock()
                done = sliced.step(slice_ms)
                slice_wall = (time.perf_counter() - w0) * 1000.0
                if slice_wall > longest[0]:
                    longest[0], where = slice_wall, f"round {r} play {len(state.plays)} unit {sliced.units}"
                longest[1] = max(longest[1], (clock() - c0) * 1000.0)
                if done:
                    break
            assert sliced.choice() == card, "slicing changed the choice"
            state.apply(card)
            move += 1
    return {"moves": len(wall), "median": quantile(wall, 0.5), "p95": quantile(wall, 0.95), "max": max(wall),
            "mean": sum(wall) / len(wall), "cpu_median": quantile(cpu, 0.5), "cpu_p95": quantile(cpu, 0.95),
            "cpu_max": max(cpu), "slice": longest[0], "slice_cpu": longest[1], "slice_where": where}


def table(levels: list[str], rounds: int, slice_ms: float, rules: Rules = GREEK) -> str:
    load = ""
    if hasattr(os, "getloadavg") and sys.platform != "emscripten":
        with contextlib.suppress(OSError):
            load = ", load average before: " + " ".join(f"{x:.2f}" for x in os.getloadavg())
    lines = [f"Think time per move, {platform.python_implementation()} {platform.python_version()} "
             f"({sys.platform}), {rounds} rounds per level (self-play), slices of {slice_ms:g} ms{load}"
             + ("" if rules == GREEK else f", rules {rules.to_spec()}"),
             "",
             "| level | moves | median ms | p95 ms | max ms | mean ms | CPU median / p95 / max ms "
             "| longest slice ms (wall / CPU) |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    longest = []
    for level in levels:
        m = measure(level, rounds, slice_ms, rules=rules)
        longest.append(f"{level}: longest slice at {m['slice_where']}")
        lines.append(f"| {level} | {m['moves']} | {m['median']:.1f} | {m['p95']:.1f} | {m['max']:.1f} | "
                     f"{m['mean']:.1f} | {m['cpu_median']:.1f} / {m['cpu_p95']:.1f} / {m['cpu_max']:.1f} "
                     f"| {m['slice']:.1f} / {m['slice_cpu']:.1f} |")
    if sys.platform == "emscripten":
        lines.append("")
        lines.append("(Under Pyodide, CPU is Node's process.cpuUsage(): every thread of the process.)"
                     if cpu_clock() is not time.process_time else
                     "(In a browser Python has no CPU clock of its own: the CPU columns repeat the wall clock.)")
    return "\n".join([*lines, "", *longest])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--slice", type=float, default=20.0, help="slice length for Thinker.step (ms)")
    parser.add_argument("--rules", default="greek", help="a profile name or a JSON rules object")
    parser.add_argument("--freeze", action="store_true", help="gc.freeze() before the first move, as the page")
    args = parser.parse_args(argv)
    rules = rules_from_text(args.rules)
    if args.freeze:  # as the page's warm-up: the table's search modules loaded, then what is alive frozen
        for name in search_modules(rules.table):
            importlib.import_module(name)
        gc.freeze()
    print(table(args.levels.split(","), args.rounds, args.slice, rules))
    return 0


if __name__ == "__main__":
    sys.exit(main())
