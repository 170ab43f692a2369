"""Engine fast-path speed: complete random rounds per second on one core, today's engine
side by side with the engine from before issue #15.

Run: ``python benchmarks/engine.py [--rounds N] [--repeats R] [--no-checked]``
(``node benchmarks/engine_pyodide.mjs`` runs the same under Pyodide in Node).

Each trial times a batch of N rounds of each workload with today's code and with the
frozen copy in ``benchmarks/baseline_round.py``, on the same seeds (so the same
deals and plays), alternating which goes first. Times are this process's CPU time
(``time.process_time``; under Pyodide in Node, ``process.cpuUsage()``), so other
work on the machine stretches them less than the wall clock. Printed: the median
rate of each side over R trials and the median of the per-trial ratios new/baseline.

Workloads (both engines through the same loop, :func:`play_at_random`: one ``apply_index``
call per play, the path the bots' own play-outs take; their policy is not timed):

- ``random rounds``: deal, 48 random plays, the sweep: the #15 measure.
- ``clone + play-out``: clone a dealt round and play it out at random, as search does.

Then, for scale, the checked API doing random rounds with events and scoring.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import baseline_round as baseline

from kseri import GREEK, Round, score_round


def cpu_clock() -> Callable[[], float]:
    """This process's CPU time in seconds: ``time.process_time``, or under Pyodide in Node
    (where that is the wall clock) Node's ``process.cpuUsage()``."""
    if sys.platform == "emscripten":
        try:
            from js import process  # type: ignore[import-not-found]

            def node_clock() -> float:
                usage = process.cpuUsage()
                return float(usage.user + usage.system) / 1e6

            node_clock()
            return node_clock
        except Exception:  # not in Node: no CPU clock
            pass
    return time.process_time


def play_at_random(state: Any, rng: random.Random) -> Any:
    """Uniformly random cards until the round ends, one ``apply_index`` call and one draw per play
    (``hand[int(rng.random() * len(hand))]``): the same loop for today's engine and the frozen one."""
    hands = state.hands
    uniform = rng.random
    apply = state.apply_index
    end = len(state.deck)
    while state.next_card < end or any(hands):
        hand = hands[state.to_move]
        apply(hand[int(uniform() * len(hand))])
    return state


def new_rounds(rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(rounds):
        play_at_random(Round.deal(GREEK, 0, rng), rng)


def old_rounds(rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(rounds):
        play_at_random(baseline.BaselineRound.deal(GREEK, 0, rng), rng)


def new_clones(rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    root = Round.deal(GREEK, 0, rng)
    for _ in range(rounds):
        play_at_random(root.clone(), rng)


def old_clones(rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    root = baseline.BaselineRound.deal(GREEK, 0, rng)
    for _ in range(rounds):
        play_at_random(root.clone(), rng)


WORKLOADS = {
    "random rounds": (new_rounds, old_rounds),
    "clone + play-out": (new_clones, old_clones),
}


def checked_batch(rounds: int, seed: int, clock: Callable[[], float]) -> float:
    rng = random.Random(seed)
    start = clock()
    for _ in range(rounds):
        state = Round.deal(GREEK, 0, rng)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_moves()))
        score_round(state)
    return rounds / (clock() - start)


def side_by_side(rounds: int, repeats: int, names: list[str], clock: Callable[[], float]) -> list[str]:
    """Interleaved trials of each workload; returns the report's lines."""
    lines = []
    for name in names:
        new, old = WORKLOADS[name]
        new(rounds // 10, 99)  # warm up both (imports, caches, the interpreter's specialisation)
        old(rounds // 10, 99)
        rates: dict[str, list[float]] = {"new": [], "old": []}
        ratios = []
        for trial in range(repeats):
            order = [("new", new), ("old", old)] if trial % 2 == 0 else [("old", old), ("new", new)]
            for side, run in order:
                start = clock()
                run(rounds, trial)
                rates[side].append(rounds / (clock() - start))
            ratios.append(rates["new"][-1] / rates["old"][-1])
        new_rate, old_rate = statistics.median(rates["new"]), statistics.median(rates["old"])
        lines.append(f"| {name} | {new_rate:,.0f} | {old_rate:,.0f} | {statistics.median(ratios):.2f}x "
                     f"| {min(ratios):.2f}x .. {max(ratios):.2f}x |")
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3000, help="rounds per batch (default 3000)")
    parser.add_argument("--repeats", type=int, default=9, help="trials per workload (default 9)")
    parser.add_argument("--workloads", default=",".join(WORKLOADS),
                        help=f"comma-separated, of: {', '.join(WORKLOADS)}")
    parser.add_argument("--no-checked", action="store_true", help="skip the checked API's line")
    args = parser.parse_args(argv)
    clock = cpu_clock()
    import platform

    print(f"{platform.python_implementation()} {platform.python_version()} ({sys.platform}); "
          f"{args.repeats} trials x {args.rounds} rounds per side, CPU time, medians")
    print()
    print("| workload | new rounds/s | baseline rounds/s | new / baseline | range of trials |")
    print("|---|---:|---:|---:|---|")
    for line in side_by_side(args.rounds, args.repeats, args.workloads.split(","), clock):
        print(line, flush=True)
    if not args.no_checked:
        checked = [checked_batch(args.rounds // 5, seed, clock) for seed in range(max(1, args.repeats // 2))]
        print()
        print(f"checked API: median {statistics.median(checked):,.0f} random rounds/s (with events and scoring)")


if __name__ == "__main__":
    main()
