"""How many distinct deals ``expert``'s decisions deal at the Greek table, and how often the cap.

    python benchmarks/distinct_deals.py --rounds 6 --seed 100

Plays ``--rounds`` rounds of ``medium`` against itself and, at every turn of seat 0 with the stock not
yet empty and more than one kind of card in hand, lets ``expert`` decide and counts the deals its
search dealt (:attr:`~kseri.bots.pile.tree.ExpertParams.deals` at most; past that it replays them).
Prints the median, the share of decisions at the cap and the share that stopped at the pruning's
first look. Not a test: run it by hand (about 20 s a round in CPython 3.11).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Generator
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kseri.bots.pile import tree
from kseri.bots.pile.medium import choose_medium
from kseri.bots.thinking import finish
from kseri.engine.match import Match
from kseri.engine.pile.observation import Observation


def counted_deals(rounds: int, seed: int) -> list[int]:
    """The distinct deals of each of ``expert``'s decisions over ``rounds`` rounds of ``medium`` play."""
    drawn = [0]
    real = tree.draw_sliced

    def counting(*args: Any, **kwargs: Any) -> Generator[int, None, Any]:
        drawn[0] += 1
        return (yield from real(*args, **kwargs))

    tree.draw_sliced = counting  # the search deals each new deal through it (replays do not)
    try:
        counts = []
        rng = random.Random(seed)
        for game in range(rounds):
            state = Match.new(rng=random.Random(seed + game), first_dealer=game % 2).round
            while not state.is_terminal():
                observation = Observation.from_round(state, seat=state.to_move)
                if state.to_move == 0 and observation.stock > 0 and len(set(observation.hand)) > 1:
                    drawn[0] = 0
                    finish(tree.expert_values(observation, random.Random(rng.random()), tree.EXPERT))
                    counts.append(drawn[0])
                state.apply(choose_medium(observation, rng))
        return counts
    finally:
        tree.draw_sliced = real


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seed", type=int, default=100)
    args = parser.parse_args()
    counts = counted_deals(args.rounds, args.seed)
    cap = tree.EXPERT.deals
    first_look = max(tree.EXPERT.hard.prune_after, tree.EXPERT.valued_iterations // tree.EXPERT.prune_share) + 1
    print(f"{len(counts)} decisions: distinct deals median {statistics.median(counts):.0f}; "
          f"at the cap of {cap}: {sum(c >= cap for c in counts) / len(counts):.0%}; "
          f"stopped at the pruning's first look ({first_look}): {counts.count(first_look) / len(counts):.0%}")


if __name__ == "__main__":
    main()
