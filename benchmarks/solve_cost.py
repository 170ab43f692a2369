"""What solving a two-player last packet exactly costs, against the heuristic's play of the same packet.

    python benchmarks/solve_cost.py --rounds 60 --seed 100

Plays ``--rounds`` rounds of ``medium`` against itself at each table (the Greek game's twelve-card
last packet and the four-card one's eight) and, at the start of every last packet, times the exact
solve (:func:`kseri.bots.pile.endgame.solve`, the way ``hard`` and ``expert`` play it) and the
counting heuristic's play-out of the same packet (:func:`kseri.bots.pile.rollout.playout`, what a
search's play-out costs there). Prints, per table, the median nodes, the median CPU time of each
and the median ratio, position by position. Not a test: run it by hand (a few seconds).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kseri.bots.pile.endgame import is_solvable, solve
from kseri.bots.pile.medium import choose_medium
from kseri.bots.pile.rollout import playout, public_seen
from kseri.engine.match import Match
from kseri.engine.pile.observation import Observation
from kseri.engine.pile.round import Round
from kseri.engine.rules import PROFILES

REPEATS = 20
"""Play-outs timed per position (one is a few microseconds, below the clock's grain)."""


def last_packets(profile: str, rounds: int, seed: int) -> list[Round]:
    """The position at the start of each round's last packet, ``medium`` playing both seats."""
    rng = random.Random(seed)
    found = []
    for game in range(rounds):
        state = Match.new(PROFILES[profile], rng=random.Random(seed + game), first_dealer=game % 2).round
        assert isinstance(state, Round)  # a pile table's round
        while not is_solvable(state):
            state.apply(choose_medium(Observation.from_round(state, seat=state.to_move), rng))
        found.append(state)
    return found


def costs(state: Round) -> tuple[int, float, float]:
    """(nodes, seconds of CPU to solve, seconds of CPU for one heuristic play-out) at ``state``."""
    start = time.process_time()
    nodes = solve(state.clone()).nodes
    solved = time.process_time() - start
    start = time.process_time()
    for _ in range(REPEATS):
        copy = state.clone()
        playout(copy, public_seen(copy))
    played = (time.process_time() - start) / REPEATS
    return nodes, solved, played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--seed", type=int, default=100)
    args = parser.parse_args()
    for profile in ("greek", "fourcard"):
        rows = [costs(state) for state in last_packets(profile, args.rounds, args.seed)]
        nodes = statistics.median(r[0] for r in rows)
        solved = statistics.median(r[1] for r in rows)
        played = statistics.median(r[2] for r in rows)
        ratio = statistics.median(r[1] / r[2] for r in rows)
        print(f"{profile}: {len(rows)} last packets; solve median {nodes:,.0f} nodes, {solved * 1e3:.2f} ms; "
              f"heuristic play-out {played * 1e3:.3f} ms; ratio median {ratio:.0f}x")


if __name__ == "__main__":
    main()
