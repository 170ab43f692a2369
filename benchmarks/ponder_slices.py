"""Thinking ahead while you choose (``GameSession.ponder``): how long its slices take, how many full
collections of the cycle collector fall among them, and how much of the bot's own turn is left.

    python benchmarks/ponder_slices.py [--seeds 0-4] [--level expert] [--rules RULES] [--slice 25] [--ahead 60]
    node benchmarks/ponder_slices_pyodide.mjs [the same options]      (under Pyodide, in Node)

Plays ``--seeds`` rounds (``GameSession.new(seed=…)``), you against the level: at each of your turns
the session works the hint out and thinks ahead for at most ``--ahead`` slices of ``--slice`` ms in all,
as the page does (``--no-hint``: thinks ahead only), then you play your first
legal move (often not the hint's best, so not the decision thought out first); at the bot's turns
it thinks in the same slices. What is alive before the first move is frozen (``gc.freeze``), as
the page does once it has loaded the search. Wall-clock times of this process: run it on a quiet
machine. Results: docs/performance.md.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kseri.bots.tables import search_modules
from kseri.engine.rules import rules_from_spec
from kseri.table.session import GameSession


def spread(name: str, times: list[float]) -> str:
    """One line: how many, the median, the 99th percentile and the longest of ``times`` (ms).

    >>> spread("x", [1.0, 2.0, 30.0])
    'x: 3, median 2.0 ms, p99 30.0 ms, longest 30.0 ms'
    """
    ordered = sorted(times) or [0.0]
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return (f"{name}: {len(times)}, median {statistics.median(ordered):.1f} ms, p99 {p99:.1f} ms,"
            f" longest {ordered[-1]:.1f} ms")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="0-4", help="first-last (the last left out)")
    parser.add_argument("--level", default="expert")
    parser.add_argument("--rules", default="greek", help="a profile or a rules spec in JSON")
    parser.add_argument("--slice", type=float, default=25.0, help="ms a slice (the page's SLICE_MS)")
    parser.add_argument("--ahead", type=int, default=60, help="slices of thinking ahead at each of your turns")
    parser.add_argument("--hint", action=argparse.BooleanOptionalAction, default=True,
                        help="work the hint out first at each of your turns, as the page does")
    parser.add_argument("--longest", type=int, default=5, help="list this many of the longest calls")
    args = parser.parse_args(argv)
    first, last = (int(part) for part in args.seeds.split("-"))
    rules = rules_from_spec(args.rules)
    for name in search_modules(rules.table):
        importlib.import_module(name)
    gc.freeze()
    collections: list[float] = []
    started = [0.0]

    def timed(phase: str, info: dict[str, int]) -> None:
        if info["generation"] == 2:
            if phase == "start":
                started[0] = time.perf_counter()
            else:
                collections.append((time.perf_counter() - started[0]) * 1000)

    gc.callbacks.append(timed)
    hint: list[float] = []
    ahead: list[float] = []
    own: list[float] = []
    plays: list[float] = []
    longest: list[tuple[float, str]] = []
    turns = ready = 0

    def call(kind: str, times: list[float], session: GameSession, work: Callable[[], object]) -> object:
        at = time.perf_counter()
        result = work()
        ms = (time.perf_counter() - at) * 1000
        times.append(ms)
        where = f"seed {seed}, round {len(session.match.rounds)}, play {len(session.round.plays)}"
        longest.append((ms, f"{kind} at {where}"))
        return result

    for seed in range(first, last):
        session = GameSession.new(rules=rules, seed=seed, level=args.level)
        while session.phase in ("human", "bot"):
            if session.phase == "human":
                slices = 0
                while args.hint and slices < args.ahead:
                    slices += 1
                    if call("hint slice", hint, session, partial(session.hint_step, args.slice)):
                        break
                while slices < args.ahead:
                    slices += 1
                    if call("slice ahead", ahead, session, partial(session.ponder, args.slice)):
                        break
                call("your play", plays, session, partial(session.play_human, session.round.legal_moves()[0]))
                continue
            turns += 1
            slices = 0
            while True:
                slices += 1
                if call("bot slice", own, session, partial(session.think, args.slice)):
                    break
            ready += slices == 1 and own[-1] < 1.0
            call("bot's play", plays, session, session.play_bot)
    gc.callbacks.remove(timed)
    print(f"{args.level} at {rules.profile}, {rules.players} seats, seeds {first}-{last - 1},"
          f" slices of {args.slice:g} ms, at most {args.ahead} ahead, Python {sys.version.split()[0]}")
    if args.hint:
        print(spread("slices of the hint", hint))
    print(spread("slices thinking ahead", ahead))
    print(spread("plays (yours and the bot's, once chosen)", plays))
    print(spread("slices in the bot's turns", own))
    print(f"bot turns: {turns}, ready at once (one slice under 1 ms): {ready}")
    print(spread("full collections", collections))
    for ms, what in sorted(longest, reverse=True)[:args.longest]:
        print(f"  {ms:.1f} ms: {what}")


if __name__ == "__main__":
    main()
