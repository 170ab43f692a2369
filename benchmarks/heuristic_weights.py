"""The counting heuristic with other weights against it as it is (not a test: run it by hand).

    python benchmarks/heuristic_weights.py --weights '{"jack_keep_late": 3.0}' --deals 6000
    python benchmarks/heuristic_weights.py --rules fourcard --weights '{"drop_cost": 0.0}'

``medium``'s player (:func:`~kseri.bots.pile.medium.choose_medium`) with the given
:class:`~kseri.bots.pile.heuristic.HeuristicParams` fields changed plays the one with the defaults
on ``--deals`` duplicate deals of ``python -m kseri arena`` at ``--seed`` (each deal twice, seats
swapped), and the mean points a round, new minus default, is printed with its 95% interval. The
two sides break ties between equal cards with their own draws, so even equal weights differ by
noise (about ±0.2 points over 6,000 Greek deals). A few seconds per thousand deals in CPython.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.fit_packet_value import pile_rules
from kseri.bots.arena import Interval, run_arena
from kseri.bots.pile.heuristic import DEFAULT_HEURISTIC, HeuristicParams
from kseri.bots.pile.medium import choose_medium
from kseri.engine.cards import Card
from kseri.engine.pile.observation import Observation


class WeightedMedium:
    """``medium``'s card with these weights (an arena :class:`~kseri.bots.arena.Player`)."""

    def __init__(self, name: str, params: HeuristicParams) -> None:
        self.name = name
        self.params = params

    def play(self, observation: Observation, rng: random.Random) -> Card:
        return choose_medium(observation, rng, self.params)

    def close(self) -> None:
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--weights", required=True, help="a JSON object of HeuristicParams fields")
    parser.add_argument("--rules", default="greek", help="a pile table's profile name or a rules spec in JSON")
    parser.add_argument("--deals", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=77)
    args = parser.parse_args()
    names = {f.name for f in dataclasses.fields(HeuristicParams)}
    try:
        weights: Any = json.loads(args.weights)
    except ValueError as error:
        parser.error(f"--weights: not JSON ({error})")
    if not isinstance(weights, dict) or not set(weights) <= names:
        parser.error(f"--weights: a JSON object of {', '.join(sorted(names))}")
    rules = pile_rules(parser, args.rules)
    new = WeightedMedium("weighted", dataclasses.replace(DEFAULT_HEURISTIC, **weights))
    result = run_arena(new, WeightedMedium("default", DEFAULT_HEURISTIC), rounds=args.deals, seed=args.seed,
                       rules=rules)
    points = Interval.of(result.diffs)
    print(f"{json.dumps(weights)} against the defaults, {rules.profile}, {points.n} deals: "
          f"{points.mean:+.2f} points a round (95% CI {points.low:+.2f} .. {points.high:+.2f})")


if __name__ == "__main__":
    main()
