"""Engine fast-path speed: complete random Greek rounds per second on one core.

Run: ``python benchmarks/engine.py [--rounds N] [--repeats R]``. Prints the
median of R timed batches (each N rounds: deal, 48 random plays, sweep) and,
for comparison, the checked API doing the same work.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kseri import GREEK, Round, score_round
from kseri.engine.playout import random_round


def fast_batch(rounds: int, seed: int) -> float:
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(rounds):
        random_round(GREEK, rng)
    return rounds / (time.perf_counter() - start)


def checked_batch(rounds: int, seed: int) -> float:
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(rounds):
        state = Round.deal(GREEK, 0, rng)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_moves()))
        score_round(state)
    return rounds / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5000)
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    fast = [fast_batch(args.rounds, seed) for seed in range(args.repeats)]
    checked = [checked_batch(args.rounds // 5, seed) for seed in range(args.repeats)]
    print(f"fast path:   median {statistics.median(fast):,.0f} random rounds/s "
          f"(min {min(fast):,.0f}, max {max(fast):,.0f}; {args.repeats} x {args.rounds} rounds)")
    print(f"checked API: median {statistics.median(checked):,.0f} random rounds/s "
          f"(with events and scoring)")


if __name__ == "__main__":
    main()
