"""The hard bot's think time, old code against new, side by side in one run (not a test).

    python benchmarks/search_speed.py [--base REV] [--rounds N] [--trials T] [--rules RULES]

Extracts the ``kseri`` package of ``--base`` (default: where this branch left ``main``,
``git merge-base HEAD main``) into a temporary folder with ``git archive``, then times the same
decisions with both: the hard bot playing itself for ``--rounds`` seeded rounds (the deals and
generators of ``benchmarks/bot_speed.py``), every decision thought in one go (``Thinker.run``).
Each side runs in its own process (both packages are called ``kseri``), one after the other,
``--trials`` times alternately, so that the load of a shared machine falls on both alike; a
decision's time is its fastest trial. Times are CPU time (``time.process_time``) of the
thinking process.

It checks that both sides choose the same card with the same values (exactly, as floats) at every
decision, and prints the median, p95 and max per decision of each side and the ratios.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def worker(root: str, rules_text: str, rounds: int, seed: int) -> None:
    """In a child process: import ``kseri`` from ``root``, think every decision, print JSON."""
    sys.path.insert(0, root)
    from kseri.bots import Thinker
    from kseri.engine.pile.observation import Observation
    from kseri.engine.pile.round import Round
    from kseri.engine.rules import rules_from_text

    rules = rules_from_text(rules_text)
    out: list[list[Any]] = []
    for r in range(rounds):
        state = Round.deal(rules, dealer=r % rules.players, rng=random.Random(f"speed:{seed}:{r}"))
        move = 0
        while not state.is_terminal():
            obs = Observation.from_round(state, seat=state.to_move)
            thinker = Thinker("hard", obs, random.Random(f"speed:{seed}:{r}:{move}"))
            c0 = time.process_time()
            card = thinker.run()
            cpu = time.process_time() - c0
            values = thinker.values() or {}
            out.append([card.index, [[c, v.hex()] for c, v in values.items()], cpu])
            state.apply_index(card.index)
            move += 1
    print(json.dumps(out))


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def extract(rev: str, into: Path) -> None:
    """The ``kseri`` package of ``rev`` into ``into`` (``git archive``)."""
    data = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "kseri"], check=True,
                          capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(into, filter="data")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default=None, help="the old code's revision (default: merge-base with main)")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--trials", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rules", default="greek")
    parser.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker(args.worker, args.rules, args.rounds, args.seed)
        return 0
    base = args.base or subprocess.run(["git", "-C", str(ROOT), "merge-base", "HEAD", "main"], check=True,
                                       capture_output=True, text=True).stdout.strip()
    load = ""
    if hasattr(os, "getloadavg"):
        with contextlib.suppress(OSError):
            load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    with tempfile.TemporaryDirectory() as tmp:
        extract(base, Path(tmp))
        sides = {"old": tmp, "new": str(ROOT)}
        runs: dict[str, list[list[list[Any]]]] = {"old": [], "new": []}
        for trial in range(args.trials):
            for name in (("old", "new") if trial % 2 == 0 else ("new", "old")):
                child = subprocess.run([sys.executable, __file__, "--worker", sides[name], "--rules", args.rules,
                                        "--rounds", str(args.rounds), "--seed", str(args.seed)],
                                       check=True, capture_output=True, text=True)
                runs[name].append(json.loads(child.stdout))
    first = runs["old"][0]
    for name, trials in runs.items():
        for t in trials:
            moves = [[card, values] for card, values, _ in t]
            if moves != [[card, values] for card, values, _ in first]:
                diff = next(i for i, (a, b) in enumerate(zip(moves, first, strict=False)) if a != b[:2])
                print(f"DIFFERENT DECISIONS: {name} differs from old at decision {diff}")
                return 1
    times = {name: [min(t[i][2] for t in trials) * 1000.0 for i in range(len(first))]
             for name, trials in runs.items()}
    ratio = [o / n for o, n in zip(times["old"], times["new"], strict=True) if n > 0]
    after = ""
    if hasattr(os, "getloadavg"):
        with contextlib.suppress(OSError):
            after = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"hard bot, {args.rules}, {args.rounds} rounds of self-play ({len(first)} decisions, the same card and "
          f"values on both sides at every one), best of {args.trials} trials a side, CPU ms per decision; "
          f"old = {base[:10]}; load average before {load}, after {after}")
    print()
    print("| code | median | p95 | max | total |")
    print("|---|---:|---:|---:|---:|")
    for name in ("old", "new"):
        t = times[name]
        print(f"| {name} | {quantile(t, 0.5):.2f} | {quantile(t, 0.95):.1f} | {max(t):.1f} | {sum(t):.0f} |")
    o, n = times["old"], times["new"]
    print(f"| old / new | {quantile(o, 0.5) / quantile(n, 0.5):.2f}x | {quantile(o, 0.95) / quantile(n, 0.95):.2f}x "
          f"| {max(o) / max(n):.2f}x | {sum(o) / sum(n):.2f}x |")
    print()
    print(f"per decision, old / new: median {quantile(ratio, 0.5):.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
