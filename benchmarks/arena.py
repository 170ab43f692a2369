"""The level ladder on duplicate deals (not a test: run it by hand, one process).

    python benchmarks/arena.py [--seed S] [--scale X] [--pairs easy:medium,medium:hard,...] [--json FILE]

Each rung plays the stronger level (A) against the one below (B) on
duplicate deals: every deal twice, seats swapped. The number of deals per
rung is chosen so the 95% interval is narrow enough to exclude zero for the
margins measured so far; ``--scale`` multiplies them. Prints a markdown table.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kseri.bots.arena import run_arena

DEFAULT_RUNGS = (("medium", "easy", 1000), ("hard", "medium", 300), ("hard", "easy", 150))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every rung's number of deals")
    parser.add_argument("--pairs", default=None,
                        help="rungs as A:B[:deals],... (default: medium:easy, hard:medium, hard:easy)")
    parser.add_argument("--json", default=None, help="also write the results to this file")
    args = parser.parse_args(argv)
    rungs = list(DEFAULT_RUNGS)
    if args.pairs:
        rungs = []
        for item in args.pairs.split(","):
            parts = item.split(":")
            rungs.append((parts[0], parts[1], int(parts[2]) if len(parts) > 2 else 200))
    rows = [
        "| A vs B | deals (rounds) | A − B points per round | 95% CI | A think median / p95 ms "
        "| B think median / p95 ms | wall s |",
        "|---|---:|---:|---|---:|---:|---:|",
    ]
    results = []
    print(f"kseri level ladder, duplicate deals, seed {args.seed}", flush=True)
    for a, b, deals in rungs:
        deals = max(1, round(deals * args.scale))
        start = time.perf_counter()
        result = run_arena(a, b, rounds=deals, seed=args.seed)
        wall = time.perf_counter() - start
        p = result.points
        ta, tb = result.think(0), result.think(1)
        rows.append(f"| {a} vs {b} | {deals} ({2 * deals}) | {p.mean:+.2f} | {p.low:+.2f} .. {p.high:+.2f} "
                    f"| {ta['median_ms']:.1f} / {ta['p95_ms']:.1f} | {tb['median_ms']:.1f} / {tb['p95_ms']:.1f} "
                    f"| {wall:.0f} |")
        print(rows[-1], file=sys.stderr, flush=True)  # progress
        results.append(dict(result.to_json(), wall_s=round(wall, 1)))
    print("\n".join(rows))
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
