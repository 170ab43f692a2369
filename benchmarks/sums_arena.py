"""The sums table's level ladder on duplicate deals, in shards (not a test: run it by hand).

    python benchmarks/sums_arena.py [--seed S] [--pairs medium:easy:400,hard:medium:400] [--shards N]

Each rung plays A against B on duplicate deals of the ``sums`` table (every deal
twice, seats swapped), as ``python -m kseri arena A B --rules sums --rounds N
--seed S`` does; the deals are split into ``--shards`` processes (deals
``0..k-1``, ``k..2k-1``, ... of the same series, ``--first-deal``), so the merged
result is that of the one command. Prints a markdown table: points per round
with the 95% interval, and each side's think time (wall clock, so a busy machine
stretches it; ``benchmarks/sums_speed.py`` measures CPU time).
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kseri.bots.arena import ArenaResult, Interval, run_arena
from kseri.engine.rules import SUMS


def shard(a: str, b: str, deals: int, seed: int, first: int) -> ArenaResult:
    return run_arena(a, b, rounds=deals, seed=seed, rules=SUMS, first=first)


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--pairs", default="medium:easy:400,hard:medium:400", help="rungs as A:B:deals,...")
    parser.add_argument("--shards", type=int, default=2)
    args = parser.parse_args(argv)
    rows = ["| A vs B | deals (rounds) | A − B points per round | 95% CI | A think median / p95 ms "
            "| B think median / p95 ms | wall s |", "|---|---:|---:|---|---:|---:|---:|"]
    print(f"sums table level ladder, duplicate deals, seed {args.seed}", flush=True)
    for item in args.pairs.split(","):
        a, b, count = item.split(":")
        deals = int(count)
        size = -(-deals // args.shards)
        starts = list(range(0, deals, size))
        start = time.perf_counter()
        with ProcessPoolExecutor(max_workers=len(starts)) as pool:
            parts = list(pool.map(shard, [a] * len(starts), [b] * len(starts),
                                  [min(size, deals - s) for s in starts], [args.seed] * len(starts), starts))
        wall = time.perf_counter() - start
        diffs = [d for part in parts for d in part.diffs]
        think = [[t for part in parts for t in part.think_ms[side]] for side in (0, 1)]
        p = Interval.of(diffs)
        rows.append(f"| {a} vs {b} | {deals} ({2 * deals}) | {p.mean:+.2f} | {p.low:+.2f} .. {p.high:+.2f} "
                    f"| {quantile(think[0], 0.5):.1f} / {quantile(think[0], 0.95):.1f} "
                    f"| {quantile(think[1], 0.5):.1f} / {quantile(think[1], 0.95):.1f} | {wall:.0f} |")
        print(rows[-1], file=sys.stderr, flush=True)  # progress
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
