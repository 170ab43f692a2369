"""Think time per move of each bot level at the sums table (not a test: run it by hand).

    python benchmarks/sums_speed.py [--rounds N] [--levels easy,medium,hard] [--slice MS]

Plays ``--rounds`` sums rounds per level, the level against itself from fixed
seeds, and times every decision made in one go (``SumsThinker.run``), as the
protocol bot would; then thinks the same decision in slices of ``--slice`` ms
(``SumsThinker.step``), as the page does, checks the move is the same, and
reports the longest single slice. Wall-clock and this process's CPU time
(other processes on a shared machine stretch wall-clock times). Prints medians
and 95th percentiles as a markdown table.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import platform
import random
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kseri.bots.names import LEVELS
from kseri.bots.sums.thinker import SumsThinker
from kseri.engine.rules import SUMS
from kseri.engine.sums.observation import SumsObservation
from kseri.engine.sums.round import SumsRound


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def measure(level: str, rounds: int, slice_ms: float, seed: int = 0) -> dict[str, float]:
    """Per-move think time (ms, wall and CPU) of ``level`` playing itself, and the longest slice."""
    wall: list[float] = []
    cpu: list[float] = []
    longest = [0.0, 0.0]
    for r in range(rounds):
        state = SumsRound.deal(SUMS, r % 2, random.Random(f"sums-speed:{seed}:{r}"))
        while not state.is_terminal():
            obs = SumsObservation.from_round(state, seat=state.to_move)
            key = f"sums-speed:{seed}:{r}:{len(state.plays)}"
            w0, c0 = time.perf_counter(), time.process_time()
            move = SumsThinker(level, obs, random.Random(key)).run()
            wall.append((time.perf_counter() - w0) * 1000.0)
            cpu.append((time.process_time() - c0) * 1000.0)
            sliced = SumsThinker(level, obs, random.Random(key))
            while True:
                w0, c0 = time.perf_counter(), time.process_time()
                done = sliced.step(slice_ms)
                longest[0] = max(longest[0], (time.perf_counter() - w0) * 1000.0)
                longest[1] = max(longest[1], (time.process_time() - c0) * 1000.0)
                if done:
                    break
            assert sliced.choice() == move, "slicing changed the choice"
            state.apply(move)
    return {"moves": len(wall), "median": quantile(wall, 0.5), "p95": quantile(wall, 0.95), "max": max(wall),
            "cpu_median": quantile(cpu, 0.5), "cpu_p95": quantile(cpu, 0.95), "cpu_max": max(cpu),
            "slice": longest[0], "slice_cpu": longest[1]}


def table(levels: list[str], rounds: int, slice_ms: float) -> str:
    load = ""
    if hasattr(os, "getloadavg"):
        with contextlib.suppress(OSError):
            load = ", load average before: " + " ".join(f"{x:.2f}" for x in os.getloadavg())
    lines = [f"Sums table think time per move, {platform.python_implementation()} {platform.python_version()}, "
             f"{rounds} rounds per level (self-play), slices of {slice_ms:g} ms{load}", "",
             "| level | moves | median ms | p95 ms | max ms | CPU median / p95 / max ms "
             "| longest slice ms (wall / CPU) |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    for level in levels:
        m = measure(level, rounds, slice_ms)
        lines.append(f"| {level} | {m['moves']:.0f} | {m['median']:.1f} | {m['p95']:.1f} | {m['max']:.1f} "
                     f"| {m['cpu_median']:.1f} / {m['cpu_p95']:.1f} / {m['cpu_max']:.1f} "
                     f"| {m['slice']:.1f} / {m['slice_cpu']:.1f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--slice", type=float, default=20.0, help="slice length for SumsThinker.step (ms)")
    args = parser.parse_args(argv)
    print(table(args.levels.split(","), args.rounds, args.slice))
    return 0


if __name__ == "__main__":
    sys.exit(main())
